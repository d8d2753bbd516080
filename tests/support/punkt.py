"""nltk's punkt data in the tests: whether it is installed (scripts/test.sh unpacks it into its scratch
folder and points NLTK_DATA there, or says in ROUGE155_NO_PUNKT why it could not), a skip marker that
gives that reason, text that makes punkt work (several sentences on a line, abbreviations, decimals,
quotes, blank lines), and a fresh Python in which nltk finds no punkt data at all."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import List, Tuple

import pytest

from devkit.difftools import REPO
from devkit.oracles import punkt_installed
from devkit.semgen import pairs

PUNKT_MISSING = os.environ.get("ROUGE155_NO_PUNKT") or \
    "nltk's punkt data is not installed (scripts/test.sh sets it up: python -m devkit.oracles punkt DIR, NLTK_DATA=DIR)"
needs_punkt = pytest.mark.skipif(not punkt_installed(), reason=PUNKT_MISSING)

_QUOTED = ['He said "No." Then he left.', "``It works.'' The U.S. agreed.", "Mr. Lee paid $3.50 at 10 a.m. today.",
           "See p. 4, fig. 2. It rose 2.5 percent.", "Was it? Yes! (It was.) Fine.", "St. Louis, Mo. -- a city."]


def _relaid(r: random.Random, text: str) -> str:
    """The same sentences, laid out for punkt: on one line, in paragraphs, or as they were."""
    roll = r.random()
    if roll < 0.3:
        text = text.replace("\r\n", " ").replace("\n", " ")
    elif roll < 0.45:
        text = text.replace("\n", "\n\n")
    if r.random() < 0.3:
        lines = text.split("\n")
        lines.insert(r.randrange(len(lines) + 1), r.choice(_QUOTED))
        text = ("\n" if r.random() < 0.5 else " ").join(lines)
    return text


def punkt_pairs(n: int, seed: int, max_refs: int = 3) -> Tuple[List[str], List[List[str]]]:
    """``devkit.semgen`` pairs relaid so that punkt decides the sentences: many on one line, quotes,
    abbreviations (Mr., U.S., e.g., No.), decimals, blank lines between paragraphs."""
    r = random.Random(seed)
    preds, refs = pairs(n, seed=seed, max_refs=max_refs)
    return [_relaid(r, p) for p in preds], [[_relaid(r, t) for t in rs] for rs in refs]


def without_punkt(code: str) -> subprocess.CompletedProcess:
    """``code`` run in a fresh Python where nltk finds no data (its search path emptied): what a machine
    without punkt's data sees."""
    prelude = "import nltk\nnltk.data.path[:] = []\n"
    return subprocess.run([sys.executable, "-c", prelude + code], cwd=REPO, capture_output=True, text=True,
                          timeout=300)
