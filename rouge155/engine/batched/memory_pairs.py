"""``score_pairs``' numpy path for texts in memory: the batched engine's metrics without a config.

Each pair is an instance with its references as models, as in ``rouge155.engine.pairs.pairs_config``, but without
building an ``Evaluation`` per pair, a text source or the run's chunk bookkeeping: the texts of a
chunk are tokenised in one pass (``Corpus.tokenise_spl``), laid out as :class:`~.instances.Pairs`
and scored block by block by :func:`~.combine.block_counts`, the engine's own code, so every float
is the same. For the plain options only (SPL texts, no length limits, the script's byte mode); where
a metric raises ``NeedsStepByStep`` (an empty model under ROUGE-W) the caller takes the general path.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Sequence

    from ...base.options import Options
    from ...text.tokens import TokenIds
    from ..plan import MetricSpec

from ...base.lazy import np  # loaded by the caller (pairs.score_pairs) once it needs it
from ...text.modes import text_model
from .chunks import CHUNK_PAIRS
from .combine import block_counts
from ...inputs.sources import MemorySource
from .documents import Corpus
from .instances import Pairs



def covers(options: Options) -> bool:
    """Whether this path scores the run (else the general one, through a config, does)."""
    return options.word_limit_num == 0 and options.byte_limit_num == 0 and not text_model(options).chars


def memory_counts(peers: List[bytes], models: List[List[bytes]], options: Options, plan: Sequence[MetricSpec],
                  token_ids: TokenIds) -> Dict[str, np.ndarray]:
    """Per metric tag, each pair's counts row (model count, hit, R, peer count, P, F), pair by pair:
    instance i is ``peers[i]`` against ``models[i]``. Raises ``NeedsStepByStep`` where the engine does."""
    rows: Dict[str, List[np.ndarray]] = {spec.tag: [] for spec in plan}
    start = 0
    while start < len(peers):
        end, size = start, 0
        while end < len(peers) and (size == 0 or size + len(models[end]) <= CHUNK_PAIRS):
            size += len(models[end])
            end += 1
        corpus = Corpus(options, token_ids, MemorySource({}))  # every text is given: nothing is read
        peer_keys = [("p", k) for k in range(start, end)]
        model_keys = [[("m", k, j) for j in range(len(models[k]))] for k in range(start, end)]
        corpus.tokenise_spl(peer_keys + [key for keys in model_keys for key in keys],
                            peers[start:end] + [text for texts in models[start:end] for text in texts])
        docs = corpus.docs
        pairs = Pairs.build([(k, docs[("p", k)], [docs[key] for key in keys])
                             for k, keys in zip(range(start, end), model_keys)])
        for spec in plan:
            rows[spec.tag].append(block_counts(spec, pairs, options))
        start = end
    return {tag: np.concatenate(r) if r else np.zeros((0, 6)) for tag, r in rows.items()}
