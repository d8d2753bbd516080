"""``rouge155 --semantics NAME``: the input scored as another implementation scores it (rouge-score,
torchmetrics, the ``rouge`` package, py-rouge), every pair and the corpus, in ``--format json|csv``.

The Perl flags map onto the implementation's options (:mod:`rouge155.semantics.setup`), and
``--language CODE`` onto its language setting where it has one (XL-Sum's ``lang=``); one that has no
counterpart there is refused in one line. The text report is the Perl's and exists only for ``perl``.
"""
from __future__ import annotations

from typing import Callable, List, Mapping, Optional, Tuple

from ..base.errors import RougeError

# rouge155's own long options that change how the Perl's semantics reads text: no other has them (--language
# is an implementation's own where it has a language setting: its record's counterparts)
_PERL_ONLY = (("unicode", "--unicode"), ("char_level", "--char-level"),
              ("write_token_ids", "--write-token-ids"), ("synonyms", "--synonyms"), ("topic", "--topic"),
              ("topic_uniq", "--topic-uniq"), ("dask", "--dask"))


def check_request(extras) -> None:
    """Refuse, before any input is read, what ``--semantics NAME`` cannot do (one line)."""
    name = extras.semantics
    if extras.output_format not in ("json", "csv"):
        raise RougeError(f"--semantics {name}: --format {extras.output_format} is the Perl's report; give --format "
                         "json or --format csv (every pair and the corpus scores)")
    given = [option for dest, option in _PERL_ONLY if getattr(extras, dest) not in (None, False)]
    if extras.language is not None:
        from ..semantics import get, names

        if name in names() and "language" not in get(name).counterparts:
            given.insert(0, "--language")
    if given:
        raise RougeError(f"--semantics {name} has no counterpart for {', '.join(given)}: leave "
                         f"{'it' if len(given) == 1 else 'them'} out")


def prepared(job, flags: Mapping[str, object], extras):
    """(setup, each system's (IDs, predictions, references), reference counts), nothing scored yet."""
    from ..audit.inputs import config_pairs
    from ..semantics.setup import setup_from_flags

    per_system = {system: config_pairs(job.config, job.source, system) for system in job.systems}
    counts = [len(refs) for _ids, _p, references in per_system.values() for refs in references]
    given = [letter for letter, value in flags.items() if value is not None]
    setup = setup_from_flags(extras.semantics, job.options, given, max(counts), extras.seed, language=extras.language)
    return setup, per_system, counts


def scored(setup, per_system, labels: Optional[Mapping[str, str]] = None) -> list:
    """Every system's pairs scored under ``setup``: :class:`~rouge155.output.semantics.SemanticsResult` s
    (``labels``: the names the evaluations are shown under; directory mode: file names)."""
    from ..output.semantics import MEASURES, SemanticsResult
    from ..semantics.base import MissingDependency

    results: List[SemanticsResult] = []
    for system, (ids, predictions, references) in per_system.items():
        try:
            values = setup.score(predictions, references)
            corpus = setup.corpus(values, [f"{i}.{system}" for i in ids])
        except MissingDependency as exc:
            raise RougeError(f"--semantics {setup.semantics}: {exc}") from None
        except (ValueError, OverflowError) as exc:  # its own refusal (the rouge package: empty texts; py-rouge: -w 50)
            raise RougeError(f"--semantics {setup.semantics}: {exc}") from None
        for metric, v in values.items():
            c = corpus[metric]
            bounds: Tuple[Optional[dict], Optional[dict]] = (None, None)
            if c.low is not None and c.high is not None:
                bounds = (dict(zip(MEASURES, c.low)), dict(zip(MEASURES, c.high)))
            pairs = {"precision": v.precision, "recall": v.recall, "fmeasure": v.fmeasure, "hits": v.hits,
                     "reference_count": v.model_count, "prediction_count": v.peer_count}
            shown = [labels.get(i, i) for i in ids] if labels else ids
            results.append(SemanticsResult(system, metric, shown, pairs, {"precision": c.precision, "recall": c.recall,
                                                                        "fmeasure": c.fmeasure}, *bounds))
    return results


def write_results(job, flags: Mapping[str, object], extras, warnings: List[str], out, expected=None,
                  err=None, notes: Optional[Callable[[], None]] = None) -> None:
    """Score and write ``--format json|csv`` under ``extras.semantics``; ``expected``: the
    ``--signature-check`` signature, checked before scoring. A note on how the references are combined
    (rouge-score's best F where -f A asks an average) goes to ``err`` and into the JSON's warnings;
    ``--cite``'s sentence into the JSON, or on ``err`` with csv. ``notes``: called once the run is accepted
    (rouge155's notes on the input)."""
    from .. import __version__
    from ..output.semantics import semantics_csv, semantics_json
    from ..output.signature import sentence_splitting
    from .main import citation_line, refuse_differences
    from .plain_text import sentence_rule

    setup, per_system, counts = prepared(job, flags, extras)
    spec = setup.implementation
    signature = spec.signature(setup, counts, sentence_splitting(*sentence_rule(extras)))
    refuse_differences(expected, signature)
    if notes is not None:
        notes()
    for note in setup.notes:
        warnings.append(f"--semantics {setup.semantics}: {note}")
        if err is not None:
            err.write(warnings[-1] + "\n")
    results, line = scored(setup, per_system, job.config.labels()), str(signature)
    cite = citation_line(extras, line)
    if extras.output_format == "csv":
        out.write(semantics_csv(results, line))
        if cite is not None and err is not None:
            err.write(cite + "\n")
        return
    rules = {kind: {"name": rule.name, "description": rule.description} for kind, rule in spec.rules().items()}
    out.write(semantics_json(setup.semantics, spec.reproduces, setup.settings(), rules, results, warnings,
                             __version__, line, cite))
