"""--format json|csv: schema-checked, and the same numbers as the text report."""
import csv
import io
import json
import re

import pytest

from rouge155.cli.main import Extras, run

from devkit.difftools import REPO, working_dir

jsonschema = pytest.importorskip("jsonschema")
SCHEMA = json.loads((REPO / "schema" / "rouge155-result.schema.json").read_text())
ARGS = ["-e", str(REPO / "data"), "-c", "95", "-2", "4", "-u", "-r", "100", "-n", "2", "-w", "1.2", "-a", "-m"]
CONFIG = ["rouge155-isi.xml"]


def _run(args, **extras):
    out, err = io.BytesIO(), io.BytesIO()
    with working_dir(str(REPO / "sample-test")):
        status = run(args, stdout=out, stderr=err, extras=Extras(**extras))
    assert status == 0, err.getvalue()
    return out.getvalue().decode()


@pytest.mark.parametrize("precise", [False, True])
@pytest.mark.parametrize("extra", [[], ["-t", "1"], ["-t", "2"], ["-d", "-f", "B"]])
def test_json_matches_schema_and_text(precise, extra):
    doc = json.loads(_run(ARGS + extra + CONFIG, output_format="json", precise=precise))
    jsonschema.validate(doc, SCHEMA)
    text = _run(ARGS + extra + CONFIG)
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
    rows = list(csv.DictReader(io.StringIO(_run(ARGS + CONFIG, output_format="csv"))))
    averages = [r for r in rows if r["scope"] == "average"]
    instances = [r for r in rows if r["scope"] == "instance"]
    assert len(averages) == 3 * 5  # 3 systems x (ROUGE-1, ROUGE-2, ROUGE-L, ROUGE-W-1.2, ROUGE-SU4)
    assert len(instances) == 5 * (3 + 3 + 2)  # S3 has no summary for T03
    doc = json.loads(_run(ARGS + CONFIG, output_format="json"))
    first = doc["metrics"][0]
    assert float(averages[0]["recall"]) == first["average"]["recall"]["mean"]
