"""XL-Sum's ``lang=``: its language names, its aliases, and the stemmer and segmenter each one gets.

As ``multilingual_rouge_scoring`` resolves them (``rouge_scorer.RougeScorer``, ``stemmers.py``,
``tokenizers.py``):

* aliases: ``bangla`` -> bengali, ``turkce`` -> turkish, ``chinese_simplified`` and
  ``chinese_traditional`` -> chinese, ``mundo`` -> spanish (names are case-sensitive);
* stemmers (``use_stemmer=True``): no ``lang`` -> nltk's ``SnowballStemmer("porter")`` (nltk's Porter,
  NLTK_EXTENSIONS); ``bengali`` -> ``bengali_stemmer``'s RafiStemmer (Rafi Kamal 2014; not on PyPI);
  ``turkish`` -> PyPI ``TurkishStemmer``; ``hindi`` -> its own suffix stripper; every nltk Snowball
  language -> ``SnowballStemmer(lang, ignore_stopwords=True)`` (which reads nltk's stopwords corpus and
  leaves its stopwords unstemmed); any other name -> no stemming at all (it warns);
* segmenters: ``chinese`` jieba, ``japanese`` fugashi (MeCab with whatever UniDic fugashi finds),
  ``thai`` pythainlp's newmm, ``burmese`` its syllable rules; any other name -> none (the default tokens).

Each package is imported when a scorer needs it; a missing one is one line naming what to install.
"""
from __future__ import annotations

import warnings
from typing import Callable, Dict, List, Optional, Tuple

from .base import MissingDependency, nltk_module
from .xlsum_text import burmese_syllables, hindi_stem

EXTRA = 'pip install ".[xlsum]"'
BENGALI = "pip install git+https://github.com/abhik1505040/bengali-stemmer"  # not on PyPI

ALIASES = {"bangla": "bengali", "turkce": "turkish", "chinese_simplified": "chinese",
           "chinese_traditional": "chinese", "mundo": "spanish"}
SEGMENTED = ("chinese", "japanese", "thai", "burmese")
OWN_STEMMERS = ("bengali", "turkish", "hindi")
# nltk's SnowballStemmer.languages (the installed nltk's list is the one used; this is nltk 3.8-3.10's)
SNOWBALL = ("arabic", "danish", "dutch", "english", "finnish", "french", "german", "hungarian", "italian",
            "norwegian", "porter", "portuguese", "romanian", "russian", "spanish", "swedish")
# XL-Sum's 45 language folders (its --rouge_lang values) by ISO 639 code, for `--language` look-ups
XLSUM_NAMES = {
    "am": "amharic", "ar": "arabic", "az": "azerbaijani", "bn": "bengali", "my": "burmese", "zh": "chinese_simplified",
    "en": "english", "fr": "french", "gu": "gujarati", "ha": "hausa", "hi": "hindi", "ig": "igbo", "id": "indonesian",
    "ja": "japanese", "rn": "kirundi", "ko": "korean", "ky": "kyrgyz", "mr": "marathi", "ne": "nepali", "om": "oromo",
    "ps": "pashto", "fa": "persian", "pcm": "pidgin", "pt": "portuguese", "pa": "punjabi", "ru": "russian",
    "gd": "scottish_gaelic", "sr": "serbian_cyrillic", "si": "sinhala", "so": "somali", "es": "spanish",
    "sw": "swahili", "ta": "tamil", "te": "telugu", "th": "thai", "ti": "tigrinya", "tr": "turkish",
    "uk": "ukrainian", "ur": "urdu", "uz": "uzbek", "vi": "vietnamese", "cy": "welsh", "yo": "yoruba",
    # nltk Snowball languages XL-Sum has no folder for (its lang= takes them all the same)
    "da": "danish", "nl": "dutch", "fi": "finnish", "de": "german", "hu": "hungarian", "it": "italian",
    "no": "norwegian", "ro": "romanian", "sv": "swedish",
}


def resolve(lang: Optional[str]) -> Optional[str]:
    """``lang`` after XL-Sum's alias table (``RougeScorer``: only a truthy name is looked up)."""
    if lang and lang in ALIASES:
        return ALIASES[lang]
    return lang


def _snowball_languages() -> tuple:
    return tuple(nltk_module("XL-Sum's Snowball stemmers").stem.SnowballStemmer.languages)


