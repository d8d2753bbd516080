"""jieba, as the Chinese evaluation recipes call it: ``" ".join(jieba.cut(text))`` on each text.

jieba (``pip install ".[zh]"``) is the segmenter LLaMA-Factory and OpenCompass call before rouge-chinese.
Its words depend on its version and dictionary, so the recipes sign with :func:`version`. The global
``jieba.cut`` is called with its defaults (``cut_all=False, HMM=True``), as the frameworks call it: a
dictionary the user loaded into jieba (``jieba.load_userdict``) applies here as it does there. Its
start-up messages are silenced (they go to stderr and change no word).
"""
from __future__ import annotations

import logging
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version
from typing import Callable, Dict, List, Sequence

from .base import MissingDependency

EXTRA = 'pip install ".[zh]"'  # the extra that brings jieba (from the rouge155 checkout)


def cut_function(purpose: str) -> Callable:
    """``jieba.cut``, or one line saying that ``purpose`` needs jieba and how to install it."""
    try:
        import jieba
    except ImportError:
        raise MissingDependency(f"{purpose} segments Chinese with jieba: {EXTRA}") from None
    jieba.setLogLevel(logging.WARNING)
    return jieba.cut


def joined(texts: Sequence[str], purpose: str) -> List[str]:
    """``" ".join(jieba.cut(text))`` for each text, each distinct text cut once."""
    cut = cut_function(purpose)
    memo: Dict[str, str] = {}
    out = []
    for text in texts:
        words = memo.get(text)
        if words is None:
            if not isinstance(text, str):
                raise TypeError(f"a text must be a str, not {type(text).__name__}")
            words = memo[text] = " ".join(cut(text))
        out.append(words)
    return out


def version() -> str:
    """jieba's installed version (``none`` without it): its dictionary and rules decide the words."""
    try:
        return _version("jieba")
    except PackageNotFoundError:
        return "none"
