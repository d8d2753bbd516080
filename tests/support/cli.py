"""rouge155's command line as the tests run it: in this process (``rouge155.cli.main.run``, no interpreter
start-up; long options given as ``Extras`` fields), or as a fresh ``python -m rouge155``."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple, Optional, Sequence, Union

from devkit.difftools import working_dir


class CliRun(NamedTuple):
    """What one run gave: its exit status and its raw stdout and stderr."""

    status: int
    stdout: bytes
    stderr: bytes


def run_in_process(args: Sequence[str], cwd: Optional[Union[str, Path]] = None, **extras) -> CliRun:
    """``rouge155 ARGS`` in this process, in folder ``cwd`` (config paths resolve against it), with the long
    options' values as ``Extras`` fields (``output_format="json"``, ``dask=...``)."""
    from rouge155.cli.main import Extras, run

    out, err = io.BytesIO(), io.BytesIO()
    if cwd is None:
        status = run(list(args), stdout=out, stderr=err, extras=Extras(**extras))
    else:
        with working_dir(str(cwd)):
            status = run(list(args), stdout=out, stderr=err, extras=Extras(**extras))
    return CliRun(status, out.getvalue(), err.getvalue())


def run_module(args: Sequence[str], cwd: Optional[Union[str, Path]] = None, timeout: float = 300,
               **options) -> subprocess.CompletedProcess:
    """``python -m rouge155 ARGS`` in a fresh interpreter (output captured as bytes; ``options`` go to
    subprocess.run, e.g. ``env``)."""
    return subprocess.run([sys.executable, "-m", "rouge155", *args], cwd=cwd, capture_output=True, timeout=timeout,
                          **options)


def run_as_command(args: Sequence[str], cwd: Optional[Union[str, Path]] = None) -> CliRun:
    """``rouge155 ARGS`` in this process with its long options read by the command's own parser (click's,
    the ``--help`` command's), as the console script reads them."""
    from rouge155.cli.main import main

    ctx = main.make_context("rouge155", list(args))
    return run_in_process(ctx.meta["rouge155.argv"], cwd, prog="rouge155", **ctx.params)


def console_script(name: str) -> Path:
    """The console script ``name`` (``rouge155``, ``rouge155-rouge2``...) installed beside this Python."""
    return Path(sys.executable).with_name(name)


def run_console_script(name: str, args: Sequence[str] = (), cwd: Optional[Union[str, Path]] = None,
                       **options) -> subprocess.CompletedProcess:
    """The console script ``name`` with ``args`` in a fresh process, output captured (``options`` go to
    subprocess.run, e.g. ``text=True``)."""
    return subprocess.run([str(console_script(name)), *args], cwd=cwd, capture_output=True, **options)


def rouge155_meta(*args) -> tuple:
    """(exit code, stdout, stderr) of ``rouge155-meta ARGS`` (click's test runner, in this process)."""
    from click.testing import CliRunner

    from rouge155.cli.meta import meta_main

    result = CliRunner().invoke(meta_main, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr
