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
  python scripts/bench.py --mode dask --pairs 11490     # --dask with 1 and 2 local workers
  python scripts/bench.py --no-perl --pairs 2000 --only pyrouge-m --language ru   # --language cost
  python scripts/bench.py --small               # start-up, the release sample's 17 runs, one pair

With --small, the installed ``rouge155`` command (next to this Python) and the reference run
alternately --repeat times each (default 7); the table gives median wall times, the largest peak RSS
and median CPU times (user + system: steadier than wall times on a busy machine).

rouge155's times are the best of --repeat runs (default 3; a shared machine's noise only ever adds
time), its memory the largest peak RSS of those runs; the reference runs once (it takes minutes).
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # devkit

FLAGSETS = {
    "pyrouge-m": "-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a -m",
    "pyrouge": "-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a",
    "duc": "-n 2 -m -2 4 -u -c 95 -r 1000 -f A -p 0.5 -t 0 -a",
}

_SYL = ["ba", "ko", "ri", "tel", "man", "sor", "vin", "dra", "pe", "lo", "qua", "nis", "ter", "ul", "ges",
        "ment", "ing", "tion", "ed", "er", "al", "ly", "ness", "s"]


def _vocabulary(r: random.Random, size: int = 30000):
    common = ("the of to and a in is that for on was with he it as at by from his said have be has are "
              "not but an they were had who which their been will its more after about also would year "
              "people two new first one government police president told over us last state some").split()
    words = list(common)
    seen = set(words)
    while len(words) < size:
        w = "".join(r.choice(_SYL) for _ in range(r.randint(1, 4)))
        if w not in seen:
            seen.add(w)
            words.append(w)
    weights = [1.0 / (i + 1) ** 1.05 for i in range(len(words))]
    return words, weights


class TextGen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.words, self.weights = _vocabulary(self.r)
        self.cum = []
        total = 0.0
        for w in self.weights:
            total += w
            self.cum.append(total)

    def sentence(self, n: int) -> str:
        ws = self.r.choices(self.words, cum_weights=self.cum, k=n)
        ws[0] = ws[0].capitalize()
        for i in range(1, n):
            if self.r.random() < 0.06:
                ws[i] = ws[i] + ","
            elif self.r.random() < 0.02:
                ws[i] = ws[i].capitalize()
        return " ".join(ws) + "."

    def summary(self, words_lo: int, words_hi: int, sents_lo: int, sents_hi: int) -> list:
        total = self.r.randint(words_lo, words_hi)
        k = self.r.randint(sents_lo, sents_hi)
        cuts = sorted(self.r.sample(range(1, total), k - 1))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [total])]
        return [self.sentence(max(1, s)) for s in sizes]

    def related(self, sents: list, keep: float) -> list:
        """A summary sharing some sentences and words with ``sents``."""
        out = []
        for s in sents:
            if self.r.random() < keep:
                words = s.split()
                words = [w if self.r.random() < 0.8 else self.r.choice(self.words) for w in words]
                out.append(" ".join(words))
            else:
                out.append(self.sentence(len(s.split())))
        return out


def write_corpus(root: Path, profile: str, size: int, seed: int = 1) -> str:
    """Write SPL files and an XML config; returns the config's file name."""
    g = TextGen(seed)
    (root / "sys").mkdir(parents=True, exist_ok=True)
    (root / "ref").mkdir(parents=True, exist_ok=True)
    xml = ['<ROUGE-EVAL version="1.0">']
    if profile == "cnndm":
        for i in range(size):
            ref = g.summary(40, 70, 3, 4)
            (root / "ref" / f"{i}.A.spl").write_text("\n".join(ref) + "\n")
            (root / "sys" / f"{i}.spl").write_text("\n".join(g.related(ref, 0.5)) + "\n")
            xml.append(f'<EVAL ID="{i}"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
                       f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">{i}.spl</P></PEERS>'
                       f'<MODELS><M ID="A">{i}.A.spl</M></MODELS></EVAL>')
    else:  # duc: size topics x 4 references x 10 systems
        for t in range(size):
            refs = [g.summary(90, 110, 4, 6) for _ in range(4)]
            for k, ref in enumerate(refs):
                (root / "ref" / f"{t}.{'ABCD'[k]}.spl").write_text("\n".join(ref) + "\n")
            peers = []
            for s in range(10):
                (root / "sys" / f"{t}.{s}.spl").write_text("\n".join(g.related(refs[s % 4], 0.3)) + "\n")
                peers.append(f'<P ID="{s}">{t}.{s}.spl</P>')
            models = "".join(f'<M ID="{c}">{t}.{c}.spl</M>' for c in "ABCD")
            xml.append(f'<EVAL ID="{t}"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
                       f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS>{"".join(peers)}</PEERS>'
                       f"<MODELS>{models}</MODELS></EVAL>")
    xml.append("</ROUGE-EVAL>")
    (root / "config.xml").write_text("\n".join(xml) + "\n")
    return "config.xml"


# --language: the same corpus with its letters in the language's script (same sizes, same structure)
_SCRIPT_MAPS = {
    "ru": str.maketrans("abcdefghijklmnopqrstuvwxyz", "абцдефгхийклмнопярстувшхыз"),
    "el": str.maketrans("abcdefghijklmnopqrstuvwxyz", "αβψδεφγηιξκλμνοπ;ρστθωςχυζ".replace(";", "κ")),
    "de": str.maketrans("aou", "äöü"),
    "fr": str.maketrans("eai", "éàî"),
}


