"""``rouge155-home DIR``: make DIR a ROUGE-1.5.5 home for wrappers that expect one (pyrouge, files2rouge).

DIR gets an executable ``ROUGE-1.5.5.pl`` that runs rouge155 with the arguments it is given (no Perl
involved), a ``ROUGE-1.5.5.cmd`` doing the same where ``#!`` lines mean nothing (Windows) and a
``data/`` directory with the data files. ``pyrouge.Rouge155(rouge_dir=DIR)`` then works unmodified.

Nothing is written outside DIR: files are replaced by renaming a new file over them (a symbolic or
hard link is replaced, never written through), and what rouge155 did not write there (a link, a
file of other content) is only replaced with ``--force``. A directory is never removed.
"""
from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Callable, List, Optional, Tuple

import click

from .. import __version__
from ..inputs.resources import EXC_ORDER, bundled_data_dir
from .commands import OneLineCommand

MARK = b"rouge155-home"  # what the files rouge155-home writes say, so that it may replace them

# A shell script and a Python program at once, as pip's launchers are: "#!/bin/sh" works whatever the
# interpreter's path holds (spaces; "perl", which would make `perl SCRIPT` run it as Perl: Perl hands a
# script to the #! program only when that line does not name perl). sh runs the first lines, which
# exec the Python named on the "#@python" line; Python sees a string there and then the program.
SCRIPT = """#!/bin/sh
''':'
while IFS= read -r line; do case $line in "#@python "*) exec "${{line#"#@python "}}" "$0" "$@";; esac; done < "$0"
echo "$0: no Python interpreter named in this file" >&2; exit 127
'''
# ROUGE-1.5.5.pl stand-in written by rouge155-home (rouge155 {version}): it runs rouge155, a Python
# reimplementation with the same flags and byte-identical output. It needs no Perl; run it directly,
# with `sh` or with `perl` (its first line hands it to sh). The interpreter it runs:
#@python {python}
from rouge155.cli.main import entry_point

entry_point()
"""

# Windows runs neither #! lines nor sh: there, call this file (or `python -m rouge155`).
CMD = (
    "@echo off\r\n"
    "rem ROUGE-1.5.5.pl stand-in for Windows written by rouge155-home (rouge155 {version}): runs rouge155\r\n"
    '"{python}" -m rouge155 %*\r\n'
)


class HomeError(click.ClickException):
    """One line on stderr, status 1."""


def _refuse(path: Path, what: str) -> HomeError:
    return HomeError(f"{path} {what}; not replaced (use --force to replace it)")


def _check_directory(path: Path, force: bool) -> bool:
    """Whether ``path`` is a real directory already; refuses a link or a file there unless ``force``."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISDIR(st.st_mode):
        return True
    if not force:
        raise _refuse(path, "is a symbolic link" if stat.S_ISLNK(st.st_mode) else "exists and is not a directory")
    return False


def _make_directory(path: Path) -> None:
    """A real directory at ``path``: a link or file there (checked before) is removed, never followed."""
    if os.path.lexists(path) and not (path.is_dir() and not path.is_symlink()):
        os.unlink(path)  # the link or file itself, never what it points to
    if not os.path.lexists(path):
        os.mkdir(path)


def _check_file(path: Path, content: bytes, force: bool, ours: Callable[[bytes], bool]) -> None:
    """Refuses what is at ``path`` unless it is rouge155-home's own file (or ``force``); never a directory."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(st.st_mode):
        raise HomeError(f"{path} is a directory; not replaced")
    if force:
        return
    if stat.S_ISLNK(st.st_mode):
        raise _refuse(path, f"is a symbolic link (to {os.readlink(path)})")
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(path, "exists and is not a regular file")
    with open(path, "rb") as fh:
        if not ours(fh.read(len(content) + 4096)):
            raise _refuse(path, "exists and was not written by rouge155-home")


def _write_file(path: Path, content: bytes, executable: bool) -> None:
    """A new file renamed over ``path``: a link there is replaced, not written through."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(content)
        os.chmod(tmp, 0o755 if executable else 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _shell_safe(python: str) -> str:
    if not python or not os.path.isabs(python):
        raise HomeError("this Python does not know its own path (sys.executable); cannot write the stand-in")
    if "\n" in python or "\r" in python:
        raise HomeError(f"the Python path {python!r} contains a line break; cannot name it in the stand-in")
    return python


def make_home(target: Path, force: bool = False, python: Optional[str] = None) -> Path:
    """Write DIR/ROUGE-1.5.5.pl, DIR/ROUGE-1.5.5.cmd and DIR/data/; returns the script's path.

    Everything in the way is checked before anything is written, so a refusal leaves DIR as it was."""
    python = _shell_safe(python if python is not None else sys.executable)
    source = bundled_data_dir()
    script = target / "ROUGE-1.5.5.pl"
    data = target / "data"
    directories = [data, data / "WordNet-2.0-Exceptions"]
    script_ours: Callable[[bytes], bool] = lambda head: MARK in head[:2000]  # noqa: E731
    files: List[Tuple[Path, bytes, Callable[[bytes], bool], bool]] = [
        (script, SCRIPT.format(python=python, version=__version__).encode("utf-8", "surrogateescape"),
         script_ours, True),
        (target / "ROUGE-1.5.5.cmd", CMD.format(python=python.replace("%", "%%"), version=__version__).encode(
            "utf-8", "surrogateescape"), script_ours, False),
    ]
    for name in ["smart_common_words.txt"] + [f"WordNet-2.0-Exceptions/{n}.exc" for n in EXC_ORDER]:
        content = (source / name).read_bytes()
        files.append((data / name, content, content.__eq__, False))
    current: Path = target
    try:
        if os.path.lexists(target) and not target.is_dir():
            raise HomeError(f"{target} exists and is not a directory")
        if target.is_dir():  # check all first; a directory rouge155-home makes holds nothing yet
            real = {target}
            for directory in directories:
                current = directory
                if directory.parent in real and _check_directory(directory, force):
                    real.add(directory)
            for path, content, ours, _ in files:
                current = path
                if path.parent in real:
                    _check_file(path, content, force, ours)
        current = target
        target.mkdir(parents=True, exist_ok=True)
        for directory in directories:
            current = directory
            _make_directory(directory)
        for path, content, _, executable in files:
            current = path
            _write_file(path, content, executable)
    except OSError as exc:
        where = exc.filename or current
        raise HomeError(f"cannot write {where}: {exc.strerror or exc}") from None
    return script


def _named(_ctx, _param, value: str) -> Path:  # a click callback
    if not value:  # Path("") is the current directory: an unset variable would write there
        raise click.BadParameter("is empty: give a directory name (. for the current one)")
    return Path(value)


@click.command(cls=OneLineCommand, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("directory", callback=_named)
@click.option("--force", is_flag=True, help="Replace what is in the way: files rouge155-home did not write, "
              "symbolic links (the links themselves; what they point to is never touched).")
@click.version_option(__version__, "--version", prog_name="rouge155-home")
def main(directory: Path, force: bool) -> None:
    """Make DIRECTORY a ROUGE-1.5.5 home (ROUGE-1.5.5.pl and data/) that runs rouge155.

    Then, for example: pyrouge.Rouge155(rouge_dir=DIRECTORY)
    """
    script = make_home(directory, force)
    click.echo(f"{script} is ready; data in {directory / 'data'}")


if __name__ == "__main__":  # pragma: no cover
    main(prog_name="rouge155-home")
