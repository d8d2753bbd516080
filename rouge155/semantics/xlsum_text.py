"""XL-Sum's multilingual text rules (csebuetnlp/xl-sum, ``multilingual_rouge_scoring``), without its
dependencies: what its ``BasicTokenizer``, its pyonmttok ``aggressive`` pre-tokenizer, its CJK split,
its Burmese syllable segmenter and its Hindi stemmer do, as plain functions over ``str``.

* :func:`sanitize`: ``BasicTokenizer`` (from BERT's): NUL, U+FFFD and every ``C*`` character but tab,
  CR and LF deleted (so they join what surrounds them), whitespace splits, and every punctuation
  character (``P*``, and all of ASCII's non-alphanumerics: ``$+<=>^`|~`` too) splits and vanishes;
* :func:`fallback_tokens`: the tokens of a text no segmenter handled: the sanitized words through
  OpenNMT Tokenizer's ``aggressive`` mode (pyonmttok; its rules re-stated here and compared with
  pyonmttok on every code point by the tests), then a space around every CJK ideograph;
* :func:`burmese_syllables`: its ``BurmeseTokenizer`` (dependent vowels, medials and asat glued to
  their consonant, short asat units to the unit before, stacked consonants joined), quirks included;
* :func:`hindi_stem`: its ``HindiStemmer`` (Ramanathan and Rao's suffix lists, longest first).

The character classes come from Python's ``unicodedata`` (as the original's do) and are built once,
on first use, as regular expressions.
"""
from __future__ import annotations

import itertools
import re
import sys
import unicodedata
from typing import Dict, List, Pattern, Tuple

# pyonmttok's aggressive mode replaces these characters (its joiner, spacer and separator markers)
_SUBSTITUTES = {"\u2581": "_", "\uffed": "\u25a0", "\uffe8": "\u2502"}
_ESCAPED_SPACE = "\uff050020"  # a space that carries combining marks: pyonmttok escapes it as "％0020"
# BERT's _is_chinese_char: the CJK ideograph blocks only (not kana, not Hangul)
_CJK = "\u4e00-\u9fff\u3400-\u4dbf\U00020000-\U0002a6df\U0002a700-\U0002b73f\U0002b740-\U0002b81f" \
       "\U0002b820-\U0002ceaf\uf900-\ufaff\U0002f800-\U0002fa1f"


class _Tables:
    """The regular expressions over Python's Unicode categories, built once (about 0.5 s)."""

    def __init__(self) -> None:
        # one class per code point: R deleted, P punctuation, L letter, N number, M mark, O anything else
        label = {cat: ("R" if cat[0] == "C" else cat[0] if cat[0] in "PLNM" else "O") for cat in _CATEGORIES}
        labels = list(map(label.__getitem__, map(unicodedata.category, map(chr, range(sys.maxunicode + 1)))))
        for cp in (0, 0xFFFD):
            labels[cp] = "R"
        for cp in (9, 10, 13):
            labels[cp] = "O"  # whitespace: kept (the split takes it)
        for cp in range(33, 127):
            if not chr(cp).isalnum():
                labels[cp] = "P"  # every ASCII non-alphanumeric is punctuation there
        classes: Dict[str, List[str]] = {k: [] for k in "RPLNMO"}
        bmp: Dict[str, List[str]] = {k: [] for k in "RPLNMO"}
        start = 0
        for key, run in itertools.groupby(labels):
            end = start + sum(1 for _ in run)
            for out, last in ((classes[key], end - 1), (bmp[key], min(end - 1, 0xFFFF))):
                if start <= last:
                    out.append(re.escape(chr(start)) + (f"-{re.escape(chr(last))}" if last > start else ""))
            start = end
        letter, number, mark = ("".join(classes[k]) for k in "LNM")
        # Classes with characters past U+FFFF are checked range by range past their BMP bitmap (slow): the
        # clean-up's run on the BMP (sanitize() classifies the rare astral characters itself).
        self.removed_bmp = re.compile(f"[{''.join(bmp['R'])}]+")
        self.word_bmp = re.compile(f"[^\\s{''.join(bmp['P'])}]+")
        self.astral = re.compile("[\U00010000-\U0010ffff]")  # (Python's str: no surrogate pairs)
        # pyonmttok aggressive on a word (no separators inside): runs of letters, runs of numbers, and every
        # other character alone, each with the combining marks after it
        self.pieces, self.pieces_bmp = (
            re.compile(f"(?:[{lt}][{mk}]*)+|(?:[{nb}][{mk}]*)+|[^{lt}{nb}{mk}][{mk}]*") for lt, nb, mk in
            ((letter, number, mark), ("".join(bmp["L"]), "".join(bmp["N"]), "".join(bmp["M"]))))
        self.cjk = re.compile(f"([{_CJK}])")


