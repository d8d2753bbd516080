"""Console scripts: ``rouge155-report``, ``rouge155-compare``, ``rouge155-correlate``.

Each reads ``rouge155 --format json`` results (several files are combined: systems scored in separate
runs on the same evaluations). Errors are one line on stderr and exit status 2 (usage) or 1.
"""
from __future__ import annotations

import os

from typing import List, Optional, Sequence, Tuple, Union

import click

from ..base.errors import RougeError
from .commands import FiniteRange, OneLineCommand, check_outputs, guarded, write_output
from ..analysis.results import MEASURES, Run, combine, load_run, read_json_object
from ..analysis.stats import CORRECTIONS, CORRELATIONS


_write = write_output  # rouge155-audit's --output (rouge155/cli/audit.py)


def _runs(paths: Sequence[str]) -> Run:
    return combine([load_run(p) for p in paths])


def _load_json(path: str) -> dict:
    return read_json_object(path, "the JSON this tool expects")


def _split(values: Sequence[str]) -> List[str]:
    return [v.strip() for item in values for v in item.split(",") if v.strip()]


_CONTEXT = {"help_option_names": ["-h", "--help"]}
_measure_choice = click.Choice(list(MEASURES) + ["all"])


def _measures(values: Sequence[str], default: Sequence[str]) -> List[str]:
    got = list(values) or list(default)
    return list(MEASURES) if "all" in got else list(dict.fromkeys(got))


def _decision_options(correction: str, family: str) -> list:
    """--correction, --alpha, --test: how a p-value becomes a verdict (compare: pairs; correlate: differences)."""
    return [
        click.option("--correction", type=click.Choice(CORRECTIONS), default=correction, show_default=True,
                     help=f"Adjustment of p-values over {family}."),
        click.option("--alpha", type=FiniteRange(0, 1, min_open=True, max_open=True), default=0.05,
                     show_default=True, help="Significance level of the verdicts."),
        click.option("--test", "decide_by", type=click.Choice(["permutation", "bootstrap"]), default="permutation",
                     show_default=True, help="Which test's adjusted p-value decides the verdict."),
    ]


def _test_options(f):
    for deco in reversed([
        click.option("--measure", "measure", multiple=True, type=_measure_choice,
                     help="Measure(s) to test (repeatable; default f_score; 'all' for R, P and F)."),
        click.option("--metric", multiple=True, help="Metric(s) to test, e.g. ROUGE-2 (repeatable; default all)."),
        click.option("--system", multiple=True, help="System(s) to compare (repeatable; default all)."),
        click.option("--resamples", type=click.IntRange(min=1), default=1000, show_default=True,
                     help="Bootstrap resamples and random sign patterns."),
        click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
                     help="Seed of the random draws (a whole number, 0 or more)."),
        *_decision_options("bonferroni", "the pairs of each metric"),
    ]):
        f = deco(f)
    return f


def _run_compare(run: Run, metric, measure, system, resamples, seed, correction, alpha, decide_by):
    from ..analysis.compare import compare

    return compare(run, metrics=list(metric) or None, measures=_measures(measure, ["f_score"]),
                   systems=list(system) or None, resamples=resamples, seed=seed, correction=correction,
                   alpha=alpha, decide_by=decide_by, confidence=float(run.confidence))


@click.command(cls=OneLineCommand, context_settings=_CONTEXT)
@click.argument("results", nargs=-1, required=True)
@click.option("-o", "--output", help="Write here instead of stdout.")
@click.option("--compare", "compare_json", help="Add the paired tests of this rouge155-compare --format json file.")
@click.option("--significance", is_flag=True,
              help="Compute paired tests now (options of rouge155-compare) and add them.")
@click.option("--correlation", "correlation_json", help="Add the correlations of this rouge155-correlate --format "
              "json file.")
