"""The languages of ``--language``: stemmer, stopword list and segmenter of each (ISO 639-1 codes).

Stemmers are Snowball's (PyStemmer, Snowball's algorithms compiled, which has Turkish and Hindi
where nltk's SnowballStemmer has not); ``en`` keeps the script's own Porter variant with the WordNet
exceptions and the SMART stopword list. Stopword lists other than English are stopwords-iso's
(MIT), shipped under ``data/stopwords/`` (see PROVENANCE.md there).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Dict, FrozenSet, Literal, Optional

from ..base.errors import OptionError, RougeError


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    snowball: Optional[str]  # snowballstemmer algorithm; None: -m leaves tokens as they are
    segmenter: Optional[str] = None  # "zh", "ja", "th": words are found by a segmenter (an extra)
    turkic_case: bool = False  # dotted/dotless i: I -> ı, İ -> i


LANGUAGES: Dict[str, Language] = {lang.code: lang for lang in (
    Language("en", "English", "script-porter"),
    Language("de", "German", "german"),
    Language("fr", "French", "french"),
    Language("es", "Spanish", "spanish"),
    Language("it", "Italian", "italian"),
    Language("pt", "Portuguese", "portuguese"),
    Language("nl", "Dutch", "dutch"),
    Language("ru", "Russian", "russian"),
    Language("ar", "Arabic", "arabic"),
    Language("hi", "Hindi", "hindi"),
    Language("tr", "Turkish", "turkish", turkic_case=True),
    Language("fi", "Finnish", "finnish"),
    Language("sv", "Swedish", "swedish"),
    Language("vi", "Vietnamese", None),
    Language("zh", "Chinese", None, segmenter="zh"),
    Language("ja", "Japanese", None, segmenter="ja"),
    Language("th", "Thai", None, segmenter="th"),
    Language("da", "Danish", "danish"),
    Language("no", "Norwegian", "norwegian"),
    Language("hu", "Hungarian", "hungarian"),
    Language("ro", "Romanian", "romanian"),
    Language("el", "Greek", "greek"),
    Language("ca", "Catalan", "catalan"),
    Language("eu", "Basque", "basque"),
    Language("id", "Indonesian", "indonesian"),
    Language("ga", "Irish", "irish"),
    Language("lt", "Lithuanian", "lithuanian"),
    Language("fa", "Persian", "persian"),
    Language("pl", "Polish", "polish"),
    Language("cs", "Czech", "czech"),
    Language("et", "Estonian", "estonian"),
    Language("hy", "Armenian", "armenian"),
    Language("ko", "Korean", None),
    Language("uk", "Ukrainian", None),
    Language("he", "Hebrew", None),
    Language("bg", "Bulgarian", None),
)}


def get_language(code: str) -> Language:
    lang = LANGUAGES.get(code.lower()) if isinstance(code, str) else None
    if lang is None:
        raise OptionError(f"unknown language {code!r} for --language; known: {', '.join(sorted(LANGUAGES))}")
    return lang


def _norm_form(code: str) -> Literal["NFC", "NFKC"]:
    """NFKC for Chinese and Japanese (full-width Latin and digits, half-width kana), else NFC."""
    return "NFKC" if code in ("zh", "ja") else "NFC"


def base_lower(code: str) -> Callable[[str], str]:
    """The language's normalisation and lowercasing (Turkish: dotted and dotless i)."""
    import unicodedata

    turkic = LANGUAGES[code].turkic_case
    form = _norm_form(code)

    def lower(text: str) -> str:
        text = unicodedata.normalize(form, text)
        if turkic:
            text = text.replace("I", "\u0131").replace("\u0130", "i")
        return text.lower()

    return lower


@lru_cache(maxsize=None)
def language_lower(code: str, char_level: bool) -> Callable[[str], str]:
    """:func:`base_lower`, then (zh/ja/th) words separated by spaces."""
    from .segment import char_level as split_chars, segmenter

    lower = base_lower(code)
    lang = LANGUAGES[code]
    if not lang.segmenter:
        return lower
    if char_level:
        return lambda text: split_chars(lower(text))
    seg = segmenter(lang.segmenter)
    return lambda text: " ".join(seg(lower(text)))


@lru_cache(maxsize=None)
def snowball(code: str) -> Callable[[str], Optional[str]]:
    """The language's Snowball stemmer (PyStemmer), each distinct token stemmed once."""
    algorithm = LANGUAGES[code].snowball
    if algorithm is None:
        return lambda tok: tok
    try:
        import Stemmer  # PyStemmer: Snowball's algorithms compiled
    except ImportError:
        raise RougeError("--language with -m needs PyStemmer: pip install PyStemmer") from None
    stem_word = Stemmer.Stemmer(algorithm).stemWord
    cache: dict = {}

    def stem(tok: str) -> Optional[str]:
        hit = cache.get(tok)
        if hit is None:
            hit = cache[tok] = stem_word(tok)
        return hit

    return stem


@lru_cache(maxsize=None)
def stopword_list(code: str) -> FrozenSet[str]:
    """The language's list, each entry lowercased as text is (entries of several tokens never match)."""
    from ..inputs.resources import bundled_data_dir

    path = bundled_data_dir() / "stopwords" / f"{code}.txt"
    if not path.is_file():
        return frozenset()
    lower = base_lower(code)  # with --char-level only one-character entries can match
    out = [lower(line.strip()) for line in path.read_text(encoding="utf-8").splitlines()]
    return frozenset(w for w in out if w)


def describe(code: str, char_level: bool) -> dict:
    """What a report records of the language's settings."""
    lang = LANGUAGES[code]
    segmenter = None
    if lang.segmenter:
        segmenter = "char-level" if char_level else {"zh": "jieba", "ja": "fugashi+unidic-lite",
                                                     "th": "pythainlp-newmm"}[lang.segmenter]
    return {"language": lang.code,
            "stemmer": "rouge-porter+wordnet" if lang.code == "en" else (
                f"snowball-{lang.snowball}" if lang.snowball else None),
            "stopwords": "smart" if lang.code == "en" else f"stopwords-iso-{lang.code}",
            "segmenter": segmenter}
