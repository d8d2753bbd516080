"""The few java.lang / java.util behaviours the ROUGE 2.0 jar's output depends on.

String.split, String.trim, String.hashCode, UnixPath.hashCode, HashMap iteration order,
DecimalFormat("0.00000") and Files.lines: each reproduced exactly for the inputs the jar meets.
"""
from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Callable, Hashable, List, Sequence, TypeVar

K = TypeVar("K", bound=Hashable)

#: Java's ``\s`` (ASCII only): ``[ \t\n\x0B\f\r]``.
WS = re.compile(r"[ \t\n\x0b\x0c\r]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split(pattern: "re.Pattern[str]", text: str) -> List[str]:
    """``String.split(regex)``: no match gives ``[text]``; a match at 0 leaves a leading empty
    field; trailing empty fields are dropped (so ``"  "`` gives ``[]``)."""
    parts: List[str] = []
    start = 0
    matched = False
    for m in pattern.finditer(text):
        if m.end() == 0:  # Java 8+: a zero-width match at the beginning never yields a leading field
            continue
        matched = True
        parts.append(text[start:m.start()])
        start = m.end()
    if not matched:
        return [text]
    parts.append(text[start:])
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def trim(text: str) -> str:
    """``String.trim``: strips every char <= U+0020 (controls included), nothing else."""
    i, j = 0, len(text)
    while i < j and text[i] <= " ":
        i += 1
    while j > i and text[j - 1] <= " ":
        j -= 1
    return text[i:j]


def lines(data: bytes) -> List[str]:
    """``Files.lines(path, ISO_8859_1)``: lines ended by \\n, \\r or \\r\\n; no empty last line."""
    text = data.decode("latin-1")
    out = _LINE_BREAK.split(text)
    if out and out[-1] == "":
        out.pop()
    return out


def _int32(h: int) -> int:
    h &= 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h


def string_hash(s: str) -> int:
    """``String.hashCode`` over UTF-16 code units."""
    h = 0
    data = s.encode("utf-16-be", "surrogatepass")
    for i in range(0, len(data), 2):
        h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xFFFFFFFF
    return _int32(h)


def path_hash(path: bytes) -> int:
    """``UnixPath.hashCode``: over the path's bytes."""
    h = 0
    for b in path:
        h = (31 * h + b) & 0xFFFFFFFF
    return _int32(h)


def unix_path(text: str) -> str:
    """``Paths.get``'s normalisation on Unix: repeated and trailing slashes removed (nothing else)."""
    norm = re.sub("/+", "/", text)
    if len(norm) > 1 and norm.endswith("/"):
        norm = norm[:-1]
    return norm


def hashmap_buckets(keys: Sequence[K], hash_of: Callable[[K], int], initial_capacity: int = 16) -> List[int]:
    """Each key's bucket in a ``java.util.HashMap(initial_capacity)`` (or ``HashSet``) filled with
    ``keys`` (distinct, in insertion order): ``(h ^ h>>>16) & (capacity-1)`` with the final capacity.
    The capacity starts at the smallest power of two >= the request (1 for 0) and doubles whenever
    the size exceeds 0.75 of it."""
    capacity = 1
    while capacity < initial_capacity:
        capacity *= 2
    while len(keys) > capacity * 3 // 4:
        capacity *= 2
    out = []
    for key in keys:
        h = hash_of(key) & 0xFFFFFFFF
        out.append((h ^ (h >> 16)) & (capacity - 1))
    return out


def hashmap_order(keys: Sequence[K], hash_of: Callable[[K], int], initial_capacity: int = 16) -> List[K]:
    """Iteration order of a ``java.util.HashMap`` filled with ``keys`` (distinct, in insertion
    order): by bucket (:func:`hashmap_buckets`), then insertion order. (Bins of 9+ colliding keys,
    which Java would treeify or use to force a resize, are not modelled.)"""
    buckets = hashmap_buckets(keys, hash_of, initial_capacity)
    indexed = sorted(range(len(keys)), key=lambda i: (buckets[i], i))
    return [keys[i] for i in indexed]


def decimal_format(x: float) -> str:
    """``new DecimalFormat("0.00000").format(x)``: HALF_EVEN on the exact binary value (JDK 8+);
    NaN prints as ``NaN``, infinity as ``\u221e``."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "\u221e" if x > 0 else "-\u221e"
    if 1e-6 <= abs(x) < 1e-5 and repr(abs(x)) == "5e-06":
        # DigitList quirk: when the first significant digit is the rounding digit, a shortest-repr
        # tie rounds to even without looking at the binary value (Java prints 0.000005 as 0.00000)
        return "0.00000"
    text = str(Decimal(x).quantize(Decimal("0.00000"), rounding=ROUND_HALF_EVEN))
    if text.startswith("-") and not any(c in "123456789" for c in text):
        text = text[1:]  # DecimalFormat prints -0.0 rounded to zero as "-0.00000"; only 0.0 occurs here
    return text


def equals_ignore_case(a: str, b: str) -> bool:
    """``String.equalsIgnoreCase``: char by char, equal as is, upper-cased or lower-cased."""
    if a == b:
        return True
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x != y and x.upper() != y.upper() and x.lower() != y.lower():
            return False
    return True
