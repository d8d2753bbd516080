"""The data directory: stopword list and WordNet 2.0 exceptions."""
from __future__ import annotations

import os
import stat
from functools import lru_cache

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Dict, FrozenSet, Mapping, Optional

from ._record import dataclass  # dataclasses' records without its start-up cost
from .bdb import BDBDamaged, BDBError, read_hash_db
from .errors import RougeError
from .perl import chomped_lines, split_ws

EXC_ORDER = ("adj", "adv", "noun", "verb")  # a later file's entry wins, as buildExeptionDB.pl does
STOPWORDS_FILE = "smart_common_words.txt"
EXCEPTION_DB = "WordNet-2.0.exc.db"
# The release's exception db is 288 KB; anything past this is not one (e.g. a sparse file) and is
# refused rather than read into memory.
MAX_DB_BYTES = 256 << 20


def bundled_data_dir() -> Path:
    """The data shipped in the wheel (``rouge155/_data``), else the repository's ``data/`` (a checkout)."""
    from pathlib import Path  # here, not at the top: pathlib costs a small run's start-up time

    here = Path(__file__).resolve().parent
    for candidate in (here / "_data", here.parent / "data"):
        if (candidate / "smart_common_words.txt").is_file():
            return candidate
    return here / "_data"


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
    return str(bundled_data_dir())


@dataclass(frozen=True)
class LanguageData:
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
    for line in chomped_lines(raw):
        fields = split_ws(line)
        key = fields[0].decode("latin-1") if fields else ""
        into[key] = fields[1].decode("latin-1") if len(fields) > 1 else ""


def load_exception_db(db_path: str) -> Dict[str, str]:
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
        if len(raw) > MAX_DB_BYTES:
            raise RougeError(too_large)
        pairs = read_hash_db(raw)
    except BDBDamaged as exc:
        raise RougeError(f"{message} (damaged: {exc})") from None
    except (OSError, BDBError):
        raise RougeError(message) from None
    decoded: Dict[bytes, str] = {}  # items that share one overflow chain share one decoded copy

    def text(b: bytes) -> str:
        s = decoded.get(b)
        if s is None:
            s = decoded[b] = b.decode("latin-1")
        return s

    return {text(k): text(v) for k, v in pairs.items()}


def load_exceptions(data_dir: str) -> Dict[str, str]:
    """DIR/WordNet-2.0.exc.db (what the script reads), else DIR/WordNet-2.0-Exceptions/*.exc; in
    :data:`CURRENT_DIR`, the bundled exceptions when there is no .db."""
    exc_dir = os.path.join(data_dir, "WordNet-2.0-Exceptions")
    db_path = os.path.join(data_dir, EXCEPTION_DB)
    if os.path.exists(db_path):
        return load_exception_db(db_path)
    if data_dir == CURRENT_DIR:
        return load_exceptions(str(bundled_data_dir()))
    merged: Dict[str, str] = {}
    found = False
    for name in EXC_ORDER:
        path = os.path.join(exc_dir, f"{name}.exc")
        try:
            raw = _read_bytes(path)
        except OSError:
            continue
        found = True
        parse_exc(raw, merged)
    if not found:
        raise RougeError(f"Cannot open exception db file for reading: {db_path}")
    return merged


def load_language_data(data_dir: str) -> LanguageData:
    """Stopwords and exceptions of DIR, checked in the Perl's order (stopwords first); read once
    per directory (a relative one, :data:`CURRENT_DIR` included, once per current directory)."""
    return _load_language_data(data_dir, None if os.path.isabs(data_dir) else os.getcwd())


@lru_cache(maxsize=8)
def _load_language_data(data_dir: str, cwd: Optional[str]) -> LanguageData:
    stop_path = os.path.join(data_dir, STOPWORDS_FILE)
    if data_dir == CURRENT_DIR and not os.path.lexists(stop_path):
        stop_path = os.path.join(bundled_data_dir(), STOPWORDS_FILE)
    stop = load_stopwords(stop_path)
    return LanguageData(stopwords=stop, exceptions=load_exceptions(data_dir))
