"""The data directory: stopword list and WordNet 2.0 exceptions."""
from __future__ import annotations

import os
from functools import lru_cache

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Dict, FrozenSet, Mapping, Optional

from ._record import dataclass  # dataclasses' records without its start-up cost
from .bdb import BDBError, read_hash_db
from .errors import RougeError
from .perl import chomped_lines, split_ws

EXC_ORDER = ("adj", "adv", "noun", "verb")  # a later file's entry wins, as buildExeptionDB.pl does


def bundled_data_dir() -> Path:
    """The data shipped in the wheel (``rouge155/_data``), else the repository's ``data/`` (a checkout)."""
    from pathlib import Path  # here, not at the top: pathlib costs a small run's start-up time

    here = Path(__file__).resolve().parent
    for candidate in (here / "_data", here.parent / "data"):
        if (candidate / "smart_common_words.txt").is_file():
            return candidate
    return here / "_data"


def resolve_data_dir(opt_e: Optional[str], environ: Mapping[str, str] = os.environ) -> str:
    """``-e DIR``, else $ROUGE_EVAL_HOME, else $RED_EVAL_HOME, else the bundled data."""
    if opt_e is not None:
        return opt_e
    for var in ("ROUGE_EVAL_HOME", "RED_EVAL_HOME"):
        if var in environ:
            return environ[var]
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


def load_exceptions(data_dir: str) -> Dict[str, str]:
    """DIR/WordNet-2.0.exc.db (what the script reads), else DIR/WordNet-2.0-Exceptions/*.exc."""
    exc_dir = os.path.join(data_dir, "WordNet-2.0-Exceptions")
    db_path = os.path.join(data_dir, "WordNet-2.0.exc.db")
    if os.path.exists(db_path):
        try:
            raw = _read_bytes(db_path)
            pairs = read_hash_db(raw)
        except (OSError, BDBError):
            raise RougeError(f"Cannot open exception db file for reading: {db_path}") from None
        return {k.decode("latin-1"): v.decode("latin-1") for k, v in pairs.items()}
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


@lru_cache(maxsize=8)
def load_language_data(data_dir: str) -> LanguageData:
    """Stopwords and exceptions of DIR, checked in the Perl's order (stopwords first)."""
    stop = load_stopwords(os.path.join(data_dir, "smart_common_words.txt"))
    return LanguageData(stopwords=stop, exceptions=load_exceptions(data_dir))
