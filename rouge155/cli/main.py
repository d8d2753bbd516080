"""``rouge155 ARGS``: the ROUGE-1.5.5.pl command line (Getopt::Std ``ahHb:c:de:f:l:mMn:p:st:r:2:3:w:uUvxz:``).

Perl's flags are parsed exactly as Getopt::Std does (:mod:`rouge155.base.flags`); the long options
(:mod:`.long_options`) are this program's own and never clash with them.
"""
from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable, List, Optional, Sequence, Tuple

    from ..inputs.config import EvalConfig
    from ..inputs.sources import TextSource

from .. import __version__
from . import process
from ..base.errors import RougeError
from ..base.flags import ParsedArgs, getopts as _getopts, options_from_flags
from ..base.options import Options
from ..base.records import dataclass
from ..engine.alloc import own_process
from ..semantics import PERL
from .long_options import LONG_OPTIONS, PROG, Extras
from .usage import help_hint, invoked_name, usage, usage_full

__all__ = ["Extras", "ParsedArgs", "entry_point", "getopts", "options_from_flags", "run"]


def getopts(argv: Sequence[str]) -> ParsedArgs:
    """The command line as rouge155 reads it: ROUGE-1.5.5.pl's flags and this program's long options."""
    return _getopts(argv, LONG_OPTIONS)


def perl_bytes_str(arg: str) -> str:
    """A command-line argument as Perl holds it: its bytes, one character each (Latin-1)."""
    return os.fsencode(arg).decode("latin-1")


def os_path(perl_str: str) -> str:
    """Back from a Perl byte string to a path Python can open."""
    return os.fsdecode(perl_str.encode("latin-1"))


def perl_print_bytes(line: str) -> bytes:
    """What Perl's ``print`` writes for a string: its bytes when no character is above 0xFF (argv
    and file-list names are such byte strings; names from XML too, as Latin-1), else UTF-8 with
    Perl's "Wide character" warning. Surrogate escapes stand for raw bytes."""
    out = bytearray()
    for ch in line:
        c = ord(ch)
        if c < 0x100:
            out.append(c)
        elif 0xDC80 <= c <= 0xDCFF:
            out.append(c - 0xDC00)
        else:
            return line.encode("utf-8", "surrogateescape")
    return bytes(out)


class _Writer:
    """Writes text line by line as the bytes Perl would print (see :func:`perl_print_bytes`)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> None:
        if text.isascii():
            self._stream.write(text.encode("ascii"))
            return
        self._stream.write(b"".join(perl_print_bytes(line) for line in text.splitlines(keepends=True)))

    def write_utf8(self, text: str) -> None:
        """This program's own lines (notes that quote the input's text): UTF-8, whatever Perl would print."""
        self._stream.write(text.encode("utf-8", "surrogateescape"))

    def flush(self) -> None:
        self._stream.flush()


class _Die(Exception):
    """The script's ``die``: a message on stderr and status 255."""

    def __init__(self, message: str, status: int = 255, newline: bool = True):
        super().__init__(message)
        self.message = message + ("\n" if newline else "")
        self.status = status


def _resolve_systems(parsed: ParsedArgs, flags) -> Tuple[Optional[str], bool, Optional[str]]:
    """(system ID, evaluate all, file-list peer ID) as the script derives them from its arguments."""
    pos = parsed.positional
    z = flags.get("z")
    all_flag = bool(flags.get("a")) and z is None  # Perl quirk: -z makes the script ignore -a
    if len(pos) == 1 and z is None and not flags.get("a"):
        raise _Die(
            "Please specify a system ID to evaluate or use option '-a' to evaluate all systems. "
            "For more information, use option '-h'."
        )
    if z is not None:
        # Perl quirk: the list's peer is named before the run's system ID is settled, from exactly
        # one or two arguments; with more, the list's peer has an empty ID.
        list_peer = "X" if len(pos) == 1 else (pos[1] if len(pos) == 2 else "")
        return (pos[1] if len(pos) > 1 else "X"), False, list_peer
    return (pos[1] if len(pos) > 1 else None), all_flag, None


