"""The Unicode fork's text handling (ROUGE-1.5.5-unicode, commit 915576a), as character strings.

Against the original the fork reads files through ``:encoding(UTF-8)``, lowercases with ``lc``,
blanks ``[^\\w]`` with Perl's Unicode ``\\w`` and splits on Perl's Unicode ``\\s``. Character
classes are built from :mod:`unicodedata` to match Perl's definitions (same Unicode version).
"""
from __future__ import annotations

import codecs
import re
import sys
import unicodedata
from typing import List

from .errors import RougeError
from .perl import SPACE_CLASS


def _ranges(pred) -> str:
    """A regex character-class body for every code point where ``pred`` holds."""
    out: List[str] = []
    start = None
    for c in range(sys.maxunicode + 2):
        ok = c <= sys.maxunicode and not (0xD800 <= c <= 0xDFFF) and pred(c)
        if ok and start is None:
            start = c
        elif not ok and start is not None:
            end = c - 1
            out.append(re.escape(chr(start)) if start == end else f"{re.escape(chr(start))}-{re.escape(chr(end))}")
            start = None
    return "".join(out)


# Perl's \w under Unicode rules: \p{Alphabetic}, \p{Mark}, \p{Decimal_Number}, \p{Connector_Punctuation},
# \p{Join_Control}. Alphabetic = letters + Nl + Other_Alphabetic, whose only non-mark members are the
# circled/squared Latin letters below.
_OTHER_ALPHABETIC_SYMBOLS = ((0x24B6, 0x24E9), (0x1F130, 0x1F149), (0x1F150, 0x1F169), (0x1F170, 0x1F189))


def _is_word(c: int) -> bool:
    cat = unicodedata.category(chr(c))
    if cat[0] in "LM" or cat in ("Nd", "Nl", "Pc") or c in (0x200C, 0x200D):
        return True
    return any(a <= c <= b for a, b in _OTHER_ALPHABETIC_SYMBOLS)


def _compute_word_class() -> str:
    return _ranges(_is_word)


def _word_class() -> str:
    from . import unicode_tables as _tables

    if _tables.UNIDATA_VERSION == unicodedata.unidata_version:
        return _tables.WORD_CLASS
    return _compute_word_class()  # another Unicode version: build it (about a second)


def _class_ranges(body: str) -> List[tuple]:
    """(first, last) code points of a class body as :func:`_ranges` writes it."""
    items: List[str] = []
    ranges: List[tuple] = []
    i = 0
    while i < len(body):
        if body[i] == "\\":
            i += 1
        if body[i] == "-" and items and i + 1 < len(body) and (i == 0 or body[i - 1] != "\\"):
            j = i + 1
            if body[j] == "\\":
                j += 1
            ranges[-1] = (ranges[-1][0], ord(body[j]))
            i = j + 1
            continue
        items.append(body[i])
        ranges.append((ord(body[i]), ord(body[i])))
        i += 1
    return ranges


WORD_CLASS = _word_class()
WORD_RUN = re.compile(f"[{WORD_CLASS}]+")
# Python's re checks a class's astral ranges one by one; text without astral characters (nearly
# all of it) uses the class cut to the BMP, which it checks in one table look-up.
WORD_RUN_BMP = re.compile("[" + "".join(
    re.escape(chr(a)) + ("-" + re.escape(chr(min(b, 0xFFFF))) if min(b, 0xFFFF) > a else "")
    for a, b in _class_ranges(WORD_CLASS) if a <= 0xFFFF) + "]+")
_ASTRAL_MIN = "\U00010000"
_SPACES = re.compile(f"[{SPACE_CLASS}]+")

_NONCHAR_BMP = re.compile("[\ufdd0-\ufdef\ufffe\uffff]")
_NONCHAR = re.compile("[\ufdd0-\ufdef" + "".join(
    f"{chr(p << 16 | 0xFFFE)}{chr(p << 16 | 0xFFFF)}" for p in range(17)) + "]")


