"""The fast engine: the same numbers as :mod:`evaluate`, computed over many instances at once.

Each document is read and tokenised once; tokens become integer ids; every metric is then computed
for all instances of a chunk of evaluations with numpy (see the ``batch_*`` kernels in
:mod:`rouge155.metrics`). It covers ROUGE-N, L, W and S/SU without ``-M`` or ``-v``; anything it
does not cover, and every run on which the script would die part-way, goes to the step-by-step
engine (:class:`evaluate.Run`), which reproduces the partial output exactly.
"""
from __future__ import annotations

import math

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ...base.lazy import lazy_import
from ...base.records import dataclass, field  # dataclasses' records without its start-up cost
from ...metrics.formulas import ModelMatch, combine, counts_row, f_measure_many, w_counts_many, w_ratio, w_table_many
from ...inputs.config import EvalConfig, Evaluation
from ...base.errors import RougeError
from ..stepwise import MetricSpec, metric_plan
from ...inputs.sources import TextSource
from ...metrics import bags
from ...metrics.lcs import batch_clip, batch_marks, batch_weighted_hits, sequential_sums
from ...metrics.ngram import batch_ngrams
from ...metrics.skipbigram import batch_codes, count_for_length, matrix_hits
from ...base.options import Options
from ...base.perl import r5, r5_many
from ...text.modes import text_model
from ...text.readers import format_kind, spl_units
from ...text.tokens import TokenIds, Tokenizer

if TYPE_CHECKING:
    from ..executors.local import Workers

np = lazy_import("numpy")  # loaded by the caller once the run is known to need it (api.iter_results)

