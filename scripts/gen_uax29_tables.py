"""Writes rouge155/semantics/uax29_tables.py from the Unicode Character Database 17.0.0.

rouge-score-rs 0.2.1's Unicode tokenizers use Unicode 17.0 data (unicode-segmentation 1.13, ICU4X 2.3
case folding and properties); Python's own unicodedata is another version. This script reads the
UCD 17.0.0 files and writes the tables rouge155 needs, each as ranges:

* ``WORD``: the Word_Break property (auxiliary/WordBreakProperty.txt), one letter per class, upper
  case where the character is also Extended_Pictographic (emoji/emoji-data.txt);
* ``GRAPHEME``: the Grapheme_Cluster_Break property (auxiliary/GraphemeBreakProperty.txt) with the
  Indic_Conjunct_Break values (DerivedCoreProperties.txt, InCB) and Extended_Pictographic folded in;
* ``ALNUM``: Alphabetic (DerivedCoreProperties.txt) or General_Category Nd, Nl, No
  (extracted/DerivedGeneralCategory.txt);
* ``CASE_FOLD``: full case folding, statuses C and F (CaseFolding.txt);
* ``NFKC_SETTLED``: ``s`` where NFKC_Quick_Check is Yes and the canonical combining class 0
  (DerivedNormalizationProps.txt, extracted/DerivedCombiningClass.txt): a character that NFKC leaves as
  it is and before which normalization can restart (UAX #15), else ``n``.

Usage: ``python scripts/gen_uax29_tables.py UCD_DIR`` where UCD_DIR holds the 17.0.0 files in the
UCD's layout (e.g. unicode-org/unicodetools' ``unicodetools/data/ucd/17.0.0``, or
https://www.unicode.org/Public/17.0.0/ucd/ with ``emoji/emoji-data.txt`` beside it).
"""
from __future__ import annotations

import hashlib
import os
import sys
from typing import Dict, Iterable, List, Set, Tuple

VERSION = "17.0.0"
OUT = os.path.join(os.path.dirname(__file__), "..", "rouge155", "semantics", "uax29_tables.py")
FILES = ("auxiliary/WordBreakProperty.txt", "auxiliary/GraphemeBreakProperty.txt", "emoji/emoji-data.txt",
         "DerivedCoreProperties.txt", "extracted/DerivedGeneralCategory.txt", "CaseFolding.txt",
         "DerivedNormalizationProps.txt", "extracted/DerivedCombiningClass.txt")
WORD_LETTERS = {"CR": "c", "LF": "l", "Newline": "n", "ALetter": "a", "Hebrew_Letter": "h", "Numeric": "d",
                "Katakana": "k", "ExtendNumLet": "x", "Regional_Indicator": "r", "ZWJ": "z", "Extend": "e",
                "Format": "f", "WSegSpace": "w", "MidLetter": "m", "MidNumLet": "p", "MidNum": "u",
                "Single_Quote": "s", "Double_Quote": "q"}  # anything else: Other, "o"
GRAPHEME_LETTERS = {"CR": "c", "LF": "l", "Control": "C", "Extend": "x", "ZWJ": "z", "L": "L", "V": "V", "T": "T",
                    "LV": "v", "LVT": "t", "Prepend": "p", "Regional_Indicator": "r", "SpacingMark": "s"}  # else "o"


