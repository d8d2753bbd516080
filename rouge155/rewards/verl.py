"""ROUGE for verl 0.9's reward managers: ``compute_score`` (the naive and reward-loop managers call it
per response: ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``)
and ``compute_score_batched`` (the batch manager: ``compute_score(data_sources=..., solution_strs=...,
ground_truths=..., extra_infos=...)``). In verl's config::

    reward:
      custom_reward_function:
        path: pkg://rouge155.rewards.verl
        name: compute_score            # or compute_score_batched with reward_manager.name=batch
        reward_kwargs: {metrics: ROUGE-L, semantics: perl}

``reward_kwargs`` (verl merges them into every call) set the reward: ``metrics``, ``measure``,
``semantics``, ``stem``, ``remove_stopwords``, ``multi_reference``, ``alpha`` (:class:`~.reward.Reward`).
``ground_truth`` is the reference: a text or a list of texts. The keyword arguments verl adds for
its own reward models (``reward_router_address``, ``reward_model_tokenizer``) are ignored.
"""
from __future__ import annotations

import threading
from typing import Dict, List, Optional, Sequence

from .reward import Reward

SETTINGS = ("metrics", "measure", "semantics", "stem", "remove_stopwords", "multi_reference", "alpha", "data_dir")
IGNORED = frozenset(("reward_router_address", "reward_model_tokenizer"))  # verl's, for reward models
_rewards: Dict[tuple, Reward] = {}
_lock = threading.Lock()
KEPT = 64


def reward_of(settings: Dict[str, object]) -> Reward:
    """The :class:`Reward` of verl's ``reward_kwargs`` (made once per setting; unknown keys: TypeError)."""
    unknown = sorted(k for k in settings if k not in SETTINGS and k not in IGNORED)
    if unknown:
        raise TypeError(f"unknown ROUGE reward setting(s) {', '.join(map(repr, unknown))}: use {', '.join(SETTINGS)}")
    own = {k: v for k, v in settings.items() if k in SETTINGS}
    metrics = own.get("metrics", "ROUGE-L")
    key = tuple(sorted((k, repr(v)) for k, v in own.items()))
    made = _rewards.get(key)
    if made is None:
        made = Reward(**{**own, "metrics": dict(metrics.items()) if hasattr(metrics, "items") else metrics})  # type: ignore[arg-type]
        with _lock:
            if len(_rewards) >= KEPT:
                _rewards.pop(next(iter(_rewards)))
            _rewards[key] = made
    return made


def _references(ground_truth, where: str) -> List[object]:
    if isinstance(ground_truth, (str, bytes)):
        return [ground_truth]
    if ground_truth is None or not hasattr(ground_truth, "__len__") or len(ground_truth) == 0:
        raise ValueError(f"{where}: no reference (ground_truth is {ground_truth!r})")
    return list(ground_truth)


def compute_score(data_source=None, solution_str="", ground_truth=None, extra_info=None, **settings) -> float:
    """One response's ROUGE reward (verl's ``compute_score`` signature)."""
    del data_source, extra_info
    return reward_of(settings).one(solution_str, _references(ground_truth, "compute_score"))


def compute_score_batched(data_sources: Sequence = (), solution_strs: Sequence[str] = (),
                          ground_truths: Sequence = (), extra_infos: Optional[Sequence] = None,
                          **settings) -> List[float]:
    """A batch's ROUGE rewards (verl's batch reward manager), one float per response."""
    del data_sources, extra_infos
    refs = [_references(g, f"compute_score_batched, response {i}") for i, g in enumerate(ground_truths)]
    if len(refs) != len(solution_strs):
        raise ValueError(f"{len(solution_strs)} responses but {len(refs)} ground truths")
    return reward_of(settings).many(list(solution_strs), refs)

