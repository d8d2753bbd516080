"""The data directory: stopword list and WordNet 2.0 exceptions."""
from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from functools import lru_cache

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Callable, Dict, FrozenSet, List, Optional, Tuple

from ..base.lazy import lazy_regex  # -m only
from ..base.records import dataclass  # dataclasses' records without its start-up cost
from ..base.errors import RougeError
from ..base.perl import chomped_lines, split_ws

EXC_ORDER = ("adj", "adv", "noun", "verb")  # a later file's entry wins, as buildExeptionDB.pl does
STOPWORDS_FILE = "smart_common_words.txt"
EXCEPTION_DB = "WordNet-2.0.exc.db"
# The release's exception db is 288 KB; anything past this is not one (e.g. a sparse file) and is
# refused rather than read into memory.
MAX_DB_BYTES = 256 << 20
# An .exc file whose every line is "WORD WORD..." (single spaces, "\n" ends): the Perl's split(/\s+/)
# and these regexes agree on it (over Latin-1 text: \S excludes Unicode's extra spaces too).
_EXC_SHAPE = lazy_regex(r"(?:\S+(?: \S+)+\n)*")
_EXC_PAIR = lazy_regex(r"^(\S+) (\S+)", re.M)


_BUNDLED: list = []  # found once per process (a per-pair API call asks for it every time)


def bundled_data_path() -> str:
    """The data shipped in the wheel (``rouge155/_data``), else the repository's ``data/`` (a checkout).
    (os.path, not pathlib: pathlib's imports cost a small run ~2 ms.)"""
    if not _BUNDLED:
        _BUNDLED.append(_find_bundled())
    return _BUNDLED[0]


def _find_bundled() -> str:
    here = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # the rouge155 package
    for candidate in (os.path.join(here, "_data"), os.path.join(os.path.dirname(here), "data")):
        if os.path.isfile(os.path.join(candidate, STOPWORDS_FILE)):
            return candidate
    return os.path.join(here, "_data")


def bundled_data_dir() -> Path:
    """:func:`bundled_data_path` as a Path."""
    from pathlib import Path

    return Path(bundled_data_path())


# resolve_data_dir's answer for "the current directory, as the script uses it": paths relative to
# it, exactly as the script names them, and the bundled data for a file that is not there.
CURRENT_DIR = ""


def resolve_data_dir(opt_e: Optional[str], environ: Mapping[str, str] = os.environ, cwd_files: bool = False) -> str:
    """``-e DIR``, else $ROUGE_EVAL_HOME, else $RED_EVAL_HOME, else the bundled data; with ``cwd_files``
    (the command line), :data:`CURRENT_DIR` when the current directory holds a data file, as the
    script reads its data from there when neither -e nor the variables are given."""
    if opt_e is not None:
        return opt_e
    for var in ("ROUGE_EVAL_HOME", "RED_EVAL_HOME"):
        if var in environ:
            return environ[var] or "/"  # Perl quirk: "$DIR/smart_common_words.txt" with DIR empty is the root
    if cwd_files and (os.path.lexists(STOPWORDS_FILE) or os.path.lexists(EXCEPTION_DB)):
        return CURRENT_DIR
    return bundled_data_path()


@dataclass(frozen=True)
class WordLists:
    """The word lists of a data directory (``-e``): the SMART stopwords (``-s``) and the WordNet
    exceptions the Porter stemmer looks up first (``-m``)."""

    stopwords: FrozenSet[str]
    exceptions: Mapping[str, str]


