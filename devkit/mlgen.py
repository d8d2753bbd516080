"""Seeded multilingual (reference, prediction) pairs for XL-Sum's scorer: words of 28 languages in 20
scripts, with what its text rules treat specially.

Each language has inflected words (so that its stemmer has work), and texts mix in: upper case
(Turkish dotted I, Greek final sigma, German sharp s), digits of several scripts and numbers with
separators, every Unicode punctuation class (Pc Pd Ps Pe Pi Pf Po) and ASCII's symbols, other symbols
(Sm Sc Sk So, pyonmttok's marker characters), emoji with skin tones, ZWJ and variation selectors,
combining marks (also alone, after punctuation and at the start of a text), control and format
characters (deleted there: they join what surrounds them), Unicode spaces, line and paragraph
separators, CRLF and blank lines; some texts are empty, blank or punctuation only. A prediction
shares part of its reference's words, so that the overlaps are not all zero.
"""
from __future__ import annotations

import random
from typing import Dict, List, Tuple

WORDS: Dict[str, str] = {
    "en": "the running runner runs cats cat's government reported estimates happily relational agreement won't",
    "fr": "les enfants mangeaient mangé continuellement français élèves été naïve façade où",
    "de": "die Häuser häuslich Straße straßen Mädchen gegangen Bücher größer Übersetzungen",
    "es": "los niños corriendo corrieron canciones rápidamente señor información años pingüino",
    "pt": "ações não informação cidadãos corações português falávamos rápido",
    "it": "bambini mangiavano città perché università velocemente",
    "nl": "kinderen huizen gelopen lopende vriendelijkheid",
    "da": "børnene husene løbende kærlighed",
    "no": "barna husene løpende kjærlighet",
    "sv": "barnen husen springande kärlek",
    "fi": "talossa taloissa kirjoittaminen kirjoitettiin",
    "hu": "házakban gyerekeknek szépségét megérkeztünk",
    "ro": "copiilor frumoasele ţară țară învăţământ",
    "tr": "kitaplar kitapların evlerde İstanbul'da ISPARTA gözlükçü çalışıyorlar ılık",
    "vi": "người Việt Nam tiếng nói những",
    "ru": "Москва столица столицей России государства говорили красивые Ёлка",
    "uk": "Україна українська держави їжак ґанок",
    "ky": "Кыргызстан өлкөсү жаңылыктар",
    "el": "ΟΔΟΣ οδός Σωκράτης καλημέρα ἀνθρώπων",
    "ar": "الكتاب كتابات والمعلمون بالمدرسة يكتبون مُحَمَّد الأطفال",
    "fa": "کتاب\u200cها می\u200cروند ایران",
    "ur": "پاکستان حکومت کہا",
    "he": "שָׁלוֹם ירושלים הספרים",
    "hi": "लड़कों लड़के खाएंगे जाता किताबें भारतीय सरकार ने कहा क्षेत्रों",
    "mr": "महाराष्ट्रातील सरकारने",
    "bn": "করেছিলেন খাচ্ছি হয়েছে বাংলাদেশের সরকার তোমার আপনার লাগলো ছেলেরা",
    "ta": "தமிழ்நாடு அரசு செய்திகள்",
    "te": "తెలుగు ప్రభుత్వం",
    "gu": "ગુજરાત સરકાર",
    "pa": "ਪੰਜਾਬ ਸਰਕਾਰ",
    "si": "ශ්‍රී ලංකාව",
    "am": "ኢትዮጵያ መንግሥት",
    "ka": "საქართველო მთავრობა",
    "hy": "Հայաստան կառավարություն",
    "ko": "대한민국 정부는 발표했다",
    "zh": "中国政府 今天 宣布 北京市 经济发展 我们 喜欢 學習 漢字 𠀋",
    "ja": "東京都 政府は 発表しました カタカナ ひらがな 日本語",
    "th": "ประเทศไทย รัฐบาล ประกาศ วันนี้ กรุงเทพมหานคร",
    "my": "မြန်မာနိုင်ငံ အစိုးရ ကြေညာချက် ရန်ကုန်မြို့ ကျွန်ုပ်",
}
NOISE = (
    "2021 3.14 1,000 ٣٤ १२३ ১২৩ ١٢٣ ５０ x² ½ Ⅻ $5 €10 ¥ £ 50% #1 @home a+b <tag> ^ ` | ~ = "
    "— – ‐ ‑ _ ‿ « » „ “ ” ‘ ’ ‹ › ¡ ¿ ۔ ، ؟ । ॥ 。 、 ！ ？ ： （ ） 【 】 「 」 ・ … ‥ ※ § ¶ † ‡ • "
    "⁂ ⁄ ⁓ ∑ ± × ÷ √ ∞ ≠ ≤ © ® ™ ° ♥ ★ ☆ ✓ ▁ ￭ ￨ ％ ＃ ： ｟ ｠ ^^ 😀 👍🏽 👨\u200d👩\u200d👧 ❤\ufe0f 🇧🇩 "
    "\u0301 \u0308 ́a a\u0301 e\u0301 \u093f \u200bzero\u200bwidth soft\u00adhyphen \ufeffbom \u200d \u200c"
).split(" ")
SPACES = [" ", " ", " ", " ", "  ", "\t", "\u00a0", "\u3000", "\u2003", "\u2028", "\u2029", "\x0b", "\x1f"]


