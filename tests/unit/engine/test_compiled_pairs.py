"""The compiled per-pair path (numba, optional): the same tokens as the script's SPL reader and the
same per-pair numbers as the numpy engine, value for value, on generated and hostile texts."""
import random

import numpy as np
import pytest

import rouge155
from rouge155.text import jit

from devkit.pairgen import hostile_texts, long_texts, pairs

pytestmark = pytest.mark.skipif(not jit.available(), reason='numba not installed (pip install ".[jit]")')

def numpy_and_compiled(monkeypatch, preds, refs, **kw):
    monkeypatch.setenv(jit.ENV, "0")
    plain = rouge155.score_pairs(preds, refs, **kw)
    monkeypatch.setenv(jit.ENV, "1")
    return plain, rouge155.score_pairs(preds, refs, **kw)


def assert_same(a, b):
    assert list(a) == list(b)
    for tag in a:
        for field in ("recall", "precision", "fmeasure", "hits", "model_count", "peer_count"):
            x, y = getattr(a[tag], field), getattr(b[tag], field)
            assert x.dtype == y.dtype and np.array_equal(x, y, equal_nan=True), (tag, field, np.flatnonzero(x != y)[:5])


def test_tokens_are_the_readers():
    """Per text: the counted tokens and unit lengths of ``TokenIds.unit_ids`` over ``spl_units``."""
    from rouge155.base.options import typed_options
    from rouge155.engine.batched.chunks import token_vocabulary
    from rouge155.inputs.resources import load_word_lists, resolve_data_dir
    from rouge155.text.jit_tokens import packed_vocabulary
    from rouge155.text.readers import spl_units

    word_lists = load_word_lists(resolve_data_dir(None))
    texts = hostile_texts(600, seed=1) + ["", "a", "b", "\n", "c"] + long_texts(20, seed=2)
    texts += [p for p in pairs(100, seed=3)[0]]
    raw = [t.encode("utf-8") for t in texts]
    for stem, stop in ((False, False), (True, False), (True, True)):
        options = typed_options(ngram=1, stem=stem, remove_stopwords=stop)
        plain = token_vocabulary(options, word_lists)
        compiled = token_vocabulary(options, word_lists)
        packed = packed_vocabulary(compiled)
        want = [plain.unit_ids(spl_units(text)) for text in raw]
        plain_words = {i: w for w, i in plain.vocab.items()}
        for _ in range(2):  # a cold vocabulary, then a warm one
            got = packed.spl_texts(raw)
            starts, unit_starts = got.tokens_start(), got.units_start()
            words_of = {i: w for w, i in compiled.vocab.items()}
            for d, (text, (ids, lengths)) in enumerate(zip(raw, want)):
                assert [plain_words[i] for i in ids.tolist()] == \
                    [words_of[i] for i in got.ids[starts[d]:got.tokens_end[d]].tolist()], text
                assert lengths.tolist() == got.unit_len[unit_starts[d]:got.units_end[d]].tolist(), text


@pytest.mark.parametrize("kw", [
    dict(metrics=["ROUGE-1", "ROUGE-2", "ROUGE-L"]),
    dict(metrics=["ROUGE-1", "ROUGE-2", "ROUGE-L"], stem=True),
    dict(metrics=["ROUGE-L", "ROUGE-3", "ROUGE-4", "ROUGE-1"], stem=True, remove_stopwords=True, multi_reference="B"),
    dict(metrics=["ROUGE-2", "ROUGE-L"], alpha=0.2, multi_reference="B"),
    dict(metrics=["ROUGE-1", "ROUGE-9", "ROUGE-30", "ROUGE-99999"]),
])
def test_same_numbers_as_numpy(monkeypatch, kw):
    preds, refs = pairs(300, seed=11)
    hostile = hostile_texts(600, seed=12)
    preds = preds + hostile[:300] + long_texts(40, seed=13)
    r = random.Random(14)
    refs = refs + [[hostile[300 + k]] + hostile_texts(r.randint(0, 3), seed=k) for k in range(300)]
    refs = refs + [[t] for t in long_texts(40, seed=15)]
    assert_same(*numpy_and_compiled(monkeypatch, preds, refs, **kw))


def test_other_metrics_and_limits_take_the_numpy_path(monkeypatch):
    """ROUGE-W, S/SU and length limits are not compiled: the numpy engine scores them, the same either way."""
    preds, refs = pairs(40, seed=21)
    for kw in (dict(metrics=["ROUGE-1", "ROUGE-W-1.2", "ROUGE-SU4"]), dict(metrics=["ROUGE-L"], word_limit=8),
               dict(metrics=["ROUGE-2"], byte_limit=30)):
        assert_same(*numpy_and_compiled(monkeypatch, preds, refs, **kw))


