"""semantics="pltrdy" (``rouge155.compat.rouge.Rouge``) against the ``rouge`` package 1.0.1 itself: the
same output, value for value (==), for rouge-1..5 and rouge-l, ``exclusive`` True and False, ``avg``,
``stats``, ``raw_results``, ``return_lengths``, ``ignore_empty``, ``FilesRouge``, and its errors on
empty texts; generated pairs and real CNN/DM outputs."""
from __future__ import annotations


import pytest

from devkit.semgen import pairs
from support.summaries import cnndm_rows

pltrdy = pytest.importorskip("rouge.rouge_score", reason="the rouge package (rouge==1.0.1, test extra) not installed")
try:
    from rouge import FilesRouge as TheirFiles
    from rouge import Rouge as Theirs
except ImportError:  # py-rouge, installed after it, overwrote rouge/__init__.py and rouge/rouge.py
    pytest.skip("the installed `rouge` package is not pltrdy's rouge 1.0.1 (py-rouge overwrote it: "
                "reinstall rouge==1.0.1)", allow_module_level=True)

from rouge155.compat.rouge import FilesRouge, Rouge  # noqa: E402
from rouge155.semantics import pltrdy as semantics  # noqa: E402

ALL = ["rouge-1", "rouge-2", "rouge-3", "rouge-4", "rouge-5", "rouge-l"]


def scorable(n, seed):
    """Generated pairs the package scores (it raises on a text without a sentence)."""
    preds, refs = pairs(n, seed=seed, max_refs=1)
    kept = [(p, r[0]) for p, r in zip(preds, refs) if semantics.split_sentences(p) and semantics.split_sentences(r[0])]
    return [p for p, _ in kept], [r for _, r in kept]


def test_generated_pairs_all_metrics_both_counts():
    hyps, refs = scorable(800, 41)
    assert len(hyps) >= 700
    for kwargs in ({}, {"exclusive": False}):
        ours = Rouge(metrics=ALL, semantics="pltrdy", **kwargs)
        theirs = Theirs(metrics=ALL, **kwargs)
        assert ours.get_scores(hyps, refs) == theirs.get_scores(hyps, refs)
        assert ours.get_scores(hyps, refs, avg=True) == theirs.get_scores(hyps, refs, avg=True)


def test_options():
    hyps, refs = scorable(200, 42)
    for kwargs in ({"stats": ["f", "r"]}, {"raw_results": True}, {"return_lengths": True},
                   {"metrics": ["ROUGE-L", "rouge-2"], "exclusive": False}):
        ours, theirs = Rouge(semantics="pltrdy", **kwargs), Theirs(**kwargs)
        assert ours.get_scores(hyps, refs) == theirs.get_scores(hyps, refs)
        if not kwargs.get("raw_results"):
            assert ours.get_scores(hyps, refs, avg=True) == theirs.get_scores(hyps, refs, avg=True)
    assert Rouge(semantics="pltrdy").get_scores(hyps[0], refs[0]) == Theirs().get_scores(hyps[0], refs[0])
    with_empty_h, with_empty_r = hyps[:20] + ["", "x."], refs[:20] + ["a b.", ""]
    assert Rouge(semantics="pltrdy").get_scores(with_empty_h, with_empty_r, ignore_empty=True) == \
        Theirs().get_scores(with_empty_h, with_empty_r, ignore_empty=True)


def test_real_cnndm_outputs(tmp_path):
    rows = cnndm_rows()
    # the package's usual input: one summary per line (FilesRouge)
    hyps = [r["prediction"].replace("\n", " ") for r in rows]
    refs = [r["references"][0].replace("\n", " ") for r in rows]
    (tmp_path / "h.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    ours = FilesRouge(metrics=ALL, semantics="pltrdy").get_scores(str(tmp_path / "h.txt"), str(tmp_path / "r.txt"))
    assert ours == TheirFiles(metrics=ALL).get_scores(str(tmp_path / "h.txt"), str(tmp_path / "r.txt"))
    assert len(ours) == 200


@pytest.mark.parametrize("hyp, ref, metrics", [("", "a b.", None), ("...", "a b.", None), ("a b", "..", None),
                                                 ("", "a", ["rouge-l"])])
def test_empty_texts_raise_as_the_package_does(hyp, ref, metrics):
    with pytest.raises(ValueError) as theirs:
        Theirs(metrics=metrics).get_scores([hyp], [ref])
    with pytest.raises(ValueError) as ours:
        Rouge(metrics=metrics, semantics="pltrdy").get_scores([hyp], [ref])
    assert str(ours.value) == str(theirs.value)


def test_perl_semantics_by_default():
    import rouge155

    hyps, refs = scorable(30, 43)
    got = Rouge().get_scores(hyps, refs)
    perl = rouge155.score_pairs(hyps, refs, metrics=["ROUGE-1", "ROUGE-2", "ROUGE-L"])
    assert [g["rouge-2"]["f"] for g in got] == perl["ROUGE-2"].fmeasure.tolist()
    assert [g["rouge-l"]["r"] for g in got] == perl["ROUGE-L"].recall.tolist()
    with pytest.raises(ValueError, match="Unknown metric"):
        Rouge(metrics=["rouge-6"], semantics="pltrdy")