def records(path: str) -> Iterable[Tuple[int, int, List[str]]]:
    """(first, last, fields after the code points) of each data line."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [f.strip() for f in line.split(";")]
            first, _, last = fields[0].partition("..")
            yield int(first, 16), int(last or first, 16), fields[1:]


def code_points(path: str, wanted) -> Dict[int, str]:
    """Code point -> value for the lines whose fields ``wanted(fields)`` maps to a value (not None)."""
    out: Dict[int, str] = {}
    for first, last, fields in records(path):
        value = wanted(fields)
        if value is not None:
            out.update(dict.fromkeys(range(first, last + 1), value))
    return out


def as_ranges(values: Dict[int, str]) -> str:
    """``HEX:HEX:V`` runs of equal values, ';'-separated (code points not listed take the default)."""
    runs: List[List] = []
    for cp in sorted(values):
        if runs and runs[-1][1] == cp - 1 and runs[-1][2] == values[cp]:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp, values[cp]])
    return ";".join(f"{a:X}:{b:X}:{v}" for a, b, v in runs)


def tables(ucd: str) -> Dict[str, str]:
    path = lambda name: os.path.join(ucd, name)  # noqa: E731
    for name in FILES:
        with open(path(name), encoding="utf-8") as handle:
            head = handle.read(200)
        if name.startswith("emoji/") or name == "CaseFolding.txt" or VERSION in head:
            continue
        raise SystemExit(f"{name} is not version {VERSION}: {head.splitlines()[0]}")
    pictographic: Set[int] = set(code_points(path("emoji/emoji-data.txt"),
                                             lambda f: "y" if f[0] == "Extended_Pictographic" else None))
    word = code_points(path(FILES[0]), lambda f: WORD_LETTERS.get(f[0]))
    for cp in pictographic:
        word[cp] = word.get(cp, "o").upper()
    grapheme = code_points(path(FILES[1]), lambda f: GRAPHEME_LETTERS.get(f[0]))
    incb = code_points(path("DerivedCoreProperties.txt"), lambda f: f[1] if f[0] == "InCB" else None)
    for cp, value in incb.items():  # Linker and Extend are Extend (or ZWJ) characters, Consonant Other ones
        base = grapheme.get(cp, "o")
        grapheme[cp] = {("x", "Linker"): "k", ("x", "Extend"): "e", ("z", "Extend"): "z",
                        ("o", "Consonant"): "n"}[(base, value)]
    for cp in pictographic:
        if grapheme.get(cp, "o") != "o":
            raise SystemExit(f"U+{cp:04X} is Extended_Pictographic and Grapheme_Cluster_Break {grapheme[cp]}")
        grapheme[cp] = "P"
    alnum = code_points(path("DerivedCoreProperties.txt"), lambda f: "y" if f == ["Alphabetic"] else None)
    alnum.update(code_points(path(FILES[4]), lambda f: "y" if f[0] in ("Nd", "Nl", "No") else None))
    fold = {first: "".join(chr(int(x, 16)) for x in fields[1].split())
            for first, _, fields in records(path("CaseFolding.txt")) if fields[0] in ("C", "F")}
    unsettled = code_points(path("DerivedNormalizationProps.txt"), lambda f: "n" if f[0] == "NFKC_QC" else None)
    unsettled.update(code_points(path(FILES[7]), lambda f: "n" if f[0] != "0" else None))
    return {"WORD": as_ranges(word), "GRAPHEME": as_ranges(grapheme), "ALNUM": as_ranges(alnum),
            "CASE_FOLD": ";".join(f"{cp:X}:{'.'.join(f'{ord(c):X}' for c in to)}" for cp, to in sorted(fold.items())),
            "NFKC_SETTLED": as_ranges(unsettled)}


def chunks(text: str, width: int = 100) -> str:
    return "\n".join(f"    {text[i:i + width]!r}" for i in range(0, len(text), width))


def main(ucd: str) -> None:
    digests = []
    for name in FILES:
        with open(os.path.join(ucd, name), "rb") as handle:
            digests.append(f"#   {name}: sha256 {hashlib.sha256(handle.read()).hexdigest()}")
    with open(OUT, "w", encoding="utf-8") as out:
        out.write(f'"""Generated by scripts/gen_uax29_tables.py from the Unicode Character Database {VERSION}: '
                  "do not edit.\n\nRanges ``FIRST:LAST:VALUE`` (hexadecimal code points), ';'-separated; code points "
                  "not listed take\nthe default (``o``, Other; not alphanumeric; NFKC_SETTLED: ``s``). CASE_FOLD: "
                  "``CP:MAPPING``\n(code points joined by '.').\n\"\"\"\n")
        out.write("# Source files (Unicode, Inc.; Unicode License v3), as read:\n" + "\n".join(digests) + "\n\n")
        out.write(f"UNICODE_VERSION = {VERSION!r}\n")
        for name, value in tables(ucd).items():
            out.write(f"\n{name} = (\n{chunks(value)}\n)\n")
    print(os.path.normpath(OUT))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
