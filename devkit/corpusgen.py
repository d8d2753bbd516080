"""Seeded benchmark corpora (scripts/bench.py, scripts/bench_modes.py): CNN/DM-like pairs (one reference,
3-4 sentences, 40-70 words) and DUC-like topics (10 systems, 4 references, ~100 words) as SPL files and
an XML config, the same corpus in another language's script, a one-pair evaluation, and the pairs in
memory for ``score_pairs``."""
from __future__ import annotations

import random
from pathlib import Path

_SYL = ["ba", "ko", "ri", "tel", "man", "sor", "vin", "dra", "pe", "lo", "qua", "nis", "ter", "ul", "ges",
        "ment", "ing", "tion", "ed", "er", "al", "ly", "ness", "s"]


def _vocabulary(r: random.Random, size: int = 30000):
    common = ("the of to and a in is that for on was with he it as at by from his said have be has are "
              "not but an they were had who which their been will its more after about also would year "
              "people two new first one government police president told over us last state some").split()
    words = list(common)
    seen = set(words)
    while len(words) < size:
        w = "".join(r.choice(_SYL) for _ in range(r.randint(1, 4)))
        if w not in seen:
            seen.add(w)
            words.append(w)
    weights = [1.0 / (i + 1) ** 1.05 for i in range(len(words))]
    return words, weights


class TextGen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.words, self.weights = _vocabulary(self.r)
        self.cum = []
        total = 0.0
        for w in self.weights:
            total += w
            self.cum.append(total)

    def sentence(self, n: int) -> str:
        ws = self.r.choices(self.words, cum_weights=self.cum, k=n)
        ws[0] = ws[0].capitalize()
        for i in range(1, n):
            if self.r.random() < 0.06:
                ws[i] = ws[i] + ","
            elif self.r.random() < 0.02:
                ws[i] = ws[i].capitalize()
        return " ".join(ws) + "."

    def summary(self, words_lo: int, words_hi: int, sents_lo: int, sents_hi: int) -> list:
        total = self.r.randint(words_lo, words_hi)
        k = self.r.randint(sents_lo, sents_hi)
        cuts = sorted(self.r.sample(range(1, total), k - 1))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [total])]
        return [self.sentence(max(1, s)) for s in sizes]

    def related(self, sents: list, keep: float) -> list:
        """A summary sharing some sentences and words with ``sents``."""
        out = []
        for s in sents:
            if self.r.random() < keep:
                words = s.split()
                words = [w if self.r.random() < 0.8 else self.r.choice(self.words) for w in words]
                out.append(" ".join(words))
            else:
                out.append(self.sentence(len(s.split())))
        return out


def write_corpus(root: Path, profile: str, size: int, seed: int = 1) -> str:
    """Write SPL files and an XML config; returns the config's file name."""
    g = TextGen(seed)
    (root / "sys").mkdir(parents=True, exist_ok=True)
    (root / "ref").mkdir(parents=True, exist_ok=True)
    xml = ['<ROUGE-EVAL version="1.0">']
    if profile == "cnndm":
        for i in range(size):
            ref = g.summary(40, 70, 3, 4)
            (root / "ref" / f"{i}.A.spl").write_text("\n".join(ref) + "\n")
            (root / "sys" / f"{i}.spl").write_text("\n".join(g.related(ref, 0.5)) + "\n")
            xml.append(f'<EVAL ID="{i}"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
                       f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">{i}.spl</P></PEERS>'
                       f'<MODELS><M ID="A">{i}.A.spl</M></MODELS></EVAL>')
    else:  # duc: size topics x 4 references x 10 systems
        for t in range(size):
            refs = [g.summary(90, 110, 4, 6) for _ in range(4)]
            for k, ref in enumerate(refs):
                (root / "ref" / f"{t}.{'ABCD'[k]}.spl").write_text("\n".join(ref) + "\n")
            peers = []
            for s in range(10):
                (root / "sys" / f"{t}.{s}.spl").write_text("\n".join(g.related(refs[s % 4], 0.3)) + "\n")
                peers.append(f'<P ID="{s}">{t}.{s}.spl</P>')
            models = "".join(f'<M ID="{c}">{t}.{c}.spl</M>' for c in "ABCD")
            xml.append(f'<EVAL ID="{t}"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
                       f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS>{"".join(peers)}</PEERS>'
                       f"<MODELS>{models}</MODELS></EVAL>")
    xml.append("</ROUGE-EVAL>")
    (root / "config.xml").write_text("\n".join(xml) + "\n")
    return "config.xml"


# --language: the same corpus with its letters in the language's script (same sizes, same structure)
_SCRIPT_MAPS = {
    "ru": str.maketrans("abcdefghijklmnopqrstuvwxyz", "абцдефгхийклмнопярстувшхыз"),
    "el": str.maketrans("abcdefghijklmnopqrstuvwxyz", "αβψδεφγηιξκλμνοπ;ρστθωςχυζ".replace(";", "κ")),
    "de": str.maketrans("aou", "äöü"),
    "fr": str.maketrans("eai", "éàî"),
}


def write_language_corpus(root: Path, english: Path, lang: str) -> str:
    """``english``'s corpus with its letters mapped into ``lang``'s script (Latin with accents by default)."""
    table = _SCRIPT_MAPS.get(lang, _SCRIPT_MAPS["fr"])
    for sub in ("sys", "ref"):
        (root / sub).mkdir(parents=True, exist_ok=True)
        for f in (english / sub).iterdir():
            (root / sub / f.name).write_text(f.read_text().translate(table), encoding="utf-8")
    (root / "config.xml").write_text((english / "config.xml").read_text())
    return "config.xml"


def one_pair_corpus(root: Path) -> str:
    """A one-pair SPL evaluation (one summary, one reference): the per-document call of RL loops."""
    (root / "sys").mkdir(parents=True, exist_ok=True)
    (root / "ref").mkdir(parents=True, exist_ok=True)
    g = TextGen(7)
    ref = g.summary(40, 70, 3, 4)
    (root / "ref" / "0.A.spl").write_text("\n".join(ref) + "\n")
    (root / "sys" / "0.spl").write_text("\n".join(g.related(ref, 0.5)) + "\n")
    (root / "config.xml").write_text(
        '<ROUGE-EVAL version="1.0">\n<EVAL ID="0"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
        '<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">0.spl</P></PEERS>'
        '<MODELS><M ID="A">0.A.spl</M></MODELS></EVAL>\n</ROUGE-EVAL>\n')
    return "config.xml"


def cnndm_pairs(n: int, seed: int = 1):
    g = TextGen(seed)
    preds, refs = [], []
    for _ in range(n):
        ref = g.summary(40, 70, 3, 4)
        refs.append("\n".join(ref))
        preds.append("\n".join(g.related(ref, 0.5)))
    return preds, refs