# How many bytes Perl's (extended) UTF-8 expects after each start byte, itself included.
_SKIP = [1] * 0xC0 + [2] * 32 + [3] * 16 + [4] * 8 + [5] * 4 + [6] * 2 + [7, 13]


def _strict_dfa():
    """Perl's strict UTF-8 DFA (``PL_strict_utf8_dfa_tab``, Hoehrmann's decoder as Perl adapts it):
    a class per byte, and transitions over states premultiplied by the number of classes."""
    cls = [0] * 0x80 + [9] * 15 + [10] + [11] * 15 + [12] + [13] * 15 + [14]
    cls += [15] * 7 + [16] + [15] * 6 + [17, 18]  # B0..BF
    cls += [1, 1] + [2] * 30  # C0..DF
    cls += [7] + [3] * 12 + [1, 3, 4]  # E0..EF (ED goes to the slow path)
    cls += [8, 6, 6, 6, 5] + [1] * 11  # F0..FF
    k = 19
    n = {i: i * k for i in range(12)}
    rows = [
        [0, 1, n[1], n[2], n[4], n[7], n[6], n[3], n[5]] + [1] * 10,
        [1] * 9 + [0] * 10,
        [1] * 9 + [n[1]] * 10,
        [1] * 13 + [n[1]] * 6,
        [1] * 9 + [n[1]] * 7 + [n[8], n[1], n[9]],
        [1] * 11 + [n[2], n[10], n[2], n[10], n[2], n[2], n[2], n[10]],
        [1] * 9 + [n[2], n[10], n[2], n[10], n[2], n[10], n[2], n[2], n[2], n[10]],
        [1] * 9 + [n[2], n[10]] + [1] * 8,
        [1] * 9 + [0, 0, 1, 1, 1, 1, 0, 0, 0, 0],
        [1] * 9 + [0] * 8 + [1, 1],
        [1] * 9 + [n[1]] * 9 + [n[11]],
        [1] * 9 + [0] * 8 + [1, 1],
    ]
    return cls, [x for row in rows for x in row]


_CLASS, _TRANS = _strict_dfa()


def _malformed_length(raw: bytes, i: int) -> int:
    """How many bytes Perl's decoder (Encode 3.17 ``process_utf8``) escapes at a failure at ``i``.

    ``utf8n_to_uvchr(..., UTF8_ALLOW_ANY)`` first walks the strict DFA. Perl quirk: it tests for
    rejection only after a transition, so from a first byte that is rejected at once (C0, C1, ED,
    F5..FF, a stray continuation) it goes on from the reject state, whose row is the start row
    shifted by one class, and an "accept" there swallows the next bytes (e.g. a CJK character) into
    the malformed unit. Otherwise the unit is the start byte and the continuation bytes it expects.
    """
    state = _TRANS[_CLASS[raw[i]]]
    j = i + 1
    while j < len(raw):
        state = _TRANS[state + _CLASS[raw[j]]]
        if state == 0:
            return j - i + 1
        if state == 1:
            break
        j += 1
    b = raw[i]
    end = i + 1
    if b >= 0xC0:
        while end < len(raw) and end - i < _SKIP[b] and 0x80 <= raw[end] <= 0xBF:
            end += 1
    return end - i


def _nonchar(text: str):
    """The first noncharacter of ``text`` (a match), if any."""
    if not text or text.isascii():
        return None
    return (_NONCHAR if max(text) >= _ASTRAL_MIN else _NONCHAR_BMP).search(text)


def _escape(raw: bytes) -> str:
    return "".join(f"\\x{c:02X}" for c in raw)


