"""What every click console script of rouge155 shares (``rouge155-report``/``-compare``/``-correlate``,
``rouge155-meta``, ``rouge155-home`` and ``rouge155``'s long options): an error is one line on stderr,
never click's usage block or a traceback; outputs are checked before any work is done
(:func:`.outputs.check_outputs`).

Statuses (docs/cli.md): 2 for a problem with the command's own options (click's checks, an
:class:`~rouge155.base.errors.OptionError`, an output that cannot be written), 1 for an input that
cannot be used, 130 for Ctrl-C, 70 for a bug of ours ("internal error").
"""
from __future__ import annotations

import os
import sys
from typing import Optional

import click

from ..base.errors import OptionError, RougeError
from .outputs import STDOUT, check_outputs

__all__ = ["FiniteRange", "OneLineCommand", "check_outputs", "guarded", "write_output"]


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


class FiniteRange(click.FloatRange):
    """click's FloatRange, NaN refused too (it passes every comparison a range makes)."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if number != number:
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


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
