"""The audit: one set of pairs scored under every semantics, each compared with the Perl's, each
difference put on the rules that make it (:mod:`.attribution`), and the pairs that differ most.

Rows: ROUGE-1 .. ROUGE-N, ROUGE-L (each implementation's metric of that name: rouge-score's and
torchmetrics' ``rougeL`` is one LCS over the whole texts, the ``rouge`` package's and py-rouge's
``rouge-l`` is summary-level like the Perl's) and ROUGE-Lsum (rouge-score's and torchmetrics'
``rougeLsum``, the summary-level one). The Perl's number on every row is its ROUGE-N or ROUGE-L.
Every implementation's numbers are its own (the registry's, float for float); the attribution re-scores
with the rule model (:mod:`.rescore`), whose own recipe of an implementation gives exactly its numbers
(``model_gap`` says by how much it does not, 0 when it does).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

import numpy as np

from ..base.errors import OptionError
from ..base.options import Options
from ..engine.pairs import PairScores
from ..metrics.names import LCS_TAG, ngram_tag
from ..semantics import PERL, get, others
from ..semantics.base import MissingDependency
from ..semantics.setup import DEFAULT_SEED, CorpusScore, Setup, flag_orders, reference_policy
from . import rules
from .attribution import Attribution, attribute
from .rescore import Rescorer

# The Perl flags the audit reads (-z: a file list's format; -d, -v: more output in the Perl, no number);
# the others change numbers in ways most implementations cannot follow.
AUDIT_FLAGS = ("m", "n", "f", "x", "z", "d", "v")
DEFAULT_NGRAM = 2
# Per-pair differences up to this are the Perl's rounding of each pair's P and R to 5 places and of the F
# computed from them (about 1.5e-5 at most): not shown among the pairs that differ most.
ROUNDING = 5e-5


@dataclass(frozen=True)
class AuditedPairs:
    """The outputs audited: per pair an ID, the prediction and its references (text, sentences on lines)."""

    ids: Tuple[str, ...]
    predictions: Tuple[str, ...]
    references: Tuple[Tuple[str, ...], ...]
    system: str = "1"
    source: str = ""

    @property
    def keys(self) -> List[str]:
        """The instances' names as the Perl keys them (``EVAL.SYSTEM``: its bootstrap's order)."""
        return [f"{i}.{self.system}" for i in self.ids]

    @property
    def most_references(self) -> int:
        return max((len(r) for r in self.references), default=0)


@dataclass(frozen=True)
class Row:
    """One metric row: ROUGE-``order`` or an LCS (``lcs``: ``"L"`` or ``"Lsum"``)."""

    name: str
    order: Optional[int] = None
    lcs: Optional[str] = None


@dataclass(frozen=True)
class PairDifference:
    """One pair where an implementation's F differs from the Perl's, and the rule that moves it most."""

    index: int
    id: str
    fmeasure: float
    perl: float
    main_rule: Optional[str]
    shares: Dict[str, float]

    @property
    def difference(self) -> float:
        return self.fmeasure - self.perl


@dataclass
class Entry:
    """One implementation on one row: its corpus score, the difference to the Perl's (P, R, F) and its
    attribution (shares of (P, R, F) per rule kind), the pairs that differ most."""

    semantics: str
    metric: str
    corpus: CorpusScore
    difference: np.ndarray
    attribution: Attribution
    model_gap: np.ndarray
    pair_differences: np.ndarray
    top: List[PairDifference]
    parts: Dict[str, str]


@dataclass
class RowAudit:
    row: Row
    perl_metric: str
    perl: CorpusScore
    entries: List[Entry] = field(default_factory=list)
    missing: Dict[str, str] = field(default_factory=dict)


@dataclass
class Audit:
    """The whole audit (see :mod:`rouge155.audit.report` for its text, JSON and HTML)."""

    pairs: AuditedPairs
    stem: bool
    letter: str
    ngram: int
    seed: int
    setups: Dict[str, Setup]
    notes: Dict[str, List[str]]
    unavailable: Dict[str, str]
    rows: List[RowAudit]


def rows_for(ngram: int, lcs: bool) -> List[Row]:
    out = [Row(f"ROUGE-{n}", order=n) for n in range(1, ngram + 1)]
    if lcs:
        out += [Row("ROUGE-L", lcs="L"), Row("ROUGE-Lsum", lcs="Lsum")]
    return out


def reference_metric(row: Row) -> str:
    """The Perl's metric on ``row``: its ROUGE-N, or its ROUGE-L on both LCS rows."""
    return ngram_tag(row.order) if row.order is not None else LCS_TAG


