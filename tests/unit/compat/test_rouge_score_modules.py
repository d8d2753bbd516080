"""rouge155.compat's copies of rouge-score 0.1.2's other modules against rouge-score itself: ``tokenize``,
``tokenizers`` (the base class custom tokenizers subclass), ``io`` (the same CSV files, byte for byte) and
the helpers code imports from ``rouge_scorer`` (``_score_lcs``, ``_create_ngrams``, ``_score_ngrams``,
``_lcs_table``, ``_backtrack_norec``, ``_find_union``, ``_union_lcs``, ``_summary_level_lcs``,
``lcs_ind``): the same values, types and tie-breaks on generated token lists and texts."""
from __future__ import annotations

import random

import numpy as np
import pytest

from devkit.semgen import pairs

pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")
rs_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score==0.1.2 (test extra) not installed")
rs_io = pytest.importorskip("rouge_score.io")
rs_scoring = pytest.importorskip("rouge_score.scoring")
rs_tokenize = pytest.importorskip("rouge_score.tokenize")
rs_tokenizers = pytest.importorskip("rouge_score.tokenizers")

from rouge155.compat import io, rouge_scorer, scoring, tokenize, tokenizers  # noqa: E402


def token_lists(seed: int, n: int):
    r = random.Random(seed)
    vocab = [r.choice("abcdefg") for _ in range(7)] + list("abcdefghij")
    for _ in range(n):
        yield ([r.choice(vocab) for _ in range(r.randint(0, 14))], [r.choice(vocab) for _ in range(r.randint(0, 14))])


def same(a, b):
    """Equal values of equal types (rouge-score returns int 0 for an empty side)."""
    assert type(a) is type(b) and a == b, (a, b)
    if isinstance(a, tuple):
        for x, y in zip(a, b):
            assert type(x) is type(y), (a, b)


def test_rouge_scorer_helpers():
    for target, prediction in token_lists(3, 3000):
        table = rouge_scorer._lcs_table(target, prediction)
        same(table, rs_scorer._lcs_table(target, prediction))
        same(rouge_scorer._backtrack_norec(table, target, prediction),
             rs_scorer._backtrack_norec(table, target, prediction))
        same(rouge_scorer.lcs_ind(target, prediction), rs_scorer.lcs_ind(target, prediction))
        same(tuple(rouge_scorer._score_lcs(target, prediction)), tuple(rs_scorer._score_lcs(target, prediction)))
        for n in (1, 2, 3):
            ours = (rouge_scorer._create_ngrams(target, n), rouge_scorer._create_ngrams(prediction, n))
            theirs = (rs_scorer._create_ngrams(target, n), rs_scorer._create_ngrams(prediction, n))
            assert ours == theirs and [list(c) for c in ours] == [list(c) for c in theirs]
            same(tuple(rouge_scorer._score_ngrams(*ours)), tuple(rs_scorer._score_ngrams(*theirs)))
    sentences = list(token_lists(4, 1200))
    for i in range(0, len(sentences) - 4, 4):
        refs = [s[0] for s in sentences[i:i + 3]]
        cans = [s[1] for s in sentences[i + 1:i + 4]][: i % 4 + 1]
        same(rouge_scorer._union_lcs(refs[0], cans), rs_scorer._union_lcs(refs[0], cans))
        same(rouge_scorer._find_union([rouge_scorer.lcs_ind(refs[0], c) for c in cans]),
             rs_scorer._find_union([rs_scorer.lcs_ind(refs[0], c) for c in cans]))
        same(tuple(rouge_scorer._summary_level_lcs(refs, cans)), tuple(rs_scorer._summary_level_lcs(refs, cans)))
    same(tuple(rouge_scorer._summary_level_lcs([], [["a"]])), tuple(rs_scorer._summary_level_lcs([], [["a"]])))
    same(tuple(rouge_scorer._summary_level_lcs([["a"]], [[]])), tuple(rs_scorer._summary_level_lcs([["a"]], [[]])))


def test_tokenize_and_tokenizers():
    import nltk

    stemmer = nltk.stem.porter.PorterStemmer()
    preds, refs = pairs(300, seed=71)
    for text in preds + [r[0] for r in refs] + [preds[0].encode("utf-8")]:
        assert tokenize.tokenize(text, None) == rs_tokenize.tokenize(text, None)
        assert tokenize.tokenize(text, stemmer) == rs_tokenize.tokenize(text, stemmer)
        assert tokenizers.DefaultTokenizer(True).tokenize(text) == rs_tokenizers.DefaultTokenizer(True).tokenize(text)
    assert tokenize.NON_ALPHANUM_PATTERN == rs_tokenize.NON_ALPHANUM_PATTERN
    assert isinstance(tokenizers.DefaultTokenizer(), tokenizers.Tokenizer)
    with pytest.raises(TypeError):
        tokenizers.Tokenizer()  # abstract

    class Words(tokenizers.Tokenizer):
        def tokenize(self, text):
            return text.split()

    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=Words(), semantics="rouge-score")
    theirs = rs_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=Words())
    assert scorer.score("A b c", "A c") == theirs.score("A b c", "A c")


@pytest.mark.parametrize("aggregate", [True, False])
def test_io_writes_the_same_csv(tmp_path, aggregate):
    preds, refs = pairs(60, seed=72, max_refs=1)
    preds = [" ".join(p.splitlines()) for p in preds]
    targets = [" ".join(r[0].splitlines()) for r in refs]
    for k in (0, 1):
        (tmp_path / f"target{k}.txt").write_text("".join(t + "\n" for t in targets[k::2]), encoding="utf-8")
        (tmp_path / f"prediction{k}.txt").write_text("".join(p + "\n" for p in preds[k::2]), encoding="utf-8")
    outputs = []
    for module, scorer_module, scoring_module in ((io, rouge_scorer, scoring), (rs_io, rs_scorer, rs_scoring)):
        kwargs = {"semantics": "rouge-score"} if module is io else {}
        scorer = scorer_module.RougeScorer(["rouge1", "rougeL", "rougeLsum"], True, **kwargs)
        aggregator = scoring_module.BootstrapAggregator(**kwargs) if aggregate else None
        out = tmp_path / f"{module.__name__}.csv"
        np.random.seed(5)
        module.compute_scores_and_write_to_csv(str(tmp_path / "target*.txt"), str(tmp_path / "prediction*.txt"),
                                               str(out), scorer, aggregator)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    with pytest.raises(ValueError):
        io.compute_scores_and_write_to_csv(str(tmp_path / "none*"), str(tmp_path / "prediction*.txt"), "x", None, None)
    (tmp_path / "prediction1.txt").write_text("one record\n", encoding="utf-8")
    with pytest.raises(ValueError, match="equal number of lines"):
        io.compute_scores_and_write_to_csv(str(tmp_path / "target*.txt"), str(tmp_path / "prediction*.txt"),
                                           str(tmp_path / "x.csv"), rouge_scorer.RougeScorer(["rouge1"]), None)
