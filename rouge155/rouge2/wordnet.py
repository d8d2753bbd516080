"""WordNet 3.0 synonyms as ROUGE 2.0's jar looks them up (its WordNetDict over JAWS), offline.

The data is ``data/wordnet-3.0-synonyms.txt.gz`` (derived from WordNet 3.0 by
``scripts/make_wordnet_synonyms.py``; licence in ``data/WORDNET-LICENSE.txt``): per lemma and
synset type, the union of what the jar takes from each of the lemma's synsets, plus the
morphological exceptions. A lookup goes through JAWS's morphology: the word itself, its
exception-list base forms, then the WordNet detachment rules' candidates.
"""
from __future__ import annotations

import functools
import gzip
from typing import Dict, List, Set, Tuple

from ..base.errors import RougeError
from ..inputs.resources import bundled_data_dir

DATA = "wordnet-3.0-synonyms.txt.gz"

# WordNet's rules of detachment (suffix, ending), as JAWS's DetachmentRules lists them.
RULES: Dict[str, List[Tuple[str, str]]] = {
    "n": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")],
    "v": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
          ("ing", "")],
    "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
}


class WordNetSynonyms:
    """``nouns`` / ``verbs`` / ``adjectives``: the jar's synonym sets for a (lower-case) word."""

    def __init__(self, table: Dict[Tuple[str, str], Set[str]], exceptions: Dict[Tuple[str, str], List[str]]):
        self.table = table
        self.exceptions = exceptions

    @classmethod
    def from_text(cls, text: str) -> "WordNetSynonyms":
        table: Dict[Tuple[str, str], Set[str]] = {}
        exc: Dict[Tuple[str, str], List[str]] = {}
        for line in text.splitlines():
            if not line or line[0] == "#":
                continue
            pos, lemma, words = line.split("\t")
            if pos[0] == "x":
                exc[(pos[1], lemma)] = words.split()
            else:
                table[(pos, lemma)] = set(words.split())
        return cls(table, exc)

    @classmethod
    def bundled(cls) -> "WordNetSynonyms":
        try:
            data = (bundled_data_dir() / DATA).read_bytes()
        except OSError as exc:
            raise RougeError(f"the WordNet synonym data {DATA} is missing from the package ({exc})") from None
        return cls.from_text(gzip.decompress(data).decode("utf-8"))

    def candidates(self, word: str, rules: str) -> List[str]:
        """JAWS ``getSynsets(word, type, true)``: the word, then its base-form candidates."""
        out = [word] + self.exceptions.get((rules, word), [])
        for suffix, ending in RULES[rules]:
            if word.endswith(suffix):
                out.append(word[:len(word) - len(suffix)] + ending)
        return out

    def _lookup(self, word: str, types: Tuple[str, ...], rules: str) -> Set[str]:
        found: Set[str] = set()
        for t in types:
            for cand in self.candidates(word, rules):
                found |= self.table.get((t, cand), set())
        return found

    def nouns(self, word: str) -> Set[str]:
        return self._lookup(word, ("n",), "n")

    def verbs(self, word: str) -> Set[str]:
        return self._lookup(word, ("v",), "v")

    def adjectives(self, word: str) -> Set[str]:
        return self._lookup(word, ("a", "s"), "a")


@functools.lru_cache(maxsize=1)
def default_synonyms() -> WordNetSynonyms:
    return WordNetSynonyms.bundled()
