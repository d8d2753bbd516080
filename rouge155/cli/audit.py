"""``rouge155-audit``: one set of outputs scored under every semantics installed here, side by side.

    rouge155-audit [-m] [-n N] [-f A|B] [-x] (--summaries F --references F [...] | --jsonl F |
                   --system-dir D --model-dir D --system-pattern RE --model-pattern RE | CONFIG [SYSTEM-ID])
                   [--format text|json|html] [--output FILE] [--top K] [--seed N] [--semantics NAME ...]

The Perl flags and the plain-text input options mean what they mean to ``rouge155``. Errors are one
line on stderr: status 2 for the command line, 1 for the input.
"""
from __future__ import annotations

import os
import sys
from types import SimpleNamespace
from typing import Any, Dict, List, Sequence

from ..base.errors import RougeError
from ..base.flags import LongOption, getopts, options_from_flags
from ..semantics import others
from .long_options import LONG_OPTIONS

PROG = "rouge155-audit"
_INPUT_OPTIONS = ("--system-dir", "--model-dir", "--system-pattern", "--model-pattern", "--system-id", "--summaries",
                  "--references", "--jsonl", "--sentence-sep", "--split-sentences")
AUDIT_OPTIONS = (
    LongOption("--help", "help", "Show this message and exit."),
    LongOption("--format", "output_format", "text (default), json or html (one page with charts).", takes_value=True,
               default="text", choices=("text", "json", "html"), metavar="FORMAT"),
    LongOption("--output", "output", "Write to FILE instead of stdout.", takes_value=True, metavar="FILE"),
    LongOption("--top", "top", "How many of the most different pairs to show per implementation and metric.",
               takes_value=True, default=5, kind="int", minimum=0, metavar="K"),
    LongOption("--seed", "seed", "rouge-score's bootstrap: np.random.seed(N) before it draws.", takes_value=True,
               default=0, kind="int", minimum=0, metavar="N"),
    LongOption("--semantics", "semantics", "Audit only these implementations (repeatable; default: every one "
               "installed but the language-specific ones, which are audited when named).", takes_value=True,
               repeatable=True, choices=others(), metavar="NAME"),
) + tuple(o for o in LONG_OPTIONS if o.name in _INPUT_OPTIONS)


class UsageError(RougeError):
    """A command line the audit cannot read (status 2)."""


def usage() -> str:
    lines = [__doc__.split("\n\n")[1].strip("\n"), "", "Options:"]
    for option in AUDIT_OPTIONS:
        value = f" {option.metavar or str(option.dest).upper()}" if option.takes_value else ""
        lines.append(f"  {option.name}{value}: {option.help}")
    lines.append("  -m, -n N, -f A|B, -x: stemming, ROUGE-1..N (default 2), the multi-reference policy, no ROUGE-L.")
    return "\n".join(lines) + "\n"


def long_values(words: Sequence[str]) -> Dict[str, Any]:
    """The audit's long options (as :func:`rouge155.base.flags.getopts` collected them) by ``dest``."""
    by_name = {o.name: o for o in AUDIT_OPTIONS}
    values: Dict[str, Any] = {str(o.dest): (() if o.repeatable else (o.default if o.takes_value else False))
                              for o in AUDIT_OPTIONS}
    words = list(words)
    while words:
        name, eq, value = words.pop(0).partition("=")
        option = by_name[name]
        dest = str(option.dest)  # every audit option has one
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


def _plain_text(values: Dict[str, Any]) -> bool:
    """Whether the input is plain text (else a config)."""
    return any(values[d] not in (None, (), False) for d in ("jsonl", "summaries", "references", "system_dir",
                                                            "model_dir"))


