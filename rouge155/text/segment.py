"""Word segmenters for languages written without spaces, each from an optional extra.

``segmenter(code)`` returns a function from a (lowercased) unit to its words. Without the extra it
raises one clear error naming ``pip install ".[code]"``. The character-level fallback
(``--char-level``) needs nothing: every Han ideograph, kana, Hangul syllable or Thai letter (with
its combining marks) is a token of its own, as Chinese benchmarks such as LCSTS report.
"""
from __future__ import annotations

import re
from typing import Callable, List

from ..base.errors import RougeError

_EXTRA = {"zh": "jieba", "ja": "fugashi and unidic-lite", "th": "pythainlp"}  # what each extra installs

# one token per ideograph / kana / Hangul syllable / Thai or Lao letter, combining marks kept with it
_CHAR_SCRIPTS = (
    "\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3038-\u303c\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u0e00-\u0eff\U00020000-\U0003134f"
)
_MARKS = "\u0300-\u036f\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd\u3099-\u309a"
_CHAR_UNIT = re.compile(f"[{_CHAR_SCRIPTS}][{_MARKS}]*")


def char_level(text: str) -> str:
    """Spaces around every ideograph-like character (the LCSTS convention)."""
    return _CHAR_UNIT.sub(lambda m: f" {m.group(0)} ", text)


def _missing(code: str) -> RougeError:
    what = _EXTRA[code]
    return RougeError(f'--language {code} needs {what}: pip install ".[{code}]" '
                      "(or use --char-level: one token per character)")


def segmenter(code: str) -> Callable[[str], List[str]]:
    """The word segmenter of ``code`` (zh: jieba, ja: fugashi + unidic-lite, th: pythainlp newmm)."""
    if code == "zh":
        try:
            import logging

            import jieba
        except ImportError:
            raise _missing(code) from None
        jieba.setLogLevel(logging.WARNING)
        return lambda text: list(jieba.cut(text, HMM=True))
    if code == "ja":
        try:
            import fugashi
            tagger = fugashi.Tagger()
        except (ImportError, RuntimeError):
            raise _missing(code) from None
        return lambda text: [w.surface for w in tagger(text)]
    if code == "th":
        try:
            from pythainlp.tokenize import word_tokenize
        except ImportError:
            raise _missing(code) from None
        return lambda text: word_tokenize(text, engine="newmm", keep_whitespace=False)
    raise RougeError(f"no segmenter for language {code!r}")
