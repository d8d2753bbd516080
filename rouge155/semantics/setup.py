"""rouge155's options for one implementation, resolved once: a :class:`Setup`.

Two ways in, one mapping: ``rouge155.score_pairs(..., semantics=NAME)`` (:func:`call_setup`: ``stem``,
``multi_reference``, ``alpha``, ``word_limit``, ``byte_limit``, ``language``, the metric names and
ROUGE-W's weight) and the command line's Perl flags (:func:`setup_from_flags`: ``-n -x -m -f -p -w -l
-b -r -c``, ``--seed``, ``--language``; ``rouge155 --semantics NAME`` and ``rouge155-audit``). Each
implementation maps a setup onto its own options (:meth:`~rouge155.semantics.record.Semantics.own_options`)
and says which of rouge155's options it has a counterpart for (``counterparts``, ``policies``, its
naming's ``max_n``, ``own_language``); whatever it lacks is refused in one line naming it: a number is
never computed with an option silently dropped.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple

from ..base.errors import OptionError
from ..base.options import Options
from ..base.perl import perl_num

if TYPE_CHECKING:
    from ..engine.pairs import PairScores
    from .record import Semantics

DEFAULT_SEED = 0  # rouge-score's bootstrap: np.random.seed(DEFAULT_SEED) unless --seed says otherwise
# The Perl flags that switch one of rouge155's options on, the option, and what it does in the Perl.
FLAG_OPTIONS = (("s", "remove_stopwords", "stopword removal"), ("M", "stem_models_only", "stemming of the models only"),
                ("2", "skip", "skip-bigrams"), ("u", "skip", "skip-bigrams with unigrams"),
                ("U", "skip", "skip-bigrams with unigrams"), ("3", "be", "basic elements"),
                ("t", "token_counting", "counting by token"), ("w", "weight", "ROUGE-W"),
                ("l", "word_limit", "a length limit in words"), ("b", "byte_limit", "a length limit in bytes"))
LETTERS = {"A": "average over references", "B": "best reference"}  # -f


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
    """One implementation (``semantics``, its registry name) with rouge155's options: its metrics (by its
    own names, in the order results are reported), ``stem`` (-m), ``letter`` (-f), ``alpha`` (-p),
    ``weight`` (ROUGE-W), ``word_limit``/``byte_limit`` (-l/-b), its bootstrap's ``n_samples``,
    ``confidence`` (percent) and ``seed`` (-r, -c, --seed), ``language`` (``--language``, ``language=``:
    an ISO 639 code, which the implementation maps onto its own setting: ``own_language``), and what
    the audit notes about it."""

    semantics: str
    metrics: Tuple[str, ...]
    stem: bool = False
    letter: str = "A"
    alpha: float = 0.5
    weight: Optional[float] = None
    word_limit: Optional[int] = None
    byte_limit: Optional[int] = None
    n_samples: int = 1000
    confidence: float = 95.0
    seed: int = DEFAULT_SEED
    notes: Tuple[str, ...] = field(default=())
    language: Optional[str] = None

    @property
    def implementation(self) -> Semantics:
        from . import get

        return get(self.semantics)

    @property
    def policy(self) -> str:
        """The implementation's own name for its multi-reference policy."""
        return self.implementation.policy(self.letter)

    def own_options(self) -> Dict[str, object]:
        """The keyword arguments of the implementation's ``score_pairs`` for this setup."""
        return self.implementation.own_options(self)

    def settings(self) -> Dict[str, object]:
        """The implementation's settings by its own names (JSON, the signature)."""
        return self.implementation.settings(self)

    def score(self, predictions: Sequence, references: Sequence[Sequence]) -> Dict[str, PairScores]:
        """Per metric, every pair's values, as the implementation computes them."""
        return self.implementation.score_pairs(list(predictions), [list(r) for r in references], list(self.metrics),
                                               **self.own_options())

    def corpus(self, values: Dict[str, PairScores], keys: Sequence[str]) -> Dict[str, CorpusScore]:
        """Per metric, the corpus score as the implementation reports it (``keys``: the instances'
        names, whose string order is the order the Perl's bootstrap takes them in)."""
        return self.implementation.corpus(values, self, keys)


def nltk_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("nltk")
    except PackageNotFoundError:
        return "none"


def check_language(implementation: Semantics, language: Optional[str], option: str) -> None:
    """ValueError where ``implementation`` cannot score in ``language`` (``option``: how it was given):
    it has no language setting, or none for that code."""
    if language is None:
        return
    if "language" not in implementation.counterparts:
        raise ValueError(f"the {implementation.name} semantics has no language setting ({option})")
    implementation.own_language(language)