@dataclass
class _Job:
    """What a run scores: the resolved options, the data directory, the evaluations, their text, the systems."""

    options: Options
    data_dir: str
    config: Optional[EvalConfig]  # None while a streamed plan reads the input
    source: Optional[TextSource]
    systems: Optional[List[str]]  # None: a streamed JSONL file's, known once it is read
    plan: Any = None  # a streamed run's plan (rouge155/inputs/streams.py)
    evaluate_all: bool = False


def _usage_check(parsed: ParsedArgs, extras) -> None:
    """``-H`` prints the script's detailed usage; ``-h`` and a run with nothing to score its synopsis,
    then one line of ours pointing to ``--help`` (stderr, where the usage goes; status 255 as the script's)."""
    flags = parsed.flags
    if flags.get("H"):
        raise _Die(usage_full(extras.prog), newline=False)
    if flags.get("h") or not (parsed.positional or extras.plain_text):
        raise _Die(usage(extras.prog) + help_hint(extras.prog), newline=False)


def _resolved_options(flags, extras) -> Options:
    """The Perl flags' options, checked in the script's order, with the text mode of ``--unicode``,
    ``--language`` and ``--char-level`` (a bad code or a missing extra fails here, before any output)."""
    options = options_from_flags(flags)
    options.check()
    if extras.semantics != PERL:  # another implementation reads --language itself (its record: own_language)
        return options
    if not (extras.unicode or extras.language is not None or extras.char_level):
        return options
    if extras.unicode and extras.language is not None:
        raise RougeError("give --unicode (the fork's tokenizing) or --language LANG, not both")
    if extras.char_level and extras.language is None:
        raise RougeError("--char-level goes with --language zh, ja or th")
    import dataclasses

    options = dataclasses.replace(options, unicode=extras.unicode, language=extras.language,
                                  char_level=extras.char_level)
    from ..text.modes import text_model

    text_model(options)
    return options


def _prepare(parsed: ParsedArgs, extras) -> _Job:
    """Options, data directory and evaluations, from the arguments (the script's order of checks)."""
    flags = parsed.flags
    _usage_check(parsed, extras)
    if not extras.plain_text:
        system_id, evaluate_all, list_peer = _resolve_systems(parsed, flags)
    options = _resolved_options(flags, extras)
    # Perl quirk: "$opt_e/smart_common_words.txt" with an empty -e is the root directory.
    data_arg = flags.get("e")
    data_dir = (os_path(data_arg) or "/") if isinstance(data_arg, str) else None
    from ..inputs.resources import load_word_lists, resolve_data_dir

    data_dir = resolve_data_dir(data_dir, cwd_files=True)  # the script's cwd data files too
    load_word_lists(data_dir)
    if extras.plain_text:
        from .plain_text import streamed_plan

        plan = streamed_plan(extras, options)
        if plan is not None:
            systems = None if extras.jsonl is not None and flags.get("a") else [extras.system_id]
            return _Job(options, data_dir, None, None, systems, plan, bool(flags.get("a")))
        return _whole_input(options, data_dir, extras, bool(flags.get("a")))
    from ..inputs.config import read_file_list, read_xml_config

    config_path = os_path(parsed.positional[0])
    z = flags.get("z")
    if isinstance(z, str) and options.unicode:
        from ..inputs.filelist_unicode import read_file_list_unicode

        config = read_file_list_unicode(config_path, z, list_peer or "")
    elif isinstance(z, str):
        config = read_file_list(config_path, z, list_peer or "")
    else:
        config = read_xml_config(config_path)
    systems = sorted(config.peer_ids) if evaluate_all else [system_id if system_id is not None else ""]
    return _Job(options, data_dir, config, None, systems, _config_plan(config, options, systems, extras))


