"""``rouge155-doctor``: the protocol problems of an input, before it is scored (:mod:`rouge155.doctor`).

    rouge155-doctor [PERL FLAGS] (CONFIG [SYSTEM-ID] | --summaries F --references F [...] | --jsonl F |
                    --system-dir D --model-dir D --system-pattern RE --model-pattern RE)
                    [--semantics NAME] [--unicode | --language LANG] [--format text|json] [-o FILE] [--ids K]

It reads what ``rouge155`` reads, with the same flags and options (put ``-doctor`` after ``rouge155`` in
a command line), and reports every problem with its count and first ids. Exit status 0 when nothing is
found, 1 when something is, 2 for a command line it cannot read.

``rouge155 --check``, ``rouge155-audit --check`` and ``rouge155-meta --check`` print the same report on
stderr before their run (:func:`check_report`); ``rouge155`` in its plain-text modes prints one line per
hinted problem by default (:func:`hints`).
"""
from __future__ import annotations

import re

TYPE_CHECKING = False  # typing is not imported at run time: rouge155's plain-text runs call hints()
if TYPE_CHECKING:
    from types import SimpleNamespace
    from typing import Any, Dict, List, Optional, Sequence, Tuple

    from ..doctor.findings import Finding
    from ..doctor.run import Examination

from ..base.errors import RougeError
from ..base.flags import LongOption
from .flag_commands import UsageError, console_main, failed, read_command_line
from .flag_commands import usage as _usage
from .long_options import LONG_OPTIONS, Extras

PROG = "rouge155-doctor"
_OWN = (
    LongOption("--help", "help", "Show this message and exit (also -h)."),
    LongOption("--format", "output_format", "text (default) or json.", takes_value=True, default="text",
               choices=("text", "json"), metavar="FORMAT"),
    LongOption("--output", "output", "Write the report to FILE instead of stdout (also -o FILE).", takes_value=True,
               metavar="FILE"),
    LongOption("--ids", "ids", "How many ids to show per problem (default 5).", takes_value=True, default=5,
               kind="int", minimum=1, metavar="K"),
)
# rouge155's own options, all accepted (a rouge155 command line checks as it is); those that change no
# reading are ignored
DOCTOR_OPTIONS = _OWN + tuple(o for o in LONG_OPTIONS if o.name not in {x.name for x in _OWN} | {"--version"})


def usage() -> str:
    return _usage(__doc__, _OWN, [
        "  and every option and Perl flag of rouge155 (rouge155 --help): the input, -a, -x, -n, -z, --semantics,",
        "  --unicode, --language, --sentence-sep, --split-sentences; the others change nothing here.",
        "Exit status: 0 nothing found, 1 problems found, 2 a command line it cannot read."])


# -- reading what rouge155 reads ---------------------------------------------------------------------


def named_files(extras, positional: Sequence[str], file_list: bool = False
                ) -> Tuple[List[Tuple[str, str]], Optional[str]]:
    """The (option, path) pairs of the files the command line names, and the XML config's path (None: there
    is none; ``file_list``: the config is a -z list)."""
    named: List[Tuple[str, str]] = []
    if extras.jsonl is not None:
        named.append(("--jsonl", extras.jsonl))
    if extras.summaries is not None:
        named.append(("--summaries", extras.summaries))
    named += [("--references", r) for r in (extras.references or ())]
    config = positional[0] if positional and not extras.plain_text else None
    if config is not None:
        named.append(("CONFIG", config))
    return named, None if file_list else config


