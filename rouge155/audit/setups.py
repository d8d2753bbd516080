"""The Perl flags mapped onto each implementation's own options: what ``rouge155 --semantics NAME`` and
``rouge155-audit`` score with.

A :class:`Setup` is one implementation with its options set from the flags: ``-n N`` its ROUGE-1..N
types, ROUGE-L (unless ``-x``) its LCS types, ``-m`` its stemmer, ``-f A|B`` its average or best over
references, and, where the implementation has them, ``-p`` (alpha), ``-w`` (ROUGE-W), ``-l``/``-b``
(length limits) and ``-r``/``-c`` (its bootstrap). A flag that means nothing to an implementation is
refused with one line naming it: a number is never computed with a flag silently dropped.

Scoring goes through the registry (:func:`rouge155.compat.semantics.get`): the numbers are the
implementation's own, float for float. Corpus scores are aggregated as the implementation does:
rouge-score's ``BootstrapAggregator`` (numpy's global state seeded with ``seed`` once, the types in
order, as ``aggregator.aggregate()`` draws them; numpy's state is restored afterwards), torchmetrics'
float32 mean, the ``rouge`` package's and py-rouge's mean, the Perl's seeded bootstrap mean.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from ..base.errors import OptionError
from ..base.options import Options
from ..base.perl import fmt_num, perl_num
from ..compat.semantics import NAMES, PairArrays, get
from ..engine.aggregate import average_many, perl_order
from ..engine.semantics import policies
from ..engine.semantics.rouge_score import bootstrap_resample

OTHERS = tuple(n for n in NAMES if n != "perl")
DEFAULT_SEED = 0  # rouge-score's bootstrap: np.random.seed(DEFAULT_SEED) unless --seed says otherwise
MAX_N = {"rouge-score": 9, "torchmetrics": 9, "pltrdy": 5, "rouge-chinese": 5, "llamafactory": 2,
         "opencompass-jieba": 2, "rouge-score-rs-unicode": 9, "rouge-score-rs-char": 9}  # the largest ROUGE-N each has
# The Perl flags no other implementation has a counterpart for, and what they do in the Perl.
NO_COUNTERPART = {"s": "stopword removal", "M": "stemming of the models only", "2": "skip-bigrams",
                  "u": "skip-bigrams with unigrams", "U": "skip-bigrams with unigrams", "3": "basic elements",
                  "t": "counting by token"}
ONLY_PY_ROUGE = {"w": "ROUGE-W", "l": "a length limit in words", "b": "a length limit in bytes"}


@dataclass(frozen=True)
class CorpusScore:
    """A metric over the corpus, as the implementation reports it: P, R, F (rouge-score: ``mid``),
    and the bootstrap's bounds where it has them (``low``/``high``: (P, R, F))."""

    precision: float
    recall: float
    fmeasure: float
    low: Optional[Tuple[float, float, float]] = None
    high: Optional[Tuple[float, float, float]] = None


