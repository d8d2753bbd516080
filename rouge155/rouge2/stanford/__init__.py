"""The ROUGE 2.0 jar's POS tagging (Stanford tagger 3.3.1 with the user's ``.tagger`` model), clean-room.

Written from docs/rouge2-tagger-spec.md, the published papers (Toutanova & Manning 2000; Toutanova,
Klein, Manning & Singer 2003), the model file's bytes and the jar's observed behaviour; no Stanford code
was read. :class:`StanfordTagger` is the jar's ``tagString``: tokenize (§3), split sentences (§4), tag
each sentence (§7-§11) and print ``word_TAG`` items (§5). The search runs with numpy, or compiled with
numba when the ``jit`` extra is installed and the work is large enough (:mod:`rouge155.text.jit`); both
follow the specification's arithmetic step for step.
"""
from __future__ import annotations

import functools
import os
import sys
from typing import Callable, Dict, List, Optional, Sequence

from ...base.errors import RougeError
from ...text import jit
from .features import Batch, Features
from .model import ModelError, TaggerModel, model_path, read_model
from .search import NumpySearch
from .tokenizer import split_sentences, tokenize

_SENTENCE_CACHE = 100_000
#: tokens a process tags with numpy before the compiled search pays for loading numba (about 1 s)
AUTO_TOKENS = 10_000
_BATCH_TOKENS = {"numpy": 400, "compiled": 20_000}   # per pass; the numpy path's memory grows with it


class StanfordTagger:
    """A model's tagger. ``compiled``: True always the numba search (an error without numba), False never,
    None (default) as :mod:`rouge155.text.jit` decides for the work asked so far."""

    def __init__(self, model: TaggerModel, compiled: Optional[bool] = None) -> None:
        self.model = model
        self.features = Features(model)
        self.compiled = compiled
        self.searches: Dict[str, Callable[[Batch], List[int]]] = {"numpy": NumpySearch(self.features)}
        self.asked = 0
        self.cache: Dict[str, str] = {}

    def search_name(self, tokens: int) -> str:
        """Which search tags the next ``tokens`` tokens: "compiled" or "numpy"."""
        self.asked += tokens
        if "compiled" not in self.searches:
            if self.compiled is False or (self.compiled is None and not self._compiled_wanted()):
                return "numpy"
            try:
                from .compiled import CompiledSearch
            except ImportError:
                if self.compiled:
                    raise RougeError('the compiled POS tagger needs the jit extra: pip install ".[jit]"') from None
                self.compiled = False
                return "numpy"
            self.searches["compiled"] = CompiledSearch(self.features)
        return "compiled"

    def _compiled_wanted(self) -> bool:
        if not jit.available():
            return False
        return os.environ.get(jit.ENV, "") == "1" or "numba" in sys.modules or self.asked >= AUTO_TOKENS

    def tag_sentences(self, sentences: Sequence[Sequence[str]]) -> List[List[str]]:
        """The model's tags for each sentence of tokens."""
        out: List[List[str]] = []
        start = 0
        while start < len(sentences):
            name = self.search_name(sum(map(len, sentences[start:start + 1000])))
            end, size = start, 0
            while end < len(sentences) and (end == start or size + len(sentences[end]) <= _BATCH_TOKENS[name]):
                size += len(sentences[end])
                end += 1
            chunk = [s for s in sentences[start:end] if s]
            tags = iter(self.searches[name](self.features.batch(chunk)))
            names = self.model.tags
            for sentence in sentences[start:end]:
                out.append([names[next(tags)] for _ in sentence])
                if sentence:
                    next(tags)  # the end word's tag (§7.1)
            start = end
        return out

    def tag_tokens(self, tokens: Sequence[str]) -> List[str]:
        """The model's tags for one sentence of tokens."""
        return self.tag_sentences([tokens])[0]

    def tag_string(self, text: str) -> str:
        """``tagString``: ``token_TAG`` items, one space after each (§5)."""
        return self.tag_strings([text])[0]

    def tag_strings(self, texts: Sequence[str]) -> List[str]:
        """:meth:`tag_string` of each text, their sentences tagged together (faster than one by one)."""
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if todo:
            sentences = [split_sentences(tokenize(t)) for t in todo]
            tags = iter(self.tag_sentences([s for group in sentences for s in group]))
            sep = self.model.separator
            if len(self.cache) + len(todo) > _SENTENCE_CACHE:
                self.cache.clear()
            for text, group in zip(todo, sentences):
                self.cache[text] = "".join(f"{w}{sep}{t} " for s in group for w, t in zip(s, next(tags)))
        return [self.cache[t] for t in texts]

    __call__ = tag_string


@functools.lru_cache(maxsize=4)
def _load(path: str, _stamp: float) -> StanfordTagger:
    return StanfordTagger(read_model(path))


def load_tagger(path: str) -> StanfordTagger:
    """The tagger of the model file at ``path`` (read once per process and file version)."""
    try:
        stamp = os.stat(path).st_mtime
    except OSError as exc:
        raise ModelError(f"cannot read the POS tagger model {path}: {exc.strerror}") from None
    return _load(os.path.abspath(path), stamp)


__all__ = ["ModelError", "StanfordTagger", "load_tagger", "model_path", "read_model", "split_sentences", "tokenize"]
