"""A ``rouge155 --format json`` document of generated scores, for the report's layout tests."""
from __future__ import annotations

from typing import Optional, Sequence

import numpy as np


def results_document(systems: int, documents: int = 40, names: Optional[Sequence[str]] = None,
                     metrics: Sequence[str] = ("ROUGE-1", "ROUGE-2")) -> dict:
    """``systems`` systems (``names``, default ``summarizer-00`` ...) whose mean F rises with their index."""
    names = list(names or [f"summarizer-{i:02d}" for i in range(systems)])
    rng = np.random.default_rng(systems)
    out = []
    for metric in metrics:
        for i, name in enumerate(names):
            scores = np.clip(rng.normal(0.2 + 0.01 * i, 0.08, (documents, 3)), 0, 1)
            avg = {k: {"mean": float(v.mean()), "low": float(v.mean() - 0.02), "high": float(v.mean() + 0.02)}
                   for k, v in zip(("recall", "precision", "f_score"), scores.T)}
            inst = [{"id": f"d{j}.{name}", "eval_id": f"d{j}", "recall": r, "precision": p, "f_score": f,
                     "model_count": 100.0, "peer_count": 90.0, "hit": 20.0}
                    for j, (r, p, f) in enumerate(scores.tolist())]
            out.append({"system": name, "metric": metric, "average": avg, "instances": inst})
    return {"rouge155_version": "0", "confidence": 95, "resamples": 1000, "token_mode": 0, "precise": True,
            "metrics": out, "warnings": []}
