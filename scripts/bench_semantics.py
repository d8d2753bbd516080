"""Pairs per second of every ROUGE implementation on the same pairs, side by side, and whether rouge155's
numbers under each semantics equal the implementation's own.

    python scripts/bench_semantics.py [--jsonl FILE] [--pairs N] [--stem] [--repeat K]

``--jsonl``: ``{"prediction", "references": [...]}`` per line (only the first reference is used); default
the 200 CNN/DM pairs of tests/data, cycled to ``--pairs``. Rows: rouge-score 0.1.2 (``score`` per pair),
rouge-score-rs 0.2.1 (``score`` per pair, and its multi-threaded ``score_batch``), torchmetrics 1.9
(functional ``rouge_score``), the ``rouge`` package 1.0.1 (``get_scores``), and rouge155: the
rouge-score semantics through ``compat.hf_evaluate.compute(use_aggregator=False)`` and
``score_pairs(semantics=...)``, the Perl's ``score_pairs``, the other semantics, and py-rouge 1.1
(from its own copy, devkit/oracles.py). Types: rouge1,
rouge2, rougeL, rougeLsum (rougeLsum left out where it needs nltk's punkt data and none is installed).
Each timing is the best of ``--repeat`` runs (the machine is shared).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def load(path: Path, count: int):
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    preds = [rows[i % len(rows)]["prediction"] for i in range(count)]
    refs = [rows[i % len(rows)]["references"][0] for i in range(count)]
    return preds, refs


def best_of(repeat: int, func):
    """(wall seconds, process CPU seconds, result) of the fastest of ``repeat`` calls. CPU time is the
    steadier figure on a shared machine (it counts every thread of this process)."""
    best, cpu, out = None, None, None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        out = func()
        took, took_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        best = took if best is None else min(best, took)
        cpu = took_cpu if cpu is None else min(cpu, took_cpu)
    return best, cpu, out


def rows_for(preds, refs, stem: bool, punkt: bool):
    """(name, callable, per-pair F of rougeL or None) for every implementation installed."""
    import rouge155
    from rouge155.compat import hf_evaluate

    lsum = TYPES
    out: List[Tuple[str, Callable[[], Any], Optional[str]]] = []
    try:
        from rouge_score import rouge_scorer

        scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
        out.append(("rouge-score 0.1.2 (score per pair)",
                    lambda: [scorer.score(r, p)["rougeL"].fmeasure for p, r in zip(preds, refs)], "rs"))
    except ImportError:
        pass
    try:
        from rouge_score_rs import rouge_scorer as rs_rs

        fast = rs_rs.RougeScorer(TYPES, use_stemmer=stem)
        out.append(("rouge-score-rs 0.2.1 (score per pair)",
                    lambda: [fast.score(r, p)["rougeL"].fmeasure for p, r in zip(preds, refs)], "rs"))
        out.append(("rouge-score-rs 0.2.1 (score_batch, all cores)",
                    lambda: [s["rougeL"].fmeasure for s in fast.score_batch(refs, preds)], "rs"))
    except ImportError:
        pass
    out.append(("rouge155 hf_evaluate.compute(semantics='rouge-score', use_aggregator=False)",
                lambda: hf_evaluate.compute(preds, refs, lsum, use_aggregator=False, use_stemmer=stem,
                                            semantics="rouge-score")["rougeL"], "rs"))
    out.append(("rouge155 score_pairs(semantics='rouge-score')",
                lambda: rouge155.score_pairs(preds, refs, lsum, stem=stem,
                                             semantics="rouge-score")["rougeL"].fmeasure.tolist(),
                "rs"))
    out.append(("rouge155 score_pairs (Perl, R1 R2 L)",
                lambda: rouge155.score_pairs(preds, refs, ["ROUGE-1", "ROUGE-2", "ROUGE-L"], stem=stem), None))
    tm_keys = tuple(TYPES if punkt else TYPES[:3])
    try:
        from torchmetrics.functional.text.rouge import rouge_score as tm_rouge

        out.append((f"torchmetrics 1.9 rouge_score ({', '.join(tm_keys)})",
                    lambda: tm_rouge(preds, refs, use_stemmer=stem, rouge_keys=tm_keys), None))
        out.append((f"rouge155 score_pairs(semantics='torchmetrics') ({', '.join(tm_keys)})",
                    lambda: rouge155.score_pairs(preds, refs, list(tm_keys), stem=stem, semantics="torchmetrics"),
                    None))
    except ImportError:
        pass
    if not stem:
        try:
            from rouge import Rouge

            if hasattr(Rouge, "get_scores") and "exclusive" in Rouge.__init__.__code__.co_varnames:
                kept = [(p, r) for p, r in zip(preds, refs)
                        if p.replace(".", "").strip() and r.replace(".", "").strip()]
                hp, rp = [p for p, _ in kept], [r for _, r in kept]
                out.append(("rouge 1.0.1 get_scores (rouge-1, rouge-2, rouge-l)", lambda: Rouge().get_scores(hp, rp),
                            None))
                out.append(("rouge155 score_pairs(semantics='pltrdy')",
                            lambda: rouge155.score_pairs(hp, rp, ["rouge-1", "rouge-2", "rouge-l"], semantics="pltrdy"),
                            None))
        except ImportError:
            pass
    from devkit.oracles import load_py_rouge

    py_rouge = load_py_rouge()
    if py_rouge is not None:
        pr = py_rouge(metrics=["rouge-n", "rouge-l"], max_n=2, stemming=stem, limit_length=False)
        out.append(("py-rouge 1.1 get_scores (rouge-1, rouge-2, rouge-l)", lambda: pr.get_scores(preds, refs), None))
    out.append(("rouge155 score_pairs(semantics='py-rouge') (rouge-1, rouge-2, rouge-l)",
                lambda: rouge155.score_pairs(preds, refs, ["rouge-1", "rouge-2", "rouge-l"], stem=stem,
                                             semantics="py-rouge"), None))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jsonl", type=Path, default=ROOT / "tests" / "data" / "cnndm_pointer_generator_200.jsonl")
    parser.add_argument("--pairs", type=int, default=2300)
    parser.add_argument("--stem", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="run only the rows whose name contains this text")
    args = parser.parse_args(argv)
    from devkit.oracles import punkt_installed

    preds, refs = load(args.jsonl, args.pairs)
    print(f"{len(preds)} pairs from {args.jsonl.name}, stemming {'on' if args.stem else 'off'}, best of {args.repeat}")
    reference = None
    for name, func, kind in rows_for(preds, refs, args.stem, punkt_installed()):
        if args.only and args.only not in name:
            continue
        took, cpu, result = best_of(args.repeat if " 0.1.2 " not in name and " 1.1 " not in name else 1, func)
        same = ""
        if kind == "rs":
            values = [float(x) for x in result]
            if reference is None:
                reference = values
            same = "  rougeL F == rouge-score: " + str(values == reference)
        print(f"{len(preds) / took:>10,.0f} pairs/s {len(preds) / cpu:>10,.0f} pairs/CPU-s  {took:7.3f} s  "
              f"{name}{same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
