"""docs/hostile-input.md, "Python API arguments": the APIs' arguments checked once at the boundary
(rouge155.base.arguments), the same under every semantics, each compared with the real package's behaviour."""
from __future__ import annotations

import math
import re

import pytest

from rouge155 import score_pairs
from rouge155.compat import hf_evaluate, scoring
from rouge155.compat.py_rouge import Rouge
from rouge155.semantics import names
from support.hostile import real_py_rouge

SEMANTICS = [n for n in names() if n != "torchmetrics"] + ["torchmetrics"]
METRICS = {"torchmetrics": ["rouge1", "rougeL"]}  # rougeLsum needs punkt: not what these rows test


def _pairs(predictions, references, semantics, **kw):
    return score_pairs(predictions, references, metrics=METRICS.get(semantics, ["ROUGE-1"]), semantics=semantics,
                       **kw)


@pytest.mark.parametrize("semantics", SEMANTICS)
@pytest.mark.parametrize(("predictions", "references", "words"), [
    ("a b", "a b", "predictions must be a list of texts, not one str"),
    (None, None, "predictions must be a list of texts, not NoneType"),
    (5, ["a"], "predictions must be a list of texts, not int"),
    ([5], ["a"], "predictions[0] must be a str or bytes, not int"),
    ([["a"]], ["a"], "predictions[0] must be a str or bytes, not list"),
    (["a"], [[None]], "references[0][0] must be a str or bytes, not NoneType"),
    # a dataset's row (its keys would be the texts) and a set (no fixed order), at either level
    (["a b"], [{"summary": "a b"}], "references[0] must be a list of texts, not a dict (its keys would be read"),
    ({"a": 1}, ["a"], "predictions must be a list of texts, not a dict"),
    (["a b"], [{"a b", "c"}], "references[0] must be a list of texts, not a set (its order is not fixed)"),
    (["a", "b"], {"a", "b"}, "references must be a list of texts, not a set"),
])
def test_texts_refused_alike_under_every_semantics(semantics, predictions, references, words):
    with pytest.raises(TypeError, match=re.escape(words)):
        _pairs(predictions, references, semantics)


@pytest.mark.parametrize("semantics", SEMANTICS)
def test_generator_of_references_read_once(semantics):
    got = _pairs(["a b c"], (r for r in ["a b d"]), semantics)
    want = _pairs(["a b c"], ["a b d"], semantics)
    assert [v.fmeasure.tolist() for v in got.values()] == [v.fmeasure.tolist() for v in want.values()]


@pytest.mark.parametrize("semantics", SEMANTICS)
def test_bytes_read_as_utf8_under_every_semantics(semantics):
    got = _pairs([b"a b c"], [b"a b d"], semantics)
    want = _pairs(["a b c"], ["a b d"], semantics)
    assert [v.fmeasure.tolist() for v in got.values()] == [v.fmeasure.tolist() for v in want.values()]


@pytest.mark.parametrize("semantics", ["perl", "py-rouge"])
@pytest.mark.parametrize(("option", "value", "kind", "words"), [
    ("alpha", "x", TypeError, "alpha must be a number, not str"),
    ("alpha", math.nan, ValueError, "alpha must be a finite number, not nan"),
    ("word_limit", "x", TypeError, "word_limit must be"),
    ("word_limit", -1, ValueError, "word_limit must be at least 0"),
])
def test_numbers_named(semantics, option, value, kind, words):
    with pytest.raises(kind, match=words):
        _pairs(["a"], ["a"], semantics, **{option: value})


@pytest.mark.parametrize("semantics", SEMANTICS)
def test_metric_none_named(semantics):
    with pytest.raises(TypeError, match=r"metrics\[0\] must be a str"):
        score_pairs(["a"], ["a"], metrics=[None], semantics=semantics)


@pytest.mark.parametrize(("asked", "as_perl"), [("ROUGE-S04", "ROUGE-S4"), ("ROUGE-SU04", "ROUGE-SU4")])
def test_skip_gap_with_leading_zero_read_as_the_perl_reads_it(asked, as_perl):
    got = score_pairs(["a b c d"], ["a c b d e"], metrics=[asked])
    want = score_pairs(["a b c d"], ["a c b d e"], metrics=[as_perl])
    assert list(got) == [asked]  # named as asked, as ROUGE-1.5.5.pl -2 04 names its block ROUGE-S04
    assert got[asked].fmeasure.tolist() == want[as_perl].fmeasure.tolist()


