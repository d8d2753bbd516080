"""rouge155-correlate's per-document output (p-values as scipy's), undefined-document counts, the
summary-level p filter, one table from several runs (--variant) or several correlate outputs (--merge),
the difference tests (--compare-metrics, --against-best), and reading its JSON back."""
import csv
import json

import numpy as np
import pytest

from rouge155.analysis import correlation_from_document
from rouge155.analysis.correlation_doc import Correlation

SYSTEMS = [f"sys{i}" for i in range(6)]
DOCUMENTS = [f"d{j:02d}" for j in range(12)]


def _result(grids):
    """A --format json result whose per-document scores are the given systems x documents grids."""
    doc = {"rouge155_version": "test", "confidence": 95, "resamples": 1, "token_mode": 0, "precise": True,
           "settings": {}, "warnings": [], "metrics": []}
    for metric, g in grids.items():
        for i, s in enumerate(SYSTEMS):
            iv = {"mean": float(g[i].mean()), "low": float(g[i].min()), "high": float(g[i].max())}
            doc["metrics"].append({"system": s, "metric": metric, "average": {m: iv for m in ("recall", "precision",
                                                                                          "f_score")},
                                   "instances": [{"id": f"{d}.{s}", "eval_id": d, "recall": v, "precision": v,
                                                  "f_score": v, "model_count": 1, "peer_count": 1, "hit": 1}
                                                 for d, v in zip(DOCUMENTS, g[i].tolist())]})
    return doc


