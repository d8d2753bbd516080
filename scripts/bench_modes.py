"""scripts/bench.py's other modes (``--mode pairs``, ``--mode semantics``, ``--mode dask``, ``--mode xlsum``:
scripts/bench_xlsum.py), side by side in one script; ``--mode scale`` and ``--mode cluster`` are in bench_scale.py.

pairs: ``rouge155.score_pairs`` (ROUGE-1, -2, -L; with and without -m) against rouge-score's
RougeScorer (rouge1, rouge2, rougeLsum) on the same CNN/DM-like pairs, alternating, medians of
--repeat rounds. rouge155's first call (which stems every new word) is reported apart from later
calls (the vocabulary is kept between calls, as in a training loop).

semantics: per-pair scoring by every ROUGE implementation installed (rouge-score-rs, rouge-score,
torchmetrics, ``rouge``) and by rouge155 under each semantics (the Perl's ``score_pairs``, rouge-score's
through ``hf_evaluate.compute(use_aggregator=False)`` and ``score_pairs``, torchmetrics', pltrdy's,
py-rouge's), with the compiled kernels and without, on the same pairs in one process, alternating
rounds, medians of pairs per wall second and per CPU second, without and with stemming; and whether
rouge155's numbers equal the implementations' own on those pairs.

The same mode then times the multilingual implementations against their originals on generated pairs in
many scripts, Chinese foremost (:mod:`devkit.multiscript`; ``--multilingual-pairs``): rouge-chinese 1.0.3
on jieba-segmented texts, LLaMA-Factory's and OpenCompass' ROUGE code paths (jieba + rouge-chinese, as
:mod:`devkit.frameworks` re-creates them) against the recipes, rouge-score-rs 0.2.1's Unicode and
character tokenizers (per pair and ``score_batch``) against rouge155's; each row's numbers checked equal.

dask: the command line on a CNN/DM-like corpus in one process, with ``--jobs 2``, and with
``--dask`` against a local scheduler with 1 and then 2 worker processes (127.0.0.1 only), checking
that every output is the same bytes; medians of --repeat runs.
"""
from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # devkit

from devkit.corpusgen import cnndm_pairs, write_corpus  # noqa: E402


def _score_all(scorer, preds: List[str], refs: List[str]) -> list:
    """rouge-score's ``score`` on every pair, one call each."""
    return [scorer.score(r, p) for p, r in zip(preds, refs)]


def _rates(n: int, run) -> Tuple[float, float]:
    """Pairs per wall second and per CPU second of this process (the latter barely moved by other
    jobs on a shared machine)."""
    c, w = time.process_time(), time.perf_counter()
    run()
    return n / (time.perf_counter() - w), n / (time.process_time() - c)


def bench_pairs(n: int, repeat: int, rs_pairs: int) -> None:
    import rouge155
    from rouge155.engine import pairs as pairs_module

    try:
        from rouge_score import rouge_scorer
    except ImportError:
        rouge_scorer = None
        print("rouge-score not installed: rouge155 alone", file=sys.stderr)
    preds, refs = cnndm_pairs(n)
    m = min(rs_pairs, n)
    metrics = ["ROUGE-1", "ROUGE-2", "ROUGE-L"]
    print(f"{n} CNN/DM-like pairs, ROUGE-1/2/L; rouge-score on the first {m} pairs; medians of {repeat} "
          f"alternating rounds; pairs per wall second / per CPU second")
    print(f"{'stemming':9s} {'rouge155 first call':>20s} {'rouge155 later calls':>21s} {'rouge-score':>14s} "
          f"{'ratio (CPU)':>12s}")
    for stem in (False, True):
        ours: List[Tuple[float, float]] = []
        theirs: List[Tuple[float, float]] = []
        for k in range(repeat):
            if k == 0:
                pairs_module._vocabularies().clear()  # the first call builds (and stems) the vocabulary
            ours.append(_rates(n, partial(rouge155.score_pairs, preds, refs, metrics=metrics, stem=stem)))
            if rouge_scorer is not None:
                scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeLsum"], use_stemmer=stem)
                theirs.append(_rates(m, partial(_score_all, scorer, preds[:m], refs[:m])))

        def med(rates, i):
            return statistics.median(r[i] for r in rates) if rates else float("nan")

        first, later = ours[0], ours[1:] or ours[:1]
        cell = lambda rates: f"{med(rates, 0):,.0f} / {med(rates, 1):,.0f}"  # noqa: E731
        print(f"{'-m' if stem else 'no -m':9s} {cell([first]):>20s} {cell(later):>21s} {cell(theirs):>14s} "
              f"{med(later, 1) / med(theirs, 1):12.1f}")
        sys.stdout.flush()


