#!/usr/bin/env python3
"""Run generated differential cases against the reference and report every difference.

Usage: python scripts/differential.py [--seed S] [--count N] [--keep DIR] [--extreme]
(--extreme: ROUGE-W at extreme weights and flags, devkit.evalgen.extreme_flags)
Needs the reference installed by scripts/setup-reference.sh.
"""
import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository root: devkit

from devkit.difftools import compare, differential_cases, extreme_cases, reference_dir


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--keep", help="write the cases here instead of a temporary directory")
    ap.add_argument("--show", type=int, default=5, help="how many differences to print")
    ap.add_argument("--extreme", action="store_true", help="ROUGE-W at extreme weights and flags")
    a = ap.parse_args()
    ref = reference_dir()
    if ref is None:
        print("reference not installed: run scripts/setup-reference.sh", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        work = a.keep or tmp
        Path(work).mkdir(parents=True, exist_ok=True)
        cases = (extreme_cases if a.extreme else differential_cases)(a.seed, a.count, work)
        same = varies = 0
        bad = []
        for cwd, args in cases:
            c = compare(ref, args, cwd)
            if c.same:
                same += 1
            elif c.perl_varies:
                varies += 1
            else:
                bad.append((cwd, c))
        for cwd, c in bad[: a.show]:
            print(f"--- {cwd}\n{c.describe()}\n")
        print(f"{same} identical, {len(bad)} different, {varies} excluded (reference varies) of {len(cases)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
