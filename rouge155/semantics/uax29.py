"""rouge-score-rs 0.2.1's two Unicode tokenizers, ``unicode-v1`` and ``character-v1``, exactly.

Both normalize the text as the Rust crate does (NFKC, full case folding, NFKC again) with Unicode 17.0
data, then keep either the words of UAX #29 (``unicode_words`` of unicode-segmentation 1.13.3) or the
extended grapheme clusters (``graphemes(true)``) that hold an alphabetic character or a number.

The normalization (Unicode 17.0, whatever Python's own version): :mod:`.uax15`; the segmentation
properties: :mod:`.uax29_tables`, generated from the UCD 17.0.0 files by ``scripts/gen_uax29_tables.py``.

Segmentation: each character is mapped to a letter naming its property class (a lookup in a table
of every code point), and one regular expression over those letters finds the segments. For words it
follows the crate's state machine rather than the letter of UAX #29, where they differ (its quirk,
kept: after a ZWJ an Extended_Pictographic character ends any pending rule and the word goes on as an
emoji sequence, so ``x.\u200d😀`` stays one word; UAX #29 breaks after ``x``). The ``regex`` module's
own word boundaries and grapheme clusters are another Unicode version with other rules (measured: 7
and 2 in 20,000 random texts differ), so they are not used.

Speed: a batch is one text (all its lines joined), normalized once (:mod:`.uax15`: only the pieces
that need it). With numba (the ``jit`` extra) compiled scanners read the class string
(:mod:`.uax29_jit`, the expressions' segments exactly); without, each character that is a segment of its
own whatever its neighbours (an ideograph, a space, a Latin letter among graphemes) is found with
numpy and the expression reads the rest (:func:`_segment_lengths`). A token of one code point takes
its id from numpy, a longer one from a dictionary (:func:`line_ids`).
"""
from __future__ import annotations

import re
from typing import Dict, List, Sequence, Tuple

import numpy as np

from ..metrics import pairwise
from . import uax29_tables
from .uax15 import ClassTable, code_points, normalize

RUN = ord("#")  # in a class string: a run of characters that are each a segment of their own


def _bytes_set(letters: str) -> np.ndarray:
    """A lookup table: byte -> whether it is one of ``letters``."""
    table = np.zeros(256, dtype=bool)
    table[list(letters.encode("ascii"))] = True
    return table


_WORD = ClassTable(uax29_tables.WORD)
_GRAPHEME = ClassTable(uax29_tables.GRAPHEME)
_ALNUM = ClassTable(uax29_tables.ALNUM, "0")  # "y" where alphabetic or a number

# Word segments (see the module's docstring), over the letters of :data:`uax29_tables.WORD`. A word goes
# on from its last letter, digit, katakana or connector (the state of the crate's machine), so each
# step looks one letter behind; ignorables ([efz]: Extend, Format, ZWJ) are skipped (WB4).
_I = "[efz]*"
_LETTER = "(?:a|(?<!z)A)"  # an emoji ALetter right after a ZWJ starts an emoji sequence instead
_EMOJI = f"(?:{_I}(?<=z)[AO])*{_I}"  # the emoji state: ZWJ + Extended_Pictographic, and ignorables
_HOP = f"(?<=z)[AO]{_EMOJI}"
_STEP = ("(?:(?<=[aAhdx])[aAhdx]+|(?<=[kx])[kx]+"  # runs any such state takes whole
         f"|(?<=[aA]){_I}(?:{_LETTER}|[hdx]|[mps]{_I}(?:{_LETTER}|h))"
         f"|(?<=h){_I}(?:{_LETTER}|[hdx]|[mp]{_I}(?:{_LETTER}|h)|q{_I}h|s(?:{_I}(?:{_LETTER}|h))?)"
         f"|(?<=d){_I}(?:{_LETTER}|[hdx]|[ups]{_I}d)"
         f"|(?<=k){_I}[kx]"
         f"|(?<=x){_I}(?:{_LETTER}|[hdxk]))")
