"""Feature templates of a ``.tagger`` model: what each stored template object computes (spec §8).

A template reads words around position i (its *value* is a string) or, for the tag-dependent ones, the
tags at some offsets of the search window. Each template belongs to one of three summation groups
(§10.1): W (the current word only), C (other words too) and T (tags). Java's character classes and
case mapping for the Latin-1 range come from the spec's Appendix B.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

NA = "NA"
PACKAGE = "edu.stanford.nlp.tagger.maxent."
_NO_POSITION = 2147483647
# Appendix B: Java's classes on U+0000..U+00FF
_LOWER_EXTRA = frozenset("\xaa\xb5\xba")
_GREEK = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "iota", "kappa", "lambda", "omicron",
          "rho", "sigma", "tau", "upsilon", "omega")


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


def word_shape(s: str) -> str:
    """The word shape of shaper 8 (§8.4)."""
    n = len(s)
    first: List[str] = []
    middle = set()
    last: List[str] = []
    i = 0
    while i < n:
        name = next((g for g in _GREEK if s.startswith(g, i)), None)
        char = "g" if name else _shape_char(s[i])
        if n <= 4 or i < 2:
            first.append(char)
        elif i >= n - 2:
            last.append(char)
        else:
            middle.add(char)
        i += len(name) if name else 1
    return "".join(first) + "".join(sorted(middle)) + "".join(last)


Words = Sequence[str]   # the sentence's words then the end word ".$."


def word_at(words: Words, j: int) -> str:
    return words[j] if 0 <= j < len(words) else NA


@dataclass
class Template:
    """One stored template. ``value`` gives the feature value of a word template at position i; tag
    templates (group T) give ``axes`` (the window offsets whose tags they read, ascending) and ``tag_value``
    (the value from those tags and the words, at position i)."""

    number: int
    kind: str
    group: str
    rare: bool
    value: Optional[Callable[[Words, int], str]] = None
    axes: Tuple[int, ...] = ()
    tag_value: Optional[Callable[[Sequence[str], str], str]] = None   # (tags at the axes, word read) -> value
    word_offset: Optional[int] = None     # the word a T template with axes also reads (word-tag templates)
    reads: Tuple[int, ...] = field(default=(0,))   # word offsets a word template reads


def _flag(test: Callable[[str], bool]) -> Callable[[Words, int], str]:
    return lambda words, i: "1" if test(words[i]) else "0"


def _affix(num: int, pos: int, suffix: bool) -> Callable[[Words, int], str]:
    def value(words: Words, i: int) -> str:
        w = word_at(words, i + pos)
        if len(w) < num:
            return "######"
        return w[len(w) - num:] if suffix else w[:num]
    return value


def most_frequent_lookup(dictionary_best: Callable[[str], Optional[str]]) -> Callable[[str], str]:
    """The value of the sentence-start capital templates for an upper-case-initial word (§8.2)."""
    def value(w: str) -> str:
        best = dictionary_best(java_lower(w))
        return "0" if best is None else best
    return value


class TemplateError(ValueError):
    """A template class or field the specification does not describe (one line)."""


def _int(obj, name: str) -> int:  # type: ignore[no-untyped-def]
    value = obj.get(name)
    if not isinstance(value, int):
        raise TemplateError(f"template {obj.class_name}: field {name} is not a number")
    return value


def build_template(number: int, obj, rare: bool, best_tag: Callable[[str], Optional[str]]) -> Template:  # type: ignore[no-untyped-def] # noqa: C901
    """The :class:`Template` for one stored template object (``JavaObject``), by its class name (§8.2)."""
    kind = obj.class_name[len(PACKAGE):] if obj.class_name.startswith(PACKAGE) else obj.class_name

    def word_template(group_of: int, value: Callable[[Words, int], str], reads: Tuple[int, ...]) -> Template:
        return Template(number, kind, "W" if group_of == 0 else "C", rare, value=value, reads=reads)

    if kind == "Extractor":
        p = _int(obj, "position")
        if obj.get("isTag"):
            if p == 0:
                raise TemplateError("a template reading the current tag")
            return Template(number, kind, "T", rare, axes=(p,), tag_value=lambda tags, word: tags[0])
        return word_template(p, lambda words, i: word_at(words, i + p), (p,))
    if kind == "ExtractorFrames$ExtractorContinuousTagConjunction":
        p = _int(obj, "position")
        if p == 0:
            raise TemplateError("a tag conjunction of length 0")
        axes = tuple(range(p, 0)) if p < 0 else tuple(range(1, p + 1))
        if p < 0:
            return Template(number, kind, "T", rare, axes=axes, tag_value=lambda tags, word: "!".join(tags))
        return Template(number, kind, "T", rare, axes=axes, tag_value=lambda tags, word: "!".join(tags[::-1]))
    if kind == "ExtractorFrames$ExtractorTwoTags":
        a, b = _int(obj, "leftPosition"), _int(obj, "rightPosition")
        if a == 0 or b == 0 or a >= b:
            raise TemplateError(f"a two-tag template at {a}, {b}")
        return Template(number, kind, "T", rare, axes=(a, b), tag_value=lambda tags, word: tags[0] + "!" + tags[1])
    if kind == "ExtractorFrames$ExtractorWordTag":
        t, p = _int(obj, "position"), _int(obj, "wordPosition")
        if t == 0:
            raise TemplateError("a word-tag template reading the current tag")
        return Template(number, kind, "T", rare, axes=(t,), word_offset=p,
                        tag_value=lambda tags, word: tags[0] + "!" + word)
    if kind == "ExtractorFrames$ExtractorTwoWords":
        a, b = _int(obj, "leftPosition"), _int(obj, "rightPosition")
        return word_template(1, lambda words, i: word_at(words, i + a) + "!" + word_at(words, i + b), (a, b))
    if kind == "ExtractorWordShapeClassifier":
        p = _int(obj, "position")
        if obj.get("wordShaper") != 8:
            raise TemplateError(f"word shaper {obj.get('wordShaper')} (only shaper 8 is described)")
        return word_template(p, lambda words, i: word_shape(word_at(words, i + p)), (p,))
    if kind in ("ExtractorWordSuff", "ExtractorWordPref"):
        num, p = _int(obj, "num"), _int(obj, "position")
        return word_template(p, _affix(num, p, kind.endswith("Suff")), (p,))
    flags: Dict[str, Callable[[str], bool]] = {
        "ExtractorUCase": lambda w: any(map(is_upper, w)),
        "ExtractorCNumber": lambda w: any(map(is_digit, w)),
        "ExtractorDash": lambda w: "-" in w,
        "ExtractorAllCap": lambda w: not any(map(is_lower, w)),
        "ExtractorAllCapitalized": lambda w: all(map(is_upper, w)),
        "ExtractorLetterDigitDash": lambda w: any(map(is_letter, w)) and "-" in w and any(map(is_digit, w)),
        "ExtractorUpperDigitDash": lambda w: any(map(is_upper, w)) and "-" in w and any(map(is_digit, w)),
    }
    if kind in flags:
        return word_template(0, _flag(flags[kind]), (0,))
    if kind == "CompanyNameDetector":
        ends = obj.get("companyNameEnds")
        names: FrozenSet[str] = frozenset(ends.decoded if ends is not None and ends.decoded is not None else ())

        def company(words: Words, i: int) -> str:
            w = words[i]
            if w[:1] and is_upper(w[0]) and any(word_at(words, i + k) in names for k in range(4)):
                return "1"
            return "0"
        return word_template(1, company, (0, 1, 2, 3))
    if kind in ("ExtractorStartSentenceCap", "ExtractorMidSentenceCapC", "ExtractorMidSentenceCap"):
        return _capital_template(number, kind, rare, best_tag)
    if kind in ("ExtractorDistsim", "ExtractorDistsim$ExtractorDistsimConjunction"):
        return _distsim_template(number, kind, rare, obj)
    raise TemplateError(f"template class {obj.class_name} (not described by docs/rouge2-tagger-spec.md)")


def _capital_template(number: int, kind: str, rare: bool, best_tag: Callable[[str], Optional[str]]) -> Template:
    """The three sentence-position templates: they read whether tag(i-1) is NA, i.e. i == 0 (§8.2)."""
    lookup = most_frequent_lookup(best_tag)

    def capital_tag(w: str) -> str:
        return lookup(w) if w[:1] and is_upper(w[0]) else "0"

    if kind == "ExtractorStartSentenceCap":
        def value(words: Words, i: int) -> str:
            return capital_tag(words[i]) if i == 0 else "0"
    elif kind == "ExtractorMidSentenceCapC":
        def value(words: Words, i: int) -> str:
            return "0" if i == 0 else capital_tag(words[i])
    else:
        def value(words: Words, i: int) -> str:
            return "0" if i == 0 else ("1" if any(map(is_upper, words[i])) else "0")
    return Template(number, kind, "T", rare, value=value)


def _distsim_template(number: int, kind: str, rare: bool, obj) -> Template:  # type: ignore[no-untyped-def]
    lexicon_obj = obj.get("lexicon")
    lexicon: Dict[str, str] = dict(lexicon_obj.decoded) if lexicon_obj is not None and lexicon_obj.decoded else {}

    def cluster(words: Words, j: int) -> str:
        return lexicon.get(java_lower(word_at(words, j)), "null")

    if kind == "ExtractorDistsim":
        p = _int(obj, "position")
        return Template(number, kind, "W" if p == 0 else "C", rare, value=lambda words, i: cluster(words, i + p),
                        reads=(p,))
    a, b = _int(obj, "left"), _int(obj, "right")
    return Template(number, kind, "C", rare, value=lambda words, i: "|".join(cluster(words, i + j)
                                                                             for j in range(a, b + 1)),
                    reads=tuple(range(a, b + 1)))