@pytest.fixture
def files(tmp_path):
    rng = np.random.default_rng(0)
    quality = rng.normal(size=(6, 1))
    human = np.round(quality + rng.normal(0, 0.7, (6, 12)), 1)
    human[:, 3] = 2.0  # one document where every system has the same human score: no correlation there
    grids = {"ROUGE-1": np.round(quality + rng.normal(0, 0.5, (6, 12)), 2),
             "ROUGE-2": np.round(quality + rng.normal(0, 1.0, (6, 12)), 2)}
    other = {m: np.round(g + rng.normal(0, 0.3, g.shape), 2) for m, g in grids.items()}
    (tmp_path / "a.json").write_text(json.dumps(_result(grids)))
    (tmp_path / "b.json").write_text(json.dumps(_result(other)))
    with open(tmp_path / "h.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["system", "document", "quality"])
        w.writerows((s, d, human[i, j]) for i, s in enumerate(SYSTEMS) for j, d in enumerate(DOCUMENTS))
    return tmp_path, grids, other, human


def _json(tool, *args):
    status, out, err = tool("rouge155-correlate", *args, "--format", "json")
    assert status == 0, err
    return json.loads(out)


def test_per_document_output_and_undefined_counts(files, tool):
    tmp, grids, _, human = files
    ss = pytest.importorskip("scipy.stats")
    base = ["--human", tmp / "h.csv", tmp / "a.json", "--measure", "recall", "--resamples", "50"]
    status, text, err = tool("rouge155-correlate", *base, "--per-document", tmp / "pd.csv")
    assert status == 0, err
    assert "documents without a correlation (a side constant across systems): ROUGE-1 R 1, ROUGE-2 R 1" in text
    assert "n=11" in text
    status, _, err = tool("rouge155-correlate", *base, "--per-document", tmp / "pd.json", "--summary-filter-p", "0.2")
    assert status == 0, err
    with open(tmp / "pd.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    as_json = json.loads((tmp / "pd.json").read_text())["documents"]
    assert len(rows) == len(as_json) == 2 * 3 * 12
    refs = {"pearson": ss.pearsonr, "spearman": ss.spearmanr, "kendall": ss.kendalltau}
    for r, jr in zip(rows, as_json):
        j = DOCUMENTS.index(r["document"])
        assert r["document"] == jr["document"] and r["coefficient"] == jr["coefficient"]
        if j == 3:
            assert r["value"] == r["p_value"] == "" and jr["value"] is None and r["used"] == "False"
            continue
        value, p = refs[r["coefficient"]](grids[r["metric"]][:, j], human[:, j])
        assert float(r["value"]) == pytest.approx(value, abs=1e-12) and jr["value"] == float(r["value"])
        assert float(r["p_value"]) == pytest.approx(p, rel=1e-9, abs=1e-15)
        assert r["used"] == "True" and jr["used"] == bool(p <= 0.2)
    doc = _json(tool, *base, "--summary-filter-p", "0.2")
    for row in doc["rows"]:
        if row["level"] == "summary":
            used = [d for d in as_json if (d["metric"], d["coefficient"]) == (row["metric"], row["coefficient"])
                    and d["used"]]
            assert row["undefined"] == 1 and row["documents_used"] == len(used)
            assert row["filtered_out"] == 11 - len(used)
            assert row["value"] == pytest.approx(np.mean([d["value"] for d in used]), abs=1e-12)
        else:
            assert row["undefined"] is row["documents_used"] is row["filtered_out"] is None
    page = tool("rouge155-correlate", *base, "--format", "html")[1]
    assert 'data-stat="documents_used">11</td>' in page and "Documents without a correlation" in page


def test_filter_at_one_changes_nothing_but_the_heading(files, tool):
    tmp = files[0]
    base = ["--human", tmp / "h.csv", tmp / "a.json", "--resamples", "60", "--sample-size", "5"]
    plain, filtered = _json(tool, *base), _json(tool, *base, "--summary-filter-p", "1")
    for a, b in zip(plain["rows"], filtered["rows"]):
        assert ({k: v for k, v in a.items() if k != "filtered_out"}
                == {k: v for k, v in b.items() if k != "filtered_out"})
    assert filtered["summary_filter_p"] == 1.0


def test_variants_in_one_table_equal_their_separate_runs_and_merge(files, tool):
    tmp = files[0]
    base = ["--human", tmp / "h.csv", "--resamples", "80", "--seed", "3"]
    one = _json(tool, *base, "--variant", f"plain={tmp / 'a.json'}", "--variant", f"noisy={tmp / 'b.json'}")
    alone = {"plain": _json(tool, *base, tmp / "a.json"), "noisy": _json(tool, *base, tmp / "b.json")}
    for label, doc in alone.items():
        mine = [dict(r, variant="-") for r in one["rows"] if r["variant"] == label]
        assert mine == doc["rows"]  # shared resamples: the same numbers, intervals included
    (tmp / "plain.json").write_text(json.dumps(alone["plain"]))
    (tmp / "noisy.json").write_text(json.dumps(alone["noisy"]))
    merged = _json(tool, "--merge", tmp / "plain.json", tmp / "noisy.json")
    assert sorted(merged["rows"], key=str) == sorted(one["rows"], key=str)
    status, text, _ = tool("rouge155-correlate", "--merge", tmp / "plain.json", tmp / "noisy.json")
    assert status == 0 and "plain    ROUGE-1 R" in text and "noisy    ROUGE-2 R" in text
    other = _json(tool, "--human", tmp / "h.csv", "--resamples", "81", tmp / "b.json")
    (tmp / "other.json").write_text(json.dumps(other))
    status, _, err = tool("rouge155-correlate", "--merge", tmp / "plain.json", tmp / "other.json")
    assert status == 1 and err.strip() == ("rouge155-correlate: cannot merge other with plain: resamples differs "
                                           "(81 vs 80)")


def test_difference_tests_in_every_output_and_read_back(files, tool):
    tmp = files[0]
    args = ["--human", tmp / "h.csv", "--variant", f"plain={tmp / 'a.json'}", "--variant", f"noisy={tmp / 'b.json'}",
            "--resamples", "200", "--measure", "recall", "--compare-metrics", "plain::ROUGE-1", "noisy::ROUGE-1",
            "--against-best", "--correction", "bonferroni"]
    doc = _json(tool, *args)
    d = doc["differences"]
    assert d["correction"] == "bonferroni" and d["decide_by"] == "permutation"
    pairs = [t for t in d["tests"] if t["family"] == "pair"]
    best = [t for t in d["tests"] if t["family"] == "best"]
    assert len(pairs) == 2 * 3 and len(best) == 2 * 3 * 3  # (levels x coefficients) x (4 metrics - the best)
    for t in best:
        assert t["alternative"] == "greater" and t["comparisons"] == 3 and t["difference"] >= 0
        assert t["p_permutation_adjusted"] == pytest.approx(min(1.0, 3 * t["p_permutation"]))
        column = [r for r in doc["rows"] if (r["level"], r["coefficient"], r["sample_size"]) ==
                  (t["level"], t["coefficient"], None)]
        top = max(column, key=lambda r: r["value"])
        assert (t["variant_a"], t["metric_a"]) == (top["variant"], top["metric"])
        assert t["value_a"] == pytest.approx(top["value"], abs=1e-12)
    again = correlation_from_document(doc, "c.json")
    assert isinstance(again, Correlation) and json.loads(again.to_json()) == doc
    _, text, _ = tool("rouge155-correlate", *args)
    assert "Differences between correlations" in text and "plain: ROUGE-1 R" in text and "  pair  " in text
    page = tool("rouge155-correlate", *args, "--format", "html")[1]
    assert page.count('data-family="best"') == len(best) and 'class="differences"' in page


@pytest.mark.parametrize("extra, message, status", [
    (["--compare-metrics", "ROUGE-1", "ROUGE-9"], "cannot compare ROUGE-9 R: not among the metrics correlated", 1),
    (["--variant", "x=A", "--variant", "y=A", "--compare-metrics", "ROUGE-1", "ROUGE-2"], "name the variant", 2),
    (["--measure", "all", "--compare-metrics", "ROUGE-1:R", "ROUGE-2"], "give both a measure or neither", 2),
])
def test_difference_test_errors(files, tool, extra, message, status):
    tmp = files[0]
    extra = [e.replace("=A", f"={tmp / 'a.json'}") for e in extra]
    results = [] if "--variant" in extra else [tmp / "a.json"]
    got, out, err = tool("rouge155-correlate", "--human", tmp / "h.csv", *results, "--measure", "recall", *extra)
    assert got == status and out == "" and err.count("\n") == 1 and message in err
