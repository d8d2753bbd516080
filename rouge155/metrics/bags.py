"""Clipped multiset intersection over a whole corpus at once (the batched form of ``ngramScore``).

Grams are dense integer codes. Peer grams belong to instances, model grams to (instance, model)
pairs; for every pair the hit is the sum over its grams of min(model count, peer count).
"""
from __future__ import annotations

from typing import Tuple

import numpy as np


def counted_keys(owner: np.ndarray, codes: np.ndarray, width: int) -> Tuple[np.ndarray, np.ndarray]:
    """Distinct (owner, code) keys as owner * width + code, sorted, with their multiplicities."""
    keys = owner.astype(np.int64) * np.int64(width) + codes.astype(np.int64)
    return np.unique(keys, return_counts=True)


def lookup(sorted_keys: np.ndarray, counts: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Counts of ``wanted`` keys in a sorted key table (0 where absent)."""
    if len(sorted_keys) == 0 or len(wanted) == 0:
        return np.zeros(len(wanted), dtype=np.int64)
    pos = np.searchsorted(sorted_keys, wanted)
    pos = np.minimum(pos, len(sorted_keys) - 1)
    return np.where(sorted_keys[pos] == wanted, counts[pos], 0)


def clipped_hits(
    peer_owner: np.ndarray,
    peer_codes: np.ndarray,
    model_owner: np.ndarray,
    model_codes: np.ndarray,
    pair_instance: np.ndarray,
) -> np.ndarray:
    """Per pair: sum over distinct grams of min(model count, peer count of the pair's instance)."""
    n_pairs = len(pair_instance)
    if len(model_codes) == 0 or len(peer_codes) == 0:
        return np.zeros(n_pairs, dtype=np.int64)
    width = int(max(int(peer_codes.max()), int(model_codes.max()))) + 1
    owners = max(n_pairs, int(peer_owner.max()) + 1 if len(peer_owner) else 1)
    if owners * width >= 2**62:  # keep owner * width + code inside int64
        codes, inverse = np.unique(np.concatenate([peer_codes, model_codes]), return_inverse=True)
        peer_codes, model_codes = inverse[: len(peer_codes)], inverse[len(peer_codes) :]
        width = len(codes)
    pk, pc = counted_keys(peer_owner, peer_codes, width)
    mk, mc = counted_keys(model_owner, model_codes, width)
    pair = mk // width
    wanted = pair_instance[pair].astype(np.int64) * width + mk % width
    hits = np.minimum(mc, lookup(pk, pc, wanted))
    return np.bincount(pair, weights=hits, minlength=n_pairs).astype(np.int64)
