"""rouge-score-rs 0.2.1's two Unicode tokenizers, ``unicode-v1`` and ``character-v1``, exactly.

Both normalize the text as the Rust crate does (NFKC, full case folding, NFKC again) with Unicode 17.0
data, then keep either the words of UAX #29 (``unicode_words`` of unicode-segmentation 1.13.3) or the
extended grapheme clusters (``graphemes(true)``) that hold an alphabetic character or a number.

Unicode 17.0, whatever Python's own version: NFKC comes from ``unicodedata2`` 17.0 (a backport of
``unicodedata``; the ``unicode`` extra), case folding and the segmentation properties from
:mod:`.uax29_tables`, generated from the UCD 17.0.0 files by ``scripts/gen_uax29_tables.py``.

Segmentation: each character is mapped to a letter naming its property class (a lookup in a table
of every code point), and one regular expression over those letters finds the segments. For words it
follows the crate's state machine rather than the letter of UAX #29, where they differ (its quirk, kept: after a ZWJ an
Extended_Pictographic character ends any pending rule and the word goes on as an emoji sequence, so
``x.\u200d😀`` stays one word; UAX #29 breaks after ``x``). The ``regex`` module's own word boundaries
and grapheme clusters are another Unicode version with other rules (measured: 7 and 2 in 20,000 random
texts differ), so they are not used.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

from ..metrics import pairwise
from . import uax29_tables
from .base import MissingDependency, Vocabulary

EXTRA = 'pip install ".[unicode]"'  # unicodedata2 at Unicode 17.0


class _ClassTable:
    """Code point -> the letter of its class, for every code point at once (a 1.1 MB array, made on first
    use from the ranges of :mod:`.uax29_tables`)."""

    def __init__(self, packed: str, default: str = "o"):
        self.packed, self.default = packed, default
        self._letters: Optional[np.ndarray] = None

    def letters(self) -> np.ndarray:
        if self._letters is None:
            table = np.full(0x110000, ord(self.default), dtype=np.uint8)
            for run in self.packed.split(";"):
                first, last, value = run.split(":")
                table[int(first, 16):int(last, 16) + 1] = ord(value)
            self._letters = table
        return self._letters

    def classes(self, text: str) -> str:
        """The class letter of each character of ``text``, as a string of the same length."""
        code_points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        return self.letters()[code_points].tobytes().decode("ascii")


_WORD = _ClassTable(uax29_tables.WORD)
_GRAPHEME = _ClassTable(uax29_tables.GRAPHEME)
_FOLD = {int(cp, 16): "".join(chr(int(x, 16)) for x in to.split("."))
         for cp, to in (item.split(":") for item in uax29_tables.CASE_FOLD.split(";"))}
# Python's str.casefold is full case folding too, with the data of Python's own Unicode version: the
# code points where it differs from Unicode 17.0's are mapped first (their 17.0 foldings are folded
# already). A Python on a later Unicode than 17.0 folds characters 17.0 does not have: there the 17.0
# table is used alone.
_FOLD_FIXES = {cp: to for cp, to in _FOLD.items() if chr(cp).casefold() != to}
_FIXED = np.array(sorted(_FOLD_FIXES), dtype=np.uint32)
_VERSION = lambda text: tuple(int(x) for x in text.split("."))  # noqa: E731
_PYTHON_IS_LATER = _VERSION(unicodedata.unidata_version) > _VERSION(uax29_tables.UNICODE_VERSION)


def case_fold(text: str) -> str:
    """Full case folding (CaseFolding.txt 17.0, statuses C and F)."""
    if _PYTHON_IS_LATER:
        return text.translate(_FOLD)
    if len(_FIXED) and np.isin(np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32), _FIXED).any():
        text = text.translate(_FOLD_FIXES)
    return text.casefold()


_ALNUM = _ClassTable(uax29_tables.ALNUM, "0")  # "y" where alphabetic or a number

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
    f"[oOefzmpusq]{_I}(?:{_HOP})?"
    f"|[aAhdkx]{_STEP}*(?:{_PENDING}|{_I}(?:{_HOP})?)"
    f"|w+{_I}(?:{_HOP})?"
    "|cl?|[ln]"
    f"|r{_I}(?:{_HOP}|r{_I}(?:{_HOP})?)?", re.DOTALL)

# Extended grapheme clusters (UAX #29's regular expression), over the letters of uax29_tables.GRAPHEME
_GRAPHEME_CLUSTER = re.compile(
    "cl|[clC]|p*(?:L*(?:V+|vV*|t)T*|L+|T+|rr|P(?:[xek]*zP)*|n(?:[ekz]*k[ekz]*n)+|[^clC])[xekzs]*", re.DOTALL)
PROFILES = {"unicode-v1": (_WORD_SEGMENT, _WORD), "character-v1": (_GRAPHEME_CLUSTER, _GRAPHEME)}

_NORMALIZE: List[Callable[[str, str], str]] = []


def _nfkc() -> Callable[[str, str], str]:
    if not _NORMALIZE:
        try:
            import unicodedata2
        except ImportError:
            raise MissingDependency(f"rouge-score-rs' Unicode tokenizers need unicodedata2 17.0: {EXTRA}") from None
        if unicodedata2.unidata_version != uax29_tables.UNICODE_VERSION:
            raise MissingDependency(f"rouge-score-rs' Unicode tokenizers need unicodedata2 at Unicode "
                                    f"{uax29_tables.UNICODE_VERSION}, not {unicodedata2.unidata_version}: {EXTRA}")
        _NORMALIZE.append(unicodedata2.normalize)
    return _NORMALIZE[0]


def normalize(text: str) -> str:
    """NFKC, full case folding, NFKC again (Unicode 17.0). Lone surrogates become ``?`` first, as
    rouge-score-rs' binding makes them when Rust refuses the string."""
    nfkc = _nfkc()
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return nfkc("NFKC", case_fold(nfkc("NFKC", text)))


def line_tokens(texts: Sequence[str], profile: str) -> Tuple[List[str], np.ndarray]:
    """The tokens of every line of every text, in order (lines: ``text.split("\\n")``), and the number of
    tokens of each line. All texts are normalized, classified and segmented in one pass: a line
    break is left as it is by the normalization and ends every segment that holds a letter."""
    pattern, table = PROFILES[profile]
    text = normalize("\n".join(texts))
    classes = table.classes(text)
    lengths = np.fromiter(map(len, pattern.findall(classes)), dtype=np.int64)
    ends = np.cumsum(lengths)
    starts = ends - lengths
    letters = np.frombuffer(_ALNUM.classes(text).encode("ascii"), dtype=np.uint8) == ord("y")
    seen = np.concatenate([[0], np.cumsum(letters)])
    kept = (seen[ends] - seen[starts]) > 0
    starts, ends = starts[kept], ends[kept]
    tokens = [text[a:b] for a, b in zip(starts.tolist(), ends.tolist())]
    breaks = np.flatnonzero(np.frombuffer(classes.encode("ascii"), dtype=np.uint8) == ord("l"))  # LF, in both tables
    per_line = np.bincount(np.searchsorted(breaks, starts), minlength=len(breaks) + 1)
    return tokens, per_line


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

    def line_rows(self, lines: List[str]) -> pairwise.Sequences:
        """One row of token ids per line, all lines at once (rouge-score's batch path takes it)."""
        tokens, per_line = line_tokens(lines, self.profile)
        ids = np.fromiter(map(Vocabulary().__getitem__, tokens), dtype=np.int64, count=len(tokens))
        return pairwise.from_flat(ids, per_line)

    def __repr__(self) -> str:
        return f"Tokenizer({self.profile!r})"

