"""rouge-score-rs 0.2.1's text normalization at Unicode 17.0: NFKC, full case folding, NFKC again.

NFKC comes from ``unicodedata2`` 17.0 (a backport of ``unicodedata``; the ``unicode`` extra), case
folding and the normalization properties from :mod:`.uax29_tables` (generated from the UCD 17.0.0
files by ``scripts/gen_uax29_tables.py``), whatever Python's own Unicode version.

The same text as ``nfkc(fold(nfkc(text)))``, with less work. A character whose NFKC_Quick_Check is Yes
and whose canonical combining class is 0 ("settled") is left as it is by NFKC, and normalization can
restart before it (UAX #15, "Stable Code Points"): a string of settled characters is in NFKC, and a text
is normalized piece by piece between them. So the first NFKC runs only over the runs of other
characters, each with the settled character before it (which may compose with them), all pieces in
one call (:func:`_settle`); the second only around folded characters that can unsettle the text
(:func:`_refold`). Latin, Cyrillic or Chinese text without compatibility characters is then never
normalized at all.
"""
from __future__ import annotations

import unicodedata
from typing import Callable, List, Optional

import numpy as np

from . import uax29_tables
from .base import MissingDependency

EXTRA = 'pip install ".[unicode]"'  # unicodedata2 at Unicode 17.0
LINE = 0x0A  # settled, composes with nothing: it separates the pieces normalized in one call


class ClassTable:
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

    def of(self, code_points: np.ndarray) -> np.ndarray:
        """The class letter (a byte) of each code point."""
        return self.letters()[code_points]

    def classes(self, text: str) -> str:
        """The class letter of each character of ``text``, as a string of the same length."""
        return self.of(code_points(text)).tobytes().decode("ascii")


def code_points(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


_SETTLED = ClassTable(uax29_tables.NFKC_SETTLED, "s")  # "s": NFKC_QC Yes and combining class 0
_FOLD = {int(cp, 16): "".join(chr(int(x, 16)) for x in to.split("."))
         for cp, to in (item.split(":") for item in uax29_tables.CASE_FOLD.split(";"))}
# Python's str.casefold is full case folding too, with the data of Python's own Unicode version: the
# code points where it differs from Unicode 17.0's are mapped first (their 17.0 foldings are folded
# already). A Python on a later Unicode than 17.0 folds characters 17.0 does not have: there the 17.0
# table is used alone.
_FOLD_FIXES = {cp: to for cp, to in _FOLD.items() if chr(cp).casefold() != to}
_VERSION = lambda text: tuple(int(x) for x in text.split("."))  # noqa: E731
_PYTHON_IS_LATER = _VERSION(unicodedata.unidata_version) > _VERSION(uax29_tables.UNICODE_VERSION)
_FOLD_KIND: List[np.ndarray] = []  # _fold_kinds()
_NORMALIZE: List[Callable[[str, str], str]] = []


def case_fold(text: str) -> str:
    """Full case folding (CaseFolding.txt 17.0, statuses C and F)."""
    return _folder(code_points(text))(text)


def _folder(points: np.ndarray) -> Callable[[str], str]:
    """Case folding for a text whose code points are ``points`` (and for any piece of it)."""
    if _PYTHON_IS_LATER:
        return lambda text: text.translate(_FOLD)
    if _FOLD_FIXES and (_fold_kinds()[points] == 3).any():
        return lambda text: text.translate(_FOLD_FIXES).casefold()
    return str.casefold


def _fold_kinds() -> np.ndarray:
    """Code point -> 0 unchanged by case folding, 1 folded to settled characters, 2 folded otherwise, 3
    folded otherwise by Python's own ``str.casefold`` (its Unicode version)."""
    if not _FOLD_KIND:
        settled = _SETTLED.letters() == ord("s")
        kinds = np.zeros(0x110000, dtype=np.uint8)
        for cp, to in _FOLD.items():
            kinds[cp] = 3 if cp in _FOLD_FIXES else 1 if all(settled[ord(c)] for c in to) else 2
        _FOLD_KIND.append(kinds)
    return _FOLD_KIND[0]


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
    return _refold(_settle(text, nfkc), nfkc)


def _settle(text: str, nfkc: Callable[[str, str], str]) -> str:
    """``NFKC(text)``: each run of characters that are not settled, with the settled character before it
    (a line break composes with nothing: left out), normalized; all such pieces joined by line breaks
    and normalized in one call (no piece holds one; NFKC makes none)."""
    points = code_points(text)
    unsettled = (_SETTLED.of(points) != ord("s")).view(np.int8)
    if not unsettled.any():
        return text
    edges = np.flatnonzero(np.diff(np.concatenate([[0], unsettled, [0]])))
    runs, ends = edges[0::2], edges[1::2]
    if len(runs) > len(points) // 10:  # pieces so many that one call over the whole text costs less
        return nfkc("NFKC", text)
    starts = np.where((runs > 0) & (points[np.maximum(runs - 1, 0)] != LINE), runs - 1, runs).tolist()
    ends_ = ends.tolist()
    pieces = [text[a:b] for a, b in zip(starts, ends_)]
    settled = nfkc("NFKC", "\n".join(pieces)).split("\n")
    if len(settled) != len(pieces):  # a piece normalized to a line break (none in Unicode 17.0)
        return nfkc("NFKC", text)
    out = [""] * (2 * len(pieces) + 1)
    out[0::2] = [text[a:b] for a, b in zip([0] + ends_, starts + [len(text)])]
    out[1::2] = settled
    return "".join(out)


def _refold(settled: str, nfkc: Callable[[str, str], str]) -> str:
    """``NFKC(case_fold(settled))`` for a text in NFKC. Where a settled character folds to settled ones
    and the next character is settled and folds (if at all) to settled ones, folding leaves the text in
    NFKC (Latin, Greek, Cyrillic capitals before a letter or a space): only the pieces around the other
    folded characters are normalized again, each from the settled point before it to the one after."""
    points = code_points(settled)
    kinds = _fold_kinds()[points]
    folded = kinds != 0
    if not folded.any():
        return settled
    fold = _folder(points)
    stays = (_SETTLED.of(points) == ord("s")) & (kinds <= 1)  # settled, and folded (if at all) to settled ones
    unsafe = np.flatnonzero(folded & ~(stays & np.append(stays[1:], True)))
    if unsafe.size == 0:
        return fold(settled)
    if unsafe.size > len(points) // 8:  # so many pieces: the whole text again
        return nfkc("NFKC", fold(settled))
    restarts = np.flatnonzero(stays)
    at = np.searchsorted(restarts, unsafe, side="right")
    starts = np.where(at > 0, restarts[np.maximum(at - 1, 0)], 0).tolist()
    ends = np.where(at < len(restarts), restarts[np.minimum(at, len(restarts) - 1)], len(points)).tolist()
    out, done = [], 0
    for start, end in zip(starts, ends):
        if end <= done:
            continue
        start = max(start, done)
        out += [fold(settled[done:start]), nfkc("NFKC", fold(settled[start:end]))]
        done = end
    out.append(fold(settled[done:]))
    return "".join(out)


__all__ = ["normalize", "case_fold", "code_points", "ClassTable", "EXTRA"]
