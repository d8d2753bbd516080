"""``scripts/bench.py --mode calls``: every call pattern of a training loop, side by side with
rouge-score-rs 0.2.1 (Rust) on the same real CNN/DM pairs, in one process, alternating rounds.

Patterns: one pair per call (``RougeScorer.score``, ``score_pairs`` on one pair, a reward on one
completion) against rouge-score-rs's ``score``; batches of 8-512 pairs (a GRPO step) and one large batch
against its ``score_batch`` (all cores); rouge155 with the compiled kernels and without them
(``ROUGE155_JIT=0``: a plain ``pip install .``). Types: rouge1, rouge2, rougeL, rougeLsum (rouge-score's
semantics, whose numbers are checked equal to rouge-score-rs's on every pair) and the Perl's ROUGE-1,
-2, -L. Rates are pairs per wall second and per CPU second of the process (all its threads), medians of
``--repeat`` rounds after a warm-up round.

  python scripts/bench.py --mode calls --jsonl tests/data/cnndm_pointer_generator_200.jsonl --repeat 5
"""
from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path
from typing import Callable, Dict, List, Tuple

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
PERL = ["ROUGE-1", "ROUGE-2", "ROUGE-L"]


def read_pairs(jsonl: str, n: int) -> Tuple[List[str], List[str]]:
    rows = [json.loads(line) for line in Path(jsonl).read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r["prediction"] for r in rows][:n], [r["references"][0] for r in rows][:n]


def _rate(n: int, run: Callable[[], object]) -> Tuple[float, float]:
    c, w = time.process_time(), time.perf_counter()
    run()
    return n / (time.perf_counter() - w), n / max(time.process_time() - c, 1e-9)


def _chunks(preds, refs, size):
    return [(preds[a:a + size], refs[a:a + size]) for a in range(0, len(preds), size)]


def rows_for(preds: List[str], refs: List[str], stem: bool, batches: List[int], compiled: bool):
    """(pattern, rouge-score-rs's row or None, rows of rouge155) for one stemming setting."""
    import rouge155
    from rouge155.compat import rouge_scorer
    from rouge155.rewards import Reward, RougeReward
    from rouge_score_rs import rouge_scorer as rs

    n = len(preds)
    fast = rs.RougeScorer(TYPES, use_stemmer=stem)
    own = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem, semantics="rouge-score")
    perl = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
    reward = RougeReward({t: 0.25 for t in TYPES}, semantics="rouge-score", stem=stem, reference="summary")
    perl_reward = Reward(PERL, stem=stem)
    how = "compiled" if compiled else "numpy"
    python_peer: List[Tuple[str, Callable[..., object]]] = []  # rouge-score 0.1.2 (Python): once per table
    if compiled or not _jit_available():
        try:
            from rouge_score import rouge_scorer as python_rs
        except ImportError:
            python_rs = None
        if python_rs is not None:
            slow = python_rs.RougeScorer(TYPES, use_stemmer=stem)
            python_peer = [("rouge-score 0.1.2 score()",
                            lambda: [slow.score(r, p) for p, r in zip(preds, refs)])]
    out: List[Tuple[str, Tuple[str, Callable[..., object]], List[Tuple[str, Callable[..., object]]]]]
    out = [("one pair per call", ("rouge-score-rs score()", lambda: [fast.score(r, p) for p, r in zip(preds, refs)]), [
        (f"RougeScorer(semantics='rouge-score').score [{how}]", lambda: [own.score(r, p) for p, r in zip(preds, refs)]),
        (f"RougeScorer(...).score, Perl [{how}]", lambda: [perl.score(r, p) for p, r in zip(preds, refs)]),
        (f"score_pairs([p], [r], semantics='rouge-score') [{how}]", lambda: [rouge155.score_pairs(
            [p], [r], TYPES, stem=stem, semantics="rouge-score", multi_reference="B") for p, r in zip(preds, refs)]),
        (f"score_pairs([p], [r]), Perl R1 R2 L [{how}]", lambda: [rouge155.score_pairs(
            [p], [r], PERL, stem=stem) for p, r in zip(preds, refs)]),
        (f"RougeReward(4 types, rouge-score) on one completion [{how}]", lambda: [reward(
            completions=[p], summary=[r]) for p, r in zip(preds, refs)]),
        (f"Reward(Perl R1 R2 L).one [{how}]", lambda: [perl_reward.one(p, r) for p, r in zip(preds, refs)]),
    ] + python_peer)]
    for size in batches:
        chunks = _chunks(preds, refs, size)
        out.append((f"batches of {size}", (f"rouge-score-rs score_batch({size})", lambda c=chunks: [
            fast.score_batch(r, p) for p, r in c]), [
            (f"RougeScorer(semantics='rouge-score').score_batch [{how}]", lambda c=chunks: [
                own.score_batch(r, p) for p, r in c]),
            (f"score_pairs(batch, semantics='rouge-score') [{how}]", lambda c=chunks: [rouge155.score_pairs(
                p, r, TYPES, stem=stem, semantics="rouge-score", multi_reference="B") for p, r in c]),
            (f"score_pairs(batch), Perl R1 R2 L [{how}]", lambda c=chunks: [rouge155.score_pairs(
                p, r, PERL, stem=stem) for p, r in c]),
            (f"RougeReward(4 types, rouge-score) on the batch [{how}]", lambda c=chunks: [reward(
                completions=p, summary=r) for p, r in c]),
        ]))
    out.append((f"one batch of {n}", (f"rouge-score-rs score_batch({n})", lambda: fast.score_batch(refs, preds)), [
        (f"score_pairs(all, semantics='rouge-score') [{how}]", lambda: rouge155.score_pairs(
            preds, refs, TYPES, stem=stem, semantics="rouge-score", multi_reference="B")),
        (f"score_pairs(all), Perl R1 R2 L [{how}]", lambda: rouge155.score_pairs(preds, refs, PERL, stem=stem)),
    ]))
    return out


