"""ROUGE-N for every (instance, model) pair of a block at once."""
from __future__ import annotations

from ...base.lazy import np  # loaded by the caller once the run is known to need it (plan.scored_blocks)
from ...metrics import bags
from ...metrics.ngram import batch_ngrams
from .instances import ModelPairCounts, Pairs


def ngram_pairs(p: Pairs, n: int) -> ModelPairCounts:
    """Clipped n-gram hits and n-gram counts per pair. An order longer than every peer (or every
    model) of the block finds no n-gram to match and costs nothing: the cost of a block is bounded
    by its texts, not by n (``-n`` and ``score_pairs``' ROUGE-N of any size)."""
    peer_ids, peer_owner, peer_len = p.joined_peers()
    model_ids, model_owner, model_len = p.joined_models()
    longest_peer, longest_model = int(peer_len.max(initial=0)), int(model_len.max(initial=0))
    no_hit = np.zeros(len(p.pair_instance), dtype=np.int64)
    if n > longest_peer and n > longest_model:
        return ModelPairCounts(no_hit, no_hit, no_hit)
    model_count = np.maximum(model_len - n + 1, 0)
    peer_count = np.maximum(peer_len - n + 1, 0)[p.pair_instance]
    if n > longest_peer or n > longest_model:
        return ModelPairCounts(no_hit, model_count, peer_count)
    if "ngram_tokens" not in p.cache:  # peers' tokens, then the models': the same for every n
        p.cache["ngram_tokens"] = (np.concatenate([peer_ids, model_ids]),
                                   np.concatenate([peer_owner, model_owner + len(p.peers)]))
    ids, owner = p.cache["ngram_tokens"]
    gram_owner, codes = batch_ngrams(ids, owner, n, p.cache.setdefault("ngram", {}))
    is_peer = gram_owner < len(p.peers)
    hit = bags.clipped_hits(gram_owner[is_peer], codes[is_peer], gram_owner[~is_peer] - len(p.peers),
                            codes[~is_peer], p.pair_instance)
    return ModelPairCounts(hit, model_count, peer_count)
