"""``score_pairs``' compiled path: ROUGE-N and ROUGE-L of many pairs without a per-pair Python object.

Used only where numba is installed (``pip install ".[jit]"``, :mod:`rouge155.text.jit`) and the
options are the plain ones the kernels cover (SPL texts in memory, no length limits, the script's
byte mode; ROUGE-N and ROUGE-L). The texts of a chunk are tokenised in one compiled pass
(:mod:`rouge155.text.jit_tokens`) and every metric is counted pair by pair in one compiled call
(:mod:`rouge155.metrics.jit_calls`, on every core for a large chunk); the counts then go through the
same ``combine_pairs`` as the numpy engine's, so every float is the same. Everything else (``covers``
false) takes the numpy path.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Sequence

    from ...base.options import Options
    from ...text.tokens import TokenIds

from ...base.lazy import np  # loaded by the caller (pairs.score_pairs) once it needs it
from ..plan import LCS, NGRAM, MetricSpec


CHUNK_INSTANCES = 4096  # instances tokenised and counted at once (bounds the flat arrays)


def covers(options: Options, plan: Sequence[MetricSpec]) -> bool:
    """Whether the compiled path scores this run: ROUGE-N and ROUGE-L only, no length limits."""
    return (options.word_limit_num == 0 and options.byte_limit_num == 0
            and all(spec.kind in (NGRAM, LCS) for spec in plan))


def compiled_counts(peers: List[bytes], models: List[bytes], pair_instance: np.ndarray, options: Options,
                    plan: Sequence[MetricSpec], token_ids: TokenIds) -> Dict[str, np.ndarray]:
    """Per metric tag, each instance's counts row (model count, hit, R, peer count, P, F): instance i
    is ``peers[i]`` against the models of the pairs whose ``pair_instance`` is i (in order). Every
    metric of a chunk is counted in one compiled call, on every core (:func:`..calls.count_tokens`)."""
    from ...text.jit_tokens import packed_vocabulary
    from ..calls import count_tokens, perl_rows, spec_kind

    vocabulary = packed_vocabulary(token_ids)
    kinds = np.array([spec_kind(spec) for spec in plan], dtype=np.int64)
    rows: Dict[str, List[np.ndarray]] = {spec.tag: [] for spec in plan}
    pair_bounds = np.searchsorted(pair_instance, np.arange(0, len(peers) + CHUNK_INSTANCES, CHUNK_INSTANCES))
    for k, a in enumerate(range(0, len(peers), CHUNK_INSTANCES)):
        b = min(a + CHUNK_INSTANCES, len(peers))
        pa, pb = int(pair_bounds[k]), int(pair_bounds[k + 1])
        texts = vocabulary.spl_texts(peers[a:b] + models[pa:pb])
        pair_peer = pair_instance[pa:pb] - a
        pair_model = np.arange(b - a, b - a + pb - pa, dtype=np.int64)
        hits, lengths = count_tokens(kinds, texts, pair_model, pair_peer)
        for m, spec in enumerate(plan):
            rows[spec.tag].append(perl_rows(int(kinds[m]), hits[:, m], lengths, pair_model, pair_peer, pair_peer,
                                            b - a, options))
    return {tag: np.concatenate(r) if r else np.zeros((0, 6)) for tag, r in rows.items()}
