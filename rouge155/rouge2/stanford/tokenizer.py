"""The PTB-style tokenizer and sentence splitter in front of the jar's tagger (spec §3-§4).

Written from docs/rouge2-tagger-spec.md alone. At each position every token class of the spec's table
(§3.4) proposes its longest match; the length that counts includes the class's lookahead; the longest
wins, the earlier class on equal length (§3.1). Each class is a list of regular expressions, one per
alternative the table lists, written so that Python's backtracking finds the longest match of that
alternative; a class with lookahead captures its token in group ``tok``. Only the classes whose first
character can be the current one are tried (:data:`_DISPATCH`).

The table is complete for the text ROUGE 2.0 can pass (Latin-1 without digits, upper-case letters and
``! . " ' ; : ,`` in round 1, plus the tagged text of later rounds, §2.3); other text is tokenized by
the same classes, which is not guaranteed to be the jar's tokenization (§3.6).
"""
from __future__ import annotations

import re
from typing import Callable, Dict, List, Optional, Sequence, Tuple

# -- character sets (§3.2), as the inside of a regex [...] ---------------------------------------------
LT = "a-zA-Z\xaa\xb5\xba\xc0-\xd6\xd8-\xf6\xf8-\xff"
LS = LT + "\xad"
DG = "0-9"
AS = "'\x92"
AX = "'\x91\x92"
SP = " \t\xa0"
NL = "\x0b\x0c\x85"
AZ = "a-zA-Z"
AN = "a-zA-Z0-9"
MS = "+%&~^|\\\\\xa6-\xa9\xac\xae-\xba\xd7\xf7"
NOT_EM = " \t\n\x0c\r\"<>|()\xa0{}"
SM = "\\-^x=~<>'"
SM_NARROW = "\\^x=~<>"             # Sm without - and '
CONTRACTION = "(?:m|s|d|re|ve|ll)"

_WORD = f"[{LS}][{LS}{DG}]*(?:[?.!][{LS}][{LS}{DG}]*)*"
_NAME = "[A-Za-z][A-Za-z0-9_:.\\-]*"
_ATTRIBUTE = f" +{_NAME}(?: *= *(?:'[^']*'|\"[^\"]*\"))?"
_PART = f"(?:[dol][{AX}][{LT}{DG}])?[{LT}{DG}]+"


def _lit(*words: str) -> str:
    """Literal words, matched case-insensitively as the original tokenizer does (§3.6)."""
    return "(?i:" + "|".join(re.escape(w) for w in words) + ")"


def _soft(token: str) -> str:
    out = token.replace("\xad", "")
    return out if out else "-"


_CLOSING = {"'": "'", "\x92": "'", "\x91": "`", "\x93": "``", "\x94": "''", "\xab": "``", "\xbb": "''"}
_OPENING = dict(_CLOSING, **{"'": "`"})
_BRACKETS = {"(": "-LRB-", ")": "-RRB-", "[": "-LSB-", "]": "-RSB-", "{": "-LCB-", "}": "-RCB-"}


def _closing(token: str) -> str:
    return "".join(_CLOSING.get(c, c) for c in token)


def _opening(token: str) -> str:
    return "".join(_OPENING.get(c, c) for c in token)


def _faces(token: str) -> str:
    return token.replace("(", "-LRB-").replace(")", "-RRB-")


def _dashes(token: str) -> str:
    return "--" if len(token) in (3, 4) else token


Output = Optional[Callable[[str], str]]   # None: the class skips what it matches
_SAME: Callable[[str], str] = str
_NBSP: Callable[[str], str] = lambda t: t.replace(" ", "\xa0")  # noqa: E731


class TokenClass:
    """One row of §3.4: alternatives (regexes, with group ``tok`` when there is lookahead), the characters
    a match can start with, the output function, and whether only the first three characters are consumed."""

    def __init__(self, number: int, first: str, alternatives: Sequence[str], output: Output = _SAME,
                 lookahead: str = "", consume3: bool = False) -> None:
        self.number = number
        self.first = re.compile(f"[{first}]")
        self.lookahead = bool(lookahead)
        # the lookahead's own length counts (§3.1): it is matched, and the token is group "tok"
        self.patterns = [re.compile(f"(?P<tok>{alt})(?:{lookahead})" if lookahead else alt) for alt in alternatives]
        self.output = output
        self.consume3 = consume3

    def longest(self, text: str, pos: int) -> Tuple[int, int]:
        """(counted length, consumed length) of this class's longest match at ``pos``; (0, 0) if none."""
        best = (0, 0)
        for rx in self.patterns:
            m = rx.match(text, pos)
            if m is None:
                continue
            counted = m.end() - pos
            if counted > best[0]:
                consumed = (m.end("tok") if self.lookahead else m.end()) - pos
                best = (counted, 3 if self.consume3 else consumed)
        return best