def examine_input(config, source, systems: Sequence[str], options, extras, config_path: Optional[str] = None,
                  full: bool = True, keep: int = 5) -> Examination:
    """The doctor's checks on an input rouge155 has read (``extras``: rouge155's long options), with the
    checks of its files and ids."""
    from ..doctor import inputs
    from ..doctor.run import examine

    labels = config.labels()
    exam = examine(config, source, systems, options, extras.semantics, labels, full, keep)
    if not full:
        return exam
    more: List["Finding"] = []
    if extras.system_dir is not None and extras.system_pattern is not None:
        more += inputs.duplicate_findings(inputs.directory_duplicates(config, systems[0], extras.system_pattern, keep),
                                          len(config.evaluations), "system files", "ID")
        unused = inputs.unused_model_files(config, systems[0], extras.model_dir, extras.system_pattern, keep)
        more += inputs.unused_findings(unused, len(config.evaluations), "documents",
                                       "widen --model-pattern (e.g. #ID#.[A-Z].txt) to take every reference")
    if extras.references:
        unused = inputs.unused_reference_files(extras.references, keep)
        more += inputs.unused_findings(unused, len(extras.references), "files",
                                       "give every reference set, one --references FILE each")
    if config_path is not None and not extras.plain_text:
        twice, evals = inputs.xml_duplicates(config_path, keep)
        more += inputs.duplicate_findings(twice, evals, "EVALs", "ID")
    exam.findings = exam.findings + more
    return exam


def _read(parsed, extras, keep: int):
    """(config, source, systems, duplicate-id findings) of the input, read as rouge155 reads it."""
    from ..doctor import inputs

    flags = parsed.flags
    if extras.jsonl is not None and not (extras.summaries or extras.references or extras.system_dir):
        config, source, twice = inputs.jsonl_without_duplicates(extras.jsonl, extras.system_id, extras.sentence_sep,
                                                                extras.split_sentences, keep)
        ids = len(config.evaluations)
        return config, source, sorted(config.peer_ids), inputs.duplicate_findings(twice, ids, "documents", "id")
    if extras.plain_text:
        from .plain_text import plain_text_input

        config, source, systems = plain_text_input(extras, True)
        return config, source, systems, []
    from ..inputs.config import read_file_list, read_xml_config
    from .main import os_path

    path = os_path(parsed.positional[0])
    z = flags.get("z")
    if isinstance(z, str):
        peer = parsed.positional[1] if len(parsed.positional) > 1 else "X"
        config = read_file_list(path, z, peer)
    else:
        config = read_xml_config(path)
    systems = [parsed.positional[1]] if len(parsed.positional) > 1 and not isinstance(z, str) else config.peer_ids
    return config, None, sorted(systems), []


def diagnose(parsed, extras, keep: int = 5) -> Examination:
    """The whole doctor on a command line's input: its files, then its texts (an input it cannot read is
    itself the finding)."""
    from ..doctor import inputs
    from ..doctor.run import Examination
    from .main import _resolved_options

    named, config_path = named_files(extras, parsed.positional, isinstance(parsed.flags.get("z"), str))
    found = inputs.file_findings(named, config_path, keep)
    try:
        options = _resolved_options(parsed.flags, extras)
        config, source, systems, twice = _read(parsed, extras, keep)
        exam = examine_input(config, source, systems, options, extras, config_path, True, keep)
    except RougeError as exc:
        if not any(f.kind in ("encoding", "input-kind") for f in found):
            found.append(inputs.read_failure(exc, keep))
        return Examination(found)
    exam.findings = found + twice + exam.findings
    return exam


# -- the command --------------------------------------------------------------------------------------


def _extras(values: Dict[str, Any]):
    fields = {k: v for k, v in values.items() if k in Extras.__annotations__ and k not in ("output_format",)}
    if fields.get("system_id") is None:
        fields["system_id"] = "1"
    return Extras(**fields)


def run(argv: Sequence[str], out, err) -> int:
    """The command (``out``/``err``: text streams); the exit status."""
    from .. import __version__
    from ..doctor.report import to_json, to_text
    from .main import perl_bytes_str

    try:
        parsed, values, helped = read_command_line([perl_bytes_str(a) for a in argv], DOCTOR_OPTIONS)
        if helped:
            out.write(usage())
            return 0
        extras = _extras(values)
        if not extras.plain_text and not parsed.positional:
            raise UsageError("nothing to check: give a ROUGE config, --summaries/--references, --jsonl or "
                             "--system-dir/--model-dir")
        if extras.plain_text and parsed.positional:
            raise UsageError(f"give plain-text input or a config, not both ({parsed.positional[0]})")
        exam = diagnose(parsed, extras, values["ids"])
        report = to_json(exam, __version__) if values["output_format"] == "json" else to_text(exam)
        from .analysis import _write

        _write(report, values["output"], out)
        return 1 if exam.findings else 0
    except RougeError as exc:
        return failed(PROG, exc, err, 2)