@click.option("--title", help="The page's title (default: rouge155 report: the RESULTS files' names).")
@_test_options
@guarded
def report_main(results, output, compare_json, significance, correlation_json, title, **test_opts):
    """Write the HTML report of rouge155 --format json RESULTS (one page; no network needed to view it)."""
    from ..analysis.compare import comparison_from_document
    from ..analysis.correlate import correlation_from_document
    from ..analysis.html_report import render_html

    check_outputs({"-o/--output": output}, [*results, compare_json, correlation_json])
    run = _runs(results)
    comparison = correlation = None
    if compare_json:
        comparison = comparison_from_document(_load_json(compare_json), compare_json)
    elif significance:
        comparison = _run_compare(run, **test_opts)
    if correlation_json:
        correlation = correlation_from_document(_load_json(correlation_json), correlation_json)
    title = title or "rouge155 report: " + ", ".join(os.path.basename(p) for p in results)
    write_output(render_html(run, comparison, correlation, title), output)


@click.command(cls=OneLineCommand, context_settings=_CONTEXT)
@click.argument("results", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", help="Write here instead of stdout.")
@_test_options
@guarded
def compare_main(results, fmt, output, **test_opts):
    """Paired significance tests between the systems of rouge155 --format json RESULTS.

    For each metric, measure and pair of systems, on the evaluations both have: the mean difference,
    its bootstrap interval, a paired permutation (sign-flip) test and a paired bootstrap test,
    p-values adjusted over the pairs (Bonferroni unless --correction).
    """
    check_outputs({"-o/--output": output}, results)
    run = _runs(results)
    comparison = _run_compare(run, **test_opts)
    if fmt == "json":
        write_output(comparison.to_json(), output)
    elif fmt == "html":
        from ..analysis.html_report import render_html

        write_output(render_html(run, comparison), output)
    else:
        write_output(comparison.to_text(), output)


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


def _per_document_path(_ctx, _param, value):  # a click callback
    if value is not None and not value.lower().endswith((".csv", ".json")):
        raise click.BadParameter(f"{value!r}: name a .csv or .json file (the format follows the extension)")
    return value


def _correlate_options(f):
    for deco in reversed([
        click.option("--human", help="Human scores: CSV/TSV or JSONL with system, document and score columns."),
        click.option("--system-column", default="system", show_default=True),
        click.option("--document-column", default="document", show_default=True,
                     help="Matches the ROUGE evaluation IDs."),
        click.option("--column", multiple=True, help="Human score column(s) to use (default: all the others)."),
        click.option("--metric", multiple=True, help="ROUGE metric(s) (repeatable; default all)."),
        click.option("--measure", multiple=True, type=_measure_choice, help="Measure(s) (default all three)."),
        click.option("--level", multiple=True, type=click.Choice(["system", "summary"]), help="Default both."),
        click.option("--coefficient", multiple=True, type=click.Choice(CORRELATIONS), help="Default all three."),
        click.option("--resamples", type=click.IntRange(min=1), default=1000, show_default=True),
        click.option("--confidence", type=FiniteRange(0, 100, min_open=True, max_open=True), default=95.0,
                     show_default=True),
        click.option("--resample", type=click.Choice(["both", "systems", "documents"]), default="both",
                     show_default=True, help="What the bootstrap (and the permutation test) resamples."),
        click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
                     help="Seed of the random draws (a whole number, 0 or more)."),
        click.option("--sample-size", multiple=True,
                     help="Also correlate on random subsets of N documents (e.g. 10,50)."),
        click.option("--summary-filter-p", type=FiniteRange(0, 1, min_open=True),
                     help="Summary level: average only the documents whose correlation has p <= this (REALSumm's "
                     "analysis uses 0.05)."),
        click.option("--per-document", callback=_per_document_path,
                     help="Write every document's correlation and p-value here (.csv or .json)."),
        click.option("--variant", "variants", multiple=True, metavar="NAME=FILE[,FILE]",
                     help="RESULTS of one ROUGE variant under a name (repeatable): one table, shared resamples."),
        click.option("--compare-metrics", nargs=2, multiple=True, metavar="A B",
                     help="Test corr(A) = corr(B) (PERM and BOOT, paired); A, B: [VARIANT::]METRIC[:R|P|F]."),
        click.option("--against-best", is_flag=True,
                     help="Test every metric against each column's best (one-sided), p adjusted by --correction."),
        *_decision_options("holm", "each column's difference tests"),
        click.option("--merge", is_flag=True,
                     help="RESULTS are rouge155-correlate --format json outputs: join them into one table."),
        click.option("--config", help="Score this ROUGE config here (instead of RESULTS), with --rouge-args; "
                     "needed for the variables below."),
        click.option("--rouge-args", default="", help="ROUGE-1.5.5 flags for --config, e.g. '-n 2 -2 4 -u -m' "
                     "('-e DIR', '-z SPL' too)."),
        click.option("--stem", type=click.Choice(["on", "off", "both"]), help="With --config: -m on, off or both."),
        click.option("--stopwords", type=click.Choice(["on", "off", "both"]),
                     help="With --config: -s on, off or both."),
        click.option("--references", "refs", multiple=True, help="With --config: number(s) of references k (every "
                     "subset of k, scores averaged), or 'jackknife' (M-1 of M)."),
        click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text",
                     show_default=True),
        click.option("-o", "--output", help="Write here instead of stdout."),
    ]):
        f = deco(f)
    return f


