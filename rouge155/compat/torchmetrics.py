"""torchmetrics' ROUGE with the Perl's numbers: ``ROUGEScore`` and the functional ``rouge_score``.

Same arguments and keys (``rouge1_fmeasure``, ``rougeL_recall``, ...) as
``torchmetrics.text.rouge.ROUGEScore`` and ``torchmetrics.functional.text.rouge.rouge_score``; each
pair is scored as ROUGE-1.5.5.pl does (rougeN ``-n N``; rougeL one sentence; rougeLsum summary-level
over the sentences of rouge155's splitter, as torchmetrics splits with nltk; ``use_stemmer`` ``-m``;
``accumulate="best"`` ``-f B``, ``"avg"`` ``-f A``), and the value over the pairs is the Perl's
average (its seeded bootstrap mean, ``-r 1000``), as a 0-d float tensor. Needs torch and torchmetrics
(``pip install ".[torch]"``).

``semantics="torchmetrics"``: torchmetrics' own numbers instead, value for value (its tokenizer,
normalizer and tokenizer hooks, nltk's stemmer and punkt, float32 values and means;
:mod:`rouge155.semantics.torchmetrics`).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

try:
    import torch
    from torchmetrics import Metric
except ImportError:  # pragma: no cover - exercised only without the extra
    raise ImportError('rouge155.compat.torchmetrics needs torch and torchmetrics: pip install ".[torch]"') from None

from ..base import arguments
from ..semantics import PERL, check
from ..semantics import torchmetrics as _torchmetrics
from .mapping import score_batch
from .scoring import bootstrap
from ..semantics.base import MissingPunkt

SEMANTICS = _torchmetrics.NAME  # semantics=SEMANTICS: torchmetrics' own numbers

ALLOWED_ROUGE_KEYS: Dict[str, Union[int, str]] = {
    **{f"rouge{n}": n for n in range(1, 10)}, "rougeL": "L", "rougeLsum": "Lsum",
}
ALLOWED_ACCUMULATE_VALUES = ("avg", "best")
_PARTS = ("fmeasure", "precision", "recall")


def _check(rouge_keys, accumulate) -> Tuple[str, ...]:
    if not isinstance(rouge_keys, tuple):
        rouge_keys = (rouge_keys,)
    for key in rouge_keys:
        if key not in ALLOWED_ROUGE_KEYS:
            raise ValueError(f"Got unknown rouge key {key}. Expected to be one of {list(ALLOWED_ROUGE_KEYS.keys())}")
    if accumulate not in ALLOWED_ACCUMULATE_VALUES:
        raise ValueError(
            f"Got unknown accumulate value {accumulate}. Expected to be one of {ALLOWED_ACCUMULATE_VALUES}")
    return rouge_keys


def _inputs(preds, target) -> Tuple[List[str], List[List[str]]]:
    """torchmetrics' input shapes: one text, a list of texts, or a list of lists of references (anything
    else a TypeError naming ``preds`` or ``target``: torchmetrics takes str only)."""
    preds = preds if isinstance(preds, str) else arguments.text_list(preds, "preds")
    target = target if isinstance(target, str) else arguments.text_list(target, "target")
    if isinstance(target, list) and all(isinstance(tgt, str) for tgt in target):
        target = [target] if isinstance(preds, str) else [[tgt] for tgt in target]
    if isinstance(preds, str):
        preds = [preds]
    if isinstance(target, str):
        target = [[target]]
    preds, target = arguments.pairs(preds, target, ("preds", "target"), allow_bytes=False)
    return preds, [[t] if isinstance(t, str) else t for t in target]


class PunktUnavailable(OSError):
    """nltk's punkt data is not installed: torchmetrics tries to download it and, where it cannot,
    raises an OSError; rouge155 never downloads, and raises this one with its one line."""


class _Tokenize:
    def __init__(self, func):
        self.func = func

    def tokenize(self, text: str) -> List[str]:
        return list(self.func(text))


def _per_pair(preds, target, rouge_keys, accumulate, use_stemmer, normalizer, tokenizer,
              own: bool = False) -> Dict[str, np.ndarray]:
    """Per ``rougeX_part`` key, the per-pair values."""
    preds, target = _inputs(preds, target)
    if len(preds) != len(target):
        raise ValueError(f"got {len(preds)} predictions but {len(target)} targets")
    if own:
        try:
            values = _torchmetrics.score_pairs(preds, target, rouge_keys, use_stemmer, normalizer, tokenizer,
                                               accumulate)
        except MissingPunkt as missing:
            raise PunktUnavailable(str(missing)) from None
        return {f"{key}_{part}": getattr(values[key], part) for key in rouge_keys for part in _PARTS}
    tok = _Tokenize(tokenizer) if tokenizer is not None else None
    formula = "B" if accumulate == "best" else "A"
    out: Dict[str, np.ndarray] = {}
    plain = [k for k in rouge_keys if k != "rougeLsum"]
    if plain:
        arrays = score_batch(plain, preds, target, use_stemmer, False, tok, formula, normalizer)
        for key in plain:
            for part, column in zip(("precision", "recall", "fmeasure"), arrays[key]):
                out[f"{key}_{part}"] = column
    if "rougeLsum" in rouge_keys:
        # torchmetrics splits sentences with nltk; rouge155's splitter uses punkt when it is installed
        arrays = score_batch(["rougeLsum"], preds, target, use_stemmer, True, tok, formula, normalizer)
        for part, column in zip(("precision", "recall", "fmeasure"), arrays["rougeLsum"]):
            out[f"rougeLsum_{part}"] = column
    return out


def _average(values: np.ndarray) -> float:
    """The Perl's average of per-pair values: the mean of its 1,000 seeded resample means."""
    if len(values) == 0:
        return 0.0
    table = np.repeat(np.asarray(values, dtype=np.float64).reshape(-1, 1), 3, axis=1)
    return float(bootstrap(table, 1000, 95).mean[0])