@dataclass(frozen=True)
class Setup:
    """One implementation's options, from the Perl flags (see the module's docstring)."""

    semantics: str
    metrics: Tuple[str, ...]  # the implementation's own names, in the order results are reported
    stem: bool = False
    letter: str = "A"  # -f: A (average over references) or B (best reference)
    alpha: float = 0.5
    weight: Optional[float] = None  # py-rouge's rouge-w weight
    word_limit: Optional[int] = None
    byte_limit: Optional[int] = None
    n_samples: int = 1000
    confidence: float = 95.0  # percent
    seed: int = DEFAULT_SEED
    notes: Tuple[str, ...] = field(default=())

    @property
    def policy(self) -> str:
        """The implementation's own name for its multi-reference policy."""
        if self.semantics == "perl":
            return self.letter
        own = policies(self.semantics)
        return own.get(self.letter) or next(iter(own.values()), "single")

    def own_options(self) -> Dict[str, object]:
        """The keyword arguments of the registry's ``score_pairs`` for this setup."""
        if self.semantics == "perl":
            return {"stem": self.stem, "multi_reference": self.letter, "alpha": self.alpha,
                    "word_limit": self.word_limit, "byte_limit": self.byte_limit}
        if self.semantics != "py-rouge":
            options: Dict[str, object] = {} if get(self.semantics).stem is None else {"use_stemmer": self.stem}
            if self.policy != "single":
                options["multi_reference"] = self.policy
            return options
        limit = self.word_limit if self.word_limit is not None else self.byte_limit
        return {"multi_reference": self.policy, "stemming": self.stem, "alpha": self.alpha,
                "weight_factor": self.weight if self.weight is not None else 1.0,
                "limit_length": limit is not None, "length_limit": limit if limit is not None else 665,
                "length_limit_type": "words" if self.word_limit is not None else "bytes"}

    def settings(self) -> Dict[str, object]:
        """The implementation's settings by its own names (JSON, the signature)."""
        out: Dict[str, object] = {"metrics": list(self.metrics)}
        if self.semantics == "perl":
            out.update(stem=self.stem, multi_reference=self.letter, alpha=self.alpha)
            return out
        out.update({k: v for k, v in self.own_options().items()})
        if bootstrapped(self.semantics):
            out.update(aggregation="bootstrap", n_samples=self.n_samples,
                       confidence_interval=self.confidence / 100, seed=self.seed)
        else:  # its rule's name: mean-float32 (torchmetrics), mean, ...
            out.update(aggregation=get(self.semantics).aggregation.name)
        return out

    def score(self, predictions: Sequence, references: Sequence[Sequence]) -> Dict[str, PairArrays]:
        """Per metric, every pair's values, as the implementation computes them."""
        return get(self.semantics).score_pairs(list(predictions), [list(r) for r in references], list(self.metrics),
                                              **self.own_options())

    def corpus(self, values: Dict[str, PairArrays], keys: Sequence[str]) -> Dict[str, CorpusScore]:
        """Per metric, the corpus score as the implementation reports it (``keys``: the instances'
        names, whose string order is the order the Perl's bootstrap takes them in)."""
        if self.semantics == "perl":
            return {m: perl_corpus(v, keys, self.n_samples, self.confidence) for m, v in values.items()}
        if bootstrapped(self.semantics):
            return rouge_score_corpus(values, self.n_samples, self.confidence / 100, self.seed)
        aggregate = get(self.semantics).aggregate
        return {m: CorpusScore(*aggregate(v)) for m, v in values.items()}


def bootstrapped(semantics: str) -> bool:
    """Whether the implementation aggregates with rouge-score's bootstrap (numpy's global random state:
    seeded here with ``--seed``)."""
    return semantics != "perl" and get(semantics).aggregation.name == "bootstrap-median"


def perl_corpus(values: PairArrays, keys: Sequence[str], resamples: int = 1000,
                confidence: float = 95.0) -> CorpusScore:
    """The Perl's averages (its seeded bootstrap, instances in the order of ``keys`` as strings), as its
    report prints them (rounded to 5 places)."""
    table = np.stack([values.recall, values.precision, values.fmeasure], axis=1).astype(np.float64)
    table = table[perl_order(list(keys))] if len(table) else table.reshape(0, 3)
    averages = average_many([table], None, resamples, confidence, 0.5)[0]
    (r, p, f), (rl, pl, fl), (rh, ph, fh) = averages.mean, averages.low, averages.high
    return CorpusScore(p, r, f, (pl, rl, fl), (ph, rh, fh))


@contextlib.contextmanager
def numpy_seeded(seed: int) -> Iterator[None]:
    """numpy's global random state seeded with ``seed``, restored afterwards."""
    state = np.random.get_state()
    np.random.seed(seed)
    try:
        yield
    finally:
        np.random.set_state(state)


def rouge_score_corpus(values: Dict[str, PairArrays], n_samples: int = 1000, confidence_interval: float = 0.95,
                       seed: int = DEFAULT_SEED, skip: int = 0) -> Dict[str, CorpusScore]:
    """rouge-score's ``BootstrapAggregator().aggregate()`` after ``np.random.seed(seed)``: the types in
    order, each drawing its resamples after the previous ones'; ``skip``: the number of types drawn
    before the first of ``values`` (to aggregate one type of a longer list alone)."""
    out = {}
    with numpy_seeded(seed):
        if values and skip:
            population = np.arange(len(next(iter(values.values())).fmeasure))
            for _ in range(skip * n_samples):  # the draws of the types aggregated before
                np.random.choice(population, size=len(population))
        for metric, v in values.items():
            matrix = np.stack([v.precision, v.recall, v.fmeasure], axis=1)
            low, mid, high = bootstrap_resample(matrix, n_samples, confidence_interval)
            triple = lambda x: (float(x[0]), float(x[1]), float(x[2]))  # noqa: E731
            out[metric] = CorpusScore(*triple(mid), triple(low), triple(high))
    return out


# -- from the Perl flags --------------------------------------------------------------------------------


