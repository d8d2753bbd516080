"""Seeded inputs for rouge155-doctor's tests: clean English-like documents written in every input mode
(JSONL, parallel files, directories, an XML config), and the same with one kind of protocol problem
planted (:data:`PLANTS`). Each planted input comes with the doctor's kind it must be named by.

    docs = clean_documents(seed=3)
    args = write_input(root, plant(docs, "no-tokens", seed=3), "jsonl")   # rouge155 / rouge155-doctor args
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

from .corpusgen import TextGen

MODES = ("jsonl", "parallel", "directories", "config")
RUSSIAN = ["Москва является столицей России.", "Цены на нефть выросли в четверг.", "Правительство приняло закон."]
CHINESE = ["北京是中国的首都。", "油价周四上涨。", "政府通过了新法律。"]
GERMAN = str.maketrans("aou", "äöü")


@dataclass
class Doc:
    """One document: its id, the prediction and references as lists of sentences (one per line), and
    how its files are to be written (a model file left out, a duplicate, an encoding)."""

    ident: str
    prediction: List[str]
    references: List[List[str]]
    extra: Dict[str, object] = field(default_factory=dict)


@dataclass
class Planted:
    """Documents with a problem planted, the doctor's kind that must name it, and how to write them."""

    docs: List[Doc]
    kind: str
    options: Dict[str, object] = field(default_factory=dict)


def clean_documents(count: int = 24, references: int = 2, seed: int = 1) -> List[Doc]:
    """Predictions and references of 2-4 sentences of English-like words, one sentence per line, each
    prediction sharing words with its first reference (none identical)."""
    g = TextGen(seed)
    docs = []
    for i in range(count):
        refs = [g.summary(30, 60, 2, 4) for _ in range(references)]
        docs.append(Doc(f"D{i:03d}", g.related(refs[0], 0.5), refs))
    return docs


def _some(docs: Sequence[Doc], seed: int, share: float = 0.25) -> List[int]:
    r = random.Random(seed)
    return sorted(r.sample(range(len(docs)), max(1, int(len(docs) * share))))


def _edit(docs: List[Doc], picks: Sequence[int], change: Callable[[Doc], Doc]) -> List[Doc]:
    out = list(docs)
    for i in picks:
        out[i] = change(out[i])
    return out


def _joined(doc: Doc) -> Doc:
    return replace(doc, prediction=[" ".join(doc.prediction)])


def _escaped(doc: Doc) -> Doc:
    first = doc.prediction[0].split(" ")
    return replace(doc, prediction=[" ".join(first[:2] + ["-lrb-", "2019", "-rrb-"] + first[2:])] + doc.prediction[1:],
                   references=[[doc.references[0][0].replace(",", " &amp;", 1) + " &amp; co"]] + doc.references[1:])


def plant(docs: List[Doc], kind: str, seed: int = 1) -> Planted:
    """``docs`` with a problem of the doctor's ``kind`` (one of :data:`PLANTS`)."""
    return PLANTS[kind](docs, seed)


PLANTS: Dict[str, Callable[[List[Doc], int], Planted]] = {
    # Russian or Chinese predictions: no token under the Perl's ASCII tokenizer
    "no-tokens": lambda docs, seed: Planted(_edit(docs, _some(docs, seed), lambda d: replace(
        d, prediction=list((RUSSIAN, CHINESE)[int(d.ident[1:]) % 2]))), "no-tokens"),
    # German-like text everywhere: umlauts cut out of a share of every text's words
    "lost-characters": lambda docs, _seed: Planted([replace(d, prediction=[s.translate(GERMAN) for s in d.prediction],
                                                            references=[[s.translate(GERMAN) for s in r]
                                                                        for r in d.references]) for d in docs],
                                                   "lost-characters"),
    # a blank prediction and a punctuation-only reference
    "empty": lambda docs, seed: Planted(_edit(_edit(docs, _some(docs, seed, 0.1), lambda d: replace(
        d, prediction=["..."])), _some(docs, seed + 1, 0.1)[:1], lambda d: replace(
        d, references=[["- -- ."]] + d.references[1:])), "empty"),
    # every prediction on one line (a model's output without its line breaks)
    "single-sentence": lambda docs, _seed: Planted([_joined(d) for d in docs], "single-sentence"),
    # Penn Treebank brackets and HTML entities left in
    "escaped-text": lambda docs, seed: Planted(_edit(docs, _some(docs, seed), _escaped), "escaped-text"),
    # some documents lost a reference
    "references-vary": lambda docs, seed: Planted(_edit(docs, _some(docs, seed), lambda d: replace(
        d, references=d.references[:1])), "references-vary", {"modes": ("jsonl", "directories", "config")}),
    # the data has two references per document, the run takes one
    "references-unused": lambda docs, _seed: Planted(docs, "references-unused",
                                                    {"modes": ("parallel", "directories"), "use_first": True}),
    # an id given twice (JSONL: a second line for an id; config: a second EVAL; directories: one ID twice)
    "duplicate-ids": lambda docs, seed: Planted(docs + [replace(docs[_some(docs, seed)[0]], extra={"copy": True})],
                                                "duplicate-ids", {"modes": ("jsonl", "directories", "config")}),
    # predictions copied from their references
    "identical": lambda docs, seed: Planted(_edit(docs, _some(docs, seed, 0.1), lambda d: replace(
        d, prediction=list(d.references[0]))), "identical"),
    # one input in UTF-16 (plain text) or Latin-1 (a config's summary file)
    "encoding": lambda docs, seed: Planted(_edit(docs, _some(docs, seed)[:1], lambda d: replace(
        d, prediction=[d.prediction[0] + " café"] + d.prediction[1:], extra={"encoding": True})), "encoding",
        {"modes": ("jsonl", "parallel", "directories", "config")}),
}


