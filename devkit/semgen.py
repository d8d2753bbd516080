"""Seeded (prediction, references) pairs that exercise the other implementations' rules.

Words come with upper case, digits and numbers with separators, hyphens, apostrophes, non-ASCII
letters (accents, German sharp s, Turkish dotted I, the Kelvin sign that lower-cases to ASCII k,
Greek, Cyrillic, CJK), contractions nltk's Treebank tokenizer splits (gonna, wanna, cannot),
abbreviations with full stops, and stray punctuation; texts have one to four lines (sometimes
CRLF, blank lines, tabs or runs of spaces), and some are empty, blank or punctuation only. Each
prediction shares part of its first reference, so that the overlaps are not all zero. 1-4
references per pair (``max_refs``).
"""
from __future__ import annotations

import random
from typing import List, Tuple

_WORDS = (
    "the a of to in is was said police president running runs ran runner run cats cat cat's dog dogs "
    "government governments report reports reported estimated barrels oil u.s. state-run e-mail co-op "
    "well-known investors invest investing invested new old city cities people peoples year years told "
    "over under can't don't won't it's o'clock rock'n'roll cannot gonna wanna gimme gotta lemme "
    "agreement arguments congressional generalization hopefully happily relational conditional "
    "Sussex Weald Mr. Dr. St. etc. e.g. i.e. No. vs. 3.5 1,000 $5 2019 10:30 50% #1 @home "
    "café naïve Zürich straße İstanbul Ωmega Кельвин 東京 résumé coöperate façade Ǆemal \u212aelvin "
    "ﬁnal ÀÉÎ ßharp x² ½"
).split()
_PUNCT = [".", ",", "!", "?", ";", ":", "--", "...", "(", ")", '"', "``", "''", "'", "-", "/", "&", "*"]
_SPACES = [" ", " ", " ", " ", "  ", "\t", " \u00a0"]


def _word(r: random.Random) -> str:
    w = r.choice(_WORDS)
    roll = r.random()
    if roll < 0.15:
        w = w.capitalize()
    elif roll < 0.2:
        w = w.upper()
    elif roll < 0.23:
        w = w + r.choice(["ing", "ed", "s", "ly", "ness", "ational"])
    return w


def _sentence(r: random.Random) -> str:
    parts = []
    for _ in range(r.randint(1, 12)):
        parts.append(r.choice(_PUNCT) if r.random() < 0.08 else _word(r))
    text = "".join(p + r.choice(_SPACES) for p in parts).rstrip()
    return text + r.choice([" .", ".", "", " !", "?", " ...", "."])


def text(r: random.Random) -> str:
    """One summary: lines of sentences, sometimes empty, blank or punctuation only."""
    roll = r.random()
    if roll < 0.03:
        return ""
    if roll < 0.045:
        return r.choice([" ", "\n", "...", " . , ", "--", "\n\n"])
    lines = []
    for _ in range(r.randint(1, 4)):
        line = " ".join(_sentence(r) for _ in range(1 if r.random() < 0.8 else 2))
        lines.append(line)
    if r.random() < 0.08:
        lines.insert(r.randrange(len(lines) + 1), "")
    sep = "\r\n" if r.random() < 0.05 else "\n"
    out = sep.join(lines)
    if r.random() < 0.05:
        out = out + "\n"
    return out


def _share(r: random.Random, ref: str, own: str) -> str:
    """A prediction made partly of a reference's lines and words (with some words changed)."""
    lines = [line for line in ref.split("\n") if line] or [own]
    taken = lines[: r.randint(1, len(lines))]
    words = " ".join(taken).split(" ")
    for _ in range(r.randint(0, 3)):
        if words:
            words[r.randrange(len(words))] = _word(r)
    if r.random() < 0.3:
        r.shuffle(words)
    head = " ".join(words)
    return head + ("\n" + own if own and r.random() < 0.6 else "")


def pairs(n: int, seed: int = 1, max_refs: int = 4) -> Tuple[List[str], List[List[str]]]:
    """``n`` predictions and their reference lists (1..max_refs references each)."""
    r = random.Random(seed)
    preds, refs = [], []
    for _ in range(n):
        rs = [text(r) for _ in range(r.randint(1, max_refs))]
        own = text(r)
        pred = _share(r, rs[0], own) if r.random() < 0.7 and rs[0].strip() else own
        preds.append(pred)
        refs.append(rs)
    return preds, refs
