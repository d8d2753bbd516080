"""What every click console script of rouge155 shares (``rouge155-report``/``-compare``/``-correlate``,
``rouge155-meta``, ``rouge155-home`` and ``rouge155``'s long options): an error is one line on stderr,
never click's usage block or a traceback; outputs are checked before any work is done, so that no two
outputs share a file, none overwrites an input, and none fails to open only after the run.

Statuses (docs/cli.md): 2 for a problem with the command's own options (click's checks, an
:class:`~rouge155.base.errors.OptionError`, an output that cannot be written), 1 for an input that
cannot be used, 130 for Ctrl-C, 70 for a bug of ours ("internal error").
"""
from __future__ import annotations

import os
import stat
import sys
from typing import Dict, Iterable, Mapping, Optional

import click

from ..base.errors import OptionError, RougeError

STDOUT = "-"


class OneLineCommand(click.Command):
    """A click command whose usage errors are one line on stderr and status 2 (click's own are four)."""

    def main(self, args=None, prog_name=None, **extra):  # type: ignore[override]  # as the entry points call it
        prog = prog_name or os.path.basename(sys.argv[0]) or self.name
        try:
            return super().main(args, prog_name, standalone_mode=False, **extra)
        except click.UsageError as exc:
            click.echo(f"{prog}: {exc.format_message()} (see {prog} --help)", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            click.echo(f"{prog}: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            sys.exit(130)


def guarded(fn):
    """Run a command body: an OptionError becomes one line and status 2, another RougeError one line and
    status 1; numpy's warnings are silenced (overflow and NaN are handled where they arise)."""
    def wrapper(*args, **kwargs):
        import warnings

        import numpy as np

        name = click.get_current_context().info_name
        try:
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                return fn(*args, **kwargs)
        except RougeError as exc:
            click.echo(f"{name}: {exc}", err=True)
            sys.exit(2 if isinstance(exc, OptionError) else 1)
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise  # usage errors: one line and status 2, by OneLineCommand
        except KeyboardInterrupt:
            sys.exit(130)
        except BrokenPipeError:  # e.g. piped into head: stop quietly
            try:
                sys.stdout = open(os.devnull, "w")
            finally:
                sys.exit(1)
        except MemoryError:
            click.echo(f"{name}: out of memory (try fewer --resamples, metrics or systems)", err=True)
            sys.exit(1)
        except RecursionError:
            click.echo(f"{name}: an input is nested too deeply", err=True)
            sys.exit(1)
        except Exception as exc:  # a bug of ours: still one line, never a traceback
            click.echo(f"{name}: internal error: {type(exc).__name__}: {exc} (please report this)", err=True)
            sys.exit(70)
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def write_output(text: str, output: Optional[str], stream=None) -> None:
    """``text`` to the file ``output``, or (None, ``-``) to ``stream`` (default stdout)."""
    if output in (None, STDOUT):
        stream = stream or sys.stdout
        stream.write(text)
        stream.flush()
        return
    try:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise RougeError(f"cannot write {output}: {exc.strerror or exc}") from None


def _identity(path: str):
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
            key = _identity(path)
        if key in seen:
            where = "stdout" if path == STDOUT else path
            raise OptionError(f"{seen[key]} and {option} both write to {where}: give each output its own file")
        seen[key] = option
    for path in inputs:
        if not path or path == STDOUT:
            continue
        owner = seen.get(_identity(path))
        if owner is not None:
            raise OptionError(f"{owner} {outputs[owner]} is also an input: it would be overwritten; "
                              "give the output another name")