def _with_kernels(compiled: bool, func):
    """``func`` run with rouge155's compiled kernels on (when numba is installed) or off (numpy only)."""
    def run():
        os.environ["ROUGE155_JIT"] = "1" if compiled else "0"
        try:
            return func()
        finally:
            os.environ.pop("ROUGE155_JIT", None)
    return run


def semantics_rows(preds, refs, stem: bool, slow: int):
    """(name, pairs timed, callable) for every implementation installed and rouge155 under each semantics,
    with the compiled kernels and without; the slow Python packages on the first ``slow`` pairs only."""
    import rouge155
    from rouge155.compat import hf_evaluate
    from rouge155.text import jit

    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    n, sp, sr = len(preds), preds[:slow], refs[:slow]
    rows: List[Tuple[str, int, Callable[[], object]]] = []
    try:
        from rouge_score_rs import rouge_scorer as fast_scorer

        fast = fast_scorer.RougeScorer(types, use_stemmer=stem)
        rows.append(("rouge-score-rs 0.2.1 (Rust), score per pair", n,
                     lambda: [fast.score(r, p) for p, r in zip(preds, refs)]))
    except ImportError:
        pass
    try:
        from rouge_score import rouge_scorer

        scorer = rouge_scorer.RougeScorer(types, use_stemmer=stem)
        rows.append(("rouge-score 0.1.2, score per pair", len(sp),
                     lambda: [scorer.score(r, p) for p, r in zip(sp, sr)]))
    except ImportError:
        pass
    try:
        from torchmetrics.functional.text.rouge import rouge_score as tm_rouge

        rows.append(("torchmetrics 1.9 rouge_score (rouge1, rouge2, rougeL)", len(sp),
                     lambda: tm_rouge(sp, sr, use_stemmer=stem, rouge_keys=("rouge1", "rouge2", "rougeL"))))
    except ImportError:
        pass
    if not stem:
        try:
            from rouge import Rouge

            rows.append(("rouge 1.0.1 get_scores", len(sp), lambda: Rouge().get_scores(sp, sr)))
        except ImportError:
            pass
    from devkit.oracles import load_py_rouge

    py_rouge = load_py_rouge()
    if py_rouge is not None:
        pr = py_rouge(metrics=["rouge-n", "rouge-l"], max_n=2, stemming=stem, limit_length=False)
        rows.append(("py-rouge 1.1 get_scores (rouge-1, rouge-2, rouge-l)", len(sp), lambda: pr.get_scores(sp, sr)))
    kernels = [True, False] if jit.available() else [False]
    for compiled in kernels:
        how = "compiled" if compiled else "numpy"
        rows += [
            (f"rouge155 score_pairs, Perl, R1 R2 L [{how}]", n, _with_kernels(compiled, lambda: rouge155.score_pairs(
                preds, refs, ["ROUGE-1", "ROUGE-2", "ROUGE-L"], stem=stem))),
            (f"rouge155 hf_evaluate.compute(semantics='rouge-score', use_aggregator=False) [{how}]", n,
             _with_kernels(compiled, lambda: hf_evaluate.compute(preds, refs, types, use_aggregator=False,
                                                                 use_stemmer=stem, semantics="rouge-score"))),
            (f"rouge155 score_pairs(semantics='rouge-score') [{how}]", n,
             _with_kernels(compiled, lambda: rouge155.score_pairs(preds, refs, types, stem=stem,
                                                                  semantics="rouge-score", multi_reference="B"))),
            (f"rouge155 score_pairs(semantics='torchmetrics') (rouge1, rouge2, rougeL) [{how}]", n,
             _with_kernels(compiled, lambda: rouge155.score_pairs(preds, refs, ["rouge1", "rouge2", "rougeL"],
                                                                  stem=stem, semantics="torchmetrics",
                                                                  multi_reference="B"))),
        ]
    if not stem:
        rows.append(("rouge155 score_pairs(semantics='pltrdy')", len(sp), lambda: rouge155.score_pairs(
            sp, sr, ["rouge-1", "rouge-2", "rouge-l"], semantics="pltrdy", multi_reference="B")))
    rows.append(("rouge155 score_pairs(semantics='py-rouge')", len(sp), lambda: rouge155.score_pairs(
        sp, sr, ["rouge-1", "rouge-2", "rouge-l"], stem=stem, semantics="py-rouge", multi_reference="B")))
    return rows