@click.command(cls=OneLineCommand, context_settings=_CONTEXT)
@click.argument("results", nargs=-1)
@_correlate_options
@guarded
def correlate_main(results, human, fmt, output, merge, per_document, **opts):
    """Correlation of ROUGE variants with human scores (system and summary level; Pearson, Spearman,
    Kendall; bootstrap intervals; per-document p-values; paired tests of the difference between two
    metrics' correlations), on rouge155 --format json RESULTS or on --config scored here."""
    variant_files = [f for item in opts["variants"] for f in _split([item.partition("=")[2]])]
    check_outputs({"-o/--output": output or "-", "--per-document": per_document},
                  [*results, human, opts["config"], *variant_files])
    if merge:
        corr, run = _merged(results, human, per_document, opts), None
    else:
        if not human:
            raise click.UsageError("--human is needed (or --merge to join correlate outputs)")
        corr, run = _correlation(results, human, per_document is not None, opts)
    if per_document:
        write_output(corr.per_document_json() if per_document.lower().endswith(".json") else corr.per_document_csv(),
               per_document)
    if fmt == "json":
        write_output(corr.to_json(), output)
    elif fmt == "html":
        from ..analysis.html_report import render_html

        write_output(render_html(run, None, corr), output)
    else:
        write_output(corr.to_text(), output)


def _merged(results, human, per_document, opts):
    """--merge: the RESULTS are correlate JSON outputs, each named by its file name."""
    from pathlib import Path

    from ..analysis.correlate import correlation_from_document, merge_correlations

    if not results:
        raise click.UsageError("--merge needs the rouge155-correlate --format json files to join")
    if human or per_document or opts["variants"] or opts["config"]:
        raise click.UsageError("--merge joins finished correlate outputs: --human, --per-document, --variant and "
                               "--config do not apply")
    stems = [Path(r).stem for r in results]
    names = stems if len(set(stems)) == len(stems) else list(results)
    return merge_correlations([(name, correlation_from_document(_load_json(path), path))
                               for name, path in zip(names, results)])


def _variant_runs(variants: Sequence[str]):
    runs = {}
    for item in variants:
        name, sep, files = item.partition("=")
        if not sep or not name.strip() or not files.strip():
            raise click.UsageError(f"--variant {item!r}: give NAME=FILE[,FILE...]")
        if name.strip() in runs:
            raise click.UsageError(f"--variant: the name {name.strip()!r} is given twice")
        runs[name.strip()] = _runs(_split([files]))
    return runs