def _read_bytes(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def load_stopwords(path: str) -> FrozenSet[str]:
    try:
        raw = _read_bytes(path)
    except IsADirectoryError:
        raw = b""  # Perl opens a directory and reads no line from it
    except OSError:
        raise RougeError(f"Cannot open {path}") from None
    # Perl chomps each line and keys the hash with what is left (a CR stays part of the word).
    return frozenset(line.decode("latin-1") for line in chomped_lines(raw))


def parse_exc(raw: bytes, into: Dict[str, str]) -> None:
    """One .exc file, as buildExeptionDB.pl reads it: first field -> second field."""
    text = raw.decode("latin-1")
    if _EXC_SHAPE.fullmatch(text):  # the usual file: one regex pass gives what the Perl's split gives
        into.update(_EXC_PAIR.findall(text))
        return
    for line in chomped_lines(raw):
        fields = split_ws(line)
        key = fields[0].decode("latin-1") if fields else ""
        into[key] = fields[1].decode("latin-1") if len(fields) > 1 else ""


class ExceptionTable(Mapping):
    """Exceptions parsed on first use: a run without -m never looks one up, and a file known to hold
    the bundled exceptions costs nothing more than its check. Pickles as a plain dict."""

    def __init__(self, load: Callable[[], Dict[str, str]]):
        self._load = load
        self._data: Optional[Dict[str, str]] = None

    def _table(self) -> Dict[str, str]:
        if self._data is None:
            self._data = self._load()
            self.get = self._data.get  # type: ignore[method-assign]  # on purpose: later look-ups (one per distinct word stemmed) go straight to the dict
        return self._data

    def __getitem__(self, key: str) -> str:
        return self._table()[key]

    def get(self, key, default=None):
        return self._table().get(key, default)

    def __contains__(self, key) -> bool:
        return key in self._table()

    def __iter__(self):
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __reduce__(self):
        return dict, (self._table(),)


def _parse_exc_files(raws: List[bytes]) -> Dict[str, str]:
    merged: Dict[str, str] = {}
    for raw in raws:
        parse_exc(raw, merged)
    return merged


@lru_cache(maxsize=1)
def bundled_exceptions() -> Dict[str, str]:
    """The bundled WordNet 2.0 exception lists, merged as buildExeptionDB.pl merges them. They have
    the plain shape parse_exc checks for (tests/unit/inputs/test_berkeley_db.py), so one regex pass reads all four."""
    exc_dir = os.path.join(bundled_data_path(), "WordNet-2.0-Exceptions")
    text = "".join(_read_bytes(os.path.join(exc_dir, f"{name}.exc")).decode("latin-1") for name in EXC_ORDER)
    return dict(_EXC_PAIR.findall(text))  # a later file's entry wins


def _db_fingerprint(raw: bytes) -> Tuple[int, int]:
    """Size and CRC-32 of a .db file without its meta page's unique file id (bytes 52-71, which
    Berkeley DB draws anew for every file it creates)."""
    import zlib

    return len(raw), zlib.crc32(raw[72:], zlib.crc32(raw[:52]))


# .db files known to hold exactly the bundled exceptions (tests/unit/inputs/test_berkeley_db.py checks each
# one present): reading one whole costs ~10 ms of a small run. Bytes 52-71 never change what read_hash_db reads.
KNOWN_DBS = {
    (294912, 0xD182399F): "the ROUGE-1.5.5 release's own (hash version 7)",
    (294912, 0x4B6C81FF): "scripts/setup-reference.sh's, built by Debian's DB_File (hash version 9)",
}


def load_exception_db(db_path: str) -> Mapping[str, str]:
    """The Berkeley DB file the script ties (read whole, up to :data:`MAX_DB_BYTES`)."""
    message = f"Cannot open exception db file for reading: {db_path}"
    too_large = (f"{message} (over {MAX_DB_BYTES >> 20} MB: far too large for a WordNet exception database, "
                 "which is under 1 MB; not read)")
    try:
        if not stat.S_ISREG(os.stat(db_path).st_mode):  # a pipe would block, a device never end
            raise RougeError(f"{message} (not a regular file)")
        with open(db_path, "rb") as fh:
            if os.fstat(fh.fileno()).st_size > MAX_DB_BYTES:
                raise RougeError(too_large)
            raw = fh.read(MAX_DB_BYTES + 1)  # bounded even where the size is unknown (a pipe)
    except OSError:
        raise RougeError(message) from None
    if len(raw) > MAX_DB_BYTES:
        raise RougeError(too_large)
    if _db_fingerprint(raw) in KNOWN_DBS:
        return ExceptionTable(bundled_exceptions)
    from .berkeley_db import BDBDamaged, BDBError, read_hash_db  # (and struct) only for other files

    try:
        pairs = read_hash_db(raw)
    except BDBDamaged as exc:
        raise RougeError(f"{message} (damaged: {exc})") from None
    except BDBError:
        raise RougeError(message) from None
    decoded: Dict[bytes, str] = {}  # items that share one overflow chain share one decoded copy

    def text(b: bytes) -> str:
        s = decoded.get(b)
        if s is None:
            s = decoded[b] = b.decode("latin-1")
        return s

    return {text(k): text(v) for k, v in pairs.items()}


def load_exceptions(data_dir: str) -> Mapping[str, str]:
    """DIR/WordNet-2.0.exc.db (what the script reads), else DIR/WordNet-2.0-Exceptions/*.exc; in
    :data:`CURRENT_DIR`, the bundled exceptions when there is no .db."""
    exc_dir = os.path.join(data_dir, "WordNet-2.0-Exceptions")
    db_path = os.path.join(data_dir, EXCEPTION_DB)
    if os.path.exists(db_path):
        return load_exception_db(db_path)
    if data_dir == CURRENT_DIR:
        return load_exceptions(bundled_data_path())
    raws = []
    for name in EXC_ORDER:
        try:
            raws.append(_read_bytes(os.path.join(exc_dir, f"{name}.exc")))
        except OSError:
            continue
    if not raws:
        raise RougeError(f"Cannot open exception db file for reading: {db_path}")
    return ExceptionTable(lambda: _parse_exc_files(raws))


def load_word_lists(data_dir: str) -> WordLists:
    """Stopwords and exceptions of DIR, checked in the Perl's order (stopwords first); read once
    per directory (a relative one, :data:`CURRENT_DIR` included, once per current directory)."""
    return _load_word_lists(data_dir, None if os.path.isabs(data_dir) else os.getcwd())


@lru_cache(maxsize=8)
def _load_word_lists(data_dir: str, cwd: Optional[str]) -> WordLists:  # noqa: ARG001 - cwd: a cache key
    stop_path = os.path.join(data_dir, STOPWORDS_FILE)
    if data_dir == CURRENT_DIR and not os.path.lexists(stop_path):
        stop_path = os.path.join(bundled_data_path(), STOPWORDS_FILE)
    stop = load_stopwords(stop_path)
    return WordLists(stopwords=stop, exceptions=load_exceptions(data_dir))
