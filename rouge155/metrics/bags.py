"""Clipped multiset intersection over a whole corpus at once (the batched form of ``ngramScore``).

Grams are dense integer codes. Peer grams belong to instances, model grams to (instance, model)
pairs; for every pair the hit is the sum over its grams of min(model count, peer count).
"""
from __future__ import annotations

from ..base.lazy import np  # the batched kernels only: the step-by-step forms run without it
from ..base.records import dataclass


@dataclass
class Bag:
    """A multiset of integer keys: the distinct keys sorted, their counts, and for each original key
    its index among the distinct ones; ``order`` and ``starts`` (the sort and where each run of equal
    keys begins in it) serve reductions over the runs."""

    keys: np.ndarray
    counts: np.ndarray
    index: np.ndarray
    order: np.ndarray
    starts: np.ndarray

    def counts_at(self, slot: np.ndarray) -> np.ndarray:
        """The counts of the keys at ``slot`` (from ``positions``), 0 where a slot is -1."""
        if len(self.keys) == 0:
            return np.zeros(len(slot), dtype=np.int64)
        return np.where(slot >= 0, self.counts[np.maximum(slot, 0)], 0)


def bag(keys: np.ndarray) -> Bag:
    """``Bag`` of keys: one sort, which also gives each key's count (cheaper than np.unique and a
    search for every key)."""
    order = np.argsort(keys)
    ranked = keys[order]
    new_run = np.empty(len(ranked), dtype=bool)
    new_run[:1] = True
    np.not_equal(ranked[1:], ranked[:-1], out=new_run[1:])
    starts = np.flatnonzero(new_run)
    index = np.empty(len(keys), dtype=np.int64)
    index[order] = np.cumsum(new_run) - 1
    return Bag(ranked[starts], np.diff(np.append(starts, len(ranked))), index, order, starts)


def distinct(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)`` (the distinct values, sorted) by one sort: numpy 2's ``np.unique`` asks
    ``np.ma.is_masked`` and so imports numpy.ma, with inspect and tokenize (~15 ms of a run's CPU)."""
    ranked = np.sort(values, kind="stable")
    if len(ranked) < 2:
        return ranked
    keep = np.empty(len(ranked), dtype=bool)
    keep[0] = True
    np.not_equal(ranked[1:], ranked[:-1], out=keep[1:])
    return ranked[keep]


def positions(sorted_keys: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Where each wanted key is in a sorted key table, -1 where absent."""
    if len(sorted_keys) == 0:
        return np.full(len(wanted), -1, dtype=np.int64)
    pos = np.minimum(np.searchsorted(sorted_keys, wanted), len(sorted_keys) - 1)
    return np.where(sorted_keys[pos] == wanted, pos, -1)


def clipped_hits(
    peer_owner: np.ndarray,
    peer_codes: np.ndarray,
    model_owner: np.ndarray,
    model_codes: np.ndarray,
    pair_instance: np.ndarray,
) -> np.ndarray:
    """Per pair: sum over distinct grams of min(model count, peer count of the pair's instance).

    One sort of both sides together: each gram's run holds its peer copies, then its model copies.
    """
    n_pairs = len(pair_instance)
    if len(model_codes) == 0 or len(peer_codes) == 0:
        return np.zeros(n_pairs, dtype=np.int64)
    # the peer grams of an instance, once for each of its pairs
    n_inst = int(max(int(peer_owner.max()), int(pair_instance.max()))) + 1
    per_inst = np.bincount(peer_owner, minlength=n_inst)
    if np.array_equal(pair_instance, np.arange(n_pairs)):
        p_pair, p_codes = peer_owner, peer_codes
    else:
        order = np.argsort(peer_owner, kind="stable")
        starts = np.cumsum(per_inst) - per_inst
        lens = per_inst[pair_instance]
        idx = np.repeat(starts[pair_instance], lens) + (np.arange(int(lens.sum()))
                                                        - np.repeat(np.cumsum(lens) - lens, lens))
        src = order[idx]
        p_pair, p_codes = np.repeat(np.arange(n_pairs), lens), peer_codes[src]
    width = int(max(int(p_codes.max(initial=0)), int(model_codes.max()))) + 1
    if n_pairs * width >= 2**61:  # keep the keys inside int64
        codes, inverse = np.unique(np.concatenate([p_codes, model_codes]), return_inverse=True)
        p_codes, model_codes = inverse[: len(p_codes)], inverse[len(p_codes) :]
        width = len(codes)
    w = np.int64(width)
    keys = np.concatenate([
        (p_pair.astype(np.int64) * w + p_codes) * 2,
        (model_owner.astype(np.int64) * w + model_codes) * 2 + 1,
    ])
    keys.sort()
    gram = keys >> 1
    new_gram = np.empty(len(gram), dtype=bool)
    new_gram[0] = True
    np.not_equal(gram[1:], gram[:-1], out=new_gram[1:])
    starts = np.flatnonzero(new_gram)
    ends = np.append(starts[1:], len(keys))
    model_side = np.zeros(len(keys) + 1, dtype=np.int64)
    np.cumsum(keys & 1, out=model_side[1:])
    in_model = model_side[ends] - model_side[starts]
    in_peer = (ends - starts) - in_model
    # per pair, the sum of its grams' hits: grams are sorted by pair, so a difference of running sums
    running = np.zeros(len(starts) + 1, dtype=np.int64)
    np.cumsum(np.minimum(in_model, in_peer), out=running[1:])
    last = np.cumsum(np.bincount(gram[starts] // w, minlength=n_pairs))
    return running[last] - running[np.append(0, last[:-1])]
