"""Text modes: how a run turns file bytes into counted tokens, chosen once per run (:func:`text_model`).

* :class:`PerlText` (the default): ROUGE-1.5.5.pl's bytes, ``[A-Za-z0-9]`` tokens.
* :class:`UnicodeText` (``--unicode``): the Unicode fork ROUGE-1.5.5-unicode (commit 915576a), byte
  for byte.
* :class:`LanguageText` (``--language LANG``): Unicode tokens fit for a language (NFC, its
  lowercasing, a segmenter for zh/ja/th), its Snowball stemmer for ``-m`` and its stopword list
  for ``-s`` (:mod:`rouge155.text.languages`).

The engines only call a mode's methods; what differs between modes is written once, in its class.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Container, FrozenSet, List, Mapping, Optional

from . import readers
from .porter import Stemmer

_PERL_FIRST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789$")


class _Everything:
    """The fork's first-character test ``^[\\w]`` passes every token its clean-up leaves."""

    def __contains__(self, item) -> bool:
        return True


class PerlText:
    """ROUGE-1.5.5.pl's own reading: units are bytes, only ASCII letters are lowercased."""

    name = "perl"
    chars = False  # units are bytes (the Unicode modes: str)
    language: Optional[str] = None
    char_level = False
    counted_first: Container[str] = _PERL_FIRST  # the token filter's first-character test

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(vars(self).items()))))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"

    # -- reading ------------------------------------------------------------------------------------
    def parse(self, raw: bytes, input_format: Optional[str], path: str = "") -> list:  # noqa: ARG002 - for errors
        """The lowercased units (sentences) of one summary file (``path``: named in a mode's decoding errors)."""
        return readers.parse_units(raw, input_format)

    def be_bytes(self, raw: bytes) -> bytes:
        """A BE file as ``rouge155.metrics.be`` reads it."""
        return raw

    def limited_text(self, units, word_limit, byte_limit):
        """``readText``'s joined text within -l/-b (None where the script leaves it undefined)."""
        return readers.limited_text(units, word_limit, byte_limit)

    def limited_units(self, units, word_limit, byte_limit) -> list:
        """``readText_LCS``'s units within -l/-b."""
        return readers.limited_units(units, word_limit, byte_limit)

    # -- tokens -------------------------------------------------------------------------------------
    @staticmethod
    def clean_tokens(text: bytes) -> List[bytes]:
        return readers.clean_tokens(text)

    @staticmethod
    def clean(text) -> str:
        return readers.clean(text)

    @staticmethod
    def token_str(raw: bytes) -> str:
        """A cleaned token as the tokenizer's str."""
        return raw.decode("ascii")

    def stemmer(self, exceptions: Mapping[str, str], cache: bool = True) -> Callable[[str], Optional[str]]:
        """``-m``'s stemmer: the script's Porter variant after the WordNet exceptions."""
        return Stemmer(exceptions, cache=cache)

    def stopwords(self, script_stopwords: FrozenSet[str]) -> FrozenSet[str]:
        """``-s``'s list."""
        return script_stopwords

    def describe(self) -> dict:
        """The settings a JSON/CSV report records."""
        return {"mode": self.name}


