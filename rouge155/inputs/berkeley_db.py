"""A small read-only reader for Berkeley DB hash files, as Perl's DB_File writes them.

ROUGE-1.5.5 keeps its WordNet exceptions in ``WordNet-2.0.exc.db`` (a DB_HASH file). No maintained
Python binding installs from a wheel, so this reads the on-disk format directly: it walks every hash
page (hash format versions 7 to 10 share the page layout) and collects its key/data item pairs,
following overflow pages for long items. Both byte orders are recognised by the magic number.

The work is linear in the file size whatever the file holds: every field is checked against the
page it lives in, and all overflow chains together may visit at most as many pages as the file has
(in a well-formed file each overflow page belongs to exactly one item; items that name the very same
chain share one copy of it).
"""
from __future__ import annotations

import struct

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, Tuple

HASH_MAGIC = 0x061561
_PAGE_HEADER = 26  # lsn(8) pgno(4) prev(4) next(4) entries(2) hf_offset(2) level(1) type(1)
_P_HASH_UNSORTED, _P_OVERFLOW, _P_HASHMETA, _P_HASH = 2, 7, 8, 13
_H_KEYDATA, _H_OFFPAGE = 1, 3
_OFFPAGE_SIZE = 12  # type(1) unused(3) pgno(4) tlen(4)


class BDBError(ValueError):
    """The file is not a Berkeley DB hash database this reader understands."""


class BDBDamaged(BDBError):
    """The file starts as a hash database but its pages are inconsistent (``str()`` says where)."""


def read_hash_db(raw: bytes) -> Dict[bytes, bytes]:
    """All key/data pairs of a Berkeley DB hash file."""
    if len(raw) < 512:
        raise BDBError("too short for a Berkeley DB file")
    for order in ("<", ">"):
        if struct.unpack_from(order + "I", raw, 12)[0] == HASH_MAGIC:
            break
    else:
        raise BDBError("not a Berkeley DB hash file")
    version, pagesize = struct.unpack_from(order + "II", raw, 16)
    if not 7 <= version <= 10 or pagesize < 512 or pagesize > 65536 or pagesize & (pagesize - 1) \
            or len(raw) % pagesize:
        raise BDBError(f"unsupported hash version {version} or page size {pagesize}")
    if raw[25] != _P_HASHMETA:
        raise BDBError("first page is not a hash meta page")
    npages = len(raw) // pagesize
    u16 = struct.Struct(order + "H")
    u32 = struct.Struct(order + "I")
    offpage = struct.Struct(order + "II")
    max_entries = (pagesize - _PAGE_HEADER) // 2
    chains: Dict[Tuple[int, int], bytes] = {}
    budget = [npages]  # overflow pages all chains may still visit

    def overflow(pgno: int, total: int) -> bytes:
        key = (pgno, total)
        known = chains.get(key)
        if known is not None:
            return known
        out = bytearray()
        while pgno and len(out) < total:
            budget[0] -= 1
            if budget[0] < 0:
                raise BDBDamaged("overflow pages are shared between items or chained in a loop")
            if pgno >= npages:
                raise BDBDamaged(f"overflow chain leads to page {pgno}, past the end of the file")
            base = pgno * pagesize
            if raw[base + 25] != _P_OVERFLOW:
                raise BDBDamaged(f"overflow chain leads to page {pgno}, which is not an overflow page")
            nxt = u32.unpack_from(raw, base + 16)[0]
            length = u16.unpack_from(raw, base + 22)[0]
            if length > pagesize - _PAGE_HEADER:
                raise BDBDamaged(f"overflow page {pgno} claims {length} bytes")
            out += raw[base + _PAGE_HEADER : base + _PAGE_HEADER + length]
            pgno = nxt
        data = chains[key] = bytes(out[:total])
        return data

    def item(page: int, offsets, i: int) -> bytes:
        start = offsets[i]
        end = offsets[i - 1] if i else pagesize
        if not _PAGE_HEADER + 2 * len(offsets) <= start < end <= pagesize:
            raise BDBDamaged(f"bad item offset on page {page}")
        base = page * pagesize
        kind = raw[base + start]
        if kind == _H_KEYDATA:
            return raw[base + start + 1 : base + end]
        if kind == _H_OFFPAGE:
            if end - start < _OFFPAGE_SIZE:
                raise BDBDamaged(f"truncated overflow reference on page {page}")
            pgno, tlen = offpage.unpack_from(raw, base + start + 4)
            return overflow(pgno, tlen)
        raise BDBError(f"unsupported hash item type {kind}")

    result: Dict[bytes, bytes] = {}
    for page in range(1, npages):
        base = page * pagesize
        if raw[base + 25] not in (_P_HASH, _P_HASH_UNSORTED):
            continue
        entries = u16.unpack_from(raw, base + 20)[0]
        if entries > max_entries:
            raise BDBDamaged(f"page {page} claims {entries} entries, more than a page can hold")
        offsets = struct.unpack_from(f"{order}{entries}H", raw, base + _PAGE_HEADER)
        for i in range(0, entries - 1, 2):
            result[item(page, offsets, i)] = item(page, offsets, i + 1)
    return result
