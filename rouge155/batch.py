"""The fast engine: the same numbers as :mod:`evaluate`, computed over many instances at once.

Each document is read and tokenised once; tokens become integer ids; every metric is then computed
for all instances of a chunk of evaluations with numpy (see the ``batch_*`` kernels in
:mod:`rouge155.metrics`). It covers ROUGE-N, L, W and S/SU without ``-M`` or ``-v``; anything it
does not cover, and every run on which the script would die part-way, goes to the step-by-step
engine (:class:`evaluate.Run`), which reproduces the partial output exactly.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .aggregate import ModelMatch, combine, counts_row
from .config import EvalConfig, Evaluation
from .errors import RougeError
from .evaluate import MetricSpec, TextSource, metric_plan
from .metrics import bags
from .metrics.lcs import batch_clip, batch_marks, batch_weighted_hits, sequential_sums
from .metrics.ngram import batch_ngrams
from .metrics.skipbigram import batch_codes, count_for_length, matrix_hits
from .options import Options
from .perl import r5
from .readers import limited_text, limited_units, parse_units
from .tokenize import TokenIds, Tokenizer
from .workers import Workers

CHUNK_PAIRS = 400  # (instance, model) pairs per chunk: a few MB of arrays, and within 5% of the speed of bigger chunks


class NeedsStepByStep(Exception):
    """The script would die (or do something this engine does not cover) somewhere in the run."""


def supported(options: Options) -> bool:
    plan = metric_plan(options)
    if options.verbose or options.stem_models_only or any(s.kind == "BE" for s in plan):
        return False
    if options.skip_distance is not None and options.skip_distance_num != options.skip_distance_num:
        return False  # a NaN gap
    if options.weight is not None and not math.isfinite(options.weight_num):
        return False
    return True


@dataclass
class Doc:
    joined: np.ndarray  # token ids of readText's text
    defined: bool  # False where readText leaves the text undefined (a warning each time it is read)
    unit_ids: np.ndarray  # token ids of readText_LCS's units, one after the other
    unit_len: np.ndarray  # each unit's token count


class Corpus:
    """The documents of one chunk, each read and tokenised once, with ids from the run's vocabulary."""

    def __init__(self, options: Options, token_ids: TokenIds, source: TextSource):
        self.source = source
        self.token_ids = token_ids
        self.word_limit = options.word_limit_num
        self.byte_limit = options.byte_limit_num
        self.docs: Dict[Tuple[str, Optional[str]], Doc] = {}
        self.need_units = False

    def doc(self, path: str, fmt: Optional[str]) -> Doc:
        key = (path, fmt)
        d = self.docs.get(key)
        if d is not None:
            return d
        try:
            units = parse_units(self.source.read(path), fmt)
        except RougeError:
            raise NeedsStepByStep() from None
        token_ids = self.token_ids
        empty = np.zeros(0, dtype=np.int64)
        if self.word_limit == 0 and self.byte_limit == 0:
            # Without limits the joined text's tokens are the units' tokens one after the other.
            ids, lengths = token_ids.unit_ids(units)
            d = Doc(ids, True, ids, lengths)
        else:
            text = limited_text(units, self.word_limit, self.byte_limit)
            ids, lengths = empty, empty
            if self.need_units:
                ids, lengths = token_ids.unit_ids(limited_units(units, self.word_limit, self.byte_limit))
            d = Doc(token_ids.ids(text) if text is not None else empty, text is not None, ids, lengths)
        self.docs[key] = d
        return d


