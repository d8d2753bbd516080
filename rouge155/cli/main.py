"""``rouge155 ARGS``: the ROUGE-1.5.5.pl command line (Getopt::Std ``ahHb:c:de:f:l:mMn:p:st:r:2:3:w:uUvxz:``).

Perl's flags are parsed exactly as Getopt::Std does; long options (``--help``, ``--version``) are
this program's own and never clash with them.
"""
from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Sequence, Tuple, Union

from ..base.records import dataclass, field  # dataclasses' records without its start-up cost
from .. import __version__
from . import process
from ..base.errors import RougeError
from ..base.options import Options
from .usage import invoked_name, usage, usage_full

SPEC = "ahHb:c:de:f:l:mMn:p:st:r:2:3:w:uUvxz:"
PROG = "rouge155"


def _spec_table(spec: str) -> Dict[str, bool]:
    table: Dict[str, bool] = {}
    i = 0
    while i < len(spec):
        takes = i + 1 < len(spec) and spec[i + 1] == ":"
        table[spec[i]] = takes
        i += 2 if takes else 1
    return table


_TAKES_VALUE = _spec_table(SPEC)
LONG_WITH_VALUE = (
    "--jobs", "--format", "--system-dir", "--model-dir", "--system-pattern", "--model-pattern", "--system-id",
    "--summaries", "--references", "--sentence-sep", "--dask",
    "--language", "--write-token-ids", "--topic",
)
LONG_OPTIONS = ("--help", "--version", "--quiet", "--precise", "--split-sentences",
                "--unicode", "--char-level", "--synonyms", "--topic-uniq") + LONG_WITH_VALUE


@dataclass
class Extras:
    """This program's own long options (none of them changes the Perl flags' meaning)."""

    jobs: int = 1
    progress: bool = False
    output_format: str = "text"
    precise: bool = False
    system_dir: Optional[str] = None
    model_dir: Optional[str] = None
    system_pattern: Optional[str] = None
    model_pattern: Optional[str] = None
    system_id: str = "1"
    summaries: Optional[str] = None
    references: Optional[str] = None
    sentence_sep: Optional[str] = None
    split_sentences: bool = False
    prog: str = PROG  # the name the usage texts start with (the command line: as invoked, like Perl's $0)
    dask: Optional[str] = None  # a Dask scheduler's address (dask_executor)
    unicode: bool = False  # rouge155.language
    language: Optional[str] = None
    char_level: bool = False
    write_token_ids: Optional[str] = None
    # ROUGE 2.0's measures added to the run (rouge155/rouge2/extend.py)
    synonyms: bool = False
    topic: Optional[str] = None
    topic_uniq: bool = False

    @property
    def plain_text(self) -> bool:
        return any(v is not None for v in (self.system_dir, self.model_dir, self.summaries, self.references))


@dataclass
class ParsedArgs:
    """Getopt::Std's view of argv: flags (last value wins), positionals, complaints, our long options."""

    flags: Dict[str, Union[str, bool, None]] = field(default_factory=dict)
    positional: List[str] = field(default_factory=list)
    unknown: List[str] = field(default_factory=list)
    long: List[str] = field(default_factory=list)


def getopts(argv: Sequence[str]) -> ParsedArgs:
    """Getopt::Std's ``getopts``: bundling, attached values, a value may start with '-', stop at the
    first non-option word or ``--``; an unknown switch is reported and parsing goes on."""
    args = list(argv)
    out = ParsedArgs()
    while args and len(args[0]) >= 2 and args[0].startswith("-"):
        arg = args[0]
        if arg == "--":
            args.pop(0)
            break
        name = arg.split("=", 1)[0]
        if name in LONG_OPTIONS:
            out.long.append(args.pop(0))
            if name in LONG_WITH_VALUE and "=" not in arg and args:
                out.long.append(args.pop(0))
            continue
        first, rest = arg[1], arg[2:]
        if first in _TAKES_VALUE:
            if _TAKES_VALUE[first]:
                args.pop(0)
                if rest == "":
                    # Perl: a missing value leaves the option undefined.
                    rest = args.pop(0) if args else None
                out.flags[first] = rest
            else:
                out.flags[first] = True
                if rest == "":
                    args.pop(0)
                else:
                    args[0] = "-" + rest
        else:
            out.unknown.append(first)
            if rest != "":
                args[0] = "-" + rest
            else:
                args.pop(0)
    # This program's own long options may also follow the positional arguments.
    rest = []
    while args:
        arg = args.pop(0)
        name = arg.split("=", 1)[0]
        if name in LONG_OPTIONS:
            out.long.append(arg)
            if name in LONG_WITH_VALUE and "=" not in arg and args:
                out.long.append(args.pop(0))
        else:
            rest.append(arg)
    out.positional = rest
    return out