def _config_plan(config: EvalConfig, options: Options, systems: List[str], extras):
    """A config's streamed plan where the batched engine scores the run (not a small one), else None."""
    import os

    from ..engine.plan import use_batched_engine
    from ..inputs.sources import TextSource
    from .plain_text import STREAM_ENV, may_stream

    if not may_stream(extras, options):
        return None
    if os.environ.get(STREAM_ENV) != "always" and not use_batched_engine(
            "auto", config, options, systems, TextSource(), cluster=extras.dask is not None):
        return None
    from ..inputs.streams import ConfigPlan

    return ConfigPlan(config, systems)


def _whole_input(options: Options, data_dir: str, extras, evaluate_all: bool) -> _Job:
    """A plain-text run whose input is read whole (the in-memory path)."""
    from .plain_text import plain_text_input

    config, source, systems = plain_text_input(extras, evaluate_all)
    return _Job(options, data_dir, config, source, systems)


def _streamed(job: _Job, extras, warn: Callable[[str], None], progress):
    """A streamed run's results, or None where its input must be read whole (the in-memory path
    then gives the script's output or error; nothing was reported)."""
    from ..api import streamed_results
    from ..engine.plan import NeedsStepByStep
    from ..engine.stream import NeedsWholeInput

    try:
        return streamed_results(job.plan, job.options, job.systems, job.evaluate_all, data_dir=job.data_dir,
                                warn=warn, jobs=extras.jobs, progress=progress, dask=extras.dask,
                                full_rows=extras.output_format != "text")
    except (NeedsWholeInput, NeedsStepByStep):
        return None


def _scored(job: _Job, extras, warn: Callable[[str], None], debug: Callable[[str], None], progress):
    """The results, block by block (ROUGE 2.0's measures after the script's), written as ids first when asked."""
    if job.plan is not None:
        results = _streamed(job, extras, warn, progress)
        if results is not None:
            return results
        if job.config is None:
            whole = _whole_input(job.options, job.data_dir, extras, job.evaluate_all)
            job.config, job.source, job.systems = whole.config, whole.source, whole.systems
    assert job.config is not None and job.systems is not None  # read whole (not streamed)
    if extras.write_token_ids is not None:
        from ..output.token_ids import write_token_ids

        write_token_ids(extras.write_token_ids, job.config, job.options, job.systems, job.data_dir, job.source)
    from ..api import iter_results

    results = iter_results(job.config, job.options, job.systems, data_dir=job.data_dir, source=job.source, warn=warn,
                           debug=debug, jobs=extras.jobs, progress=progress, dask=extras.dask)
    if extras.synonyms or extras.topic is not None or extras.topic_uniq:
        from ..rouge2.extend import ExtraMeasures, with_extra_results

        measures = ExtraMeasures(extras.synonyms, extras.topic, extras.topic_uniq)
        results = with_extra_results(results, job.config, job.options, job.systems, measures, job.data_dir,
                                     job.source)
    return results


def _signature_check(extras):
    """``--signature-check SIG`` parsed (None when not given); a malformed one is one line, status 2."""
    if extras.signature_check is None:
        return None
    from ..output.signature import parse

    try:
        return parse(extras.signature_check)
    except ValueError as exc:
        raise _Die(f"{PROG}: --signature-check: {exc}", status=2) from None


def _signature(job: _Job, extras, expected):
    """The run's signature (docs/signature.md), built only when something shows or checks it; a run
    whose signature differs from ``expected`` stops here, before scoring: one line per difference."""
    if not (extras.signature or extras.cite or expected is not None or extras.output_format != "text"):
        return None
    from ..output.signature import reference_counts, sentence_splitting, signature_of
    from .plain_text import sentence_rule

    rouge2 = (extras.synonyms, extras.topic, extras.topic_uniq)
    counted = job.config.evaluations if job.config is not None else job.plan.reference_counts
    signature = signature_of(job.options, references=reference_counts(counted),
                             sentences=sentence_splitting(*sentence_rule(extras)), data_dir=job.data_dir,
                             rouge2=rouge2 if any(v not in (False, None) for v in rouge2) else None)
    refuse_differences(expected, signature)
    return str(signature)


