"""Token ids given instead of texts: what a training loop holds (TRL hands reward functions
``completion_ids``; verl's batches are tensors of ids).

A summary is then a sequence of integer ids (a list or tuple of ints, a numpy array, a torch tensor:
anything with ``tolist``), each id one token, the whole sequence one sentence; ``pad_id`` and
``special_ids`` are dropped wherever they occur (as ``decode(..., skip_special_tokens=True)`` drops
them). It scores as the ids written in decimal, separated by spaces, would as a text (the
``--write-token-ids`` convention: each id a token the Perl counts as it is, no stemming, no
stopwords), without decoding anything. A batch is a sequence of such summaries or a 2-D array or
tensor (one row each); each pair's references are one sequence or a sequence of them.
"""
from __future__ import annotations

from typing import Iterable, List, Optional, Sequence, Tuple

import numpy as np

from ..base.errors import OptionError


def _is_array(value) -> bool:
    return hasattr(value, "tolist") and hasattr(value, "dtype") and hasattr(value, "ndim")


def _is_int(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def is_token_ids(value) -> bool:
    """Whether ``value`` is one summary given as token ids (not a text)."""
    if _is_array(value):
        return value.ndim == 1
    return isinstance(value, (list, tuple)) and (len(value) == 0 or _is_int(value[0]))


def is_token_batch(predictions) -> bool:
    """Whether a batch of predictions is one of token ids (a 2-D array, or its first summary ids)."""
    if type(predictions) is list and predictions and type(predictions[0]) is str:
        return False  # the usual call, answered before the checks below (a call per completion)
    if _is_array(predictions):
        return predictions.ndim == 2
    return isinstance(predictions, Sequence) and not isinstance(predictions, (str, bytes)) \
        and len(predictions) > 0 and not isinstance(predictions[0], (str, bytes)) and is_token_ids(predictions[0])


def _dropped(special_ids: Iterable[int], pad_id: Optional[int]) -> np.ndarray:
    ids = [] if pad_id is None else [pad_id]
    ids += list(special_ids)
    for i in ids:
        if not _is_int(i):
            raise TypeError(f"pad_id and special_ids must be integers, not {type(i).__name__}")
    return np.array(ids, dtype=np.int64)


def as_ids(value, where: str, dropped: np.ndarray) -> np.ndarray:
    """One summary's ids as an int64 array, the ``dropped`` ids left out (TypeError/ValueError naming
    ``where`` for what is not a sequence of non-negative integers)."""
    if _is_array(value):
        if getattr(value, "ndim", 1) != 1:
            raise ValueError(f"{where} must be a 1-D sequence of token ids, not {value.ndim}-D")
        value = value.tolist()  # a torch tensor (any device) or a numpy array, without importing torch
    elif not isinstance(value, (list, tuple)):
        raise TypeError(f"{where} must be a sequence of token ids, not {type(value).__name__}")
    if not all(map(_is_int, value)):
        bad = next(v for v in value if not _is_int(v))
        raise TypeError(f"{where} must hold integer token ids, not {type(bad).__name__}")
    ids = np.array(value, dtype=np.int64) if value else np.zeros(0, dtype=np.int64)
    if len(ids) and int(ids.min()) < 0:
        raise ValueError(f"{where} holds a negative token id ({int(ids.min())})")
    if len(dropped):
        ids = ids[~np.isin(ids, dropped)]
    return ids


def token_batch(predictions, references, pad_id: Optional[int] = None, special_ids: Sequence[int] = ()
                ) -> Tuple[List[np.ndarray], List[List[np.ndarray]]]:
    """A batch of token-id predictions and their references as int64 arrays (``references[i]``: one
    sequence or several), ``pad_id`` and ``special_ids`` dropped."""
    dropped = _dropped(special_ids, pad_id)
    if len(predictions) != len(references):
        raise OptionError(f"{len(predictions)} predictions but {len(references)} references")
    preds = [as_ids(p, f"predictions[{i}]", dropped) for i, p in enumerate(predictions)]
    refs: List[List[np.ndarray]] = []
    for i, group in enumerate(references):
        if is_token_ids(group):
            refs.append([as_ids(group, f"references[{i}]", dropped)])
            continue
        if isinstance(group, (str, bytes)) or not hasattr(group, "__len__"):
            raise TypeError(f"references[{i}] must be token ids or a sequence of them, not {type(group).__name__}")
        if len(group) == 0:
            raise OptionError(f"pair {i} has no reference")
        refs.append([as_ids(r, f"references[{i}][{k}]", dropped) for k, r in enumerate(group)])
    return preds, refs