def _snowball(lang: str) -> Callable[[str], str]:
    nltk = nltk_module(f"XL-Sum's lang={lang!r} stemmer")
    try:
        stemmer = nltk.stem.SnowballStemmer(lang, ignore_stopwords=lang != "porter")
    except LookupError:
        raise MissingDependency(
            f"XL-Sum's lang={lang!r} stemmer (nltk's SnowballStemmer, ignore_stopwords=True) reads nltk's stopwords "
            "corpus, which is not installed (install it with nltk's downloader, stopwords; rouge155 never downloads)"
        ) from None
    return stemmer.stem


def _bengali() -> Callable[[str], str]:
    try:
        from bengali_stemmer.rafikamal2014 import RafiStemmer
    except ImportError:
        raise MissingDependency(f"XL-Sum's Bengali stemmer needs bengali-stemmer (not on PyPI): {BENGALI}") from None
    return RafiStemmer().stem_word


def _turkish() -> Callable[[str], str]:
    try:
        from TurkishStemmer import TurkishStemmer
    except ImportError:
        raise MissingDependency(f"XL-Sum's Turkish stemmer needs TurkishStemmer: {EXTRA}") from None
    return TurkishStemmer().stem


def stemmer(lang: Optional[str], callable_stemmer=None) -> Optional[Callable[[str], str]]:
    """The stemmer ``MultiStemmer(lang, callable_stemmer)`` applies (None: it stems nothing). ``lang``
    is already resolved (:func:`resolve`)."""
    if callable_stemmer:
        return callable_stemmer
    if not lang:
        return _snowball("porter")
    if lang == "bengali":
        return _bengali()
    if lang == "turkish":
        return _turkish()
    if lang == "hindi":
        return hindi_stem
    if lang in _snowball_languages():
        return _snowball(lang)
    warnings.warn("-" * 5 + f"unknown stemmer language-> {lang}" + "-" * 5, stacklevel=3)  # its own warning
    return None


