"""Correlation of one metric's systems x documents scores with human scores, at system and summary
level, and the same over bootstrap resamples shared by every metric (:class:`Draws`).

* System level: each system's mean over the documents, correlated across systems.
* Summary level: per document, the correlation across systems; the mean over the documents where it
  is defined (a side constant across systems gives none) and, optionally, kept (``keep``: e.g. only the
  documents whose correlation has p <= 0.05, as REALSumm's analysis does).
* Resamples: systems and/or documents drawn with replacement (Deutsch et al., 2021). One
  :class:`Draws` serves every metric, so their intervals, and the differences between them
  (:mod:`.difference`), rest on the same samples.

The functions take numpy arrays only, so the grid tool can call them on matrices it builds itself.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, Optional, Sequence

import numpy as np

from . import stats

LEVELS = ("system", "summary")
RESAMPLE_OVER = ("both", "systems", "documents")


def bootstrap_bytes(rows: int, n_systems: int, n_documents: int, swaps: bool = False) -> float:
    """Memory per resample of a bootstrap over a systems x documents grid (measured with
    rouge155-correlate): each of ``rows`` correlations' resampled values, the draws and their weights,
    the per-document correlations of the resamples; ``swaps``: the permutation tests' swap patterns."""
    per = rows + 10 * (n_systems + n_documents) + (1.125 * n_systems * n_documents if swaps else 0)
    return 8.0 * per


@dataclass(frozen=True)
class Draws:
    """Seeded bootstrap resamples of a systems x documents grid.

    ``system_indices`` (B x N) are the systems drawn in each resample; ``system_weights`` and
    ``document_weights`` (B x N, B x M) how often each system or document was drawn.
    """

    system_indices: np.ndarray
    system_weights: np.ndarray
    document_weights: np.ndarray
    resample: str = "both"
    seed: int = 0

    @classmethod
    def make(cls, n_systems: int, n_documents: int, resamples: int, seed: int = 0, resample: str = "both") -> "Draws":
        """Systems drawn first, then documents, from PCG64(seed) (the order keeps earlier outputs)."""
        if resample not in RESAMPLE_OVER:
            raise ValueError(f"resample must be one of {', '.join(RESAMPLE_OVER)}, not {resample!r}")
        if resamples < 1:
            raise ValueError(f"resamples must be at least 1, not {resamples}")
        if seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed}")
        rng = np.random.Generator(np.random.PCG64(seed))
        if resample in ("both", "systems"):
            sys_idx = stats.resample_indices(rng, n_systems, resamples)
        else:
            sys_idx = np.tile(np.arange(n_systems), (resamples, 1))
        if resample in ("both", "documents"):
            doc_idx = stats.resample_indices(rng, n_documents, resamples)
        else:
            doc_idx = np.tile(np.arange(n_documents), (resamples, 1))
        return cls(sys_idx, _multiplicities(sys_idx, n_systems), _multiplicities(doc_idx, n_documents), resample, seed)

    @property
    def resamples(self) -> int:
        return self.system_indices.shape[0]

    @property
    def over_systems(self) -> bool:
        return self.resample in ("both", "systems")


def _multiplicities(indices: np.ndarray, n: int) -> np.ndarray:
    return np.stack([np.bincount(row, minlength=n) for row in indices]).astype(float)


def system_level(m: np.ndarray, h: np.ndarray, coefficient: str) -> float:
    """The correlation of the systems' mean scores."""
    return float(stats.CORRELATION_FUNCTIONS[coefficient](m.mean(axis=1), h.mean(axis=1))[0])


def per_document(m: np.ndarray, h: np.ndarray, coefficient: str) -> np.ndarray:
    """Per document (column), the correlation across systems (NaN where a side is constant)."""
    return stats.CORRELATION_FUNCTIONS[coefficient](m.T, h.T)


def document_mean(values: np.ndarray, keep: Optional[np.ndarray] = None) -> float:
    """The summary-level value: the mean of the defined (and kept) per-document correlations."""
    use = np.isfinite(values) if keep is None else np.isfinite(values) & keep
    return float(values[use].mean()) if use.any() else math.nan


def summary_level(m: np.ndarray, h: np.ndarray, coefficient: str, keep: Optional[np.ndarray] = None) -> float:
    return document_mean(per_document(m, h, coefficient), keep)


def boot_system(m: np.ndarray, h: np.ndarray, coefficient: str, draws: Draws,
                document_weights: Optional[np.ndarray] = None) -> np.ndarray:
    """Per resample, the system-level correlation on the drawn systems and documents."""
    weights = draws.document_weights if document_weights is None else document_weights
    d = m.shape[1]
    mm = np.take_along_axis((weights @ m.T) / d, draws.system_indices, axis=1)
    hm = np.take_along_axis((weights @ h.T) / d, draws.system_indices, axis=1)
    return stats.CORRELATION_FUNCTIONS[coefficient](mm, hm)


def boot_per_document(m: np.ndarray, h: np.ndarray, coefficients: Sequence[str], draws: Draws) -> Dict[str, np.ndarray]:
    """Per coefficient, resamples x documents: each document's correlation across the drawn systems
    (the observed ones, 1 x documents, when the draws keep the systems)."""
    if draws.over_systems:
        return stats.weighted_column_correlations(m, h, draws.system_weights, coefficients)
    return {c: per_document(m, h, c)[None, :] for c in coefficients}


def weighted_document_mean(per_doc: np.ndarray, weights: np.ndarray, keep: Optional[np.ndarray] = None) -> np.ndarray:
    """Per resample, the mean over the drawn documents (``weights``) of the defined, kept correlations."""
    per_doc = np.broadcast_to(per_doc, weights.shape)
    ok = np.isfinite(per_doc) if keep is None else np.isfinite(per_doc) & keep[None, :]
    w = weights * ok
    total = w.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, (np.where(ok, per_doc, 0.0) * w).sum(axis=1) / total, np.nan)
