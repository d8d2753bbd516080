"""ROUGE-BE: Basic Element matching on SIMPLE ``HEAD|MODIFIER|RELATION`` lines (``createBE``)."""
from __future__ import annotations

from collections import Counter
from itertools import repeat

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, List, Optional

from ..base.lazy import lazy_regex
from ..base.records import dataclass  # dataclasses' records without its start-up cost
from ..base.errors import RougeError
from ..base.perl import chomped_lines, split_ws
from ..text.readers import format_kind

_ASCII_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
_ALNUM = lazy_regex(rb"[A-Za-z0-9]")  # BE with -m only
_BRACKETS = lazy_regex(rb"(-LRB-|-RRB-|-LSB-|-RSB-|-LCB-|-RCB-)")


class BEFormatError(RougeError):
    """A BE line without exactly three fields; the message is the script's three lines."""


@dataclass(frozen=True)
class BESet:
    grams: Counter
    count: int


def read_lines(raw: bytes, input_format: Optional[str]) -> List[bytes]:
    """``readBE``: SIMPLE files give one BE per line; ISI BE files are read but yield nothing."""
    kind = format_kind(input_format)
    if kind == "SIMPLE":
        return chomped_lines(raw)
    if kind == "ISI":
        return []
    raise RougeError(f"Unknown input format: {input_format if input_format is not None else ''}")


def split_bar(text, bar):
    """Perl's ``split`` on "|", for bytes or str (``bar`` of the same type)."""
    fields = text.split(bar)
    while fields and not fields[-1]:
        fields.pop()  # Perl quirk: split drops trailing empty fields, so "a|b|" has two
    return fields


def invalid_line(shown: str) -> BEFormatError:
    return BEFormatError(
        f"Basic Element (BE) input file is invalid: *{shown}*\n"
        "A BE file has to be in this format per line: HEAD|MODIFIER|RELATION\n"
        "For more infomation about BE, go to: http://www.isi.edu/~cyl/BE"
    )


def count_bes(rows, mode: str, stemming: bool, stem_multi, nil, bar, key_bytes=None) -> BESet:
    """``createBE``'s selection and counting over each line's three fields (bytes, or str in the
    Unicode modes, with ``nil``/``bar`` of the same type); ``key_bytes`` turns a str key into bytes."""
    rows = list(rows)
    read_mods = None
    if stemming:
        read_mods = [mod for _head, mod, _rel in rows]
        # Perl quirk: the script compares the lowercased modifier with "NIL" (never equal), and its
        # bracket-token exclusion is upper case, so it never applies to the lowercased text either.
        rows = [(stem_multi(head) if len(head) > 3 else head, stem_multi(mod) if len(mod) > 3 else mod, rel)
                for head, mod, rel in rows]
    keys = _selected_keys(rows, mode, nil, bar, read_mods)
    if key_bytes:
        keys = list(map(key_bytes, keys))
    return BESet(Counter(keys), len(keys))


def _selected_keys(rows, mode: str, nil, bar, read_mods=None) -> list:
    """The keys ``createBE`` counts for ``mode``, in line order; ``read_mods``: the modifiers as read,
    before stemming (HMR1 tests those)."""
    if mode == "H":
        return [h for h, m, r in rows if m == nil]
    if mode == "HM":
        return [h + bar + m for h, m, r in rows if m != nil]
    if mode == "HMR":
        return [h + bar + m + bar + r for h, m, r in rows if r != nil]
    if mode == "HM1":
        return [h + bar + m for h, m, r in rows]
    if mode == "HMR1":
        mods = read_mods if read_mods is not None else [m for h, m, r in rows]
        return [h + bar + m + bar + r for (h, m, r), read in zip(rows, mods) if read != nil]
    if mode == "HMR2":
        return [h + bar + m + bar + r for h, m, r in rows]
    return []


def _stem_multi(field: bytes, stem: Callable[[str], Optional[str]]) -> bytes:
    """``MorphStemMulti``: stem each token that has a letter or digit and is not a bracket token."""
    out = []
    for tok in split_ws(field):
        if _ALNUM.search(tok) and not _BRACKETS.search(tok):
            s = stem(tok.decode("latin-1"))
            if s is not None:
                tok = s.encode("latin-1")
        out.append(tok)
    return b" ".join(out)


def create(lines: List[bytes], mode: str, stemming: bool, stem: Callable[[str], Optional[str]]) -> BESet:
    if not stemming and lines:
        text = b"\n".join(lines).translate(_ASCII_LOWER)
        rows = list(map(bytes.split, text.split(b"\n"), repeat(b"|")))
        sizes = set(map(len, rows))
        # no line that split_bar would change or refuse: three fields each, the last one not empty
        if sizes == {3} and not text.endswith(b"|") and b"|\n" not in text:
            return count_bes(rows, mode, False, None, b"nil", b"|")

    def checked_rows():
        for line in lines:
            be = line.translate(_ASCII_LOWER)
            fields = split_bar(be, b"|")
            if len(fields) != 3:
                raise invalid_line(be.decode("latin-1"))
            yield fields

    return count_bes(checked_rows(), mode, stemming, lambda field: _stem_multi(field, stem), b"nil", b"|")
