"""``rouge155-rouge2 [PROPERTIES]``: ROUGE 2.0's interface (the jar reads ``rouge.properties``)."""
from __future__ import annotations

import os
import sys
from typing import List, Optional

from ..base.errors import RougeError
from ..rouge2.properties import load_settings
from ..rouge2.run import csv_text, evaluate_project, summary_text

USAGE = """usage: rouge155-rouge2 [PROPERTIES]

Runs ROUGE 2.0 (ROUGE-N, S, SU, L, Topic, TopicUniq, +Synonyms) as its jar does: reads PROPERTIES
(default: ./rouge.properties; relative paths in it are relative to the current directory) and the
project folder it names (reference/ and system/ files named TASK_NAME...), writes the CSV to
outputFile when output=file, and prints the results summary.
"""


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0
    if len(args) > 1:
        sys.stderr.write("rouge155-rouge2: at most one argument, the properties file\n")
        return 2
    prop = args[0] if args else os.environ.get("ROUGE2_PROPERTIES", "rouge.properties")
    try:
        settings = load_settings(prop)
        groups = evaluate_project(settings)
        text = csv_text(groups)
        if settings.output_type == "file":
            try:
                with open(settings.results_file, "w", encoding="utf-8", newline="") as fh:
                    fh.write(text)
            except OSError as exc:
                raise RougeError(f"cannot write outputFile {settings.results_file}: {exc.strerror}") from None
        sys.stdout.write(summary_text(groups))
        if settings.output_type == "file":
            sys.stdout.write(f"\n\nDone! Find results file in: {os.path.abspath(settings.results_file)}\n")
    except RougeError as exc:
        sys.stderr.write(f"rouge155-rouge2: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("rouge155-rouge2: interrupted\n")
        return 130
    return 0


def entry_point() -> None:
    sys.exit(main())
