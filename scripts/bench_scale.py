"""scripts/bench.py's streaming modes: ``--mode scale`` (growth with the number of pairs) and
``--mode cluster`` (a local Dask cluster of 1, 2, 4 worker processes).

Both score parallel files with ``<q>`` sentence separators (files2rouge's convention):
``rouge155 -n 2 -m --summaries S --references R --sentence-sep '<q>'``. The pairs are the 11,490
CNN/DM test outputs of See et al.'s pointer-generator and their references (``--jsonl``: the JSONL
docs/audit.md writes from their release), repeated to each size; without ``--jsonl``, generated
CNN/DM-like pairs (devkit.corpusgen). Files are written once under ``--keep`` and reused.

scale: for each size, wall time, CPU time and peak RSS of the streamed run, and (up to
``--in-memory-up-to`` pairs) of the in-memory path (``ROUGE155_STREAM=never``) on the same files,
with the machine's load average (``uptime``) before each run; the outputs are compared byte for byte.

cluster: ``distributed.LocalCluster`` with 1, 2, 4 worker processes of one thread each on
127.0.0.1 (Dask's worker profiler off unless ``--profiler``: it samples every worker thread every
10 ms and costs a chunk about 30% more CPU); each run is the command with ``--dask ADDRESS`` (the
workers read the files themselves: they see the same file system); pairs per second and the ratio
to one worker, for each chunk size of ``--chunk-pairs`` (``ROUGE155_CHUNK_PAIRS``), and the
one-process run beside them.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parent.parent
FLAGS = ["-n", "2", "-m"]


def _pairs(jsonl: Optional[str]) -> Tuple[List[str], List[str]]:
    """The source pairs as lines: sentences joined by `` <q> ``."""
    if jsonl:
        summaries, references = [], []
        with open(jsonl, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    record = json.loads(line)
                    summaries.append(_line(record["prediction"]))
                    references.append(_line(record["references"][0]))
        return summaries, references
    sys.path.insert(0, str(REPO))
    from devkit.corpusgen import cnndm_pairs

    preds, refs = cnndm_pairs(11490)
    return [_line(p) for p in preds], [_line(r) for r in refs]


def _line(text: str) -> str:
    return " <q> ".join(s.strip() for s in text.split("\n") if s.strip())


def corpus(base: Path, size: int, jsonl: Optional[str]) -> Tuple[Path, Path]:
    """``sum-SIZE.txt`` and ``ref-SIZE.txt`` under ``base``: the source pairs repeated to ``size``."""
    summaries, references = base / f"sum-{size}.txt", base / f"ref-{size}.txt"
    if summaries.exists() and references.exists():
        return summaries, references
    base.mkdir(parents=True, exist_ok=True)
    sys_lines, ref_lines = _pairs(jsonl)
    for path, lines in ((summaries, sys_lines), (references, ref_lines)):
        block = ("\n".join(lines) + "\n").encode("utf-8")
        tmp = path.with_suffix(".part")
        with open(tmp, "wb") as fh:
            for _ in range(size // len(lines)):
                fh.write(block)
            rest = size % len(lines)
            if rest:
                fh.write(("\n".join(lines[:rest]) + "\n").encode("utf-8"))
        tmp.rename(path)
    return summaries, references


def load() -> str:
    """The load averages (1, 5, 15 minutes), as uptime prints them."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def measured(cmd: List[str], env: Dict[str, str], cwd: Path) -> Tuple[bytes, float, float, float, int]:
    """(stdout, wall s, CPU s, peak RSS MB, status) of one run, measured by a parent process."""
    code = ("import resource,subprocess,sys,time;t=time.perf_counter();"
            "p=subprocess.run(sys.argv[2:],cwd=sys.argv[1],stdout=subprocess.PIPE,stderr=subprocess.DEVNULL);"
            "w=time.perf_counter()-t;sys.stdout.buffer.write(p.stdout);u=resource.getrusage(resource.RUSAGE_CHILDREN);"
            "sys.stderr.write('%f %f %d %d\\n'%(w,u.ru_utime+u.ru_stime,u.ru_maxrss,p.returncode))")
    p = subprocess.run([sys.executable, "-c", code, str(cwd), *cmd], capture_output=True, env=env)
    wall, cpu, rss, status = p.stderr.decode().split()[-4:]
    return p.stdout, float(wall), float(cpu), int(rss) / 1024.0, int(status)


