"""Perl semantics the report depends on: numeric strings, number printing, split, rounding."""
from __future__ import annotations

import re

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import List, Union

    Number = Union[int, float]
else:
    Number = float  # for annotations only: an int or a float

_NUM_PREFIX = re.compile(
    r"[ \t\n\r\f\v]*([+-]?)(?:(inf(?:inity)?|nan)|((?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?))",
    re.IGNORECASE,
)
_WS_BYTES = re.compile(rb"\s+")


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


def perl_int(x: Number) -> int:
    """Perl's int(): truncation toward zero."""
    return int(x)
