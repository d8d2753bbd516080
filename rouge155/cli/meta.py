"""``rouge155-meta``: Lin's NTCIR-4 grid in one command (:mod:`rouge155.meta`).

    rouge155-meta judged.jsonl                       # id, system, prediction, references, human scores
    rouge155-meta config.xml --human scores.csv      # a ROUGE config and a human-scores CSV
    rouge155-meta judged.jsonl --json grid.json --html grid.html

Errors are one line on stderr: status 2 for usage, 1 for inputs that cannot be used.
"""
from __future__ import annotations

import os
import sys
from dataclasses import replace
from typing import Any, List, Optional, Sequence

import click

from ..analysis.results import MEASURES
from ..analysis.stats import CORRECTIONS, CORRELATIONS
from ..base.errors import OptionError, RougeError
from .analysis import _split
from .commands import FiniteRange, OneLineCommand, check_outputs, guarded, write_output

_LIMIT_HELP = "none, <N>w (-l N words) or <N>b (-b N bytes)"


def _with_limits(conditions, limits: Sequence[str]):
    """Each condition once per length limit (none: as given)."""
    from ..meta import Condition

    if not limits:
        return conditions
    out = []
    for limit in limits:
        text = limit.strip().lower()
        if text == "none":
            out.extend(conditions)
            continue
        if len(text) < 2 or text[-1] not in "wb" or not text[:-1].isdigit() or int(text[:-1]) < 1:
            raise OptionError(f"--length-limit {limit!r}: use {_LIMIT_HELP}")
        field = "word_limit" if text[-1] == "w" else "byte_limit"
        for c in conditions:
            if c.options.word_limit is not None or c.options.byte_limit is not None:
                raise OptionError(f"condition {c.label!r} has its own length limit; leave out --length-limit")
            flag = "-l" if field == "word_limit" else "-b"
            label = f"{c.label}, {flag} {text[:-1]}" if c.label != "as is" else f"{flag} {text[:-1]}"
            out.append(Condition(label, replace(c.options, **{field: text[:-1]})))
    return out


class _Progress:
    """tqdm bars on a terminal's stderr (after ~2 s), one per stage: scoring, then statistics."""

    def __init__(self, totals: dict):
        self.totals = totals
        self.stage: Optional[str] = None
        self.bar: Any = None  # a tqdm bar while a stage runs

    def __call__(self, stage: str, n: int) -> None:
        if stage != self.stage:
            self.close()
            from tqdm import tqdm

            unit = "eval" if stage == "scoring" else "column"
            self.bar = tqdm(total=self.totals[stage], unit=unit, desc=stage, file=sys.stderr, delay=2.0, leave=False)
            self.stage = stage
        self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _progress(totals: dict, quiet: bool):
    if quiet or sys.stderr is None or not sys.stderr.isatty():
        return None
    return _Progress(totals)


def _judged(path: str, human: Optional[str], file_list: Optional[str], system_column: str, document_column: str,
            columns: List[str], keys: dict):
    from ..meta import read_config_judged, read_judged

    if path.endswith((".jsonl", ".ndjson", ".csv", ".tsv")) and not human:
        return read_judged(path, keys["id"], keys["system"], keys["summary"], keys["references"], columns or None)
    if not human:
        raise RougeError(f"{path}: a ROUGE config needs --human SCORES (or give a judged .jsonl/.csv data set)")
    return read_config_judged(path, human, file_list, system_column, document_column, columns or None)


