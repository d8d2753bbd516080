"""The ROUGE 2.0 jar's POS tagging (Stanford tagger 3.3.1 with the user's ``.tagger`` model), clean-room.

Written from docs/rouge2-tagger-spec.md, the published papers (Toutanova & Manning 2000; Toutanova,
Klein, Manning & Singer 2003), the model file's bytes and the jar's observed behaviour; no Stanford
code was read. :class:`StanfordTagger` is ``tagString``: tokenize (§3), split sentences (§4), tag each
sentence (§7-§11) and print ``word_TAG`` items (§5).
"""
from __future__ import annotations

import functools
import os
from typing import Dict, List, Sequence

from .model import ModelError, TaggerModel, model_path, read_model
from .search import Scorer
from .tokenizer import split_sentences, tokenize

_SENTENCE_CACHE = 100_000


class StanfordTagger:
    """A model's tagger: :meth:`tag_string` as the jar's ``tagString``, :meth:`tag_tokens` for given tokens."""

    def __init__(self, model: TaggerModel) -> None:
        self.model = model
        self.scorer = Scorer(model)
        self.cache: Dict[str, str] = {}

    def tag_tokens(self, tokens: Sequence[str]) -> List[str]:
        """The model's tags for one sentence of tokens."""
        return [self.model.tags[t] for t in self.scorer.tag_words(tokens)]

    def tag_string(self, text: str) -> str:
        """``tagString``: ``token_TAG`` items, one space after each (§5)."""
        out = self.cache.get(text)
        if out is None:
            sep = self.model.separator
            parts = []
            for sentence in split_sentences(tokenize(text)):
                tags = self.tag_tokens(sentence)
                parts.append("".join(f"{w}{sep}{t} " for w, t in zip(sentence, tags)))
            out = "".join(parts)
            if len(self.cache) > _SENTENCE_CACHE:
                self.cache.clear()
            self.cache[text] = out
        return out

    __call__ = tag_string


@functools.lru_cache(maxsize=4)
def _load(path: str, stamp: float) -> StanfordTagger:
    return StanfordTagger(read_model(path))


def load_tagger(path: str) -> StanfordTagger:
    """The tagger of the model file at ``path`` (read once per process and file version)."""
    try:
        stamp = os.stat(path).st_mtime
    except OSError as exc:
        raise ModelError(f"cannot read the POS tagger model {path}: {exc.strerror}") from None
    return _load(os.path.abspath(path), stamp)


__all__ = ["ModelError", "StanfordTagger", "load_tagger", "model_path", "read_model", "split_sentences", "tokenize"]