_CATEGORIES = ("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf",
               "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn")


_TABLES: List[_Tables] = []


def tables() -> _Tables:
    if not _TABLES:
        _TABLES.append(_Tables())
    return _TABLES[0]


def sanitize(text: str) -> List[str]:
    """``BasicTokenizer()(text)``: the words left after deleting control characters and splitting on
    whitespace and punctuation (which vanishes)."""
    t = tables()
    if t.astral.search(text) is not None:
        text = t.astral.sub(_astral_class, text)  # deleted, a space (punctuation), or kept: then BMP rules
    if not text.isprintable() or "\ufffd" in text:  # printable text holds no C* character
        text = t.removed_bmp.sub("", text)
    return t.word_bmp.findall(text)


class _AstralClass(dict):
    """What the clean-up does to a character past U+FFFF: "" (deleted), " " (punctuation: splits), or
    the character (remembered per character)."""

    def __missing__(self, char: str) -> str:
        cat = unicodedata.category(char)
        value = self[char] = "" if cat[0] == "C" else " " if cat[0] == "P" else char
        return value


_ASTRAL = _AstralClass()


def _astral_class(match: "re.Match[str]") -> str:
    return _ASTRAL[match.group(0)]


class _IsMark(dict):
    """Whether a character is a combining mark (remembered per character)."""

    def __missing__(self, char: str) -> bool:
        value = self[char] = unicodedata.category(char)[0] == "M"
        return value


_MARK_START = _IsMark()


def _aggressive(word: str, first: bool) -> List[str]:
    """pyonmttok ``Tokenizer('aggressive')`` on one sanitized word (``first``: the text's first word)."""
    t = tables()
    out: List[str] = []
    lead = 0
    while lead < len(word) and _MARK_START[word[lead]]:
        lead += 1
    if lead:
        # marks after a separator stay with it, escaped (a text's first marks are a token of their own)
        out.append(word[:lead] if first else _ESCAPED_SPACE + word[:lead])
        word = word[lead:]
    for piece in (t.pieces if t.astral.search(word) else t.pieces_bmp).findall(word):
        swap = _SUBSTITUTES.get(piece[0])
        out.append(swap + piece[1:] if swap else piece)
    return out


def split_cjk(text: str) -> str:
    """BERT's ``tokenize_chinese_chars``: a space on each side of every CJK ideograph."""
    return tables().cjk.sub(r" \1 ", text)


def _split_cjk(tokens: List[str], pattern: Pattern[str]) -> List[str]:
    """BERT's ``tokenize_chinese_chars`` then a whitespace split: every CJK ideograph alone (``pattern``
    captures one ideograph: a split keeps it between the pieces around it)."""
    out: List[str] = []
    for token in tokens:
        if pattern.search(token):
            out.extend(piece for piece in pattern.split(token) if piece)
        else:
            out.append(token)
    return out


class FallbackTokens:
    """:func:`fallback_tokens` remembered per word (pure; cleared when it grows past a million)."""

    def __init__(self) -> None:
        self._memo: Dict[str, List[str]] = {}  # a word not first in its text -> its tokens

    def clear(self) -> None:
        self._memo.clear()

    def __call__(self, words: List[str]) -> List[str]:
        memo = self._memo
        if len(memo) > 1_000_000:
            memo.clear()
        if not words:
            return []
        first = words[0]
        out = list(_split_cjk(_aggressive(first, True), tables().cjk) if _MARK_START[first[0]] else
                   (memo.get(first) or self._learn(first)))
        for word in words[1:]:
            tokens = memo.get(word)
            out.extend(tokens if tokens is not None else self._learn(word))
        return out

    def _learn(self, word: str) -> List[str]:
        tokens = self._memo[word] = _split_cjk(_aggressive(word, False), tables().cjk)
        return tokens


