"""LLaMA-Factory's ``predict_rouge-1``, ``predict_rouge-2``, ``predict_rouge-l``, end to end, float for float.

The recipe of ``ComputeSimilarity`` (``src/llamafactory/train/sft/metric.py``, LLaMA-Factory v0.9.5, the
same at commit ff6d4d1), from the decoded prediction and label of each example:

* words: ``list(jieba.cut(text))``, joined by single spaces (jieba's version decides the words);
* an empty side (no word once split on whitespace): 0 for the three scores, without calling ROUGE;
* otherwise ``rouge_chinese.Rouge().get_scores(hyp, ref)[0]`` (:mod:`.rouge_chinese`: its sentences,
  n-grams as sets, whole-text LCS, F = 2 * (P * R / (P + R + 1e-8)));
* each pair's F stored as ``round(f * 100, 4)`` (Python's correctly rounded ``round``);
* the corpus number: ``float(np.mean(values))`` over all pairs (numpy's pairwise sum), which the trainer
  reports as ``predict_rouge-N`` (its console shows it rounded to 4 places, its JSON files unrounded).

Per-pair values here are LLaMA-Factory's (percent, rounded); P and R, which it does not report, are
treated the same way. The counts are rouge-chinese's (0 where a side is empty). LLaMA-Factory's
``scripts/eval_bleu_rouge.py`` averages with ``sum(scores) / len(scores)`` instead (Python's ``sum``,
compensated since Python 3.12): its last digits can differ from ``np.mean``.
"""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

import numpy as np

from ..engine.pairs import PairScores
from ..metrics.names import Naming
from . import jieba_words, rouge_chinese
from .base import Rule, known_metrics
from .recipe import Recipe

NAME = "llamafactory"
METRICS = ("rouge-1", "rouge-2", "rouge-l")
_PURPOSE = "the llamafactory recipe"


def percent(values: np.ndarray) -> np.ndarray:
    """``round(v * 100, 4)`` for each value (Python's round: the decimal nearest the double, ties to even)."""
    return np.array([round(v, 4) for v in (np.asarray(values, dtype=np.float64) * 100).tolist()], dtype=np.float64)


def segmented(predictions: Sequence[str], references: Sequence[Sequence[str]]) -> Tuple[List[str], List[str]]:
    """The jieba-joined prediction and label of each pair (one label per prediction)."""
    if len(predictions) != len(references):
        raise ValueError(f"{len(predictions)} predictions but {len(references)} references")
    if any(len(r) != 1 for r in references):
        raise ValueError("LLaMA-Factory scores one label per prediction")
    joined = jieba_words.joined(list(predictions) + [r[0] for r in references], _PURPOSE)
    return joined[:len(predictions)], joined[len(predictions):]


class LlamaFactory(Recipe):
    name = NAME
    reproduces = "LLaMA-Factory 0.9.5 predict_rouge-1/2/l (ComputeSimilarity: jieba + rouge-chinese 1.0.3)"
    base = rouge_chinese.SEMANTICS
    naming = Naming(METRICS, "rouge-{n}", "rouge-l", max_n=2)
    segmenter = Rule("jieba", "jieba.cut (its installed version), words joined by spaces")
    f_measure = Rule("harmonic-1e-8-percent", "rouge-chinese's F, x 100, rounded to 4 places; an empty side: 0")
    multi_reference = Rule("single", "one label per prediction")
    aggregation = Rule("mean-numpy", "np.mean of the rounded per-pair values")
    audited_by_default = False  # Chinese text: name it to audit it

    def segment(self, text: str) -> str:
        return jieba_words.joined([text], _PURPOSE)[0]

    def finish(self, precision: np.ndarray, recall: np.ndarray, fmeasure: np.ndarray
               ) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        return percent(precision), percent(recall), percent(fmeasure)

    def score_pairs(self, predictions: Sequence[str], references: Sequence[Sequence[str]],
                    metrics: Sequence[str] = METRICS, **own_options) -> Dict[str, PairScores]:
        """Per metric, each pair's values as LLaMA-Factory stores them (``round(100 * x, 4)``; 0 where a side
        has no word, which rouge-chinese is not asked about)."""
        del own_options  # rouge-chinese's: none
        metrics = known_metrics(metrics, METRICS, "the llamafactory recipe")
        hyps, refs = segmented(predictions, references)
        scored = np.flatnonzero([bool(h.split()) and bool(r.split()) for h, r in zip(hyps, refs)])
        values = self.base.score_pairs([hyps[i] for i in scored], [[refs[i]] for i in scored], metrics)

        def full(x: np.ndarray) -> np.ndarray:
            filled = np.zeros(len(hyps), dtype=np.float64)
            filled[scored] = x
            return filled

        return {m: PairScores(*self.finish(full(v.precision), full(v.recall), full(v.fmeasure)), full(v.hits),
                              full(v.model_count), full(v.peer_count)) for m, v in values.items()}

    def aggregate(self, values: PairScores) -> Tuple[float, float, float]:
        """The corpus (P, R, F) as the trainer reports F: ``float(np.mean(values))``."""
        if len(values.fmeasure) == 0:
            raise ValueError("no pair to average")
        p, r, f = (float(np.mean(np.asarray(x, dtype=np.float64)))
                   for x in (values.precision, values.recall, values.fmeasure))
        return p, r, f

    def fixed_settings(self) -> Dict[str, object]:
        """The segmenter and its version (its words decide the numbers)."""
        return {"segmenter": f"jieba@{jieba_words.version()}"}


SEMANTICS = LlamaFactory()

__all__ = ["SEMANTICS", "percent", "METRICS"]