def write_language_corpus(root: Path, english: Path, lang: str) -> str:
    """``english``'s corpus with its letters mapped into ``lang``'s script (Latin with accents by default)."""
    table = _SCRIPT_MAPS.get(lang, _SCRIPT_MAPS["fr"])
    for sub in ("sys", "ref"):
        (root / sub).mkdir(parents=True, exist_ok=True)
        for f in (english / sub).iterdir():
            (root / sub / f.name).write_text(f.read_text().translate(table), encoding="utf-8")
    (root / "config.xml").write_text((english / "config.xml").read_text())
    return "config.xml"


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
    """``run_measured`` ``repeat`` times: the first output and status, the best time, the largest RSS."""
    out, wall, rss, status, _cpu = run_measured(cmd, cwd)
    for _ in range(repeat - 1):
        _out, w, r, _status, _cpu = run_measured(cmd, cwd)
        wall, rss = min(wall, w), max(rss, r)
    return out, wall, rss, status


def _one_pair(root: Path) -> str:
    """A one-pair SPL evaluation (one summary, one reference): the per-document call of RL loops."""
    (root / "sys").mkdir(parents=True, exist_ok=True)
    (root / "ref").mkdir(parents=True, exist_ok=True)
    g = TextGen(7)
    ref = g.summary(40, 70, 3, 4)
    (root / "ref" / "0.A.spl").write_text("\n".join(ref) + "\n")
    (root / "sys" / "0.spl").write_text("\n".join(g.related(ref, 0.5)) + "\n")
    (root / "config.xml").write_text(
        '<ROUGE-EVAL version="1.0">\n<EVAL ID="0"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
        '<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">0.spl</P></PEERS>'
        '<MODELS><M ID="A">0.A.spl</M></MODELS></EVAL>\n</ROUGE-EVAL>\n')
    return "config.xml"


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
    rows = [("--version", "-", [], [ours, "--version"], None),
            ("-h", "-", perl + ["-h"], [ours, "-h"], None)]
    base = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="rouge155-small-"))
    pair = base / "one-pair"
    if not (pair / "config.xml").exists():
        _one_pair(pair)
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
    for label, cwd, perl_cmd, ours_cmd, compare in rows:
        cwd = cwd if isinstance(cwd, Path) else base
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
    ap.add_argument("--mode", choices=["perl"], default="perl",
                    help="perl (default): against ROUGE-1.5.5.pl; pairs, semantics, dask: see scripts/bench_modes.py")
    ap.add_argument("--pairs", default="11490", help="CNN/DM-like sizes, comma-separated")
    ap.add_argument("--topics", default="50", help="DUC-like topics (x4 references x10 systems)")
    ap.add_argument("--only", help="comma-separated flag sets: " + ",".join(FLAGSETS) + ",duc-corpus; with --small, parts of case names")
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

    # measure rouge155 as a wheel installs it: with its bytecode compiled
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "rouge155")], check=True)
    base = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="rouge155-bench-"))
    print(f"{'corpus':34s} {'flags':10s} {'perl s':>8s} {'perl MB':>8s} {'ours s':>8s} {'ours MB':>8s} {'ratio':>7s} same")
    for label, profile, size, name, flags in rows:
        root = base / f"{profile}-{size}"
        if not (root / "config.xml").exists():
            write_corpus(root, profile, size)
        args = flags.split() + ["config.xml"]
        ours_cmd = [sys.executable, "-m", "rouge155", "-e", str(REPO / "data"), "--quiet", *args]
        jobs_cmd = ours_cmd[:5] + [f"--jobs={a.jobs}"] + ours_cmd[5:]
        out_o, wall_o, rss_o, st_o = best_of(a.repeat, ours_cmd, root)
        extra = ""
        if a.language:
            lroot = base / f"{profile}-{size}-{a.language}"
            if not (lroot / "config.xml").exists():
                write_language_corpus(lroot, root, a.language)
            lang_cmd = ours_cmd[:5] + [f"--language={a.language}"] + ours_cmd[5:]
            # alternate English and language runs (a shared machine's noise hits both alike); best of each
            walls_e, walls_l, rss_l = [wall_o], [], 0.0
            for _ in range(a.repeat):
                walls_l.append(run_measured(lang_cmd, lroot)[1])
                walls_e.append(run_measured(ours_cmd, root)[1])
            wall_l, wall_e = min(walls_l), min(walls_e)
            extra += f"  --language {a.language}: {wall_l:.2f}s vs English {wall_e:.2f}s: x{wall_l / wall_e:.2f}"
        if a.jobs:
            out_j, wall_j, rss_j, _ = best_of(a.repeat, jobs_cmd, root)
            extra += f"  --jobs {a.jobs}: {wall_j:.2f}s {rss_j:.0f}MB x{wall_o / wall_j:.2f} same={out_j == out_o}"
        if ref is not None:
            cache = root / f"perl-{name}.json"
            if a.reuse_perl and cache.exists():
                saved = json.loads(cache.read_text())
                out_p, wall_p, rss_p, st_p = (root / f"perl-{name}.out").read_bytes(), saved["wall"], saved["rss"], saved["status"]
            else:
                out_p, wall_p, rss_p, st_p, _cpu = run_measured(
                    ["perl", str(ref / "ROUGE-1.5.5.pl"), "-e", str(ref / "data"), *args], root)
                (root / f"perl-{name}.out").write_bytes(out_p)
                cache.write_text(json.dumps({"wall": wall_p, "rss": rss_p, "status": st_p}))
            same = out_p == out_o and st_p == st_o
            print(f"{label:34s} {name:10s} {wall_p:8.2f} {rss_p:8.0f} {wall_o:8.2f} {rss_o:8.0f} {wall_p / wall_o:7.1f} {same}{extra}")
        else:
            print(f"{label:34s} {name:10s} {'-':>8s} {'-':>8s} {wall_o:8.2f} {rss_o:8.0f} {'-':>7s} -{extra}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
