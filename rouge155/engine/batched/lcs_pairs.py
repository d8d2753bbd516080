"""ROUGE-L and ROUGE-W for every (instance, model) pair of a block at once: summary-level LCS over
the texts' units, every model unit aligned with every peer unit of its instance."""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Optional, Tuple

from ...base.lazy import np  # loaded by the caller once the run is known to need it (plan.scored_blocks)
from ...base.records import dataclass  # dataclasses' records without its start-up cost
from ...metrics import bags
from ...metrics.formulas import w_counts_many, w_ratio, w_table_many
from ...metrics.lcs import batch_clip, batch_marks, batch_weighted_hits, sequential_sums
from ..plan import NeedsStepByStep
from .instances import ModelPairCounts, Pairs, concat


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
    m_ids, _, _ = concat([d.unit_ids for d in models])
    m_unit_len = np.concatenate([d.unit_len for d in models]) if models else np.zeros(0, dtype=np.int64)
    m_unit_pair = np.repeat(np.arange(n_pairs), [len(d.unit_len) for d in models]).astype(np.int64)
    m_tok_unit = np.repeat(np.arange(len(m_unit_len)), m_unit_len)
    m_unit_off = np.cumsum(m_unit_len) - m_unit_len
    p_ids, _, _ = concat([d.unit_ids for d in p.peers])
    p_unit_len = np.concatenate([d.unit_len for d in p.peers]) if p.peers else np.zeros(0, dtype=np.int64)
    p_unit_off = np.cumsum(p_unit_len) - p_unit_len
    p_first = np.cumsum([0] + [len(d.unit_len) for d in p.peers])
    # every model unit against every peer unit of its instance
    inst_of_unit = p.pair_instance[m_unit_pair] if len(m_unit_pair) else np.zeros(0, dtype=np.int64)
    n_peer_units = (p_first[1:] - p_first[:-1])[inst_of_unit] if len(inst_of_unit) else np.zeros(0, np.int64)
    align_model = np.repeat(np.arange(len(m_unit_len)), n_peer_units)
    align_peer = (np.repeat(p_first[:-1][inst_of_unit], n_peer_units) + np.arange(int(n_peer_units.sum()))
                  - np.repeat(np.cumsum(n_peer_units) - n_peer_units, n_peer_units))
    tok_pair = m_unit_pair[m_tok_unit] if len(m_tok_unit) else np.zeros(0, dtype=np.int64)
    j_model_ids = p.joined_models()[0]
    j_peer_ids, _, peer_len = p.joined_peers()
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


def lcs_pairs(p: Pairs, weight: Optional[float]) -> ModelPairCounts:
    """ROUGE-L (weight None) or ROUGE-W for all pairs of a block (ROUGE-W's R and P through
    ``formulas.w_ratio``)."""
    n_pairs = len(p.pair_instance)
    q = lcs_layout(p)
    m_ids, m_unit_len, m_unit_pair = q.m_ids, q.m_unit_len, q.m_unit_pair
    m_tok_unit, tok_pair = q.m_tok_unit, q.tok_pair
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
    if weight is None or table is None:  # ROUGE-L (the table is made for a weight only)
        hit = np.bincount(tok_pair[counted], minlength=n_pairs).astype(np.int64)
        base = np.bincount(m_unit_pair, weights=m_unit_len, minlength=n_pairs).astype(np.int64)
        return ModelPairCounts(hit, base, peer_count,
                               lambda: np.where(base > 0, hit / np.where(base > 0, base, 1), 0.0))
    hit = batch_weighted_hits(tok_pair, m_tok_unit, counted, marked, n_pairs, table)
    base = sequential_sums(table[m_unit_len], m_unit_pair, n_pairs)
    if (base == 0).any():
        raise NeedsStepByStep()  # the script divides by zero here
    # Perl quirk (w_power): the model's weighted length is raised to w again.
    model_count, peer_w = w_counts_many(base, weight), w_counts_many(peer_count, weight)
    if model_count is None or peer_w is None:  # counts doubles would not hold: step by step
        raise NeedsStepByStep()
    return ModelPairCounts(hit, model_count, peer_w,
                           lambda: np.array([w_ratio(h, b, weight) for h, b in zip(hit.tolist(), base.tolist())]),
                           lambda h, c: w_ratio(h, c, weight))
