"""Token sequences whose LCS tables are full of ties (few distinct tokens, runs, repeats), for the
differential tests of the LCS walks (rouge155.metrics.lcs_bits and the kernels that use it)."""
from __future__ import annotations

import random
from typing import Iterator, List, Tuple


def tie_heavy_pairs(seed: int, count: int, longest: int = 60) -> Iterator[Tuple[List[int], List[int]]]:
    """``count`` (model, peer) pairs of token ids: 1-7 distinct tokens, lengths 0..``longest`` (every
    tenth pair up to four times that), sometimes one side a shuffled or repeated copy of the other."""
    rng = random.Random(seed)
    for case in range(count):
        vocab = rng.randint(1, 7)
        top = longest * 4 if case % 10 == 0 else longest
        model = [rng.randrange(vocab) for _ in range(rng.randint(0, top))]
        shape = case % 4
        if shape == 1:
            peer = list(model)
            rng.shuffle(peer)
        elif shape == 2:
            peer = (model * 2)[: rng.randint(0, 2 * len(model) + 1)]
        else:
            peer = [rng.randrange(vocab) for _ in range(rng.randint(0, top))]
        yield model, peer


def words_text(seed: int, sentences: int, length: int, vocab: int = 12) -> str:
    """Sentences of ``length`` words from a ``vocab``-word vocabulary (Zipf-like), one per line."""
    rng = random.Random(seed)
    words = [f"w{chr(97 + i % 26)}{chr(97 + i // 26)}" for i in range(vocab)]
    weights = [1 / (i + 1) for i in range(vocab)]
    return "\n".join(" ".join(rng.choices(words, weights, k=length)) for _ in range(sentences))
