"""What an input file looks like, for messages: its encoding when it is not UTF-8 (UTF-16 named as such)
and, for a file given where a ROUGE config goes, whether it is JSONL or plain text instead."""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Optional

from ..base.errors import RougeError

_SAMPLE = 4096  # bytes looked at to tell UTF-16 without a byte-order mark


class EncodingError(RougeError):
    """A plain-text input that is not UTF-8 text (UTF-16 named as such)."""


def utf16_kind(raw: bytes) -> Optional[str]:
    """``"UTF-16 (little-endian)"``, ``"UTF-16 (big-endian)"`` or ``"UTF-32"`` when ``raw`` is such text
    (a byte-order mark with a NUL byte after it, or NUL bytes in every other place as ASCII text in UTF-16
    has them), else None."""
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "UTF-32"
    sample = raw[:_SAMPLE]
    # a byte-order mark counts with a NUL after it (a space or line end in UTF-16 has one): bytes FF FE
    # before ASCII text are a byte text's own, which the Perl reads as they are
    if raw.startswith(b"\xff\xfe") and b"\x00" in sample:
        return "UTF-16 (little-endian)"
    if raw.startswith(b"\xfe\xff") and b"\x00" in sample:
        return "UTF-16 (big-endian)"
    half = len(sample) // 2
    if half < 2:
        return None
    odd, even = sample[1::2].count(0), sample[0::2].count(0)
    if odd >= 0.6 * half and even <= 0.1 * half:
        return "UTF-16 (little-endian)"
    if even >= 0.6 * half and odd <= 0.1 * half:
        return "UTF-16 (big-endian)"
    return None


def encoding_problem(raw: bytes) -> Optional[str]:
    """None when ``raw`` is UTF-8 (ASCII included); else what it is instead, for a message."""
    kind = utf16_kind(raw)
    if kind is not None:
        return kind
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = raw[exc.start]
        guess = ", Latin-1 or Windows-1252?" if 0x80 <= byte else ""
        return f"not UTF-8 (byte 0x{byte:02x} at offset {exc.start}{guess})"
    return None


def utf16_refusal(raw: bytes, path: str) -> Optional[str]:
    """The line that refuses a UTF-16 (or UTF-32) plain-text input, or None."""
    kind = utf16_kind(raw)
    if kind is None:
        return None
    return f"{path} is {kind} text: rouge155 reads UTF-8; convert it first (iconv -f {kind.split()[0]} -t UTF-8)"


def config_kind_hint(raw: bytes, path: str) -> str:
    """For a file that is not an XML config: what it looks like instead and what to give, as a clause
    to add to the error (empty when it looks like nothing else)."""
    kind = utf16_kind(raw)
    if kind is not None:
        return f"; the file is {kind} text (convert it to UTF-8: iconv -f {kind.split()[0]} -t UTF-8)"
    text = raw.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        return f"; it looks like JSONL (one JSON object per line): give --jsonl {path}"
    if text and b"<" not in text[:200]:
        return ("; it looks like plain text: give --summaries FILE --references FILE (one summary per line), "
                "or -z SPL for a list of files")
    return ""
