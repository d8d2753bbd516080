"""``rouge.properties``: Java's ``Properties.load`` format, read into resolved settings.

Keys and defaults are the jar's (``SettingsUtil.loadProps``). Where the jar silently falls back
(an unknown key, a boolean that is not ``true``, an unknown stemmer) this reader stops with one
clear line instead.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from ..base.errors import RougeError
from . import javalang


class PropertiesError(RougeError):
    """A ``rouge.properties`` problem (one line)."""


DEFAULTS: Dict[str, str] = {
    "ngram": "1",
    "project.dir": "projects",
    "synonyms.use": "false",
    "rouge.type": "normal",
    "stopwords.use": "false",
    "stopwords.file": "resources/stopwords-terrier-en.txt",
    "topic.type": "nn",
    "pos_tagger_name": "english-left3words-distsim.tagger",
    "stemmer.name": "englishStemmer",
    "stemmer.use": "false",
    "output": "console",
    "outputFile": "results.txt",
    "beta": "1.0",
    "synonyms.dir": "default",  # read by no code in the jar; accepted as the shipped file has it
}

ROUGE_TYPES = ("normal", "normalCompressed", "topic", "topicUniq")

#: stemmer.name -> snowballstemmer algorithm (the jar's org.tartarus.snowball.ext classes).
STEMMERS: Dict[str, str] = {
    f"{lang}Stemmer": lang
    for lang in ("danish", "dutch", "english", "finnish", "french", "german", "hungarian", "italian",
                 "norwegian", "porter", "portuguese", "romanian", "russian", "spanish", "swedish", "turkish")
}

_NGRAM = re.compile(r"[0-9]+|SU?[0-9]+|[lL]")


@dataclass(frozen=True)
class Settings:
    """The jar's ROUGESettings, resolved once."""

    project_dir: str = "projects"
    rouge_type: str = "normal"
    ngrams: Tuple[str, ...] = ("1",)
    beta: float = 1.0
    remove_stopwords: bool = False
    stopwords_file: str = "resources/stopwords-terrier-en.txt"
    topics: str = "nn"
    use_synonyms: bool = False
    tagger_name: str = "english-left3words-distsim.tagger"
    stemmer: str = "englishStemmer"
    use_stemmer: bool = False
    output_type: str = "console"
    results_file: str = "results.txt"
    raw: Dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def needs_tagger(self) -> bool:
        return self.rouge_type in ("topic", "topicUniq") or self.use_synonyms


