"""The languages of ``--language``: stemmer, stopword list and segmenter of each (ISO 639-1 codes).

Stemmers are Snowball's (PyStemmer, Snowball's algorithms compiled, which has Turkish and Hindi
where nltk's SnowballStemmer has not); ``en`` keeps the script's own Porter variant with the WordNet
exceptions and the SMART stopword list. Stopword lists other than English are stopwords-iso's
(MIT), shipped under ``data/stopwords/`` (see PROVENANCE.md there).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional

from ..base.errors import RougeError


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
        raise RougeError(f"unknown language {code!r} for --language; known: {', '.join(sorted(LANGUAGES))}")
    return lang