@pytest.mark.parametrize("asked", ["ROUGE-\u0664", "ROUGE-S\u0664", "ROUGE-W-\u0661.2"])
def test_non_ascii_digits_refused(asked):
    with pytest.raises(ValueError, match="unknown metric"):
        score_pairs(["a"], ["a"], metrics=[asked])


@pytest.mark.parametrize("module", ["rouge155.compat.rouge_scorer", "rouge155.compat.xlsum.rouge_scorer"])
def test_score_batch_refuses_one_text(module):
    # neither rouge-score 0.1.2 nor XL-Sum's scorer has score_batch: the drop-ins' own, refused as score_pairs does
    import importlib

    scorer = importlib.import_module(module).RougeScorer(["rouge1"])
    with pytest.raises(TypeError, match="targets must be a list of texts"):
        scorer.score_batch("a b", "a b")


@pytest.mark.parametrize("semantics", ["perl", "rouge-score"])
def test_score_batch_targets_read_as_score_reads_them(semantics):
    """``score_batch`` takes each target as ``score`` does: bytes are one text (not a list of numbers),
    and what is neither a text nor a sequence of texts is a TypeError naming the target."""
    from rouge155.compat.rouge_scorer import RougeScorer

    scorer = RougeScorer(["rouge1"], semantics=semantics)
    assert scorer.score_batch([b"a b"], ["a b"]) == [scorer.score(b"a b", "a b")]
    with pytest.raises(TypeError, match=r"targets\[1\] must be a text or a sequence of texts, not NoneType"):
        scorer.score_batch(["a", None], ["a", "b"])
    with pytest.raises(TypeError, match="a reference must be a str, not list"):  # (was: unhashable type)
        scorer.score(["a b"], "a b")


def test_hf_evaluate_reads_one_string_as_evaluate_does():
    # evaluate 0.4's compute(predictions="a b", references="a b") scores three one-character pairs
    # (measured: rouge1 0.66733 with this module's metric script under evaluate.load); kept as the peer
    per_char = hf_evaluate.compute(predictions=["a", " ", "b"], references=["a", " ", "b"])
    assert hf_evaluate.compute(predictions="a b", references="a b") == per_char


@pytest.mark.parametrize("item", [5, b"a", ["a"]])
def test_hf_evaluate_items_refused_as_evaluate_does(item):
    # evaluate: "Predictions and/or references don't match the expected format." (a ValueError)
    with pytest.raises(ValueError, match=r"predictions\[0\]"):
        hf_evaluate.compute(predictions=[item], references=["a"])


def test_hf_evaluate_seed_named():
    with pytest.raises(TypeError, match="seed must be an int"):
        hf_evaluate.compute(predictions=["a"], references=["a"], semantics="rouge-score", seed="x")


def test_bootstrap_aggregator_nan_named():
    with pytest.raises(ValueError, match="confidence_interval must be a number, not nan"):
        scoring.BootstrapAggregator(confidence_interval=math.nan)
    with pytest.raises(ValueError, match="n_samples 1000000000000000: .* resamples would need about"):
        scoring.BootstrapAggregator(n_samples=10 ** 15)
    with pytest.raises(TypeError, match="n_samples must be an int, not str"):
        scoring.BootstrapAggregator(n_samples="x")


@pytest.mark.parametrize(("kw", "kind", "words"), [
    ({"max_n": 2.5}, TypeError, "max_n must be an int, not float"),
    ({"max_n": 10 ** 20}, ValueError, "max_n 100000000000000000000: .* orders of ROUGE-N would need"),
    ({"weight_factor": "1.2"}, TypeError, "weight_factor must be a number, not str"),
    ({"alpha": math.nan}, ValueError, "alpha must be a finite number"),
])
def test_py_rouge_options_named(kw, kind, words):
    # py-rouge 1.1 raises TypeError for the first and third too, with Python's generic message
    with pytest.raises(kind, match=words):
        Rouge(metrics=["rouge-n", "rouge-w"], **{"max_n": 2, **kw})


