"""Console scripts: ``rouge155-report``, ``rouge155-compare``, ``rouge155-correlate``.

Each reads ``rouge155 --format json`` results (several files are combined: systems scored in separate
runs on the same evaluations). Errors are one line on stderr and exit status 2 (usage) or 1.
"""
from __future__ import annotations

import os
import sys
from typing import List, Optional, Sequence

import click

from ..base.errors import RougeError
from ..analysis.results import MEASURES, Run, combine, load_run, read_json_object
from ..analysis.stats import CORRECTIONS, CORRELATIONS


def _runs(paths: Sequence[str]) -> Run:
    return combine([load_run(p) for p in paths])


def _write(text: str, output: Optional[str]) -> None:
    if output in (None, "-"):
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise RougeError(f"cannot write {output}: {exc.strerror or exc}") from None


def _load_json(path: str) -> dict:
    return read_json_object(path, "the JSON this tool expects")


def _split(values: Sequence[str]) -> List[str]:
    return [v.strip() for item in values for v in item.split(",") if v.strip()]


def _guarded(fn):
    """Run a command body: a RougeError becomes one line on stderr and status 1."""
    def wrapper(*args, **kwargs):
        name = click.get_current_context().info_name
        try:
            return fn(*args, **kwargs)
        except RougeError as exc:
            click.echo(f"{name}: {exc}", err=True)
            sys.exit(1)
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
        except Exception as exc:  # a bug of ours: still one line, never a traceback
            click.echo(f"{name}: internal error: {type(exc).__name__}: {exc} (please report this)", err=True)
            sys.exit(70)
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


_measure_choice = click.Choice(list(MEASURES) + ["all"])


def _measures(values: Sequence[str], default: Sequence[str]) -> List[str]:
    got = list(values) or list(default)
    return list(MEASURES) if "all" in got else list(dict.fromkeys(got))


def _test_options(f):
    for deco in reversed([
        click.option("--measure", "measure", multiple=True, type=_measure_choice,
                     help="Measure(s) to test (repeatable; default f_score; 'all' for R, P and F)."),
        click.option("--metric", multiple=True, help="Metric(s) to test, e.g. ROUGE-2 (repeatable; default all)."),
        click.option("--system", multiple=True, help="System(s) to compare (repeatable; default all)."),
        click.option("--resamples", type=click.IntRange(min=1), default=1000, show_default=True,
                     help="Bootstrap resamples and random sign patterns."),
        click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random draws."),
        click.option("--correction", type=click.Choice(CORRECTIONS), default="bonferroni", show_default=True,
                     help="Adjustment of p-values over the pairs of each metric."),
        click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True), default=0.05,
                     show_default=True, help="Significance level of the verdicts."),
        click.option("--test", "decide_by", type=click.Choice(["permutation", "bootstrap"]), default="permutation",
                     show_default=True, help="Which test's adjusted p-value decides the verdict."),
    ]):
        f = deco(f)
    return f


def _run_compare(run: Run, metric, measure, system, resamples, seed, correction, alpha, decide_by):
    from ..analysis.compare import compare

    return compare(run, metrics=list(metric) or None, measures=_measures(measure, ["f_score"]),
                   systems=list(system) or None, resamples=resamples, seed=seed, correction=correction,
                   alpha=alpha, decide_by=decide_by, confidence=float(run.confidence))


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("results", nargs=-1, required=True)
@click.option("-o", "--output", help="Write here instead of stdout.")
@click.option("--compare", "compare_json", help="Add the paired tests of this rouge155-compare --format json file.")
@click.option("--significance", is_flag=True, help="Compute paired tests now (options of rouge155-compare) and add them.")
@click.option("--correlation", "correlation_json", help="Add the correlations of this rouge155-correlate --format "
              "json file.")