def options_from_flags(flags: Dict[str, Union[str, bool, None]]) -> Options:
    def val(letter: str) -> Optional[str]:
        v = flags.get(letter)
        return v if isinstance(v, str) else None

    def on(letter: str) -> bool:
        return letter in flags and flags[letter] is not None

    return Options(
        ngram=val("n"),
        no_lcs=on("x"),
        weight=val("w"),
        skip_distance=val("2"),
        skip_unigrams=on("u"),
        skip_both=on("U"),
        be_mode=val("3"),
        stem=on("m"),
        stem_models_only=on("M"),
        remove_stopwords=on("s"),
        word_limit=val("l"),
        byte_limit=val("b"),
        score_formula=val("f"),
        alpha=val("p"),
        token_mode=val("t"),
        resamples=val("r"),
        confidence=val("c"),
        per_eval=on("d"),
        verbose=on("v"),
    )


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


def _plain_text_config(extras: Extras):
    from ..inputs.plaintext import from_directories, from_parallel_files

    if extras.summaries is not None or extras.references is not None:
        if extras.summaries is None or extras.references is None:
            raise RougeError("--summaries and --references go together (one summary per line in each)")
        return from_parallel_files(extras.summaries, extras.references, extras.system_id, extras.sentence_sep,
                                   extras.split_sentences)
    missing = [name for name, v in (("--system-dir", extras.system_dir), ("--model-dir", extras.model_dir),
                                    ("--system-pattern", extras.system_pattern),
                                    ("--model-pattern", extras.model_pattern)) if v is None]
    if missing:
        raise RougeError("directory mode needs " + ", ".join(missing))
    return from_directories(extras.system_dir, extras.model_dir, extras.system_pattern, extras.model_pattern,
                            extras.system_id, extras.split_sentences)


