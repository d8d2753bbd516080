#!/usr/bin/env python3
"""Benchmark rouge155 against the reference ROUGE-1.5.5.pl, side by side, same flags, same bytes.

Generates seeded corpora (CNN/DM-like: one reference per pair, 3-4 sentences, 40-70 words; DUC-like:
several systems, 4 references, ~100 words), runs the reference and rouge155 alternately, checks the
outputs are byte-identical and prints wall time, peak RSS and the ratio for each.

  python scripts/bench.py                       # the issue's table (full size: slow, the Perl takes minutes)
  python scripts/bench.py --pairs 2000 --only pyrouge-m
  python scripts/bench.py --no-perl --pairs 1000,8000   # rouge155 alone, for scaling
  python scripts/bench.py --mode pairs                  # score_pairs against rouge-score, side by side
  python scripts/bench.py --mode semantics --pairs 11490   # every implementation, every semantics, one table
                                                # (then the multilingual ones: --multilingual-pairs 2000)
  python scripts/bench.py --mode dask --pairs 11490     # --dask with 1 and 2 local workers
  python scripts/bench.py --mode calls --repeat 5       # every call pattern of a training loop vs rouge-score-rs
  python scripts/bench.py --mode scale --jsonl cnndm.jsonl --sizes 10000,100000,1000000   # streaming: growth
  python scripts/bench.py --mode cluster --jsonl cnndm.jsonl --pairs 1000000   # a LocalCluster of 1, 2, 4 workers
  python scripts/bench.py --mode xlsum --pairs 5000 --slow-pairs 1000   # XL-Sum's scorer per language
  python scripts/bench.py --no-perl --pairs 2000 --only pyrouge-m --language ru   # --language cost
  python scripts/bench.py --small               # start-up, the release sample's 17 runs, one pair

With --small, the installed ``rouge155`` command (next to this Python) and the reference run
alternately --repeat times each (default 7); the table gives median wall times, the largest peak RSS
and median CPU times (user + system: steadier than wall times on a busy machine).

rouge155's times are the best of --repeat runs (default 3; a shared machine's noise only ever adds
time), its memory the largest peak RSS of those runs; the reference runs once (it takes minutes).
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List, Optional, Tuple, Union

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # devkit

from devkit.corpusgen import one_pair_corpus, write_corpus, write_language_corpus  # noqa: E402

FLAGSETS = {
    "pyrouge-m": "-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a -m",
    "pyrouge": "-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a",
    "duc": "-n 2 -m -2 4 -u -c 95 -r 1000 -f A -p 0.5 -t 0 -a",
}

def run_measured(cmd, cwd):
    """Run through /usr/bin/time-like accounting: stdout, wall time, the child's own peak RSS (MB),
    its exit status and its CPU time (user + system)."""
    code = (
        "import resource,subprocess,sys,time;"
        "t=time.perf_counter();p=subprocess.run(sys.argv[2:],cwd=sys.argv[1],stdout=subprocess.PIPE,stderr=subprocess.DEVNULL);"
        "w=time.perf_counter()-t;sys.stdout.buffer.write(p.stdout);u=resource.getrusage(resource.RUSAGE_CHILDREN);"
        "sys.stderr.write('%f %d %d %f\\n'%(w,u.ru_maxrss,p.returncode,u.ru_utime+u.ru_stime))"
    )
    p = subprocess.run([sys.executable, "-c", code, str(cwd), *cmd], capture_output=True)
    wall, rss_kb, status, cpu = p.stderr.decode().split()[-4:]
    return p.stdout, float(wall), int(rss_kb) / 1024.0, int(status), float(cpu)


def best_of(repeat: int, cmd, cwd):
    """``run_measured`` ``repeat`` times: the first output and status, the best time, the largest RSS,
    the least CPU time."""
    out, wall, rss, status, cpu = run_measured(cmd, cwd)
    for _ in range(repeat - 1):
        _out, w, r, _status, c = run_measured(cmd, cwd)
        wall, rss, cpu = min(wall, w), max(rss, r), min(cpu, c)
    return out, wall, rss, status, cpu


def _median(xs):
    xs = sorted(xs)
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2


def small(a, ref) -> int:
    """Start-up and small runs, the reference and rouge155 alternately; medians of --repeat runs."""
    import os
    import shutil

    from devkit.difftools import SAMPLES, read_cases

    ours = shutil.which("rouge155", path=os.path.dirname(sys.executable))
    if ours is None:
        print("the rouge155 command is not installed next to " + sys.executable, file=sys.stderr)
        return 2
    perl = ["perl", str(ref / "ROUGE-1.5.5.pl")]
    data = ["-e", str(ref / "data")]
    # (label, working directory ("-": the corpora's), the reference's command, ours, compare outputs)
    rows: List[Tuple[str, Union[str, Path], List[str], List[str], Optional[bool]]] = [
        ("--version", "-", [], [ours, "--version"], None), ("-h", "-", perl + ["-h"], [ours, "-h"], None)]
    base = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="rouge155-small-"))
    pair = base / "one-pair"
    if not (pair / "config.xml").exists():
        one_pair_corpus(pair)
    for name, flags in FLAGSETS.items():
        args = flags.split() + ["config.xml"]
        rows.append((f"one pair {name}", pair, perl + data + args, [ours] + data + args, True))
    sample = SAMPLES / "sample-test"
    if sample.is_dir():
        for args, expected in read_cases(SAMPLES / "cases.txt"):
            rows.append((expected.replace(".out", ""), sample, perl + data + args, [ours] + data + args, True))
        quick = "-n 2 -a -x -r 10 ROUGE-test.xml".split()  # a quick look at the sample
        rows.append((" ".join(quick), sample, perl + data + quick, [ours] + data + quick, True))
    else:
        print(f"(release sample absent at {SAMPLES}: its 17 runs are skipped)", file=sys.stderr)
    if a.only:
        rows = [r for r in rows if any(part in r[0] for part in a.only.split(","))]
    print(f"{'case':52s} {'perl s':>7s} {'ours s':>7s} {'ratio':>6s} {'perl MB':>7s} {'ours MB':>7s} same  "
          f"{'perlcpu':>7s} {'ourscpu':>7s} {'ratio':>6s}")
    worst = float("inf")
    for label, where, perl_cmd, ours_cmd, compare in rows:
        cwd = where if isinstance(where, Path) else base
        tp, to, rp, ro, cp, co = [], [], 0.0, 0.0, [], []
        out_p = out_o = b""
        for _ in range(a.repeat):
            if perl_cmd:
                out_p, w, r, _s, cpu = run_measured(perl_cmd, cwd)
                tp.append(w)
                cp.append(cpu)
                rp = max(rp, r)
            out_o, w, r, _s, cpu = run_measured(ours_cmd, cwd)
            to.append(w)
            co.append(cpu)
            ro = max(ro, r)
        mp = _median(tp) if tp else float("nan")
        mo = _median(to)
        same = "-" if not compare else str(out_p == out_o)
        ratio = mp / mo if tp else float("nan")
        if tp:
            worst = min(worst, ratio)
        cpu_p = _median(cp) if cp else float("nan")
        cpu_o = _median(co)
        print(f"{label[:52]:52s} {mp:7.3f} {mo:7.3f} {ratio:6.2f} {rp:7.1f} {ro:7.1f} {same:5s} "
              f"{cpu_p:7.3f} {cpu_o:7.3f} {cpu_p / cpu_o if cp else float('nan'):6.2f}")
        sys.stdout.flush()
    print(f"lowest ratio: {worst:.2f}")
    return 0


def main() -> int:
    if "--mode" in " ".join(sys.argv[1:]) and "--mode=perl" not in sys.argv and "perl" not in sys.argv:
        # --mode pairs|dask: the per-pair API against rouge-score, the CLI on a Dask cluster
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench_modes import main as modes_main

        return modes_main(sys.argv[1:])
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["perl", "pairs", "semantics", "dask", "xlsum", "calls", "scale", "cluster"],
                    default="perl", help="perl (default): against ROUGE-1.5.5.pl; pairs, semantics, dask, xlsum, "
                    "calls: see scripts/bench_modes.py; scale, cluster: scripts/bench_scale.py")
    ap.add_argument("--pairs", default="11490", help="CNN/DM-like sizes, comma-separated")
    ap.add_argument("--topics", default="50", help="DUC-like topics (x4 references x10 systems)")
    ap.add_argument("--only", help="comma-separated flag sets: " + ",".join(FLAGSETS)
                    + ",duc-corpus; with --small, parts of case names")
    ap.add_argument("--no-perl", action="store_true", help="time rouge155 alone")
    ap.add_argument("--jobs", type=int, default=0, help="also time rouge155 --jobs N")
    ap.add_argument("--keep", help="build corpora here (reused when present)")
    ap.add_argument("--repeat", type=int, default=None,
                    help="rouge155 runs per measurement (best time kept; default 3); with --small, runs of "
                         "both programs (medians; default 7)")
    ap.add_argument("--small", action="store_true",
                    help="start-up, the release sample's 17 runs and a one-pair run (medians, side by side)")
    ap.add_argument("--language", help="also time rouge155 --language LANG on the same corpus in LANG's script "
                    "(issue 10: at most 1.5x the English run)")
    ap.add_argument("--reuse-perl", action="store_true",
                    help="reuse the reference's measurements (time, RSS, output) stored in the --keep corpora")
    a = ap.parse_args()

    from devkit.difftools import reference_dir

    ref = None if a.no_perl else reference_dir()
    if not a.no_perl and ref is None:
        print("reference not installed: bash scripts/setup-reference.sh", file=sys.stderr)
        return 2
    if a.small:
        a.repeat = a.repeat or 7
        return small(a, ref)
    a.repeat = a.repeat or 3
    only = set(a.only.split(",")) if a.only else None
    rows = []
    for size in [int(x) for x in a.pairs.split(",") if x]:
        for name, flags in FLAGSETS.items():
            if only and name not in only:
                continue
            rows.append((f"{size} CNN/DM-like pairs", "cnndm", size, name, flags))
    if not only or "duc-corpus" in only:
        for t in [int(x) for x in a.topics.split(",") if x]:
            rows.append((f"{t} topics x 4 refs x 10 systems", "duc", t, "pyrouge-m", FLAGSETS["pyrouge-m"]))

    # measure rouge155 as a wheel installs it: with its bytecode compiled, and its dependencies' (pip
    # compiles them on install, unless PYTHONDONTWRITEBYTECODE is set, as on this machine: numpy's
    # import then compiles it anew on every run, 0.3-0.4 s of a 1,500-pair run's 1 s)
    packages = [str(REPO / "rouge155")] + [str(Path(spec.origin).parent) for spec in map(importlib.util.find_spec, (
        "numpy", "click", "lxml", "tqdm")) if spec is not None and spec.origin]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *packages], check=False, stdout=subprocess.DEVNULL,
                   env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    base = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="rouge155-bench-"))
    print(f"{'corpus':34s} {'flags':10s} {'perl s':>8s} {'perl MB':>8s} {'ours s':>8s} {'ours MB':>8s} "
          f"{'ratio':>7s} same")
    for label, profile, size, name, flags in rows:
        root = base / f"{profile}-{size}"
        if not (root / "config.xml").exists():
            write_corpus(root, profile, size)
        args = flags.split() + ["config.xml"]
        ours_cmd = [sys.executable, "-m", "rouge155", "-e", str(REPO / "data"), "--quiet", *args]
        jobs_cmd = ours_cmd[:5] + [f"--jobs={a.jobs}"] + ours_cmd[5:]
        out_o, wall_o, rss_o, st_o, cpu_o = best_of(a.repeat, ours_cmd, root)
        extra = ""
        if a.language:
            lroot = base / f"{profile}-{size}-{a.language}"
            if not (lroot / "config.xml").exists():
                write_language_corpus(lroot, root, a.language)
            lang_cmd = ours_cmd[:5] + [f"--language={a.language}"] + ours_cmd[5:]
            # alternate English and language runs (a shared machine's noise hits both alike); best of each
            walls_e, walls_l = [wall_o], []
            for _ in range(a.repeat):
                walls_l.append(run_measured(lang_cmd, lroot)[1])
                walls_e.append(run_measured(ours_cmd, root)[1])
            wall_l, wall_e = min(walls_l), min(walls_e)
            extra += f"  --language {a.language}: {wall_l:.2f}s vs English {wall_e:.2f}s: x{wall_l / wall_e:.2f}"
        if a.jobs:
            out_j, wall_j, rss_j, _, _cpu = best_of(a.repeat, jobs_cmd, root)
            extra += f"  --jobs {a.jobs}: {wall_j:.2f}s {rss_j:.0f}MB x{wall_o / wall_j:.2f} same={out_j == out_o}"
        if ref is not None:
            cache = root / f"perl-{name}.json"
            if a.reuse_perl and cache.exists():
                saved = json.loads(cache.read_text())
                out_p = (root / f"perl-{name}.out").read_bytes()
                wall_p, rss_p, st_p = saved["wall"], saved["rss"], saved["status"]
                cpu_p = saved.get("cpu", float("nan"))
            else:
                out_p, wall_p, rss_p, st_p, cpu_p = run_measured(
                    ["perl", str(ref / "ROUGE-1.5.5.pl"), "-e", str(ref / "data"), *args], root)
                (root / f"perl-{name}.out").write_bytes(out_p)
                cache.write_text(json.dumps({"wall": wall_p, "rss": rss_p, "status": st_p, "cpu": cpu_p}))
            same = out_p == out_o and st_p == st_o
            print(f"{label:34s} {name:10s} {wall_p:8.2f} {rss_p:8.0f} {wall_o:8.2f} {rss_o:8.0f} "
                  f"{wall_p / wall_o:7.1f} {same}  CPU {cpu_p:.2f} s / {cpu_o:.2f} s: x{cpu_p / cpu_o:.1f}{extra}")
        else:
            print(f"{label:34s} {name:10s} {'-':>8s} {'-':>8s} {wall_o:8.2f} {rss_o:8.0f} {'-':>7s} -  "
                  f"CPU {cpu_o:.2f} s{extra}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