_PENDING = f"(?:(?<=[aA]){_I}[mps]|(?<=h){_I}[mpq]|(?<=d){_I}[ups]){_I}{_HOP}"  # a mid character, then emoji
_WORD_SEGMENT = re.compile(
    "#"  # a run of characters that are each a segment of their own (see _segment_lengths)
    f"|[oOefzmpusq]{_I}(?:{_HOP})?"
    f"|[aAhdkx]{_STEP}*(?:{_PENDING}|{_I}(?:{_HOP})?)"
    f"|w+{_I}(?:{_HOP})?"
    "|cl?|[ln]"
    f"|r{_I}(?:{_HOP}|r{_I}(?:{_HOP})?)?", re.DOTALL)

# Extended grapheme clusters (UAX #29's regular expression), over the letters of uax29_tables.GRAPHEME
_GRAPHEME_CLUSTER = re.compile(
    "#|cl|[clC]|p*(?:L*(?:V+|vV*|t)T*|L+|T+|rr|P(?:[xek]*zP)*|n(?:[ekz]*k[ekz]*n)+|[^clC#])[xekzs]*", re.DOTALL)
_IGNORABLE = _bytes_set("efz")  # Extend, Format, ZWJ (WB4)
_IGNORABLE_OR_SPACE = _bytes_set("efzw")
_CLUSTER_TAIL = _bytes_set("xekzs")  # what extends a grapheme cluster (GB9, GB9a, GB9c)


