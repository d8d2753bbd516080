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
from typing import List, Optional

from ..errors import RougeError


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
    from . import _tables

    if _tables.UNIDATA_VERSION == unicodedata.unidata_version:
        return _tables.WORD_CLASS
    return _compute_word_class()  # another Unicode version: build it (about a second)


WORD_CLASS = _word_class()
WORD_RUN = re.compile(f"[{WORD_CLASS}]+")
# Perl's \s on character strings (unicode_strings): \p{XPerlSpace}. Python's \s also has \x1c-\x1f.
SPACE_CLASS = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_SPACES = re.compile(f"[{SPACE_CLASS}]+")

_SEE_SIZED = re.compile(
    f'<a size="[0-9]+" name="[0-9]+">\\[([0-9]+)\\]</a>[{SPACE_CLASS}]+<a href="#[0-9]+" id=[0-9]+>([^<]+)'
)
_SEE_PLAIN = re.compile(f'<a name="[0-9]+">\\[([0-9]+)\\]</a>[{SPACE_CLASS}]+<a href="#[0-9]+" id=[0-9]+>([^<]+)')
_ISI = re.compile('<S SNTNO="[0-9a-z,]+">([^<]+)</S>')


def _is_noncharacter(c: int) -> bool:
    return 0xFDD0 <= c <= 0xFDEF or (c & 0xFFFE) == 0xFFFE


_NONCHAR = re.compile("[\ufdd0-\ufdef" + "".join(
    f"{chr(p << 16 | 0xFFFE)}{chr(p << 16 | 0xFFFF)}" for p in range(17)) + "]")


def _perlqq(exc: UnicodeDecodeError):
    """PerlIO's PERLQQ fallback: each undecodable byte becomes the text ``\\xHH``."""
    bad = exc.object[exc.start : exc.end]
    return "".join(f"\\x{b:02X}" for b in bad), exc.end


codecs.register_error("rouge155-perlqq", _perlqq)


def perl_decode(raw: bytes) -> str:
    """What reading a file through the fork's ``:encoding(UTF-8)`` layer gives.

    Perl quirks: an undecodable byte reads as the four characters ``\\xHH``; noncharacters
    (U+FDD0..U+FDEF, U+xxFFFE/F) are undecodable too (strict UTF-8); an incomplete character at
    the very end of the file is dropped silently.
    """
    dec = codecs.getincrementaldecoder("utf-8")("rouge155-perlqq")
    text = dec.decode(raw, final=False)  # what is left in the decoder at EOF is dropped
    if _NONCHAR.search(text):
        text = _NONCHAR.sub(lambda m: "".join(f"\\x{b:02X}" for b in m.group(0).encode("utf-8")), text)
    return text


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


def _lines(text: str) -> List[str]:
    parts = text.split("\n")
    lines = [p + "\n" for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def parse_units(text: str, input_format: Optional[str], lower=perl_lc) -> List[str]:
    """The fork's ``readText``: lowercased units (sentences) of a decoded summary file."""
    from ..readers import format_kind

    kind = format_kind(input_format)
    units: List[str] = []
    if kind == "SEE":
        for line in _lines(text):
            m = _SEE_SIZED.match(line) or _SEE_PLAIN.match(line)
            if m:
                units.append(lower(m.group(2)))
    elif kind == "ISI":
        for line in _lines(text):
            m = _ISI.match(line)
            if m:
                units.append(lower(m.group(1)))
    elif kind == "SPL":
        for line in _lines(text):
            if line.endswith("\n"):
                line = line[:-1]
            if line:
                units.append(lower(line))
    else:
        raise RougeError(f"Unknown input format: {input_format if input_format is not None else ''}")
    return units


def split_ws(text: str) -> List[str]:
    """Perl's split(/\\s+/, text) on a character string (leading empty field kept)."""
    fields = _SPACES.split(text)
    while fields and fields[-1] == "":
        fields.pop()
    return fields


def clean_tokens(text: str) -> List[str]:
    """The fork's clean-up, split: every run of \\w characters is a token (``-`` and ``[^\\w]`` blanked)."""
    return WORD_RUN.findall(text)


def clean(text: str) -> str:
    return " ".join(WORD_RUN.findall(text))