def _correlation(results, human_path, per_document: bool, opts):
    from ..analysis.correlate import correlate, load_human_scores

    scores = load_human_scores(human_path, opts["system_column"], opts["document_column"], list(opts["column"]) or None)
    notes: List[str] = []
    if opts["config"]:
        if results or opts["variants"]:
            raise RougeError("give RESULTS (or --variant) or --config, not both")
        runs, notes = _rerun(opts["config"], opts["rouge_args"], scores.systems, _onoff(opts["stem"]),
                             _onoff(opts["stopwords"]), opts["refs"])
    else:
        if opts["stem"] or opts["stopwords"] or opts["refs"]:
            raise RougeError("--stem, --stopwords and --references re-run ROUGE: they need --config")
        if results and opts["variants"]:
            raise click.UsageError("give RESULTS or --variant NAME=FILE, not both")
        if not (results or opts["variants"]):
            raise RougeError("give rouge155 --format json RESULTS, or --config CONFIG to score here")
        runs = _variant_runs(opts["variants"]) if opts["variants"] else {"": _runs(results)}
    measures = _measures(opts["measure"], MEASURES)
    corr = correlate(runs, scores, metrics=list(opts["metric"]) or None, measures=measures,
                     levels=list(opts["level"]) or ("system", "summary"),
                     coefficients=list(opts["coefficient"]) or CORRELATIONS, resamples=opts["resamples"],
                     confidence=opts["confidence"], seed=opts["seed"], resample=opts["resample"],
                     sample_sizes=_int_list(opts["sample_size"], "--sample-size"),
                     summary_filter_p=opts["summary_filter_p"], per_document=per_document,
                     compare_pairs=_metric_pairs(opts["compare_metrics"], runs, measures),
                     against_best=opts["against_best"], correction=opts["correction"], alpha=opts["alpha"],
                     decide_by=opts["decide_by"])
    corr.notes.extend(notes)
    run = next(iter(runs.values())) if len(runs) == 1 and not opts["config"] else None
    return corr, run


def _metric_key(spec: str, runs, measures: Sequence[str]) -> List[tuple]:
    """``[VARIANT::]METRIC[:R|P|F]`` as (variant, metric, measure) keys (every measure given when none)."""
    from ..analysis.results import MEASURE_LABEL

    variant, sep, rest = spec.rpartition("::")
    labels = [label or "-" for label in runs]
    if not sep:
        if len(labels) > 1:
            raise click.UsageError(f"--compare-metrics {spec!r}: name the variant, VARIANT::METRIC "
                                   f"(variants: {', '.join(labels)})")
        variant = labels[0]
    elif variant not in labels:
        raise click.UsageError(f"--compare-metrics {spec!r}: no variant {variant!r} (variants: {', '.join(labels)})")
    by_name = {**{v: k for k, v in MEASURE_LABEL.items()}, **{m: m for m in MEASURES}}
    metric, colon, measure = rest.rpartition(":")
    if colon and measure in by_name:
        return [(variant, metric, by_name[measure])]
    return [(variant, rest, m) for m in measures]


def _metric_pairs(specs, runs, measures):
    pairs: List[Tuple[tuple, tuple]] = []
    for a, b in specs:
        ka, kb = _metric_key(a, runs, measures), _metric_key(b, runs, measures)
        if len(ka) != len(kb):
            raise click.UsageError(f"--compare-metrics {a} {b}: give both a measure or neither")
        pairs.extend(zip(ka, kb))
    return pairs


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
    data_arg = parsed.flags.get("e")
    data_dir = data_arg if isinstance(data_arg, str) else None
    z = parsed.flags.get("z")
    cfg = read_file_list(config_path, z, "X") if isinstance(z, str) else read_xml_config(config_path)
    for s in systems:
        if s not in cfg.peer_ids:
            raise RougeError(f"human scores name system {s}, which is not in {config_path} "
                             f"(it has {', '.join(cfg.peer_ids)})")
    references: List[Union[int, str]] = []
    for r in _split(refs):
        if r == "jackknife":
            references.append(r)
        else:
            k = _int_list([r], "--references")[0]
            if k < 1:
                raise RougeError("--references: k must be at least 1")
            references.append(k)
    return rerun_variants(cfg, options, systems, stems, stops, references, data_dir)
