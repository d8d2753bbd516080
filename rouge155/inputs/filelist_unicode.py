"""``-z`` file lists as the Unicode fork reads them: through ``:encoding(UTF-8)``, split on Unicode ``\\s``."""
from __future__ import annotations

import os
import re
from typing import List

from .config import EvalConfig, Evaluation
from ..base.errors import RougeError
from ..base.perl import SPACE_CLASS
from ..base.perlunicode import perl_decode

_BLANK = re.compile(f"[{SPACE_CLASS}]*")
_SPACES = re.compile(f"[{SPACE_CLASS}]+")


def read_file_list_unicode(path: str, input_format: str, peer_id: str) -> EvalConfig:
    """:func:`rouge155.config.read_file_list` with the fork's reading (names are UTF-8 again to open them)."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except IsADirectoryError:
        raw = b""
    except (OSError, ValueError):
        raise RougeError(f"Cannot open {path}") from None
    lines = perl_decode(raw).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    evaluations: List[Evaluation] = []
    for line in lines:
        if line.startswith("#") or _BLANK.fullmatch(line):
            continue
        files = [f for f in _SPACES.split(line.strip(SPACE_CLASS)) if f]
        if len(files) < 2:
            raise RougeError("File list has to have at least 2 filenames per line (peer model1 model2 ... modelN)")
        paths = [os.fsdecode(f.encode("utf-8", "surrogatepass")) for f in files]
        evaluations.append(Evaluation.listed(str(len(evaluations) + 1), input_format, {peer_id: paths[0]}, paths[1:]))
    return EvalConfig(evaluations=evaluations, peer_ids=[peer_id])
