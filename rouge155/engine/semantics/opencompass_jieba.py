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

from . import jieba_words, pltrdy, rouge_chinese
from .base import PairArrays, Rule, Semantics, known_metrics

NAME = "opencompass-jieba"
METRICS = ("rouge1", "rouge2", "rougeL")
_OWN = {"rouge1": "rouge-1", "rouge2": "rouge-2", "rougeL": "rouge-l"}  # its keys -> rouge-chinese's metrics
_PURPOSE = "the opencompass-jieba recipe"

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


def processed(texts: Sequence[str], placeholder: str) -> List[str]:
    """Each text post-processed, cut by jieba and joined by spaces, or the placeholder where that is empty."""
    for text in texts:
        if not isinstance(text, str):
            raise TypeError(f"a text must be a str, not {type(text).__name__}")
    words = jieba_words.joined([general_postprocess(t) for t in texts], _PURPOSE)
    return [w if w else placeholder for w in words]


def score_pairs(predictions: Sequence[str], references: Sequence[Sequence[str]],
                metrics: Sequence[str] = METRICS) -> Dict[str, PairArrays]:
    """Per metric, each pair's rouge-chinese values on the processed texts (fractions)."""
    metrics = known_metrics(metrics, METRICS, "the opencompass-jieba recipe")
    if len(predictions) != len(references):
        raise ValueError(f"{len(predictions)} predictions but {len(references)} references")
    if any(len(r) != 1 for r in references):
        raise ValueError("OpenCompass' JiebaRougeEvaluator scores one reference per prediction")
    hyps = processed(predictions, "__PREDPLACEHOLDER__")
    refs = processed([r[0] for r in references], "__REFRPLACEHOLDER__")
    values = rouge_chinese.score_pairs(hyps, [[r] for r in refs], [_OWN[m] for m in metrics])
    return {m: values[_OWN[m]] for m in metrics}


def aggregate(values: PairArrays) -> Tuple[float, float, float]:
    """The corpus (P, R, F) as the evaluator reports them: rouge-chinese's ``avg=True`` values, ``* 100``."""
    if len(values.fmeasure) == 0:
        raise ValueError("no pair to average")
    p, r, f = pltrdy.aggregate(values)
    return p * 100, r * 100, f * 100


def tokenize(text: str) -> List[str]:
    """The words rouge-chinese sees: the post-processed text's jieba words."""
    return rouge_chinese.tokenize(processed([text], "__PREDPLACEHOLDER__")[0])


def split_sentences(text: str) -> List[str]:
    return rouge_chinese.split_sentences(processed([text], "__PREDPLACEHOLDER__")[0])


SEMANTICS = Semantics(
    name=NAME,
    reproduces="OpenCompass 0.5.3 JiebaRougeEvaluator (general_postprocess + jieba + rouge-chinese 1.0.3)",
    metrics=METRICS,
    tokenizer=Rule("opencompass-jieba", "text cut at its first \\n . or ,; punctuation and a/an/the removed; "
                   "jieba.cut joined by spaces; an empty text becomes a placeholder word"),
    stemmer=Rule("none", "no stemming"),
    sentence_splitter=Rule("cut-sent", "rouge-chinese's cut_sent on the joined words; rougeL ignores sentences"),
    f_measure=Rule("harmonic-1e-8", "rouge-chinese's F = 2 * (P * R / (P + R + 1e-8)); n-grams as sets; rougeL: "
                   "one LCS of the whole word lists"),
    multi_reference=Rule("single", "one reference per prediction"),
    aggregation=Rule("mean-percent", "arithmetic mean summed in order (rouge-chinese avg=True), x 100"),
    score_pairs=score_pairs,
    aggregate=aggregate,
    tokenize=tokenize,
    split_sentences=split_sentences,
    stem=None,
    f_score=pltrdy.f_score,
)

def signature_fields() -> Dict[str, object]:
    """The segmenter and its version (its words decide the numbers)."""
    return {"segmenter": f"jieba@{jieba_words.version()}"}


__all__ = ["SEMANTICS", "signature_fields", "score_pairs", "aggregate", "general_postprocess", "METRICS"]
