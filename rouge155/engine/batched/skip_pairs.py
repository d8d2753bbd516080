"""ROUGE-S and ROUGE-SU for every (instance, model) pair of a block at once."""
from __future__ import annotations

import math

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Tuple

from ...base.lazy import np  # loaded by the caller once the run is known to need it (plan.scored_blocks)
from ...metrics import bags
from ...metrics.skipbigram import batch_codes, count_for_length, matrix_hits
from .instances import ModelPairCounts, Pairs


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


def skip_pairs(p: Pairs, distance, with_unigrams: bool) -> ModelPairCounts:
    """ROUGE-S (or SU, ``with_unigrams``) hits and skip-bigram counts per pair."""
    bigram, unigram = skip_hits(p, distance)
    hit = bigram + unigram if with_unigrams else bigram
    models = p.flat_models()
    model_count = np.array([count_for_length(len(d.joined), distance, with_unigrams) for d in models],
                           dtype=np.int64)
    peer_count = np.array([count_for_length(len(d.joined), distance, with_unigrams) for d in p.peers],
                          dtype=np.int64)[p.pair_instance] if models else np.zeros(0, dtype=np.int64)
    return ModelPairCounts(hit, model_count, peer_count)
