"""Perl semantics the report depends on: numeric strings, number printing, split, rounding."""
from __future__ import annotations

import math
import re

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import List, Union

    import numpy as np  # imported where it is used (this module serves small runs too)

    Number = Union[int, float]
else:
    Number = float  # for annotations only: an int or a float

_NUM_PREFIX = re.compile(
    r"[ \t\n\r\f\v]*([+-]?)(?:(inf(?:inity)?|nan)|((?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?))",
    re.IGNORECASE,
)
_WS_BYTES = re.compile(rb"\s+")
_INF = float("inf")
_IV_END = float(1 << 63)
# Perl's \s on character strings (unicode_strings): \p{XPerlSpace}, as a string of the characters
# (also a regex class body: none of them needs escaping there). Python's \s also has \x1c-\x1f.
SPACE_CLASS = ("\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
               + "\u2028\u2029\u202f\u205f\u3000")


def perl_num(value: "str | bytes | None") -> Number:
    """The number Perl sees in a string: its longest numeric prefix, else 0 ("10abc" -> 10)."""
    if value is None:
        return 0
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    m = _NUM_PREFIX.match(value)
    if not m:
        return 0
    sign, special, digits = m.groups()
    if special:
        x = float(special.lower()[:3])
        return -x if sign == "-" else x
    if re.fullmatch(r"[0-9]+", digits) and len(digits) < 19:
        n = int(digits)
        return -n if sign == "-" else n
    x = float(digits)
    return -x if sign == "-" else x


def fmt_num(x: Number) -> str:
    """How Perl prints an unformatted number: integers as such, floats with %.15g."""
    if isinstance(x, int):
        return str(x)
    if x != x:
        return "NaN"
    if x in (float("inf"), float("-inf")):
        return "Inf" if x > 0 else "-Inf"
    return "%.15g" % x


def r5(x: float) -> float:
    """Perl's sprintf("%7.5f", x) taken back as a number (the script rounds, then keeps computing)."""
    return float("%7.5f" % x)


def f5(x: float) -> str:
    """Perl's sprintf("%7.5f", x): how the report and the -v lines print a score. Perl quirk: Inf and
    NaN print as "    Inf", "   -Inf" and "    NaN" (Python writes them in lower case)."""
    if x - x == 0:  # finite
        return "%7.5f" % x
    return "%7s" % fmt_num(x)


def split_ws(text: bytes) -> List[bytes]:
    """Perl's split(/\\s+/, text): a leading empty field is kept, trailing empty fields are dropped."""
    fields = _WS_BYTES.split(text)
    while fields and fields[-1] == b"":
        fields.pop()
    return fields


def chomped_lines(raw: bytes) -> List[bytes]:
    """The lines Perl's readline and chomp give: split at "\\n", no empty line after a final "\\n"."""
    lines = raw.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def perl_int(x: Number) -> Number:
    """Perl's int() (pp_int): truncation toward zero, to an integer within the IV/UV range; beyond
    it (Perl quirk) the result stays a double, printed as such ("2.47545199589662e+42"), and Inf
    and NaN stay themselves."""
    if isinstance(x, int) or x != x or x in (_INF, -_INF):
        return x
    if -_IV_END < x < 2.0 * _IV_END:
        return int(x)
    return float(math.floor(x) if x > 0 else math.ceil(x))


def perl_iv(x: Number) -> int:
    """A number as Perl reads it where it needs an integer (a range's end, ``substr``'s length, an
    array index): truncated toward zero, NaN as 0, and values past the IV range at its ends."""
    if isinstance(x, int):
        return x
    if x != x:
        return 0
    if x >= _IV_END:
        return (1 << 63) - 1
    if x <= -_IV_END:
        return -(1 << 63)
    return int(x)


def r5_many(values: "np.ndarray") -> "np.ndarray":
    """``r5`` of each value: rint(x * 1e5) / 1e5 is the same correctly rounded decimal where x * 1e5 is
    clearly off a half (both sides are the double nearest q / 10**5); near halves and outside
    [0, 1000) each value goes through ``r5`` itself."""
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        scaled = x * 1e5
        q = np.rint(scaled)
        out = q / 1e5
        doubtful = ~((x >= 0) & (x < 1000) & (np.abs(np.abs(scaled - q) - 0.5) > 1e-6))
    for i in np.flatnonzero(doubtful).tolist():
        out[i] = r5(float(x[i]))
    return out
