"""CNN/DM-like (prediction, references) pairs for the per-pair and Dask tests."""
from __future__ import annotations

import random
from typing import List, Tuple, Union

_SYL = ["ba", "ko", "ri", "tel", "man", "sor", "vin", "dra", "pe", "lo", "ing", "ed", "er", "s", "ment"]


def pairs(n: int, seed: int = 1) -> Tuple[List[str], List[Union[str, List[str]]]]:
    r = random.Random(seed)
    vocab = list({"".join(r.choice(_SYL) for _ in range(r.randint(1, 3))) for _ in range(3000)})
    vocab += "the of to and a in is that for on was with".split() * 20

    def summary():
        return "\n".join(" ".join(r.choice(vocab) for _ in range(r.randint(5, 20))) + " ."
                         for _ in range(r.randint(2, 4)))

    preds, refs = [], []
    for i in range(n):
        ref = summary()
        sents = ref.split("\n")
        pred = "\n".join(sents[: r.randint(0, len(sents))] + summary().split("\n")[:2])
        preds.append(pred)
        refs.append([ref, summary()] if i % 4 == 0 else ref)
    return preds, refs
