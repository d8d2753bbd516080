"""semantics="rouge-score" against rouge-score 0.1.2 itself: every P, R and F equal as floats (==), on
2,000 generated pairs with 1-4 references (score_multi), every rouge type it accepts, the stemmer, a
custom tokenizer, bytes, split_summaries (with nltk's punkt data), real CNN/DM outputs; its
BootstrapAggregator from the same numpy state; HF evaluate's rouge (its compute() logic over
rouge-score, seeded as evaluate seeds it) with and without the aggregator."""
from __future__ import annotations

import json

import numpy as np
import pytest

from devkit.semgen import pairs
from support.punkt import needs_punkt, punkt_pairs, without_punkt
from support.summaries import cnndm_pairs

rs_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score==0.1.2 (test extra) not installed")
rs_scoring = pytest.importorskip("rouge_score.scoring")
pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")

from rouge155.compat import hf_evaluate, rouge_scorer, scoring  # noqa: E402
from support.aggregators import as_floats, same_state_results  # noqa: E402

ALL_TYPES = [f"rouge{n}" for n in range(1, 10)] + ["rougeL", "rougeLsum"]
HF_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def assert_same(ours, theirs, types):
    """Every (P, R, F) of every pair and type equal as floats; returns the number of values compared."""
    assert len(ours) == len(theirs)
    for i, (a, b) in enumerate(zip(ours, theirs)):
        assert list(a) == list(b)
        for t in types:
            assert tuple(map(float, a[t])) == tuple(map(float, b[t])), (i, t, a[t], b[t])
    return 3 * len(types) * len(ours)


def assert_same_multi(preds, refs, types, **options):
    """score_multi of ours and rouge-score's, pair by pair."""
    ours = rouge_scorer.RougeScorer(types, semantics="rouge-score", **options)
    theirs = rs_scorer.RougeScorer(types, **options)
    return assert_same([ours.score_multi(r, p) for p, r in zip(preds, refs)],
                       [theirs.score_multi(r, p) for p, r in zip(preds, refs)], types)


def test_score_multi_2000_generated_pairs():
    preds, refs = pairs(2000, seed=21)
    ours = rouge_scorer.RougeScorer(HF_TYPES, semantics="rouge-score").score_batch(refs, preds)
    scorer = rs_scorer.RougeScorer(HF_TYPES)
    theirs = [scorer.score_multi(r, p) for p, r in zip(preds, refs)]
    assert assert_same(ours, theirs, HF_TYPES) == 24000


def test_every_type_with_the_stemmer():
    preds, refs = pairs(250, seed=22, max_refs=2)
    assert_same_multi(preds, refs, ALL_TYPES, use_stemmer=True)
    # score(): one reference, the target first
    ours = rouge_scorer.RougeScorer(ALL_TYPES, use_stemmer=True, semantics="rouge-score")
    theirs = rs_scorer.RougeScorer(ALL_TYPES, use_stemmer=True)
    assert_same([ours.score(r[0], p) for p, r in zip(preds[:80], refs)],
                [theirs.score(r[0], p) for p, r in zip(preds[:80], refs)], ALL_TYPES)


def test_real_cnndm_outputs():
    _, preds, refs = cnndm_pairs()
    for stem in (False, True):
        ours = rouge_scorer.RougeScorer(HF_TYPES, use_stemmer=stem, semantics="rouge-score").score_batch(refs, preds)
        scorer = rs_scorer.RougeScorer(HF_TYPES, use_stemmer=stem)
        assert_same(ours, [scorer.score(r[0], p) for p, r in zip(preds, refs)], HF_TYPES)


class _Words:
    """A custom tokenizer: whitespace words, case kept (rouge-score calls .tokenize)."""

    def tokenize(self, text):
        return text.split()


def test_custom_tokenizer_bytes_and_single_types():
    preds, refs = pairs(150, seed=23, max_refs=2)
    for types in (["rougeLsum"], ["rouge3", "rougeL"], HF_TYPES):
        assert_same_multi(preds, refs, types, tokenizer=_Words())
    # UTF-8 bytes: lower-cased as bytes, then decoded (rouge-score's six.ensure_str)
    texts = [(p.encode(), r[0].encode()) for p, r in zip(preds[:60], refs)]
    ours = rouge_scorer.RougeScorer(HF_TYPES, semantics="rouge-score")
    theirs = rs_scorer.RougeScorer(HF_TYPES)
    assert_same([ours.score(r, p) for p, r in texts], [theirs.score(r, p) for p, r in texts], HF_TYPES)


