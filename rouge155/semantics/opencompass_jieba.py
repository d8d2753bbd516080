"""OpenCompass' ``JiebaRougeEvaluator`` (``rouge1``, ``rouge2``, ``rougeL``), end to end, float for float.

The recipe of ``opencompass/openicl/icl_evaluator/icl_jieba_rouge_evaluator.py`` (OpenCompass 0.5.3,
unchanged at commit a5acc4b), from the predictions and references the evaluator receives (after any
dataset-specific ``pred_postprocessor``):

* ``general_postprocess`` on both sides: the text cut at its first ``\\n``, ``.`` or ``,``; every
  character outside ``[\\w\\s]`` removed; the words ``a``, ``an``, ``the`` removed (any case); whitespace
  runs made one space; stripped;
* words: ``" ".join(jieba.cut(text))``; an empty result becomes ``__PREDPLACEHOLDER__`` (prediction) or
  ``__REFRPLACEHOLDER__`` (reference), so that rouge-chinese never sees an empty text;
* ``rouge_chinese.Rouge().get_scores(predictions, references, avg=True)`` (:mod:`.rouge_chinese`): the
  per-pair values summed in order and divided by their number;
* each score ``* 100``. (A single run's ``np.mean`` of one value is that value; OpenCompass' summary
  table prints it with two decimals.)

Per-pair values here are rouge-chinese's on the processed texts (fractions); the corpus numbers are
OpenCompass' (percent).
"""
from __future__ import annotations

import re
from typing import Dict, List, Sequence, Tuple

from ..engine.pairs import PairScores
from ..metrics.names import Naming
from . import jieba_words, pltrdy, rouge_chinese
from .base import Rule, known_metrics
from .recipe import Recipe

NAME = "opencompass-jieba"
METRICS = ("rouge1", "rouge2", "rougeL")
_OWN = {"rouge1": "rouge-1", "rouge2": "rouge-2", "rougeL": "rouge-l"}  # its keys -> rouge-chinese's metrics
_PURPOSE = "the opencompass-jieba recipe"
_PLACEHOLDERS = ("__PREDPLACEHOLDER__", "__REFRPLACEHOLDER__")  # an empty prediction's, an empty reference's

# opencompass.utils.text_postprocessors.general_postprocess, step by step
_FIRST_PIECE = re.compile(r"[\n.,]")
_PUNCTUATION = re.compile(r"[^\w\s]")
_ARTICLES = re.compile(r"\b(a|an|the)\b", flags=re.IGNORECASE)
_SPACES = re.compile(r"\s+")


def general_postprocess(text: str) -> str:
    """OpenCompass' ``general_postprocess``."""
    truncated = _FIRST_PIECE.split(text, maxsplit=1)[0]
    no_punctuation = _PUNCTUATION.sub("", truncated)
    no_articles = _ARTICLES.sub("", no_punctuation)
    return _SPACES.sub(" ", no_articles).strip()


def processed(texts: Sequence[str]) -> List[str]:
    """Each text post-processed, cut by jieba and joined by spaces (each distinct text once)."""
    memo: Dict[str, str] = {}
    for text in texts:
        if not isinstance(text, str):
            raise TypeError(f"a text must be a str, not {type(text).__name__}")
        if text not in memo:
            memo[text] = general_postprocess(text)
    return jieba_words.joined([memo[t] for t in texts], _PURPOSE)


class OpenCompassJieba(Recipe):
    name = NAME
    reproduces = "OpenCompass 0.5.3 JiebaRougeEvaluator (general_postprocess + jieba + rouge-chinese 1.0.3)"
    base = rouge_chinese.SEMANTICS
    naming = Naming(METRICS, "rouge{n}", "rougeL", max_n=2)
    segmenter = Rule("opencompass-jieba", "text cut at its first \\n . or ,; punctuation and a/an/the removed; "
                     "jieba.cut joined by spaces; an empty text becomes a placeholder word")
    multi_reference = Rule("single", "one reference per prediction")
    aggregation = Rule("mean-percent", "arithmetic mean summed in order (rouge-chinese avg=True), x 100")
    audited_by_default = False  # Chinese text: name it to audit it

    def segment(self, text: str) -> str:
        """The post-processed text's jieba words joined by spaces (the placeholder of an empty text is the
        scoring's: as no word, it gives the same P, R and F, 0)."""
        return processed([text])[0]

    def score_pairs(self, predictions: Sequence[str], references: Sequence[Sequence[str]],
                    metrics: Sequence[str] = METRICS, **own_options) -> Dict[str, PairScores]:
        """Per metric, each pair's rouge-chinese values on the processed texts (fractions)."""
        del own_options  # rouge-chinese's: none
        metrics = known_metrics(metrics, METRICS, "the opencompass-jieba recipe")
        if len(predictions) != len(references):
            raise ValueError(f"{len(predictions)} predictions but {len(references)} references")
        if any(len(r) != 1 for r in references):
            raise ValueError("OpenCompass' JiebaRougeEvaluator scores one reference per prediction")
        words = processed(list(predictions) + [r[0] for r in references])
        count = len(predictions)
        hyps = [w or _PLACEHOLDERS[0] for w in words[:count]]
        refs = [[w or _PLACEHOLDERS[1]] for w in words[count:]]
        values = self.base.score_pairs(hyps, refs, [_OWN[m] for m in metrics])
        return {m: values[_OWN[m]] for m in metrics}

    def aggregate(self, values: PairScores) -> Tuple[float, float, float]:
        """The corpus (P, R, F) as the evaluator reports them: rouge-chinese's ``avg=True`` values, ``* 100``."""
        if len(values.fmeasure) == 0:
            raise ValueError("no pair to average")
        p, r, f = pltrdy.aggregate(values)
        return p * 100, r * 100, f * 100

    def fixed_settings(self) -> Dict[str, object]:
        """The segmenter and its version (its words decide the numbers)."""
        return {"segmenter": f"jieba@{jieba_words.version()}"}


SEMANTICS = OpenCompassJieba()

__all__ = ["SEMANTICS", "general_postprocess", "METRICS"]