def own_metric(semantics: str, row: Row) -> Optional[str]:
    """``semantics``' metric on ``row`` (None: it has none there): ROUGE-L is its LCS over the whole
    texts where it has one, else its summary-level one; ROUGE-Lsum its summary-level one next to one
    over the whole texts."""
    naming = get(semantics).naming
    if row.order is not None:
        return naming.ngram.format(n=row.order)
    if row.lcs == "L":
        return naming.text_lcs or naming.summary_lcs
    return naming.summary_lcs if naming.text_lcs else None


def _lcs_kind(semantics: str, row: Row) -> Optional[str]:
    """The recipe's LCS kind for ``semantics`` on ``row`` (its rouge-l is summary-level)."""
    if row.lcs is None:
        return None
    return "L" if row.lcs == "L" and get(semantics).naming.text_lcs else "Lsum"


def check_flags(flags: Sequence[str]) -> None:
    """The audit reads -m, -n, -f, -x (and -z, -d, -v, which change no number); any other Perl flag is
    refused in one line."""
    other = [f"-{f}" for f in flags if f not in AUDIT_FLAGS]
    if other:
        raise OptionError(f"the audit takes -m, -n, -f, -x (and -z for a file list) only, not {', '.join(other)}: "
                          "the other flags have no counterpart in most implementations")


def audit_setups(options: Options, pairs: AuditedPairs, semantics: Sequence[str], seed: int):
    """Each implementation's setup for the audit, and notes where it cannot follow the flags (it is
    then scored as close as it can be, and the rule that differs shows in the attribution)."""
    letter = "B" if options.formula == "B" else "A"
    ngram = flag_orders(options, DEFAULT_NGRAM)
    several = pairs.most_references > 1
    setups, notes, unavailable = {}, {}, {}
    for name in semantics:
        implementation = get(name)
        own_letter, stem, said = letter, bool(options.stem), list(implementation.audit_notes)
        if several and not implementation.policies:
            unavailable[name] = f"one reference per prediction (this input has up to {pairs.most_references})"
            continue
        if stem and "stem" not in implementation.counterparts:
            stem = False
            said.insert(0, "no stemmer: scored without stemming")
        own_letter, note = reference_policy(implementation, letter, pairs.most_references)
        if note is not None:
            said.append(note)
        largest = implementation.naming.max_n or ngram
        setups[name] = Setup(name, implementation.naming.for_flags(min(ngram, largest), not options.no_lcs),
                             stem=stem, letter=own_letter, seed=seed)
        if said:
            notes[name] = said
    return setups, notes, unavailable, ngram


def _scored(setups: Dict[str, Setup], pairs: AuditedPairs, unavailable: Dict[str, str]):
    """Each implementation's own per-pair values and corpus scores (the registry's: its numbers)."""
    values, corpus, missing = {}, {}, {}
    for name, setup in list(setups.items()):
        lacking = setup.implementation.unavailable_metrics(setup)
        if lacking:
            setup = setups[name] = replace(setup, metrics=tuple(m for m in setup.metrics if m not in lacking))
            missing.update({(name, m): why for m, why in lacking.items()})
        try:
            values[name] = setup.score(pairs.predictions, pairs.references)
        except MissingDependency as exc:
            unavailable[name] = str(exc)
            del setups[name]
            continue
        except (ValueError, OverflowError) as exc:  # it refuses these pairs (the rouge package: an empty text)
            if name == PERL:
                raise
            unavailable[name] = f"refuses this input: {exc}"
            del setups[name]
            continue
        corpus[name] = setup.corpus(values[name], pairs.keys)
    return values, corpus, missing


