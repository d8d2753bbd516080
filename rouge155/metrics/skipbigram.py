"""ROUGE-S/SU: skip-bigram co-occurrence (``createSkipBigram``)."""
from __future__ import annotations

import math
from collections import Counter
from typing import Sequence, Tuple

from ..perl import Number


def skip_bigrams(tokens: Sequence[str], distance: Number, with_unigrams: bool) -> Tuple[Counter, int]:
    """Skip-bigrams with at most ``distance`` tokens between (negative: any gap), and their count.

    Perl quirk: the outer loop stops before the last token, so with ``-u`` the last token's unigram
    is never counted.
    """
    grams: Counter = Counter()
    last = len(tokens) - 1
    count = 0
    for i in range(last):
        first = tokens[i]
        if with_unigrams:
            grams[first] += 1
            count += 1
        # Perl: $j <= $i + $skipDistance + 1 (the distance may be fractional, even NaN)
        if distance < 0 or i + distance + 1 >= last:
            stop = last
        elif distance != distance:
            stop = i
        else:
            stop = int(math.floor(i + distance + 1))
        prefix = first + " "
        for j in range(i + 1, stop + 1):
            grams[prefix + tokens[j]] += 1
        if stop >= i + 1:
            count += stop - i
    return grams, count
