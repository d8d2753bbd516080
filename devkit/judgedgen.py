"""Seeded judged data sets for ``rouge155-meta``: documents with several references, systems whose
summaries share more or less of a reference, and human scores that follow that share (with noise).

``judged_records`` gives the JSONL records (``id``, ``system``, ``prediction``, ``references``, one key
per human score); ``write_config`` writes the same data as SPL files, an XML config and a human-score
CSV, the inputs of ``rouge155`` + ``rouge155-correlate`` (the exactness tests run both ways).
"""
from __future__ import annotations

import csv
import json
import random
from itertools import accumulate
from pathlib import Path
from typing import Dict, List, Sequence

_SYL = ["ba", "ko", "ri", "tel", "man", "sor", "vin", "dra", "pe", "lo", "qua", "nis", "ter", "ul", "ges",
        "ment", "ing", "tion", "ed", "er", "al", "ly", "ness", "s"]
_COMMON = ("the of to and a in is that for on was with he it as at by from his said have be has are not but an "
           "they were had who which their been will its more after about also would year people two new first "
           "one government police president told over us last state some running runs ran cities city").split()


class _Words:
    """A Zipf-like vocabulary (stopwords and inflected forms included, so that -m and -s matter)."""

    def __init__(self, r: random.Random, size: int = 4000):
        made = ("".join(r.choice(_SYL) for _ in range(r.randint(1, 4))) for _ in range(20 * size))
        self.words = list(dict.fromkeys([*_COMMON, *made]))[:size]
        self.cum = list(accumulate(1.0 / rank ** 1.05 for rank in range(1, len(self.words) + 1)))
        self.r = r

    def sentence(self, n: int) -> str:
        ws = self.r.choices(self.words, cum_weights=self.cum, k=n)
        ws[0] = ws[0].capitalize()
        return " ".join(ws) + " ."

    def summary(self, lo: int, hi: int) -> List[str]:
        total = self.r.randint(lo, hi)
        k = self.r.randint(2, 4)
        cuts = sorted(self.r.sample(range(1, total), k - 1))
        return [self.sentence(max(1, b - a)) for a, b in zip([0] + cuts, cuts + [total])]

    def related(self, sents: Sequence[str], keep: float) -> List[str]:
        """Each sentence kept (words replaced now and then) with probability ``keep``, else new."""
        out = []
        for s in sents:
            words = s.split()
            if self.r.random() < keep:
                out.append(" ".join(w if self.r.random() < 0.8 else self.r.choice(self.words) for w in words))
            else:
                out.append(self.sentence(len(words)))
        return out


def judged_records(systems: int = 4, documents: int = 6, references: int = 3, seed: int = 1,
                   words: Sequence[int] = (40, 70), human: Sequence[str] = ("relevance",)) -> List[Dict]:
    """One record per (document, system); human scores grow with the share of a reference kept."""
    r = random.Random(seed)
    g = _Words(r)
    quality = [0.15 + 0.7 * r.random() for _ in range(systems)]
    out = []
    for d in range(documents):
        refs = [g.summary(*words) for _ in range(references)]
        for s in range(systems):
            keep = min(0.95, max(0.0, quality[s] + r.gauss(0, 0.15)))
            source = refs[r.randrange(references)]
            record: Dict[str, object] = {"id": f"d{d}", "system": f"sys{s}",
                                         "prediction": "\n".join(g.related(source, keep)),
                                         "references": ["\n".join(ref) for ref in refs]}
            for k, column in enumerate(human):
                record[column] = round(1 + 4 * keep + r.gauss(0, 0.4 + 0.2 * k), 3)
            out.append(record)
    return out


def write_jsonl(path: Path, records: Sequence[Dict]) -> Path:
    Path(path).write_text("".join(json.dumps(rec) + "\n" for rec in records), encoding="utf-8")
    return Path(path)


def write_config(root: Path, records: Sequence[Dict], human: Sequence[str] = ("relevance",)) -> Dict[str, Path]:
    """SPL files, ``config.xml`` (models A, B, ... in the records' order) and ``human.csv``."""
    root = Path(root)
    (root / "peers").mkdir(parents=True, exist_ok=True)
    (root / "models").mkdir(parents=True, exist_ok=True)
    docs: Dict[str, Dict] = {}
    for rec in records:
        doc = docs.setdefault(rec["id"], {"references": rec["references"], "peers": {}})
        doc["peers"][rec["system"]] = rec["prediction"]
    xml = ['<ROUGE-EVAL version="1.0">']
    for doc_id, doc in docs.items():
        models = []
        for k, text in enumerate(doc["references"]):
            name = f"{doc_id}.{chr(65 + k)}.spl"
            (root / "models" / name).write_text(text + "\n", encoding="utf-8")
            models.append(f'<M ID="{chr(65 + k)}">{name}</M>')
        peers = []
        for system, text in doc["peers"].items():
            name = f"{doc_id}.{system}.spl"
            (root / "peers" / name).write_text(text + "\n", encoding="utf-8")
            peers.append(f'<P ID="{system}">{name}</P>')
        xml.append(f'<EVAL ID="{doc_id}"><PEER-ROOT>{root / "peers"}</PEER-ROOT><MODEL-ROOT>{root / "models"}'
                   f'</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS>{"".join(peers)}</PEERS>'
                   f'<MODELS>{"".join(models)}</MODELS></EVAL>')
    xml.append("</ROUGE-EVAL>")
    (root / "config.xml").write_text("\n".join(xml) + "\n", encoding="utf-8")
    with open(root / "human.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["system", "document", *human])
        for rec in records:
            w.writerow([rec["system"], rec["id"], *(rec[c] for c in human)])
    return {"config": root / "config.xml", "human": root / "human.csv"}