def refuse_differences(expected, signature) -> None:
    """Stop the run before scoring when its ``signature`` differs from ``expected`` (``--signature-check``):
    one line per difference, status 2."""
    differences = expected.differences(signature) if expected is not None else []
    if differences:
        raise _Die("\n".join(f"{PROG}: --signature-check: {line}" for line in differences), status=2)


def input_name(parsed: ParsedArgs, extras) -> str:
    """The input's file or folder, as the command line gives it (a page's title names it)."""
    given = extras.jsonl or extras.summaries or extras.system_dir
    return given or (perl_bytes_str(parsed.positional[0]) if parsed.positional else "")


def citation_line(extras, signature: Optional[str]) -> Optional[str]:
    """``--cite``'s sentence for the run's signature (None without ``--cite``)."""
    if not extras.cite or signature is None:
        return None
    from ..output.citation import citation
    from ..output.signature import parse
    from ..semantics import get

    return citation(parse(signature), get(extras.semantics).reproduces)


def _write_report(results: Iterable, options: Options, warnings: List[str], extras, out: _Writer,
                  signature: Optional[str] = None, err: Optional[_Writer] = None, labels=None,
                  title: str = "rouge155 report") -> None:
    """The text report as the script prints it, block by block (``--signature``: and the signature
    as its last line; ``--cite``: then the sentence); or ``--format json|csv|html``, each with the
    signature (``--cite``: json's "citation", else on stderr). ``labels``: evaluation names for json,
    csv and html (directory mode: file names); ``title``: the html page's."""
    cite = citation_line(extras, signature)
    if extras.output_format == "text":
        for result in results:
            for part in result.text_parts(options):
                out.write(part)
        if extras.signature and signature is not None:  # (built whenever --signature is given)
            out.write(signature + "\n")
        if cite is not None:
            out.write(cite + "\n")
        return
    from ..output import report

    done = list(results)
    settings = None
    if options.unicode or options.language is not None:
        from ..text.modes import text_model

        settings = text_model(options).describe()
    if extras.output_format == "json":
        out.write(report.json_report(done, options, warnings, extras.precise, __version__, settings, signature,
                                     labels, cite))
        return
    if extras.output_format == "html":
        from ..analysis.html_report import html_for_results

        out.write(html_for_results(report.result_document(done, options, warnings, extras.precise, __version__,
                                                          settings, signature, labels), title))
    else:
        out.write(report.csv_report(done, options, extras.precise, settings, signature, labels))
    if cite is not None and err is not None:
        err.write(cite + "\n")


def run(argv: Sequence[str], stdout=None, stderr=None, jobs: int = 1, progress: bool = False,
        extras: Optional[Extras] = None) -> int:
    """Run the command line (binary stdout/stderr streams); returns the exit status.

    ``argv``'s long options are checked here (a mistyped one is refused with status 2); their values
    come in ``extras`` (the ``--help`` command parses them)."""
    extras = extras or Extras(jobs=jobs, progress=progress)
    out = _Writer(stdout or process.stdout())
    err = _Writer(stderr or process.stderr())
    parsed = getopts([perl_bytes_str(a) for a in argv])
    if parsed.refused is not None:
        err.write(f"{PROG}: {parsed.refused}\n")
        return 2
    for letter in parsed.unknown:
        err.write(f"Unknown option: {letter}\n")
    try:
        expected = _signature_check(extras)
        _check_semantics(extras)
        job = _prepare(parsed, extras)
        warnings: List[str] = []
        if extras.semantics != PERL:  # another implementation's numbers: rouge155/cli/other_semantics.py
            from .other_semantics import write_results

            # the notes after every refusal (a refused run says one line)
            write_results(job, parsed.flags, extras, warnings, out, expected, err,
                          notes=lambda: _input_notes(job, parsed, extras, err))
            out.flush()
            return 0
        signature = _signature(job, extras, expected)
        if extras.output_format != "text":  # json, csv and html hold every block until the end
            from ..engine.plan import check_orders

            systems = len(job.systems) if job.systems is not None else 1  # streamed JSONL: at least one
            check_orders(job.options, 8192.0 * systems)
        _input_notes(job, parsed, extras, err)  # after every refusal: a refused run says one line

        def warn(msg: str) -> None:
            warnings.append(msg)
            err.write(msg + "\n")

        def debug(msg: str) -> None:
            out.write(msg + "\n")

        total = job.plan.count if job.plan is not None else len(job.config.evaluations)  # type: ignore[union-attr]
        shown = (extras.progress or extras.show_progress) and not extras.quiet
        bar = _progress_bar(total, extras.show_progress, "pair" if extras.plain_text else "eval") if shown else None
        try:
            results = _scored(job, extras, warn, debug, bar.update if bar else None)
            title = "rouge155 report: " + os.path.basename(os_path(input_name(parsed, extras)))
            labels = (job.config or job.plan).labels()
            _write_report(results, job.options, warnings, extras, out, signature, err, labels, title)
        finally:
            if bar:
                bar.close()
        out.flush()
        return 0
    except Exception as exc:  # every failure ends in one line (see _failure)
        out.flush()
        message, status = _failure(exc)
        err.write(message)
        return status