CLASSES: List[TokenClass] = [
    TokenClass(1, "cC", [_lit("c++")]),
    TokenClass(2, "cC", [_lit("cannot")], consume3=True),
    TokenClass(3, "gGlLwW", [_lit("gonna", "gotta", "lemme", "gimme", "wanna")], consume3=True),
    TokenClass(4, "<", ["<\\?[A-Za-z\\-][^>]*>",
                        f"<{_NAME}(?:{_ATTRIBUTE})* */? *>",
                        f"</{_NAME} *>"], _NBSP),
    TokenClass(5, "\x96\x97", ["[\x96\x97]"], lambda _t: "--"),
    TokenClass(6, LS, [_WORD], _soft, lookahead=f"[{AS}]{CONTRACTION}"),
    TokenClass(7, "a-z\xad", ["[a-z\xad]*[a-mo-z]\xad*"], _soft, lookahead=f"n[{AX}]t"),
    TokenClass(8, LS, [_WORD], _soft),
    TokenClass(9, LT + AS, [f"[{AS}]n[{AS}]?", f"[ldj][{AS}]", f"(?:{_lit('dunkin', 'somethin', 'ol')})[{AS}]",
                            f"[{AS}]em", f"n[{AX}][{LT}]{{2,}}", f"[{AS}][2-9]0s", f"[{AS}]till?",
                            f"[{LT}][{LT}]*[aeiouy][{AX}][aeiou][{LT}]*", f"[{AS}]cause", _lit("cont'd") + "\\.?",
                            _lit("'twas", "nor'easter", "c'mon", "e'er", "s'mores", "ev'ry", "li'l", "nat'l")]),
    TokenClass(10, "y", [f"y[{AS}]"], lookahead=f"[{LT}]"),
    TokenClass(11, "<" + AN, [f"<?[{AN}][^{NOT_EM}]*@[^{NOT_EM}.]+(?:\\.[^{NOT_EM}.]+)*>?"]),
    TokenClass(12, "@#", [f"@[{AZ}_][{AN}_]*", f"#[{LS}]+"]),
    TokenClass(13, AS, [f"[{AS}]{CONTRACTION}"], _closing, lookahead=f"[^{AZ}]"),
    TokenClass(14, "n", [f"n[{AX}]t"], _closing),
    TokenClass(15, "\\-+0-9", ["[\\-+]?[0-9]+(?:[.:,\xad][0-9]+)*"], _soft),
    TokenClass(16, "\xb9\xb2\xb3", ["[\xb9\xb2\xb3]+"]),
    TokenClass(17, "0-9", ["(?:[0-9]{1,4}[\\- \xa0])?[0-9]{1,4}\\\\?/[0-9]{1,4}"], _NBSP),
    TokenClass(18, "\xbc-\xbe", ["[\xbc-\xbe]"], {"\xbc": "1/4", "\xbd": "1/2", "\xbe": "3/4"}.__getitem__),
    TokenClass(19, "\\-pPaAsScC", [_lit("-lrb-", "-rrb-", "-lcb-", "-rcb-", "-lsb-", "-rsb-", "pro-", "anti-",
                                        "s&ls"), f"(?i:cap)[{AS}](?i:n)", f"(?i:c)[{AS}](?i:est)"]),
    TokenClass(20, AN, [f"[{AN}]+(?:-[{AZ}]+){{0,2}}(?:\\\\?/[{AN}]+(?:-[{AZ}]+){{0,2}}){{1,2}}"]),
    TokenClass(21, "$#", ["[$#]"]),
    TokenClass(22, "\xa2-\xa5\x80", ["[\xa2-\xa5\x80]"],
               {"\xa2": "cents", "\xa3": "#", "\xa4": "$", "\xa5": "\xa5", "\x80": "$"}.__getitem__),
    TokenClass(23, "\x7f", ["\x7f"], None),
    TokenClass(24, "<", ["<"]),
    TokenClass(25, ">", [">"]),
    TokenClass(26, "<>:;=", ["[<>]?[:;=][\\-o*']?[()dp\\\\{@|\\[\\]DPO]"], _faces, lookahead=f"[^{AN}]"),
    TokenClass(27, SM + "(", [f"[{SM_NARROW}]\\.[{SM_NARROW}]", f"[{SM}]_[{SM}]", f"\\([{SM}][_.]?[{SM}]\\)"], _faces),
    TokenClass(28, "{", ["\\{"], lambda _t: "-LCB-"),
    TokenClass(29, "}", ["\\}"], lambda _t: "-RCB-"),
    TokenClass(30, "\\[", ["\\["], lambda _t: "-LSB-"),
    TokenClass(31, "\\]", ["\\]"], lambda _t: "-RSB-"),
    TokenClass(32, "(", ["\\("], lambda _t: "-LRB-"),
    TokenClass(33, ")", ["\\)"], lambda _t: "-RRB-"),
    TokenClass(34, "\\-", ["-+"], _dashes),
    TokenClass(35, ".\x85", ["\\.{3,5}", "(?:\\.[ \xa0]){2,4}\\.", "\x85"], lambda _t: "..."),
    TokenClass(36, "@#_", ["@+", "#+", "_+"]),
    TokenClass(37, "*\\\\", ["\\*+", "(?:\\\\\\*){1,3}"]),
    TokenClass(38, ",;:", ["[,;:]"]),
    TokenClass(39, "?!", ["[?!]+"]),
    TokenClass(40, ".\xa1\xbf", ["[.\xa1\xbf]"]),
    TokenClass(41, "=", ["="]),
    TokenClass(42, "/", ["/"]),
    TokenClass(43, AN, [f"[{AN}][{AN}.,\xad]*(?:-[{AN}\xad]+)+"], _soft),
    TokenClass(44, LT + DG, [f"{_PART}(?:[\\-_]{_PART})*"]),
    TokenClass(45, "'", ["'"], _opening, lookahead=f"[{AZ}][^ \t\n\r\xa0]"),
    TokenClass(46, AS, [f"[{AS}]{CONTRACTION}"], _closing),
    TokenClass(47, AS + "`\x91-\x94\xab\xbb", [f"[{AS}]", "''", "[`\x91-\x94\xab\xbb]{1,2}"], _closing),
    TokenClass(48, "<>", ["<<", ">>"]),
    TokenClass(49, MS, [f"[{MS}]"]),
    TokenClass(50, "\x00" + SP, ["\x00", f"[{SP}]+"], None),
    TokenClass(51, NL, [f"[{NL}]"], None),
]

