"""Issue 20, items 1-2: result, comparison and correlation files are shared, so the analysis tools treat them
as hostile. Every string that reaches a page is escaped (the pages are parsed: no script element, no
event attribute, no javascript: URL, only the tags the report writes); every field is checked, and every
malformed input is one line and status 1 (2 for usage), never an "internal error"."""
import copy
import csv
import io
import json
from html.parser import HTMLParser

import numpy as np
import pytest

HOSTILE = ('"\'><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>'
           '</style></svg><svg onload=alert(4)>&amp;<!--')
NO_EQUALS = "<script>alert(5)</script>\"'"  # for --variant NAME=FILE, whose name ends at the first '='
TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "nav", "a", "section", "p", "figure",
        "figcaption", "svg", "text", "line", "rect", "circle", "table", "tr", "th", "td", "details", "summary", "ul",
        "li", "code"}


class _Inert(HTMLParser):
    """Collects what a browser would make live: tags, event attributes, script URLs."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.live, self.text = set(), [], []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for name, value in attrs:
            if name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.live.append((tag, name, value))

    def handle_data(self, data):
        self.text.append(data)


def _assert_inert(page: str) -> str:
    p = _Inert()
    p.feed(page)
    p.close()
    assert "script" not in p.tags and not p.live, (p.tags, p.live)
    assert p.tags <= TAGS, p.tags - TAGS
    return "".join(p.text)


def _hostile_result(doc):
    """Every free-text field of a result made hostile: system, metric and document names, version,
    settings values, warnings."""
    d = copy.deepcopy(doc)
    d["rouge155_version"] = HOSTILE
    d["settings"] = dict(d.get("settings") or {}, ngram=HOSTILE, stem=True)
    d["warnings"] = [HOSTILE, "plain"]
    for m in d["metrics"]:
        m["system"] = {"S1": HOSTILE, "S2": NO_EQUALS}.get(m["system"], m["system"])
        if m["metric"] == "ROUGE-1":
            m["metric"] = HOSTILE
        for inst in m["instances"]:
            inst["eval_id"] = {"T01": HOSTILE}.get(inst["eval_id"], inst["eval_id"])
    return d


def _human_csv(path, column=HOSTILE):
    rows = [(s, d, v) for s, d, v in [(HOSTILE, HOSTILE, 0.5), (HOSTILE, "T02", 0.3), (NO_EQUALS, HOSTILE, 0.6),
                                      (NO_EQUALS, "T02", 0.2), ("S3", HOSTILE, 0.2), ("S3", "T02", 0.4)]]
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["system", "document", column])
    w.writerows(rows)
    path.write_text(buf.getvalue())


def test_hostile_strings_in_every_field_stay_text(isi_document, tool, tmp_path):
    res = tmp_path / "r.json"
    res.write_text(json.dumps(_hostile_result(isi_document)))
    human = tmp_path / "h.csv"
    _human_csv(human)
    status, cmp_json, err = tool("rouge155-compare", res, "--format", "json", "--measure", "all")
    assert status == 0, err
    cmp_doc = json.loads(cmp_json)
    cmp_doc["notes"] = [HOSTILE]
    (tmp_path / "c.json").write_text(json.dumps(cmp_doc))
    status, corr_json, err = tool("rouge155-correlate", "--human", human, "--variant", f"{NO_EQUALS}={res}",
                                  "--resamples", "30", "--format", "json", "--against-best",
                                  "--summary-filter-p", "0.5")
    assert status == 0, err
    corr_doc = json.loads(corr_json)
    corr_doc["notes"] = [HOSTILE]
    corr_doc["differences"]["notes"] = [HOSTILE]
    (tmp_path / "k.json").write_text(json.dumps(corr_doc))
    pages = {}
    status, _, err = tool("rouge155-report", res, "--compare", tmp_path / "c.json",
                          "--correlation", tmp_path / "k.json", "--title", HOSTILE, "-o", tmp_path / "page.html")
    assert status == 0, err
    pages["report"] = (tmp_path / "page.html").read_text()
    pages["compare"] = tool("rouge155-compare", res, "--format", "html")[1]
    pages["correlate"] = tool("rouge155-correlate", "--human", human, res, "--resamples", "30", "--format", "html",
                              "--compare-metrics", f"{HOSTILE}:R", "ROUGE-2:R")[1]
    pages["merged"] = tool("rouge155-correlate", "--merge", tmp_path / "k.json", "--format", "html")[1]
    for name, page in pages.items():
        text = _assert_inert(page)
        assert HOSTILE in text or NO_EQUALS in text, name  # shown, as text
    assert HOSTILE in _assert_inert(pages["report"]) and NO_EQUALS in _assert_inert(pages["report"])


def _mutate(doc, path, value):
    d = copy.deepcopy(doc)
    target = d
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return d


RESULT_CASES = [
    (("confidence",), '95"><script>alert(1)</script>', "confidence is"),
    (("confidence",), 250, "confidence is 250, outside"),
    (("settings",), [1, 2], "settings is [1, 2], not an object"),
    (("settings",), {"ngram": {"x": 1}}, "settings.ngram is"),
    (("warnings",), 5, "warnings is 5, not a list"),
    (("warnings",), [HOSTILE, 5], "warnings[1] is 5, not a string"),
    (("metrics", 0, "system"), ["S1"], "metrics[0].system is ['S1'], not a string"),
    (("metrics", 0, "instances", 0, "recall"), "0.5", "metrics[0].instances[0].recall is '0.5', not a number"),
    (("metrics", 0, "instances", 0, "eval_id"), 7, "metrics[0].instances[0].eval_id is 7, not a string"),
    (("metrics", 0, "average"), {}, "metrics[0].average.model_count is missing"),
    (("token_mode",), 7, "token_mode is 7, not [0, 2]"),
    (("metrics",), {"a": 1}, "metrics is {'a': 1}, not a list"),
]


@pytest.mark.parametrize("path, value, message", RESULT_CASES)
def test_result_fields_checked(isi_document, tool, tmp_path, path, value, message):
    (tmp_path / "r.json").write_text(json.dumps(_mutate(isi_document, path, value)))
    for name in ("rouge155-report", "rouge155-compare"):
        status, out, err = tool(name, tmp_path / "r.json")
        assert status == 1 and out == "" and err.count("\n") == 1, err
        assert message in err and "internal error" not in err


@pytest.fixture
def documents(isi_document, tool, tmp_path):
    """The sample's result, its comparison and its correlation (with difference tests) as files' contents."""
    res = tmp_path / "r.json"
    res.write_text(json.dumps(isi_document))
    human = tmp_path / "h.csv"
    human.write_text("system,document,q\nS1,T01,1\nS1,T02,2\nS2,T01,2\nS2,T02,1\nS3,T01,3\nS3,T02,3\n")
    cmp_doc = json.loads(tool("rouge155-compare", res, "--format", "json")[1])
    corr_doc = json.loads(tool("rouge155-correlate", "--human", human, res, "--format", "json", "--resamples", "20",
                               "--against-best", "--measure", "recall")[1])
    return res, cmp_doc, corr_doc


COMPARE_CASES = [
    (("tests", 0, "n"), "<script>alert(1)</script>", "tests[0].n is"),
    (("tests", 0, "n"), -1, "tests[0].n is -1"),
    (("tests", 0, "n"), 2.5, "tests[0].n is 2.5, not a whole number"),
    (("tests", 0, "p_permutation"), "0.01", "tests[0].p_permutation is '0.01', not a number"),
    (("tests", 0, "p_bootstrap_adjusted"), 1.5, "tests[0].p_bootstrap_adjusted is 1.5, outside [0, 1]"),
    (("tests", 0, "measure"), "bogus", "tests[0].measure is 'bogus', not one of recall, precision, f_score"),
    (("tests", 0, "system_a"), 5, "tests[0].system_a is 5, not a string"),
    (("decide_by",), "<b>", "decide_by is '<b>', not one of"),
    (("seed",), -1, "seed is -1"),
]


@pytest.mark.parametrize("path, value, message", COMPARE_CASES)
def test_comparison_fields_checked(documents, tool, tmp_path, path, value, message):
    res, cmp_doc, _ = documents
    (tmp_path / "c.json").write_text(json.dumps(_mutate(cmp_doc, path, value)))
    status, out, err = tool("rouge155-report", res, "--compare", tmp_path / "c.json")
    assert status == 1 and out == "" and err.count("\n") == 1, err
    assert message in err and "not a usable rouge155-compare JSON result" in err


CORRELATION_CASES = [
    (("rows", 0, "level"), "<script>alert(1)</script>", "rows[0].level is"),
    (("rows", 0, "coefficient"), "tau\" onmouseover=\"x", "rows[0].coefficient is"),
    (("rows", 0, "measure"), "bogus", "rows[0].measure is 'bogus'"),
    (("rows", 0, "value"), "0.5", "rows[0].value is '0.5', not a number"),
    (("rows", 0, "value"), 1.5, "rows[0].value is 1.5, outside [-1, 1]"),
    (("rows", 0, "systems"), "<b>3</b>", "rows[0].systems is"),
    (("rows", 0, "human"), None, "rows[0].human is None, not a string"),
    (("rows", 0, "sample_size"), 0, "rows[0].sample_size is 0"),
    (("rows", 1, "documents_used"), 1.5, "rows[1].documents_used is 1.5"),
    (("differences", "tests", 0, "p_permutation"), "0.01", "differences.tests[0].p_permutation is '0.01'"),
    (("differences", "tests", 0, "family"), "<i>", "differences.tests[0].family is '<i>'"),
    (("differences", "correction"), "sidak", "differences.correction is 'sidak'"),
    (("resample",), "<b>", "resample is '<b>'"),
    (("summary_filter_p",), 2, "summary_filter_p is 2, outside [0, 1]"),
]


@pytest.mark.parametrize("path, value, message", CORRELATION_CASES)
def test_correlation_fields_checked(documents, tool, tmp_path, path, value, message):
    res, _, corr_doc = documents
    (tmp_path / "k.json").write_text(json.dumps(_mutate(corr_doc, path, value)))
    for args in ((res, "--correlation", tmp_path / "k.json"),):
        status, out, err = tool("rouge155-report", *args)
        assert status == 1 and out == "" and err.count("\n") == 1, err
        assert message in err and "not a usable rouge155-correlate JSON result" in err
    status, out, err = tool("rouge155-correlate", "--merge", tmp_path / "k.json")
    assert status == 1 and message in err and err.count("\n") == 1


MALFORMED = {
    "deep": "[" * 100_000 + "]" * 100_000,
    "digits": '{"confidence": ' + "9" * 5000 + "}",
    "digits-float": '{"confidence": ' + "9" * 5000 + ".5}",
    "nan": '{"confidence": NaN}',
    "not-utf8": b"\xff\xfe{}",
}


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_malformed_json_is_one_line(tool, tmp_path, kind):
    path = tmp_path / "bad.json"
    data = MALFORMED[kind]
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    runs = [("rouge155-report", path), ("rouge155-compare", path), ("rouge155-correlate", "--merge", path),
            ("rouge155-correlate", "--human", path, path)]
    for name, *args in runs:
        status, out, err = tool(name, *args)
        assert status == 1 and out == "" and err.count("\n") == 1, (name, err)
        assert "internal error" not in err and "bad.json" in err


def test_human_scores_csv_field_over_the_limit_and_deep_jsonl(documents, tool, tmp_path):
    res = documents[0]
    (tmp_path / "big.csv").write_text("system,document,q\nS1,T01," + "1" * 140_000 + "\n")
    status, _, err = tool("rouge155-correlate", "--human", tmp_path / "big.csv", res)
    assert status == 1 and err.count("\n") == 1 and "big.csv:2: not readable as CSV (field larger than" in err
    (tmp_path / "deep.jsonl").write_text('{"system": "S1", "document": "T01", "q": 1}\n'
                                         + "[" * 100_000 + "]" * 100_000)
    status, _, err = tool("rouge155-correlate", "--human", tmp_path / "deep.jsonl", res)
    assert status == 1 and err.strip().endswith("deep.jsonl:2: not usable JSON (nested too deeply)")
    (tmp_path / "odd.jsonl").write_text('{"system": ["S1"], "document": "T01", "q": 1}\n')
    status, _, err = tool("rouge155-correlate", "--human", tmp_path / "odd.jsonl", res)
    assert status == 1 and "odd.jsonl:1: system is ['S1'], not a name" in err
    (tmp_path / "huge.jsonl").write_text('{"system": "S1", "document": "T01", "q": 1' + "0" * 400 + "}\n")
    status, _, err = tool("rouge155-correlate", "--human", tmp_path / "huge.jsonl", res)
    assert status == 1 and "huge.jsonl:1: q is" in err and "not a number" in err


@pytest.mark.parametrize("args", [("rouge155-compare", "--seed", "-1"), ("rouge155-correlate", "--seed", "-1"),
                                  ("rouge155-report", "--significance", "--seed", "-1"),
                                  ("rouge155-correlate", "--per-document", "x.txt"),
                                  ("rouge155-correlate", "--summary-filter-p", "0"),
                                  ("rouge155-correlate", "--variant", "nameonly")])
def test_usage_errors_are_one_line_status_2(documents, tool, tmp_path, args):
    name, *rest = args
    human = ["--human", tmp_path / "h.csv"] if name == "rouge155-correlate" and "--variant" not in rest else []
    if "--variant" in rest:
        human = ["--human", tmp_path / "h.csv"]
        status, out, err = tool(name, *human, *rest)
    else:
        status, out, err = tool(name, documents[0], *human, *rest)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"{name}: ") and "--help" in err


def test_scores_near_the_float_maximum(isi_document, tool, tmp_path):
    """Per-document scores of +-1e308: the correlations are those of the scores they were scaled from
    (correlations ignore a positive affine map), comparisons keep finite means, pages render."""
    huge = copy.deepcopy(isi_document)
    for m in huge["metrics"]:
        for inst in m["instances"]:
            for k in ("recall", "precision", "f_score"):
                inst[k] = inst[k] * 1.7e308 - 0.85e308
    (tmp_path / "huge.json").write_text(json.dumps(huge))
    (tmp_path / "plain.json").write_text(json.dumps(isi_document))
    (tmp_path / "h.csv").write_text("system,document,q\nS1,T01,1\nS1,T02,2\nS2,T01,2\nS2,T02,1\nS3,T01,3\nS3,T02,3\n")
    outs = []
    for res in ("huge.json", "plain.json"):
        status, out, err = tool("rouge155-correlate", "--human", tmp_path / "h.csv", tmp_path / res,
                                "--resamples", "50", "--format", "json")
        assert status == 0 and err == "", err
        outs.append(json.loads(out))
    for a, b in zip(outs[0]["rows"], outs[1]["rows"]):
        for k in ("value", "low", "high"):
            assert (a[k] is None and b[k] is None) or a[k] == pytest.approx(b[k], abs=1e-12)
    status, out, err = tool("rouge155-compare", tmp_path / "huge.json", "--format", "json", "--measure", "all")
    assert status == 0 and err == ""

    def refuse(constant):
        raise AssertionError(f"{constant} in JSON")

    tests = json.loads(out, parse_constant=refuse)["tests"]
    assert all(np.isfinite(t["mean_a"]) and abs(t["mean_a"]) > 1e306 for t in tests)
    status, _, err = tool("rouge155-report", tmp_path / "huge.json", "--significance", "-o", tmp_path / "p.html")
    assert status == 0 and err == ""
    page = (tmp_path / "p.html").read_text()
    _assert_inert(page)
    assert "nan" not in page.lower().replace("nan</td>", "") and "inf" not in page.replace("info", "")
