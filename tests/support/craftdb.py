"""Hand-made Berkeley DB hash files (well-formed in layout, hostile in content) for the reader's tests."""
from __future__ import annotations

import struct
from typing import List, Sequence, Tuple, Union

PAGE = 4096
Item = Union[bytes, Tuple[int, int]]  # inline bytes, or (overflow page, total length)


def meta_page(version: int = 9, pagesize: int = PAGE) -> bytearray:
    page = bytearray(pagesize)
    struct.pack_into("<III", page, 12, 0x061561, version, pagesize)
    page[25] = 8
    return page


def hash_page(items: Sequence[Item], pagesize: int = PAGE, entries: int = -1) -> bytearray:
    """A hash page holding ``items`` (key, data, key, data...) packed from the page's end down."""
    page = bytearray(pagesize)
    end = pagesize
    offsets: List[int] = []
    for it in items:
        blob = b"\x01" + it if isinstance(it, bytes) else b"\x03\0\0\0" + struct.pack("<II", *it)
        end -= len(blob)
        page[end:end + len(blob)] = blob
        offsets.append(end)
    struct.pack_into("<H", page, 20, len(items) if entries < 0 else entries)
    page[25] = 13
    for i, off in enumerate(offsets):
        struct.pack_into("<H", page, 26 + 2 * i, off)
    return page


def overflow_page(data: bytes, next_page: int, pagesize: int = PAGE) -> bytearray:
    page = bytearray(pagesize)
    struct.pack_into("<IH", page, 16, next_page, 0)
    struct.pack_into("<H", page, 22, len(data))
    page[25] = 7
    page[26:26 + len(data)] = data
    return page


def shared_chain_db(chain_pages: int, hash_pages: int, vary_length: bool = False) -> bytes:
    """Every item's data is the same ``chain_pages``-long overflow chain (or starts at the same page
    with a different claimed length each, when ``vary_length``)."""
    first_chain = 1 + hash_pages
    per_page = (PAGE - 26) // (2 + 2 + 5 + 12) // 1
    pages = [meta_page()]
    n = 0
    for _ in range(hash_pages):
        items: List[Item] = []
        for _ in range(per_page // 2):
            n += 1
            items += [b"k%04d" % (n % 10000), (first_chain, (1 << 31) - n if vary_length else 1 << 31)]
        pages.append(hash_page(items))
    for i in range(chain_pages):
        nxt = first_chain + i + 1 if i + 1 < chain_pages else 0
        pages.append(overflow_page(b"x" * (PAGE - 26), nxt))
    return b"".join(pages)
