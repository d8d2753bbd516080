"""rouge-score's ``rouge_scorer`` with the Perl's numbers: ``from rouge155.compat import rouge_scorer``.

``RougeScorer(rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None)`` with
``score(target, prediction)`` and ``score_multi(targets, prediction)`` returning
``{rouge_type: Score(precision, recall, fmeasure)}``. The mappings are in
:mod:`rouge155.compat.mapping`; ``score_multi`` keeps the best reference as the Perl's ``-f B`` does
(``multi_reference="A"``: all references at once, the Perl's default for several models).

``semantics="rouge-score"``: rouge-score 0.1.2's own numbers instead, float for float (its tokenizer,
nltk's Porter stemmer, its F and ``score_multi``; :mod:`rouge155.semantics.rouge_score`).

rouge-score's module-level helpers that code imports from ``rouge_scorer`` (``_score_lcs``,
``_create_ngrams``, ``_score_ngrams``, ``_lcs_table``, ``_backtrack_norec``, ``_find_union``,
``_union_lcs``, ``_summary_level_lcs``, ``lcs_ind``) are here too, as rouge-score computes them
(:mod:`rouge155.compat.rouge_score_helpers`).
"""
from __future__ import annotations

from functools import partial
from typing import Dict, List, Sequence

from ..base import arguments
from ..inputs.sources import reference_texts
from ..semantics import PERL, check
from ..semantics import rouge_score as _rouge_score
from ..text import jit
from . import scoring, tokenizers
from .mapping import score_batch, types_scorer
from .rouge_score_helpers import (_backtrack_norec, _create_ngrams, _find_union, _lcs_table,  # noqa: F401
                                  _score_lcs, _score_ngrams, _summary_level_lcs, _union_lcs, lcs_ind)
from .scoring import Score

_score_of = partial(tuple.__new__, Score)  # Score((p, r, f)) without the namedtuple's Python __new__ (a batch's)

SEMANTICS = _rouge_score.NAME  # semantics=SEMANTICS: rouge-score's own numbers


class RougeScorer(scoring.BaseScorer):
    """Calculate ROUGE scores between two blobs of text, as ROUGE-1.5.5.pl does.

    Sample usage:
      scorer = RougeScorer(['rouge1', 'rougeL'], use_stemmer=True)
      scores = scorer.score('The quick brown fox jumps over the lazy dog',
                            'The quick brown dog jumps on the log.')
    """

    def __init__(self, rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None, *,
                 multi_reference="B", semantics=PERL):
        self.rouge_types = rouge_types
        self._use_stemmer = use_stemmer
        self._split_summaries = split_summaries
        self._tokenizer = tokenizer
        if multi_reference not in ("A", "B"):
            raise ValueError("multi_reference must be 'A' (all references) or 'B' (the best one)")
        self._own = check(semantics, (PERL, SEMANTICS)) == SEMANTICS
        if self._own and multi_reference != "B":
            raise ValueError("rouge-score keeps the best reference (multi_reference='B')")
        self._multi_reference = multi_reference

    def _scores(self, references: List[List[str]], predictions: List[str]) -> List[Dict[str, Score]]:
        if self._own:
            arrays = self._rouge_score(references, predictions)
        else:
            arrays = score_batch(self.rouge_types, predictions, references, self._use_stemmer,
                                 self._split_summaries, self._tokenizer, self._multi_reference)
        out = []
        for i in range(len(predictions)):
            out.append({t: Score(precision=float(arrays[t][0][i]), recall=float(arrays[t][1][i]),
                                 fmeasure=float(arrays[t][2][i])) for t in self.rouge_types})
        return out

    def _rouge_score(self, references, predictions):
        """rouge-score's numbers: {type: (P, R, F) arrays} (its tokenizer when ``tokenizer`` is falsy)."""
        values = _rouge_score.score_pairs(predictions, references, list(self.rouge_types), self._use_stemmer,
                                          self._split_summaries, self._tokenizer or None)
        return {t: (v.precision, v.recall, v.fmeasure) for t, v in values.items()}

    def _fast(self):
        """The kept compiled scorer of these types (``mapping.types_scorer``), None where there is none."""
        fast = self.__dict__.get("_fast_scorer", False)
        if fast is False:
            fast = None
            if not self._tokenizer and not self._split_summaries and isinstance(self.rouge_types, (list, tuple)):
                fast = types_scorer(self.rouge_types, self._use_stemmer, self._multi_reference, self._own)
            self._fast_scorer = fast
        return fast

    def score(self, target, prediction):
        """A dict mapping each rouge type to a Score (target: the reference, prediction: the summary)."""
        fast = self._fast()
        if fast is not None and type(target) is str and type(prediction) is str and jit.wanted(1):
            values = fast[0].counted(prediction, [target])
            if values is not None:
                return {t: Score(*values[name][:3]) for t, name in fast[1]}
        return self._scores([[target]], [prediction])[0]

    def score_multi(self, targets, prediction):
        """The Perl's score against several targets: ``-f B`` (best reference) by default."""
        if isinstance(targets, str):
            targets = [targets]
        return self._scores([list(targets)], [prediction])[0]

    def score_batch(self, targets: Sequence, predictions: Sequence[str]) -> List[Dict[str, Score]]:
        """Not in rouge-score: many pairs at once (``targets[i]``: a text or a list of texts; one text for
        ``targets`` or ``predictions`` is a TypeError, not one pair per character)."""
        targets, predictions = arguments.text_list(targets, "targets"), arguments.text_list(predictions, "predictions")
        fast = self._fast()
        if fast is not None and jit.wanted(len(predictions)) and _texts(predictions) and _reference_texts(targets):
            values = fast[0].counted_many(predictions, targets)
            if values is not None:
                per_type = [list(map(_score_of, zip(*(getattr(values[name], f).tolist()
                                                      for f in ("precision", "recall", "fmeasure")))))
                            for _t, name in fast[1]]
                types = [t for t, _name in fast[1]]
                return [dict(zip(types, row)) for row in zip(*per_type)]
        # each target's references (a text alone, str or bytes as ``score`` takes it, is one)
        return self._scores([reference_texts(t, f"targets[{k}]") for k, t in enumerate(targets)], predictions)


def _texts(items: list) -> bool:
    """Whether every item is a str (no subclass, no bytes: what the compiled pass takes as rouge-score does)."""
    return set(map(type, items)) <= {str}


def _reference_texts(targets: list) -> bool:
    """Whether every target is a str or a list or tuple of them (read without consuming anything else)."""
    kinds = set(map(type, targets))
    if kinds <= {str}:
        return True
    return kinds <= {str, list, tuple} and all(type(t) is str or _texts(t) for t in targets)


__all__ = ["RougeScorer", "Score", "scoring", "tokenizers", "lcs_ind"]
