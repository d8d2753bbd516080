"""The batched engine (rouge155.engine.batched): its documents, pairs, per-metric maths and chunks
give the step-by-step engine's numbers (no reference needed; tests/parity compares both with the Perl)."""
import os
import random

import numpy as np
import pytest

from rouge155 import OptionError
from rouge155.base.options import Options
from rouge155.engine import plan
from rouge155.engine.batched import chunks, documents
from rouge155.engine.batched.combine import combine_pairs
from rouge155.engine.batched.documents import Corpus
from rouge155.engine.batched.instances import ModelPairCounts, Pairs
from rouge155.engine.batched.lcs_pairs import lcs_layout, lcs_pairs
from rouge155.engine.batched.ngram_pairs import ngram_pairs
from rouge155.inputs.sources import MemorySource
from rouge155.metrics.formulas import ModelMatch, combine, counts_row
from rouge155.text.porter import Stemmer
from rouge155.text.tokens import TokenIds, Tokenizer


def _odd_spl(r: random.Random) -> bytes:
    """SPL bytes with what the readers must treat alike: blank and whitespace-only lines, CR, tabs,
    hyphens, '|', non-ASCII and control bytes, upper case, a last line without newline, empty files."""
    pieces = [b"The", b"cat-sat", b"ON", b"|", b"a|b", b"\r", b"\t", b"-", b"--x--", b"\xc3\xa9t\xc3\xa9", b"\x00",
              b"Running", b"ran", b"$5", b"3-4", b"Mats,", b"  ", b"\x0b", b"'s"]
    lines = []
    for _ in range(r.randint(0, 6)):
        lines.append(b" ".join(r.choice(pieces) for _ in range(r.randint(0, 9))))
    raw = b"\n".join(lines)
    return raw + (b"\n" if r.random() < 0.6 else b"")


@pytest.mark.parametrize("stem,budgets", [(False, None), (True, None), (True, (200, 60))])
def test_preloaded_documents_equal_one_by_one(stem, budgets, monkeypatch):
    """``Corpus.preload`` (one pass over many SPL files) gives every document the ids and unit lengths
    that ``Corpus.doc`` gives it alone, and assigns the vocabulary in the same order (also with
    small budgets: several passes, large files left to ``doc``)."""
    if budgets:
        monkeypatch.setattr(documents, "PRELOAD_BYTES", budgets[0])
        monkeypatch.setattr(documents, "PRELOAD_LARGEST", budgets[1])

    r = random.Random(5)
    texts = {f"d{i}": _odd_spl(r) for i in range(300)}
    keys = [(name, "SPL") for name in texts] + [("d3", "SPL"), ("d7", "spl\n")]
    corpora = []
    for preload in (False, True):
        ids = TokenIds(Tokenizer(None, Stemmer({})), stem)
        corpus = Corpus(Options(), ids, MemorySource(texts))
        if preload:
            corpus.preload(keys)
        docs = [corpus.doc(*key) for key in keys]
        corpora.append((docs, dict(ids.vocab)))
    (one, vocab_one), (pre, vocab_pre) = corpora
    if not budgets:  # large files read later by ``doc`` take their ids later (ids only ever compare equal)
        assert list(vocab_one.items()) == list(vocab_pre.items())
    words_one = {i: w for w, i in vocab_one.items()}
    words_pre = {i: w for w, i in vocab_pre.items()}
    for a, b in zip(one, pre):
        assert a.defined == b.defined
        assert [words_one[i] for i in a.joined.tolist()] == [words_pre[i] for i in b.joined.tolist()]
        assert [words_one[i] for i in a.unit_ids.tolist()] == [words_pre[i] for i in b.unit_ids.tolist()]
        assert a.unit_len.tolist() == b.unit_len.tolist()