PRELOAD_BYTES = 1 << 21  # summary bytes tokenised in one pass by ``Corpus.preload`` (bounds its token lists)
PRELOAD_LARGEST = 1 << 18  # larger files go through ``Corpus.doc``, which tokenises them in blocks of units
# (instance, model) pairs per chunk: a sixth of the run, from 400 (arrays of a few MB) to 2,000 (a third
# fewer numpy steps per pair; arrays of some tens of MB): the memory grows with the corpus, as the Perl's.
CHUNK_PAIRS = 2000
SMALL_CHUNK_PAIRS = 400


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
        self.text = text_model(options)
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
            units = self.text.parse(self.source.read(path), fmt, path)
        except RougeError:
            raise NeedsStepByStep() from None
        token_ids = self.token_ids
        empty = np.zeros(0, dtype=np.int64)
        if self.word_limit == 0 and self.byte_limit == 0:
            # Without limits the joined text's tokens are the units' tokens one after the other.
            ids, lengths = token_ids.unit_ids(units)
            d = Doc(ids, True, ids, lengths)
        else:
            text = self.text.limited_text(units, self.word_limit, self.byte_limit)
            ids, lengths = empty, empty
            if self.need_units:
                ids, lengths = token_ids.unit_ids(self.text.limited_units(units, self.word_limit, self.byte_limit))
            d = Doc(token_ids.ids(text) if text is not None else empty, text is not None, ids, lengths)
        self.docs[key] = d
        return d

    def preload(self, keys: Sequence[Tuple[str, Optional[str]]]) -> None:
        """Read and tokenise many SPL documents in one pass (no length limits): the same documents as
        ``doc``, with one clean-up and one id lookup loop for all of them. Others stay for ``doc``."""
        if self.word_limit != 0 or self.byte_limit != 0 or self.text.chars:
            return  # the byte-level clean-up below is the script's own; other text modes go through ``doc``
        todo, raws, size = [], [], 0
        spl = {}  # input format -> whether it is SPL (one format for most runs)
        for key in dict.fromkeys(keys):
            fmt = key[1]
            is_spl = spl.get(fmt)
            if is_spl is None:
                is_spl = spl[fmt] = format_kind(fmt) == "SPL"
            if not is_spl or key in self.docs:
                continue
            try:
                raw = self.source.read(key[0])
            except RougeError:
                raise NeedsStepByStep() from None
            if len(raw) > PRELOAD_LARGEST:
                continue  # read again by ``doc``: rare, and its token lists stay bounded
            todo.append(key)
            raws.append(raw)
            size += len(raw)
            if size >= PRELOAD_BYTES:
                self._tokenise_spl(todo, raws)
                todo, raws, size = [], [], 0
        self._tokenise_spl(todo, raws)

    def _tokenise_spl(self, keys, raws) -> None:
        units: List[bytes] = []
        per_doc = []
        for raw in raws:
            doc_units = spl_units(raw)
            per_doc.append(len(doc_units))
            units += doc_units
        ids, lengths = self.token_ids.many_unit_ids(units)
        unit_end = np.cumsum(per_doc)
        token_end = np.cumsum(lengths)
        u0 = t0 = 0
        for key, u1 in zip(keys, unit_end.tolist()):
            t1 = int(token_end[u1 - 1]) if u1 > 0 else 0
            doc_ids = ids[t0:t1]
            self.docs[key] = Doc(doc_ids, True, doc_ids, lengths[u0:u1])
            u0, t0 = u1, t1


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

    def joined_bags(self, width: int) -> "JoinedBags":
        """The joined texts' unigrams as (owner * width + token id) keys; computed once per block and
        key width."""
        key = ("bags", width)
        if key not in self.cache:
            model_ids, model_owner, _ = self.joined_models()
            peer_ids, peer_owner, _ = self.joined_peers()
            w = np.int64(width)
            self.cache[key] = JoinedBags(bags.bag(model_owner * w + model_ids), bags.bag(peer_owner * w + peer_ids))
        return self.cache[key]

    def model_slots_in_peer(self, width: int) -> np.ndarray:
        """For each joined model token, the index of (its instance, its token) among the joined peer
        keys, -1 where the instance's peer text lacks it; computed once per block (ROUGE-L's peer clip
        limits and pruning, and which model tokens skip-bigrams keep)."""
        key = ("model_in_peer", width)
        if key not in self.cache:
            b = self.joined_bags(width)
            w = np.int64(width)
            # each distinct model key once: (pair, token) -> (instance, token)
            wanted = self.pair_instance[b.model.keys // w] * w + b.model.keys % w
            self.cache[key] = bags.positions(b.peer.keys, wanted)[b.model.index]
        return self.cache[key]


@dataclass
class JoinedBags:
    """The joined texts' unigram bags: model texts owned by pairs, peer texts by instances."""

    model: bags.Bag
    peer: bags.Bag


def _concat(arrays: List[np.ndarray]) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Concatenation, each element's owner index, and each array's length."""
    lengths = np.array([len(a) for a in arrays], dtype=np.int64)
    if len(arrays) == 0 or lengths.sum() == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), lengths
    return np.concatenate(arrays), np.repeat(np.arange(len(arrays)), lengths), lengths


@dataclass
class PairScores:
    """Per (instance, model) pair: hit, model count, peer count and the score ``-f B`` compares
    (computed only where an instance has several models: ``scores``)."""

    hit: np.ndarray
    model_count: np.ndarray
    peer_count: np.ndarray
    scores: Optional[Callable[[], np.ndarray]] = None  # default: r5(hit / model count)

    def score(self) -> np.ndarray:
        if self.scores is not None:
            return self.scores()
        return _ratio_scores(self.hit, self.model_count)


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
    return PairScores(hit, model_count, peer_count)


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
    joined = p.joined_bags(width)
    model_keep = p.model_slots_in_peer(width) >= 0
    if n_pairs == len(p.peers) and np.array_equal(p.pair_instance, np.arange(n_pairs)):
        rep_pair, rep_index, rep_ids = peer_owner, np.arange(len(peer_ids)), peer_ids  # one model each
        # pair keys are instance keys: each distinct peer key looked up once
        peer_keep = (bags.positions(joined.model.keys, joined.peer.keys) >= 0)[joined.peer.index]
    else:  # the peer's tokens once for each of its pairs
        starts = np.cumsum(peer_len) - peer_len
        lens = peer_len[p.pair_instance]
        rep_pair = np.repeat(np.arange(n_pairs), lens)
        rep_index = np.repeat(starts[p.pair_instance], lens) + (
            np.arange(int(lens.sum())) - np.repeat(np.cumsum(lens) - lens, lens))
        rep_ids = peer_ids[rep_index]
        peer_keep = bags.positions(joined.model.keys, rep_pair * width + rep_ids) >= 0
    m = (model_owner[model_keep], model_pos[model_keep], model_ids[model_keep])
    q = (rep_pair[peer_keep], peer_pos[rep_index][peer_keep], rep_ids[peer_keep])
    pair_peer_len = peer_len[p.pair_instance]
    longest = int(max(model_len.max(initial=0), pair_peer_len.max(initial=0)))
    k = int(math.floor(distance)) + 1 if 0 <= distance < longest else None
    if (k is None or k > 64) and _most_shared_types(m, width, n_pairs) <= 512:
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


def _most_shared_types(m, width: int, n_pairs: int) -> int:
    """The largest number of distinct shared token types in one pair (sizes ``matrix_hits``' matrices)."""
    types = np.unique(m[0] * width + m[2], return_counts=True)[0]
    return int(np.bincount(types // width, minlength=n_pairs).max(initial=0))


def skip_pairs(p: Pairs, distance, with_unigrams: bool) -> PairScores:
    bigram, unigram = skip_hits(p, distance)
    hit = bigram + unigram if with_unigrams else bigram
    models = p.flat_models()
    model_count = np.array([count_for_length(len(d.joined), distance, with_unigrams) for d in models],
                           dtype=np.int64)
    peer_count = np.array([count_for_length(len(d.joined), distance, with_unigrams) for d in p.peers],
                          dtype=np.int64)[p.pair_instance] if models else np.zeros(0, dtype=np.int64)
    return PairScores(hit, model_count, peer_count)


@dataclass
class LcsLayout:
    """What ROUGE-L and W share for a block: model units pair by pair, the peer units, every (model
    unit, peer unit) alignment of an instance, and each model token's clip limits."""

    m_ids: np.ndarray  # model units' token ids, pair by pair, unit by unit
    m_unit_len: np.ndarray
    m_unit_pair: np.ndarray
    m_tok_unit: np.ndarray
    tok_pair: np.ndarray
    p_ids: np.ndarray
    p_unit_len: np.ndarray
    align_m_off: np.ndarray
    align_m_len: np.ndarray
    align_p_off: np.ndarray
    align_p_len: np.ndarray
    model_limit: np.ndarray  # the clip limits: unigram counts of the joined texts
    peer_limit: np.ndarray
    peer_len: np.ndarray  # each instance's joined peer length
    # for ROUGE-L's pruning (None past 64 peer units in an instance): per model token, which of its
    # instance's peer units hold it (bit k: the k-th), and each alignment's peer unit number
    match_bits: Optional[Tuple[np.ndarray, np.ndarray]] = None


def lcs_layout(p: Pairs) -> LcsLayout:
    """``LcsLayout`` of a block, computed once (ROUGE-L and W both use it)."""
    if "lcs_layout" in p.cache:
        return p.cache["lcs_layout"]
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
    tok_pair = m_unit_pair[m_tok_unit] if len(m_tok_unit) else np.zeros(0, dtype=np.int64)
    j_model_ids, j_model_owner, _ = p.joined_models()
    j_peer_ids, j_peer_owner, peer_len = p.joined_peers()
    width = int(max(j_model_ids.max(initial=-1), j_peer_ids.max(initial=-1))) + 1
    units_per_peer = p_first[1:] - p_first[:-1]
    with_bits = len(tok_pair) and len(p_ids) and int(units_per_peer.max()) <= 64
    if with_bits:
        p_tok_unit = np.repeat(np.arange(len(p_unit_len)), p_unit_len)
        p_tok_inst = np.repeat(np.arange(len(p.peers)), units_per_peer)[p_tok_unit]
    if all(d.unit_ids is d.joined for d in models + p.peers):
        # no length limits: the units make up the joined texts, whose bags give the clip limits
        joined = p.joined_bags(width)
        model_limit = joined.model.counts[joined.model.index]
        slot = p.model_slots_in_peer(width)
        peer_limit = joined.peer.counts_at(slot)
        peer_bag = joined.peer
    else:  # the units' tokens differ from the joined texts': each one looked up there
        width = max(width, int(m_ids.max(initial=-1)) + 1, int(p_ids.max(initial=-1)) + 1)  # no overlapping keys
        joined = p.joined_bags(width)
        w = np.int64(width)
        model_limit = joined.model.counts_at(bags.positions(joined.model.keys, tok_pair * w + m_ids))
        wanted = p.pair_instance[tok_pair] * w + m_ids
        peer_limit = joined.peer.counts_at(bags.positions(joined.peer.keys, wanted))
        if with_bits:
            peer_bag = bags.bag(p_tok_inst * w + p_ids)  # the peer units' own keys
            slot = bags.positions(peer_bag.keys, wanted)
    layout = LcsLayout(m_ids, m_unit_len, m_unit_pair, m_tok_unit, tok_pair, p_ids, p_unit_len,
                       m_unit_off[align_model], m_unit_len[align_model], p_unit_off[align_peer],
                       p_unit_len[align_peer], model_limit, peer_limit, peer_len)
    if with_bits:
        # per (instance, token) key of the peer units: which of the instance's units hold it (bit k: the k-th)
        bits = np.left_shift(np.uint64(1), (p_tok_unit - p_first[p_tok_inst]).astype(np.uint64))
        held = np.bitwise_or.reduceat(bits[peer_bag.order], peer_bag.starts)
        m_bits = np.where(slot >= 0, held[np.maximum(slot, 0)], np.uint64(0))
        local = (align_peer - np.repeat(p_first[:-1][inst_of_unit], n_peer_units)).astype(np.uint64)
        layout.match_bits = (m_bits, local)
    p.cache["lcs_layout"] = layout
    return layout


def lcs_pairs(p: Pairs, weight: Optional[float]) -> PairScores:
    """ROUGE-L (weight None) or ROUGE-W for all pairs of a block."""
    n_pairs = len(p.pair_instance)
    q = lcs_layout(p)
    m_ids, m_unit_len, m_unit_pair, m_tok_unit, tok_pair = q.m_ids, q.m_unit_len, q.m_unit_pair, q.m_tok_unit, q.tok_pair
    longest = int(max(m_unit_len.max(initial=0), q.p_unit_len.max(initial=0))) + 2
    table = None
    if weight is not None:
        table = w_table_many(longest, weight)
        if table is None:  # weights past the doubles' exact range: Perl's arithmetic, step by step
            raise NeedsStepByStep()
    marked = batch_marks(m_ids, q.align_m_off, q.align_m_len, q.p_ids, q.align_p_off, q.align_p_len, table,
                         q.match_bits)
    model_limit, peer_limit, peer_len = q.model_limit, q.peer_limit, q.peer_len
    counted = batch_clip(tok_pair, m_ids, marked, model_limit, peer_limit)
    peer_count = peer_len[p.pair_instance] if n_pairs else np.zeros(0, dtype=np.int64)
    if weight is None:
        hit = np.bincount(tok_pair[counted], minlength=n_pairs).astype(np.int64)
        base = np.bincount(m_unit_pair, weights=m_unit_len, minlength=n_pairs).astype(np.int64)
        return PairScores(hit, base, peer_count,
                          lambda: np.where(base > 0, hit / np.where(base > 0, base, 1), 0.0))
    hit = batch_weighted_hits(tok_pair, m_tok_unit, counted, marked, n_pairs, table)
    base = sequential_sums(table[m_unit_len], m_unit_pair, n_pairs)
    if (base == 0).any():
        raise NeedsStepByStep()  # the script divides by zero here
    # Perl quirk (w_power): the model's weighted length is raised to w again.
    model_count, peer_w = w_counts_many(base, weight), w_counts_many(peer_count, weight)
    if model_count is None or peer_w is None:  # counts doubles would not hold: step by step
        raise NeedsStepByStep()
    return PairScores(hit, model_count, peer_w,
                      lambda: np.array([w_ratio(h, b, weight) for h, b in zip(hit.tolist(), base.tolist())]))


def combine_pairs(s: PairScores, pair_instance: np.ndarray, n_instances: int, formula: str, alpha,
                  ratio: Optional[Callable[[float, float], float]]) -> np.ndarray:
    """Per instance: (model count, hit, R, peer count, P, F), by ``formulas.combine`` (ratio None:
    hit / count)."""
    if len(pair_instance) == n_instances and np.array_equal(pair_instance, np.arange(n_instances)):
        return _single_model_rows(s, alpha, ratio)
    ratio = ratio or (lambda h, c: h / c)
    groups: List[List[ModelMatch]] = [[] for _ in range(n_instances)]
    columns = (a.tolist() for a in (s.hit, s.model_count, s.peer_count, s.score()))
    for inst, match in zip(pair_instance.tolist(), map(ModelMatch._make, zip(*columns))):
        groups[inst].append(match)
    rows = [counts_row(combine(g, formula, alpha, ratio)) for g in groups]
    return np.array(rows, dtype=np.float64).reshape(-1, 6)


def _ratios(hit: np.ndarray, count: np.ndarray, ratio) -> np.ndarray:
    """r5(ratio(hit, count)) where count != 0, else 0."""
    if ratio is None:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(count != 0, r5_many(hit / np.where(count != 0, count, 1)), 0.0)
    return np.array([r5(ratio(h, c)) if c != 0 else 0.0 for h, c in zip(hit.tolist(), count.tolist())])


def _single_model_rows(s: PairScores, alpha, ratio) -> np.ndarray:
    """``combine_pairs`` where every instance has exactly one model: both formulas take that model's
    counts as they are, so R, P and F are computed for all instances at once."""
    hit = s.hit.astype(np.float64)
    model_count = s.model_count.astype(np.float64)
    peer_count = s.peer_count.astype(np.float64)
    recall = _ratios(hit, model_count, ratio)
    precision = _ratios(hit, peer_count, ratio)
    f = f_measure_many(recall, precision, alpha)
    return np.stack([model_count, hit, recall, peer_count, precision, f], axis=1)


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
                             lambda h, c: w_ratio(h, c, w))
    return combine_pairs(scores, p.pair_instance, n_inst, options.formula, options.alpha_num, None)


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
    wanted = []
    for system in systems:
        for ev in evaluations:
            if system in ev.peers:
                fmt = ev.input_format
                wanted += [(ev.peer_path(system), fmt)] + [(path, fmt) for _mid, path in ev.model_paths()]
    corpus.preload(wanted)
    per_system: List[Dict[int, Tuple[Doc, List[Doc]]]] = []
    for system in systems:
        rows = {}
        for k, ev in enumerate(evaluations):
            if system not in ev.peers:
                continue
            model_paths = [path for _mid, path in ev.model_paths()]
            for path in model_paths:
                if (path, ev.input_format) not in corpus.docs and not source.exists(path):
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


def token_vocabulary(options: Options, language) -> TokenIds:
    """An empty vocabulary for runs with these text, stopword and stemming options."""
    text = text_model(options)
    # no cache in the stemmer: the token-id map already sees each distinct token once
    stemmer = text.stemmer(language.exceptions, cache=False)
    tokenizer = Tokenizer(text.stopwords(language.stopwords) if options.remove_stopwords else None, stemmer,
                          text.counted_first)
    # one vocabulary for the run: each word stemmed once
    return TokenIds(tokenizer, options.stem, text.clean_tokens, text.token_str)


class ChunkJob:
    """``job(k)``: the counts of chunk k. Picklable, so that a spawned worker can receive it; each
    process builds its own vocabulary (the counts do not depend on the ids)."""

    def __init__(self, tasks: list, options: Options, language, source: TextSource,
                 token_ids: Optional[TokenIds] = None):
        self.tasks = tasks
        self.options = options
        self.language = language
        self.source = source
        self._token_ids = token_ids  # the caller's vocabulary (score_pairs keeps one between calls)

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_token_ids": None}

    def __call__(self, k: int):
        if self._token_ids is None:
            self._token_ids = token_vocabulary(self.options, self.language)
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
    token_ids: Optional[TokenIds] = None,
):
    """Every block of the run, in report order, computed chunk by chunk (shared with ``workers``).

    ``token_ids``: a vocabulary kept from an earlier run with the same stopword and stemming options
    (:func:`token_vocabulary`), so that words already seen are not stemmed again."""
    from ..stepwise import MetricBlock

    plan = metric_plan(options)
    evals = config.evaluations
    n_systems = len(systems)
    weights = [max(1, len(ev.model_ids) * min(len(ev.peers), n_systems)) for ev in evals]
    if workers is None:
        from ..executors.local import Workers

        workers = Workers(1)
    total = sum(weights)  # integers
    bounds = chunk_bounds(weights, min(CHUNK_PAIRS, max(SMALL_CHUNK_PAIRS, total // 6)), workers.jobs)
    tasks = [(evals[a:b], a, list(systems)) for a, b in zip(bounds[:-1], bounds[1:])]
    job = ChunkJob(tasks, options, language, source, token_ids)

    def done(k: int) -> None:
        if progress:
            progress(len(tasks[k][0]))

    if hasattr(workers, "run_chunks"):  # a cluster executor (dask_executor): each chunk sent with its texts
        results = workers.run_chunks(tasks, options, language, source, done)
    elif len(tasks) > 1:  # several chunks: a large run, whose array temporaries churn the allocator
        from ..alloc import reuse_freed_blocks

        with reuse_freed_blocks():
            results = workers.run_tasks(len(tasks), job, done)
    else:
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
