"""Output files checked before any work is done (no click here: ``rouge155-rouge2`` uses it too): each can
be opened for writing, no two name the same file or both stdout (however spelled: links, ``./``, hard
links), and none is one of the inputs, which would be overwritten. An OptionError names the options."""
from __future__ import annotations

import os
import stat
from typing import Dict, Iterable, Mapping, Optional

from ..base.errors import OptionError

STDOUT = "-"


def identity(path: str):
    """What names one file: (device, inode) of what exists, else the resolved path."""
    try:
        st = os.stat(path)
        return ("inode", st.st_dev, st.st_ino)
    except OSError:
        return ("path", os.path.normcase(os.path.realpath(path)))


def _writable(option: str, path: str) -> None:
    """An output file that can be opened for writing, checked before the run (an OptionError naming it)."""
    if path == "":
        raise OptionError(f"{option} needs a file name (it is empty)")
    if "\x00" in path:
        raise OptionError(f"{option} {path!r} is not a file name (it holds a NUL character)")
    try:
        st = os.stat(path)
    except FileNotFoundError:
        # a dangling link is written through: the file is made where it points
        parent = os.path.dirname(os.path.realpath(path) if os.path.islink(path) else path) or "."
        if not os.path.isdir(parent):
            raise OptionError(f"{option} {path}: the directory {parent} does not exist") from None
        if not os.access(parent, os.W_OK):
            raise OptionError(f"{option} {path}: the directory {parent} is not writable") from None
        return None
    except OSError as exc:  # a loop of symbolic links, a name too long, a file where a folder should be
        raise OptionError(f"{option} {path}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise OptionError(f"{option} {path} is a directory: give a file name")
    if not os.access(path, os.W_OK):
        raise OptionError(f"{option} {path} is not writable")
    return None


def check_outputs(outputs: Mapping[str, Optional[str]], inputs: Iterable[Optional[str]] = ()) -> None:
    """Before any work: every output (option -> path; None: not written, ``-``: stdout) can be written,
    no two name the same file or both stdout (however spelled: links, ``./``, hard links), and none is
    one of the ``inputs``. An OptionError names the options."""
    seen: Dict[tuple, str] = {}
    for option, path in outputs.items():
        if path is None:
            continue
        if path == STDOUT:
            key = ("stdout",)
        else:
            _writable(option, path)
            key = identity(path)
        if key in seen:
            where = "stdout" if path == STDOUT else path
            raise OptionError(f"{seen[key]} and {option} both write to {where}: give each output its own file")
        seen[key] = option
    for path in inputs:
        if not path or path == STDOUT:
            continue
        owner = seen.get(identity(path))
        if owner is not None:
            raise OptionError(f"{owner} {outputs[owner]} is also an input: it would be overwritten; "
                              "give the output another name")
