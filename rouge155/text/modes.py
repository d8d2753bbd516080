"""The language layer: how a run turns file bytes into counted tokens, chosen once per run.

* ``PERL`` (the default): ROUGE-1.5.5.pl's bytes, ``[A-Za-z0-9]`` tokens; nothing here changes it.
* ``--unicode``: the Unicode fork ROUGE-1.5.5-unicode (commit 915576a), byte for byte.
* ``--language LANG``: Unicode tokens fit for a language (NFC, its lowercasing, a segmenter for
  zh/ja/th), its Snowball stemmer for ``-m`` and its stopword list for ``-s``.

The engines only call a :class:`TextModel`'s functions; the Perl-exact path keeps its own.
"""
from __future__ import annotations

from functools import lru_cache

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Callable, FrozenSet, Optional

from ..base.records import dataclass  # dataclasses' records without its start-up cost

from . import readers
from .porter import Stemmer


class _Everything:
    """The fork's first-character test ``^[\\w]`` passes every token its clean-up leaves."""

    def __contains__(self, item) -> bool:
        return True


_PERL_FIRST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789$")


@dataclass(frozen=True)
class TextModel:
    """What a run does to text; ``units`` are bytes (default) or str (Unicode modes)."""

    name: str  # "perl", "unicode" or "language"
    language: Optional[str] = None
    char_level: bool = False

    # -- reading ------------------------------------------------------------------------------------
    def parse(self, raw: bytes, input_format: Optional[str], path: str = "") -> list:
        if self.name == "perl":
            return readers.parse_units(raw, input_format)
        from ..base import perlunicode

        if self.name == "unicode":
            return perlunicode.parse_units(perlunicode.perl_decode(raw), input_format)
        text = perlunicode.strict_decode(raw, path)
        return perlunicode.parse_units(text, input_format, lower=self._lang_lower())

    def be_bytes(self, raw: bytes) -> bytes:
        """BE files: the Unicode modes read and lowercase them as text (then UTF-8 again for ``metrics.be``)."""
        if self.name == "perl":
            return raw
        from ..base import perlunicode

        if self.name == "unicode":
            return perlunicode.perl_lc(perlunicode.perl_decode(raw)).encode("utf-8")
        return _base_lower(self.language)(perlunicode.strict_decode(raw, "BE file")).encode("utf-8")

    def be_create(self, lines, mode: str, stemming: bool, stem):
        """``createBE`` (``metrics.be``), on characters in the Unicode modes."""
        if self.name == "perl":
            from ..metrics.be import create

            return create(lines, mode, stemming, stem)
        from ..metrics.be_text import create

        return create(lines, mode, stemming, stem)

    def limited_text(self, units, word_limit, byte_limit):
        if self.name == "perl":
            return readers.limited_text(units, word_limit, byte_limit)
        from ..base.perlunicode import split_ws

        return readers.limited_text(units, word_limit, byte_limit, split=split_ws, space=" ")

    def limited_units(self, units, word_limit, byte_limit):
        if self.name == "perl":
            return readers.limited_units(units, word_limit, byte_limit)
        from ..base.perlunicode import split_ws

        return readers.limited_units(units, word_limit, byte_limit, split=split_ws, space=" ")

    # -- tokens -------------------------------------------------------------------------------------
    @property
    def clean_tokens(self) -> Callable:
        if self.name == "perl":
            return readers.clean_tokens
        from ..base.perlunicode import clean_tokens

        return clean_tokens

    def clean(self, text) -> str:
        if self.name == "perl":
            return readers.clean(text)
        from ..base.perlunicode import clean

        return clean(text)

    @property
    def token_str(self) -> Callable:
        """A cleaned token as the tokenizer's str."""
        return (lambda raw: raw.decode("ascii")) if self.name == "perl" else (lambda tok: tok)

    @property
    def counted_first(self):
        return _PERL_FIRST if self.name == "perl" else _Everything()

    def stemmer(self, exceptions, cache: bool = True) -> Callable[[str], Optional[str]]:
        if self.name != "perl" and not all(k.isascii() and v.isascii() for k, v in exceptions.items()):
            # the fork reads the exception DB through a UTF-8 filter (keys and values are UTF-8 text)
            def utf8(text: str) -> str:
                return text.encode("latin-1").decode("utf-8", "replace")

            exceptions = {utf8(k): utf8(v) for k, v in exceptions.items()}
        if self.name != "language" or self.language == "en":
            return Stemmer(exceptions, cache=cache)
        return _snowball(self.language)

    def stopwords(self, script_stopwords: FrozenSet[str]) -> FrozenSet[str]:
        if self.name == "perl":
            return script_stopwords
        if self.name == "unicode" or self.language == "en":
            if all(w.isascii() for w in script_stopwords):
                return script_stopwords
            from ..base.perlunicode import perl_decode

            # the fork reads the stopword file through :encoding(UTF-8) too (the list holds Latin-1 bytes)
            return frozenset(perl_decode(w.encode("latin-1")) for w in script_stopwords)
        return _stopword_list(self.language, self.char_level)

    # -- language mode ------------------------------------------------------------------------------
    def _lang_lower(self) -> Callable[[str], str]:
        return _language_lower(self.language, self.char_level)

    def describe(self) -> dict:
        """The settings a JSON/CSV report records."""
        if self.name == "perl":
            return {"mode": "perl"}
        if self.name == "unicode":
            return {"mode": "unicode"}
        from .languages import LANGUAGES

        lang = LANGUAGES[self.language]
        segmenter = None
        if lang.segmenter:
            segmenter = "char-level" if self.char_level else {"zh": "jieba", "ja": "fugashi+unidic-lite",
                                                               "th": "pythainlp-newmm"}[lang.segmenter]
        return {"mode": "language", "language": lang.code,
                "stemmer": "rouge-porter+wordnet" if lang.code == "en" else (
                    f"snowball-{lang.snowball}" if lang.snowball else None),
                "stopwords": "smart" if lang.code == "en" else f"stopwords-iso-{lang.code}",
                "segmenter": segmenter}