def _command(summaries: Path, references: Path, extra: List[str] = ()) -> List[str]:  # type: ignore[assignment]
    return [sys.executable, "-m", "rouge155", "-e", str(REPO / "data"), "--quiet", *FLAGS, *extra,
            "--summaries", str(summaries), "--references", str(references), "--sentence-sep", "<q>"]


def bench_scale(sizes: List[int], base: Path, jsonl: Optional[str], in_memory_up_to: int) -> None:
    print("| pairs | streamed wall s | CPU s | peak MB | in memory wall s | CPU s | peak MB | same | load |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size in sizes:
        summaries, references = corpus(base, size, jsonl)
        cmd = _command(summaries, references)
        before = load()
        out, wall, cpu, rss, status = measured(cmd, dict(os.environ), base)
        memory = "- | - | - | -"
        if size <= in_memory_up_to:
            out_m, wall_m, cpu_m, rss_m, status_m = measured(cmd, dict(os.environ, ROUGE155_STREAM="never"), base)
            memory = f"{wall_m:.1f} | {cpu_m:.1f} | {rss_m:.0f} | {out_m == out and status_m == status}"
        print(f"| {size:,} | {wall:.1f} | {cpu:.1f} | {rss:.0f} | {memory} | {before} |")
        sys.stdout.flush()


def bench_cluster(size: int, base: Path, jsonl: Optional[str], workers: List[int], chunk_pairs: List[int],
                  repeat: int, profiler: bool = False) -> None:
    import dask
    from distributed import LocalCluster

    if not profiler:  # Dask's sampling profiler (every 10 ms in each worker) costs a chunk ~30% more CPU
        dask.config.set({"distributed.worker.profile.enabled": False})
    summaries, references = corpus(base, size, jsonl)
    env = dict(os.environ)
    one = measured(_command(summaries, references), env, base)
    print(f"{size:,} pairs, one process: {one[1]:.1f} s wall ({size / one[1]:,.0f} pairs/s), load {load()}")
    print("| chunk pairs | workers | wall s (median) | pairs/s | vs 1 worker | same bytes | load |")
    print("|---|---|---|---|---|---|---|")
    for chunk in chunk_pairs:
        env_chunk = dict(env, ROUGE155_CHUNK_PAIRS=str(chunk))
        first: Optional[float] = None
        for n in workers:
            with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                              dashboard_address=None) as cluster:
                cmd = _command(summaries, references, ["--dask", cluster.scheduler_address])
                walls, same, before = [], True, load()
                for _ in range(repeat):
                    out, wall, _cpu, _rss, status = measured(cmd, env_chunk, base)
                    walls.append(wall)
                    same = same and out == one[0] and status == one[4]
            wall = statistics.median(walls)
            first = first or wall
            print(f"| {chunk:,} | {n} | {wall:.1f} | {size / wall:,.0f} | x{first / wall:.2f} | {same} | {before} |")
            sys.stdout.flush()


def main(argv: List[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="bench.py --mode scale|cluster")
    ap.add_argument("--mode", choices=["scale", "cluster"], required=True)
    ap.add_argument("--jsonl", help="source pairs (the CNN/DM JSONL of docs/audit.md); default: generated")
    ap.add_argument("--keep", default=str(Path.home() / "rouge155-bench-scale"), help="where the files are kept")
    ap.add_argument("--sizes", default="10000,100000,1000000,10000000", help="scale: pair counts")
    ap.add_argument("--in-memory-up-to", type=int, default=1_000_000, help="scale: also run the in-memory path")
    ap.add_argument("--pairs", type=int, default=1_000_000, help="cluster: pair count")
    ap.add_argument("--workers", default="1,2,4", help="cluster: worker processes (one thread each)")
    ap.add_argument("--chunk-pairs", default="2000", help="cluster: pairs per chunk (comma-separated)")
    ap.add_argument("--repeat", type=int, default=1, help="cluster: runs per measurement (median)")
    ap.add_argument("--profiler", action="store_true", help="cluster: keep Dask's worker profiler on (its default)")
    a = ap.parse_args(argv)
    base = Path(a.keep)
    if a.mode == "scale":
        bench_scale([int(x) for x in a.sizes.split(",")], base, a.jsonl, a.in_memory_up_to)
    else:
        bench_cluster(a.pairs, base, a.jsonl, [int(x) for x in a.workers.split(",")],
                      [int(x) for x in a.chunk_pairs.split(",")], a.repeat, a.profiler)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