def _result(per_pair: Dict[str, np.ndarray], rouge_keys, own: bool = False) -> Dict[str, "torch.Tensor"]:
    out = {}
    for key in rouge_keys:
        for part in _PARTS:
            name = f"{key}_{part}"
            values = np.asarray(per_pair[name], dtype=np.float64)
            if own:  # torch.tensor(values).mean(): float32 values, torch's float32 mean
                out[name] = torch.from_numpy(values.astype(np.float32)).mean()
            else:
                out[name] = torch.tensor(_average(values), dtype=torch.float32)
    return out


def rouge_score(
    preds: Union[str, Sequence[str]],
    target: Union[str, Sequence[str], Sequence[Sequence[str]]],
    accumulate: str = "best",
    use_stemmer: bool = False,
    normalizer: Optional[Callable[[str], str]] = None,
    tokenizer: Optional[Callable[[str], Sequence[str]]] = None,
    rouge_keys: Union[str, Tuple[str, ...]] = ("rouge1", "rouge2", "rougeL", "rougeLsum"),
    *,
    semantics: str = PERL,
) -> Dict[str, "torch.Tensor"]:
    """``torchmetrics.functional.text.rouge.rouge_score`` with the Perl's numbers
    (``semantics="torchmetrics"``: with torchmetrics' own)."""
    own = check(semantics, (PERL, SEMANTICS)) == SEMANTICS
    rouge_keys = _check(rouge_keys, accumulate)
    per_pair = _per_pair(preds, target, rouge_keys, accumulate, use_stemmer, normalizer, tokenizer, own)
    return _result(per_pair, rouge_keys, own)


class ROUGEScore(Metric):
    """``torchmetrics.text.rouge.ROUGEScore`` with the Perl's numbers (per-pair values kept as state)."""

    is_differentiable: bool = False
    higher_is_better: bool = True
    full_state_update: bool = True
    plot_lower_bound: float = 0.0
    plot_upper_bound: float = 1.0

    def __init__(
        self,
        use_stemmer: bool = False,
        normalizer: Optional[Callable[[str], str]] = None,
        tokenizer: Optional[Callable[[str], Sequence[str]]] = None,
        accumulate: str = "best",
        rouge_keys: Union[str, Tuple[str, ...]] = ("rouge1", "rouge2", "rougeL", "rougeLsum"),
        *,
        semantics: str = PERL,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.semantics = check(semantics, (PERL, SEMANTICS))
        self._own = self.semantics == SEMANTICS
        self.rouge_keys = _check(rouge_keys, accumulate)
        self.rouge_keys_values = [ALLOWED_ROUGE_KEYS[key] for key in self.rouge_keys]
        self.use_stemmer = use_stemmer
        self.normalizer = normalizer
        self.tokenizer = tokenizer
        self.accumulate = accumulate
        for key in self.rouge_keys:
            for part in _PARTS:
                self.add_state(f"{key}_{part}", [], dist_reduce_fx=None)

    def update(self, preds, target) -> None:
        """Score a batch; its per-pair values are kept, in order."""
        per_pair = _per_pair(preds, target, self.rouge_keys, self.accumulate, self.use_stemmer, self.normalizer,
                             self.tokenizer, self._own)
        dtype = torch.float32 if self._own else torch.float64  # torchmetrics keeps float32
        for name, values in per_pair.items():
            getattr(self, name).append(torch.tensor(values, dtype=dtype, device=self.device))

    def compute(self) -> Dict[str, "torch.Tensor"]:
        """The Perl's average over every pair seen so far, per key."""
        per_pair = {}
        for key in self.rouge_keys:
            for part in _PARTS:
                state = getattr(self, f"{key}_{part}")
                if isinstance(state, torch.Tensor):  # after a distributed sync: one concatenated tensor
                    state = [state]
                per_pair[f"{key}_{part}"] = np.concatenate([t.detach().cpu().numpy().reshape(-1) for t in state]) \
                    if state else np.zeros(0)
        return _result(per_pair, self.rouge_keys, self._own)

    def __hash__(self) -> int:
        hash_vals = [self.__class__.__name__]
        for key in self._defaults:
            value = getattr(self, key)
            if isinstance(value, list):
                value = tuple(value)
            hash_vals.append(value)
        return hash(tuple(hash_vals))


__all__ = ["ROUGEScore", "rouge_score", "ALLOWED_ROUGE_KEYS", "ALLOWED_ACCUMULATE_VALUES", "PunktUnavailable"]