@click.option("--title", default="rouge155 report", show_default=True)
@_test_options
@_guarded
def report_main(results, output, compare_json, significance, correlation_json, title, **test_opts):
    """Write the HTML report of rouge155 --format json RESULTS (one page; no network needed to view it)."""
    from ..analysis.compare import comparison_from_document
    from ..analysis.correlate import correlation_from_document
    from ..analysis.html import render_html

    run = _runs(results)
    comparison = correlation = None
    if compare_json:
        comparison = comparison_from_document(_load_json(compare_json), compare_json)
    elif significance:
        comparison = _run_compare(run, **test_opts)
    if correlation_json:
        correlation = correlation_from_document(_load_json(correlation_json), correlation_json)
    _write(render_html(run, comparison, correlation, title), output)


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("results", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", help="Write here instead of stdout.")
@_test_options
@_guarded
def compare_main(results, fmt, output, **test_opts):
    """Paired significance tests between the systems of rouge155 --format json RESULTS.

    For each metric, measure and pair of systems, on the evaluations both have: the mean difference,
    its bootstrap interval, a paired permutation (sign-flip) test and a paired bootstrap test,
    p-values adjusted over the pairs (Bonferroni unless --correction).
    """
    run = _runs(results)
    comparison = _run_compare(run, **test_opts)
    if fmt == "json":
        _write(comparison.to_json(), output)
    elif fmt == "html":
        from ..analysis.html import render_html

        _write(render_html(run, comparison), output)
    else:
        _write(comparison.to_text(), output)


def _int_list(values: Sequence[str], what: str) -> List[int]:
    out = []
    for v in _split(values):
        try:
            out.append(int(v))
        except ValueError:
            raise RougeError(f"{what}: {v!r} is not a whole number") from None
    return out


def _onoff(value: Optional[str]) -> List[bool]:
    return {None: [], "on": [True], "off": [False], "both": [False, True]}[value]


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("results", nargs=-1)
@click.option("--human", required=True, help="Human scores: CSV/TSV or JSONL with system, document and score columns.")
@click.option("--system-column", default="system", show_default=True)
@click.option("--document-column", default="document", show_default=True, help="Matches the ROUGE evaluation IDs.")
@click.option("--column", multiple=True, help="Human score column(s) to use (default: all the others).")
@click.option("--metric", multiple=True, help="ROUGE metric(s) (repeatable; default all).")
@click.option("--measure", multiple=True, type=_measure_choice, help="Measure(s) (default all three).")
@click.option("--level", multiple=True, type=click.Choice(["system", "summary"]), help="Default both.")
@click.option("--coefficient", multiple=True, type=click.Choice(CORRELATIONS), help="Default all three.")
@click.option("--resamples", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--confidence", type=click.FloatRange(0, 100, min_open=True, max_open=True), default=95.0,
              show_default=True)
@click.option("--resample", type=click.Choice(["both", "systems", "documents"]), default="both", show_default=True,
              help="What the bootstrap resamples.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--sample-size", multiple=True, help="Also correlate on random subsets of N documents (e.g. 10,50).")
@click.option("--config", help="Score this ROUGE config here (instead of RESULTS), with --rouge-args; needed for "
              "the variables below.")
@click.option("--rouge-args", default="", help="ROUGE-1.5.5 flags for --config, e.g. '-n 2 -2 4 -u -m' ('-e DIR', "
              "'-z SPL' too).")
@click.option("--stem", type=click.Choice(["on", "off", "both"]), help="With --config: -m on, off or both.")
@click.option("--stopwords", type=click.Choice(["on", "off", "both"]), help="With --config: -s on, off or both.")
@click.option("--references", "refs", multiple=True, help="With --config: number(s) of references k (every subset "
              "of k, scores averaged), or 'jackknife' (M-1 of M).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", help="Write here instead of stdout.")
@_guarded
def correlate_main(results, human, system_column, document_column, column, metric, measure, level, coefficient,
                   resamples, confidence, resample, seed, sample_size, config, rouge_args, stem, stopwords, refs, fmt,
                   output):
    """Correlation of ROUGE variants with human scores (system and summary level; Pearson, Spearman,
    Kendall; bootstrap intervals), on rouge155 --format json RESULTS or on --config scored here."""
    from ..analysis.correlate import correlate, load_human_scores

    scores = load_human_scores(human, system_column, document_column, list(column) or None)
    notes: List[str] = []
    if config:
        if results:
            raise RougeError("give RESULTS or --config, not both")
        runs, notes = _rerun(config, rouge_args, scores.systems, _onoff(stem), _onoff(stopwords), refs)
    else:
        if not results:
            raise RougeError("give rouge155 --format json RESULTS, or --config CONFIG to score here")
        if stem or stopwords or refs:
            raise RougeError("--stem, --stopwords and --references re-run ROUGE: they need --config")
        runs = {"": _runs(results)}
    corr = correlate(runs, scores, metrics=list(metric) or None, measures=_measures(measure, MEASURES),
                     levels=list(level) or ("system", "summary"), coefficients=list(coefficient) or CORRELATIONS,
                     resamples=resamples, confidence=confidence, seed=seed, resample=resample,
                     sample_sizes=_int_list(sample_size, "--sample-size"))
    corr.notes.extend(notes)
    if fmt == "json":
        _write(corr.to_json(), output)
    elif fmt == "html":
        from ..analysis.html import render_html

        run = next(iter(runs.values())) if not config else None
        _write(render_html(run, None, corr), output)
    else:
        _write(corr.to_text(), output)


def _rerun(config_path, rouge_args, systems, stems, stops, refs):
    """Score the config through the API for each variant (the Perl flags parsed as rouge155 parses them)."""
    import shlex

    from ..base.flags import getopts, options_from_flags
    from ..inputs.config import read_file_list, read_xml_config
    from ..analysis.correlate import rerun_variants

    try:
        argv = shlex.split(rouge_args)
    except ValueError as exc:
        raise RougeError(f"--rouge-args: {exc}") from None
    parsed = getopts(argv)  # the Perl flags alone: no long option is one of them
    if parsed.refused is not None:
        raise RougeError(f"--rouge-args: {parsed.refused} (ROUGE-1.5.5 flags only; the config goes with --config)")
    if parsed.unknown or parsed.positional:
        bad = (["-" + u for u in parsed.unknown] + parsed.positional)[0]
        raise RougeError(f"--rouge-args: {bad!r} is not a ROUGE-1.5.5 flag here (give the config with --config)")
    options = options_from_flags(parsed.flags)
    options.check()
    data_dir = parsed.flags.get("e") if isinstance(parsed.flags.get("e"), str) else None
    z = parsed.flags.get("z")
    cfg = read_file_list(config_path, z, "X") if isinstance(z, str) else read_xml_config(config_path)
    for s in systems:
        if s not in cfg.peer_ids:
            raise RougeError(f"human scores name system {s}, which is not in {config_path} "
                             f"(it has {', '.join(cfg.peer_ids)})")
    references = []
    for r in _split(refs):
        if r == "jackknife":
            references.append(r)
        else:
            k = _int_list([r], "--references")[0]
            if k < 1:
                raise RougeError("--references: k must be at least 1")
            references.append(k)
    return rerun_variants(cfg, options, systems, stems, stops, references, data_dir)
