"""The record of one ROUGE implementation: :class:`Semantics` (its fields are listed in
:mod:`rouge155.semantics`, the registry).

A module makes its record either by subclassing :class:`Semantics` (class attributes for its data,
methods where it differs from the defaults; its module's functions ``score_pairs``, ``aggregate``,
``tokenize``, ``split_sentences``, ``stem``, ``f_score`` are taken where the class does not set them) or
by calling it with keyword arguments (each one an attribute: ``Semantics(name=..., score_pairs=...)``).
The defaults fit an implementation that has none of rouge155's options but its metric names;
:class:`~rouge155.semantics.recipe.Recipe` builds one on another (a framework's pipeline around an
implementation).
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ..engine.pairs import PairScores
from ..metrics.names import Naming
from .base import RULE_KINDS, Rule, as_reference_lists, harmonic_f, split_lines
from .setup import CorpusScore, Setup, call_setup, nltk_version

if TYPE_CHECKING:
    from ..output.signature import Signature
    from .calls import CallScorer
    from .parts import Part


FUNCTIONS = ("score_pairs", "aggregate", "tokenize", "split_sentences", "stem", "f_score")


def _not_given(*args, **kwargs):
    raise NotImplementedError("this implementation's record does not give it")


class Semantics:
    """One implementation's ROUGE: its names, its six rules, its scoring, how rouge155's options map onto
    its own, and what the audit swaps (see :mod:`rouge155.semantics` for every attribute)."""

    # -- identity and names ---------------------------------------------------------------------------
    name: str = ""
    reproduces: str = ""
    naming: Naming = Naming((), "rouge{n}", None)
    # -- the six rules (documentation, the audit's labels) ------------------------------------------
    tokenizer: Rule = Rule("", "")
    stemmer: Rule = Rule("none", "no stemming")
    sentence_splitter: Rule = Rule("", "")
    f_measure: Rule = Rule("", "")
    multi_reference: Rule = Rule("single", "one reference per prediction")
    aggregation: Rule = Rule("mean", "arithmetic mean")
    # -- scoring, by its own options (functions: a module's own, or given as keywords) ---------------------
    # score_pairs(predictions, references, metrics, **own) -> {metric: PairScores} (its own metric names;
    # references[i]: a list of texts); aggregate(values) -> (P, R, F), the corpus number as it reports it
    # with its default options; tokenize(text): its default tokens (the stemmer off); split_sentences(text):
    # its sentences for the summary-level metric; f_score(P, R): its F on arrays at alpha 0.5; stem: its
    # stemmer (None: it has none), on tokens longer than 3 characters
    score_pairs: Callable[..., Dict[str, PairScores]] = staticmethod(_not_given)
    aggregate: Callable[[PairScores], Tuple[float, float, float]] = staticmethod(_not_given)
    tokenize: Callable[..., List[str]] = staticmethod(_not_given)
    split_sentences: Callable[[str], List[str]] = staticmethod(split_lines)
    f_score: Callable[[np.ndarray, np.ndarray], np.ndarray] = staticmethod(harmonic_f)
    stem: Optional[Callable[[str], Optional[str]]] = None
    # -- rouge155's options ---------------------------------------------------------------------------
    counterparts: FrozenSet[str] = frozenset()  # of stem, alpha, weight, word_limit, byte_limit, bootstrap, seed...
    policies: Mapping[str, str] = {}  # -f letter -> its multi-reference policy ({}: one reference per prediction)
    policy_descriptions: Mapping[str, str] = {}  # its policy -> what it keeps (notes where a letter has none)
    audit_notes: Tuple[str, ...] = ()  # what the audit says of it however it is set up
    audited_by_default: bool = True  # False: rouge155-audit scores it only when --semantics names it
    # -- what rouge155-doctor says of text its tokenizer drops (a non-ASCII language): what to give instead
    language_advice: str = ("score such text with rouge155 --language LANG (the Perl's semantics with tokens of the "
                            "language)")

    def __init_subclass__(cls, **kwargs: Any):
        """A subclass takes its module's functions named as the scoring fields (``score_pairs``,
        ``aggregate``, ``tokenize``, ``split_sentences``, ``stem``, ``f_score``) unless a class sets them."""
        super().__init_subclass__(**kwargs)
        module = sys.modules.get(cls.__module__)
        for field in FUNCTIONS:
            given = getattr(module, field, None)
            if getattr(cls, field) is getattr(Semantics, field) and callable(given):
                setattr(cls, field, staticmethod(given))

    def __init__(self, **fields: Any):
        for key, value in fields.items():
            if key == "metrics":  # the earlier record's field: its names are the naming's now
                raise TypeError("give naming=Naming(metrics, ...) (rouge155.metrics.names), not metrics=")
            if not hasattr(type(self), key):
                raise TypeError(f"Semantics has no field {key!r}")
            setattr(self, key, value)

    def __repr__(self) -> str:
        return f"<semantics {self.name!r}: {self.reproduces}>"

    @property
    def metrics(self) -> Tuple[str, ...]:
        """Its own metric names."""
        return self.naming.metrics

    def rules(self) -> Dict[str, Rule]:
        """The six rules by kind (tokenizer, stemmer, sentence_splitter, f_measure, multi_reference,
        aggregation): what an audit compares between implementations."""
        return {kind: getattr(self, kind) for kind in RULE_KINDS}

    # -- rouge155's options mapped onto its own -------------------------------------------------------
    def policy(self, letter: str) -> str:
        """Its own multi-reference policy for the Perl's ``-f`` letter (where it has none for that letter,
        the one it has: with one reference per prediction every policy keeps that reference)."""
        own = self.policies.get(letter)
        return own if own is not None else next(iter(self.policies.values()), "single")

    def own_options(self, setup: Setup) -> Dict[str, object]:  # noqa: ARG002 - the record's interface
        """The keyword arguments of :meth:`score_pairs` for ``setup``."""
        return {}

    def own_language(self, code: str) -> object:
        """Its own setting for rouge155's language ``code`` (``--language``, ``language=``: an ISO 639
        code), where ``language`` is one of its ``counterparts``; ValueError where it has none for it."""
        raise ValueError(f"the {self.name} semantics has no language setting (language {code!r})")

    def language_settings(self, setup: Setup) -> Dict[str, object]:  # noqa: ARG002 - the record's interface
        """What ``setup.language`` brings that changes numbers and signs them (its own name for the
        language, the segmenter and its version); ``{}`` without one."""
        return {}

    def language_note(self, setup: Setup) -> str:  # noqa: ARG002 - the record's interface
        """How it handles ``setup``'s text, in words (``rouge155-audit --language``); "" when nothing to say."""
        return ""

    def tokenizer_for(self, setup: Setup) -> Callable[[str], List]:  # noqa: ARG002 - the record's interface
        """Its tokens of a text (the stemmer off) under ``setup``'s options (its language's segmenter)."""
        return self.tokenize

    def fixed_settings(self) -> Dict[str, object]:
        """Settings that no option changes but that change numbers (a recipe's segmenter and its version):
        they sign every result."""
        return {}

    def settings(self, setup: Setup) -> Dict[str, object]:
        """Its settings for ``setup`` by its own names (JSON, the signature)."""
        return {"metrics": list(setup.metrics), **self.own_options(setup), "aggregation": self.aggregation.name,
                **self.fixed_settings(), **self.language_settings(setup)}

    def uses_nltk(self, setup: Setup) -> bool:
        """Whether nltk's code decides its tokens or stems under ``setup`` (its version then signs)."""
        return setup.stem

    def signature_settings(self, setup: Setup) -> Dict[str, object]:
        """The settings that sign its results (the signature's own ``mref`` holds the policy)."""
        settings = self.settings(setup)
        settings.pop("multi_reference", None)
        if self.uses_nltk(setup):
            settings["nltk"] = nltk_version()
        return settings

    def signature(self, setup: Setup, counts: Sequence[int], sentences: str = "none", options=None) -> Signature:  # noqa: ARG002 - the record's interface
        """The signature of ``setup``'s results (``counts``: each pair's references; ``sentences``: how the
        input's sentences were made)."""
        from ..output.signature import reference_counts, signature_of

        return signature_of(semantics=self.name, semantics_settings=self.signature_settings(setup),
                            references=reference_counts(list(counts)), multi_reference=setup.policy,
                            sentences=sentences)

    def corpus(self, values: Dict[str, PairScores], setup: Setup, keys: Sequence[str]) -> Dict[str, CorpusScore]:  # noqa: ARG002 - the record's interface
        """Per metric, the corpus score as it reports it (``keys``: the instances' names)."""
        return {m: CorpusScore(*self.aggregate(v)) for m, v in values.items()}

    def unavailable_metrics(self, setup: Setup) -> Dict[str, str]:  # noqa: ARG002 - the record's interface
        """Its metrics of ``setup`` that cannot be scored here, and why (an optional data file missing)."""
        return {}

    def doctor_tokenizer(self, options) -> Callable[[str], List[str]]:  # noqa: ARG002 - the record's interface
        """The tokens a text gives as this implementation reads it under rouge155's ``options`` (the Perl
        flags and text mode), without stemming, stopwords or a length limit: what rouge155-doctor measures
        the letters and digits a tokenizer drops with."""
        return self.tokenize

    # -- rouge155.score_pairs(..., semantics=NAME): semantics.calls.score_call ---------------------------
    def signature_args(self, counts: List[int], stem: bool, multi_reference: str, alpha: float,
                       word_limit: Optional[int], byte_limit: Optional[int],
                       data_dir, signature_check: Optional[str], metrics,  # noqa: ARG002 - the record's interface
                       language: Optional[str] = None) -> Dict[str, Any]:
        """What signs a ``score_pairs`` call's results (``counts``: each pair's number of references;
        checked against ``signature_check`` first; ``language``: what it brings, its own settings)."""
        from ..output.signature import api_signature_args

        spoken = {} if "language" not in self.counterparts else self.language_settings(call_setup(
            self, metrics, stem, False, multi_reference, alpha, word_limit, byte_limit, [], language)[0])
        return api_signature_args(
            None, counts, None, False, signature_check,
            semantics=self.name, multi_reference=multi_reference, semantics_settings={
                "stem": bool(stem), "alpha": alpha, "word_limit": word_limit, "byte_limit": byte_limit,
                **self.fixed_settings(), **spoken})

    def plain_scores(self, predictions: Sequence, references: Sequence, metrics, *, stem: bool = False,
                     remove_stopwords: bool = False, multi_reference: str = "A", alpha: float = 0.5,
                     word_limit: Optional[int] = None, byte_limit: Optional[int] = None,
                     data_dir: Optional[str] = None, dask=None,  # noqa: ARG002 - the record's interface
                     language: Optional[str] = None) -> Dict[str, PairScores]:
        """``score_pairs``' numbers by the implementation's own ``score_pairs`` (no kept scorer)."""
        refs = as_reference_lists(references)
        setup, names = call_setup(self, metrics, stem, remove_stopwords, multi_reference, alpha, word_limit,
                                  byte_limit, refs, language)
        values = setup.score(predictions, refs)
        return {name: values[own] for name, own in names.items()}

    def call_scorer(self, metrics: List[str], **options) -> "CallScorer":
        """A scorer for calls of a few pairs with these ``score_pairs`` options (:mod:`.calls`); by default
        :meth:`plain_scores` one call at a time. ValueError for what the implementation lacks."""
        from .calls import Generic

        call_setup(self, metrics, options["stem"], options["remove_stopwords"], options["multi_reference"],
                   options["alpha"], options["word_limit"], options["byte_limit"], [],
                   options.get("language"))  # its refusals, now
        return Generic(self.plain_scores, metrics, options)

    # -- the audit's parts ----------------------------------------------------------------------------
    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:
        """The part it uses for each rule kind (part names: :mod:`rouge155.semantics.parts`), for its
        summary-level LCS with stemming ``stem`` and ``-f letter``."""
        raise NotImplementedError

    def parts(self) -> Dict[str, Dict[str, "Part"]]:
        """The parts it brings (kind -> part name -> :class:`~rouge155.semantics.parts.Part`)."""
        return {}
