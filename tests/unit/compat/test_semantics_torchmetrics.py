"""semantics="torchmetrics" against torchmetrics 1.9 itself: per-pair values (``_rouge_score_update``) and
the results of ``rouge_score`` and ``ROUGEScore`` equal as floats, for every rouge key, accumulate best
and avg, the stemmer, a normalizer and a tokenizer, on generated pairs (1-4 references) and real
CNN/DM outputs. rougeLsum needs nltk's punkt data (torchmetrics splits with it): skipped without."""
from __future__ import annotations

import os

import pytest

from devkit.semgen import pairs
from support.punkt import needs_punkt, punkt_pairs, without_punkt
from support.summaries import cnndm_pairs

# scripts/test.sh installs torch only from a CPU wheel, and says here why it installed none
torch = pytest.importorskip("torch", reason=os.environ.get("ROUGE155_NO_TORCH") or "torch not installed")
tm_functional = pytest.importorskip("torchmetrics.functional.text.rouge", reason="torchmetrics not installed")
tm_text = pytest.importorskip("torchmetrics.text.rouge")
nltk = pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")

from rouge155.compat import torchmetrics as compat  # noqa: E402
from rouge155.semantics import torchmetrics as semantics  # noqa: E402

NO_LSUM = tuple(f"rouge{n}" for n in range(1, 10)) + ("rougeL",)
PARTS = ("precision", "recall", "fmeasure")


def per_pair_equal(preds, target, keys, accumulate, stem=False, normalizer=None, tokenizer=None) -> int:
    """Our per-pair values against ``_rouge_score_update``'s tensors; returns the number compared."""
    values = semantics.score_pairs(preds, target, keys, stem, normalizer, tokenizer, accumulate)
    stemmer = nltk.stem.porter.PorterStemmer() if stem else None
    theirs = tm_functional._rouge_score_update(preds, target, [semantics.KEYS[k] for k in keys], accumulate,
                                               stemmer=stemmer, normalizer=normalizer, tokenizer=tokenizer)
    compared = 0
    for key in keys:
        rows = theirs[semantics.KEYS[key]]
        assert len(rows) == len(preds)
        for i, row in enumerate(rows):
            for part in PARTS:
                assert float(row[part]) == getattr(values[key], part)[i], (key, i, part)
                compared += 1
    return compared


def test_generated_pairs_every_key_best_and_avg():
    preds, refs = pairs(600, seed=31)
    for accumulate in ("best", "avg"):
        assert per_pair_equal(preds, refs, ("rouge1", "rouge2", "rougeL"), accumulate) == 5400
    assert per_pair_equal(preds[:150], refs[:150], NO_LSUM, "best", stem=True)
    assert per_pair_equal(preds[:150], refs[:150], ("rouge1", "rouge4", "rougeL"), "avg", stem=True)


def test_avg_with_more_than_four_references():
    preds, refs = pairs(40, seed=32, max_refs=4)
    refs = [r + r[:3] for r in refs]  # 4-7 references: torch's own float32 mean
    assert per_pair_equal(preds, refs, ("rouge1", "rougeL"), "avg")


def test_normalizer_and_tokenizer():
    preds, refs = pairs(200, seed=33, max_refs=2)
    keys = ("rouge1", "rouge2", "rougeL")
    assert per_pair_equal(preds, refs, keys, "best", normalizer=lambda s: s)  # no lower-casing at all
    assert per_pair_equal(preds, refs, keys, "avg", tokenizer=lambda s: s.split(" "))
    assert per_pair_equal(preds, refs, keys, "best", True, normalizer=str.upper, tokenizer=str.split)


def test_functional_and_module_results():
    preds, refs = pairs(300, seed=34)
    keys = ("rouge1", "rouge2", "rouge5", "rougeL")
    for accumulate in ("best", "avg"):
        for stem in (False, True):
            theirs = tm_functional.rouge_score(preds, refs, accumulate=accumulate, use_stemmer=stem, rouge_keys=keys)
            ours = compat.rouge_score(preds, refs, accumulate=accumulate, use_stemmer=stem, rouge_keys=keys,
                                      semantics="torchmetrics")
            assert list(ours) == list(theirs)
            for k in theirs:
                assert ours[k].dtype == theirs[k].dtype and float(ours[k]) == float(theirs[k]), (accumulate, stem, k)
        metric_ours = compat.ROUGEScore(accumulate=accumulate, rouge_keys=keys, semantics="torchmetrics")
        metric_theirs = tm_text.ROUGEScore(accumulate=accumulate, rouge_keys=keys)
        for a, b in ((0, 100), (100, 101), (101, 300)):
            metric_ours.update(preds[a:b], refs[a:b])
            metric_theirs.update(preds[a:b], refs[a:b])
        ours, theirs = metric_ours.compute(), metric_theirs.compute()
        assert list(ours) == list(theirs)
        assert all(float(ours[k]) == float(theirs[k]) for k in theirs)
    # single strings and a flat list of targets, as torchmetrics takes them
    one = compat.rouge_score("My name is John", "Is your name John", rouge_keys=keys, semantics="torchmetrics")
    theirs = tm_functional.rouge_score("My name is John", "Is your name John", rouge_keys=keys)
    assert {k: float(v) for k, v in one.items()} == {k: float(v) for k, v in theirs.items()}


def test_real_cnndm_outputs():
    _, preds, refs = cnndm_pairs()
    assert per_pair_equal(preds, refs, ("rouge1", "rouge2", "rougeL"), "best", stem=True) == 1800


def test_errors():
    with pytest.raises(ValueError, match="semantics"):
        compat.rouge_score("a", "a", semantics="rouge-score")
    with pytest.raises(ValueError):
        compat.ROUGEScore(rouge_keys=("rougeX",), semantics="torchmetrics")


@needs_punkt
def test_rouge_lsum_with_punkt():
    """rougeLsum over punkt's sentences of the raw text: per pair, and the functional and module results."""
    preds, refs = punkt_pairs(500, seed=35)
    assert per_pair_equal(preds, refs, ("rougeLsum",), "best", stem=True) == 1500
    assert per_pair_equal(preds, refs, ("rougeLsum", "rouge1"), "avg") == 3000
    keys = ("rouge1", "rougeLsum")
    theirs = tm_functional.rouge_score(preds, refs, accumulate="best", use_stemmer=True, rouge_keys=keys)
    ours = compat.rouge_score(preds, refs, accumulate="best", use_stemmer=True, rouge_keys=keys,
                              semantics="torchmetrics")
    assert {k: float(v) for k, v in ours.items()} == {k: float(v) for k, v in theirs.items()}


def test_rouge_lsum_without_punkt_raises_os_error():
    """What torchmetrics raises when punkt's data is missing and cannot be downloaded (an OSError);
    rouge155 never downloads, and says so in one line."""
    done = without_punkt("""
from rouge155.compat import torchmetrics as compat
try:
    compat.rouge_score("a. b.", "a.", rouge_keys=("rougeLsum",), semantics="torchmetrics")
except OSError as err:
    print(type(err).__name__, str(err).count(chr(10)), "punkt" in str(err))
""")
    assert done.stdout.split() == ["PunktUnavailable", "0", "True"], done.stderr