def run(argv: Sequence[str], stdout=None, stderr=None, jobs: int = 1, progress: bool = False,
        extras: Optional[Extras] = None) -> int:
    """Run the command line (binary stdout/stderr streams); returns the exit status."""
    extras = extras or Extras(jobs=jobs, progress=progress)
    out = _Writer(stdout or process.stdout())
    err = _Writer(stderr or process.stderr())
    parsed = getopts([perl_bytes_str(a) for a in argv])
    for letter in parsed.unknown:
        err.write(f"Unknown option: {letter}\n")
    flags = parsed.flags
    try:
        if flags.get("H"):
            raise _Die(usage_full(extras.prog), newline=False)
        if flags.get("h") or not (parsed.positional or extras.plain_text):
            raise _Die(usage(extras.prog), newline=False)
        if not extras.plain_text:
            system_id, evaluate_all, list_peer = _resolve_systems(parsed, flags)
        options = options_from_flags(flags)
        options.check()
        if extras.unicode or extras.language is not None or extras.char_level or extras.write_token_ids:
            from .language import language_options

            options = language_options(options, extras)
        # Perl quirk: "$opt_e/smart_common_words.txt" with an empty -e is the root directory.
        data_dir = (os_path(flags["e"]) or "/") if isinstance(flags.get("e"), str) else None
        from ..inputs.resources import load_language_data, resolve_data_dir

        data_dir = resolve_data_dir(data_dir, cwd_files=True)  # the script's cwd data files too
        load_language_data(data_dir)
        from ..api import iter_results
        from ..inputs.config import read_file_list, read_xml_config

        source = None
        if extras.plain_text:
            config, source = _plain_text_config(extras)
            systems = [extras.system_id]
        else:
            config_path = os_path(parsed.positional[0])
            z = flags.get("z")
            if isinstance(z, str) and options.unicode:
                from ..inputs.filelist_unicode import read_file_list_unicode

                config = read_file_list_unicode(config_path, z, list_peer or "")
            elif isinstance(z, str):
                config = read_file_list(config_path, z, list_peer or "")
            else:
                config = read_xml_config(config_path)
            if evaluate_all:
                systems = sorted(config.peer_ids)
            else:
                systems = [system_id if system_id is not None else ""]
        warnings: List[str] = []

        def warn(msg: str) -> None:
            warnings.append(msg)
            err.write(msg + "\n")

        def debug(msg: str) -> None:
            out.write(msg + "\n")

        bar = _progress_bar(len(config.evaluations)) if extras.progress else None
        if extras.write_token_ids:
            from ..output.token_ids import write_token_ids

            write_token_ids(extras.write_token_ids, config, options, systems, data_dir, source)
        results = iter_results(config, options, systems, data_dir=data_dir, source=source, warn=warn, debug=debug,
                               jobs=extras.jobs, progress=bar.update if bar else None, dask=extras.dask)
        if extras.synonyms or extras.topic is not None or extras.topic_uniq:
            from ..rouge2.extend import ExtraMeasures, with_extra_results

            measures = ExtraMeasures(extras.synonyms, extras.topic, extras.topic_uniq)
            results = with_extra_results(results, config, options, systems, measures, data_dir, source)
        try:
            if extras.output_format == "text":
                for result in results:
                    out.write(result.to_text(options))
            else:
                from ..output import report

                done = list(results)
                settings = None
                if options.unicode or options.language is not None:
                    from ..text.modes import text_model

                    settings = text_model(options).describe()
                if extras.output_format == "json":
                    out.write(report.json_report(done, options, warnings, extras.precise, __version__, settings))
                elif extras.output_format == "html":
                    from ..analysis.html import html_for_results

                    out.write(html_for_results(report.result_document(done, options, warnings, extras.precise,
                                                                      __version__, settings)))
                else:
                    out.write(report.csv_report(done, options, extras.precise, settings))
        finally:
            if bar:
                bar.close()
        out.flush()
        return 0
    except _Die as exc:
        out.flush()
        err.write(exc.message)
        return exc.status
    except RougeError as exc:
        out.flush()
        err.write(str(exc) + "\n")
        return 255
    except MemoryError:
        out.flush()
        err.write("rouge155: out of memory (ROUGE-L/W compare every model sentence with every peer sentence and "
                  "ROUGE-S with no gap limit every token pair: both grow with the square of summary length)\n")
        return 255
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        out.flush()
        err.write(f"rouge155: internal error: {type(exc).__name__}: {exc} (please report this)\n")
        return 70


def _progress_bar(total: int):
    """A tqdm bar on stderr for runs longer than about 2 s, only when stderr is a terminal."""
    if sys.stderr is None or not sys.stderr.isatty():  # stderr may be closed (2>&-)
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit="eval", file=sys.stderr, delay=2.0, leave=False)


