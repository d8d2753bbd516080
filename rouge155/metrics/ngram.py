"""ROUGE-N: clipped n-gram co-occurrence (``createNGram`` / ``ngramScore``)."""
from __future__ import annotations

from collections import Counter
from typing import Sequence, Tuple


def ngrams(tokens: Sequence[str], n: int) -> Tuple[Counter, int]:
    """The n-gram multiset of a token list and its size (``_cn_``)."""
    count = len(tokens) - n + 1
    if count <= 0:
        return Counter(), 0
    if n == 1:
        return Counter(tokens), count
    grams = Counter(" ".join(tokens[i : i + n]) for i in range(count))
    return grams, count


def clipped_hits(model: Counter, peer: Counter) -> int:
    """Sum over the model's grams of min(model count, peer count)."""
    if len(peer) < len(model):
        model, peer = peer, model
    hit = 0
    for gram, m in model.items():
        p = peer.get(gram)
        if p:
            hit += m if m <= p else p
    return hit
