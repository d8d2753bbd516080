"""What a grid is made of: ROUGE variants (rows), conditions (extra flags such as -m, -m -s, -l 100),
reference settings (all references, jackknife, one reference, every k-subset), and the statistics.

Variant names are read by :func:`rouge155.metrics.names.parse_metrics` (one reading of "ROUGE-SU4", "W-1.2",
...); the variants are then grouped into as few scoring passes as the Perl flags allow (ROUGE-N up to
the largest N, L and one W weight, one skip distance with -U for S and SU together).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..analysis.results import MEASURES
from ..analysis.stats import CORRECTIONS, CORRELATIONS
from ..base.budget import refuse_beyond_memory
from ..base.errors import OptionError
from ..base.options import Options
from ..base.perl import fmt_num
from ..metrics.names import parse_metrics

# Lin (NTCIR-4, 2004), "Looking for a Few Good Metrics": the 17 measures, in the paper's row order.
NTCIR4_VARIANTS = ("ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "ROUGE-5", "ROUGE-6", "ROUGE-7", "ROUGE-8", "ROUGE-9",
                   "ROUGE-L", "ROUGE-S*", "ROUGE-S4", "ROUGE-S9", "ROUGE-SU*", "ROUGE-SU4", "ROUGE-SU9", "ROUGE-W-1.2")
# The paper's CASE, STEM and STOP sets: the texts as they are, Porter-stemmed, stemmed without stopwords.
NTCIR4_CONDITIONS = (("as is", ""), ("-m", "-m"), ("-m -s", "-m -s"))
DEFAULT_REFERENCES = ("all", "jackknife")
LEVELS = ("system", "summary")
RESAMPLE_OVER = ("both", "systems", "documents")
TESTS = ("permutation", "bootstrap")
# Options fields a condition may set; the metric flags come from the variants.
_METRIC_FIELDS = {"ngram": "-n", "no_lcs": "-x", "weight": "-w", "skip_distance": "-2", "skip_unigrams": "-u",
                  "skip_both": "-U", "be_mode": "-3"}
_REFUSED_FIELDS = {"token_mode": "-t (per-instance scores are what is correlated)", "per_eval": "-d",
                   "verbose": "-v", "resamples": "-r (use --resamples)", "confidence": "-c (use --confidence)"}


@dataclass(frozen=True)
class Variant:
    """One ROUGE measure: ``kind`` N, L, W or S (S and SU), with its parameter."""

    tag: str  # the report's name: ROUGE-2, ROUGE-L, ROUGE-W-1.2, ROUGE-SU4, ROUGE-S*
    kind: str
    n: int = 0
    weight: Optional[float] = None
    gap: str = ""  # skip distance as the tag shows it ("4", "*")
    unigrams: bool = False


def parse_variant(name: str) -> Variant:
    tag = parse_metrics([name]).tags[0]
    if tag == "ROUGE-L":
        return Variant(tag, "L")
    if tag.startswith("ROUGE-W-"):
        return Variant(tag, "W", weight=float(tag[len("ROUGE-W-"):]))
    m = re.fullmatch(r"ROUGE-(SU?)(\d+|\*)", tag)
    if m:
        return Variant(tag, "S", gap=m.group(2), unigrams=m.group(1) == "SU")
    return Variant(tag, "N", n=int(tag[len("ROUGE-"):]))


def parse_variants(names: Sequence[str]) -> List[Variant]:
    """Variants by name, each once, in the order given (an OptionError names an unknown one)."""
    out: List[Variant] = []
    for name in names:
        v = parse_variant(name)
        if v.tag not in [x.tag for x in out]:
            out.append(v)
    if not out:
        raise OptionError("variants: none given")
    return out


def scoring_passes(variants: Sequence[Variant], base: Options) -> List[Options]:
    """The Options of each scoring pass that together compute every variant under ``base``'s flags."""
    n_max = max((v.n for v in variants if v.kind == "N"), default=0)
    weights = list(dict.fromkeys(v.weight for v in variants if v.kind == "W" and v.weight is not None))
    gaps = list(dict.fromkeys(v.gap for v in variants if v.kind == "S"))
    lcs = any(v.kind == "L" for v in variants)
    passes: List[Options] = []
    first = True
    while first or weights or gaps:
        kw: Dict[str, Any] = dict(ngram=str(n_max) if first and n_max else None, no_lcs=not (first and lcs),
                                  weight=None, skip_distance=None, skip_unigrams=False, skip_both=False, resamples="1")
        if weights:
            kw["weight"] = fmt_num(weights.pop(0))
        if gaps:
            gap = gaps.pop(0)
            kinds = {v.unigrams for v in variants if v.kind == "S" and v.gap == gap}
            kw.update(skip_distance="-1" if gap == "*" else gap, skip_unigrams=kinds == {True},
                      skip_both=len(kinds) == 2)
        passes.append(replace(base, **kw))
        first = False
    return passes