def _pairs(parsed, values: Dict[str, Any]):
    """The audited pairs, from the plain-text options or a config (CONFIG [SYSTEM-ID])."""
    from ..audit.inputs import config_pairs
    from ..audit.run import AuditedPairs

    given = SimpleNamespace(**values)
    config: Any
    if _plain_text(values):
        if parsed.positional:
            raise UsageError(f"give plain-text input or a config, not both ({parsed.positional[0]})")
        from .plain_text import plain_text_input

        config, source, systems = plain_text_input(given, False)
        system, where = systems[0], values["jsonl"] or values["summaries"] or values["system_dir"]
    elif parsed.positional:
        config, source, where = _config(parsed), None, parsed.positional[0]
        system = parsed.positional[1] if len(parsed.positional) > 1 else _only_system(config)
    else:
        raise UsageError("nothing to audit: give --summaries/--references, --jsonl, --system-dir/--model-dir or a "
                         "ROUGE config")
    ids, predictions, references = config_pairs(config, source, system)
    return AuditedPairs(tuple(ids), tuple(predictions), tuple(tuple(r) for r in references), system, str(where))


def _config(parsed):
    from ..inputs.config import read_file_list, read_xml_config

    path = parsed.positional[0]
    z = parsed.flags.get("z")
    if isinstance(z, str):
        return read_file_list(path, z, parsed.positional[1] if len(parsed.positional) > 1 else "X")
    return read_xml_config(path)


def _only_system(config) -> str:
    if len(config.peer_ids) != 1:
        raise UsageError(f"the config has systems {', '.join(config.peer_ids)}: name the one to audit (CONFIG ID)")
    return config.peer_ids[0]


def _report(result, values: Dict[str, Any]) -> str:
    from .. import __version__

    output_format = values["output_format"]
    if output_format == "json":
        from ..audit.report import to_json

        return to_json(result, __version__, _signatures(result, values))
    if output_format == "html":
        from ..audit.html_page import to_html

        return to_html(result)
    from ..audit.report import to_text

    return to_text(result)


def _signatures(result, values) -> Dict[str, str]:
    """Each implementation's signature (docs/signature.md)."""
    from ..output.signature import sentence_splitting
    from .plain_text import sentence_rule

    sentences = sentence_splitting(*sentence_rule(SimpleNamespace(plain_text=_plain_text(values), **values)))
    counts = [len(r) for r in result.pairs.references]
    return {name: str(setup.implementation.signature(setup, counts, sentences))
            for name, setup in result.setups.items()}


def run(argv: Sequence[str], out, err) -> int:
    """The command; ``out``/``err``: text streams. Returns the exit status."""
    parsed = getopts(list(argv), AUDIT_OPTIONS)
    try:
        if parsed.refused is not None:
            raise UsageError(parsed.refused)
        if parsed.unknown:
            raise UsageError(f"unknown flag {', '.join('-' + u for u in parsed.unknown)}")
        values = long_values(parsed.long)
        if values["help"]:
            out.write(usage())
            return 0
        options = options_from_flags(parsed.flags)
        options.check()
        flags: List[str] = [k for k, v in parsed.flags.items() if v is not None]
        from ..audit.run import audit, check_flags

        try:
            check_flags(flags)
        except RougeError as exc:
            raise UsageError(str(exc)) from None
        pairs = _pairs(parsed, values)
        result = audit(pairs, options, flags, semantics=list(values["semantics"]) or None, seed=values["seed"],
                       top=values["top"])
        from .analysis import _write  # the analysis commands' --output

        _write(_report(result, values), values["output"], out)
        return 0
    except UsageError as exc:
        err.write(f"{PROG}: {exc} (see {PROG} --help)\n")
        return 2
    except RougeError as exc:
        err.write(f"{PROG}: {exc}\n")
        return 1


def main() -> None:
    """The console script: every failure is one line on stderr, never a traceback."""
    try:
        code = run(sys.argv[1:], sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")
        code = 1
    except MemoryError:
        sys.stderr.write(f"{PROG}: out of memory\n")
        code = 1
    except Exception as exc:
        sys.stderr.write(f"{PROG}: internal error: {type(exc).__name__}: {exc} (please report this)\n")
        code = 70
    sys.stdout.flush()
    sys.exit(code)