def main() -> None:
    """The console script: every failure is one line on stderr, never a traceback."""
    console_main(PROG, run)


# -- --check and the default hints of the other commands -------------------------------------------


def check_report(config, source, systems, options, extras, prog: str, config_path: Optional[str] = None) -> str:
    """``--check``: the doctor's text report on an input a command has read (its first line names ``prog``)."""
    from ..doctor.report import to_text

    exam = examine_input(config, source, systems, options, extras, config_path)
    return to_text(exam, f"{prog} --check")


_ASCII_WORD = re.compile(rb"[A-Za-z0-9]")


def _all_plain(evaluations, source, systems: Sequence[str]) -> bool:
    """Whether every text is ASCII with a letter or digit in it: then no hint applies (every tokenizer keeps
    ASCII letters and digits), and the doctor is not even loaded (a small run stays small)."""
    for ev in evaluations:
        paths = [p for _m, p in ev.model_paths()] + [ev.peer_path(s) for s in systems if s in ev.peers]
        for path in paths:
            raw = source.read(path)
            if not raw.isascii() or _ASCII_WORD.search(raw) is None:
                return False
    return True


def _plain_bytes(texts: List[bytes]) -> bool:
    """:func:`_all_plain` on texts as bytes."""
    return all(text.isascii() and _ASCII_WORD.search(text) is not None for text in texts)


def hints(config, source, systems, options, semantics: str, prog: str = "rouge155") -> List[str]:
    """rouge155's default notes in its plain-text modes: texts the tokenizer drops, empty texts."""
    if _all_plain(config.evaluations, source, systems):
        return []
    from ..doctor.report import hint_lines
    from ..doctor.run import examine

    exam = examine(config, source, systems, options, semantics, config.labels(), full=False, keep=3)
    return hint_lines(exam.findings, prog)


def streamed_hints(plan, options, semantics: str, every: bool, prog: str = "rouge155") -> Optional[List[str]]:
    """:func:`hints` for a streamed run: a pass over the plan's chunks before the run (the engine cuts
    the plan again for its own; inputs whose every text is plain ASCII are only read). None where the
    stream cannot vouch for the input (the in-memory path must read it: its notes, its errors)."""
    from ..doctor.report import hint_lines
    from ..doctor.run import examine_chunks
    from ..engine.stream import chunker

    plan.cut(chunker(1))
    count = len(plan.sizes)
    raw_texts = getattr(plan, "raw_texts", lambda _k: None)
    facts: List[object] = []

    def chunks():  # each chunk read once; the facts the plan checks once all are read kept on the way
        for k in range(count):
            chunk = plan.read(k)
            facts.append(chunk.facts)
            yield chunk.evaluations, chunk.source, chunk.systems

    try:
        first = raw_texts(0) if count else None
        if first is not None and all(_plain_bytes(first if k == 0 else raw_texts(k) or []) for k in range(count)):
            return []  # parallel files of plain ASCII text: scanned as bytes, no evaluation built
        findings = examine_chunks(chunks(), options, semantics)
        return None if plan.finish(facts, every) is None else hint_lines(findings, prog)
    except RougeError:
        return None


def check_extras(**values) -> SimpleNamespace:
    """What :func:`examine_input` reads of rouge155's options, for a command that has other ones (the
    audit, the meta grid)."""
    from types import SimpleNamespace

    base = {o.dest: (() if o.repeatable else (o.default if o.takes_value else False))
            for o in LONG_OPTIONS if o.dest is not None}
    base.update(values)
    namespace = SimpleNamespace(**base)
    namespace.plain_text = any(base.get(k) not in (None, ()) for k in ("system_dir", "model_dir", "summaries",
                                                                       "references", "jsonl"))
    return namespace