def _word(r: random.Random, lang: str) -> str:
    pool = WORDS[lang].split() if r.random() < 0.85 else WORDS[r.choice(list(WORDS))].split()
    w = r.choice(pool)
    roll = r.random()
    if roll < 0.1:
        w = w.capitalize()
    elif roll < 0.14:
        w = w.upper()
    elif roll < 0.2:
        w = r.choice(NOISE) + w if r.random() < 0.5 else w + r.choice(NOISE)
    return w


def _sentence(r: random.Random, lang: str) -> str:
    parts = [r.choice(NOISE) if r.random() < 0.12 else _word(r, lang) for _ in range(r.randint(1, 14))]
    glue = "" if lang in ("zh", "ja", "th", "my") and r.random() < 0.5 else None
    text = "".join(p + (glue if glue is not None else r.choice(SPACES)) for p in parts).strip()
    return text + r.choice([" .", ".", "", "!", "?", "।", "。", "…", "؟"])


def text(r: random.Random, lang: str) -> str:
    """One summary in ``lang`` (a key of :data:`WORDS`): lines of sentences, sometimes empty or odd."""
    roll = r.random()
    if roll < 0.03:
        return ""
    if roll < 0.06:
        return r.choice([" ", "\n", "...", " . , ", "—", "\n\n", "\u0301", "\u0301abc", "😀", "\u200d", "¿?"])
    lines = [" ".join(_sentence(r, lang) for _ in range(r.randint(1, 2))) for _ in range(r.randint(1, 3))]
    if r.random() < 0.1:
        lines.insert(r.randrange(len(lines) + 1), "")
    out = ("\r\n" if r.random() < 0.05 else "\n").join(lines)
    return r.choice(["", "\u0301", "\u0308"]) + out if r.random() < 0.05 else out


def pairs(n: int, lang: str, seed: int = 1) -> Tuple[List[str], List[str]]:
    """``n`` (references, predictions) in ``lang``; each prediction partly copies its reference."""
    r = random.Random(f"{seed}-{lang}")
    refs, preds = [], []
    for _ in range(n):
        ref = text(r, lang)
        words = ref.split(" ")
        if r.random() < 0.7 and ref.strip():
            for _ in range(r.randint(0, 3)):
                words[r.randrange(len(words))] = _word(r, lang)
            if r.random() < 0.3:
                r.shuffle(words)
            pred = " ".join(words[: r.randint(1, len(words))])
        else:
            pred = text(r, lang)
        refs.append(ref)
        preds.append(pred)
    return refs, preds