def modes_for(planted: Planted) -> Tuple[str, ...]:
    """The input modes the planted problem can be written in."""
    return tuple(planted.options.get("modes", MODES))  # type: ignore[arg-type]


# -- writing ------------------------------------------------------------------------------------------


def write_input(root: Path, planted: Planted, mode: str) -> List[str]:
    """Write ``planted``'s documents under ``root`` in ``mode``; the arguments that make rouge155 (and
    rouge155-doctor) read them."""
    root.mkdir(parents=True, exist_ok=True)
    return _WRITERS[mode](root, planted)


def _encoded(text: str, doc: Doc, mode: str) -> bytes:
    if not doc.extra.get("encoding"):
        return text.encode("utf-8")
    return text.encode("latin-1") if mode == "config" else text.encode("utf-16")


def _jsonl(root: Path, planted: Planted) -> List[str]:
    lines = [json.dumps({"id": d.ident, "prediction": "\n".join(d.prediction),
                         "references": ["\n".join(r) for r in d.references]}, ensure_ascii=False) for d in planted.docs]
    path = root / "pairs.jsonl"
    text = "\n".join(lines) + "\n"
    encoded = any(d.extra.get("encoding") for d in planted.docs)
    path.write_bytes(text.encode("utf-16") if encoded else text.encode("utf-8"))
    return ["--jsonl", str(path)]


def _parallel(root: Path, planted: Planted) -> List[str]:
    docs = planted.docs
    width = max(len(d.references) for d in docs)
    files = [root / "predictions.txt"] + [root / f"references{k}.txt" for k in range(1, width + 1)]
    columns = [[" <q> ".join(d.prediction) for d in docs]] + [[" <q> ".join(d.references[k]) for d in docs]
                                                               for k in range(width)]
    encoded = any(d.extra.get("encoding") for d in docs)
    for path, lines in zip(files, columns):
        text = "\n".join(lines) + "\n"
        path.write_bytes(text.encode("utf-16") if encoded and path.name == "references1.txt" else text.encode())
    given = files[1:2] if planted.options.get("use_first") else files[1:]
    return ["--summaries", str(files[0])] + [a for f in given for a in ("--references", str(f))] + ["--sentence-sep",
                                                                                                 "<q>"]


def _directories(root: Path, planted: Planted) -> List[str]:
    (root / "sys").mkdir(exist_ok=True)
    (root / "ref").mkdir(exist_ok=True)
    for d in planted.docs:
        name = f"{d.ident}x.txt" if d.extra.get("copy") else f"{d.ident}.txt"
        (root / "sys" / name).write_bytes(_encoded("\n".join(d.prediction) + "\n", d, "directories"))
        for k, ref in enumerate(d.references):
            (root / "ref" / f"{d.ident}.{'ABCD'[k]}.txt").write_text("\n".join(ref) + "\n", encoding="utf-8")
    if planted.options.get("use_first"):
        model = "#ID#.A.txt"
    else:
        model = r"#ID#\.[A-D]\.txt"
    return ["--system-dir", str(root / "sys"), "--model-dir", str(root / "ref"), "--system-pattern",
            r"(D\d+)x?\.txt", "--model-pattern", model]


def _config(root: Path, planted: Planted) -> List[str]:
    (root / "sys").mkdir(exist_ok=True)
    (root / "ref").mkdir(exist_ok=True)
    evals = []
    for n, d in enumerate(planted.docs):
        peer = f"{d.ident}.{n}.spl"
        (root / "sys" / peer).write_bytes(_encoded("\n".join(d.prediction) + "\n", d, "config"))
        models = []
        for k, ref in enumerate(d.references):
            name = f"{d.ident}.{'ABCD'[k]}.spl"
            (root / "ref" / name).write_text("\n".join(ref) + "\n", encoding="utf-8")
            models.append(f'<M ID="{"ABCD"[k]}">{name}</M>')
        evals.append(f'<EVAL ID="{d.ident}"><PEER-ROOT>{root / "sys"}</PEER-ROOT><MODEL-ROOT>{root / "ref"}'
                     f'</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="S">{peer}</P></PEERS>'
                     f'<MODELS>{"".join(models)}</MODELS></EVAL>')
    (root / "config.xml").write_text('<ROUGE-EVAL version="1.0">\n' + "\n".join(evals) + "\n</ROUGE-EVAL>\n")
    return ["-a", str(root / "config.xml")]


_WRITERS: Dict[str, Callable[[Path, Planted], List[str]]] = {
    "jsonl": _jsonl, "parallel": _parallel, "directories": _directories, "config": _config}


def wrong_kind_input(root: Path) -> List[str]:
    """A JSONL file given where a config goes (the doctor's ``input-kind``)."""
    args = _jsonl(root, Planted(clean_documents(4), "input-kind"))
    return [args[1]]