# -- rouge155.score_pairs(..., semantics=NAME) -------------------------------------------------------------


def call_setup(implementation: Semantics, metrics, stem: bool, remove_stopwords: bool, letter: str, alpha: float,
               word_limit: Optional[int], byte_limit: Optional[int], references: Sequence[Sequence],
               language: Optional[str] = None) -> Tuple[Setup, Dict[str, str]]:
    """The setup of a ``score_pairs`` call, and each metric name asked -> the implementation's own;
    ValueError for what the implementation has no counterpart for."""
    name, has = implementation.name, implementation.counterparts
    if isinstance(metrics, str):
        metrics = [metrics]
    check_language(implementation, language, "language=")
    if remove_stopwords and "remove_stopwords" not in has:
        raise ValueError(f"the {name} semantics has no stopword removal (remove_stopwords)")
    limited = word_limit is not None or byte_limit is not None
    if (alpha != 0.5 and "alpha" not in has) or (limited and not {"word_limit", "byte_limit"} <= has):
        raise ValueError(f"the {name} semantics has a fixed F (alpha 0.5) and no length limits")
    names = {asked: implementation.naming.own(asked, name) for asked in metrics}
    if letter not in ("A", "B"):
        raise ValueError("multi_reference must be 'A' (the implementation's average over references) or 'B' (its best)")
    if letter not in implementation.policies and any(len(r) > 1 for r in references):
        have = ", ".join(f"{k!r}" for k in implementation.policies) or "none: one reference per prediction"
        raise ValueError(f"the {name} semantics has no multi_reference={letter!r} (it has {have})")
    weights = {w for _, w in names.values() if w is not None}
    if len(weights) > 1:
        raise ValueError("one ROUGE-W weight per call")
    if stem and "stem" not in has:
        raise ValueError(f"the {name} semantics has no stemmer")
    own = tuple(dict.fromkeys(n for n, _ in names.values()))
    setup = Setup(name, own, stem=bool(stem), letter=letter, alpha=alpha, weight=weights.pop() if weights else None,
                  word_limit=word_limit, byte_limit=byte_limit, language=language)
    return setup, {asked: own_name for asked, (own_name, _) in names.items()}


# -- the command line's Perl flags -----------------------------------------------------------------------


def _number(options: Options, name: str):
    value = getattr(options, name)
    return None if value is None else perl_num(value)


def flag_refusals(implementation: Semantics, options: Options, flags: Sequence[str]) -> List[str]:
    """What the flags ask that ``implementation`` has no counterpart for, one phrase each."""
    has = implementation.counterparts
    out = [f"-{f} ({what})" for f, option, what in FLAG_OPTIONS if f in flags and option not in has]
    alpha = _number(options, "alpha")
    if alpha is not None and alpha != 0.5 and "alpha" not in has:
        out.append(f"-p {options.alpha} (its F weighs P and R equally)")
    if "bootstrap" not in has:
        out += [f"-{f} (the bootstrap's {what}: it has no bootstrap)" for f, what in
                (("r", "resamples"), ("c", "confidence")) if f in flags]
    if options.stem and "stem" not in has:
        out.append("-m (it has no stemmer)")
    ngram = flag_orders(options)
    largest = implementation.naming.max_n
    if largest is not None and ngram > largest:
        out.append(f"-n {ngram} (it has ROUGE-1 to ROUGE-{largest})")
    return out


RESAMPLE_BYTES = 72  # a resample's three means, and the percentiles' two copies of them


def _check_bootstrap(semantics: str, options: Options, flags: Sequence[str]) -> None:
    """-r and -c as a bootstrap implementation can take them, else one line naming the flag."""
    from ..base.arguments import affordable

    if "r" in flags and not float(options.resamples_num) >= 1:
        raise OptionError(f"-r {options.resamples}: the {semantics} bootstrap needs at least one resample "
                          "(its BootstrapAggregator: n_samples must be positive)")
    affordable(int(options.resamples_num), RESAMPLE_BYTES, "-r", "resamples", options.resamples)
    if "c" in flags and not 0 <= float(options.confidence_num) <= 100:  # NaN too
        raise OptionError(f"-c {options.confidence}: the {semantics} bootstrap's confidence is a percentage "
                          "between 0 and 100")