@dataclass(frozen=True)
class Condition:
    """A column group: a label and the flags it adds (stemming, stopwords, length limit, -f, -p)."""

    label: str
    options: Options


def parse_condition(text: str) -> Condition:
    """A condition from ``LABEL=FLAGS`` or ``FLAGS`` (labelled by its flags; no flag: "as is"), the flags
    read as ``rouge155`` reads ROUGE-1.5.5.pl's (-e, -z and -a belong to the inputs, not a condition)."""
    import shlex

    from ..base.flags import getopts, options_from_flags

    label, _, flags = text.partition("=") if "=" in text else (text, "", text)
    try:
        parsed = getopts(shlex.split(flags))
    except ValueError as exc:
        raise OptionError(f"condition {text!r}: {exc}") from None
    stray = [parsed.refused] if parsed.refused else []
    stray += ["-" + u for u in parsed.unknown] + list(parsed.positional)
    stray += ["-" + k for k in ("e", "z", "a") if k in parsed.flags]
    if stray:
        raise OptionError(f"condition {text!r}: {stray[0]} is not a ROUGE-1.5.5 flag of a condition")
    options = options_from_flags(parsed.flags)
    options.check()
    return Condition(label.strip() or "as is", options)


def check_condition(condition: Condition, variants: Sequence[Variant]) -> None:
    for name, flag in _METRIC_FIELDS.items():
        if getattr(condition.options, name) not in (None, False):
            raise OptionError(f"condition {condition.label!r}: {flag} chooses metrics; give the variants instead")
    for name, flag in _REFUSED_FIELDS.items():
        if getattr(condition.options, name) not in (None, False):
            raise OptionError(f"condition {condition.label!r}: {flag} is not a grid condition")
    if condition.options.score_formula == "B" and any(v.kind == "W" for v in variants):
        raise OptionError(f"condition {condition.label!r}: -f B with ROUGE-W is not supported by the grid "
                         "(score it with rouge155 and rouge155-correlate)")


@dataclass(frozen=True)
class ReferenceSetting:
    """``all`` references; ``jackknife`` (each M-1 subset, scores averaged); ``ref<k>`` (the k-th
    reference alone); ``<k>`` (every k-subset, scores averaged: rouge155-correlate's --references k)."""

    label: str
    kind: str  # all, jackknife, single, subsets
    k: int = 0


def parse_reference_setting(spec: str) -> ReferenceSetting:
    text = str(spec).strip()
    if text in ("all", "jackknife"):
        return ReferenceSetting(text, text)
    m = re.fullmatch(r"ref(\d+)|(\d+)", text)
    if m and int(m.group(1) or m.group(2)) >= 1:
        if m.group(1):
            return ReferenceSetting(text, "single", int(m.group(1)))
        k = int(m.group(2))
        return ReferenceSetting(f"{k} ref" + ("s" if k > 1 else ""), "subsets", k)
    raise OptionError(f"reference setting {spec!r}: use all, jackknife, ref<k> (the k-th reference alone) or a "
                     "number k (every k-subset of the references, averaged)")


