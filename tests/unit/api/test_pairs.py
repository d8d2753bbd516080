"""rouge155.score_pairs (rouge155.pairs): each pair scored as the script scores one evaluation, only
the metrics asked for, and arguments checked with errors that name them."""
import threading
import time

import numpy as np
import pytest

import rouge155
from rouge155 import OptionError, RougeError
from rouge155.engine.batched import combine

from devkit.pairgen import pairs
from support.kernels import use_kernels


@pytest.fixture(autouse=True, params=["numpy", "compiled"])
def kernels(request, monkeypatch):
    """Every test on both paths: the numpy engine and the compiled kernels (numba, when installed)."""
    return use_kernels(request.param, monkeypatch)


def test_score_pairs_equals_evaluate_per_instance():
    """Per pair, the counts and R/P/F the script's -d line holds for that evaluation."""
    preds, refs = pairs(60, seed=3)
    metrics = ["ROUGE-1", "ROUGE-3", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"]
    for formula in ("A", "B"):
        got = rouge155.score_pairs(preds, refs, metrics=metrics, stem=True, multi_reference=formula)
        result = rouge155.evaluate({"1": {str(i): p for i, p in enumerate(preds, start=1)}},
                                   {str(i): r for i, r in enumerate(refs, start=1)}, ngram=3, weight=1.2,
                                   skip_distance=4, skip_unigrams=True, stem=True, score_formula=formula,
                                   resamples=1)
        assert list(got) == metrics
        for tag, scores in got.items():
            rows = {key: row for key, row in zip(result.get(tag).keys, result.get(tag).counts.tolist())}
            want = np.array([rows[f"{i}.1"] for i in range(1, len(preds) + 1)])
            assert np.array_equal(np.stack([scores.model_count, scores.hits, scores.recall, scores.peer_count,
                                            scores.precision, scores.fmeasure], axis=1), want), (tag, formula)


def test_only_the_orders_asked_are_computed(monkeypatch, kernels):
    computed = []
    if kernels == "numpy":
        original = combine.ngram_pairs
        monkeypatch.setattr(combine, "ngram_pairs", lambda p, n: computed.append(n) or original(p, n))
    else:  # the compiled kernels count the metrics a counter has (kernel codes: n > 0 is ROUGE-n)
        from rouge155.engine.calls import TextCounter

        original = TextCounter.count
        monkeypatch.setattr(TextCounter, "count", lambda self, *args: computed.extend(
            k for k in self.kinds.tolist() if k > 0) or original(self, *args))
    rouge155.score_pairs(["the cat sat on the mat"], ["a cat sat on a mat"], metrics=["ROUGE-4", "ROUGE-2", "L"])
    assert sorted(set(computed)) == [2, 4]


def test_huge_n_returns_promptly_with_zeros():
    preds, refs = pairs(50, seed=5)
    start = time.monotonic()
    got = rouge155.score_pairs(preds, refs, metrics=["ROUGE-99999999999999999999", "ROUGE-1"])
    assert time.monotonic() - start < 10
    huge = got["ROUGE-99999999999999999999"]
    assert huge.fmeasure.shape == (50,) and not any(np.any(getattr(huge, k)) for k in
                                                     ("recall", "precision", "fmeasure", "hits", "model_count",
                                                      "peer_count"))
    assert got["ROUGE-1"].fmeasure.any()
    with pytest.raises(OptionError, match="digits"):
        rouge155.score_pairs(["a"], ["a"], metrics=["ROUGE-" + "9" * 5000])


def test_orders_past_the_texts_are_the_engines_zeros():
    """The rows known without scoring (an order longer than every text) are the rows the engine gives."""
    preds, refs = ["a b c", "b c d e"], [["c d", "a b c d e f"], "e"]
    got = rouge155.score_pairs(preds, refs, metrics=["ROUGE-20"])["ROUGE-20"]
    result = rouge155.evaluate({"1": {"1": preds[0], "2": preds[1]}}, {"1": refs[0], "2": [refs[1]]}, ngram=20,
                               resamples=1)
    assert np.array_equal(result.get("ROUGE-20").counts, np.stack(
        [got.model_count, got.hits, got.recall, got.peer_count, got.precision, got.fmeasure], axis=1))


def test_score_pairs_errors():
    with pytest.raises(OptionError):
        rouge155.score_pairs(["a"], ["a", "b"])
    with pytest.raises(OptionError):
        rouge155.score_pairs(["a"], ["a"], metrics=["BLEU"])
    with pytest.raises(OptionError):
        rouge155.score_pairs(["a"], [[]])
    with pytest.raises(OptionError):
        rouge155.score_pairs("a", "a")
    empty = rouge155.score_pairs([], [])
    assert all(len(v.fmeasure) == 0 for v in empty.values())
    with pytest.raises(RougeError, match="Illegal division by zero"):  # where the Perl dies
        rouge155.score_pairs(["a b"], ["..."], metrics=["ROUGE-W-1.2"])


@pytest.mark.parametrize("predictions,references,where", [
    ([5], ["a"], r"predictions\[0\] must be a str or bytes, not int"),
    (["a", 10**10], ["a", "b"], r"predictions\[1\] must be a str or bytes, not int"),
    (["a"], [[b"x", None]], r"references\[0\]\[1\] must be a str or bytes, not NoneType"),
    (["a"], [3.5], r"references\[0\] must be a text or a sequence of texts, not float"),
])
def test_score_pairs_type_errors_name_the_argument(predictions, references, where):
    with pytest.raises(TypeError, match=where):
        rouge155.score_pairs(predictions, references)


@pytest.mark.parametrize("peers,models,where", [
    ({"s": {"d": 5}}, {"d": ["a"]}, r"peers\['s'\]\['d'\] must be a str or bytes, not int"),
    ({"s": {"d": "a"}}, {"d": ["a", 10**10]}, r"models\['d'\]\[1\] must be a str or bytes, not int"),
    ({"s": {"d": "a"}}, {"d": 7}, r"models\['d'\] must be a text or a sequence of texts, not int"),
    ({"s": "a text"}, {"d": ["a"]}, r"peers\['s'\] must be a mapping"),
    (["a"], {"d": ["a"]}, r"peers must be a mapping"),
])
def test_evaluate_type_errors_name_the_argument(peers, models, where):
    with pytest.raises(TypeError, match=where):
        rouge155.evaluate(peers, models)


def test_one_text_is_one_model():
    """A model given as a text rather than a list of texts is one model, not one per character."""
    peers = {"s": {"d": "the cat sat"}}
    as_list = rouge155.evaluate(peers, {"d": ["the cat sat down"]}, ngram=1)
    for one in ("the cat sat down", b"the cat sat down"):
        assert rouge155.evaluate(peers, {"d": one}, ngram=1).to_text() == as_list.to_text()
    single = rouge155.score_pairs(["the cat sat"], ["the cat sat down"])
    listed = rouge155.score_pairs(["the cat sat"], [["the cat sat down"]])
    assert all(np.array_equal(single[k].fmeasure, listed[k].fmeasure) for k in single)
    assert single["ROUGE-1"].model_count.tolist() == [4.0]


def test_score_pairs_from_several_threads():
    """Each thread keeps its own vocabulary (a shared token-id map could hand two words one id)."""
    preds, refs = pairs(120, seed=61)
    base = rouge155.score_pairs(preds, refs, stem=True)
    out = []
    threads = [threading.Thread(target=lambda: out.append(rouge155.score_pairs(preds, refs, stem=True)))
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(out) == 4
    for o in out:
        for k in base:
            assert np.array_equal(o[k].fmeasure, base[k].fmeasure) and np.array_equal(o[k].hits, base[k].hits)


def test_pair_scores_are_read_only_and_travel():
    """PairScores (one block of six fields for a call of one pair, six arrays otherwise) cannot be
    changed, pickles (Dask sends them) and prints its fields."""
    import pickle

    one = rouge155.score_pairs(["the cat sat"], ["the cat ran"], ["ROUGE-1", "ROUGE-L"])["ROUGE-1"]
    many = rouge155.score_pairs(["the cat sat", "a dog"], ["the cat ran", "a dog"], ["ROUGE-1"])["ROUGE-1"]
    for scores in (one, many):
        with pytest.raises(AttributeError):
            scores.fmeasure = np.zeros(1)
        back = pickle.loads(pickle.dumps(scores))
        for field in ("precision", "recall", "fmeasure", "hits", "model_count", "peer_count"):
            assert getattr(back, field).tolist() == getattr(scores, field).tolist()
        assert repr(scores).startswith("PairScores(precision=array(")
    assert one.fmeasure.tolist() == [0.66667] and one.hits.tolist() == [2.0]