class _CharText(PerlText):
    """What both Unicode modes share: units are decoded text, tokens runs of Unicode ``\\w``."""

    chars = True
    counted_first = _Everything()

    def limited_text(self, units, word_limit, byte_limit):
        from ..base.perlunicode import split_ws

        return readers.limited_text(units, word_limit, byte_limit, split=split_ws, space=" ")

    def limited_units(self, units, word_limit, byte_limit) -> list:
        from ..base.perlunicode import split_ws

        return readers.limited_units(units, word_limit, byte_limit, split=split_ws, space=" ")

    @property
    def clean_tokens(self) -> Callable[[str], List[str]]:  # type: ignore[override]
        from ..base.perlunicode import clean_tokens

        return clean_tokens

    @staticmethod
    def clean(text) -> str:
        from ..base.perlunicode import clean

        return clean(text)

    @staticmethod
    def token_str(raw: str) -> str:  # type: ignore[override]  # a mode's tokens are of its units' type
        return raw

    def stemmer(self, exceptions: Mapping[str, str], cache: bool = True) -> Callable[[str], Optional[str]]:
        if not all(k.isascii() and v.isascii() for k, v in exceptions.items()):
            # the fork reads the exception DB through a UTF-8 filter (keys and values are UTF-8 text)
            def utf8(text: str) -> str:
                return text.encode("latin-1").decode("utf-8", "replace")

            exceptions = {utf8(k): utf8(v) for k, v in exceptions.items()}
        return Stemmer(exceptions, cache=cache)

    def stopwords(self, script_stopwords: FrozenSet[str]) -> FrozenSet[str]:
        if all(w.isascii() for w in script_stopwords):
            return script_stopwords
        from ..base.perlunicode import perl_decode

        # the fork reads the stopword file through :encoding(UTF-8) too (the list holds Latin-1 bytes)
        return frozenset(perl_decode(w.encode("latin-1")) for w in script_stopwords)


class UnicodeText(_CharText):
    """The Unicode fork: files read through ``:encoding(UTF-8)``, ``lc``, Unicode ``\\w`` tokens."""

    name = "unicode"

    def parse(self, raw: bytes, input_format: Optional[str], path: str = "") -> list:  # noqa: ARG002 - see PerlText
        from ..base.perlunicode import perl_decode, perl_lc

        return readers.parse_units(perl_decode(raw), input_format, perl_lc, readers.TEXT_PATTERNS)

    def be_bytes(self, raw: bytes) -> bytes:
        """BE files are read and lowercased as text, then UTF-8 again for ``metrics.be``."""
        from ..base.perlunicode import perl_decode, perl_lc

        return perl_lc(perl_decode(raw)).encode("utf-8")


class LanguageText(_CharText):
    """``--language``: strict UTF-8, the language's normalisation, lowercasing and segmenter."""

    name = "language"
    language: str

    def __init__(self, language: str, char_level: bool = False):
        self.language = language
        self.char_level = char_level

    def _lower(self) -> Callable[[str], str]:
        from .languages import language_lower

        return language_lower(self.language, self.char_level)

    def parse(self, raw: bytes, input_format: Optional[str], path: str = "") -> list:
        from ..base.perlunicode import strict_decode

        text = strict_decode(raw, path)
        return readers.parse_units(text, input_format, self._lower(), readers.TEXT_PATTERNS)

    def be_bytes(self, raw: bytes) -> bytes:
        from ..base.perlunicode import strict_decode
        from .languages import base_lower

        return base_lower(self.language)(strict_decode(raw, "BE file")).encode("utf-8")

    def stemmer(self, exceptions: Mapping[str, str], cache: bool = True) -> Callable[[str], Optional[str]]:
        if self.language == "en":
            return super().stemmer(exceptions, cache)
        from .languages import snowball

        return snowball(self.language)

    def stopwords(self, script_stopwords: FrozenSet[str]) -> FrozenSet[str]:
        if self.language == "en":
            return super().stopwords(script_stopwords)
        from .languages import stopword_list

        return stopword_list(self.language)

    def describe(self) -> dict:
        from .languages import describe

        return {"mode": self.name, **describe(self.language, self.char_level)}


PERL = PerlText()


def text_model(options) -> PerlText:
    """The run's text mode, from its options (``unicode``, ``language``, ``char_level``). A bad code or
    a missing extra fails here, before any output."""
    language = getattr(options, "language", None)
    if language is not None:
        from .languages import get_language

        model = LanguageText(get_language(language).code, bool(getattr(options, "char_level", False)))
        model._lower()  # a missing segmenter extra fails here
        if getattr(options, "stem", False):
            model.stemmer({})  # and a missing stemmer
        return model
    if getattr(options, "unicode", False):
        return UnicodeText()
    return PERL