def _unescape(text: str) -> str:
    out: List[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            if n == "u":
                code = text[i + 2:i + 6]
                if len(code) != 4 or not re.fullmatch("[0-9a-fA-F]{4}", code):
                    raise PropertiesError("properties: malformed \\uxxxx encoding")
                out.append(chr(int(code, 16)))
                i += 6
                continue
            out.append({"t": "\t", "n": "\n", "r": "\r", "f": "\f"}.get(n, n))
            i += 2
            continue
        if c == "\\":  # a lone backslash at the very end is dropped
            i += 1
            continue
        out.append(c)
        i += 1
    # a Java String is UTF-16: an escaped surrogate pair is one character (a lone surrogate stays as it is)
    return "".join(out).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def parse_properties(data: bytes) -> Dict[str, str]:
    """``java.util.Properties.load(InputStream)``: ISO-8859-1, ``#``/``!`` comments, ``=``, ``:`` or
    white space between key and value, backslash continuation lines and escapes; last key wins."""
    text = data.decode("latin-1")
    natural = re.split(r"\r\n|\r|\n", text)
    props: Dict[str, str] = {}
    i = 0
    while i < len(natural):
        line = natural[i].lstrip(" \t\f")
        i += 1
        if not line or line[0] in "#!":
            continue
        # continuation: an odd number of trailing backslashes joins the next line (its indent dropped)
        while (len(line) - len(line.rstrip("\\"))) % 2 == 1:
            line = line[:-1]
            if i < len(natural):
                line += natural[i].lstrip(" \t\f")
                i += 1
            else:
                break
        j = 0
        key_end = len(line)
        while j < len(line):
            c = line[j]
            if c == "\\":
                j += 2
                continue
            if c in "=: \t\f":
                key_end = j
                break
            j += 1
        key = line[:key_end]
        has_sep = key_end < len(line) and line[key_end] in "=:"
        rest = line[key_end + 1:] if has_sep else line[key_end:]
        rest = rest.lstrip(" \t\f")
        if not has_sep and rest[:1] in ("=", ":"):  # one separator may follow the white space
            rest = rest[1:].lstrip(" \t\f")
        props[_unescape(key)] = _unescape(rest)
    return props


def _bool(key: str, value: str) -> bool:
    if value.lower() == "true":  # Boolean.parseBoolean
        return True
    if value.lower() == "false":
        return False
    raise PropertiesError(f"rouge.properties: {key}={value!r} is neither true nor false")


def _beta(value: str) -> float:
    text = javalang.trim(value)  # Double.parseDouble trims
    body = text[:-1] if text[-1:] in ("d", "D", "f", "F") else text
    try:
        beta = float(body)
    except ValueError:
        raise PropertiesError(f"rouge.properties: beta={value!r} is not a number") from None
    if "_" in body or body.lower().startswith(("nan", "inf", "+nan", "-nan", "+inf", "-inf")):
        raise PropertiesError(f"rouge.properties: beta={value!r} is not a number")
    return beta


def ngram_list(value: str) -> Tuple[str, ...]:
    """``val.split("\\\\s?,\\\\s?")``, each entry checked against what ``getNGramTokens`` accepts."""
    grams = javalang.split(re.compile(r"[ \t\n\x0b\x0c\r]?,[ \t\n\x0b\x0c\r]?"), value)
    for g in grams:
        if not _NGRAM.fullmatch(g):
            raise PropertiesError(f"rouge.properties: ngram entry {g!r} is not N, SN, SUN or L")
        digits = g.lstrip("SU")
        if digits.isdigit() and int(digits) > 2**31 - 1:
            raise PropertiesError(f"rouge.properties: ngram entry {g!r} is too large")
    return tuple(grams)


def _file_name(key: str, value: str) -> str:
    """A path setting the system can open. The jar stops on a NUL character (InvalidPathException, a stack
    trace) and writes an unpaired surrogate as "?"; both are refused here, in one line."""
    if "\0" in value:
        raise PropertiesError(f"rouge.properties: {key}={value!r} is not a file name (it holds a NUL character)")
    lone = next((c for c in value if "\ud800" <= c <= "\udfff"), None)
    if lone is not None:
        raise PropertiesError(f"rouge.properties: {key}={value!r} is not a file name "
                              f"(it holds an unpaired surrogate, U+{ord(lone):04X})")
    return value


def settings_from_properties(props: Dict[str, str]) -> Settings:
    unknown = sorted(k for k in props if k not in DEFAULTS)
    if unknown:
        raise PropertiesError(f"rouge.properties: unknown key {unknown[0]!r} (known: {', '.join(DEFAULTS)})")
    p = dict(DEFAULTS)
    p.update(props)
    if p["rouge.type"] not in ROUGE_TYPES:
        raise PropertiesError(f"rouge.properties: rouge.type={p['rouge.type']!r} is not one of "
                              f"{', '.join(ROUGE_TYPES)}")
    if p["stemmer.name"] not in STEMMERS and _bool("stemmer.use", p["stemmer.use"]):
        raise PropertiesError(f"rouge.properties: stemmer.name={p['stemmer.name']!r} is not one of "
                              f"{', '.join(STEMMERS)}")
    output = p["output"]
    if output.lower() not in ("file", "console"):
        raise PropertiesError(f"rouge.properties: output={output!r} is neither file nor console")
    try:
        re.compile(".*(" + p["topic.type"] + ").*")
    except re.error as exc:
        raise PropertiesError(f"rouge.properties: topic.type={p['topic.type']!r} is not a regular expression "
                              f"({exc})") from None
    remove_stopwords = _bool("stopwords.use", p["stopwords.use"])
    output_type = "file" if output.lower() == "file" else "console"
    # the paths the run opens (the jar opens stopwords.file and outputFile only when they are used)
    _file_name("project.dir", p["project.dir"])
    if remove_stopwords:
        _file_name("stopwords.file", p["stopwords.file"])
    if output_type == "file":
        _file_name("outputFile", p["outputFile"])
    return Settings(
        project_dir=p["project.dir"],
        rouge_type=p["rouge.type"],
        ngrams=ngram_list(p["ngram"]),
        beta=_beta(p["beta"]),
        remove_stopwords=remove_stopwords,
        stopwords_file=p["stopwords.file"],
        topics=p["topic.type"],
        use_synonyms=_bool("synonyms.use", p["synonyms.use"]),
        tagger_name=p["pos_tagger_name"],
        stemmer=p["stemmer.name"],
        use_stemmer=_bool("stemmer.use", p["stemmer.use"]),
        output_type=output_type,
        results_file=p["outputFile"],
        raw=dict(props),
    )


def load_settings(path: str) -> Settings:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise PropertiesError(f"cannot read properties file {path}: {exc.strerror}") from None
    return settings_from_properties(parse_properties(data))