@dataclass
class GridSpec:
    """Everything a grid computes: rows, column groups and the statistics' settings."""

    variants: List[Variant] = field(default_factory=lambda: parse_variants(NTCIR4_VARIANTS))
    conditions: List[Condition] = field(
        default_factory=lambda: [parse_condition(f"{label}={flags}") for label, flags in NTCIR4_CONDITIONS])
    references: List[ReferenceSetting] = field(
        default_factory=lambda: [parse_reference_setting(s) for s in DEFAULT_REFERENCES])
    humans_as_peers: bool = False
    measures: Tuple[str, ...] = ("recall",)
    levels: Tuple[str, ...] = LEVELS
    coefficients: Tuple[str, ...] = CORRELATIONS
    resamples: int = 1000
    confidence: float = 95.0
    seed: int = 0
    resample: str = "both"
    correction: str = "holm"
    alpha: float = 0.05
    decide_by: str = "permutation"

    def check(self) -> None:
        """An OptionError (a ValueError) naming the first setting that cannot be used."""
        if not self.conditions:
            raise OptionError("conditions: none given")
        labels = [c.label for c in self.conditions]
        if len(set(labels)) != len(labels):
            raise OptionError(f"conditions: two have the same label ({', '.join(labels)})")
        for c in self.conditions:
            check_condition(c, self.variants)
        if not self.references:
            raise OptionError("reference settings: none given")
        if self.humans_as_peers and any(r.kind != "jackknife" for r in self.references):
            raise OptionError("--humans-as-peers scores every peer against M-1 references: it goes with the "
                             "jackknife reference setting only")
        for name, given, allowed in (("measure", self.measures, MEASURES), ("level", self.levels, LEVELS),
                                     ("coefficient", self.coefficients, CORRELATIONS)):
            if not given:
                raise OptionError(f"{name}s: none given")
            for g in given:
                if g not in allowed:
                    raise OptionError(f"unknown {name} {g!r}; use {', '.join(allowed)}")
        if self.resample not in RESAMPLE_OVER:
            raise OptionError(f"resample must be one of {', '.join(RESAMPLE_OVER)}, not {self.resample!r}")
        if self.correction not in CORRECTIONS:
            raise OptionError(f"correction must be one of {', '.join(CORRECTIONS)}, not {self.correction!r}")
        if self.decide_by not in TESTS:
            raise OptionError(f"the deciding test must be one of {', '.join(TESTS)}, not {self.decide_by!r}")
        if isinstance(self.resamples, bool) or not isinstance(self.resamples, int) or self.resamples < 1:
            raise OptionError(f"resamples must be a whole number >= 1, not {self.resamples!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise OptionError(f"seed must be a non-negative whole number, not {self.seed!r}")
        if not (isinstance(self.confidence, (int, float)) and 0 < self.confidence < 100):
            raise OptionError(f"confidence must be between 0 and 100, not {self.confidence!r}")
        if not (isinstance(self.alpha, (int, float)) and 0 < self.alpha < 1 and math.isfinite(self.alpha)):
            raise OptionError(f"alpha must be between 0 and 1, not {self.alpha!r}")


def check_size(spec: GridSpec, systems: int, documents: int, columns: int, references: Sequence[int]) -> None:
    """Refuse, before anything is scored, a grid whose reference subsets, bootstrap or matrices would
    not fit (an OptionError naming the option and the size): every k-subset of 30 references is 155
    million subsets at k = 15; ``--resamples`` and the number of variants multiply the memory."""
    from ..analysis.levels import bootstrap_bytes
    from ..analysis.validate import check_resample_memory
    from ..analysis.variants import check_subsets

    for setting in spec.references:
        if setting.kind == "subsets":
            for m in sorted(set(references)):
                if setting.k <= m:
                    check_subsets(f"--references {setting.k}", m, setting.k)
    rows = len(spec.variants) * len(spec.measures) * columns * len(spec.levels) * len(spec.coefficients)
    check_resample_memory(spec.resamples, bootstrap_bytes(rows, systems, documents, swaps=True),
                          f"{rows} correlations of {systems} systems x {documents} documents per setting")
    peers = systems + (max(references, default=0) if spec.humans_as_peers else 0)
    settings = len(spec.conditions) * len(spec.references)
    per_variant = 8.0 * peers * documents * (4 * max(references, default=1) + settings * len(spec.measures))
    refuse_beyond_memory(f"the grid ({len(spec.variants)} variants x {len(spec.conditions)} conditions x "
                         f"{len(spec.references)} reference settings, {peers} peers x {documents} documents)",
                         per_variant * len(spec.variants))