@dataclass
class Pairs:
    """Instances of one block within a chunk and their (instance, model) pairs, flattened."""

    instances: List[int]  # eval indices
    peers: List[Doc]
    models: List[List[Doc]]
    pair_instance: np.ndarray
    cache: dict = field(default_factory=dict)

    @classmethod
    def build(cls, rows):
        instances, peers, models, owner = [], [], [], []
        for k, (eval_index, peer, model_docs) in enumerate(rows):
            instances.append(eval_index)
            peers.append(peer)
            models.append(model_docs)
            owner += [k] * len(model_docs)
        return cls(instances, peers, models, np.array(owner, dtype=np.int64))

    def flat_models(self) -> List[Doc]:
        return [m for ms in self.models for m in ms]

    def joined_peers(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The peers' joined-text ids, concatenated (see ``_concat``); computed once per block."""
        if "joined_peers" not in self.cache:
            self.cache["joined_peers"] = _concat([d.joined for d in self.peers])
        return self.cache["joined_peers"]

    def joined_models(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The models' joined-text ids, pair by pair, concatenated; computed once per block."""
        if "joined_models" not in self.cache:
            self.cache["joined_models"] = _concat([d.joined for d in self.flat_models()])
        return self.cache["joined_models"]


def _concat(arrays: List[np.ndarray]) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Concatenation, each element's owner index, and each array's length."""
    lengths = np.array([len(a) for a in arrays], dtype=np.int64)
    if len(arrays) == 0 or lengths.sum() == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), lengths
    return np.concatenate(arrays), np.repeat(np.arange(len(arrays)), lengths), lengths


@dataclass
class PairScores:
    """Per (instance, model) pair: hit, model count, peer count and the score ``-f B`` compares."""

    hit: np.ndarray
    model_count: np.ndarray
    peer_count: np.ndarray
    score: np.ndarray


def _ratio_scores(hit: np.ndarray, count: np.ndarray) -> np.ndarray:
    return np.array([r5(h / c) if c else 0.0 for h, c in zip(hit.tolist(), count.tolist())])


def ngram_pairs(p: Pairs, n: int) -> PairScores:
    peer_ids, peer_owner, peer_len = p.joined_peers()
    model_ids, model_owner, model_len = p.joined_models()
    if "ngram_tokens" not in p.cache:  # peers' tokens, then the models': the same for every n
        p.cache["ngram_tokens"] = (np.concatenate([peer_ids, model_ids]),
                                   np.concatenate([peer_owner, model_owner + len(p.peers)]))
    ids, owner = p.cache["ngram_tokens"]
    gram_owner, codes = batch_ngrams(ids, owner, n, p.cache.setdefault("ngram", {}))
    is_peer = gram_owner < len(p.peers)
    hit = bags.clipped_hits(gram_owner[is_peer], codes[is_peer], gram_owner[~is_peer] - len(p.peers),
                            codes[~is_peer], p.pair_instance)
    model_count = np.maximum(model_len - n + 1, 0)
    peer_count = np.maximum(peer_len - n + 1, 0)[p.pair_instance]
    return PairScores(hit, model_count, peer_count, _ratio_scores(hit, model_count))


def skip_hits(p: Pairs, distance) -> Tuple[np.ndarray, np.ndarray]:
    """Per pair: clipped skip-bigram hits and clipped -u unigram hits (shared by ROUGE-S and SU)."""
    cached = p.cache.get(("skip", distance))
    if cached is not None:
        return cached
    models = p.flat_models()
    n_pairs = len(models)
    peer_ids, peer_owner, peer_len = p.joined_peers()
    model_ids, model_owner, model_len = p.joined_models()
    width = int(max(peer_ids.max(initial=-1), model_ids.max(initial=-1))) + 1
    zeros = np.zeros(n_pairs, dtype=np.int64)
    if n_pairs == 0 or width == 0 or len(peer_ids) == 0:
        p.cache[("skip", distance)] = (zeros, zeros)
        return zeros, zeros
    # Only tokens both sides have can form a shared skip-bigram: keep those, with their positions.
    peer_pos = np.arange(len(peer_ids)) - np.repeat(np.cumsum(peer_len) - peer_len, peer_len)
    model_pos = np.arange(len(model_ids)) - np.repeat(np.cumsum(model_len) - model_len, model_len)
    mk, mc = bags.counted_keys(model_owner, model_ids, width)
    pk, pc = bags.counted_keys(peer_owner, peer_ids, width)
    model_keep = bags.lookup(pk, pc, p.pair_instance[model_owner] * width + model_ids) > 0
    starts = np.cumsum(peer_len) - peer_len
    lens = peer_len[p.pair_instance]
    rep_pair = np.repeat(np.arange(n_pairs), lens)
    rep_index = np.repeat(starts[p.pair_instance], lens) + (
        np.arange(int(lens.sum())) - np.repeat(np.cumsum(lens) - lens, lens))
    rep_ids = peer_ids[rep_index]
    peer_keep = bags.lookup(mk, mc, rep_pair * width + rep_ids) > 0
    m = (model_owner[model_keep], model_pos[model_keep], model_ids[model_keep])
    q = (rep_pair[peer_keep], peer_pos[rep_index][peer_keep], rep_ids[peer_keep])
    pair_peer_len = peer_len[p.pair_instance]
    longest = int(max(model_len.max(initial=0), pair_peer_len.max(initial=0)))
    k = int(math.floor(distance)) + 1 if 0 <= distance < longest else None
    shared_types = np.bincount(np.unique(m[0] * width + m[2], return_counts=True)[0] // width, minlength=n_pairs)
    if (k is None or k > 64) and int(shared_types.max(initial=0)) <= 512:
        result = matrix_hits(*m, *q, model_len, pair_peer_len, n_pairs, distance)
    else:
        mb = batch_codes(m[0], m[1], model_len, m[2], width, distance, False)
        pb = batch_codes(q[0], q[1], pair_peer_len, q[2], width, distance, False)
        mu = m[1] < model_len[m[0]] - 1  # Perl quirk: no unigram for the last token
        pu = q[1] < pair_peer_len[q[0]] - 1
        result = (bags.clipped_hits(pb[0], pb[1], mb[0], mb[1], np.arange(n_pairs)),
                  bags.clipped_hits(q[0][pu], q[2][pu], m[0][mu], m[2][mu], np.arange(n_pairs)))
    p.cache[("skip", distance)] = result
    return result


def skip_pairs(p: Pairs, distance, with_unigrams: bool) -> PairScores:
    bigram, unigram = skip_hits(p, distance)
    hit = bigram + unigram if with_unigrams else bigram
    models = p.flat_models()
    model_count = np.array([count_for_length(len(d.joined), distance, with_unigrams) for d in models],
                           dtype=np.int64)
    peer_count = np.array([count_for_length(len(d.joined), distance, with_unigrams) for d in p.peers],
                          dtype=np.int64)[p.pair_instance] if models else np.zeros(0, dtype=np.int64)
    return PairScores(hit, model_count, peer_count, _ratio_scores(hit, model_count))


def lcs_pairs(p: Pairs, weight: Optional[float]) -> PairScores:
    """ROUGE-L (weight None) or ROUGE-W for all pairs of a block."""
    models = p.flat_models()
    n_pairs = len(models)
    # model units, pair by pair, unit by unit
    m_ids, _, _ = _concat([d.unit_ids for d in models])
    m_unit_len = np.concatenate([d.unit_len for d in models]) if models else np.zeros(0, dtype=np.int64)
    m_unit_pair = np.repeat(np.arange(n_pairs), [len(d.unit_len) for d in models]).astype(np.int64)
    m_tok_unit = np.repeat(np.arange(len(m_unit_len)), m_unit_len)
    m_unit_off = np.cumsum(m_unit_len) - m_unit_len
    p_ids, _, _ = _concat([d.unit_ids for d in p.peers])
    p_unit_len = np.concatenate([d.unit_len for d in p.peers]) if p.peers else np.zeros(0, dtype=np.int64)
    p_unit_off = np.cumsum(p_unit_len) - p_unit_len
    p_first = np.cumsum([0] + [len(d.unit_len) for d in p.peers])
    # every model unit against every peer unit of its instance
    inst_of_unit = p.pair_instance[m_unit_pair] if len(m_unit_pair) else np.zeros(0, dtype=np.int64)
    n_peer_units = (p_first[1:] - p_first[:-1])[inst_of_unit] if len(inst_of_unit) else np.zeros(0, np.int64)
    align_model = np.repeat(np.arange(len(m_unit_len)), n_peer_units)
    align_peer = (np.repeat(p_first[:-1][inst_of_unit], n_peer_units)
                  + np.arange(int(n_peer_units.sum())) - np.repeat(np.cumsum(n_peer_units) - n_peer_units, n_peer_units))
    longest = int(max(m_unit_len.max(initial=0), p_unit_len.max(initial=0))) + 2
    table = None
    if weight is not None:
        table = np.array([float(k) ** weight for k in range(longest + 1)])
    marked = batch_marks(m_ids, m_unit_off[align_model], m_unit_len[align_model],
                         p_ids, p_unit_off[align_peer], p_unit_len[align_peer], table)
    # the clip limits: unigram counts of the joined texts
    tok_pair = m_unit_pair[m_tok_unit] if len(m_tok_unit) else np.zeros(0, dtype=np.int64)
    j_model_ids, j_model_owner, _ = p.joined_models()
    j_peer_ids, j_peer_owner, peer_len = p.joined_peers()
    width = int(max(m_ids.max(initial=-1), j_model_ids.max(initial=-1), j_peer_ids.max(initial=-1))) + 1
    mk, mc = bags.counted_keys(j_model_owner, j_model_ids, width)
    pk, pc = bags.counted_keys(j_peer_owner, j_peer_ids, width)
    model_limit = bags.lookup(mk, mc, tok_pair * width + m_ids)
    peer_limit = bags.lookup(pk, pc, p.pair_instance[tok_pair] * width + m_ids) if len(tok_pair) else model_limit
    counted = batch_clip(tok_pair, m_ids, marked, model_limit, peer_limit)
    peer_count = peer_len[p.pair_instance] if n_pairs else np.zeros(0, dtype=np.int64)
    if weight is None:
        hit = np.bincount(tok_pair[counted], minlength=n_pairs).astype(np.int64)
        base = np.bincount(m_unit_pair, weights=m_unit_len, minlength=n_pairs).astype(np.int64)
        score = np.where(base > 0, hit / np.where(base > 0, base, 1), 0.0)
        return PairScores(hit, base, peer_count, score)
    hit = batch_weighted_hits(tok_pair, m_tok_unit, counted, marked, n_pairs, table)
    base = sequential_sums(table[m_unit_len], m_unit_pair, n_pairs)
    if (base == 0).any():
        raise NeedsStepByStep()  # the script divides by zero here
    inverse = 1 / weight
    score = np.array([(h / b) ** inverse for h, b in zip(hit.tolist(), base.tolist())])
    # Perl quirk: the model's weighted length (already a sum of len**w) is raised to w again.
    model_count = np.array([b**weight for b in base.tolist()])
    peer_w = np.array([float(c) ** weight for c in peer_count.tolist()])
    return PairScores(hit, model_count, peer_w, score)


def combine_pairs(s: PairScores, pair_instance: np.ndarray, n_instances: int, formula: str, alpha,
                  ratio: Callable[[float, float], float]) -> np.ndarray:
    """Per instance: (model count, hit, R, peer count, P, F), by ``aggregate.combine``."""
    groups: List[List[ModelMatch]] = [[] for _ in range(n_instances)]
    columns = (a.tolist() for a in (s.hit, s.model_count, s.peer_count, s.score))
    for inst, match in zip(pair_instance.tolist(), map(ModelMatch._make, zip(*columns))):
        groups[inst].append(match)
    rows = [counts_row(combine(g, formula, alpha, ratio)) for g in groups]
    return np.array(rows, dtype=np.float64).reshape(-1, 6)


def block_counts(spec: MetricSpec, p: Pairs, options: Options) -> np.ndarray:
    n_inst = len(p.instances)
    if spec.kind == "N":
        scores = ngram_pairs(p, spec.n)
    elif spec.kind == "S":
        scores = skip_pairs(p, options.skip_distance_num, spec.skip_unigrams)
    elif spec.kind == "L":
        scores = lcs_pairs(p, None)
    else:
        scores = lcs_pairs(p, options.weight_num)
        w = options.weight_num
        return combine_pairs(scores, p.pair_instance, n_inst, options.formula, options.alpha_num,
                             lambda h, c: (h / c) ** (1 / w))
    return combine_pairs(scores, p.pair_instance, n_inst, options.formula, options.alpha_num, lambda h, c: h / c)


def compute_chunk(
    evaluations: Sequence[Evaluation],
    first_index: int,
    systems: Sequence[str],
    options: Options,
    token_ids: TokenIds,
    source: TextSource,
) -> Tuple[List[List[Tuple[List[int], np.ndarray]]], List[Tuple[str, Optional[str]]]]:
    """Counts for every (system, metric) block over a chunk of evaluations.

    Returns, per system and metric, (eval indices, counts rows), and the documents whose joined text
    is undefined (for the warnings).
    """
    plan = metric_plan(options)
    corpus = Corpus(options, token_ids, source)
    corpus.need_units = any(s.kind in ("L", "W") for s in plan)
    per_system: List[Dict[int, Tuple[Doc, List[Doc]]]] = []
    for system in systems:
        rows = {}
        for k, ev in enumerate(evaluations):
            if system not in ev.peers:
                continue
            model_paths = [path for _mid, path in ev.model_paths()]
            for path in model_paths:
                if not source.exists(path):
                    raise NeedsStepByStep()
            peer = corpus.doc(ev.peer_path(system), ev.input_format)
            rows[first_index + k] = (peer, [corpus.doc(path, ev.input_format) for path in model_paths])
        per_system.append(rows)
    # all systems' instances in one batch per metric, then split back by system
    flat = [(i, peer, models) for rows in per_system for i, (peer, models) in rows.items()]
    sizes = [len(rows) for rows in per_system]
    pairs = Pairs.build(flat)
    per_spec = [block_counts(spec, pairs, options) for spec in plan]
    out = []
    start = 0
    for size in sizes:
        out.append([(pairs.instances[start : start + size], counts[start : start + size]) for counts in per_spec])
        start += size
    undefined = [key for key, d in corpus.docs.items() if not d.defined]
    return out, undefined


def chunk_bounds(weights: Sequence[int], budget: int, jobs: int) -> List[int]:
    """Chunk boundaries over evaluations of the given weights (pairs), about ``budget`` each. With
    several processes the last chunks shrink (guided scheduling), so that the processes run out of
    work at about the same time."""
    bounds = [0]
    remaining = sum(weights)  # integers
    acc = 0
    target = budget
    for i, w in enumerate(weights):
        if jobs > 1 and acc == 0:
            target = min(budget, max(budget // 8, -(-remaining // (2 * jobs))))
        acc += w
        if acc >= target:
            bounds.append(i + 1)
            remaining -= acc
            acc = 0
    if bounds[-1] != len(weights) or len(bounds) == 1:
        bounds.append(len(weights))
    return bounds


class ChunkJob:
    """``job(k)``: the counts of chunk k. Picklable, so that a spawned worker can receive it; each
    process builds its own vocabulary (the counts do not depend on the ids)."""

    def __init__(self, tasks: list, options: Options, language, source: TextSource):
        self.tasks = tasks
        self.options = options
        self.language = language
        self.source = source
        self._token_ids: Optional[TokenIds] = None

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_token_ids": None}

    def __call__(self, k: int):
        if self._token_ids is None:
            from .stem import Stemmer

            # no cache in the stemmer: the token-id map already sees each distinct token once
            stemmer = Stemmer(self.language.exceptions, cache=False)
            tokenizer = Tokenizer(self.language.stopwords if self.options.remove_stopwords else None, stemmer)
            self._token_ids = TokenIds(tokenizer, self.options.stem)  # one vocabulary: each word stemmed once
        return compute_chunk(*self.tasks[k], self.options, self._token_ids, self.source)


def run_blocks(
    config: EvalConfig,
    options: Options,
    systems: Sequence[str],
    language,
    source: TextSource,
    warn: Callable[[str], None],
    workers: Optional[Workers] = None,
    progress: Optional[Callable[[int], None]] = None,
):
    """Every block of the run, in report order, computed chunk by chunk (shared with ``workers``)."""
    from .evaluate import MetricBlock

    plan = metric_plan(options)
    evals = config.evaluations
    n_systems = len(systems)
    weights = [max(1, len(ev.model_ids) * min(len(ev.peers), n_systems)) for ev in evals]
    workers = workers or Workers(1)
    bounds = chunk_bounds(weights, CHUNK_PAIRS, workers.jobs)
    tasks = [(evals[a:b], a, list(systems)) for a, b in zip(bounds[:-1], bounds[1:])]
    job = ChunkJob(tasks, options, language, source)

    def done(k: int) -> None:
        if progress:
            progress(len(tasks[k][0]))

    results = workers.run_tasks(len(tasks), job, done)

    blocks = []
    for si, system in enumerate(systems):
        indices: List[int] = [i for out, _undefined in results for i in (out[si][0][0] if plan else [])]
        keys = [f"{evals[i].eval_id}.{system}" for i in indices]  # one list for all the system's blocks
        for pi, spec in enumerate(plan):
            rows = [out[si][pi][1] for out, _undefined in results]
            counts = np.concatenate(rows) if rows else np.zeros((0, 6))
            blocks.append(MetricBlock(system, spec, keys, counts.reshape(-1, 6)))
    undefined = {key for _out, und in results for key in und}
    _replay_warnings(evals, systems, plan, undefined, warn)
    return blocks


def _replay_warnings(evals, systems, plan, undefined, warn) -> None:
    """The script's stderr warnings, in its order: one per missing peer, one per empty read."""
    missing = any(system not in ev.peers for system in systems for ev in evals)
    if not missing and not undefined:
        return
    known = set()
    for system in systems:
        for spec in plan if undefined else plan[:1]:
            for ev in evals:
                if system not in ev.peers:
                    if (ev.eval_id, system) not in known:
                        known.add((ev.eval_id, system))
                        warn(f"*ROUGE Warning: test instance for peer {system} does not exist for evaluation {ev.eval_id}")
                    continue
                if undefined:
                    fmt = ev.input_format
                    for path in [ev.peer_path(system)] + [p for _m, p in ev.model_paths()]:
                        if (path, fmt) in undefined:
                            warn(f"readText: {path} -> empty text")