_SKIP_ONE = (1, 1)  # T53: any other single character is skipped


def _dispatch() -> Dict[str, List[TokenClass]]:
    """The classes a match can start with, per Latin-1 character (other characters: every class)."""
    return {chr(c): [k for k in CLASSES if k.first.match(chr(c))] for c in range(256)}


_DISPATCH = _dispatch()
# a run of letters that ends the word: no class can match longer than T8 there (§3.4), unless T2/T3's words
_PLAIN = re.compile(f"[{LT}]+(?=[{SP}]|$)")
_T2_T3 = frozenset(("cannot", "gonna", "gotta", "lemme", "gimme", "wanna"))


def tokenize(text: str) -> List[str]:
    """The tokens of ``text`` (§3): normalized as the table's output column says."""
    out: List[str] = []
    pos, n = 0, len(text)
    while pos < n:
        plain = _PLAIN.match(text, pos)
        if plain is not None and plain.group().lower() not in _T2_T3:
            out.append(plain.group())
            pos = plain.end()
            continue
        best: Optional[TokenClass] = None
        best_len = (0, 0)
        for cls in _DISPATCH.get(text[pos], CLASSES):
            found = cls.longest(text, pos)
            if found[0] > best_len[0]:
                best, best_len = cls, found
        if best is None:  # T53
            pos += 1
            continue
        consumed = best_len[1]
        if best.output is not None:
            out.append(best.output(text[pos:pos + consumed]))
        pos += consumed
    return out


_ENDING = frozenset((".", "?", "!"))
_FOLLOWING = frozenset((")", "]", '"', "'", "''", "-RRB-", "-RSB-", "-RCB-"))


def split_sentences(tokens: Sequence[str]) -> List[List[str]]:
    """§4: a sentence ends after an ending token and the ending or following tokens right after it."""
    sentences: List[List[str]] = []
    current: List[str] = []
    ended = False
    for tok in tokens:
        if ended and tok not in _ENDING and tok not in _FOLLOWING:
            sentences.append(current)
            current, ended = [], False
        current.append(tok)
        if tok in _ENDING:
            ended = True
    if current:
        sentences.append(current)
    return sentences