@click.command("rouge155-meta", cls=OneLineCommand, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("input_path", metavar="INPUT")
@click.option("--human", help="Human scores (CSV/TSV/JSONL: system, document, score columns) for a ROUGE config INPUT.")
@click.option("--file-list", "file_list", metavar="FORMAT",
              help="INPUT is a -z file list of this format (SPL, SEE...).")
@click.option("--system-column", default="system", show_default=True, help="--human: the system column.")
@click.option("--document-column", default="document", show_default=True, help="--human: the document column.")
@click.option("--human-column", "columns", multiple=True, help="Human score column(s) (default: every numeric one).")
@click.option("--id-key", default="id", show_default=True, help="Judged data: the document id field.")
@click.option("--system-key", default="system", show_default=True, help="Judged data: the system field.")
@click.option("--summary-key", help="Judged data: the summary field (default: prediction, else summary).")
@click.option("--references-key", default="references", show_default=True, help="Judged data: the references field.")
@click.option("--variant", "variants", multiple=True, help="ROUGE variant(s), e.g. ROUGE-2,ROUGE-SU4 (default: the "
              "NTCIR-4 set ROUGE-1..9, L, S*, S4, S9, SU*, SU4, SU9, W-1.2).")
@click.option("--condition", "conditions", multiple=True, help="Extra flags of a column, 'LABEL=FLAGS' or 'FLAGS' "
              "(repeatable; default: 'as is', '-m', '-m -s').")
@click.option("--references", "references", multiple=True, help="Reference settings: all, jackknife, ref<k> (the "
              "k-th alone), k (every k-subset, averaged) (default: all,jackknife).")
@click.option("--length-limit", "limits", multiple=True, help=f"Also per length limit: {_LIMIT_HELP}.")
@click.option("--humans-as-peers", is_flag=True, help="Score each reference against the other M-1 and every system "
              "against each M-1 subset (the release's jackknife; implies --references jackknife).")
@click.option("--measure", "measures", multiple=True, type=click.Choice(list(MEASURES) + ["all"]),
              help="Measure(s) correlated (default recall).")
@click.option("--level", "levels", multiple=True, type=click.Choice(["system", "summary"]), help="Default both.")
@click.option("--coefficient", "coefficients", multiple=True, type=click.Choice(CORRELATIONS),
              help="Default all three.")
@click.option("--resamples", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Bootstrap resamples and permutations.")
@click.option("--confidence", type=FiniteRange(0, 100, min_open=True, max_open=True), default=95.0,
              show_default=True)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--resample", type=click.Choice(["both", "systems", "documents"]), default="both", show_default=True)
@click.option("--correction", type=click.Choice(CORRECTIONS), default="holm", show_default=True,
              help="Adjustment over each column's comparisons with its best variant.")
@click.option("--alpha", type=FiniteRange(0, 1, min_open=True, max_open=True), default=0.05, show_default=True)
@click.option("--test", "decide_by", type=click.Choice(["permutation", "bootstrap"]), default="permutation",
              show_default=True, help="The test whose adjusted p decides 'not significantly worse'.")
@click.option("-e", "--data-dir", help="ROUGE's data directory (stopwords, WordNet exceptions), as -e.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", help="Write here instead of stdout.")
@click.option("--json", "json_path", help="Also write the JSON (every number) here.")
@click.option("--html", "html_path", help="Also write the HTML page here.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: the CPUs); the same "
              "numbers for any N.")
@click.option("--quiet", is_flag=True, help="No progress bar (it shows on a terminal's stderr after ~2 s).")
@click.option("--check", is_flag=True, help="Report the input's protocol problems on stderr first (rouge155-doctor).")
@guarded
def meta_main(input_path, human, file_list, system_column, document_column, columns, id_key, system_key, summary_key,
              references_key, variants, conditions, references, limits, humans_as_peers, measures, levels,
              coefficients, resamples, confidence, seed, resample, correction, alpha, decide_by, data_dir, fmt,
              output, json_path, html_path, jobs, quiet, check):
    """Correlate ROUGE variants x conditions x reference settings with human judgments (Lin, NTCIR-4 2004:
    "Looking for a Few Good Metrics"), scoring each text once; mark each column's best variant and those
    not significantly worse than it."""
    from ..meta import (NTCIR4_CONDITIONS, NTCIR4_VARIANTS, GridSpec, parse_condition, parse_reference_setting,
                       parse_variants)
    from ..meta.report import to_json, to_text
    from ..meta.run import fitting_references, grid_work, run_grid

    check_outputs({"-o/--output": output or "-", "--json": json_path, "--html": html_path}, [input_path, human])
    judged = _judged(input_path, human, file_list, system_column, document_column, list(columns),
                     {"id": id_key, "system": system_key, "summary": summary_key, "references": references_key})
    if check:
        _check(judged, input_path, file_list)
    given = list(conditions) or [f"{label}={flags}" for label, flags in NTCIR4_CONDITIONS]
    refs = _split(references) or (["jackknife"] if humans_as_peers else ["all", "jackknife"])
    measure_list = list(MEASURES) if "all" in measures else list(dict.fromkeys(measures)) or ["recall"]
    settings = [parse_reference_setting(r) for r in refs]
    if not _split(references) and not humans_as_peers:  # the default: the settings the data has enough for
        settings, notes = fitting_references(judged, settings)
        for note in notes:
            click.echo(f"rouge155-meta: note: {note}", err=True)
    spec = GridSpec(variants=parse_variants(_split(variants) or NTCIR4_VARIANTS),
                    conditions=_with_limits([parse_condition(c) for c in given], limits),
                    references=settings, humans_as_peers=humans_as_peers,
                    measures=tuple(measure_list), levels=tuple(levels) or ("system", "summary"),
                    coefficients=tuple(coefficients) or CORRELATIONS, resamples=resamples, confidence=confidence,
                    seed=seed, resample=resample, correction=correction, alpha=alpha, decide_by=decide_by)
    spec.check()
    bar = _progress(dict(zip(("scoring", "statistics"), grid_work(judged, spec))), quiet)
    try:
        grid = run_grid(judged, spec, data_dir, jobs or os.cpu_count() or 1, bar)
    finally:
        if bar is not None:
            bar.close()
    if json_path:
        write_output(to_json(grid), json_path)
    if html_path:
        from ..meta.page import to_html

        write_output(to_html(grid), html_path)
    if fmt == "json":
        write_output(to_json(grid), output)
    elif fmt == "html":
        from ..meta.page import to_html

        write_output(to_html(grid), output)
    else:
        write_output(to_text(grid), output)


def _check(judged, input_path: str, file_list: Optional[str]) -> None:
    """``--check``: rouge155-doctor's report on the judged texts, on stderr."""
    from ..base.options import Options
    from .doctor import check_extras, check_report

    judged_data = input_path.endswith((".jsonl", ".ndjson", ".json", ".csv", ".tsv"))
    config_path = None if judged_data or file_list else input_path
    extras = check_extras(jsonl=input_path if judged_data else None)
    click.echo(check_report(judged.config, judged.source, list(judged.human.systems), Options(), extras,
                            "rouge155-meta", config_path), err=True, nl=False)


def main() -> None:
    raise SystemExit(meta_main.main(prog_name="rouge155-meta"))