def flag_orders(options: Options, default: int = 0) -> int:
    """``-n`` as the Perl reads it, refused before the list of its orders is built when that list alone
    would not fit in memory (``-n 99999999999999999999``)."""
    from ..base.arguments import orders

    value = _number(options, "ngram")
    if value is not None and not math.isfinite(value):  # the Perl's loop over orders: none at nan, endless at inf
        raise OptionError(f"-n {options.ngram}: give a whole number of ROUGE-N orders")
    return orders(int(value) if value else default, "-n", given=options.ngram)


def reference_policy(implementation: Semantics, letter: str, most_references: int) -> Tuple[str, Optional[str]]:
    """The ``-f`` letter ``implementation`` scores several references with, and a note where it is not
    ``letter``: an implementation without the policy asked keeps the one it has (rouge-score: its best F,
    ``score_multi``), as a user of that implementation gets it. ``rouge155 --semantics NAME`` and the audit
    both follow this; an implementation with no policy at all (one reference per prediction) is refused by
    :func:`setup_from_flags` and left out of the audit."""
    if most_references <= 1 or letter in implementation.policies or not implementation.policies:
        return letter, None
    kept = implementation.policy(letter)
    own = next(k for k, v in implementation.policies.items() if v == kept)
    description = implementation.policy_descriptions.get(kept, kept)
    return own, (f"no {LETTERS[letter]} (-f {letter}): {implementation.name} keeps {description}, as it does with "
                 f"several references (-f {own} says so)")


def setup_from_flags(semantics: str, options: Options, flags: Sequence[str] = (), most_references: int = 1,
                     seed: Optional[int] = None, default_ngram: int = 0, language: Optional[str] = None) -> Setup:
    """The :class:`Setup` of ``semantics`` for the Perl ``options``; ``flags``: the letters given on the
    command line (a flag given with its default value is refused where it has no counterpart too);
    ``most_references``: the most references any prediction has; ``language``: ``--language CODE``.
    OptionError: one line naming what the implementation has no counterpart for."""
    from . import get, names

    if semantics not in names():
        raise OptionError(f"unknown semantics {semantics!r}: use one of {', '.join(names())}")
    implementation = get(semantics)
    try:
        check_language(implementation, language, f"--language {language}")
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    letter = "B" if options.formula == "B" else "A"  # Perl quirk: any -f but B is the average
    refused = flag_refusals(implementation, options, flags)
    if refused:
        raise OptionError(f"--semantics {semantics} has no counterpart for {', '.join(refused)}: leave "
                          f"{'it' if len(refused) == 1 else 'them'} out")
    if "seed" in implementation.counterparts and seed is None:
        seed = DEFAULT_SEED
    elif seed is not None and "seed" not in implementation.counterparts:
        raise OptionError(f"--seed: the {semantics} semantics draws nothing at random (only rouge-score's "
                          "bootstrap is seeded)")
    if most_references > 1 and not implementation.policies:
        raise OptionError(f"the {semantics} semantics scores one reference per prediction (this input has up to "
                          f"{most_references})")
    letter, note = reference_policy(implementation, letter, most_references)
    ngram = flag_orders(options, default_ngram)
    weight = float(_number(options, "weight")) if options.weight is not None else None
    alpha = float(options.alpha_num)
    if alpha != alpha:  # NaN: no implementation's F has a meaning for it (and JSON has no NaN)
        raise OptionError(f"-p {options.alpha}: not a number; give a weight between 0 and 1")
    if "bootstrap" in implementation.counterparts:
        _check_bootstrap(semantics, options, flags)
    metrics = implementation.naming.for_flags(ngram, not options.no_lcs, weight)
    if not metrics:
        raise OptionError("no metric to score: give -n N (ROUGE-1..N) or leave ROUGE-L on (no -x)")
    word_limit = _number(options, "word_limit")
    byte_limit = _number(options, "byte_limit") if word_limit is None else None
    for flag, limit in (("l", word_limit), ("b", byte_limit)):
        if limit is not None and not math.isfinite(limit):
            raise OptionError(f"-{flag} {getattr(options, 'word_limit' if flag == 'l' else 'byte_limit')}: "
                              f"the {semantics} semantics cuts at a whole number of "
                              f"{'words' if flag == 'l' else 'bytes'}")
    return Setup(semantics, metrics, stem=bool(options.stem), letter=letter, alpha=alpha,
                 weight=weight, word_limit=int(word_limit) if word_limit is not None else None,
                 byte_limit=int(byte_limit) if byte_limit is not None else None,
                 n_samples=int(options.resamples_num), confidence=float(options.confidence_num),
                 seed=seed if seed is not None else DEFAULT_SEED, language=language,
                 notes=(note,) if note else ())
