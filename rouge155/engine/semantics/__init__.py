"""Other implementations' ROUGE, each exactly: one module per implementation, each a :class:`Semantics`.

``rouge_score`` (rouge-score 0.1.2, under HF evaluate), ``torchmetrics`` (torchmetrics 1.9),
``pltrdy`` (the ``rouge`` package 1.0.1), ``py_rouge`` (py-rouge 1.1), ``rouge_chinese`` (rouge-chinese
1.0.3), the recipes ``llamafactory`` and ``opencompass_jieba`` (jieba + rouge-chinese as those
frameworks call them), ``rouge_score_rs_unicode`` and ``rouge_score_rs_char`` (rouge-score-rs 0.2.1's
Unicode tokenizers). Each states its rules
(tokenizer, stemmer, sentence splitter, F formula, multi-reference policy, aggregation) and scores
batches over the shared kernels of :mod:`rouge155.metrics.pairwise`. The Perl's own semantics is
the rest of the engine; ``rouge155.compat.semantics`` lists all of them, the Perl's included.
"""
from __future__ import annotations

import re
from importlib import import_module
from typing import Dict, Optional, Sequence, Tuple

from .base import MissingDependency, PairArrays, Rule, Semantics, as_reference_lists

_MODULES = {"rouge-score": "rouge_score", "torchmetrics": "torchmetrics", "pltrdy": "pltrdy", "py-rouge": "py_rouge",
            "rouge-chinese": "rouge_chinese", "llamafactory": "llamafactory", "opencompass-jieba": "opencompass_jieba",
            "rouge-score-rs-unicode": "rouge_score_rs_unicode", "rouge-score-rs-char": "rouge_score_rs_char"}
NAMES = tuple(_MODULES)


def get(name: str) -> Semantics:
    """The :class:`Semantics` called ``name`` (one of :data:`NAMES`)."""
    module = _MODULES.get(name) if isinstance(name, str) else None
    if module is None:
        raise ValueError(f"unknown semantics {name!r}: use one of {', '.join(('perl',) + NAMES)}")
    return import_module(f"{__name__}.{module}").SEMANTICS




# -- rouge155.score_pairs(..., semantics=NAME) -------------------------------------------------------

_PERL_NGRAM = re.compile(r"^(?:rouge-?)?([0-9]+)$", re.IGNORECASE)
_PERL_LCS = re.compile(r"^(?:rouge-?)?l$", re.IGNORECASE)
_PERL_W = re.compile(r"^(?:rouge-?)?w(?:-?([0-9.]+))?$", re.IGNORECASE)


def metric_name(name: str, semantics: str) -> Tuple[str, Optional[float]]:
    """An implementation's own metric name for ``name`` (its own, or the Perl's ``ROUGE-N``,
    ``ROUGE-L``, ``ROUGE-W-w``), and ROUGE-W's weight if one is given. The Perl's ROUGE-L (summary level
    over lines) is rouge-score's and torchmetrics' ``rougeLsum``; an implementation's own spelling
    (``rouge-N`` / ``rougeN``, ``rouge-l`` / ``rougeLsum`` / ``rougeL``) is the first it has."""
    spec = get(semantics)
    if name in spec.metrics:
        return name, None
    text = str(name).strip()
    m = _PERL_NGRAM.match(text)
    if m:
        candidates: Tuple[str, ...] = (f"rouge-{int(m.group(1))}", f"rouge{int(m.group(1))}")
    elif _PERL_LCS.match(text):
        candidates = ("rouge-l", "rougeLsum", "rougeL")
    elif "rouge-w" in spec.metrics and (w := _PERL_W.match(text)):
        weight = w.group(1)
        return "rouge-w", float(weight) if weight else None
    else:
        candidates = ()
    for candidate in candidates:
        if candidate in spec.metrics:
            return candidate, None
    raise ValueError(f"unknown metric {name!r} for the {semantics} semantics: use one of {', '.join(spec.metrics)}")


# the multi_reference letters each implementation has (none: one reference per prediction)
_POLICIES = {"rouge-score": {"B": "best"}, "torchmetrics": {"A": "avg", "B": "best"},
             "py-rouge": {"A": "avg", "B": "best"}, "pltrdy": {}, "rouge-chinese": {}, "llamafactory": {},
             "opencompass-jieba": {}, "rouge-score-rs-unicode": {"B": "best"},
             "rouge-score-rs-char": {"B": "best"}}


