"""Seeded (prediction, reference) pairs in many scripts, for the Chinese and Unicode implementations.

Chinese (simplified and traditional, with Latin words, digits, full-width and ASCII punctuation, the
sentence ends and closing quotes rouge-chinese's ``cut_sent`` looks at, ``......`` and ``……``),
Japanese (kanji, kana, half-width katakana), Korean, Latin with diacritics (precomposed and combining),
Cyrillic, Greek, Arabic (with harakat and Arabic digits), Hebrew, Devanagari (conjuncts, matras,
Devanagari digits), Bengali, Thai, emoji (ZWJ sequences, skin tones, flags, keycaps), every Unicode
punctuation class (Pc Pd Ps Pe Pi Pf Po), symbols, compatibility characters (full-width Latin,
ligatures, circled and super/subscript digits, mathematical letters), Unicode spaces, line breaks
(CRLF, blank lines), and empty or blank texts. Each prediction reuses part of its reference (pieces
kept, dropped, swapped, characters changed), so that the overlaps are not all zero.

``odd_text`` adds texts of random characters from ``pools`` (e.g. one per Unicode property class).
"""
from __future__ import annotations

import random
from typing import List, Optional, Sequence, Tuple

SCRIPTS = {
    "zh-hans": "我们 在 北京 大学 学习 自然 语言 处理 中文 汉字 测试 模型 生成 摘要 人工 智能 今天 天气 很好 "
               "经济 发展 政府 报告 公司 市场 价格 上涨 下降 研究 表明 这个 问题 非常 重要 的 了 是 不 在 有 和",
    "zh-hant": "我們 在 臺灣 大學 學習 語言 處理 漢字 測試 經濟 發展 政府 報告 這個 問題 非常 重要 資訊 電腦 網路",
    "zh-mixed": "GPU 2024年 5月 AI模型 iPhone15 COVID-19 3.5% 100万 第1名 A股 ChatGPT BERT-base 5G网络 "
                "１２３ ＧＰＵ Ａｉ",
    "ja": "私は 東京 大学で 勉強 しています カタカナ ひらがな ｶﾀｶﾅ ﾃｽﾄ 日本語 です ます コンピューター ㍻ ㌔",
    "ko": "안녕하세요 세계 한국어 대한민국 서울 경제 발전 정부 보고서 ᄀᄁ 가나다",
    "latin": "Cristóbal Colón ÉCOLE école Straße STRASSE Ærø naïve façade Œuvre İstanbul ıI ǅemal ﬁne ﬂow "
             "e\u0301cole Cafe\u0301 n\u0303o a\u0308bc Dvořák Łódź ŞİŞLİ Ångström Ǆ ǈ",
    "cyrillic": "Москва столица России Привет мир ЁЖИК ёжик быстро бегает Мир-труд Ѳ ѳ",
    "greek": "ΟΔΟΣ Οδός λόγος ΛΌΓΟΣ Σοφία σοφία ΑΘΗΝΑ ΣΣ ΣΑΣ ς ϐ ϑ ΐ",
    "arabic": "مرحبا بالعالم السلام عليكم الكتاب ٣٤٥ ۱۲ كَتَبَ الْعَرَبِيَّة ﻻ ﷺ",
    "hebrew": "שלום עולם ספר הספר צה\"ל ג'ירפה בְּרֵאשִׁית",
    "devanagari": "नमस्ते दुनिया हिन्दी भाषा क्षत्रिय १२३ स्त्री प्रधानमंत्री क़ ज़",
    "bengali": "বাংলা ভাষা আমার সোনার বাংলা ১২৩ ক্ষ",
    "thai": "ภาษาไทย สวัสดีครับ ฉันรักประเทศไทย กรุงเทพฯ ๑๒๓",
    "emoji": "😀 👍🏽 ❤️ 🇫🇷 🇯🇵🇺🇸 👨‍👩‍👧 🏳️‍🌈 1️⃣ #️⃣ ☺ ⌚ ©️ Ⓐⓑ ①② x² H₂O ½ Ⅻ ⅻ 𝐀𝐁 ㎒ ℃ №",
}
PUNCT = {
    "Pc": "_ ‿ ⁀ ＿ ︳",
    "Pd": "- ‐ ‑ ‒ – — ― ⸺ 〜 ゠ －",
    "Ps": "( [ { ⁅ 「 『 【 〔 （ ［ ｛ ｢ «",
    "Pe": ") ] } ⁆ 」 』 】 〕 ） ］ ｝ ｣ »",
    "Pi": "“ ‘ ‹ « ⸂",
    "Pf": "” ’ › » ⸃",
    "Po": ". , ; : ! ? ' \" · ・ 、 。 ， ！ ？ ； ： ． … ‥ ※ § ¶ † ‡ • ‰ ′ ″ ¿ ¡ ، ؛ ؟ । ॥ ๆ ฯ ։ ׃ ‼ ⁇ "
          "' ＂ ＇ ％ ＆ ＊ ／ ＠ ＼",
}
SYMBOLS = "$ ¥ € £ ₹ + = < > ^ ` | ~ © ® ™ ° ± × ÷ → ⇒ ∑ √ ∞ ♠ ♪ ★ ☆ ■ □ ◆ ○ ●"
SPACES = [" ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\u2003", "\u200b", "\u2028", "\u0085", "\u202f", "\x1c"]
# what rouge-chinese's cut_sent looks at: sentence ends, closing quotes, six dots, two ellipses
ENDS = ["。", "！", "？", "?", "。”", "！’", "？”", "......", "……", "…", ".", "!", "", "", "。」", "\n"]
_FLAT_PUNCT = [p for group in PUNCT.values() for p in group.split(" ")]
_SYMBOLS = SYMBOLS.split(" ")
_SPACED = {"zh-hans": False, "zh-hant": False, "ja": False, "thai": False}