@pytest.mark.parametrize("weight", [1.0, 2.0, 3.0, 1.2])
def test_py_rouge_rouge_w_at_every_weight(weight):
    texts = (["a b c d e f"], ["a b d e f g"])
    ours = Rouge(metrics=["rouge-n", "rouge-l", "rouge-w"], max_n=2, weight_factor=weight).get_scores(*texts)
    assert sorted(ours) == ["rouge-1", "rouge-2", "rouge-l", "rouge-w"]
    own = Rouge(metrics=["rouge-n", "rouge-l", "rouge-w"], max_n=2, weight_factor=weight, semantics="py-rouge")
    theirs = real_py_rouge()(metrics=["rouge-n", "rouge-l", "rouge-w"], max_n=2, weight_factor=weight)
    assert own.get_scores(*texts) == theirs.get_scores(*texts)


@pytest.mark.parametrize("weight", [50, 300, 1e308])
def test_py_rouge_overflow_as_py_rouge(weight):
    texts = (["a b c", "d e"], ["a b d", "d f"])
    with pytest.raises(OverflowError):
        real_py_rouge()(metrics=["rouge-w"], weight_factor=weight, limit_length=False).get_scores(*texts)
    with pytest.raises(OverflowError, match="py-rouge.s rouge-w raises sentence lengths"):
        Rouge(metrics=["rouge-w"], weight_factor=weight, limit_length=False, semantics="py-rouge").get_scores(*texts)


def test_py_rouge_infinite_weight_refused():
    with pytest.raises(ValueError, match="takes a finite ROUGE-W weight"):
        Rouge(metrics=["rouge-w"], weight_factor=math.inf, semantics="py-rouge").get_scores(["a b"], ["a c"])


def _torchmetrics(preds, target):
    pytest.importorskip("torchmetrics", reason="torchmetrics (the torch extra) not installed")
    from rouge155.compat.torchmetrics import rouge_score

    return rouge_score(preds, target, rouge_keys=("rouge1",))


def _pltrdy(hyps, refs):
    from rouge155.compat.rouge import Rouge as PltrdyRouge

    return PltrdyRouge(metrics=["rouge-1"]).get_scores(hyps, refs)


def _py_rouge(hyps, refs):
    return Rouge(metrics=["rouge-n"], max_n=1).get_scores(hyps, refs)


# The originals take str only and fail on these with AttributeError, AssertionError or Python's TypeError
# from inside (torchmetrics 1.9, rouge 1.0.1, py-rouge 1.1, measured); the drop-ins: a TypeError naming it.
@pytest.mark.parametrize(("api", "first", "second"), [
    (_torchmetrics, "preds", "target"), (_pltrdy, "hyps", "refs"), (_py_rouge, "hypothesis", "references")])
@pytest.mark.parametrize(("predictions", "references", "where"), [
    (None, None, "{first} must be a list of texts, not NoneType"),
    ([5], ["a"], "{first}[0] must be a str, not int"),
    ([b"a b"], ["a"], "{first}[0] must be a str, not bytes"),
    ([["a"]], ["a"], "{first}[0] must be a str, not list"),
    (["a"], [None], "{second}[0] must be a"),
])
def test_drop_ins_name_what_the_original_takes_not(api, first, second, predictions, references, where):
    message = where.format(first=first, second=second)
    with pytest.raises(TypeError, match=message.replace("[", r"\[").replace("]", r"\]")):
        api(predictions, references)


@pytest.mark.parametrize(("models", "words"), [
    ({"d": {"summary": "a b"}}, "models['d'] must be a list of texts, not a dict (its keys would be read"),
    ({"d": {"a b", "c"}}, "models['d'] must be a list of texts, not a set (its order is not fixed)"),
])
def test_evaluate_refuses_a_row_or_a_set_as_the_models(models, words):
    import rouge155

    with pytest.raises(TypeError, match=re.escape(words)):
        rouge155.evaluate({"s": {"d": "a b"}}, models, ngram=1)
    assert rouge155.evaluate({"s": {"d": "a b"}}, {"d": ("a b", "c")}, ngram=1).metrics  # a tuple is a list