def _input_notes(job: _Job, parsed: ParsedArgs, extras, err: _Writer) -> None:
    """``--check``: rouge155-doctor's report on stderr, before the run. Without it, in the plain-text
    modes only, one line per problem that makes texts score 0 (empty texts, texts the tokenizer drops;
    ``--quiet``: none). A config's run keeps the Perl's stderr."""
    if extras.check:
        from .doctor import check_report

        config_path = None if extras.plain_text or parsed.flags.get("z") else os_path(parsed.positional[0])
        err.write_utf8(check_report(job.config, job.source, job.systems, job.options, extras, PROG, config_path))
    elif extras.plain_text and not extras.quiet:
        from .doctor import hints, streamed_hints

        lines = None if job.config is None else hints(job.config, job.source, job.systems, job.options,
                                                      extras.semantics)
        if job.config is None:
            lines = streamed_hints(job.plan, job.options, extras.semantics, job.evaluate_all)
        if lines is None:  # the stream cannot vouch for this input: read whole, as the run would
            whole = _whole_input(job.options, job.data_dir, extras, job.evaluate_all)
            job.config, job.source, job.systems, job.plan = whole.config, whole.source, whole.systems, None
            lines = hints(job.config, job.source, job.systems, job.options, extras.semantics)
        for line in lines:
            err.write_utf8(line + "\n")


def _check_semantics(extras) -> None:
    """``--semantics NAME`` (other than ``perl``) and ``--seed``: refused before any input is read when
    the run cannot give them (the text report, an option of the Perl's text modes, a seed for the Perl)."""
    if extras.semantics != PERL:
        from .other_semantics import check_request

        check_request(extras)
    elif extras.seed is not None:
        raise RougeError("--seed seeds rouge-score's bootstrap (--semantics rouge-score); the Perl's bootstrap "
                         "has its own seeds")


def _failure(exc: BaseException) -> Tuple[str, int]:
    """The line and exit status a failed run ends with: the script's ``die`` (255), a bad input or
    option (255), memory (255), else a bug of ours (70): never a traceback."""
    if isinstance(exc, _Die):
        return exc.message, exc.status
    if isinstance(exc, RougeError):
        return str(exc) + "\n", 255
    if isinstance(exc, MemoryError):
        return (("rouge155: out of memory (what a run holds grows with the inputs, -r and -n, and for ROUGE-W and "
                 "ROUGE-S with no gap limit with the square of summary length)\n"), 255)
    return f"rouge155: internal error: {type(exc).__name__}: {exc} (please report this)\n", 70


def _progress_bar(total: int, forced: bool = False, unit: str = "eval"):
    """A tqdm bar on stderr (done, per second, time left) for runs longer than about 2 s, when
    stderr is a terminal or ``forced`` (``--progress``); never on stdout."""
    try:
        if sys.stderr is None or not (forced or sys.stderr.isatty()):  # stderr may be closed (2>&-)
            return None
    except (OSError, ValueError):
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, file=sys.stderr, delay=2.0, leave=False, dynamic_ncols=True)


