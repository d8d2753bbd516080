"""Per-pair scores for many (prediction, references) pairs at once: ``rouge155.score_pairs``.

Each pair is one evaluation (IDs 1..N, one peer, its references as models), scored by the engine
(:mod:`rouge155.engine.pairs`) with the Perl's options, or by the implementation ``semantics`` names
(through the registry, :mod:`rouge155.semantics`); no bootstrap is run. Each pair's recall,
precision and F are exactly what ``ROUGE-1.5.5.pl -d`` prints for that evaluation (before
``%7.5f``: the script's own per-instance rounding to 5 decimals is applied, as it is there).
"""
from __future__ import annotations

from typing import Dict, Optional, Sequence, Union

from .base import arguments
from .base.errors import OptionError
from .engine.pairs import PairScores, Text
from .inputs.token_ids import is_token_batch
from .semantics import PERL, get
from .semantics.calls import score_call, score_ids


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
    semantics: str = PERL,
    signature_check: Optional[str] = None,
    language: Optional[str] = None,
    pad_id: Optional[int] = None,
    special_ids: Sequence[int] = (),
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
    ``"torchmetrics"``, ``"pltrdy"``, ``"py-rouge"``, or any name :mod:`rouge155.semantics` registers),
    its options mapped onto that implementation's (what it lacks: ValueError). ``language``: an ISO 639
    code, for an implementation with a language setting (``"xlsum"``: its ``lang=``, docs/semantics.md).

    Token ids instead of texts (a 2-D array or tensor, or sequences of integers: lists, numpy arrays,
    torch tensors; ``pad_id`` and ``special_ids`` dropped wherever they occur) are scored without
    decoding, each sequence one sentence, each id one token: the numbers of the ids written as a text
    (:mod:`rouge155.inputs.token_ids`; ``stem`` and ``remove_stopwords`` do not apply).

    Arguments are checked here, once, the same under every semantics (:mod:`rouge155.base.arguments`):
    one text where a list belongs, None, a number or a nested list is a TypeError naming it; a
    generator is read once, before anything else reads it; a non-numeric, NaN or out-of-range
    ``alpha``/``word_limit``/``byte_limit`` is an exception naming it.
    """
    if is_token_batch(predictions):
        if dask is not None or language is not None:
            raise OptionError("dask= and language= score texts, not token ids")
        return score_ids(get(semantics), predictions, references, metrics, pad_id=pad_id, special_ids=special_ids,
                         stem=stem, remove_stopwords=remove_stopwords, multi_reference=multi_reference, alpha=alpha,
                         word_limit=word_limit, byte_limit=byte_limit, data_dir=data_dir,
                         signature_check=signature_check)
    implementation = get(semantics)
    predictions, references = arguments.pairs(predictions, references)
    metrics = arguments.metric_list(metrics)
    alpha = arguments.number(alpha, "alpha", 0, 1)
    whole = implementation.name != PERL  # the Perl reads a limit as a number (-l 10.5); the others slice
    if word_limit is not None:
        word_limit = arguments.number(word_limit, "word_limit", 0, integer=whole)
    if byte_limit is not None:
        byte_limit = arguments.number(byte_limit, "byte_limit", 0, integer=whole)
    if whole:  # the Perl reads bytes as they are; every other implementation reads str
        predictions = arguments.str_list(predictions, "predictions")
        references = [r if type(r) is str else arguments.as_str(r, f"references[{i}]")
                      if isinstance(r, arguments.TEXT_TYPES) else arguments.str_list(r, f"references[{i}]")
                      for i, r in enumerate(references)]
    return score_call(implementation, predictions, references, metrics, stem=stem, remove_stopwords=remove_stopwords,
                      multi_reference=multi_reference, alpha=alpha, word_limit=word_limit, byte_limit=byte_limit,
                      data_dir=data_dir, dask=dask, signature_check=signature_check, language=language)


__all__ = ["score_pairs", "PairScores"]
