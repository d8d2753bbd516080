"""``score_pairs``' compiled path: ROUGE-N and ROUGE-L of many pairs without a per-pair Python object.

Used only where numba is installed (``pip install ".[jit]"``, :mod:`rouge155.text.jit`) and the
options are the plain ones the kernels cover (SPL texts in memory, no length limits, the script's
byte mode; ROUGE-N and ROUGE-L). The texts of a chunk are tokenised in one compiled pass
(:mod:`rouge155.text.jit_tokens`) and each metric is counted pair by pair in compiled loops
(:mod:`rouge155.metrics.jit_kernels`); the counts then go through the same ``combine_pairs`` as the
numpy engine's, so every float is the same. Everything else (``covers`` false) takes the numpy path.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Sequence

    from ...base.options import Options
    from ...text.tokens import TokenIds

from ...base.lazy import np  # loaded by the caller (pairs.score_pairs) once it needs it
from ...metrics.ngram import codes_at
from ..plan import LCS, NGRAM, MetricSpec
from .combine import combine_pairs
from .instances import ModelPairCounts


CHUNK_INSTANCES = 4096  # instances tokenised and counted at once (bounds the flat arrays)


def covers(options: Options, plan: Sequence[MetricSpec]) -> bool:
    """Whether the compiled path scores this run: ROUGE-N and ROUGE-L only, no length limits."""
    return (options.word_limit_num == 0 and options.byte_limit_num == 0
            and all(spec.kind in (NGRAM, LCS) for spec in plan))


def compiled_counts(peers: List[bytes], models: List[bytes], pair_instance: np.ndarray, options: Options,
                    plan: Sequence[MetricSpec], token_ids: TokenIds) -> Dict[str, np.ndarray]:
    """Per metric tag, each instance's counts row (model count, hit, R, peer count, P, F): instance i
    is ``peers[i]`` against the models of the pairs whose ``pair_instance`` is i (in order)."""
    from ...text.jit_tokens import packed_vocabulary

    vocabulary = packed_vocabulary(token_ids)
    rows: Dict[str, List[np.ndarray]] = {spec.tag: [] for spec in plan}
    pair_bounds = np.searchsorted(pair_instance, np.arange(0, len(peers) + CHUNK_INSTANCES, CHUNK_INSTANCES))
    for k, a in enumerate(range(0, len(peers), CHUNK_INSTANCES)):
        b = min(a + CHUNK_INSTANCES, len(peers))
        pa, pb = int(pair_bounds[k]), int(pair_bounds[k + 1])
        texts = vocabulary.spl_texts(peers[a:b] + models[pa:pb])
        pair_peer = pair_instance[pa:pb] - a
        pair_model = np.arange(b - a, b - a + pb - pa, dtype=np.int64)
        ngram_cache: dict = {}
        for spec in plan:
            counts = _pair_counts(spec, texts, pair_peer, pair_model, ngram_cache)
            rows[spec.tag].append(combine_pairs(counts, pair_peer, b - a, options.formula, options.alpha_num))
    return {tag: np.concatenate(r) if r else np.zeros((0, 6)) for tag, r in rows.items()}


def _pair_counts(spec: MetricSpec, texts, pair_peer: np.ndarray, pair_model: np.ndarray,
                 ngram_cache: dict) -> ModelPairCounts:
    from ...metrics import jit_kernels

    lengths = texts.tokens_end - texts.tokens_start()
    if spec.kind == LCS:
        width = int(texts.ids.max(initial=-1)) + 1
        hit = jit_kernels.lcs_hits(texts.ids, texts.unit_len, texts.tokens_start(), texts.tokens_end,
                                   texts.units_start(), texts.units_end, pair_peer, pair_model, width)
        base = lengths[pair_model]
        return ModelPairCounts(hit, base, lengths[pair_peer],
                               lambda: np.where(base > 0, hit / np.where(base > 0, base, 1), 0.0))
    n = spec.n
    model_count = np.maximum(lengths[pair_model] - n + 1, 0)
    peer_count = np.maximum(lengths[pair_peer] - n + 1, 0)
    if n > int(lengths.max(initial=0)):  # no n-gram anywhere (the cost stays that of the texts)
        return ModelPairCounts(np.zeros(len(pair_peer), dtype=np.int64), model_count, peer_count)
    codes = codes_at(texts.ids, n, ngram_cache)
    hit = jit_kernels.ngram_hits(codes, n, texts.tokens_start(), texts.tokens_end, pair_peer, pair_model)
    return ModelPairCounts(hit, model_count, peer_count)