def _click_option(click, option):
    """The click option of one :data:`LONG_OPTIONS` row."""
    if not option.takes_value:
        return click.option(option.name, option.dest, is_flag=True, help=option.help)
    if option.choices:
        kind = click.Choice(list(option.choices))
    elif option.kind == "int":
        kind = click.IntRange(min=option.minimum) if option.minimum is not None else click.INT
    else:
        kind = click.STRING
    return click.option(option.name, option.dest, type=kind, multiple=option.repeatable, metavar=option.metavar,
                        default=option.default if not option.repeatable else None,
                        show_default=option.default is not None, help=option.help)


def _click_main():
    """The click command, built on first use: click is imported only when a long option is given
    (importing it costs more than a small run; the Perl flags have their own parser above)."""
    import click

    from .commands import OneLineCommand

    class _PerlCommand(OneLineCommand):
        """A click command whose arguments are Perl's: Getopt::Std parsing, our long options aside."""

        def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
            parsed = getopts(args)
            if parsed.refused is not None:
                raise click.UsageError(parsed.refused, ctx)
            ctx.meta["rouge155.argv"] = list(args)
            return super().parse_args(ctx, parsed.long)

    def main(**values) -> None:
        """A drop-in replacement for ROUGE-1.5.5.pl: same flags, same output, faster.

        \b
        Usage: rouge155 [PERL FLAGS] CONFIG [SYSTEM-ID]   (rouge155 -H lists the flags)
               rouge155 [PERL FLAGS] --system-dir D --model-dir D --system-pattern RE --model-pattern RE
               rouge155 [PERL FLAGS] --summaries FILE --references FILE [--references FILE ...]
               rouge155 [PERL FLAGS] [-a] --jsonl FILE

        Note: ROUGE-S with no gap limit (-2 -1) counts every token pair of a summary, so its cost is
        quadratic in summary length by definition; ROUGE-L and W compare every model sentence with
        every peer sentence, so theirs is quadratic in the number of sentences.
        """
        ctx = click.get_current_context()
        extras = Extras(progress=True, prog=invoked_name(sys.argv[0]), **values)
        ctx.exit(run(ctx.meta["rouge155.argv"], extras=extras))

    for option in reversed(LONG_OPTIONS):
        if option.dest is not None:
            main = _click_option(click, option)(main)
    main = click.version_option(__version__, "--version", prog_name=PROG)(main)
    return click.command(cls=_PerlCommand, context_settings={"help_option_names": ["--help"]})(main)


def __getattr__(name: str):
    if name == "main":  # the click command (tests, embedding)
        return _click_main()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _dispatch() -> None:
    """Perl flags alone, or with --quiet or --version only, run without click (~30 ms)."""
    argv = sys.argv[1:]
    parsed = getopts(argv)
    if parsed.refused is not None:
        sys.stderr.write(f"{PROG}: {parsed.refused}\n")
        sys.exit(2)
    long = parsed.long
    if not long or long == ["--quiet"]:
        sys.exit(run(argv, extras=Extras(progress=True, quiet=bool(long), prog=invoked_name(sys.argv[0]))))
    if long == ["--version"]:
        sys.stdout.write(f"{PROG}, version {__version__}\n")
        sys.exit(0)
    sys.exit(_click_main()(prog_name=PROG))  # a usage error: one line, status 2 (OneLineCommand)


def entry_point() -> None:
    """The ``rouge155`` command. Exits without tearing down the interpreter's objects (the output is
    flushed first): on large runs that clean-up is pure waiting."""
    process.install()  # signals and closed/broken streams as the Perl (rouge155/process.py)
    # One BLAS thread: numpy's only matrix products here are small batched ones, and OpenBLAS's
    # thread pool cost small runs ~0.1 s of CPU each (measured); --jobs spreads the work instead.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    own_process()  # the command's own process: large runs may tune its allocator (engine/alloc.py)
    code = 0
    try:
        _dispatch()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            sys.stderr.write(exc.code + "\n")
    except KeyboardInterrupt:
        code = 130
    process.finish(code)