def test_edge_texts():
    texts = ["", " ", "\n", "...", "A", "a a a a", "The cat.\n\nThe cat sat.", "İstanbul \u212aelvin naïve",
             "x" * 70 + " " + " ".join(["w"] * 130), "1 2 3 4 5 6 7 8 9 10"]
    preds = [a for a in texts for _ in texts]
    refs = [[b] for _ in texts for b in texts]
    ours = rouge_scorer.RougeScorer(ALL_TYPES, use_stemmer=True, semantics="rouge-score").score_batch(refs, preds)
    scorer = rs_scorer.RougeScorer(ALL_TYPES, use_stemmer=True)
    assert_same(ours, [scorer.score(r[0], p) for p, r in zip(preds, refs)], ALL_TYPES)


def test_errors_and_signature():
    for bad in ("rouge0", "rougeX", "rouge10", "rougel"):
        with pytest.raises(ValueError) as theirs:
            rs_scorer.RougeScorer([bad]).score("a", "a")
        with pytest.raises(ValueError) as ours:
            rouge_scorer.RougeScorer([bad], semantics="rouge-score").score("a", "a")
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(ValueError):
        rouge_scorer.RougeScorer(["rouge1"], semantics="rouge-score").score_multi([], "a")
    with pytest.raises(ValueError, match="semantics"):
        rouge_scorer.RougeScorer(["rouge1"], semantics="torchmetrics")


@needs_punkt
def test_split_summaries_with_punkt():
    """rougeLsum over punkt's sentences (split_summaries=True), with and without the stemmer."""
    preds, refs = punkt_pairs(500, seed=24, max_refs=3)
    assert assert_same_multi(preds, refs, HF_TYPES, split_summaries=True) == 6000
    batch = rouge_scorer.RougeScorer(["rougeLsum"], use_stemmer=True, split_summaries=True, semantics="rouge-score")
    theirs = rs_scorer.RougeScorer(["rougeLsum"], use_stemmer=True, split_summaries=True)
    assert assert_same(batch.score_batch(refs, preds), [theirs.score_multi(r, p) for p, r in zip(preds, refs)],
                       ["rougeLsum"]) == 1500


def test_split_summaries_without_punkt_raises_lookup_error():
    """What rouge-score raises when punkt's data is missing (nltk's LookupError), in one line."""
    done = without_punkt("""
from rouge155.compat import rouge_scorer
try:
    rouge_scorer.RougeScorer(["rougeLsum"], split_summaries=True, semantics="rouge-score").score("a. b.", "a.")
except LookupError as err:
    print(type(err).__name__, isinstance(err, ImportError), str(err).count(chr(10)), "punkt" in str(err))
""")
    assert done.stdout.split() == ["MissingPunkt", "True", "0", "True"], done.stderr


def test_bootstrap_aggregator_same_state_same_result():
    preds, refs = pairs(300, seed=25, max_refs=1)
    scorer = rs_scorer.RougeScorer(HF_TYPES)
    for n_samples, ci in ((1000, 0.95), (57, 0.8)):
        ours = scoring.BootstrapAggregator(ci, n_samples, semantics="rouge-score")
        theirs = rs_scoring.BootstrapAggregator(ci, n_samples)
        a, b = same_state_results(ours, theirs, [scorer.score(r[0], p) for p, r in zip(preds, refs)], 7)
        assert all(type(a[t].mid) is type(b[t].mid) for t in a)
        assert as_floats(a) == as_floats(b)


