"""Per-pair scores for many (prediction, references) pairs at once: ``rouge155.score_pairs``.

Each pair is one evaluation (IDs 1..N, one peer, its references as models), scored by the engine
(:mod:`rouge155.engine.pairs`) with the Perl's options; no bootstrap is run. Each pair's recall,
precision and F are exactly what ``ROUGE-1.5.5.pl -d`` prints for that evaluation (before
``%7.5f``: the script's own per-instance rounding to 5 decimals is applied, as it is there).
"""
from __future__ import annotations

from typing import Dict, Optional, Sequence, Union

from .base.errors import OptionError
from .engine.pairs import PairScores, Text, pair_options, pair_scores, pair_texts
from .metrics.names import parse_metrics
from .output.signature import SignedScores, api_signature_args


def score_pairs(
    predictions: Sequence[Text],
    references: Sequence[Union[Text, Sequence[Text]]],
    metrics: Union[str, Sequence[str]] = ("ROUGE-1", "ROUGE-2", "ROUGE-L"),
    stem: bool = False,
    remove_stopwords: bool = False,
    multi_reference: str = "A",
    alpha: float = 0.5,
    word_limit: Optional[int] = None,
    byte_limit: Optional[int] = None,
    data_dir: Optional[str] = None,
    dask=None,
    semantics: str = "perl",
    signature_check: Optional[str] = None,
) -> Dict[str, PairScores]:
    """Per-pair ROUGE for ``predictions[i]`` against ``references[i]`` (one text or a list of texts).

    Texts are SPL: one sentence per line (ROUGE-L is summary-level over those sentences). Flags:
    ``stem`` -m, ``remove_stopwords`` -s, ``multi_reference`` -f (``"A"``: totals over the
    references, ``"B"``: the best one), ``alpha`` -p, ``word_limit`` -l, ``byte_limit`` -b.
    ``dask``: a ``distributed.Client`` or a scheduler address, to compute the chunks on a Dask cluster.
    Returns ``{tag: PairScores}`` keyed by the report's names (``"ROUGE-1"``, ``"ROUGE-L"``, ...), a
    dict whose ``.signature`` names the settings (docs/signature.md); ``signature_check``: refuse the
    call, before scoring, when its settings differ from that signature's (ValueError).
    ``semantics``: another implementation's numbers instead of the Perl's (``"rouge-score"``,
    ``"torchmetrics"``, ``"pltrdy"``, ``"py-rouge"``; :func:`rouge155.semantics.score_pairs`).
    """
    if semantics != "perl":
        from .semantics import score_pairs as other_semantics

        if dask is not None:
            raise OptionError("dask= scores the Perl's semantics only")
        # the call's own settings sign it (the implementation maps them onto its own)
        signature_args = api_signature_args(
            None, [len(r) if isinstance(r, (list, tuple)) else 1 for r in references], None, False, signature_check,
            semantics=semantics, multi_reference=multi_reference, semantics_settings={
                "stem": bool(stem), "alpha": alpha, "word_limit": word_limit, "byte_limit": byte_limit})
        return SignedScores(other_semantics(semantics, predictions, references, metrics, stem, remove_stopwords,
                                            multi_reference, alpha, word_limit, byte_limit), signature_args)
    wanted = parse_metrics(metrics)
    options = pair_options(wanted, stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit)
    peers, models = pair_texts(predictions, references)
    signature_args = api_signature_args(options, [len(refs) for refs in models], data_dir, False, signature_check)
    return SignedScores(pair_scores(peers, models, wanted, options, data_dir, dask), signature_args)


__all__ = ["score_pairs", "PairScores"]
