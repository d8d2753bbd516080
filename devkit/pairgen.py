"""CNN/DM-like (prediction, references) pairs for the per-pair and Dask tests, and hostile texts for the
per-pair kernels' tests."""
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


_PIECES = ["a", "B", "z", "0", "9", "-", " ", "\n", "\r", "\t", "é", "ü", "x" * 12, "y" * 13, "w" * 24, "v" * 25,
           "q" * 40, "$", "the", "'s", "\n\n", "Running", "cats", "cat", "and", " the cat ", "ran.", "A-B", "i.e.",
           "généralement", "\x00", "|", "CAPS LOCK", "2024", "co-operation"]


def hostile_texts(count: int, seed: int, longest: int = 40) -> List[str]:
    """Texts of random pieces: punctuation, digits, non-ASCII letters, hyphens, apostrophes, upper case,
    CR, NUL, lone newlines, tokens of 12, 13, 24, 25 and 40 characters, empty texts."""
    r = random.Random(seed)
    return ["".join(r.choice(_PIECES) for _ in range(r.randint(0, longest))) for _ in range(count)]


def long_texts(count: int, seed: int) -> List[str]:
    """Units past 64 tokens, and past 64 units (the kernels' other branches)."""
    r = random.Random(seed)
    words = "the a cat dog sat on mat ran and of to in is it was he she they".split()

    def text(k, lines):
        return "\n".join(" ".join(r.choice(words) for _ in range(r.randint(1, k))) for _ in range(lines))

    return [text(150, r.randint(1, 3)) if i % 2 else text(4, r.randint(60, 90)) for i in range(count)]