def equality(preds: List[str], refs: List[str], stem: bool) -> str:
    """rouge155's rouge-score semantics against rouge-score-rs on every pair, per call and per batch;
    the Perl's per-call numbers against its batch path."""
    import rouge155
    from rouge155.compat import rouge_scorer
    from rouge155.rewards import Reward
    from rouge_score_rs import rouge_scorer as rs

    theirs = rs.RougeScorer(TYPES, use_stemmer=stem).score_batch(refs, preds)
    own = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem, semantics="rouge-score")
    one = [own.score(r, p) for p, r in zip(preds, refs)]
    batch = own.score_batch(refs, preds)
    same_rs = all(tuple(a[t]) == tuple(b[t]) == tuple(c[t]) for a, b, c in zip(theirs, one, batch) for t in TYPES)
    whole = rouge155.score_pairs(preds, refs, PERL, stem=stem)
    reward = Reward({m: 1.0 for m in PERL}, stem=stem)
    per_call = [reward.one(p, r) for p, r in zip(preds, refs)]
    same_perl = per_call == ((0.0 + whole["ROUGE-1"].fmeasure) + whole["ROUGE-2"].fmeasure
                             + whole["ROUGE-L"].fmeasure).tolist()
    return (f"rouge-score semantics == rouge-score-rs (score, score_batch; P, R, F of 4 types) on {len(preds)} pairs: "
            f"{same_rs}; Perl per call == score_pairs batch: {same_perl}")


def _jit_available() -> bool:
    from rouge155.text import jit

    return jit.available()


def bench_calls(jsonl: str, n: int, repeat: int, batches: List[int]) -> None:
    from rouge155.text import jit

    preds, refs = read_pairs(jsonl, n)
    print(f"{len(preds)} pairs from {jsonl}; medians of {repeat} alternating rounds after a warm-up; "
          f"pairs/s wall / pairs per CPU-s; {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}")
    kernels = [True, False] if jit.available() else [False]
    for stem in (False, True):
        print(("stemming: " if stem else "no stemming: ") + equality(preds, refs, stem))
        table: Dict[str, List[Tuple[str, bool, Callable]]] = {}
        for compiled in kernels:
            for pattern, theirs, ours in rows_for(preds, refs, stem, batches, compiled):
                rows = table.setdefault(pattern, [(theirs[0], True, theirs[1])] if compiled or not jit.available()
                                        else [])
                rows += [(name, compiled, run) for name, run in ours]
        for pattern, rows in table.items():
            rates: Dict[str, List[Tuple[float, float]]] = {name: [] for name, _, _ in rows}
            for k in range(repeat + 1):
                for name, compiled, run in rows:
                    os.environ[jit.ENV] = "1" if compiled else "0"
                    rate = _rate(len(preds), run)
                    if k:
                        rates[name].append(rate)
            os.environ.pop(jit.ENV, None)
            base_wall = statistics.median(r[0] for r in rates[rows[0][0]])
            base_cpu = statistics.median(r[1] for r in rates[rows[0][0]])
            print(f"{'stemming' if stem else 'no stemming'}, {pattern}: pairs/s wall / per CPU-s, "
                  "ratio to the first row (wall, CPU)")
            for name, values in rates.items():
                wall, cpu = statistics.median(v[0] for v in values), statistics.median(v[1] for v in values)
                print(f"  {name:72s} {wall:9,.0f} / {cpu:9,.0f}  x{wall / base_wall:5.2f} x{cpu / base_cpu:5.2f}")

