"""ROUGE-N: clipped n-gram co-occurrence (``createNGram`` / ``ngramScore``)."""
from __future__ import annotations

from collections import Counter

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Sequence, Tuple

from ..base.lazy import np  # the batched kernels only: the step-by-step forms run without it


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


def extend_codes(codes: "np.ndarray", ids: "np.ndarray", k: int) -> "np.ndarray":
    """Codes of the (k+1)-grams at each start (equal exactly where the grams are), from the k-gram codes
    ``codes`` (one per start)."""

    total = len(ids)
    width = int(ids.max()) + 1
    if (int(codes.max()) + 1) * width >= 2**62:  # re-densify the k-gram codes so that the product fits
        _, dense = np.unique(codes, return_inverse=True)
        codes = dense.astype(np.int64).reshape(-1)
    # distinct grams get distinct codes (not dense: ``bags.clipped_hits`` re-densifies where it must)
    return codes[: total - k] * np.int64(width) + ids[k:]


def batch_ngrams(ids: "np.ndarray", doc: "np.ndarray", n: int, cache: "dict | None" = None):
    """n-gram codes of concatenated documents: (document index, dense code) of every n-gram that
    lies inside one document. ``ids`` are token ids, ``doc`` each token's document index; ``cache``
    keeps the codes of the last n for the next, larger n (one array: -n 100 does not hold a hundred)."""

    total = len(ids)
    if total < n:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    cache = {} if cache is None else cache
    k = max((j for j in cache if j <= n), default=1)
    codes = cache.get(k, ids.astype(np.int64))
    while k < n:
        codes = extend_codes(codes, ids, k)
        k += 1
    if k > 1:
        cache.clear()
        cache[k] = codes
    valid = doc[: total - n + 1] == doc[n - 1 :]
    return doc[: total - n + 1][valid].astype(np.int64), codes[valid]


def codes_at(ids: "np.ndarray", n: int, cache: dict) -> "np.ndarray":
    """The code of the n-gram starting at every token position of ``ids`` (``extend_codes``; positions
    whose n-gram would run past the end hold 0, and grams that cross from one text into the next
    are for the caller to leave out). ``cache`` keeps the last order's codes for a larger n."""
    k = max((j for j in cache if j <= n), default=1)
    codes = cache.get(k, ids.astype(np.int64))
    while k < n:
        codes = extend_codes(codes, ids, k)
        k += 1
    cache.clear()
    cache[k] = codes
    padded = np.zeros(len(ids), dtype=np.int64)
    padded[: len(codes)] = codes
    return padded