def semantics_equal(preds, refs, stem: bool) -> str:
    """Whether rouge155's numbers equal the implementations' own on these pairs (every pair for
    rouge-score-rs, float-identical to rouge-score; compiled against numpy for the Perl's)."""
    import numpy as np
    import rouge155

    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    notes = []
    ours = rouge155.score_pairs(preds, refs, types, stem=stem, semantics="rouge-score", multi_reference="B")
    try:
        from rouge_score_rs import rouge_scorer as fast_scorer

        fast = fast_scorer.RougeScorer(types, use_stemmer=stem)
        theirs = [fast.score(r, p) for p, r in zip(preds, refs)]
        same = all(np.array_equal(getattr(ours[t], f), [getattr(s[t], f) for s in theirs])
                   for t in types for f in ("precision", "recall", "fmeasure"))
        notes.append(f"rouge-score semantics == rouge-score-rs on {len(preds)} pairs (P, R, F of 4 types): {same}")
    except ImportError:
        notes.append("rouge-score-rs not installed: not compared")
    metrics = ["ROUGE-1", "ROUGE-2", "ROUGE-L"]
    compiled = _with_kernels(True, lambda: rouge155.score_pairs(preds, refs, metrics, stem=stem))()
    plain = _with_kernels(False, lambda: rouge155.score_pairs(preds, refs, metrics, stem=stem))()
    same = all(np.array_equal(getattr(compiled[t], f), getattr(plain[t], f)) for t in metrics
               for f in ("recall", "precision", "fmeasure", "hits", "model_count", "peer_count"))
    notes.append(f"Perl score_pairs compiled == numpy on {len(preds)} pairs (6 arrays x 3 metrics): {same}")
    return "; ".join(notes)


def bench_semantics(n: int, repeat: int, slow: int, jsonl: Optional[str] = None) -> None:
    """Every implementation and every rouge155 semantics on the same pairs, in one process, in
    alternating rounds (the first a warm-up: vocabularies, compilation); medians of pairs per wall
    second and per CPU second, without and with stemming."""
    if jsonl:
        rows = [json.loads(line) for line in Path(jsonl).read_text(encoding="utf-8").splitlines() if line.strip()]
        preds, refs = [r["prediction"] for r in rows][:n], [r["references"][0] for r in rows][:n]
    else:
        preds, refs = cnndm_pairs(n)
    print(f"{len(preds)} pairs ({jsonl or 'CNN/DM-like, generated'}); slow Python packages on the first {slow}; "
          f"medians of {repeat} alternating rounds after a warm-up; pairs/s wall / pairs per CPU-s")
    table: Dict[str, Dict[bool, tuple]] = {}
    for stem in (False, True):
        rows = semantics_rows(preds, refs, stem, slow)
        rates: Dict[str, List[tuple]] = {name: [] for name, _, _ in rows}
        for k in range(repeat + 1):
            for name, count, func in rows:
                rate = _rates(count, func)
                if k:
                    rates[name].append(rate)
        for name, values in rates.items():
            table.setdefault(name, {})[stem] = (statistics.median(v[0] for v in values),
                                                statistics.median(v[1] for v in values))
        print(("stemming: " if stem else "no stemming: ") + semantics_equal(preds, refs, stem))
    print(f"| {'implementation':88s} | {'no stemming':>17s} | {'stemming':>17s} |")
    print(f"|{'-' * 90}|{'-' * 19}|{'-' * 19}|")
    for name, cells in table.items():
        text = [f"{cells[s][0]:7,.0f} / {cells[s][1]:7,.0f}" if s in cells else "-" for s in (False, True)]
        print(f"| {name:88s} | {text[0]:>17s} | {text[1]:>17s} |")


