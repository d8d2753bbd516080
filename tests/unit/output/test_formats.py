"""--format json|csv: schema-checked, and the same numbers as the text report."""
import csv
import io
import json
import re

import pytest


from devkit.difftools import REPO
from support.cli import run_in_process

jsonschema = pytest.importorskip("jsonschema")
SCHEMA = json.loads((REPO / "schema" / "rouge155-result.schema.json").read_text())
ARGS = ["-e", str(REPO / "data"), "-c", "95", "-2", "4", "-u", "-r", "100", "-n", "2", "-w", "1.2", "-a", "-m"]
CONFIG = ["rouge155-isi.xml"]


def sample_stdout(args, **extras):
    """The output of a successful ``rouge155 ARGS`` in sample-test/, run in this process."""
    status, out, err = run_in_process(args, REPO / "sample-test", **extras)
    assert status == 0, err
    return out.decode()


@pytest.mark.parametrize("precise", [False, True])
@pytest.mark.parametrize("extra", [[], ["-t", "1"], ["-t", "2"], ["-d", "-f", "B"]])
def test_json_matches_schema_and_text(precise, extra):
    doc = json.loads(sample_stdout(ARGS + extra + CONFIG, output_format="json", precise=precise))
    jsonschema.validate(doc, SCHEMA)
    text = sample_stdout(ARGS + extra + CONFIG)
    if "-t" in extra and extra[1] == "2":
        counts = re.findall(r"^(\S+) (\S+) M_count: (\d+) P_count: (\d+) H_count: (\d+)$", text, re.M)
        got = [(m["system"], m["metric"], *(str(int(m["average"][k])) for k in ("model_count", "peer_count", "hit")))
               for m in doc["metrics"]]
        assert got == [tuple(c) for c in counts]
        return
    lines = re.findall(r"^(\S+) (\S+) Average_(\w): (\S+) \(95%-conf.int. (\S+) - (\S+)\)$", text, re.M)
    name = {"R": "recall", "P": "precision", "F": "f_score"}
    by_key = {(m["system"], m["metric"]): m for m in doc["metrics"]}
    assert len(lines) == 3 * len(doc["metrics"]) > 0
    for system, metric, which, mean, low, high in lines:
        avg = by_key[(system, metric)]["average"][name[which]]
        for value, shown in ((avg["mean"], mean), (avg["low"], low), (avg["high"], high)):
            if precise:
                assert abs(value - float(shown)) <= 5e-6 + 1e-12
            else:
                assert value == float(shown)


def test_csv_rows():
    rows = list(csv.DictReader(io.StringIO(sample_stdout(ARGS + CONFIG, output_format="csv"))))
    averages = [r for r in rows if r["scope"] == "average"]
    instances = [r for r in rows if r["scope"] == "instance"]
    assert len(averages) == 3 * 5  # 3 systems x (ROUGE-1, ROUGE-2, ROUGE-L, ROUGE-W-1.2, ROUGE-SU4)
    assert len(instances) == 5 * (3 + 3 + 2)  # S3 has no summary for T03
    doc = json.loads(sample_stdout(ARGS + CONFIG, output_format="json"))
    first = doc["metrics"][0]
    assert float(averages[0]["recall"]) == first["average"]["recall"]["mean"]


def test_settings_hold_numbers_as_numbers():
    """The number the run used (the Perl's reading of the text), the text as typed where it differs."""
    doc = json.loads(sample_stdout(["-e", str(REPO / "data"), "-n", "2abc", "-w", "1.20", "-2", "4", "-u", "-c", "95.0",
                           "-r", "10", "-l", "100", "-p", "0.5", "-f", "B", "-m", "-a"] + CONFIG, output_format="json"))
    jsonschema.validate(doc, SCHEMA)
    assert doc["settings"] == {"ngram": 2, "weight": 1.2, "skip_distance": 4, "skip_unigrams": True, "stem": True,
                               "word_limit": 100, "score_formula": "B", "alpha": 0.5, "resamples": 10,
                               "confidence": 95.0}
    assert doc["settings_as_typed"] == {"ngram": "2abc", "weight": "1.20", "confidence": "95.0"}
    assert any(m["metric"] == "ROUGE-W-1.20" for m in doc["metrics"])
    plain = json.loads(sample_stdout(ARGS + CONFIG, output_format="json"))
    assert "settings_as_typed" not in plain and plain["settings"]["ngram"] == 2
    jsonschema.validate(plain, SCHEMA)


def test_settings_not_finite_are_perls_text():
    doc = json.loads(sample_stdout(["-e", str(REPO / "data"), "-2", "inf", "-n", "1", "-r", "5", "-a"] + CONFIG,
                          output_format="json"))
    jsonschema.validate(doc, SCHEMA)
    assert doc["settings"]["skip_distance"] == "Inf" and doc["settings_as_typed"]["skip_distance"] == "inf"


def test_settings_read_back_new_and_old_documents():
    from rouge155.analysis.results import from_document, perl_flags

    doc = json.loads(sample_stdout(ARGS + CONFIG, output_format="json"))
    new = from_document(doc).settings[0]["options"]
    doc["settings"] = {k: (v if isinstance(v, bool) else str(v)) for k, v in doc["settings"].items()}
    old = from_document(doc).settings[0]["options"]  # as versions before wrote it: "ngram": "2"
    assert new == old and new["ngram"] == 2 and new["weight"] == 1.2
    assert perl_flags(new) == "-n 2 -w 1.2 -2 4 -u -m -r 100 -c 95"
    doc["settings"] = [1, 2]
    from rouge155.base.errors import RougeError

    with pytest.raises(RougeError, match=r"settings is \[1, 2\], not an object"):
        from_document(doc)