def audit(pairs: AuditedPairs, options: Optional[Options] = None, flags: Sequence[str] = (),
          semantics: Optional[Sequence[str]] = None, seed: int = DEFAULT_SEED, top: int = 5) -> Audit:
    """Score ``pairs`` under every semantics (``semantics``: a subset of the others), compare each with
    the Perl's and attribute the differences. ``options``/``flags``: the Perl flags (-m, -n, -f, -x);
    ``seed``: rouge-score's bootstrap; ``top``: how many of the most different pairs to keep."""
    options = options if options is not None else Options()
    check_flags(flags)
    if not pairs.ids:
        raise OptionError("no pair to audit (the input is empty)")
    wanted = [n for n in others() if (get(n).audited_by_default if semantics is None else n in semantics)]
    unknown = sorted(set(semantics or ()) - set(others()))
    if unknown:
        raise OptionError(f"unknown semantics {', '.join(unknown)}: use some of {', '.join(others())}")
    setups, notes, unavailable, ngram = audit_setups(options, pairs, [PERL] + wanted, seed)
    values, corpus, missing = _scored(setups, pairs, unavailable)
    rescorer = Rescorer(pairs.predictions, pairs.references, pairs.keys, seed)
    result = Audit(pairs, bool(options.stem), setups[PERL].letter, ngram, seed, setups, notes, unavailable, [])
    for row in rows_for(ngram, not options.no_lcs):
        row_audit = RowAudit(row, reference_metric(row), corpus[PERL][reference_metric(row)])
        for name in wanted:
            metric = own_metric(name, row) if name in setups else None
            if name in unavailable or metric is None:
                continue
            if (name, metric) in missing or metric not in setups[name].metrics:
                row_audit.missing[name] = missing.get((name, metric), f"{metric} is not scored")
                continue
            row_audit.entries.append(_entry(rescorer, pairs, row, setups, name, metric, values, corpus, top))
        result.rows.append(row_audit)
    return result


def _entry(rescorer: Rescorer, pairs: AuditedPairs, row: Row, setups: Dict[str, Setup], name: str, metric: str,
           values, corpus, top: int) -> Entry:
    """``name`` on ``row``: its numbers, and the attribution of their difference to the Perl's."""
    perl_setup, setup = setups[PERL], setups[name]
    reference = reference_metric(row)
    own = rules.recipe(name, _lcs_kind(name, row), setup.stem, setup.letter)
    perl = rules.recipe(PERL, _lcs_kind(PERL, row), perl_setup.stem, perl_setup.letter)
    kinds = own.differing(perl)
    if pairs.most_references <= 1 and "multi_reference" in kinds:
        kinds.remove("multi_reference")  # one reference: every policy keeps it
    corpus_of: Dict[FrozenSet[str], CorpusScore] = {}
    position = setup.metrics.index(metric)  # its place among the metrics its aggregation draws for in turn

    def corpus_value(swapped: FrozenSet[str]) -> np.ndarray:
        recipe = own.with_rules_of(perl, swapped)
        score = rescorer.corpus(recipe, metric, rescorer.pair_values(recipe, row.order), position)
        corpus_of[swapped] = score
        return np.array([score.precision, score.recall, score.fmeasure])

    attribution = attribute(corpus_value, kinds)
    pair_kinds = [k for k in kinds if k != "aggregation"]
    per_pair = attribute(lambda s: rescorer.pair_values(own.with_rules_of(perl, s), row.order).fmeasure, pair_kinds)
    exact, exact_perl = corpus[name][metric], corpus[PERL][reference]
    as_array = lambda c: np.array([c.precision, c.recall, c.fmeasure])  # noqa: E731
    model = as_array(corpus_of[frozenset()])
    gap = np.abs(as_array(exact) - model) + np.abs(as_array(exact_perl) - as_array(corpus_of[frozenset(kinds)]))
    differences = values[name][metric].fmeasure - values[PERL][reference].fmeasure
    return Entry(name, metric, exact, as_array(exact) - as_array(exact_perl), attribution, gap, differences,
                 _top_pairs(pairs, differences, values[name][metric], values[PERL][reference], per_pair, top),
                 {k: getattr(own, k) for k in rules.KINDS})


def _top_pairs(pairs: AuditedPairs, differences: np.ndarray, own: PairScores, perl: PairScores, per_pair: Attribution,
               top: int) -> List[PairDifference]:
    """The ``top`` pairs whose F differs most from the Perl's (the earliest first on ties)."""
    order = np.lexsort((np.arange(len(differences)), -np.abs(differences)))[:top]
    out = []
    for i in order.tolist():
        if abs(differences[i]) <= ROUNDING:
            break
        shares = {k: float(v[i]) for k, v in per_pair.shares.items()}
        main = max(shares, key=lambda k: abs(shares[k])) if shares else None
        out.append(PairDifference(i, pairs.ids[i], float(own.fmeasure[i]), float(perl.fmeasure[i]), main, shares))
    return out