PERL = TextModel("perl")


def text_model(options) -> TextModel:
    """The run's text model, from its options (``unicode``, ``language``, ``char_level``)."""
    language = getattr(options, "language", None)
    if language is not None:
        from .languages import get_language

        lang = get_language(language)
        model = TextModel("language", lang.code, bool(getattr(options, "char_level", False)))
        model._lang_lower()  # a missing segmenter or stemmer extra fails here, before any output
        model.stemmer({}) if getattr(options, "stem", False) else None
        return model
    if getattr(options, "unicode", False):
        return TextModel("unicode")
    return PERL


def _norm_form(code: str) -> str:
    """NFKC for Chinese and Japanese (full-width Latin and digits, half-width kana), else NFC."""
    return "NFKC" if code in ("zh", "ja") else "NFC"


@lru_cache(maxsize=None)
def _language_lower(code: str, char_level: bool) -> Callable[[str], str]:
    """NFC, the language's lowercasing, then (zh/ja/th) words separated by spaces."""
    import unicodedata

    from .languages import LANGUAGES
    from .segment import char_level as split_chars, segmenter

    lang = LANGUAGES[code]
    form = _norm_form(code)

    def lower(text: str) -> str:
        text = unicodedata.normalize(form, text)
        if lang.turkic_case:
            text = text.replace("I", "\u0131").replace("\u0130", "i")
        return text.lower()

    if not lang.segmenter:
        return lower
    if char_level:
        return lambda text: split_chars(lower(text))
    seg = segmenter(lang.segmenter)
    return lambda text: " ".join(seg(lower(text)))


@lru_cache(maxsize=None)
def _snowball(code: str) -> Callable[[str], Optional[str]]:
    from .languages import LANGUAGES

    algorithm = LANGUAGES[code].snowball
    if algorithm is None:
        return lambda tok: tok
    try:
        import Stemmer  # PyStemmer: Snowball's algorithms compiled
    except ImportError:
        from ..base.errors import RougeError

        raise RougeError("--language with -m needs PyStemmer: pip install PyStemmer") from None
    stem_word = Stemmer.Stemmer(algorithm).stemWord
    cache: dict = {}

    def stem(tok: str) -> Optional[str]:
        hit = cache.get(tok)
        if hit is None:
            hit = cache[tok] = stem_word(tok)
        return hit

    return stem


def stopwords_dir() -> Path:
    from ..inputs.resources import bundled_data_dir

    return bundled_data_dir() / "stopwords"


@lru_cache(maxsize=None)
def _stopword_list(code: str, char_level: bool) -> FrozenSet[str]:
    """The language's list, each entry lowercased as text is (entries of several tokens never match)."""
    path = stopwords_dir() / f"{code}.txt"
    if not path.is_file():
        return frozenset()
    lower = _base_lower(code)  # with --char-level only one-character entries can match
    out = [lower(line.strip()) for line in path.read_text(encoding="utf-8").splitlines()]
    return frozenset(w for w in out if w)


def _base_lower(code: str) -> Callable[[str], str]:
    import unicodedata

    from .languages import LANGUAGES

    turkic = LANGUAGES[code].turkic_case
    form = _norm_form(code)

    def lower(text: str) -> str:
        text = unicodedata.normalize(form, text)
        if turkic:
            text = text.replace("I", "\u0131").replace("\u0130", "i")
        return text.lower()

    return lower
