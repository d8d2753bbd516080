"""rouge155 --format html, rouge155-report, rouge155-compare, rouge155-correlate: numbers read back from the
HTML equal the JSON's, the tools' outputs and error paths, re-running variants through the API."""
import json
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from rouge155 import analysis

from devkit.difftools import REPO, working_dir
from support.cli import run_in_process

SAMPLE = REPO / "sample-test"
ARGS = ["-e", str(REPO / "data"), "-c", "95", "-2", "4", "-u", "-r", "200", "-n", "2", "-w", "1.2", "-a", "-m",
        "rouge155-isi.xml"]
BIN = Path(sys.executable).parent
HUMAN = "system,document,coverage,fluency\n" + "".join(
    f"{s},{d},{c},{f}\n" for s, d, c, f in [("S1", "T01", 0.5, 3), ("S1", "T02", 0.3, 4), ("S2", "T01", 0.6, 2),
                                             ("S2", "T02", 0.35, 5), ("S3", "T01", 0.2, 4), ("S3", "T02", 0.1, 3)])


def sample_output(args, fmt):
    """The output of a successful ``rouge155 ARGS`` in sample-test/ in format ``fmt`` (or "precise" JSON)."""
    extras = {"output_format": "json", "precise": True} if fmt == "precise" else {"output_format": fmt}
    status, out, err = run_in_process(args, SAMPLE, **extras)
    assert status == 0, err
    return out.decode("ascii")


