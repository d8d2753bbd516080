"""``score_pairs`` on a few pairs goes through each implementation's kept per-call scorer
(:mod:`rouge155.semantics.calls`), which must give its plain ``score_pairs``' numbers, for every
registered implementation (a subclass that changes the tokenizer must not inherit its parent's
compiled path: rouge-score-rs' Unicode tokenizers did)."""
import pytest

import rouge155
from devkit.multiscript import pairs
from rouge155 import semantics as registry
from rouge155.semantics.base import MissingDependency


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("compiled", ["0", "1"])
def test_the_per_call_scorer_is_the_plain_one(monkeypatch, name, compiled):
    monkeypatch.setenv("ROUGE155_JIT", compiled)  # the compiled per-call path too, where numba is installed
    spec = registry.get(name)
    preds, refs = pairs(24, seed=5, max_refs=1, odd_share=0.1, size=3)
    # words outside ASCII in both (tokenizers differ most there); " x": the rouge package refuses texts
    # without a token
    preds = [p + (" Москва naïve 東京" if k % 2 else "") + " x" for k, p in enumerate(preds)]
    refs = [[r[0] + " Москва café 東京 x"] for r in refs]
    metrics = list(dict.fromkeys([spec.naming.metrics[0], spec.naming.metrics[-1]]))
    try:
        plain = spec.plain_scores(preds, refs, metrics)
    except MissingDependency as exc:
        pytest.skip(str(exc))
    for k in range(len(preds)):
        one = rouge155.score_pairs(preds[k:k + 1], refs[k:k + 1], metrics, semantics=name)
        for metric in metrics:
            assert (one[metric].precision[0], one[metric].recall[0], one[metric].fmeasure[0]) == (
                plain[metric].precision[k], plain[metric].recall[k], plain[metric].fmeasure[k]), (name, metric, k)


@pytest.mark.parametrize("name", ["perl", "rouge-score"])
@pytest.mark.parametrize("stem", [False, True])
def test_a_batch_split_between_threads_gives_the_same_numbers(monkeypatch, name, stem):
    """A batch of texts past SPLIT_PAIRS is counted a share of its pairs per thread, each share with its
    own texts (a reference shared by a group goes to every share that uses it): every field as one count."""
    pytest.importorskip("numba", reason="the compiled kernels (the jit extra) split batches")
    from rouge155.engine import calls as engine_calls

    monkeypatch.setenv("ROUGE155_JIT", "1")
    monkeypatch.setattr(engine_calls, "threads", lambda: 3)
    preds, refs = pairs(40, seed=11, max_refs=2, odd_share=0.1, size=3)
    refs = [r if k % 5 else refs[0] for k, r in enumerate(refs)]  # a group's reference, in every share
    refs = [r[:1] for r in refs] if name == "rouge-score" else refs
    metrics = ["ROUGE-1", "ROUGE-2", "ROUGE-L"] if name == "perl" else ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    options = dict(stem=stem, semantics=name, multi_reference="A" if name == "perl" else "B")
    monkeypatch.setattr(engine_calls, "SPLIT_PAIRS", 10 ** 9)
    monkeypatch.setattr(engine_calls, "VOCABULARY_SPLIT_PAIRS", 10 ** 9)
    whole = rouge155.score_pairs(preds, refs, metrics, **options)
    monkeypatch.setattr(engine_calls, "SPLIT_PAIRS", 2)
    monkeypatch.setattr(engine_calls, "VOCABULARY_SPLIT_PAIRS", 2)
    monkeypatch.setattr(engine_calls, "LOCAL_SHARE_PAIRS", 7)  # the call's own numbering: shares of 7 pairs at most
    shares = []
    cut = engine_calls.TextCounter._split
    monkeypatch.setattr(engine_calls.TextCounter, "_split", lambda self, *a: shares.append(a[-1]) or cut(self, *a))
    split = rouge155.score_pairs(preds, refs, metrics, **options)
    assert shares == [3] if stem else len(shares) == 1 and shares[0] >= 6  # (3 threads; else shares of 7 rows)
    for metric in metrics:
        for field in ("precision", "recall", "fmeasure", "hits", "model_count", "peer_count"):
            assert getattr(split[metric], field).tolist() == getattr(whole[metric], field).tolist(), (metric, field)


