"""Where summary text comes from: the file system (the command line) or memory (the API, plain text)."""
from __future__ import annotations

import os

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Mapping

from ..base.errors import RougeError

_FIRST_READ = 16384  # one read for most summaries


def read_file(path: str) -> bytes:
    """A summary file's bytes, or the Perl's ``Cannot open PATH``."""
    # os.open/os.read: half the cost of open().read() for the small files a corpus has by thousands
    try:
        fd = os.open(path, os.O_RDONLY)
    except (OSError, ValueError):
        raise RougeError(f"Cannot open {path}") from None
    try:
        data = os.read(fd, _FIRST_READ)
        return read_rest(fd, data, path) if len(data) == _FIRST_READ else data
    except IsADirectoryError:
        return b""  # Perl opens a directory and reads nothing from it
    except OSError:
        raise RougeError(f"Cannot open {path}") from None
    finally:
        os.close(fd)



_CHECK_FROM = 1 << 28  # read past 256 MB, the memory left is checked as the reading goes on


def read_rest(fd: int, first: bytes, path: str) -> bytes:
    """The rest of an open file after ``first``; a file larger than the memory that can hold it (a
    device such as /dev/zero, an endless stream) stops with one line instead of filling the memory."""
    parts, total, room = [first], len(first), None
    while True:
        more = os.read(fd, 1 << 20)
        if not more:
            return b"".join(parts)
        parts.append(more)
        total += len(more)
        if total > _CHECK_FROM:
            if room is None:
                from ..base.budget import available_memory

                room = available_memory() // 3  # the text, its lines and its tokens are held at once
            if total > room:
                from ..base.budget import size_text

                raise RougeError(f"Cannot read {path}: more than {size_text(total)} and not at its end, more than "
                                 "the memory left can hold (a device or an endless stream?)")


class TextSource:
    """Where summary text comes from: the file system (the CLI) or memory (the API)."""

    def exists(self, path: str) -> bool:
        return os.path.exists(path)

    def read(self, path: str) -> bytes:
        return read_file(path)

    def size(self, path: str) -> int:
        """The text's size in bytes (0 when it cannot be read: the run reports that later)."""
        try:
            return os.path.getsize(path)
        except OSError:
            return 0


class MemorySource(TextSource):
    """Summaries held in memory, keyed by the names the config uses."""

    def __init__(self, texts: Mapping[str, bytes]):
        self._texts = texts

    def exists(self, path: str) -> bool:
        return path in self._texts

    def read(self, path: str) -> bytes:
        try:
            return self._texts[path]
        except KeyError:
            raise RougeError(f"Cannot open {path}") from None

    def size(self, path: str) -> int:
        return len(self._texts.get(path, b""))


def summary_bytes(text, where: str) -> bytes:
    """A summary given in memory, as the engines read it: a str as UTF-8, bytes as they are. Any
    other value is a TypeError naming where it was given (``bytes(5)`` would read an int as five NUL
    bytes, and ``10**10`` as 10 GB of them)."""
    if isinstance(text, str):
        return text.encode("utf-8")
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError(f"{where} must be a str or bytes, not {type(text).__name__}")


def reference_texts(references, where: str) -> list:
    """One evaluation's references: a sequence of texts, or one text alone (one reference, not one
    per character)."""
    if isinstance(references, (str, bytes, bytearray, memoryview)):
        return [references]
    from ..base.arguments import refuse_unordered  # (the API's checks: not imported at the command's start-up)

    refuse_unordered(references, where)  # a mapping's keys are no texts; a set has no fixed order
    try:
        return list(references)
    except TypeError:
        raise TypeError(f"{where} must be a text or a sequence of texts, not {type(references).__name__}") from None