def multilingual_rows(preds: List[str], refs: List[str], slow: int):
    """(name, pairs timed, callable) for the multilingual implementations and rouge155's semantics of them
    (the original Python pipelines on the first ``slow`` pairs)."""
    import jieba
    import rouge155
    from devkit import frameworks
    from devkit.oracles import load_rouge_chinese

    sp, sr, rows = preds[:slow], refs[:slow], []
    seg_p, seg_r = [" ".join(jieba.cut(t)) for t in preds], [" ".join(jieba.cut(t)) for t in refs]
    keep = [i for i, (p, r) in enumerate(zip(seg_p, seg_r)) if p.strip() and r.strip()]
    seg_p, seg_r = [seg_p[i] for i in keep], [seg_r[i] for i in keep]
    rc = load_rouge_chinese()
    if rc is not None:
        rows += [("rouge-chinese 1.0.3 get_scores (segmented texts)", min(slow, len(seg_p)),
                  lambda: rc.Rouge().get_scores(seg_p[:slow], seg_r[:slow])),
                 ("LLaMA-Factory ComputeSimilarity's ROUGE (jieba + rouge-chinese)", len(sp),
                  lambda: frameworks.llamafactory_scores(sp, sr)),
                 ("OpenCompass JiebaRougeEvaluator (jieba + rouge-chinese)", len(sp),
                  lambda: frameworks.opencompass_scores(sp, sr))]
    rows += [("rouge155 score_pairs(semantics='rouge-chinese') (segmented texts)", len(seg_p),
              lambda: rouge155.score_pairs(seg_p, seg_r, ["rouge-1", "rouge-2", "rouge-l"], semantics="rouge-chinese")),
             ("rouge155 score_pairs(semantics='llamafactory')", len(preds),
              lambda: rouge155.score_pairs(preds, refs, ["rouge-1", "rouge-2", "rouge-l"], semantics="llamafactory")),
             ("rouge155 score_pairs(semantics='opencompass-jieba')", len(preds),
              lambda: rouge155.score_pairs(preds, refs, ["rouge1", "rouge2", "rougeL"], semantics="opencompass-jieba"))]
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    try:
        from rouge_score_rs import rouge_scorer as rs_scorer
        from rouge_score_rs import tokenizers
        have_rs = True
    except ImportError:
        have_rs = False
    for name, make in (("unicode", "UnicodeTokenizer"), ("char", "CharacterTokenizer")):
        if have_rs:
            scorer = rs_scorer.RougeScorer(types, tokenizer=getattr(tokenizers, make)())
            rows += [(f"rouge-score-rs 0.2.1 {make}, score per pair", len(preds),
                      partial(lambda s: [s.score(r, p) for p, r in zip(preds, refs)], scorer)),
                     (f"rouge-score-rs 0.2.1 {make}, score_batch (all cores)", len(preds),
                      partial(lambda s: s.score_batch(refs, preds), scorer))]
        rows.append((f"rouge155 score_pairs(semantics='rouge-score-rs-{name}')", len(preds),
                     partial(rouge155.score_pairs, preds, refs, types, semantics=f"rouge-score-rs-{name}")))
    return rows


