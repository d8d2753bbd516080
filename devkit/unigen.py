"""Generated evaluation sets in many scripts, for the differential test against ROUGE-1.5.5-unicode.

It reuses :mod:`evalgen`'s sets (formats SEE/SPL/ISI, XML configs and -z lists, BE sets) with a word
pool of Cyrillic, Greek, accented Latin (precomposed and combining), Arabic, Hebrew, Devanagari,
Chinese, Japanese, Korean, Thai, emoji, Unicode spaces, mixed scripts and invalid UTF-8.
"""
from __future__ import annotations

import contextlib
import os
import random
from typing import List, Tuple

from devkit import evalgen

SCRIPTS = {
    "cyrillic": "Москва столица России Привет мир ЁЖИК ёжик быстро бегает Мир-труд",
    "greek": "ΟΔΟΣ Οδός λόγος ΛΌΓΟΣ Σοφία σοφία ΑΘΗΝΑ ΣΣ ΣΑΣ",
    "latin": "Cristóbal Colón ÉCOLE école Straße STRASSE Ærø naïve façade Œuvre İstanbul ıI ǅemal ﬁne Ａｂｃ",
    "combining": "e\u0301cole Cafe\u0301 n\u0303 a\u0308bc \u0301lead x\u20dd",
    "arabic": "مرحبا بالعالم السلام عليكم الكتاب ٣٤٥ ۱۲",
    "hebrew": "שלום עולם ספר הספר",
    "devanagari": "नमस्ते दुनिया हिन्दी भाषा क्षत्रिय १२३",
    "chinese": "我们在北京大学学习 自然语言处理 中文 汉字，测试。",
    "japanese": "私は東京大学で勉強しています カタカナ ひらがな ｶﾀｶﾅ",
    "korean": "안녕하세요 세계 한국어 대한민국",
    "thai": "ภาษาไทย สวัสดีครับ ฉันรักประเทศไทย",
    "emoji": "😀 👍🏽 ❤️ 🇫🇷 Ⓐⓑ ①② x² ½ Ⅻ ⅻ",
    "symbols": "a_b snake_case ‿tie naïve-ish co-op — – ‐ ‑ « » „quoted“ ¿qué? ¡sí!",
}
SPACES = ["\u00a0", "\u2003", "\u3000", "\u2028", "\u0085", "\u200b", "\u200d", "\u1680", "\u202f", "\x1c", "\t"]
BAD_BYTES = [b"\xe9", b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"\xef\xbf\xbe", b"\xf4\x90\x80\x80",
             b"\xc0\xaf", b"\xe2\x82", b"\x80"]
_POOL = [w for text in SCRIPTS.values() for w in text.split(" ")]


def _word(r: random.Random) -> bytes:
    x = r.random()
    if x < 0.55:
        w = r.choice(_POOL)
        if r.random() < 0.1:
            w = w.upper()
        return w.encode("utf-8")
    if x < 0.65:
        return r.choice(_POOL).encode("utf-8") + r.choice(SPACES).encode("utf-8") + r.choice(_POOL).encode("utf-8")
    if x < 0.72:
        return (r.choice(_POOL) + r.choice(["-", "_", "", "·", "'"]) + r.choice(_POOL)).encode("utf-8")
    if x < 0.75:
        return r.choice(_POOL).encode("utf-8") + r.choice(BAD_BYTES)
    if x < 0.77:  # a stray byte right before a CJK/Hangul character (Perl's decoder swallows some)
        return r.choice(BAD_BYTES + [b"\x80", b"\xc0", b"\xf8\x88"]) + r.choice(_POOL).encode("utf-8")
    return evalgen._word(r)


@contextlib.contextmanager
def _unicode_words():
    old = evalgen._word
    evalgen._word = _word
    try:
        yield
    finally:
        evalgen._word = old


_BE_WORDS = _POOL + evalgen.BE_HEADS + ["ées", "ée", "naïves", "naïve", "мира", "мир", "cafés", "café"]


def _be_unicode_line(r: random.Random) -> bytes:
    head = r.choice(_BE_WORDS)  # short non-ASCII words: -m's length test counts characters in the fork
    mod = "NIL" if r.random() < 0.25 else r.choice(_BE_WORDS)
    rel = "NIL" if r.random() < 0.2 else r.choice(evalgen.BE_RELS)
    return f"{head}|{mod}|{rel}".encode("utf-8")


def unicode_cases(seed: int, count: int, workdir: str, per_set: int = 4, be_share: float = 0.12):
    """(cwd, args) pairs over generated multi-script sets x random flags (evalgen's flag generator)."""
    cases: List[Tuple[str, List[str]]] = []
    k = 0
    while len(cases) < count:
        root = os.path.join(workdir, f"u{seed}-{k}")
        r = random.Random(seed * 7919 + k)
        if r.random() < be_share:
            old = evalgen.be_line
            evalgen.be_line = _be_unicode_line
            try:
                es = evalgen.make_be_evalset(root, seed * 100003 + k)
            finally:
                evalgen.be_line = old
            flags = evalgen.random_be_flags
        else:
            with _unicode_words():
                es = evalgen.make_evalset(root, seed * 100003 + k)
            if r.random() < 0.3:  # the fork splits -z lists on Unicode spaces too
                lst = os.path.join(root, es.lst)
                with open(lst, encoding="utf-8") as fh:
                    text = fh.read()
                with open(lst, "w", encoding="utf-8") as fh:
                    fh.write(text.replace(" models/", r.choice(["\u00a0", "\u3000 ", "\u2003", " "]) + "models/"))
            flags = evalgen.random_flags
        for _ in range(per_set):
            if len(cases) < count:
                cases.append((root, flags(r, es)))
        k += 1
    return cases
