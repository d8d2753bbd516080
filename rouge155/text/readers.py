"""Summary readers: SEE, ISI and SPL text, length limits, and the script's text clean-up.

Files are bytes throughout; only ASCII letters are lowercased. The script has two readers whose
length limits differ, and both are reproduced:

* ``limited_text`` (``readText``): the units joined, used for n-grams, skip-bigrams and the
  unigram counts that clip ROUGE-L/W hits;
* ``limited_units`` (``readText_LCS``): the units kept apart, used for ROUGE-L/W.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import List, Optional, Sequence

from ..base.lazy import lazy_regex  # SEE and ISI files only
from ..base.errors import RougeError
from ..base.perl import SPACE_CLASS, Number, perl_iv, split_ws

# The SEE and ISI line patterns, over the script's bytes (``\s``: ASCII spaces) and over the Unicode
# fork's characters (``\s``: Perl's Unicode spaces); compiled when a SEE or ISI file is first read.
_SEE_SIZED = '<a size="[0-9]+" name="[0-9]+">\\[([0-9]+)\\]</a>{s}+<a href="#[0-9]+" id=[0-9]+>([^<]+)'
_SEE_PLAIN = '<a name="[0-9]+">\\[([0-9]+)\\]</a>{s}+<a href="#[0-9]+" id=[0-9]+>([^<]+)'
_ISI = '<S SNTNO="[0-9a-z,]+">([^<]+)</S>'
BYTE_PATTERNS = ((lazy_regex(_SEE_SIZED.format(s="\\s").encode()), lazy_regex(_SEE_PLAIN.format(s="\\s").encode())),
                 lazy_regex(_ISI.encode()))
TEXT_PATTERNS = ((lazy_regex(_SEE_SIZED.format(s=f"[{SPACE_CLASS}]")),
                  lazy_regex(_SEE_PLAIN.format(s=f"[{SPACE_CLASS}]"))),
                 lazy_regex(_ISI))

_KEEP = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"
_CLEAN_TABLE = bytes(b if b in _KEEP else 0x20 for b in range(256))


def format_kind(input_format: Optional[str]) -> Optional[str]:
    """Which reader a format string selects (Perl matches /^SEE$/i, which allows one trailing newline)."""
    if input_format is None:
        return None
    fmt = input_format[:-1] if input_format.endswith("\n") else input_format
    fmt = fmt.upper()
    return fmt if fmt in ("SEE", "ISI", "SPL", "SIMPLE") else None


def _lines(raw):
    """Lines as Perl's readline gives them, each keeping its newline (bytes or str)."""
    newline = "\n" if isinstance(raw, str) else b"\n"
    parts = raw.split(newline)
    lines = [p + newline for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def spl_units(raw: bytes) -> List[bytes]:
    """SPL: the non-empty lines, lowercased."""
    return [line for line in raw.lower().split(b"\n") if line]


def parse_units(raw, input_format: Optional[str], lower=None, patterns=BYTE_PATTERNS) -> list:
    """The lowercased text units (sentences) of one summary file: the script's bytes (``lower`` None:
    ASCII letters only), or a Unicode mode's decoded text with its ``lower`` and ``TEXT_PATTERNS``."""
    kind = format_kind(input_format)
    if kind == "SPL":
        if lower is None:
            return spl_units(raw)
        return [lower(line) for line in raw.split("\n") if line]
    if kind not in ("SEE", "ISI"):
        raise RougeError(f"Unknown input format: {input_format if input_format is not None else ''}")
    see, isi = patterns
    regexes, group = (see, 2) if kind == "SEE" else ((isi,), 1)
    units = []
    for line in _lines(raw):
        for regex in regexes:
            m = regex.match(line)
            if m:
                text = m.group(group)
                units.append(text.lower() if lower is None else lower(text))
                break
    return units


def _take_words(tokens: List[bytes], count: Number, space=b" ") -> bytes:
    """join(" ", @tokens[0..count-1]); indices past the end are undef, i.e. empty strings."""
    last = perl_iv(count - 1)  # Perl quirk: -l nan keeps one word (a range's NaN end is 0)
    return space.join(tokens[i] if i < len(tokens) else space[:0] for i in range(last + 1))


def take_bytes(unit: bytes, count: Number) -> bytes:
    """substr(unit, 0, count), a negative count leaving that many bytes off the end."""
    n = perl_iv(count)  # -b nan: 0 bytes; -b -inf: all bytes left off
    if n >= 0:
        return unit[:n]
    return unit[: max(len(unit) + n, 0)]


def limited_text(units: Sequence[bytes], word_limit: Number, byte_limit: Number, split=split_ws,
                 space=b" ") -> Optional[bytes]:
    """``readText``'s limits: the units joined with spaces; ``None`` where Perl leaves it undefined.

    (``split``/``space``: the Unicode modes pass character-string versions; lengths are then in characters.)
    """
    if word_limit == 0 and byte_limit == 0:
        # Perl quirk: without limits the text is join(" ", ...), defined even when empty: no warning.
        return space.join(units)
    out = space[:0]
    used = 0
    if word_limit != 0:
        for unit in units:
            tokens = split(unit)  # Perl quirk: a leading empty field counts as a word
            n = len(tokens)
            if used + n < word_limit:
                out += (space + unit) if used != 0 else unit
                used += n
            else:
                if used > 0:
                    out += space
                out += _take_words(tokens, word_limit - used, space)
                break
    else:
        for unit in units:
            n = len(unit)
            if used + n < byte_limit:
                out += (space + unit) if used != 0 else unit
                used += n  # the joining spaces are not counted
            else:
                if used > 0:
                    out += space
                out += take_bytes(unit, byte_limit - used)
                break
    return out if out else None


def limited_units(units: Sequence[bytes], word_limit: Number, byte_limit: Number, split=split_ws,
                  space=b" ") -> List[bytes]:
    """``readText_LCS``'s limits: the units kept apart, the last one cut to fit."""
    if word_limit == 0 and byte_limit == 0:
        return list(units)
    out: List[bytes] = []
    if word_limit != 0:
        used = 0
        for unit in units:
            tokens = split(unit)
            if used + len(tokens) < word_limit:
                used += len(tokens)
                out.append(unit)
            else:
                out.append(_take_words(tokens, word_limit - used, space))
                break
    else:
        for unit in units:
            # Perl quirk: readText_LCS never advances its byte count, so each unit is tested alone.
            if len(unit) < byte_limit:
                out.append(unit)
            else:
                out.append(take_bytes(unit, byte_limit))
                break
    return out


def clean_tokens(text: bytes) -> List[bytes]:
    """The script's clean-up, split: hyphens split off, all but [A-Za-z0-9-] blanked."""
    return text.replace(b"-", b" - ").translate(_CLEAN_TABLE).split()


UNIT_MARK = b"|"  # never a cleaned token: the clean-up blanks "|"
_MARK_TABLE = _CLEAN_TABLE[:10] + UNIT_MARK + _CLEAN_TABLE[11:]  # the clean-up, but a newline becomes the mark


def clean_units_marked(units: List[bytes]) -> List[bytes]:
    """``clean_tokens`` of many units (without newlines) in one pass, ``UNIT_MARK`` after each unit
    but the last."""
    return b"\n".join(units).replace(b"-", b" - ").translate(_MARK_TABLE).replace(UNIT_MARK, b" | ").split()


def clean(text: bytes) -> str:
    """The script's clean-up: hyphens split off, all but [A-Za-z0-9-] blanked, whitespace collapsed."""
    return b" ".join(clean_tokens(text)).decode("ascii")
