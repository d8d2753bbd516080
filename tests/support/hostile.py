"""Shared helpers of the hostile-input tests (docs/hostile-input.md): plain-text inputs in a folder, a
console script's run checked to be one clear line, and py-rouge 1.1's own copy where it is installed."""
from __future__ import annotations

from pathlib import Path
from typing import List, Sequence

import pytest

from .cli import run_console_script


def parallel_files(folder: Path, predictions: Sequence[str], references: Sequence[str]) -> List[str]:
    """``--summaries S --references R`` over one prediction and one reference per line."""
    summaries, refs = folder / "summaries.txt", folder / "references.txt"
    summaries.write_text("".join(p + "\n" for p in predictions))
    refs.write_text("".join(r + "\n" for r in references))
    return ["--summaries", str(summaries), "--references", str(refs)]


def one_line_refusal(script: str, args: Sequence[str], status: int, *words: str) -> str:
    """Run ``script ARGS``: it exits with ``status`` and one line on stderr holding every one of
    ``words``, no traceback, no warning, nothing on stdout; that line."""
    done = run_console_script(script, args, text=True, timeout=120)
    assert done.returncode == status, (done.returncode, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr and "Warning" not in done.stderr
    assert done.stdout == ""
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def real_py_rouge():
    """py-rouge 1.1's own ``Rouge`` (devkit.oracles' copy), or a skip."""
    from devkit.oracles import load_py_rouge

    theirs = load_py_rouge()
    if theirs is None:
        pytest.skip("no intact py-rouge 1.1: python -m devkit.oracles py-rouge")
    return theirs
