"""REALSumm's published summary-level numbers (Bhandari et al., EMNLP 2020; analysis notebook, "Exp IV"),
reproduced from its released per-summary scores (tests/data/realsumm, CC BY 4.0): mean per-document
Kendall tau of ROUGE-1/2/L recall with LitePyramid recall over the documents whose tau has p <= 0.05,
and over every document. Through the API and through rouge155-correlate."""
import csv
import json

import numpy as np
import pytest

from rouge155.analysis import HumanScores, correlate

from devkit.difftools import REPO
from support.analysis_runs import run_of_scores

DATA = REPO / "tests" / "data" / "realsumm" / "scores.csv"
METRICS = {"ROUGE-1": "rouge_1_recall", "ROUGE-2": "rouge_2_recall", "ROUGE-L": "rouge_l_recall"}
# The notebook's printed output (cell 31) and the figures without the filter.
FILTERED = {"ROUGE-1": 0.48913594431561247, "ROUGE-2": 0.4859542610414608, "ROUGE-L": 0.4870908341119741}
UNFILTERED = {"ROUGE-1": 0.4064, "ROUGE-2": 0.3488, "ROUGE-L": 0.3929}
KEPT = {"ROUGE-1": 72, "ROUGE-2": 58, "ROUGE-L": 70}


def _notebook_cells():
    """{(system, doc): row} as the notebook merges abs and ext: ext's bart_out.txt replaces abs's and is
    also added as bart_out_ext.txt (25 entries per document)."""
    cells = {}
    with open(DATA, newline="") as fh:
        for r in csv.DictReader(fh):
            if r["set"] == "abs" and r["system"] == "bart_out.txt":
                continue
            cells[(r["system"], r["doc_id"])] = r
            if r["set"] == "ext" and r["system"] == "bart_out.txt":
                cells[("bart_out_ext.txt", r["doc_id"])] = r
    systems = sorted({s for s, _ in cells})
    documents = sorted({d for _, d in cells}, key=int)
    return cells, systems, documents


@pytest.fixture(scope="module")
def realsumm():
    cells, systems, documents = _notebook_cells()
    assert len(systems) == 25 and len(documents) == 100 and len(cells) == 2500

    def grid(column):
        return np.array([[float(cells[(s, d)][column]) for d in documents] for s in systems])

    return systems, documents, {m: grid(c) for m, c in METRICS.items()}, grid("litepyramid_recall")


def test_notebook_numbers_through_the_api(realsumm):
    systems, documents, grids, pyramid = realsumm
    human = HumanScores(systems, documents, ["litepyramid_recall"], {"litepyramid_recall": pyramid})
    for filter_p, want in ((0.05, FILTERED), (None, UNFILTERED)):
        corr = correlate(run_of_scores(grids, systems, documents), human, measures=["recall"], levels=["summary"],
                         coefficients=["kendall"], resamples=200, summary_filter_p=filter_p, per_document=True)
        got = {r.metric: r for r in corr.rows}
        for metric, value in want.items():
            assert round(got[metric].value, 4) == round(value, 4)
            if filter_p is not None:
                assert got[metric].value == pytest.approx(value, abs=1e-12)  # the notebook's printed value
                assert (got[metric].documents_used, got[metric].filtered_out) == (KEPT[metric], 100 - KEPT[metric])
            assert got[metric].undefined == 0
    ss = pytest.importorskip("scipy.stats")
    for d in corr.per_document:  # every document's tau and p as the notebook's scipy.stats.kendalltau gives them
        j = documents.index(d.document)
        tau, p = ss.kendalltau(grids[d.metric][:, j], pyramid[:, j])
        assert d.value == pytest.approx(tau, abs=1e-12) and d.p_value == pytest.approx(p, rel=1e-9, abs=1e-15)


def test_notebook_numbers_through_the_cli(realsumm, tool, tmp_path):
    """The extract as a --format json result (precision and F hold the recall: only recall is correlated)
    and a human-scores CSV, through rouge155-correlate --summary-filter-p 0.05 --per-document."""
    systems, documents, grids, pyramid = realsumm
    doc = {"rouge155_version": "REALSumm extract", "confidence": 95, "resamples": 1, "token_mode": 0, "precise": True,
           "settings": {}, "warnings": [], "metrics": []}
    for metric, g in grids.items():
        for i, s in enumerate(systems):
            iv = {"mean": 0.0, "low": 0.0, "high": 0.0}
            instances = [{"id": f"{d}.{s}", "eval_id": d, "recall": v, "precision": v, "f_score": v,
                          "model_count": 0, "peer_count": 0, "hit": 0} for d, v in zip(documents, g[i].tolist())]
            doc["metrics"].append({"system": s, "metric": metric,
                                   "average": {m: iv for m in ("recall", "precision", "f_score")},
                                   "instances": instances})
    (tmp_path / "r.json").write_text(json.dumps(doc))
    with open(tmp_path / "h.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["system", "document", "litepyramid_recall"])
        w.writerows((s, d, repr(float(pyramid[i, j]))) for i, s in enumerate(systems) for j, d in enumerate(documents))
    status, out, err = tool("rouge155-correlate", "--human", tmp_path / "h.csv", tmp_path / "r.json", "--measure",
                            "recall", "--level", "summary", "--coefficient", "kendall", "--summary-filter-p", "0.05",
                            "--per-document", tmp_path / "per_doc.csv", "--resamples", "100")
    assert status == 0, err
    for metric, value in FILTERED.items():
        assert f"{metric} R  {value:+.3f} [" in out and f"n={KEPT[metric]}" in out
    with open(tmp_path / "per_doc.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 300
    for metric, kept in KEPT.items():
        used = [r for r in rows if r["metric"] == metric and r["used"] == "True"]
        assert len(used) == kept and all(float(r["p_value"]) <= 0.05 for r in used)
        assert np.mean([float(r["value"]) for r in used]) == pytest.approx(FILTERED[metric], abs=1e-12)