def _word_singles(classes: np.ndarray, before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The characters that are a word segment of their own whatever follows: Other not followed by an
    ignorable; an emoji not after a ZWJ, likewise; a lone space likewise; a line break (LF not after CR)."""
    plain = ~_IGNORABLE[after]
    return (((classes == ord("o")) & plain) | ((classes == ord("O")) & plain & (before != ord("z")))
            | ((classes == ord("w")) & (before != ord("w")) & ~_IGNORABLE_OR_SPACE[after])
            | (classes == ord("n")) | ((classes == ord("l")) & (before != ord("c"))))


def _cluster_singles(classes: np.ndarray, before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The characters that are a grapheme cluster of their own: Other neither after a Prepend nor before
    an extender; a control; LF not after CR, CR not before LF."""
    return (((classes == ord("o")) & (before != ord("p")) & ~_CLUSTER_TAIL[after]) | (classes == ord("C"))
            | ((classes == ord("l")) & (before != ord("c"))) | ((classes == ord("c")) & (after != ord("l"))))


PROFILES = {"unicode-v1": (_WORD_SEGMENT, _WORD, _word_singles),
            "character-v1": (_GRAPHEME_CLUSTER, _GRAPHEME, _cluster_singles)}


def _segment_lengths(classes: np.ndarray, profile: str, compiled: bool = False) -> np.ndarray:
    """The length of each segment of a class string (bytes), in order. ``compiled``: by the scanners of
    :mod:`.uax29_jit` (numba). Else each run of characters that are segments of their own becomes one
    ``#`` (which the expression takes alone, and which no lookbehind names: a segment's first character
    is matched without looking behind), so the expression reads only the rest; the runs are put back as
    segments of one character."""
    if compiled:
        from . import uax29_jit

        scan = uax29_jit.word_lengths if profile == "unicode-v1" else uax29_jit.cluster_lengths
        return scan(classes, uax29_jit.FLAGS)
    pattern, _, singles_of = PROFILES[profile]
    zero = np.zeros(1, dtype=np.uint8)
    singles = singles_of(classes, np.concatenate([zero, classes[:-1]]), np.concatenate([classes[1:], zero]))
    previous = np.concatenate([[False], singles[:-1]])
    following = np.concatenate([singles[1:], [False]])
    kept = ~singles | ~previous  # a run is kept as its first character
    compressed = np.where(singles, np.uint8(RUN), classes)[kept]
    lengths = np.fromiter(map(len, pattern.findall(compressed.tobytes().decode("ascii"))), dtype=np.int64)
    runs = np.flatnonzero(singles & ~following) + 1 - np.flatnonzero(singles & ~previous)
    repeat = np.ones(len(lengths), dtype=np.int64)
    repeat[compressed[np.cumsum(lengths) - lengths] == RUN] = runs
    return np.repeat(lengths, repeat)  # a run's segment has length 1


def _segments(texts: Sequence[str], profile: str, compiled: bool = False
              ) -> Tuple[str, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The normalized text of all lines of ``texts`` joined, its code points, where each token starts and
    ends, and the number of tokens of each line (lines: ``text.split("\\n")``). A line break is left as
    it is by the normalization and ends every segment that holds a letter."""
    text = normalize("\n".join(texts))
    points = code_points(text)
    lengths = _segment_lengths(PROFILES[profile][1].of(points), profile, compiled)
    ends = np.cumsum(lengths)
    starts = ends - lengths
    seen = np.concatenate([[0], np.cumsum(_ALNUM.of(points) == ord("y"))])
    kept = (seen[ends] - seen[starts]) > 0
    starts, ends = starts[kept], ends[kept]
    breaks = np.flatnonzero(points == 0x0A)
    per_line = np.bincount(np.searchsorted(breaks, starts), minlength=len(breaks) + 1)
    return text, points, starts, ends, per_line


def line_tokens(texts: Sequence[str], profile: str) -> Tuple[List[str], np.ndarray]:
    """The tokens of every line of every text, in order (lines: ``text.split("\\n")``), and the number of
    tokens of each line, all texts normalized, classified and segmented in one pass."""
    text, _, starts, ends, per_line = _segments(texts, profile)
    return [text[a:b] for a, b in zip(starts.tolist(), ends.tolist())], per_line


def line_ids(texts: Sequence[str], profile: str, compiled: bool = False) -> Tuple[np.ndarray, np.ndarray]:
    """:func:`line_tokens` as token ids (equal where the tokens are), and the tokens of each line: a token
    of one code point (an ideograph, a letter) takes its id from numpy, a longer one from a dictionary."""
    text, points, starts, ends, per_line = _segments(texts, profile, compiled)
    ids = np.empty(len(starts), dtype=np.int64)
    single = (ends - starts) == 1
    short, ids[single] = np.unique(points[starts[single]], return_inverse=True)
    longer = np.flatnonzero(~single)
    vocabulary: Dict[str, int] = {}
    first = len(short)
    ids[longer] = [vocabulary.setdefault(text[a:b], first + len(vocabulary))
                   for a, b in zip(starts[longer].tolist(), ends[longer].tolist())]
    return ids, per_line


def words(text: str) -> List[str]:
    """The ``unicode-v1`` tokens: UAX #29 words with a letter or a number, of the normalized text."""
    return line_tokens([text], "unicode-v1")[0]


def characters(text: str) -> List[str]:
    """The ``character-v1`` tokens: grapheme clusters with a letter or a number, of the normalized text."""
    return line_tokens([text], "character-v1")[0]


class Tokenizer:
    """An object with ``tokenize`` (what rouge-score takes), for one profile."""

    def __init__(self, profile: str):
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}: use one of {', '.join(PROFILES)}")
        self.profile = profile

    def tokenize(self, text) -> List[str]:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return line_tokens([text], self.profile)[0]

    def line_rows(self, lines: List[str], compiled: bool = False) -> pairwise.Sequences:
        """One row of token ids per line, all lines at once (rouge-score's batch paths take it);
        ``compiled``: segmented by the compiled scanners (the same segments)."""
        ids, per_line = line_ids(lines, self.profile, compiled)
        return pairwise.from_flat(ids, per_line)

    def __repr__(self) -> str:
        return f"Tokenizer({self.profile!r})"