def own_metrics(semantics: str, ngram: int, lcs: bool, weight: Optional[float] = None) -> Tuple[str, ...]:
    """The implementation's metric names for ROUGE-1..``ngram``, its LCS metrics (``lcs``) and ROUGE-W."""
    if semantics == "perl":
        names = [f"ROUGE-{n}" for n in range(1, ngram + 1)] + (["ROUGE-L"] if lcs else [])
        return tuple(names + ([f"ROUGE-W-{fmt_num(weight)}"] if weight is not None else []))
    metrics = get(semantics).metrics
    dashed = "rouge-1" in metrics
    names = [f"rouge-{n}" if dashed else f"rouge{n}" for n in range(1, ngram + 1)]
    if lcs:
        names += [m for m in ("rouge-l", "rougeL", "rougeLsum") if m in metrics]
    if weight is not None:
        names.append("rouge-w")
    return tuple(names)


def _number(options: Options, name: str):
    value = getattr(options, name)
    return None if value is None else perl_num(value)


def _refusals(semantics: str, options: Options, flags: Sequence[str]) -> List[str]:
    """What the flags ask that ``semantics`` has no counterpart for, one phrase each."""
    out = [f"-{f} ({what})" for f, what in NO_COUNTERPART.items() if f in flags]
    if semantics != "py-rouge":
        out += [f"-{f} ({what})" for f, what in ONLY_PY_ROUGE.items() if f in flags]
        alpha = _number(options, "alpha")
        if alpha is not None and alpha != 0.5:
            out.append(f"-p {options.alpha} (its F weighs P and R equally)")
    if not bootstrapped(semantics):
        out += [f"-{f} (the bootstrap's {what}: it has no bootstrap)" for f, what in
                (("r", "resamples"), ("c", "confidence")) if f in flags]
    if options.stem and get(semantics).stem is None:
        out.append("-m (it has no stemmer)")
    ngram = int(_number(options, "ngram") or 0)
    if ngram > MAX_N.get(semantics, ngram):
        out.append(f"-n {ngram} (it has ROUGE-1 to ROUGE-{MAX_N[semantics]})")
    return out


def _reference_note(semantics: str, letter: str, most_references: int) -> Optional[str]:
    """Why the references cannot be scored as ``-f letter`` asks (None: they can)."""
    if most_references <= 1:
        return None
    own = policies(semantics)
    if not own:
        return (f"the {semantics} semantics scores one reference per prediction (this input has up to "
                f"{most_references})")
    if letter not in own:
        return (f"-f A (the default: an average over references): {semantics} has none, it keeps the reference "
                "with the best F; give -f B")
    return None


def setup_from_flags(semantics: str, options: Options, flags: Sequence[str] = (), most_references: int = 1,
                     seed: Optional[int] = None, default_ngram: int = 0) -> Setup:
    """The :class:`Setup` of ``semantics`` for the Perl ``options``; ``flags``: the letters given on the
    command line (a flag given with its default value is refused where it has no counterpart too);
    ``most_references``: the most references any prediction has. OptionError: one line naming what
    the implementation has no counterpart for."""
    if semantics not in NAMES:
        raise OptionError(f"unknown semantics {semantics!r}: use one of {', '.join(NAMES)}")
    letter = "B" if options.formula == "B" else "A"  # Perl quirk: any -f but B is the average
    if semantics != "perl":
        refused = _refusals(semantics, options, flags)
        if refused:
            raise OptionError(f"--semantics {semantics} has no counterpart for {', '.join(refused)}: leave "
                              f"{'it' if len(refused) == 1 else 'them'} out")
        if bootstrapped(semantics) and seed is None:
            seed = DEFAULT_SEED
        elif seed is not None and not bootstrapped(semantics):
            raise OptionError(f"--seed: the {semantics} semantics draws nothing at random (only rouge-score's "
                              "bootstrap is seeded)")
        note = _reference_note(semantics, letter, most_references)
        if note is not None:
            raise OptionError(note)
    ngram = int(_number(options, "ngram") or default_ngram)
    weight = float(_number(options, "weight")) if options.weight is not None else None
    metrics = own_metrics(semantics, ngram, not options.no_lcs, weight)
    if not metrics:
        raise OptionError("no metric to score: give -n N (ROUGE-1..N) or leave ROUGE-L on (no -x)")
    word_limit = _number(options, "word_limit")
    byte_limit = _number(options, "byte_limit") if word_limit is None else None
    return Setup(semantics, metrics, stem=bool(options.stem), letter=letter, alpha=float(options.alpha_num),
                 weight=weight, word_limit=int(word_limit) if word_limit is not None else None,
                 byte_limit=int(byte_limit) if byte_limit is not None else None,
                 n_samples=int(options.resamples_num), confidence=float(options.confidence_num),
                 seed=seed if seed is not None else DEFAULT_SEED)
