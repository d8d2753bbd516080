"""What the commands that read the Perl's flags beside long options of their own share (``rouge155-audit``,
``rouge155-doctor``): the command line read in one step (a usage problem is a :class:`UsageError`,
status 2), ``-o FILE`` as ``--output FILE`` and ``-h`` as ``--help`` (as in the other commands), the usage
text, and the console script's wrapper (every failure one line, never a traceback)."""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, Dict, Sequence, Tuple

from ..base.errors import RougeError
from ..base.flags import PERL_SPEC, LongOption, ParsedArgs, getopts

SPEC = PERL_SPEC + "o:"  # the Perl's flags, and -o FILE


class UsageError(RougeError):
    """A command line the command cannot read (status 2)."""


def long_values(words: Sequence[str], table: Sequence[LongOption]) -> Dict[str, Any]:
    """A command's long options (``table``; as :func:`rouge155.base.flags.getopts` collected them) by
    ``dest``; a value that cannot be used is a :class:`UsageError`."""
    by_name = {o.name: o for o in table}
    values: Dict[str, Any] = {str(o.dest): (() if o.repeatable else (o.default if o.takes_value else False))
                              for o in table if o.dest is not None}
    words = list(words)
    while words:
        name, eq, value = words.pop(0).partition("=")
        option = by_name[name]
        if option.dest is None:
            continue
        dest = option.dest
        if not option.takes_value:
            values[dest] = True
            continue
        if not eq:
            if not words:
                raise UsageError(f"{name} needs a value")
            value = words.pop(0)
        checked = _checked(option, value)
        values[dest] = values[dest] + (checked,) if option.repeatable else checked
    return values


def _checked(option: LongOption, value: str):
    if option.choices and value not in option.choices:
        raise UsageError(f"{option.name}: {value!r} is not one of {', '.join(option.choices)}")
    if option.kind == "int":
        try:
            number = int(value)
        except ValueError:
            raise UsageError(f"{option.name}: {value!r} is not a whole number") from None
        if option.minimum is not None and number < option.minimum:
            raise UsageError(f"{option.name}: {number} is below {option.minimum}")
        return number
    return value


def read_command_line(argv: Sequence[str], table: Sequence[LongOption]) -> Tuple[ParsedArgs, Dict[str, Any], bool]:
    """(the Perl flags and positionals, the long options' values, whether the help is asked). ``-o FILE``
    is the table's ``--output`` (giving both is refused) and leaves the flags; so do ``-h`` and ``-H``."""
    parsed = getopts(list(argv), table, SPEC)
    if parsed.refused is not None:
        raise UsageError(parsed.refused)
    if parsed.unknown:
        raise UsageError(f"unknown flag {', '.join('-' + u for u in parsed.unknown)}")
    values = long_values(parsed.long, table)
    short = parsed.flags.pop("o", None)
    if isinstance(short, str):
        if values.get("output") is not None:
            raise UsageError("-o is --output: give it once")
        values["output"] = short
    helped = bool(parsed.flags.pop("h", None)) | bool(parsed.flags.pop("H", None)) | bool(values.get("help"))
    return parsed, values, helped


def failed(prog: str, exc: RougeError, err, input_status: int) -> int:
    """The one line of a failure on ``err``, and its status: a usage problem 2 (naming --help), the
    input's ``input_status``."""
    if isinstance(exc, UsageError):
        err.write(f"{prog}: {exc} (see {prog} --help)\n")
        return 2
    err.write(f"{prog}: {exc}\n")
    return input_status


def usage(doc: str, table: Sequence[LongOption], more: Sequence[str]) -> str:
    """A command's usage: its docstring's synopsis, its own options, then ``more`` lines."""
    lines = [doc.split("\n\n")[1].strip("\n"), "", "Options:"]
    for option in table:
        value = f" {option.metavar or str(option.dest).upper()}" if option.takes_value else ""
        lines.append(f"  {option.name}{value}: {option.help}")
    return "\n".join(lines + list(more)) + "\n"


def console_main(prog: str, run: Callable[[Sequence[str], Any, Any], int]) -> None:
    """Run ``run(argv, stdout, stderr)`` as a console script: every failure is one line on stderr."""
    try:
        code = run(sys.argv[1:], sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")
        code = 1
    except MemoryError:
        sys.stderr.write(f"{prog}: out of memory\n")
        code = 1
    except Exception as exc:
        sys.stderr.write(f"{prog}: internal error: {type(exc).__name__}: {exc} (please report this)\n")
        code = 70
    sys.stdout.flush()
    sys.exit(code)
