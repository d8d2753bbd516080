#!/usr/bin/env python3
"""Differential harness: the ROUGE 2.0 jar against ``rouge155-rouge2`` on generated projects.

Where the jar comes from and what its directory must hold: devkit/rouge2jar.py; the --tags part:
devkit/rouge2tags.py.

    python scripts/rouge2_harness.py [--seed S] [--settings N]   # normal mode, byte for byte
    python scripts/rouge2_harness.py --tags [--summaries N]       # topic/synonyms given the jar's tags,
                                                                  # and agreement of rouge155's tagger
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository root: devkit

from devkit.rouge2jar import compare_normal
from devkit.rouge2tags import compare_tags, tag_agreement


def tags_main(seed: int, summaries: int) -> int:
    """--tags: rouge155's tagger against the Stanford model, then topic/synonym measures given its tags."""
    for name, (n, same_tok, tokens, per, both) in tag_agreement(seed, summaries).items():
        print(f"tagger agreement, {name}: {n} sentences ({same_tok} tokenised alike, {tokens} tokens):")
        for c in ("noun", "verb", "adj", "other"):
            if per[c]:
                print(f"  Stanford {c:5s}: {both[c]}/{per[c]} = {100 * both[c] / per[c]:.1f}% same class from "
                      "rouge155's tagger")
    cases, same, failures, rows = compare_tags(seed)
    for f in failures[:3]:
        print(f)
    print(f"topic/synonyms given the jar's tags: {same}/{cases} CSVs identical")
    for name, what in (("model", "the jar's model file"), ("own", "rouge155's own tagger")):
        rs, rn = rows[name]
        if rn:
            print(f"whole runs with {what}: {rs}/{rn} CSV rows identical ({100 * rs / rn:.1f}%)")
    return 0 if same == cases and rows["model"][0] == rows["model"][1] else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settings", type=int, default=12)
    ap.add_argument("--tasks", type=int, default=6)
    ap.add_argument("--tags", action="store_true", help="topic/synonym measures given the jar's tags")
    ap.add_argument("--summaries", type=int, default=300)
    a = ap.parse_args()
    if a.tags:
        return tags_main(a.seed, a.summaries)
    cases, same, failures = compare_normal(a.seed, a.settings, a.tasks)
    for f in failures[:3]:
        print(f)
    print(f"normal mode: {same}/{cases} CSVs byte-identical")
    return 0 if same == cases else 1


if __name__ == "__main__":
    sys.exit(main())
