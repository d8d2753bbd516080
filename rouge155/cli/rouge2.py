"""``rouge155-rouge2 [PROPERTIES]``: ROUGE 2.0's interface (the jar reads ``rouge.properties``).

Every failure is one line on stderr and a non-zero status: a bad setting or input 1, Ctrl-C 130, and a
bug of ours (which no known input reaches) "internal error", 70, as ``rouge155`` says it. The results
file is written only once its whole text is ready, and removed again if writing it fails half-way.
"""
from __future__ import annotations

import os
import stat
import sys
from typing import List, Optional

from ..base.errors import OptionError, RougeError
from ..rouge2.properties import load_settings
from ..rouge2.run import csv_text, evaluate_project, summary_text
from .outputs import check_outputs

USAGE = """usage: rouge155-rouge2 [PROPERTIES]

Runs ROUGE 2.0 (ROUGE-N, S, SU, L, Topic, TopicUniq, +Synonyms) as its jar does: reads PROPERTIES
(default: ./rouge.properties; relative paths in it are relative to the current directory) and the
project folder it names (reference/ and system/ files named TASK_NAME...), writes the CSV to
outputFile when output=file, and prints the results summary.
"""

NAME = "rouge155-rouge2"


def _say(line: str) -> None:
    """One line on stderr (dropped when stderr is closed)."""
    if sys.stderr is not None:
        try:
            sys.stderr.write(f"{NAME}: {line}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


def write_results(path: str, text: str) -> None:
    """The CSV at ``path``, all or nothing: encoded before the file is touched, and a file left half-written
    by a failing write (a full disk) is removed."""
    data = text.encode("utf-8")
    try:
        fh = open(path, "wb")
    except OSError as exc:
        raise RougeError(f"cannot write outputFile {path}: {exc.strerror}") from None
    try:
        with fh:
            fh.write(data)
    except OSError as exc:
        try:
            if stat.S_ISREG(os.stat(path).st_mode):
                os.unlink(path)
        except OSError:
            pass
        raise RougeError(f"cannot write outputFile {path}: {exc.strerror}") from None


def _drop_stdout() -> None:
    """Point stdout's descriptor at /dev/null, so that what is still buffered cannot fail again at exit
    (Python would print "Exception ignored" and exit with 120)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _print(text: str) -> None:
    """The summary on stdout; a closed or failing stdout is one line (a reader gone away, none)."""
    if sys.stdout is None:
        raise RougeError("cannot write the results summary: stdout is closed")
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
        raise
    except OSError as exc:
        _drop_stdout()
        raise RougeError(f"cannot write the results summary to stdout: {exc.strerror}") from None


def _inputs(prop: str, settings) -> List[str]:
    """What the run reads: the properties, the stopwords and every file of the project's two folders."""
    paths = [prop] + ([settings.stopwords_file] if settings.remove_stopwords else [])
    for folder in ("reference", "system"):
        where = os.path.join(settings.project_dir, folder)
        try:
            paths.extend(os.path.join(where, name) for name in os.listdir(where))
        except OSError:
            pass  # reported where the project is read
    return paths


def run(prop: str) -> None:
    settings = load_settings(prop)
    if settings.output_type == "file":  # the jar would overwrite an input named as outputFile
        try:
            check_outputs({"outputFile": settings.results_file}, _inputs(prop, settings))
        except OptionError as exc:
            raise RougeError(f"rouge.properties: {exc}") from None
    tagger = None
    if settings.needs_tagger:
        from ..rouge2.tagger import project_tagger

        tagger, which = project_tagger(settings)
        _say(which)
    groups = evaluate_project(settings, tagger=tagger)
    if settings.output_type == "file":
        write_results(settings.results_file, csv_text(groups))
    _print(summary_text(groups))
    if settings.output_type == "file":
        # the jar prints the path as a Java String: bytes of the working folder that are not UTF-8 as U+FFFD
        where = os.fsencode(os.path.abspath(settings.results_file)).decode("utf-8", "replace")
        _print(f"\n\nDone! Find results file in: {where}\n")


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0
    if len(args) > 1:
        _say("at most one argument, the properties file")
        return 2
    prop = args[0] if args else os.environ.get("ROUGE2_PROPERTIES", "rouge.properties")
    try:
        run(prop)
    except RougeError as exc:
        _say(str(exc))
        return 1
    except KeyboardInterrupt:
        _say("interrupted")
        return 130
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        return 1
    except MemoryError:
        _say("out of memory (ROUGE-SN/SUN keep every word pair of a sentence up to N words apart)")
        return 1
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        _say(f"internal error: {type(exc).__name__}: {exc} (please report this)")
        return 70
    return 0


def entry_point() -> None:
    sys.exit(main())