class _Cells(HTMLParser):
    """Every <td data-value> with its attributes, its row's attributes and the enclosing table's;
    and the rows of the per-document tables (plain cells: the exact value only where the text does
    not give it back)."""

    def __init__(self):
        super().__init__()
        self.table, self.row, self.cells, self.svgs, self._cell = {}, {}, [], [], None
        self.instance_rows, self._tds = [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.table = attrs
        elif tag == "tr":
            self.row = attrs
            self._tds = [] if self.table.get("class") == "instances" else None
        elif tag == "td":
            self._cell = {"table": self.table, "row": self.row, **attrs, "text": ""}
        elif tag == "svg":
            self.svgs.append(attrs.get("class"))

    def handle_data(self, data):
        if self._cell is not None:
            self._cell["text"] += data

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            if self._tds is not None:
                self._tds.append(self._cell)
            elif "data-value" in self._cell:
                self.cells.append(self._cell)
            self._cell = None
        elif tag == "tr" and self._tds:
            self.instance_rows.append((self.table.get("data-metric"), self._tds))


def _parse(page):
    p = _Cells()
    p.feed(page)
    return p


@pytest.fixture(scope="module")
def sample_json(tmp_path_factory):
    path = tmp_path_factory.mktemp("analysis") / "isi.json"
    path.write_text(sample_output(ARGS, "json"))
    return path


@pytest.mark.parametrize("extra, fmt", [([], "json"), (["-t", "2"], "json"), (["-d", "-f", "B"], "precise")])
def test_html_numbers_equal_the_json(extra, fmt):
    args = ARGS[:-1] + extra + ARGS[-1:]
    doc = json.loads(sample_output(args, fmt))
    page = sample_output(args, "html") if fmt == "json" else analysis.render_html(analysis.from_document(doc))
    assert page.isascii() and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "<script" not in page and "https://" not in page
    parsed = _parse(page)
    averages = {}
    instances = {}
    totals = {}
    for c in parsed.cells:
        value = float(c["data-value"])
        digits = 0 if "data-count" in c else 5
        assert c["text"] == f"{value:.{digits}f}"  # the text shows the exact value rounded
        kind, metric, system = c["table"].get("class"), c["table"].get("data-metric"), c["row"].get("data-system")
        if kind == "averages":
            averages[(system, metric, c["data-measure"], c["data-stat"])] = value
        elif kind == "totals":
            totals[(system, metric, c["data-count"])] = value
    for metric, tds in parsed.instance_rows:
        system, eval_id, *numbers = tds
        for c, measure, digits in zip(numbers, ("recall", "precision", "f_score", "model_count", "peer_count", "hit"),
                                      (5, 5, 5, 0, 0, 0)):
            value = float(c.get("data-value", c["text"]))
            assert c["text"] == f"{value:.{digits}f}"
            instances[(system["text"], metric, eval_id["text"], measure)] = value
    want_avg, want_inst, want_tot = {}, {}, {}
    for m in doc["metrics"]:
        for measure in ("recall", "precision", "f_score"):
            if "recall" in m["average"]:
                for stat in ("mean", "low", "high"):
                    want_avg[(m["system"], m["metric"], measure, stat)] = m["average"][measure][stat]
        for i in m["instances"]:
            for k in ("recall", "precision", "f_score", "model_count", "peer_count", "hit"):
                want_inst[(m["system"], m["metric"], i["eval_id"], k)] = i[k]
        if "hit" in m["average"]:
            for k in ("model_count", "peer_count", "hit"):
                want_tot[(m["system"], m["metric"], k)] = m["average"][k]
    assert averages == want_avg and instances == want_inst and totals == want_tot
    assert len(want_inst) > 0 and (want_avg or want_tot)
    metrics = {m["metric"] for m in doc["metrics"]}
    assert parsed.svgs.count("chart-distribution") == len(metrics)
    assert parsed.svgs.count("chart-intervals") == (0 if "-t" in extra else len(metrics))
    flags = {(): "-n 2 -w 1.2 -2 4 -u -m -r 200 -c 95", ("-t", "2"): "-n 2 -w 1.2 -2 4 -u -m -t 2 -r 200 -c 95",
             ("-d", "-f", "B"): "-n 2 -w 1.2 -2 4 -u -m -f B -r 200 -c 95 -d"}[tuple(extra)]
    assert f"<th>flags</th><td>{flags}</td>" in page  # the run's settings


def _tool(name, *args, cwd=None):
    proc = subprocess.run([str(BIN / name), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def test_report_of_json_equals_format_html(sample_json, tmp_path):
    out = tmp_path / "r.html"
    status, _, err = _tool("rouge155-report", sample_json, "-o", out)
    assert status == 0, err
    doc = json.loads(sample_json.read_text())
    from rouge155.analysis.html_report import html_for_results

    source = f"<tr><th>source</th><td>{sample_json}</td></tr>"
    # the page's title names its input (rouge155 --format html: the config; the report: the JSON files)
    assert out.read_text().replace(source, "") == html_for_results(doc, f"rouge155 report: {sample_json.name}")


def test_compare_text_json_html(sample_json, tmp_path):
    status, text, err = _tool("rouge155-compare", sample_json, "--measure", "all", "--resamples", "500")
    assert status == 0, err
    assert "ROUGE-2 F (f_score)" in text and "S1 ~ S2" in text
    status, js, err = _tool("rouge155-compare", sample_json, "--format", "json", "--seed", "3")
    assert status == 0, err
    doc = json.loads(js)
    assert doc["correction"] == "bonferroni" and len(doc["tests"]) == 3 * 5  # 3 pairs x 5 metrics
    assert _tool("rouge155-compare", sample_json, "--format", "json", "--seed", "3")[1] == js  # seeded
    cmp_path = tmp_path / "cmp.json"
    cmp_path.write_text(js)
    status, _, err = _tool("rouge155-report", sample_json, "--compare", cmp_path, "-o", tmp_path / "r.html")
    assert status == 0, err
    page = (tmp_path / "r.html").read_text()
    parsed = _parse(page)
    assert parsed.svgs.count("chart-wins") == 5
    for t in doc["tests"]:
        p = t["p_permutation_adjusted"]
        shown = "<0.0001" if p < 1e-4 else f"{p:.4f}"
        assert f"{t['verdict']}, p = {shown}".replace("<", "&lt;").replace(">", "&gt;") in page


def test_combined_runs(sample_json, tmp_path):
    doc = json.loads(sample_json.read_text())
    a, b = dict(doc), dict(doc)
    a["metrics"] = [m for m in doc["metrics"] if m["system"] == "S1"]
    b["metrics"] = [m for m in doc["metrics"] if m["system"] != "S1"]
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "b.json").write_text(json.dumps(b))
    one = _tool("rouge155-compare", sample_json, "--format", "json")[1]
    two = _tool("rouge155-compare", tmp_path / "a.json", tmp_path / "b.json", "--format", "json")[1]
    assert json.loads(one)["tests"] == json.loads(two)["tests"]
    status, _, err = _tool("rouge155-compare", sample_json, sample_json)
    assert status == 1 and err.count("\n") == 1 and "in two of the runs" in err


def test_correlate_outputs(sample_json, tmp_path):
    human = tmp_path / "h.csv"
    human.write_text(HUMAN)
    status, text, err = _tool("rouge155-correlate", "--human", human, sample_json, "--resamples", "300")
    assert status == 0, err
    assert "coverage: system level (3 systems, 2 documents)" in text and "fluency: summary level" in text
    jsonl = tmp_path / "h.jsonl"
    jsonl.write_text("".join(json.dumps({"system": s, "document": d, "coverage": float(c), "fluency": float(f)}) + "\n"
                             for s, d, c, f in (line.split(",") for line in HUMAN.splitlines()[1:])))
    status, js, err = _tool("rouge155-correlate", "--human", human, sample_json, "--format", "json",
                            "--sample-size", "1")
    assert status == 0, err
    assert _tool("rouge155-correlate", "--human", jsonl, sample_json, "--format", "json", "--sample-size", "1")[1] == js
    doc = json.loads(js)
    assert {r["sample_size"] for r in doc["rows"]} == {None, 1}
    (tmp_path / "c.json").write_text(js)
    status, _, err = _tool("rouge155-report", sample_json, "--correlation", tmp_path / "c.json",
                           "-o", tmp_path / "r.html")
    assert status == 0, err
    parsed = _parse((tmp_path / "r.html").read_text())
    assert parsed.svgs.count("chart-correlation") == 4  # 2 columns x 2 levels
    rows = [c for c in parsed.cells if c["table"].get("class") == "correlation"]
    values = [float("nan") if r[k] is None else r[k] for r in doc["rows"] for k in ("value", "low", "high")]
    assert any(r["value"] is None for r in doc["rows"])  # fluency: every system mean is 3.5, no correlation: null
    def key(v):
        return (v != v, 0.0 if v != v else v)  # NaN last

    assert sorted((float(c["data-value"]) for c in rows), key=key) == pytest.approx(sorted(values, key=key), rel=0,
                                                                                    abs=0, nan_ok=True)


def test_correlate_rerun_variants(tmp_path):
    """--stem/--stopwords/--references score the config again: each variant's scores are what rouge155
    prints for those flags (k = all references: the plain run; k = 1: the mean of the single-reference runs)."""
    human = tmp_path / "h.csv"
    human.write_text(HUMAN)
    from rouge155.analysis.correlate import rerun_variants
    from rouge155.inputs.config import read_xml_config
    from rouge155.base.options import Options

    with working_dir(str(SAMPLE)):
        cfg = read_xml_config("rouge155-see.xml")
        base = Options(ngram="2", no_lcs=True)
        runs, notes = rerun_variants(cfg, base, ["S1", "S2"], stem=[False, True], references=[1, 4])
        assert list(runs) == ["no -m, 1 ref", "no -m, 4 refs", "-m, 1 ref", "-m, 4 refs"]
        assert notes == ["no -m, 4 refs: documents with too few references left out: T01, T02",
                         "-m, 4 refs: documents with too few references left out: T01, T02"]
        plain = json.loads(sample_output(["-e", str(REPO / "data"), "-n", "2", "-x", "-m", "-a", "rouge155-see.xml"],
                                         "json"))
        four = runs["-m, 4 refs"]
        for m in plain["metrics"]:
            if m["system"] in ("S1", "S2"):
                got = four.get(m["metric"], m["system"])
                t03 = [i for i in m["instances"] if i["eval_id"] == "T03"][0]
                assert got.eval_ids == ("T03",)
                assert abs(got.scores["recall"][0] - t03["recall"]) <= 5e-6
        # k = 1: per document, the mean over its references of the single-reference score.
        from dataclasses import replace

        from rouge155.api import iter_results
        one = runs["no -m, 1 ref"].get("ROUGE-1", "S1")
        ev = cfg.evaluations[0]
        singles = []
        for mid in ev.model_ids:
            sub = replace(cfg, evaluations=[replace(ev, model_ids=[mid])])
            r = list(iter_results(sub, Options(ngram="2", no_lcs=True, resamples="1"), ["S1"]))[0]
            model_count, hit = r.counts[0][:2]
            singles.append(hit / model_count)  # unrounded, as the variants keep them
        assert one.scores["recall"][0] == pytest.approx(np.mean(singles), abs=1e-12)
    status, text, err = _tool("rouge155-correlate", "--human", human, "--config", "rouge155-see.xml", "--rouge-args",
                              f"-e {REPO / 'data'} -n 2 -x", "--stopwords", "both", "--references", "jackknife",
                              "--resamples", "100", cwd=SAMPLE)
    assert status == 0, err
    assert "no -s, jackknife" in text and "-s, jackknife" in text


@pytest.mark.parametrize("human, args, message", [
    ("system,document,q\nS1,T01,1\nS9,T01,2\n", [], "human scores name system S9, which is not in the ROUGE results"),
    ("system,document,q\nS1,T01,1\nS3,T03,2\nS1,T03,1\nS3,T01,2\n", [],
     "human scores name document T03 for system S3, which has no ROUGE-1 score"),
    ("system,document,q\nS1,T01,1\nS2,T01,high\n", [], "h.csv:3: q is 'high', not a number"),
    ("system,document,q\nS1,T01,1\nS1,T02,2\n", [], ("correlation needs at least two systems; the human scores have "
                                                     "one (S1)")),
    ("system,document,q\nS1,T01,1\nS2,T02,2\n", [], "no human score for system S1 on document T02"),
    ("system,doc,q\nS1,T01,1\n", [], "no 'document' column"),
    ("system,document,q\nS1,T01,1\nS2,T01,2\n", ["--stem", "both"], "need --config"),
    ("system,document,q\nS1,T01,1\nS2,T01,2\n", ["--sample-size", "5"], "--sample-size 5: not between 1 and the 1"),
])
def test_correlate_errors(sample_json, tmp_path, human, args, message):
    path = tmp_path / "h.csv"
    path.write_text(human)
    status, out, err = _tool("rouge155-correlate", "--human", path, sample_json, *args)
    assert status == (2 if "--sample-size" in args else 1) and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_single_system_and_bad_input_errors(sample_json, tmp_path):
    doc = json.loads(sample_json.read_text())
    doc["metrics"] = [m for m in doc["metrics"] if m["system"] == "S1"]
    one = tmp_path / "one.json"
    one.write_text(json.dumps(doc))
    for tool in ("rouge155-compare", "rouge155-report"):
        extra = ["--significance"] if tool == "rouge155-report" else []
        status, _, err = _tool(tool, one, *extra)
        assert status == 1 and err.strip() == f"{tool}: comparing needs at least two systems; the results have 1 (S1)"
    (tmp_path / "bad.json").write_text("{not json")
    for tool in ("rouge155-compare", "rouge155-report"):
        status, _, err = _tool(tool, tmp_path / "bad.json")
        assert status == 1 and err.count("\n") == 1 and "not JSON" in err
        status, _, err = _tool(tool, tmp_path / "missing.json")
        assert status == 1 and err.count("\n") == 1 and "cannot read" in err
    status, _, err = _tool("rouge155-compare", sample_json, "--metric", "ROUGE-9")
    assert status == 1 and "metric ROUGE-9 is not in the results" in err


def test_api_on_results():
    """The same objects from the Python API: evaluate() -> Run -> compare / correlate / render_html."""
    from rouge155 import evaluate

    result = evaluate(peers={"a": {"d1": "the cat sat", "d2": "a dog ran"}, "b": {"d1": "cat", "d2": "dog ran off"}},
                      models={"d1": ["the cat sat on the mat"], "d2": ["the dog ran"]}, ngram=1, resamples=10)
    r = analysis.from_result(result)
    assert r.systems == ["a", "b"] and r.metrics == ["ROUGE-1", "ROUGE-L"]
    assert analysis.compare(r).tests[0].n == 2
    page = analysis.render_html(r, analysis.compare(r))
    assert "chart-intervals" in page and "chart-wins" in page


def test_flags_row_shows_zero_valued_settings():
    """-2 0 and -t 0 are settings the user gave: the report's flags row shows them (0 is not False)."""
    from rouge155.analysis.results import perl_flags
    assert perl_flags({"ngram": 2, "skip_distance": 0, "token_mode": 0}) == "-n 2 -2 0 -t 0"
    assert perl_flags({"stem": True, "no_lcs": False, "weight": None}) == "-m"


def test_jackknife_scores_a_human_against_the_other_references(tmp_path):
    """A peer whose text is one of the references (a human judged as a peer) is scored, under
    --references jackknife, against the other M - 1 only (the release's procedure); a system averages
    over every M - 1 subset."""
    from dataclasses import replace

    from rouge155.analysis.correlate import rerun_variants
    from rouge155.api import iter_results
    from rouge155.base.options import Options
    from rouge155.inputs.config import EvalConfig, Evaluation

    texts = {"a": "the cat sat on the mat\n", "b": "a cat was on a mat\n", "c": "the dog sat on the rug\n",
             "s": "the cat sat on a rug\n"}
    paths = {}
    for name, text in texts.items():
        paths[name] = str(tmp_path / f"{name}.spl")
        (tmp_path / f"{name}.spl").write_text(text)
    ev = Evaluation.listed("d1", "SPL", {"H": paths["a"], "S": paths["s"]}, [paths["a"], paths["b"], paths["c"]])
    cfg = EvalConfig([ev], ["H", "S"])
    options = Options(ngram="1", no_lcs=True)
    runs, notes = rerun_variants(cfg, options, ["H", "S"], references=["jackknife"], data_dir=str(REPO / "data"))
    assert notes == ["jackknife: scored against the references other than their own text: H"]

    def recall(models, system):
        sub = EvalConfig([replace(ev, model_ids=models)], ["H", "S"])
        r = list(iter_results(sub, replace(options, resamples="1"), [system], data_dir=str(REPO / "data")))[0]
        model_count, hit = r.counts[0][:2]
        return hit / model_count

    run = runs["jackknife"]
    assert run.get("ROUGE-1", "H").scores["recall"][0] == pytest.approx(recall(["M.2", "M.3"], "H"), abs=1e-12)
    subsets = (["M.2", "M.3"], ["M.1", "M.3"], ["M.1", "M.2"])
    expected = np.mean([recall(m, "S") for m in subsets])
    assert run.get("ROUGE-1", "S").scores["recall"][0] == pytest.approx(expected, abs=1e-12)
