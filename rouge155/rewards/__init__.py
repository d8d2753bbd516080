"""ROUGE inside training loops: reward functions for TRL and verl, group and pool scoring, token ids.

* :class:`RougeReward` (:mod:`.trl`): a reward function for TRL's ``GRPOTrainer``;
* :func:`compute_score`, :func:`compute_score_batched` (:mod:`.verl`): verl's reward functions;
* :class:`Reward` (:mod:`.reward`): the number itself, for one completion, a batch, a group (G
  completions against the same references) or token ids; any metric and measure, a weighted sum of
  several, under any implementation's semantics (the Perl's by default);
* :class:`Pool` (:mod:`.pool`): one text against a kept pool (Self-Instruct's de-duplication).

Every number is ``rouge155.score_pairs``' own; per call they come from the setting's kept scorer
(:mod:`rouge155.semantics.calls`), through the compiled kernels where numba is installed. This package
sits with :mod:`rouge155.compat` above ``rouge155.pairs`` (docs/design.md) and imports no training
framework: TRL and verl call it, it never calls them.
"""
from .pool import Pool
from .reward import Reward
from .trl import RougeReward
from .verl import compute_score, compute_score_batched

__all__ = ["RougeReward", "Reward", "Pool", "compute_score", "compute_score_batched"]