def _click_main():
    """The click command, built on first use: click is imported only when a long option is given
    (importing it costs more than a small run; the Perl flags have their own parser above)."""
    import click

    class _PerlCommand(click.Command):
        """A click command whose arguments are Perl's: Getopt::Std parsing, our long options aside."""

        def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
            parsed = getopts(args)
            ctx.meta["rouge155.argv"] = list(args)
            return super().parse_args(ctx, parsed.long)

    @click.command(cls=_PerlCommand, context_settings={"help_option_names": ["--help"]})
    @click.version_option(__version__, "--version", prog_name=PROG)
    @click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
                  help="Processes to use (the output is identical for any N).")
    @click.option("--quiet", is_flag=True, help="No progress bar (it shows on a terminal's stderr after ~2 s).")
    @click.option("--format", "output_format", type=click.Choice(["text", "json", "csv", "html"]), default="text",
                  show_default=True, help="text: exactly what ROUGE-1.5.5.pl prints; json/csv: every number, per "
                  "instance too (schema: schema/rouge155-result.schema.json); html: one self-contained page "
                  "with charts (rouge155-report).")
    @click.option("--precise", is_flag=True, help="json/csv: unrounded values instead of the report's %7.5f ones.")
    @click.option("--system-dir", help="Plain-text mode (pyrouge's convention): directory of system summaries.")
    @click.option("--model-dir", help="Plain-text mode: directory of reference (model) summaries.")
    @click.option("--system-pattern", help="Regex for system file names; its group is the ID (e.g. 'doc.(\\d+).txt').")
    @click.option("--model-pattern", help="Regex for reference file names, #ID# standing for the ID.")
    @click.option("--system-id", default="1", show_default=True, help="System name in plain-text modes.")
    @click.option("--summaries", help="Parallel-file mode (files2rouge's convention): one system summary per line.")
    @click.option("--references", help="Parallel-file mode: one reference summary per line, parallel to --summaries.")
    @click.option("--sentence-sep", help="Parallel-file mode: the string that separates sentences within a line.")
    @click.option("--split-sentences", is_flag=True, help="Plain-text modes: split sentences (nltk punkt if "
                  "installed with its data, else a rule-based splitter).")
    @click.option("--dask", metavar="ADDRESS", help="Compute on a Dask cluster: the scheduler's address "
                  "(e.g. tcp://host:8786); same output. Needs pip install rouge155[dask].")
    @click.option("--unicode", is_flag=True, help="Tokenize as the Unicode fork ROUGE-1.5.5-unicode does (UTF-8, "
                  "lc, Unicode \\w tokens, -b in characters), byte for byte.")
    @click.option("--language", help="ISO 639-1 code (de, ru, zh, ...): Unicode tokens fit for the language, its "
                  "Snowball stemmer for -m, its stopwords for -s, a segmenter for zh/ja/th (README: language matrix).")
    @click.option("--char-level", is_flag=True, help="With --language zh/ja/th: one token per character, no segmenter.")
    @click.option("--write-token-ids", metavar="DIR", help="Also write every summary as integer token ids, and a "
                  "config, so that the original ROUGE-1.5.5.pl gives the same numbers (DIR/README.txt).")
    @click.option("--synonyms", is_flag=True, help="Add ROUGE 2.0's ROUGE-N+Synonyms blocks (WordNet 3.0; needs "
                  "rouge155[rouge2]).")
    @click.option("--topic", metavar="REGEX", help="Add ROUGE 2.0's ROUGE-1-Topic: words whose word_tag matches "
                  "REGEX (e.g. 'nn|jj').")
    @click.option("--topic-uniq", is_flag=True, help="Add ROUGE-1-TopicUniq (each topic word once; regex from "
                  "--topic, default nn|jj).")
    @click.pass_context
    def main(ctx: click.Context, jobs: int, quiet: bool, output_format: str, precise: bool, **plain) -> None:
        """A drop-in replacement for ROUGE-1.5.5.pl: same flags, same output, faster.

        \b
        Usage: rouge155 [PERL FLAGS] CONFIG [SYSTEM-ID]   (rouge155 -H lists the flags)
               rouge155 [PERL FLAGS] --system-dir D --model-dir D --system-pattern RE --model-pattern RE
               rouge155 [PERL FLAGS] --summaries FILE --references FILE [--sentence-sep SEP]

        Note: ROUGE-S with no gap limit (-2 -1) counts every token pair of a summary, so its cost is
        quadratic in summary length by definition; ROUGE-L and W compare every model sentence with
        every peer sentence, so theirs is quadratic in the number of sentences.
        """
        extras = Extras(jobs=jobs, progress=not quiet, output_format=output_format, precise=precise,
                        prog=invoked_name(sys.argv[0]), **plain)
        status = run(ctx.meta["rouge155.argv"], extras=extras)
        ctx.exit(status)

    return main


def __getattr__(name: str):
    if name == "main":  # the click command (tests, embedding)
        return _click_main()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _dispatch() -> None:
    """Perl flags alone, or with --quiet or --version only, run without click (~30 ms)."""
    argv = sys.argv[1:]
    long = getopts(argv).long
    if not long or long == ["--quiet"]:
        sys.exit(run(argv, extras=Extras(progress=not long, prog=invoked_name(sys.argv[0]))))
    if long == ["--version"]:
        sys.stdout.write(f"{PROG}, version {__version__}\n")
        sys.exit(0)
    _click_main()(prog_name=PROG)


def entry_point() -> None:
    """The ``rouge155`` command. Exits without tearing down the interpreter's objects (the output is
    flushed first): on large runs that clean-up is pure waiting."""
    process.install()  # signals and closed/broken streams as the Perl (rouge155/process.py)
    # One BLAS thread: numpy's only matrix products here are small batched ones, and OpenBLAS's
    # thread pool cost small runs ~0.1 s of CPU each (measured); --jobs spreads the work instead.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    code = 0
    try:
        _dispatch()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            sys.stderr.write(exc.code + "\n")
    except KeyboardInterrupt:
        code = 130
    process.exit(code)