@pytest.mark.parametrize("formula", ["A", "B"])
@pytest.mark.parametrize("alpha", [0.5, 0, 1, 0.3])
def test_single_model_rows_equal_combine(formula, alpha):
    """Instances with one model each: the vectorised rows equal ``formulas.combine``'s."""
    rng = np.random.default_rng(11)
    n = 2000
    hit = rng.integers(0, 40, n)
    model_count = np.where(rng.random(n) < 0.05, 0, hit + rng.integers(0, 40, n))
    peer_count = np.where(rng.random(n) < 0.05, 0, hit + rng.integers(0, 40, n))
    scores = ModelPairCounts(hit, model_count, peer_count)
    got = combine_pairs(scores, np.arange(n), n, formula, alpha)
    score = scores.score()
    want = [counts_row(combine([ModelMatch(int(h), int(m), int(p), float(s))], formula, alpha))
            for h, m, p, s in zip(hit, model_count, peer_count, score)]
    assert got.tolist() == np.array(want, dtype=np.float64).tolist()


@pytest.mark.parametrize("formula", ["A", "x"])  # any value but B averages the models
@pytest.mark.parametrize("alpha", [0.5, 0, 1, 0.3])
def test_summed_model_rows_equal_combine(formula, alpha):
    """Instances with several models (0 to 5) under -f A: the vectorised sums and rows equal
    ``formulas.combine``'s over each instance's models in order."""
    rng = np.random.default_rng(12)
    n_instances = 400
    pair_instance = np.sort(rng.integers(0, n_instances, 1500))
    n = len(pair_instance)
    hit = rng.integers(0, 40, n)
    model_count = np.where(rng.random(n) < 0.05, 0, hit + rng.integers(0, 40, n))
    peer_count = np.where(rng.random(n) < 0.05, 0, hit + rng.integers(0, 40, n))
    got = combine_pairs(ModelPairCounts(hit, model_count, peer_count), pair_instance, n_instances, formula, alpha)
    want = []
    for inst in range(n_instances):
        at = np.flatnonzero(pair_instance == inst).tolist()
        want.append(counts_row(combine([ModelMatch(int(hit[k]), int(model_count[k]), int(peer_count[k]), 0.0)
                                        for k in at], formula, alpha)))
    assert got.tolist() == np.array(want, dtype=np.float64).tolist()


def test_lcs_pruning_by_peer_unit_bits_equals_key_search():
    """ROUGE-L's pruning from per-token peer-unit bit masks gives the same hits as the key search."""
    r = random.Random(8)
    words = [b"a", b"b", b"c", b"d", b"e", b"f", b"g"]
    texts = {f"t{i}": b"\n".join(b" ".join(r.choice(words) for _ in range(r.randint(0, 12)))
                                 for _ in range(r.randint(0, 7))) for i in range(240)}
    corpus = Corpus(Options(), TokenIds(Tokenizer(None, Stemmer({})), False), MemorySource(texts))
    rows = [(k, corpus.doc(f"t{k}", "SPL"), [corpus.doc(f"t{60 + 3 * k + j}", "SPL") for j in range(r.randint(1, 3))])
            for k in range(60)]
    with_bits = Pairs.build(rows)
    assert lcs_layout(with_bits).match_bits is not None
    without = Pairs.build(rows)
    lcs_layout(without).match_bits = None
    a, b = lcs_pairs(with_bits, None), lcs_pairs(without, None)
    assert a.hit.tolist() == b.hit.tolist() and a.model_count.tolist() == b.model_count.tolist()




