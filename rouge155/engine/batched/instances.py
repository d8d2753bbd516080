"""A block's instances within a chunk and their (instance, model) pairs, flattened into arrays.

Every metric of the block reads the same pairs; what several metrics need (the joined texts
concatenated, their unigram bags) is computed once per block and kept in ``Pairs.cache``. The
per-metric maths (:mod:`.ngram`, :mod:`.skipbigram`, :mod:`.lcs`) give one
:class:`ModelPairCounts` per metric, which :mod:`.combine` turns into instance rows.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, List, Optional, Tuple

    from .documents import Doc

from ...base.lazy import np  # loaded by the caller once the run is known to need it (plan.scored_blocks)
from ...base.perl import r5
from ...base.records import dataclass, field  # dataclasses' records without its start-up cost
from ...metrics import bags


@dataclass
class Pairs:
    """Instances of one block within a chunk and their (instance, model) pairs, flattened."""

    instances: List[int]  # eval indices
    peers: List[Doc]
    models: List[List[Doc]]
    pair_instance: np.ndarray
    cache: dict = field(default_factory=dict)

    @classmethod
    def build(cls, rows):
        instances, peers, models, owner = [], [], [], []
        for k, (eval_index, peer, model_docs) in enumerate(rows):
            instances.append(eval_index)
            peers.append(peer)
            models.append(model_docs)
            owner += [k] * len(model_docs)
        return cls(instances, peers, models, np.array(owner, dtype=np.int64))

    def flat_models(self) -> List[Doc]:
        return [m for ms in self.models for m in ms]

    def joined_peers(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The peers' joined-text ids, concatenated (see ``concat``); computed once per block."""
        if "joined_peers" not in self.cache:
            self.cache["joined_peers"] = concat([d.joined for d in self.peers])
        return self.cache["joined_peers"]

    def joined_models(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The models' joined-text ids, pair by pair, concatenated; computed once per block."""
        if "joined_models" not in self.cache:
            self.cache["joined_models"] = concat([d.joined for d in self.flat_models()])
        return self.cache["joined_models"]

    def joined_bags(self, width: int) -> "JoinedBags":
        """The joined texts' unigrams as (owner * width + token id) keys; computed once per block and
        key width."""
        key = ("bags", width)
        if key not in self.cache:
            model_ids, model_owner, _ = self.joined_models()
            peer_ids, peer_owner, _ = self.joined_peers()
            w = np.int64(width)
            self.cache[key] = JoinedBags(bags.bag(model_owner * w + model_ids), bags.bag(peer_owner * w + peer_ids))
        return self.cache[key]

    def model_slots_in_peer(self, width: int) -> np.ndarray:
        """For each joined model token, the index of (its instance, its token) among the joined peer
        keys, -1 where the instance's peer text lacks it; computed once per block (ROUGE-L's peer clip
        limits and pruning, and which model tokens skip-bigrams keep)."""
        key = ("model_in_peer", width)
        if key not in self.cache:
            b = self.joined_bags(width)
            w = np.int64(width)
            # each distinct model key once: (pair, token) -> (instance, token)
            wanted = self.pair_instance[b.model.keys // w] * w + b.model.keys % w
            self.cache[key] = bags.positions(b.peer.keys, wanted)[b.model.index]
        return self.cache[key]


@dataclass
class JoinedBags:
    """The joined texts' unigram bags: model texts owned by pairs, peer texts by instances."""

    model: bags.Bag
    peer: bags.Bag


def concat(arrays: List[np.ndarray]) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Concatenation, each element's owner index, and each array's length."""
    lengths = np.array([len(a) for a in arrays], dtype=np.int64)
    if len(arrays) == 0 or lengths.sum() == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), lengths
    return np.concatenate(arrays), np.repeat(np.arange(len(arrays)), lengths), lengths


@dataclass
class ModelPairCounts:
    """One metric's counts per (instance, model) pair: hit, model count, peer count and the score
    ``-f B`` compares (computed only where an instance has several models: ``scores``); ``ratio``
    turns hits and a count into R or P (None: hits over the count; ROUGE-W: ``formulas.w_ratio``)."""

    hit: np.ndarray
    model_count: np.ndarray
    peer_count: np.ndarray
    scores: Optional[Callable[[], np.ndarray]] = None  # default: r5(hit / model count)
    ratio: Optional[Callable[[float, float], float]] = None

    def score(self) -> np.ndarray:
        if self.scores is not None:
            return self.scores()
        return _ratio_scores(self.hit, self.model_count)


def _ratio_scores(hit: np.ndarray, count: np.ndarray) -> np.ndarray:
    return np.array([r5(h / c) if c else 0.0 for h, c in zip(hit.tolist(), count.tolist())])
