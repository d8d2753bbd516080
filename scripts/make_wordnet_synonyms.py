#!/usr/bin/env python3
"""Builds data/wordnet-3.0-synonyms.txt.gz: the synonym sets ROUGE 2.0's jar derives from WordNet
3.0 (its WordNetDict over the JAWS library), per lemma, from the WordNet 3.0 database files
(Debian's wordnet-base and wordnet-sense-index put them under /usr/share/wordnet).

For each lemma and synset type (n, v, a head adjective, s satellite) the union over the lemma's
synsets of what ``getNounSynonyms`` / ``getVerbSynonyms`` / ``getAdjectiveSynonyms`` take from that
synset (tag counts from index.sense):
  n: word forms of the synset, its hypernyms (@) and hyponyms (~) whose sense has a tag count > 0;
  v: if the synset's first word form has a tag count > 3: its word forms and those of its hypernyms
     (@) and troponyms (~) whose first word form has a tag count > 3;
  a/s: if the first word form has a tag count > 3: for each similar (&) synset, its word forms and
     the tagged (> 0) word forms of the synsets similar to it.
Only single lower-case words are kept (a multi-word or capitalised synonym never equals a token of
the lower-cased, whitespace-split text). The morphological exceptions (noun.exc, verb.exc,
adj.exc) whose base forms have synonyms are kept too: lookups go through JAWS's morphology.

    python scripts/make_wordnet_synonyms.py [/usr/share/wordnet] > /dev/null
"""
from __future__ import annotations

import gzip
import sys
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, Set, Tuple

OUT = Path(__file__).resolve().parent.parent / "data" / "wordnet-3.0-synonyms.txt.gz"


def _form(word: str) -> str:
    if word.endswith(")") and "(" in word:  # adjective markers (a) (p) (ip)
        word = word[:word.index("(")]
    return word


def read_data(wn: Path):
    synsets: Dict[Tuple[str, int], dict] = {}
    for pos_file in ("noun", "verb", "adj"):
        for line in (wn / f"data.{pos_file}").read_text("latin-1").splitlines():
            if line.startswith("  "):
                continue
            f = line.split(" | ")[0].split()
            offset, sstype = int(f[0]), f[2]
            n = int(f[3], 16)
            words = [_form(f[4 + 2 * i]) for i in range(n)]
            k = 4 + 2 * n
            p_cnt = int(f[k])
            ptrs = []
            for i in range(p_cnt):
                sym, off, pos = f[k + 1 + 4 * i], int(f[k + 2 + 4 * i]), f[k + 3 + 4 * i]
                ptrs.append((sym, off, pos))
            synsets[(pos_file[0], offset)] = {"type": sstype, "words": words, "ptrs": ptrs}
    return synsets


def read_tag_counts(wn: Path):
    counts: Dict[Tuple[str, int], int] = {}
    lemmas: Dict[Tuple[str, str], List[int]] = defaultdict(list)
    for line in (wn / "index.sense").read_text("latin-1").splitlines():
        key, offset, _sense, tag_cnt = line.split()
        lemma, rest = key.split("%")
        sstype = "nvars"[int(rest.split(":")[0]) - 1]
        counts[(lemma, int(offset))] = int(tag_cnt)
        lemmas[(sstype, lemma)].append(int(offset))
    return counts, lemmas


def main() -> int:
    wn = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet")
    synsets = read_data(wn)
    counts, lemmas = read_tag_counts(wn)
    file_of = {"n": "n", "v": "v", "a": "a", "s": "a"}

    def ss(pos: str, off: int) -> dict:
        return synsets[(file_of[pos], off)]

    def tc(off: int, word: str) -> int:
        return counts.get((word.lower(), off), 0)

    def ptr(pos: str, off: int, sym: str) -> List[int]:
        return [o for s, o, _ in ss(pos, off)["ptrs"] if s == sym]

    def first_tc(pos: str, off: int) -> int:
        w = ss(pos, off)["words"]
        return tc(off, w[0]) if w else 0

    def contribution(pos: str, off: int) -> Set[str]:
        out: Set[str] = set()
        if pos == "n":
            for o in [off] + ptr("n", off, "@") + ptr("n", off, "~"):
                out.update(w for w in ss("n", o)["words"] if tc(o, w) > 0)
        elif pos == "v":
            if first_tc("v", off) > 3:
                for o in [off] + ptr("v", off, "@") + ptr("v", off, "~"):
                    if first_tc("v", o) > 3:
                        out.update(ss("v", o)["words"])
        else:
            if ss("a", off)["words"] and first_tc("a", off) > 3:
                for sim in ptr("a", off, "&"):
                    out.update(ss("a", sim)["words"])
                    for sym in ptr("a", sim, "&"):
                        out.update(w for w in ss("a", sym)["words"] if tc(sym, w) > 0)
        return {w for w in out if w == w.lower() and "_" not in w and " " not in w}

    results: Dict[Tuple[str, str], Set[str]] = {}
    for (pos, lemma), offs in lemmas.items():
        if pos == "r":
            continue
        got: Set[str] = set()
        for off in offs:
            if ss(pos, off)["type"] == pos:
                got |= contribution(pos, off)
        if got:
            results[(pos, lemma)] = got
    lines = [f"{pos}\t{lemma}\t{' '.join(sorted(words))}" for (pos, lemma), words in sorted(results.items())]
    for pos, exc in (("n", "noun"), ("v", "verb"), ("a", "adj")):
        for line in (wn / f"{exc}.exc").read_text("latin-1").splitlines():
            f = line.split()
            bases = [b for b in f[1:] if any((p, b) in results for p in ((pos,) if pos != "a" else ("a", "s")))]
            if bases:
                lines.append(f"x{pos}\t{f[0]}\t{' '.join(f[1:])}")
    body = ("# Derived from WordNet 3.0 (Princeton University; licence: data/WORDNET-LICENSE.txt) by "
            "scripts/make_wordnet_synonyms.py\n" + "\n".join(lines) + "\n").encode("utf-8")
    with gzip.GzipFile(OUT, "wb", mtime=0) as fh:
        fh.write(body)
    print(f"{OUT}: {len(results)} lemmas, {len(lines) - len(results)} exceptions, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