_FALLBACK = FallbackTokens()


def forget_tokens() -> None:
    """Empty :func:`fallback_tokens`' word memo (benchmarks: the next batch learns its words again)."""
    _FALLBACK.clear()


def fallback_tokens(words: List[str]) -> List[str]:
    """XL-Sum's default tokens: pyonmttok ``aggressive`` over the sanitized words joined by spaces, then
    every CJK ideograph split off (``MultiTokenizer``'s path when no segmenter gave tokens)."""
    return _FALLBACK(words)


# -- Burmese -----------------------------------------------------------------------------------------

_ASAT, _DOT_BELOW, _VIRAMA = "\u103a", "\u1037", "\u1039"
_DEPENDENT = frozenset([chr(0x102B + x) for x in range(8)] + [chr(0x1036 + x) for x in range(3)]
                       + [chr(0x103B + x) for x in range(4)] + [_ASAT])


def burmese_syllables(text: str) -> List[str]:
    """XL-Sum's ``BurmeseTokenizer`` (after Ding et al. 2019): ZWNJ as a space, dot-below + asat
    reordered, all whitespace removed; each character with the dependent signs after it is a unit (a
    text's leading dependent signs too); a unit of fewer than 4 characters holding an asat joins the
    unit before it; a lone virama joins its neighbours."""
    text = text.replace("\u200c", " ").replace(_DOT_BELOW + _ASAT, _ASAT + _DOT_BELOW)
    chars = list("".join(text.lower().strip().split()))
    units: List[str] = []
    for i, char in enumerate(chars):
        if i > 0 and char in _DEPENDENT:
            units[-1] += char
        else:
            units.append(char)
    for i in range(1, len(units)):
        # quirk (kept): a unit is appended to the slot before it even when that slot was just emptied,
        # so two asat units in a row stay apart
        if _ASAT in units[i] and len(units[i]) < 4:
            units[i - 1] += units[i]
            units[i] = ""
    joined = " ".join(" ".join(units).split())
    return joined.replace(" " + _VIRAMA + " ", _VIRAMA).split()


# -- Hindi -------------------------------------------------------------------------------------------

_HINDI_SUFFIXES: Dict[int, Tuple[str, ...]] = {
    1: ("ो", "े", "ू", "ु", "ी", "ि", "ा"),
    2: ("कर", "ाओ", "िए", "ाई", "ाए", "ने", "नी", "ना", "ते", "ीं", "ती", "ता", "ाँ", "ां", "ों", "ें"),
    3: ("ाकर", "ाइए", "ाईं", "ाया", "ेगी", "ेगा", "ोगी", "ोगे", "ाने", "ाना", "ाते", "ाती", "ाता", "तीं", "ाओं",
        "ाएं", "ुओं", "ुएं", "ुआं"),
    4: ("ाएगी", "ाएगा", "ाओगी", "ाओगे", "एंगी", "ेंगी", "एंगे", "ेंगे", "ूंगी", "ूंगा", "ातीं", "नाओं", "नाएं",
        "ताओं", "ताएं", "ियाँ", "ियों", "ियां"),
    5: ("ाएंगी", "ाएंगे", "ाऊंगी", "ाऊंगा", "ाइयाँ", "ाइयों", "ाइयां"),
}


def hindi_stem(token: str) -> str:
    """XL-Sum's ``HindiStemmer`` (Ramanathan and Rao 2003): the first suffix, longest lists first, that
    leaves at least two characters, cut off by its list's length."""
    for size in (5, 4, 3, 2, 1):
        if len(token) > size + 1 and token.endswith(_HINDI_SUFFIXES[size]):
            return token[:-size]
    return token