def multilingual_equal(preds: List[str], refs: List[str], slow: int) -> str:
    """Whether rouge155's numbers equal the originals' on these pairs (the recipes on the first ``slow``)."""
    import rouge155
    from devkit import frameworks
    from rouge155.semantics import llamafactory, opencompass_jieba

    notes = []
    sp, sr = preds[:slow], refs[:slow]
    means, _ = frameworks.llamafactory_scores(sp, sr)
    ours = rouge155.score_pairs(sp, sr, ["rouge-1", "rouge-2", "rouge-l"], semantics="llamafactory")
    notes.append(f"llamafactory == LLaMA-Factory's means on {len(sp)} pairs: "
                 f"{all(llamafactory.SEMANTICS.aggregate(v)[2] == means[m] for m, v in ours.items())}")
    oc = rouge155.score_pairs(sp, sr, ["rouge1", "rouge2", "rougeL"], semantics="opencompass-jieba")
    oc_means = {m: opencompass_jieba.SEMANTICS.aggregate(v)[2] for m, v in oc.items()}
    same = oc_means == frameworks.opencompass_scores(sp, sr)
    notes.append(f"opencompass-jieba == OpenCompass' scores on {len(sp)} pairs: {same}")
    try:
        from rouge_score_rs import rouge_scorer as rs_scorer
        from rouge_score_rs import tokenizers
    except ImportError:
        return "; ".join(notes + ["rouge-score-rs not installed: not compared"])
    for name, make in (("unicode", "UnicodeTokenizer"), ("char", "CharacterTokenizer")):
        scorer = rs_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=getattr(tokenizers, make)())
        theirs = scorer.score_batch(refs, preds)
        ours = rouge155.score_pairs(preds, refs, ["rouge1", "rougeL"], semantics=f"rouge-score-rs-{name}")
        same = all(ours[t].fmeasure.tolist() == [s[t].fmeasure for s in theirs] for t in ("rouge1", "rougeL"))
        notes.append(f"rouge-score-rs-{name} == rouge-score-rs {make} on {len(preds)} pairs: {same}")
    return "; ".join(notes)


def bench_multilingual(n: int, repeat: int, slow: int) -> None:
    """The multilingual implementations against their originals, alternating rounds after a warm-up."""
    from devkit.multiscript import pairs

    preds, references = pairs(n, seed=7)
    refs = [r[0] for r in references]
    print(f"\n{len(preds)} generated pairs in many scripts (devkit.multiscript, Chinese foremost); the original "
          f"Python pipelines on the first {slow}; pairs/s wall / pairs per CPU-s")
    rows = multilingual_rows(preds, refs, slow)
    rates: Dict[str, List[tuple]] = {name: [] for name, _, _ in rows}
    for k in range(repeat + 1):
        for name, count, func in rows:
            rate = _rates(count, func)
            if k:
                rates[name].append(rate)
    print(multilingual_equal(preds, refs, slow))
    print(f"| {'implementation':70s} | {'pairs/s (per CPU-s)':>21s} |")
    print(f"|{'-' * 72}|{'-' * 23}|")
    for name, values in rates.items():
        cell = f"{statistics.median(v[0] for v in values):7,.0f} ({statistics.median(v[1] for v in values):7,.0f})"
        print(f"| {name:70s} | {cell:>21s} |")


