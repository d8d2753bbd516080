"""Every ROUGE implementation rouge155 computes, by name: the registry (sacrebleu's tokenizers are the model).

``get(name)`` gives an implementation's record, a :class:`~rouge155.semantics.record.Semantics`; the
names are :data:`NAMES`, in the order of the table below (``"perl"`` first: ROUGE-1.5.5.pl, the
default everywhere, byte for byte). Each implementation is one module of this package, imported on
first use; nothing outside this package branches on an implementation's name. A recipe (a
framework's pipeline around an implementation, :mod:`.recipe`) is registered and used the same way.

Adding one: its module (``SEMANTICS = ...``) and its line in ``_MODULES`` (docs/semantics.md,
"Adding an implementation"); outside the package, :func:`register`.

The record's fields (class attributes or methods; ``setup`` is a :class:`~.setup.Setup`: rouge155's
options resolved for that implementation):

identity and names
  ``name`` (its registry name), ``reproduces`` (the package and version it reproduces), ``naming`` (a
  :class:`~rouge155.metrics.names.Naming`: its own metric names, the Perl names it accepts, its largest
  N), ``metrics`` (its own names).
rules (documentation, the audit's labels: each a :class:`~.base.Rule`, name and one-line description)
  ``tokenizer``, ``stemmer``, ``sentence_splitter``, ``f_measure``, ``multi_reference``,
  ``aggregation``; ``rules()`` the six by kind.
scoring, by its own options
  ``score_pairs(predictions, references, metrics, **own) -> {metric: PairScores}``,
  ``aggregate(values) -> (P, R, F)`` (the corpus number as it reports it), ``tokenize(text)``,
  ``split_sentences(text)``, ``stem`` (a function, or None: no stemmer), ``f_score(P, R)``.
rouge155's options mapped onto its own
  ``counterparts`` (which of rouge155's options it follows: ``stem``, ``alpha``, ``weight``,
  ``word_limit``, ``byte_limit``, ``bootstrap`` (-r, -c), ``seed``, ``remove_stopwords``, ``skip``, ``be``,
  ``stem_models_only``, ``token_counting``, ``dask``, ``language``; any other is refused in one line),
  ``policies`` (-f letter -> its own multi-reference policy; none: one reference per prediction),
  ``policy_descriptions``, ``policy(letter)``, ``own_options(setup)`` (the keyword arguments of its
  ``score_pairs``), ``settings(setup)`` (by its own names: JSON), ``fixed_settings()`` (what no option
  changes but signs every result: a recipe's segmenter and its version), ``uses_nltk(setup)``,
  ``signature_settings(setup)``, ``signature(setup, counts, sentences)``, ``corpus(values, setup, keys)``
  (its aggregation with the setup's options), ``unavailable_metrics(setup)`` (a data file missing),
  ``signature_args(...)`` (what signs a ``rouge155.score_pairs(semantics=NAME)`` call, :func:`.calls.score_call`),
  ``plain_scores(...)`` (its numbers without a kept scorer), ``call_scorer(metrics, **options)`` (the
  setting's scorer for calls of a few pairs,
  :mod:`.calls`: by default its ``plain_scores`` one call at a time; the Perl's and rouge-score's count
  through the compiled kernels), ``audit_notes``, ``audited_by_default``
  (False: the audit scores it only when named, as for a language-specific one).
languages (``language`` among its counterparts: ``--language CODE``, ``score_pairs(language=CODE)``)
  ``own_language(code)`` (its own setting for the ISO 639 code; ValueError where it has none),
  ``language_settings(setup)`` (what the language brings that signs a result: its own name for it, the
  segmenter and its version), ``language_note(setup)`` (in words, for ``rouge155-audit --language``),
  ``tokenizer_for(setup)`` (its tokens under the setup's options, the stemmer off).
the audit (``rouge155-audit``: what its attribution swaps and explains)
  ``rule_parts(stem, letter) -> {kind: part name}``, ``parts() -> {kind: {part name: Part}}``
  (:mod:`.parts`).
the doctor (``rouge155-doctor``: reading texts as the implementation does)
  ``doctor_tokenizer(options)`` (its tokens without stemming, stopwords or a length limit),
  ``language_advice`` (what to give for text its tokenizer drops).
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the command line reads NAMES
if TYPE_CHECKING:
    from typing import Dict, Tuple

    from .record import Semantics

PERL = "perl"  # ROUGE-1.5.5.pl: the default everywhere
# name -> its module, under rouge155.semantics (or a full dotted path: register())
_MODULES: Dict[str, str] = {
    "perl": "perl",
    "rouge-score": "rouge_score",
    "torchmetrics": "torchmetrics",
    "pltrdy": "pltrdy",
    "py-rouge": "py_rouge",
    "rouge-chinese": "rouge_chinese",
    "llamafactory": "llamafactory",
    "opencompass-jieba": "opencompass_jieba",
    "rouge-score-rs-unicode": "rouge_score_rs_unicode",
    "rouge-score-rs-char": "rouge_score_rs_char",
    "xlsum": "xlsum",
}
NAMES: Tuple[str, ...] = tuple(_MODULES)
_LOADED: Dict[str, Semantics] = {}


def names() -> Tuple[str, ...]:
    """Every registered name, the Perl's first (what :func:`register` added included)."""
    return tuple(_MODULES)


def others() -> Tuple[str, ...]:
    """Every registered name but the Perl's (what the audit compares with it)."""
    return tuple(n for n in _MODULES if n != PERL)


def get(name: str) -> Semantics:
    """The record of the implementation called ``name`` (ValueError naming the others)."""
    record = _LOADED.get(name) if isinstance(name, str) else None
    if record is not None:
        return record
    module = _MODULES.get(name) if isinstance(name, str) else None
    if module is None:
        raise ValueError(f"unknown semantics {name!r}: use one of {', '.join(_MODULES)}")
    from importlib import import_module

    path = module if "." in module else f"{__name__}.{module}"
    record = _LOADED[name] = import_module(path).SEMANTICS
    return record


def register(name: str, module: str) -> None:
    """Add an implementation or a recipe from outside this package: ``module`` (a full dotted path)
    defines ``SEMANTICS``, whose ``name`` is ``name``."""
    global NAMES
    if not isinstance(name, str) or not name or name in _MODULES:
        raise ValueError(f"cannot register {name!r}: a new name is needed")
    _MODULES[name] = module
    NAMES = tuple(_MODULES)


def check(name, allowed: Tuple[str, ...]) -> str:
    """``name`` when it is one of ``allowed`` (an entry point's semantics), else ValueError naming them."""
    if name not in allowed:
        raise ValueError(f"semantics must be one of {', '.join(repr(a) for a in allowed)}, not {name!r}")
    return name


__all__ = ["get", "names", "others", "register", "check", "NAMES", "PERL"]