def _words(script: str) -> List[str]:
    return SCRIPTS[script].split(" ")


def _piece(r: random.Random, script: str) -> str:
    roll = r.random()
    if roll < 0.07:
        return r.choice(_FLAT_PUNCT)
    if roll < 0.09:
        return r.choice(_SYMBOLS)
    if roll < 0.12:
        return str(r.randint(0, 10 ** r.randint(1, 6))) + r.choice(["", ".5", ",000", "%", "年", "th"])
    word = r.choice(_words(script))
    if r.random() < 0.08:
        word = word.upper() if r.random() < 0.5 else word.capitalize()
    return word


def _sentence(r: random.Random, scripts: Sequence[str], pieces: int = 14) -> str:
    parts = []
    for _ in range(r.randint(1, pieces)):
        script = r.choice(scripts)
        parts.append(_piece(r, script))
        spaced = _SPACED.get(script, True)
        parts.append(r.choice(SPACES) if spaced or r.random() < 0.15 else "")
    return "".join(parts).rstrip() + r.choice(ENDS)


def text(r: random.Random, scripts: Optional[Sequence[str]] = None, size: int = 4) -> str:
    """One text: one to ``size`` lines of one to ``size - 1`` sentences in one to three scripts, sometimes empty
    or blank."""
    roll = r.random()
    if roll < 0.03:
        return ""
    if roll < 0.05:
        return r.choice([" ", "\n", "。", "...", " 、 ", "——", "\n\n", "\u3000", "！？", "😀"])
    if scripts is None:
        names = list(SCRIPTS)
        main = r.choice(["zh-hans", "zh-hans", "zh-hant", "zh-mixed"] + names)
        scripts = [main] + r.sample(names, r.randint(0, 2))
    lines = [" ".join(_sentence(r, scripts, 3 * size + 2) for _ in range(r.randint(1, max(size - 1, 1))))
             for _ in range(r.randint(1, size))]
    if r.random() < 0.08:
        lines.insert(r.randrange(len(lines) + 1), "")
    out = ("\r\n" if r.random() < 0.05 else "\n").join(lines)
    return out + ("\n" if r.random() < 0.05 else "")


def odd_text(r: random.Random, pools: Sequence[Sequence[int]], length: int = 16) -> str:
    """Random characters, each from a random pool (code points), with spaces and letters among them."""
    out = []
    for _ in range(r.randint(0, length)):
        roll = r.random()
        if roll < 0.15:
            out.append(r.choice(SPACES))
        elif roll < 0.3:
            out.append(r.choice("abcXYZ019.,':;_-\"\n\r我是语"))
        else:
            out.append(chr(r.choice(r.choice(pools))))
    return "".join(out)


def _edit(r: random.Random, reference: str, own: str) -> str:
    """A prediction made of the reference's pieces (some dropped, swapped or changed) and its own text."""
    if not reference.strip() or r.random() < 0.2:
        return own
    cut = sorted(r.sample(range(len(reference) + 1), min(len(reference) + 1, r.randint(2, 8))))
    pieces = [reference[a:b] for a, b in zip(cut, cut[1:])]
    pieces = [p for p in pieces if r.random() < 0.8]
    if len(pieces) > 1 and r.random() < 0.3:
        i, j = r.randrange(len(pieces)), r.randrange(len(pieces))
        pieces[i], pieces[j] = pieces[j], pieces[i]
    out = "".join(pieces)
    if out and r.random() < 0.4:
        k = r.randrange(len(out))
        out = out[:k] + _piece(r, r.choice(list(SCRIPTS))) + out[k + 1:]
    return out + (r.choice(["", " ", "\n"]) + own if r.random() < 0.3 else "")


def pairs(n: int, seed: int = 1, max_refs: int = 1, pools: Optional[Sequence[Sequence[int]]] = None,
          odd_share: float = 0.0, size: int = 4) -> Tuple[List[str], List[List[str]]]:
    """``n`` predictions and their reference lists (1..max_refs references each); with ``pools``, a share
    ``odd_share`` of the texts are random characters (:func:`odd_text`); ``size``: how long texts are (1-4
    lines and sentences at 4, the default; 2 for short ones)."""
    r = random.Random(seed)

    def one() -> str:
        if pools is not None and r.random() < odd_share:
            return odd_text(r, pools)
        return text(r, size=size)

    preds, refs = [], []
    for _ in range(n):
        rs = [one() for _ in range(r.randint(1, max_refs))]
        preds.append(_edit(r, rs[0], one()))
        refs.append(rs)
    return preds, refs