def test_batched_and_step_engines_agree(tmp_path):
    """The fast engine and the step-by-step one give the same bytes (no reference needed)."""

    from devkit.difftools import differential_cases
    from rouge155.cli.main import getopts, options_from_flags
    from rouge155.api import iter_results
    from rouge155.inputs.config import read_file_list, read_xml_config

    cases = differential_cases(777, 60, str(tmp_path), be_share=0.0)
    compared = 0
    for cwd, args in cases:
        parsed = getopts(args)
        opts = options_from_flags(parsed.flags)
        try:
            opts.check()
        except OptionError:
            continue
        old = os.getcwd()
        os.chdir(cwd)
        try:
            z = parsed.flags.get("z")
            pos = parsed.positional
            if isinstance(z, str):
                cfg = read_file_list(pos[0], z, pos[1] if len(pos) == 2 else "X")
                systems = [pos[1] if len(pos) > 1 else "X"]
            else:
                cfg = read_xml_config(pos[0])
                systems = sorted(cfg.peer_ids) if parsed.flags.get("a") else [pos[1]]
            texts = []
            for engine in ("batch", "step"):
                try:
                    texts.append("".join(r.to_text(opts) for r in iter_results(cfg, opts, systems, engine=engine)))
                except Exception as exc:  # both must fail alike
                    texts.append(type(exc).__name__)
        finally:
            os.chdir(old)
        assert texts[0] == texts[1], args
        compared += 1
    assert compared >= 40


def _corpus_pairs(seed: int, count: int, max_models: int = 3, least: int = 0):
    """A block of ``count`` instances over random SPL texts (empty ones without ``least`` words and
    lines), 1 .. max_models models each."""
    r = random.Random(seed)
    words = [b"a", b"b", b"c", b"d", b"e"]
    texts = {f"t{i}": b"\n".join(b" ".join(r.choice(words) for _ in range(r.randint(least, 9)))
                                 for _ in range(r.randint(least, 3))) for i in range(count * (max_models + 1))}
    ids = TokenIds(Tokenizer(None, Stemmer({})), False)
    corpus = Corpus(Options(), ids, MemorySource(texts))
    rows = [(k, corpus.doc(f"t{k}", "SPL"),
             [corpus.doc(f"t{count + max_models * k + j}", "SPL") for j in range(r.randint(1, max_models))])
            for k in range(count)]
    return Pairs.build(rows), {i: w for w, i in ids.vocab.items()}


def test_ngram_pairs_equal_step_by_step_counts_for_every_order():
    """Per pair, clipped n-gram hits and counts as ``metrics.ngram`` gives them one pair at a time,
    for every n up to past the longest text (where the block costs nothing)."""
    from rouge155.metrics.ngram import clipped_hits, ngrams

    p, words = _corpus_pairs(3, 80)
    peers = [[words[i] for i in d.joined.tolist()] for d in p.peers]
    models = [[words[i] for i in d.joined.tolist()] for d in p.flat_models()]
    longest = max(map(len, peers + models))
    for n in range(1, longest + 3):
        got = ngram_pairs(p, n)
        want_hit, want_model, want_peer = [], [], []
        for inst, model in zip(p.pair_instance.tolist(), models):
            peer_grams, peer_count = ngrams(peers[inst], n)
            grams, count = ngrams(model, n)
            want_hit.append(clipped_hits(grams, peer_grams))
            want_model.append(count)
            want_peer.append(peer_count)
        assert got.hit.tolist() == want_hit, n
        assert got.model_count.tolist() == want_model and got.peer_count.tolist() == want_peer, n


def test_ngram_order_past_every_text_computes_no_gram(monkeypatch):
    """ROUGE-N with n past the longest text: zeros, without building any n-gram (bounded by the text)."""
    import rouge155.engine.batched.ngram_pairs as module

    p, _ = _corpus_pairs(4, 20)
    monkeypatch.setattr(module, "batch_ngrams", lambda *_: pytest.fail("n-grams built"))
    got = ngram_pairs(p, 10**20)
    assert not got.hit.any() and not got.model_count.any() and not got.peer_count.any()


def test_ngram_codes_cache_holds_one_order():
    """The n-gram codes kept between orders: the last order's only (-n 100 does not keep 100 arrays)."""
    from rouge155.metrics.ngram import batch_ngrams

    ids = np.arange(100) % 7
    doc = np.zeros(100, dtype=np.int64)
    cache = {}
    for n in range(1, 9):
        batch_ngrams(ids, doc, n, cache)
        assert list(cache) == ([n] if n > 1 else [])