def test_many_pairs_in_several_chunks(monkeypatch):
    from rouge155.engine.batched import compiled_pairs

    monkeypatch.setattr(compiled_pairs, "CHUNK_INSTANCES", 7)
    preds, refs = pairs(50, seed=31)
    assert_same(*numpy_and_compiled(monkeypatch, preds, refs, stem=True, multi_reference="B"))


def semantics_pairs():
    preds, refs = pairs(200, seed=41)
    hostile = hostile_texts(600, seed=42)
    preds = preds + hostile[:300] + long_texts(30, seed=43) + ["İstanbul \u212aelvin x", "Σίσυφος", ""]
    refs = [[r] if isinstance(r, str) else r for r in refs]
    refs = refs + [[hostile[300 + k]] + hostile_texts(k % 3, seed=k) for k in range(300)]
    refs = refs + [[t] for t in long_texts(30, seed=44)] + [["istanbul k"], ["σ"], [""]]
    return preds, refs


@pytest.mark.parametrize("stem", [False, True])
def test_rouge_score_semantics_same_numbers(monkeypatch, stem):
    """rouge-score's semantics: the compiled path equals the numpy path, and rouge-score itself."""
    preds, refs = semantics_pairs()
    types = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]
    plain, fast = numpy_and_compiled(monkeypatch, preds, refs, metrics=types, stem=stem, semantics="rouge-score",
                                     multi_reference="B")
    assert_same(plain, fast)
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    scorer = rouge_scorer.RougeScorer(types, use_stemmer=stem)
    for i, (p, rs) in enumerate(zip(preds[:250], refs[:250])):
        want = scorer.score_multi(rs, p) if len(rs) > 1 else scorer.score(rs[0], p)
        for t in types:
            assert (want[t].precision, want[t].recall, want[t].fmeasure) == \
                (fast[t].precision[i], fast[t].recall[i], fast[t].fmeasure[i]), (i, t)


@pytest.mark.parametrize("stem,accumulate", [(False, "B"), (True, "A")])
def test_torchmetrics_semantics_same_numbers(monkeypatch, stem, accumulate):
    """torchmetrics' semantics, rougeLsum included (its punkt sentences stood in for by a plain split,
    the same on both paths, where punkt's data is not installed)."""
    from rouge155.semantics import torchmetrics as semantics

    monkeypatch.setattr(semantics, "split_sentences", lambda text: [s for s in text.split(". ") if s])
    preds, refs = semantics_pairs()
    assert_same(*numpy_and_compiled(monkeypatch, preds, refs, metrics=["rouge1", "rouge2", "rougeL", "rougeLsum"],
                                    stem=stem, semantics="torchmetrics", multi_reference=accumulate))


def _fresh_python(code: str, env_value=None):
    import os
    import subprocess
    import sys

    from devkit.difftools import REPO

    env = {k: v for k, v in os.environ.items() if k != jit.ENV}
    if env_value is not None:
        env[jit.ENV] = env_value
    env["PYTHONPATH"] = os.pathsep.join([str(REPO)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_small_calls_do_not_load_numba_until_enough_pairs():
    """By default a process loads the kernels once it has asked for AUTO_PAIRS pairs in all: a call
    of a few pairs keeps the numpy path (no numba import, no 130 MB)."""
    code = ("import sys, rouge155\nfrom rouge155.text import jit\n"
            "rouge155.score_pairs(['a b c'] * 10, ['a b'] * 10)\nprint('numba' in sys.modules)\n"
            "rouge155.score_pairs(['a b c'] * jit.AUTO_PAIRS, ['a b'] * jit.AUTO_PAIRS)\n"
            "print('numba' in sys.modules)\n")
    assert _fresh_python(code) == ["False", "True"]
    assert _fresh_python(code, "0") == ["False", "False"]
    assert _fresh_python(code, "1") == ["True", "True"]


def test_the_command_line_never_loads_numba():
    """Even with ROUGE155_JIT=1 (the CLI scores through the engines, never through these kernels)."""
    import os
    import subprocess
    import sys

    from devkit.difftools import REPO, SAMPLES

    sample = SAMPLES / "sample-test"
    if not (sample / "ROUGE-test.xml").exists():
        pytest.skip(f"the release sample is not at {SAMPLES}")
    env = {**os.environ, jit.ENV: "1", "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "rouge155", "-e", str(REPO / "data"), "-a",
                           "-n", "2", "-m", "ROUGE-test.xml"], cwd=sample, capture_output=True, text=True,
                          timeout=600, env=env)
    assert "ROUGE-2 Average_F" in done.stdout, done.stderr[-500:]
    assert "numpy" in done.stderr and "numba" not in done.stderr