def _hf_rouge(predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False, tokenizer=None):
    """evaluate's rouge ``_compute`` (evaluate/metrics/rouge/rouge.py), over rouge-score itself."""
    rouge_types = rouge_types or HF_TYPES
    multi_ref = isinstance(references[0], list)
    wrapped = None
    if tokenizer is not None:
        wrapped = type("Tokenizer", (), {"tokenize": lambda _self, text: tokenizer(text)})()
    scorer = rs_scorer.RougeScorer(rouge_types=rouge_types, use_stemmer=use_stemmer, tokenizer=wrapped)
    aggregator, scores = rs_scoring.BootstrapAggregator(), []
    for ref, pred in zip(references, predictions):
        score = scorer.score_multi(ref, pred) if multi_ref else scorer.score(ref, pred)
        aggregator.add_scores(score)
        scores.append(score)
    if use_aggregator:
        result = aggregator.aggregate()
        return {key: result[key].mid.fmeasure for key in result}
    return {key: [s[key].fmeasure for s in scores] for key in scores[0]}


def _seeded(seed, func, *args, **kwargs):
    """``evaluate``'s ``temp_seed``: numpy's global state seeded for the call, restored after."""
    state = np.random.get_state()
    np.random.seed(seed)
    try:
        return func(*args, **kwargs)
    finally:
        np.random.set_state(state)


def test_hf_evaluate_compute_equals_evaluate_rouge():
    preds, refs = pairs(200, seed=26)
    single = [r[0] for r in refs]
    for references, options in ((refs, ({}, {"use_stemmer": True, "rouge_types": ["rouge3", "rougeLsum"]})),
                                (single, ({"tokenizer": str.split},))):
        for kwargs in options:
            want = _hf_rouge(preds, references, use_aggregator=False, **kwargs)
            got = hf_evaluate.compute(preds, references, use_aggregator=False, semantics="rouge-score", **kwargs)
            assert want == got
            # aggregated: evaluate seeds numpy with a word of the state at load time (or seed=)
            want = _seeded(1234, _hf_rouge, preds, references, **kwargs)
            assert hf_evaluate.compute(preds, references, semantics="rouge-score", seed=1234, **kwargs) == want
    np.random.seed(99)
    _, keys, pos, *_ = np.random.get_state()
    want = _seeded(int(keys[pos] if pos < 624 else keys[0]), _hf_rouge, preds, single)
    state_before = np.random.get_state()[1].copy()
    assert hf_evaluate.compute(preds, single, semantics="rouge-score") == want
    assert np.array_equal(np.random.get_state()[1], state_before)  # numpy's state is left as it was


def test_score_pairs_semantics_equals_scorer():
    import rouge155

    preds, refs = pairs(120, seed=27)
    out = rouge155.score_pairs(preds, refs, metrics=["rouge2", "ROUGE-L", "rougeL"], semantics="rouge-score",
                               multi_reference="B", stem=True)
    scorer = rs_scorer.RougeScorer(["rouge2", "rougeLsum", "rougeL"], use_stemmer=True)
    for i, (p, r) in enumerate(zip(preds, refs)):
        s = scorer.score_multi(r, p)
        for key, t in (("rouge2", "rouge2"), ("ROUGE-L", "rougeLsum"), ("rougeL", "rougeL")):
            assert (out[key].precision[i], out[key].recall[i], out[key].fmeasure[i]) == tuple(s[t])
    with pytest.raises(ValueError, match="multi_reference"):
        rouge155.score_pairs(preds, refs, semantics="rouge-score", multi_reference="A")


def test_evaluate_load_metric_script_with_rouge_score_semantics(tmp_path, monkeypatch):
    """evaluate.load(rouge155's metric script, seed=...).compute(..., semantics="rouge-score"): evaluate
    seeds numpy around the call, and the numbers are its hub rouge metric's for that seed."""
    import os
    import subprocess
    import sys

    pytest.importorskip("evaluate")
    pytest.importorskip("datasets")
    for var in ("HF_EVALUATE_OFFLINE", "HF_DATASETS_OFFLINE", "HF_HUB_OFFLINE"):
        monkeypatch.setenv(var, "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    preds, refs = pairs(30, seed=28)
    (tmp_path / "in.json").write_text(json.dumps([preds, refs]))
    code = ("import evaluate, json\n"
            "preds, refs = json.load(open('in.json'))\n"
            f"m = evaluate.load({hf_evaluate.METRIC_PATH!r}, seed=42)\n"
            "print(json.dumps(m.compute(predictions=preds, references=refs, semantics='rouge-score')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300, cwd=tmp_path, env=os.environ)
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    got = json.loads(out.stdout.decode().strip().splitlines()[-1])
    assert got == _seeded(42, _hf_rouge, preds, refs)