def _strict_prefix(chunk: bytes, s: int) -> str:
    """The longest prefix of ``chunk[s:]`` that is strict UTF-8 (noncharacters excluded), decoded."""
    try:
        text = chunk[s:].decode("utf-8")
    except UnicodeDecodeError as exc:
        text = chunk[s : s + exc.start].decode("utf-8")
    m = _nonchar(text)
    return text[: m.start()] if m else text


def _valid_partial(tail: bytes) -> bool:
    """``is_utf8_valid_partial_char_flags``: ``tail`` is the incomplete start of a legal character."""
    dec = codecs.getincrementaldecoder("utf-8")("strict")
    try:
        return dec.decode(tail, final=False) == ""
    except UnicodeDecodeError:
        return False


def _decode_chunk(chunk: bytes):
    """Encode's ``process_utf8`` with STOP_AT_PARTIAL and PERLQQ: (text, bytes consumed)."""
    out = []
    s = 0
    e = len(chunk)
    while s < e:
        good = _strict_prefix(chunk, s)
        out.append(good)
        s += len(good.encode("utf-8"))
        if s >= e or _valid_partial(chunk[s:]):
            break
        n = _malformed_length(chunk, s)
        out.append(_escape(chunk[s : s + n]))
        s += n
    return "".join(out), s


_CHUNK = 1024  # PerlIO::encoding decodes at most this many bytes at a time
_BLOCK = 8192  # the :perlio layer below it reads the file in blocks of this size


def perl_decode(raw: bytes) -> str:
    """What reading a file through the fork's ``:encoding(UTF-8)`` layer gives.

    Perl quirks: an undecodable byte reads as the four characters ``\\xHH``; noncharacters
    (U+FDD0..U+FDEF, U+xxFFFE/F) are undecodable too (strict UTF-8); an incomplete character at
    the very end of the file is dropped silently. Where a file has undecodable bytes, how many
    bytes each escape covers depends on what the decoder sees at once (see
    :func:`_malformed_length`), so PerlIO::encoding's chunks are reproduced.
    """
    try:
        text = raw.decode("utf-8")
        if not _nonchar(text):
            return text
    except UnicodeDecodeError:
        pass
    out = []
    pos = 0  # the :perlio layer's read position
    block_end = 0
    pending = b""  # bytes PerlIO::encoding holds back (an incomplete character)
    while True:
        if pos >= block_end:
            if block_end >= len(raw):
                break  # end of file: a held-back incomplete character is dropped
            block_end = min(block_end + _BLOCK, len(raw))
        use = min(block_end - pos, _CHUNK - len(pending))
        chunk = pending + raw[pos : pos + use]
        text, consumed = _decode_chunk(chunk)
        if text:
            out.append(text)
            pos += use - (len(chunk) - consumed)  # what did not decode is read again
            pending = b""
        else:
            pending = chunk
            pos += use
    return "".join(out)


def strict_decode(raw: bytes, path: str) -> str:
    """UTF-8 text, or one clear error naming the file and the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RougeError(
            f"{path}: not valid UTF-8 (byte 0x{raw[exc.start]:02X} at offset {exc.start}); "
            "--unicode reads such bytes as the fork does"
        ) from None


def perl_lc(text: str) -> str:
    """Perl's ``lc``: full lowercase mapping, one character at a time (no final-sigma rule)."""
    if "\u03a3" in text:
        return "".join(ch.lower() for ch in text)
    return text.lower()


def split_ws(text: str) -> List[str]:
    """Perl's split(/\\s+/, text) on a character string (leading empty field kept)."""
    fields = _SPACES.split(text)
    while fields and fields[-1] == "":
        fields.pop()
    return fields


def clean_tokens(text: str) -> List[str]:
    """The fork's clean-up, split: every run of \\w characters is a token (``-`` and ``[^\\w]`` blanked)."""
    if text.isascii() or max(text) < _ASTRAL_MIN:
        return WORD_RUN_BMP.findall(text)
    return WORD_RUN.findall(text)


def clean(text: str) -> str:
    return " ".join(clean_tokens(text))
