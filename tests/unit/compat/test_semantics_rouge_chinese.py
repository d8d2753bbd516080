"""semantics="rouge-chinese" (``rouge155.compat.rouge_chinese.Rouge``) against rouge-chinese 1.0.3 itself: the
same output, value for value (==), for rouge-1..5 and rouge-l, ``exclusive`` True and False, ``avg``,
``stats``, ``raw_results``, ``return_lengths``, ``ignore_empty``, ``FilesRouge``, ``cut_sent``, and its
errors on texts without a sentence; generated pairs in many scripts, as users give them (segmented by
jieba, words joined by spaces) and unsegmented."""
from __future__ import annotations

import pytest

from devkit.multiscript import pairs
from devkit.oracles import load_rouge_chinese

theirs_module = load_rouge_chinese()
if theirs_module is None:
    pytest.skip("no copy of rouge-chinese 1.0.3 (python -m devkit.oracles rouge-chinese; scripts/test.sh makes it)",
                allow_module_level=True)
jieba = pytest.importorskip("jieba", reason="jieba (test extra, or the zh extra) not installed")

from rouge155.compat.rouge_chinese import FilesRouge, Rouge  # noqa: E402
from rouge155.semantics import rouge_chinese as semantics  # noqa: E402

ALL = ["rouge-1", "rouge-2", "rouge-3", "rouge-4", "rouge-5", "rouge-l"]


def segmented(text: str) -> str:
    return " ".join(jieba.cut(text))


def scorable(n, seed, segment=True):
    """Generated pairs the package scores (it raises on a text without a sentence), one reference each; short
    texts (the package's LCS is a Python dict of every (i, j))."""
    preds, refs = pairs(n, seed=seed, size=2)
    if segment:
        preds, refs = [segmented(p) for p in preds], [[segmented(r[0])] for r in refs]
    kept = [(p, r[0]) for p, r in zip(preds, refs) if semantics.split_sentences(p) and semantics.split_sentences(r[0])]
    return [p for p, _ in kept], [r for _, r in kept]


@pytest.mark.parametrize("segment", [True, False])
def test_generated_pairs_all_metrics_both_counts(segment):
    hyps, refs = scorable(1100, 71 + segment, segment)
    assert len(hyps) >= 1000  # 2,000 pairs in all
    for kwargs, count in (({}, len(hyps)), ({"exclusive": False}, 300)):  # the other count on fewer (time)
        ours = Rouge(metrics=ALL, semantics="rouge-chinese", **kwargs)
        theirs = theirs_module.Rouge(metrics=ALL, **kwargs)
        h, r = hyps[:count], refs[:count]
        assert ours.get_scores(h, r) == theirs.get_scores(h, r)
        assert ours.get_scores(h, r, avg=True) == theirs.get_scores(h, r, avg=True)


def test_options_and_files(tmp_path):
    hyps, refs = scorable(200, 73)
    for kwargs in ({"stats": ["f", "r"]}, {"raw_results": True}, {"return_lengths": True},
                   {"metrics": ["ROUGE-L", "rouge-2"], "exclusive": False}):
        ours, theirs = Rouge(semantics="rouge-chinese", **kwargs), theirs_module.Rouge(**kwargs)
        assert ours.get_scores(hyps, refs) == theirs.get_scores(hyps, refs)
        if not kwargs.get("raw_results"):
            assert ours.get_scores(hyps, refs, avg=True) == theirs.get_scores(hyps, refs, avg=True)
    one = Rouge(semantics="rouge-chinese").get_scores(hyps[0], refs[0])
    assert one == theirs_module.Rouge().get_scores(hyps[0], refs[0])
    with_empty_h, with_empty_r = hyps[:20] + ["", "x。"], refs[:20] + ["a b。", ""]
    assert Rouge(semantics="rouge-chinese").get_scores(with_empty_h, with_empty_r, ignore_empty=True) == \
        theirs_module.Rouge().get_scores(with_empty_h, with_empty_r, ignore_empty=True)
    flat = str.maketrans("\r\n", "  ")
    one_line = [h.translate(flat) for h in hyps], [r.translate(flat) for r in refs]
    for name, texts in zip(("h.txt", "r.txt"), one_line):
        (tmp_path / name).write_text("\n".join(texts) + "\n", encoding="utf-8")
    files = (str(tmp_path / "h.txt"), str(tmp_path / "r.txt"))
    assert FilesRouge(metrics=ALL, semantics="rouge-chinese").get_scores(*files) == \
        theirs_module.FilesRouge(metrics=ALL).get_scores(*files)


def test_sentences_are_cut_as_the_package_cuts_them():
    preds, refs = pairs(600, seed=74)
    theirs = theirs_module.Rouge()
    for text in preds + [r[0] for r in refs] + ["他说：“好。”然后走了。", "......好……吗？’对", "a?b.c!d。"]:
        assert Rouge(semantics="rouge-chinese").cut_sent(text) == theirs.cut_sent(text)


@pytest.mark.parametrize("hyp, ref, metrics", [("", "a b。", None), ("  \n ", "a b", None), ("a b", "\n", None),
                                                 ("", "a", ["rouge-l"]), ("a", "", ["rouge-2", "rouge-l"])])
def test_empty_texts_raise_as_the_package_does(hyp, ref, metrics):
    with pytest.raises(ValueError) as theirs:
        theirs_module.Rouge(metrics=metrics).get_scores([hyp], [ref])
    with pytest.raises(ValueError) as ours:
        Rouge(metrics=metrics, semantics="rouge-chinese").get_scores([hyp], [ref])
    assert str(ours.value) == str(theirs.value)


def test_perl_semantics_by_default():
    import rouge155

    hyps, refs = scorable(30, 75)
    got = Rouge().get_scores(hyps, refs)
    perl = rouge155.score_pairs(hyps, refs, metrics=["ROUGE-1", "ROUGE-2", "ROUGE-L"])
    assert [g["rouge-2"]["f"] for g in got] == perl["ROUGE-2"].fmeasure.tolist()
    with pytest.raises(ValueError, match="semantics must be one of"):
        Rouge(semantics="pltrdy")


def test_audit_scores_it_and_says_when_it_refuses_the_input():
    from rouge155.audit import AuditedPairs, audit

    hyps, refs = scorable(40, 76)
    pairs_ = AuditedPairs(tuple(map(str, range(len(hyps)))), tuple(hyps), tuple((r,) for r in refs))
    result = audit(pairs_, semantics=["rouge-chinese"])
    assert all(e.model_gap.max() == 0 for row in result.rows for e in row.entries)  # its rule model is exact
    empty = AuditedPairs(("1", "2"), ("a b", ""), (("a c",), ("d",)))
    refused = audit(empty, semantics=["rouge-chinese"]).unavailable
    assert refused == {"rouge-chinese": "refuses this input: Hypothesis is empty."}
