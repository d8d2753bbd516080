"""Feature templates of a ``.tagger`` model: what each stored template object computes (spec §8).

A template reads words around position i (its *value* is a string) or, for the tag-dependent ones, the
tags at some offsets of the search window. Each template belongs to one of three summation groups
(§10.1): W (the current word only), C (other words too) and T (tags). Java's character classes and
case mapping for the Latin-1 range come from the spec's Appendix B.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

NA = "NA"
PACKAGE = "edu.stanford.nlp.tagger.maxent."
# Appendix B: Java's classes on U+0000..U+00FF
_LOWER_EXTRA = frozenset("\xaa\xb5\xba")
_GREEK = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "iota", "kappa", "lambda", "omicron",
          "rho", "sigma", "tau", "upsilon", "omega")
# the names in the order they are tried: an alternation tries them in that order and takes the first that fits
_GREEK_AT = re.compile("|".join(_GREEK))
_GREEK_FIRST = frozenset(g[0] for g in _GREEK)


def is_digit(c: str) -> bool:
    return "0" <= c <= "9" if c < "\u0100" else c.isdecimal()


def is_upper(c: str) -> bool:
    if c < "\u0100":
        return "A" <= c <= "Z" or "\xc0" <= c <= "\xde" and c != "\xd7"
    return c.isupper()


def is_lower(c: str) -> bool:
    if c < "\u0100":
        return "a" <= c <= "z" or c in _LOWER_EXTRA or "\xdf" <= c <= "\xff" and c != "\xf7"
    return c.islower()


def is_letter(c: str) -> bool:
    if c < "\u0100":
        return "a" <= c <= "z" or "A" <= c <= "Z" or c in _LOWER_EXTRA or "\xc0" <= c <= "\xff" and c not in "\xd7\xf7"
    return c.isalpha()


def java_lower(s: str) -> str:
    """``String.toLowerCase()`` (Appendix A): on Latin-1, A-Z and U+00C0..U+00DE except U+00D7 move by 0x20."""
    return s.lower()


def _shape_char(c: str) -> str:
    if is_digit(c):
        return "d"
    if is_lower(c):
        return "x"
    if is_upper(c) or c.istitle():
        return "X"
    return c


@functools.lru_cache(maxsize=1 << 16)
def word_shape(s: str) -> str:
    """The word shape of shaper 8 (§8.4)."""
    n = len(s)
    first: List[str] = []
    middle = set()
    last: List[str] = []
    i = 0
    while i < n:
        name = _GREEK_AT.match(s, i) if s[i] in _GREEK_FIRST else None
        char = "g" if name else _shape_char(s[i])
        if n <= 4 or i < 2:
            first.append(char)
        elif i >= n - 2:
            last.append(char)
        else:
            middle.add(char)
        i = name.end() if name else i + 1
    return "".join(first) + "".join(sorted(middle)) + "".join(last)


Words = Sequence[str]   # the sentence's words then the end word ".$."


def word_at(words: Words, j: int) -> str:
    return words[j] if 0 <= j < len(words) else NA


@dataclass
class Template:
    """One stored template. A word template (group W or C) reading one word gives ``offset`` and ``of_word``
    (the value from that word); the others give ``value`` (the value at position i). A tag template (group
    T) gives ``axes`` (the window offsets whose tags it reads, ascending) and ``tag_value`` (the value from
    those tags and, for a word-tag template, the word at ``word_offset``); the sentence-position templates
    are tag templates without axes and give ``value``."""

    number: int
    kind: str
    group: str
    rare: bool
    offset: Optional[int] = None
    of_word: Optional[Callable[[str], str]] = None
    value: Optional[Callable[[Words, int], str]] = None
    axes: Tuple[int, ...] = ()
    tag_value: Optional[Callable[[Sequence[str], str], str]] = None
    word_offset: Optional[int] = None

    def value_at(self, words: Words, i: int) -> str:
        if self.of_word is not None:
            return self.of_word(word_at(words, i + self.offset))  # type: ignore[operator]
        assert self.value is not None
        return self.value(words, i)


class TemplateError(ValueError):
    """A template class or field the specification does not describe (one line)."""


def _int(obj: Any, name: str) -> int:
    value = obj.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise TemplateError(f"template {obj.class_name}: field {name} is not a number")
    return value


def _affix(num: int, suffix: bool) -> Callable[[str], str]:
    def value(w: str) -> str:
        if len(w) < num:
            return "######"
        return w[len(w) - num:] if suffix else w[:num]
    return value


_FLAGS: Dict[str, Callable[[str], bool]] = {
    "ExtractorUCase": lambda w: any(map(is_upper, w)),
    "ExtractorCNumber": lambda w: any(map(is_digit, w)),
    "ExtractorDash": lambda w: "-" in w,
    "ExtractorAllCap": lambda w: not any(map(is_lower, w)),
    "ExtractorAllCapitalized": lambda w: all(map(is_upper, w)),
    "ExtractorLetterDigitDash": lambda w: any(map(is_letter, w)) and "-" in w and any(map(is_digit, w)),
    "ExtractorUpperDigitDash": lambda w: any(map(is_upper, w)) and "-" in w and any(map(is_digit, w)),
}


@dataclass
class _Context:
    number: int
    kind: str
    rare: bool
    obj: Any
    best_tag: Callable[[str], Optional[str]]

    def word(self, offset: int, of_word: Callable[[str], str]) -> Template:
        return Template(self.number, self.kind, "W" if offset == 0 else "C", self.rare, offset=offset, of_word=of_word)

    def words(self, value: Callable[[Words, int], str]) -> Template:
        return Template(self.number, self.kind, "C", self.rare, value=value)

    def tags(self, axes: Tuple[int, ...], tag_value: Callable[[Sequence[str], str], str],
             word_offset: Optional[int] = None) -> Template:
        if not axes or 0 in axes or list(axes) != sorted(set(axes)):
            raise TemplateError(f"template {self.kind}: tag offsets {axes}")
        return Template(self.number, self.kind, "T", self.rare, axes=axes, tag_value=tag_value, word_offset=word_offset)


def _plain(c: _Context) -> Template:
    p = _int(c.obj, "position")
    if c.obj.get("isTag"):
        return c.tags((p,), lambda tags, _word: tags[0])
    return c.word(p, str)


def _conjunction(c: _Context) -> Template:
    p = _int(c.obj, "position")
    if p < 0:
        return c.tags(tuple(range(p, 0)), lambda tags, _word: "!".join(tags))
    return c.tags(tuple(range(1, p + 1)), lambda tags, _word: "!".join(tags[::-1]))


def _two_tags(c: _Context) -> Template:
    return c.tags((_int(c.obj, "leftPosition"), _int(c.obj, "rightPosition")),
                  lambda tags, _word: tags[0] + "!" + tags[1])


def _word_tag(c: _Context) -> Template:
    return c.tags((_int(c.obj, "position"),), lambda tags, word: tags[0] + "!" + word, _int(c.obj, "wordPosition"))


def _two_words(c: _Context) -> Template:
    a, b = _int(c.obj, "leftPosition"), _int(c.obj, "rightPosition")
    return c.words(lambda words, i: word_at(words, i + a) + "!" + word_at(words, i + b))


def _shape(c: _Context) -> Template:
    if c.obj.get("wordShaper") != 8:
        raise TemplateError(f"word shaper {c.obj.get('wordShaper')} (only shaper 8 is described)")
    return c.word(_int(c.obj, "position"), word_shape)


def _affix_template(c: _Context) -> Template:
    return c.word(_int(c.obj, "position"), _affix(_int(c.obj, "num"), c.kind.endswith("Suff")))


def _flag(c: _Context) -> Template:
    test = _FLAGS[c.kind]
    return c.word(0, lambda w: "1" if test(w) else "0")


def _company(c: _Context) -> Template:
    ends = c.obj.get("companyNameEnds")
    names: FrozenSet[str] = frozenset(getattr(ends, "decoded", None) or ())

    def company(words: Words, i: int) -> str:
        w = words[i]
        if w[:1] and is_upper(w[0]) and any(word_at(words, i + k) in names for k in range(4)):
            return "1"
        return "0"
    return c.words(company)


def _capital(c: _Context) -> Template:
    """The sentence-position templates: they read whether tag(i-1) is NA, i.e. i == 0 (§8.2)."""
    def capital_tag(w: str) -> str:
        if not (w[:1] and is_upper(w[0])):
            return "0"
        best = c.best_tag(java_lower(w))
        return "0" if best is None else best

    if c.kind == "ExtractorStartSentenceCap":
        def value(words: Words, i: int) -> str:
            return capital_tag(words[i]) if i == 0 else "0"
    elif c.kind == "ExtractorMidSentenceCapC":
        def value(words: Words, i: int) -> str:
            return "0" if i == 0 else capital_tag(words[i])
    else:
        def value(words: Words, i: int) -> str:
            return "0" if i == 0 else ("1" if any(map(is_upper, words[i])) else "0")
    return Template(c.number, c.kind, "T", c.rare, value=value)


def _distsim(c: _Context) -> Template:
    lexicon_obj = c.obj.get("lexicon")
    lexicon: Dict[str, str] = dict(getattr(lexicon_obj, "decoded", None) or {})

    def cluster(w: str) -> str:
        return lexicon.get(java_lower(w), "null")

    if c.kind == "ExtractorDistsim":
        return c.word(_int(c.obj, "position"), cluster)
    a, b = _int(c.obj, "left"), _int(c.obj, "right")
    return c.words(lambda words, i: "|".join(cluster(word_at(words, i + j)) for j in range(a, b + 1)))


_BUILDERS: Dict[str, Callable[[_Context], Template]] = {
    "Extractor": _plain,
    "ExtractorFrames$ExtractorContinuousTagConjunction": _conjunction,
    "ExtractorFrames$ExtractorTwoTags": _two_tags,
    "ExtractorFrames$ExtractorWordTag": _word_tag,
    "ExtractorFrames$ExtractorTwoWords": _two_words,
    "ExtractorWordShapeClassifier": _shape,
    "ExtractorWordSuff": _affix_template,
    "ExtractorWordPref": _affix_template,
    "CompanyNameDetector": _company,
    "ExtractorStartSentenceCap": _capital,
    "ExtractorMidSentenceCapC": _capital,
    "ExtractorMidSentenceCap": _capital,
    "ExtractorDistsim": _distsim,
    "ExtractorDistsim$ExtractorDistsimConjunction": _distsim,
    **{name: _flag for name in _FLAGS},
}


def build_template(number: int, obj: Any, rare: bool, best_tag: Callable[[str], Optional[str]]) -> Template:
    """The :class:`Template` for one stored template object (a ``JavaObject``), by its class name (§8.2)."""
    kind = obj.class_name[len(PACKAGE):] if obj.class_name.startswith(PACKAGE) else obj.class_name
    builder = _BUILDERS.get(kind)
    if builder is None:
        raise TemplateError(f"template class {obj.class_name} (not described by docs/rouge2-tagger-spec.md)")
    return builder(_Context(number, kind, rare, obj, best_tag))