def test_pair_maths_of_every_batched_kind():
    """The batched engine's table has a pair function for every kind it supports, and ROUGE-W's
    counts carry ROUGE-W's ratio (the others: hits over counts)."""
    from rouge155.engine.batched.combine import PAIR_COUNTS

    assert set(PAIR_COUNTS) == {plan.NGRAM, plan.LCS, plan.WLCS, plan.SKIP}
    assert not plan.batched_engine_supports(Options(be_mode="H"))
    p, _ = _corpus_pairs(5, 30, least=1)
    assert lcs_pairs(p, None).ratio is None
    weighted = lcs_pairs(Pairs(p.instances, p.peers, p.models, p.pair_instance), 1.2)
    assert weighted.ratio is not None and weighted.ratio(4.0, 16.0) == (4.0 / 16.0) ** (1 / 1.2)


def _memory_run(peers, models):
    from rouge155.api import memory_config
    from rouge155.inputs.resources import bundled_data_path, load_word_lists

    config, source = memory_config(peers, models)
    return config, source, load_word_lists(bundled_data_path())


@pytest.mark.parametrize("flags", [dict(ngram="2"), dict(ngram="3", weight="1.2", skip_distance="2", skip_both=True),
                                   dict(ngram="1", no_lcs=True, skip_distance="-1", skip_unigrams=True)])
def test_part_of_the_plan_equals_the_same_blocks_of_the_whole(flags):
    """A chunk computed for part of the plan (score_pairs' orders) gives the blocks the whole plan
    gives; a cluster, which computes the whole plan, has the same blocks picked from it."""
    peers = {"A": {"1": "the cat sat\non the mat", "2": "a dog", "3": ""}, "B": {"1": "cat mat the"}}
    models = {"1": ["the cat sat on a mat", "a cat"], "2": ["the dog barked"], "3": ["x y z"]}
    config, source, word_lists = _memory_run(peers, models)
    options = Options(**flags)
    whole = plan.metric_plan(options)
    part = [s for k, s in enumerate(whole) if k % 2 == 0]
    ids = chunks.token_vocabulary(options, word_lists)
    full, _ = chunks.compute_chunk(config.evaluations, 0, ["A", "B"], options, ids, source)
    some, _ = chunks.compute_chunk(config.evaluations, 0, ["A", "B"], options, ids, source, part)
    picked = chunks._picked([(full, [])], whole, part)[0][0]
    for got in (some, picked):
        for per_system_got, per_system_full in zip(got, full):
            want = [per_system_full[whole.index(s)] for s in part]
            assert [(i, c.tolist()) for i, c in per_system_got] == [(i, c.tolist()) for i, c in want]


def test_replayed_warnings_are_the_step_by_step_engines():
    """The batched engine reads each document once; its replayed warnings (a missing peer, an empty
    read) are the lines, in the order, that the script's walk writes."""
    from rouge155.engine.stepwise import StepwiseRun

    peers = {"A": {"1": "the cat", "2": ""}, "B": {"2": "a dog\n"}}
    models = {"1": ["the cat sat", ""], "2": ["the dog"]}
    config, source, word_lists = _memory_run(peers, models)
    # -l: an empty text is undefined (a warning at each read); -w would end the script at the empty model
    options = Options(ngram="2", skip_distance="3", skip_both=True, word_limit="20")
    batched, stepwise = [], []
    blocks = chunks.run_blocks(config, options, ["A", "B"], word_lists, source, batched.append)
    steps = list(StepwiseRun(config, options, word_lists, source, stepwise.append).blocks(["A", "B"]))
    assert batched == stepwise and any("does not exist" in w for w in batched) and any("empty" in w for w in batched)
    assert [(b.system, b.spec, b.keys, np.asarray(b.counts).tolist()) for b in blocks] == \
        [(b.system, b.spec, b.keys, np.asarray(b.counts).reshape(-1, 6).tolist()) for b in steps]