class LocalCluster:
    """A scheduler and worker processes on 127.0.0.1, ended by their ids."""

    def __init__(self, root: Path):
        self.root = root
        self.procs: List[subprocess.Popen] = []
        self.workers: List[subprocess.Popen] = []
        sched = root / "scheduler.json"
        self._start([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--scheduler-file", str(sched), "--no-dashboard", "--no-show"], "scheduler.log")
        for _ in range(600):
            if sched.exists():
                break
            time.sleep(0.1)
        self.address = json.loads(sched.read_text())["address"]

    def _start(self, cmd, log):
        with open(self.root / log, "wb") as fh:
            p = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.root,
                                 start_new_session=True)
        self.procs.append(p)
        return p

    def add_worker(self) -> None:
        k = len(self.workers)
        self.workers.append(self._start([sys.executable, "-m", "dask", "worker", self.address, "--host", "127.0.0.1",
                                         "--nthreads", "1", "--no-nanny", "--no-dashboard"], f"worker{k}.log"))
        from distributed import Client

        with Client(self.address, set_as_default=False, timeout=30) as c:
            c.wait_for_workers(len(self.workers), timeout=120)

    def close(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in reversed(self.procs):
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def bench_dask(n: int, repeat: int, flags: str, keep: Optional[str] = None) -> None:
    base = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="rouge155-bench-"))
    root = base / f"cnndm-{n}"
    if not (root / "config.xml").exists():
        write_corpus(root, "cnndm", n)
    ours = [sys.executable, "-m", "rouge155", "-e", str(REPO / "data"), "--quiet"]
    args = flags.split() + ["config.xml"]

    def timed(cmd):
        t = time.perf_counter()
        p = subprocess.run(cmd, cwd=root, capture_output=True)
        return p.stdout, p.returncode, time.perf_counter() - t

    cluster = LocalCluster(Path(tempfile.mkdtemp(prefix="rouge155-dask-")))
    try:
        variants = {"one process": ours + args, "--jobs 2": ours + ["--jobs", "2"] + args,
                    "--dask, 1 worker": ours + ["--dask", cluster.address] + args,
                    "--dask, 2 workers": ours + ["--dask", cluster.address] + args}
        times: Dict[str, List[float]] = {k: [] for k in variants}
        outputs: Dict[str, Tuple[bytes, int]] = {}
        for phase in ("1 worker", "2 workers"):
            cluster.add_worker()
            names = ["one process", "--jobs 2", f"--dask, {phase}"]
            for _ in range(repeat):  # alternating, so that the machine's load hits every variant alike
                for name in names:
                    if phase == "2 workers" and name != f"--dask, {phase}":
                        continue
                    out, status, wall = timed(variants[name])
                    times[name].append(wall)
                    outputs.setdefault(name, (out, status))
        reference = outputs["one process"]
        print(f"{n} CNN/DM-like pairs, flags {flags!r}; medians of {repeat} runs (s), Dask on 127.0.0.1")
        for name, walls in times.items():
            same = outputs[name] == reference
            med = statistics.median(walls)
            print(f"{name:20s} {med:8.2f}  x{statistics.median(times['one process']) / med:5.2f}  same={same}")
    finally:
        cluster.close()


def main(argv=None) -> int:
    import argparse

    if argv is not None and any(a in ("scale", "cluster", "--mode=scale", "--mode=cluster") for a in argv):
        from bench_scale import main as scale_main  # streaming: growth, a local Dask cluster

        return scale_main(argv)
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["pairs", "dask", "semantics", "xlsum", "calls"], required=True)
    ap.add_argument("--batches", default="8,64,512", help="calls mode: batch sizes (a GRPO step's)")
    ap.add_argument("--pairs", type=int, default=11490)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rouge-score-pairs", type=int, default=2000, help="pairs timed for rouge-score (it is slow)")
    ap.add_argument("--flags", default="-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a -m", help="dask mode: Perl flags")
    ap.add_argument("--keep", help="dask mode: build the corpus here (reused when present)")
    ap.add_argument("--slow-pairs", type=int, default=1000,
                    help="semantics and xlsum modes: pairs timed for the Python packages (rouge-score, torchmetrics, "
                    "rouge, XL-Sum's)")
    ap.add_argument("--jsonl", help="semantics and calls modes: pairs from a JSONL file ({prediction, references} "
                    "per line; calls: default tests/data/cnndm_pointer_generator_200.jsonl)")
    ap.add_argument("--multilingual-pairs", type=int, default=2000,
                    help="semantics mode: generated pairs in many scripts for the multilingual implementations "
                         "(0: none)")
    a = ap.parse_args(argv)
    if a.mode == "pairs":
        bench_pairs(a.pairs, max(2, a.repeat), a.rouge_score_pairs)
    elif a.mode == "calls":
        from bench_calls import bench_calls

        bench_calls(a.jsonl or str(REPO / "tests/data/cnndm_pointer_generator_200.jsonl"), a.pairs, max(1, a.repeat),
                    [int(b) for b in a.batches.split(",") if b])
    elif a.mode == "semantics":
        bench_semantics(a.pairs, a.repeat, a.slow_pairs, a.jsonl)
        if a.multilingual_pairs:
            bench_multilingual(a.multilingual_pairs, a.repeat, min(a.slow_pairs, a.multilingual_pairs))
    elif a.mode == "xlsum":
        from bench_xlsum import bench_xlsum

        bench_xlsum(a.pairs, a.repeat, a.slow_pairs)
    else:
        bench_dask(a.pairs, a.repeat, a.flags, a.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
