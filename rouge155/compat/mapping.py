"""rouge-score's rouge types as Perl runs: which flags, which text, for a whole batch at once.

``rougeN`` is ``-n N`` over the text; ``rougeLsum`` is ROUGE-L (summary level) over the newline-
separated sentences; ``rougeL`` is ROUGE-L over the text as one sentence (newlines become spaces);
``use_stemmer`` is ``-m``; F is the Perl's with alpha 0.5 (``-p 0.5``, the harmonic mean).
Several references: ``-f B`` (the best one, as rouge-score's ``score_multi`` keeps one) or ``-f A``.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..semantics.rouge_score import SEMANTICS as _ROUGE_SCORE
from ..semantics.rouge_score import check_type  # rouge-score's own check, for both semantics
from ..pairs import score_pairs
from ..inputs.sentences import split_sentences

def _text(text, what: str) -> str:
    if isinstance(text, bytes):
        return text.decode("utf-8", "surrogateescape")
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    return text


def prepare(text: str, as_one_sentence: bool, split: bool, tokenizer, normalizer=None) -> str:
    """The SPL text the Perl reads for one summary under one rouge type."""
    if split:
        sentences = split_sentences(text)
    else:
        sentences = [s for s in text.split("\n") if len(s)]
    if normalizer is not None:
        sentences = [normalizer(s) for s in sentences]
    if tokenizer is not None:
        # A custom tokenizer's tokens, joined by spaces, still go through the Perl's clean-up.
        sentences = [" ".join(tokenizer.tokenize(s)) for s in sentences]
    if as_one_sentence:
        return " ".join(sentences)
    return "\n".join(sentences)


def score_batch(
    rouge_types: Sequence[str],
    predictions: Sequence[str],
    references: Sequence[Sequence[str]],
    use_stemmer: bool = False,
    split_summaries: bool = False,
    tokenizer=None,
    multi_reference: str = "B",
    normalizer: Optional[Callable[[str], str]] = None,
) -> Dict[str, Tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per rouge type, the per-pair (precision, recall, fmeasure) arrays; ``references[i]`` is a list."""
    for t in rouge_types:
        check_type(t)
    preds = [_text(p, "a prediction") for p in predictions]
    refs = [[_text(r, "a reference") for r in rs] for rs in references]
    out: Dict[str, Tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    # the n-gram types and rougeLsum read the sentences (n-grams join them, as the Perl does)
    groups: List[Tuple[bool, List[str]]] = [
        (False, [t for t in rouge_types if t != "rougeL"]),
        (True, [t for t in rouge_types if t == "rougeL"]),
    ]
    for one_sentence, types in groups:
        if not types:
            continue
        names = [_ROUGE_SCORE.naming.perl_tag(t) for t in types]
        split = split_summaries and not one_sentence
        p_texts = [prepare(p, one_sentence, split, tokenizer, normalizer) for p in preds]
        r_texts = [[prepare(r, one_sentence, split, tokenizer, normalizer) for r in rs] for rs in refs]
        scores = score_pairs(p_texts, r_texts, metrics=sorted(set(names)), stem=use_stemmer,
                             multi_reference=multi_reference) if p_texts else {}
        for t, name in zip(types, names):
            if name in scores:
                s = scores[name]
                out[t] = (s.precision, s.recall, s.fmeasure)
            else:
                empty = np.zeros(0)
                out[t] = (empty, empty, empty)
    return out