def test_a_forked_child_counts_its_batches_with_its_own_threads():
    """The pool of counting threads is the process's own: a child forked after the parent used it (a
    DataLoader's worker) makes a new one instead of waiting forever on threads it does not have."""
    pytest.importorskip("numba", reason="the compiled kernels (the jit extra) split batches")
    import multiprocessing
    import os

    from rouge155.engine import calls as engine_calls

    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform")
    preds, refs = pairs(30, seed=2, max_refs=1, odd_share=0.0, size=2)
    os.environ["ROUGE155_JIT"] = "1"
    try:
        whole = rouge155.score_pairs(preds, refs, ["ROUGE-1"])["ROUGE-1"].fmeasure.tolist()
        assert engine_calls._POOL or engine_calls.threads() == 1
        context = multiprocessing.get_context("fork")
        with context.Pool(1) as pool:
            child = pool.apply_async(_fmeasures, (preds, refs)).get(timeout=120)
    finally:
        os.environ.pop("ROUGE155_JIT", None)
    assert child == whole


def _fmeasures(preds, refs):
    return rouge155.score_pairs(preds, refs, ["ROUGE-1"])["ROUGE-1"].fmeasure.tolist()


@pytest.mark.parametrize("stem", [False, True])
def test_rouge_score_reads_case_as_it_lower_cases(stem):
    """rouge-score lower-cases before it tokenizes, so a text and its ``str.lower()`` score alike; the
    compiled count without stemming skips the lower-casing of ASCII texts (its code table reads A-Z as
    a-z), not of others ("\u0130" lower-cases to "i" and a combining dot)."""
    preds = ["The CAT sat ON the Mat", "\u0130stanbul IS big", "NAÏVE Caf\u00c9 Test", "ABC def GHI"] * 3
    refs = ["the cat SAT on THE mat today", "istanbul is BIG", "naïve café test", "abc DEF ghi jkl"] * 3
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    kwargs = dict(stem=stem, semantics="rouge-score", multi_reference="B")
    for size in (1, len(preds)):
        for a in range(0, len(preds), size):
            mixed = rouge155.score_pairs(preds[a:a + size], refs[a:a + size], types, **kwargs)
            lower = rouge155.score_pairs([p.lower() for p in preds[a:a + size]],
                                         [r.lower() for r in refs[a:a + size]], types, **kwargs)
            for t in types:
                assert mixed[t].fmeasure.tolist() == lower[t].fmeasure.tolist(), (t, a, size)
                assert mixed[t].recall.tolist() == lower[t].recall.tolist(), (t, a, size)


@pytest.mark.parametrize("name", ["perl", "rouge-score"])
def test_the_calls_own_numbering_takes_any_share_of_distinct_tokens(monkeypatch, name):
    """Without stemming a call numbers its own tokens in a table of a slot per token, read again with a
    larger one when the distinct tokens fill half of it: texts of only distinct tokens (every count of
    them, so that some fill it exactly at a power of two), long ones among them (past the 12 characters
    a key holds exactly), give the numpy path's numbers."""
    pytest.importorskip("numba", reason="the compiled kernels (the jit extra)")
    metrics = ["ROUGE-1", "ROUGE-2", "ROUGE-L"] if name == "perl" else ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    options = dict(semantics=name, multi_reference="A" if name == "perl" else "B")
    preds, refs = [], []
    for n in range(1, 40):
        words = [f"w{k}" if k % 3 else f"extraordinarily{k}long{n}" for k in range(n)]
        preds.append(" ".join(words[: n // 2 + 1]) + "\n" + " ".join(words[n // 2 + 1 :]))
        # odd n: the reference shares the prediction's words; even n: no word of the call repeats
        refs.append([" ".join(reversed(words)) + f" only{n}" if n % 2 else " ".join(f"r{k}x{n}" for k in range(n))])
    results = {}
    for compiled in ("1", "0"):
        monkeypatch.setenv("ROUGE155_JIT", compiled)
        results[compiled] = [rouge155.score_pairs(preds[a:a + size], refs[a:a + size], metrics, **options)
                             for size in (1, 8, len(preds)) for a in range(0, len(preds), size)]
    for got, want in zip(results["1"], results["0"]):
        for metric in metrics:
            for field in ("precision", "recall", "fmeasure"):
                assert getattr(got[metric], field).tolist() == getattr(want[metric], field).tolist(), (metric, field)