def _version(package: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "unknown"


Segmenter = Callable[[str], List[str]]


def _jieba() -> Tuple[Segmenter, str]:
    try:
        import logging

        import jieba
    except ImportError:
        raise MissingDependency(f"XL-Sum's Chinese segmenter needs jieba: {EXTRA}") from None
    jieba.setLogLevel(logging.WARNING)  # its dictionary's loading messages (as --language zh keeps them quiet)
    jieba.initialize()
    return _WordByWord(lambda text: list(jieba.cut(text))), f"jieba-{_version('jieba')}"


class _WordByWord(dict):
    """jieba's ``cut`` on words joined by single spaces, each distinct word cut once (remembered; cleared past
    a million). Exact by jieba's construction: ``cut`` splits the text into runs of ``[\u4E00-\u9FD5a-zA-Z0-9+#&._%-]``
    and cuts each run alone, and yields each other character, a space included, as a token of its own; a
    space always ends a run, so the text's tokens are its words' tokens with a ``" "`` between words. Any
    other text (other whitespace, two spaces in a row, a leading one) goes to ``cut`` whole."""

    def __init__(self, cut: Segmenter):
        super().__init__()
        self._cut = cut

    def __missing__(self, word: str) -> List[str]:
        tokens = self[word] = self._cut(word)
        return tokens

    def __call__(self, text: str) -> List[str]:
        words = text.split(" ")
        if not all(word and word.isprintable() for word in words):  # isprintable: no whitespace but " "
            return self._cut(text)
        if len(self) > 1_000_000:
            self.clear()
        out = list(self[words[0]])
        for word in words[1:]:
            out.append(" ")
            out.extend(self[word])
        return out


def _dictionary(tagger) -> str:
    """The dictionary fugashi found (the one that segments): its package and version, or its file."""
    path = str(tagger.dictionary_info[0]["filename"]).replace("\\", "/")
    for package, folder in (("unidic-lite", "/unidic_lite/"), ("unidic", "/unidic/")):
        if folder in path:
            return f"{package}-{_version(package)}"
    return path.rsplit("/", 2)[-2] if "/" in path else path


def _mecab() -> Tuple[Segmenter, str]:
    try:
        from fugashi import Tagger
        tagger = Tagger("-O wakati -b 50000")
    except (ImportError, RuntimeError):
        raise MissingDependency(f"XL-Sum's Japanese segmenter needs fugashi and a UniDic (unidic-lite): {EXTRA}") \
            from None
    return (lambda text: tagger.parse(text).split()), f"fugashi-{_version('fugashi')}+{_dictionary(tagger)}"


def _newmm() -> Tuple[Segmenter, str]:
    try:
        from pythainlp.tokenize import word_tokenize
    except ImportError:
        raise MissingDependency(f"XL-Sum's Thai segmenter needs pythainlp: {EXTRA}") from None
    return (lambda text: word_tokenize(text, engine="newmm")), f"pythainlp-{_version('pythainlp')}-newmm"


_SEGMENTERS: Dict[str, Callable[[], Tuple[Segmenter, str]]] = {
    "chinese": _jieba, "japanese": _mecab, "thai": _newmm, "burmese": lambda: (burmese_syllables, "xlsum-burmese")}
_MADE: Dict[str, Tuple[Segmenter, str]] = {}  # each language's segmenter and its name, made once per process


def _made(lang: str) -> Tuple[Segmenter, str]:
    made = _MADE.get(lang)
    if made is None:
        made = _MADE[lang] = _SEGMENTERS[lang]()
    return made


def segmenter(lang: Optional[str], callable_tokenizer=None) -> Optional[Segmenter]:
    """The segmenter ``MultiTokenizer(lang, callable_tokenizer)`` calls on the sanitized text (None: the
    default tokens). ``lang`` is already resolved."""
    if callable_tokenizer:
        return callable_tokenizer
    if lang and lang in _SEGMENTERS:
        return _made(lang)[0]
    return None


def forget_words() -> None:
    """Empty the segmenters' word memos (benchmarks: the next batch learns its words again)."""
    for segment, _name in _MADE.values():
        if isinstance(segment, _WordByWord):
            segment.clear()


def segmenter_name(lang: Optional[str]) -> Optional[str]:
    """The segmenter ``lang`` (resolved) brings, with its package's version and dictionary (it signs the
    numbers: another jieba or UniDic segments otherwise); None without one."""
    return _made(lang)[1] if lang and lang in _SEGMENTERS else None


def stemmer_name(lang: Optional[str]) -> Optional[str]:
    """The stemmer package ``lang`` (resolved) brings where it is neither nltk (whose version signs apart)
    nor XL-Sum's own rules: its name and version; None otherwise."""
    package = {"turkish": "TurkishStemmer", "bengali": "bengali-stemmer"}.get(str(lang))
    return f"{package}-{_version(package)}" if package else None


def uses_nltk(lang: Optional[str]) -> bool:
    """Whether ``lang``'s (resolved) stemmer is nltk's (Porter or Snowball)."""
    return not lang or lang in SNOWBALL


def from_language(code: str) -> str:
    """XL-Sum's ``lang=`` for rouge155's language ``code``: its name for an ISO 639 code of its table
    (``hi`` -> ``hindi``, ``zh`` -> ``chinese_simplified``), or one of its own names as given; ValueError
    for anything else."""
    if code in XLSUM_NAMES:
        return XLSUM_NAMES[code]
    if isinstance(code, str) and code in _OWN_NAMES:
        return code
    raise ValueError(f"XL-Sum's scorer has no language {code!r}: give an ISO 639 code "
                     f"({' '.join(sorted(XLSUM_NAMES))}) or one of its lang= names")


def describe(lang: Optional[str]) -> str:
    """How ``lang`` is stemmed and segmented, in words (the docs' table, the audit)."""
    lang = resolve(lang)
    if lang in SEGMENTED:
        words = {"chinese": "jieba", "japanese": "fugashi (MeCab, UniDic)", "thai": "pythainlp newmm",
                 "burmese": "syllable rules"}[str(lang)]
        return f"segmented by {words}, no stemmer"
    if not lang:
        return "default tokens, nltk Porter stemmer"
    if lang in OWN_STEMMERS:
        return f"default tokens, its {lang} stemmer"
    if lang in SNOWBALL:
        return f"default tokens, nltk Snowball {lang} stemmer (stopwords unstemmed)"
    return "default tokens, no stemmer"


# every name its lang= knows: its folders' names, its aliases, its stemmers' and segmenters' languages
_OWN_NAMES = frozenset(XLSUM_NAMES.values()) | frozenset(ALIASES) | frozenset(SNOWBALL) | frozenset(SEGMENTED) \
    | frozenset(OWN_STEMMERS)