def policies(semantics: str) -> Dict[str, str]:
    """The implementation's own multi-reference policy for each ``-f`` letter it has (``{}``: it scores
    one reference per prediction)."""
    get(semantics)
    return dict(_POLICIES[semantics])


def _policy(semantics: str, multi_reference: str, references: Sequence[Sequence]) -> str:
    """The implementation's multi-reference policy for the Perl's ``-f`` letter."""
    several = any(len(r) > 1 for r in references)
    policies = _POLICIES[semantics]
    if multi_reference not in ("A", "B"):
        raise ValueError("multi_reference must be 'A' (the implementation's average over references) or 'B' (its best)")
    policy = policies.get(multi_reference)
    if policy is None:
        if several:
            have = ", ".join(f"{k!r}" for k in policies) or "none: one reference per prediction"
            raise ValueError(f"the {semantics} semantics has no multi_reference={multi_reference!r} (it has {have})")
        policy = next(iter(policies.values()), "single")
    return policy


def score_pairs(semantics: str, predictions: Sequence, references: Sequence, metrics: Sequence[str], stem: bool = False,
                remove_stopwords: bool = False, multi_reference: str = "A", alpha: float = 0.5,
                word_limit: Optional[int] = None, byte_limit: Optional[int] = None) -> Dict[str, PairArrays]:
    """``rouge155.score_pairs`` under another implementation's semantics: ``{metric: PairArrays}`` keyed
    by the names asked. Its options map to the implementation's own (``stem``: its stemmer;
    ``multi_reference``: ``"A"`` its average over references where it has one, ``"B"`` its best;
    ``alpha``, ``word_limit``, ``byte_limit``: py-rouge's ``alpha`` and length limits, which the others
    lack); ``remove_stopwords``: none of them removes stopwords."""
    spec = get(semantics)
    if isinstance(metrics, str):
        metrics = [metrics]
    if remove_stopwords:
        raise ValueError(f"the {semantics} semantics has no stopword removal (remove_stopwords)")
    if semantics != "py-rouge" and (alpha != 0.5 or word_limit is not None or byte_limit is not None):
        raise ValueError(f"the {semantics} semantics has a fixed F (alpha 0.5) and no length limits")
    refs = as_reference_lists(references)
    names = {name: metric_name(name, semantics) for name in metrics}
    policy = _policy(semantics, multi_reference, refs)
    own = list(dict.fromkeys(n for n, _ in names.values()))
    if semantics == "py-rouge":
        weights = {w for _, w in names.values() if w is not None}
        if len(weights) > 1:
            raise ValueError("one ROUGE-W weight per call")
        limit: Dict[str, object] = {"limit_length": word_limit is not None or byte_limit is not None}
        if word_limit is not None:
            limit.update(length_limit=word_limit, length_limit_type="words")
        elif byte_limit is not None:
            limit.update(length_limit=byte_limit, length_limit_type="bytes")
        values = spec.score_pairs(predictions, refs, own, multi_reference=policy, stemming=bool(stem), alpha=alpha,
                                  weight_factor=weights.pop() if weights else 1.0, **limit)
    else:
        if stem and spec.stem is None:
            raise ValueError(f"the {semantics} semantics has no stemmer")
        options: Dict[str, object] = {} if spec.stem is None else {"use_stemmer": bool(stem)}
        if policy != "single":
            options["multi_reference"] = policy
        values = spec.score_pairs(predictions, refs, own, **options)
    return {name: values[own_name] for name, (own_name, _) in names.items()}


def signature_fields(name: str) -> Dict[str, object]:
    """What an implementation adds to the signature of its numbers beside its options (the version of a
    segmenter or of Unicode data it depends on): its module's ``signature_fields()``, if it has one."""
    get(name)
    fields = getattr(import_module(f"{__name__}.{_MODULES[name]}"), "signature_fields", None)
    return dict(fields()) if fields is not None else {}


__all__ = ["get", "NAMES", "score_pairs", "metric_name", "signature_fields", "policies", "Semantics", "Rule",
           "PairArrays", "MissingDependency"]
