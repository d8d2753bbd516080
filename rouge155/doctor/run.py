"""The doctor over one input as rouge155 reads it (a config, or the plain-text modes' evaluations in
memory): every text and pair through :class:`~.texts.TextChecks`, and the document-level checks."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from ..audit.inputs import summary_text
from ..base.errors import RougeError
from ..base.options import Options
from ..inputs.config import EvalConfig, Evaluation
from ..inputs.sniff import encoding_problem
from ..inputs.sources import TextSource
from ..semantics import get
from ..semantics.base import MissingDependency
from ..semantics.record import Semantics
from .findings import Finding, Sample, of, plural
from .inputs import reference_findings, same_model_files
from .texts import TextChecks

SENTENCES_ADVICE = ("put one sentence per line, or give --sentence-sep SEP or --split-sentences; or compare "
                    "with a metric over whole texts")


@dataclass(frozen=True)
class Looked:
    """What the doctor read: pairs, documents, the systems, the semantics, the reference counts there are."""

    pairs: int
    documents: int
    systems: List[str]
    semantics: str
    references: List[int]


@dataclass
class Examination:
    """What the doctor found (``findings``, in the order of :data:`~.findings.KINDS`), what it looked at
    (None: the input could not be read) and ``notes`` on checks it could not make."""

    findings: List[Finding]
    looked: Optional[Looked] = None
    notes: List[str] = field(default_factory=list)


def tokenizer_label(semantics: str, options: Options) -> str:
    """The tokenizer's name in messages: the implementation's, with the text mode of the Perl flags (set
    only with the Perl's semantics: the others refuse --unicode and --language)."""
    from ..text.modes import text_model

    mode = text_model(options).describe()
    suffix = ""
    if mode.get("mode") == "unicode":
        suffix = " (--unicode)"
    elif mode.get("mode") == "language":
        suffix = f" (--language {mode.get('language')})"
    return f"the {get(semantics).tokenizer.name} tokenizer{suffix}"


def examine(config: EvalConfig, source: Optional[TextSource], systems: Sequence[str], options: Options,
            semantics: str = "perl", labels: Optional[Dict[str, str]] = None, full: bool = True,
            keep: int = 5) -> Examination:
    """The problems of ``systems``' pairs in ``config`` (texts from ``source``, None: the files), read as
    ``semantics`` reads them under ``options``. ``labels``: an evaluation's name in messages (directory
    mode: its file); ``full``: every check (else only those rouge155 hints at by default)."""
    record: Semantics = get(semantics)
    notes: List[str] = []
    labels = labels or {}
    be = options.be_mode is not None  # BE triples, not prose: only empty files are looked for
    tokenize = None if be else record.doctor_tokenizer(options)
    summary_lcs = not (be or options.no_lcs) and record.naming.summary_lcs is not None
    split = _sentences(record, notes) if summary_lcs and full else None
    checks = TextChecks(tokenize, split, full, keep)
    encodings = Sample(keep)
    reader = _Reader(source or TextSource(), encodings)
    _add_pairs(checks, reader, config.evaluations, systems, labels, len(systems) > 1)
    findings = _encoding_findings(encodings, reader.read) + checks.findings(
        tokenizer_label(semantics, options), record.language_advice, SENTENCES_ADVICE)
    if full:
        findings += reference_findings(config, systems, labels, keep)
        same = same_model_files(config, systems, labels, keep)
        if same:
            findings.append(Finding.of("duplicate-ids", same, len(config.evaluations), "evaluations",
                                       f"{of(same.count, len(config.evaluations), 'evaluation', False)} give one "
                                       "file as two models: it counts twice", "give each reference once"))
    documents = sum(1 for ev in config.evaluations if any(s in ev.peers for s in systems))
    looked = Looked(checks.pairs, documents, list(systems), semantics,
                    sorted({len(ev.model_ids) for ev in config.evaluations}) or [0])
    return Examination(findings, looked, notes)


def examine_chunks(chunks: Iterable[Tuple[Sequence[Evaluation], TextSource, Sequence[str]]], options: Options,
                   semantics: str = "perl", keep: int = 3) -> List[Finding]:
    """rouge155's default checks (texts the tokenizer drops, empty texts) over an input read a chunk at a
    time (a streamed run: ``(evaluations, source, systems)`` per chunk, nothing kept between chunks)."""
    record: Semantics = get(semantics)
    tokenize = None if options.be_mode is not None else record.doctor_tokenizer(options)
    checks = TextChecks(tokenize, None, False, keep)
    encodings = Sample(keep)
    read = 0
    for evaluations, source, systems in chunks:
        reader = _Reader(source, encodings)
        _add_pairs(checks, reader, evaluations, systems, {}, len(systems) > 1)
        read += reader.read
    return _encoding_findings(encodings, read) + checks.findings(
        tokenizer_label(semantics, options), record.language_advice, SENTENCES_ADVICE)


def _add_pairs(checks: TextChecks, reader: "_Reader", evaluations: Sequence[Evaluation], systems: Sequence[str],
               labels: Dict[str, str], several: bool) -> None:
    """Every pair of ``systems`` in ``evaluations`` into ``checks`` (``labels``: an evaluation's name)."""
    for ev in evaluations:
        label = labels.get(ev.eval_id, ev.name or ev.eval_id)
        present = [s for s in systems if s in ev.peers]
        if not present:
            continue
        model_ids = [mid for mid, _path in ev.model_paths()]
        references = [reader.text(path, ev) for _mid, path in ev.model_paths()]
        reference_ids = [f"{label} (reference {k})" for k in range(1, len(references) + 1)]
        for system in present:
            prediction = reader.text(ev.peer_path(system), ev)
            ident = f"{label} ({system})" if several else label
            checks.add_pair(ident, prediction, references, reference_ids, [m == system for m in model_ids])


def _sentences(record, notes: List[str]) -> Optional[Callable[[str], List[str]]]:
    """The implementation's sentence splitter, or None (with a note) where it needs what is not installed."""
    try:
        record.split_sentences("One. Two.")
    except MissingDependency as exc:
        notes.append(f"sentences not checked: {exc}")
        return None
    return record.split_sentences


class _Reader:
    """Texts as the audit reads them (one sentence per line; SEE/ISI: their sentences), each file once,
    its encoding checked on the way."""

    def __init__(self, source: TextSource, encodings: Sample):
        self.source, self.encodings, self.read = source, encodings, 0
        self.cache: Dict[str, str] = {}

    def text(self, path: str, ev: Evaluation) -> str:
        hit = self.cache.get(path)
        if hit is not None:
            return hit
        try:
            raw = self.source.read(path)
        except RougeError:
            raise RougeError(f"Cannot open {path} (evaluation {ev.eval_id})") from None
        self.read += 1
        problem = encoding_problem(raw) if not raw.isascii() else None
        if problem is not None:
            self.encodings.add(f"{path} ({problem})")
        text = self.cache[path] = summary_text(raw, ev.input_format)
        if len(self.cache) > 100_000:
            self.cache.clear()
        return text


def _encoding_findings(encodings: Sample, total: int) -> List[Finding]:
    if not encodings:
        return []
    return [Finding.of("encoding", encodings, total, "texts",
                       f"{plural(encodings.count, 'text')} of {total} {'is' if encodings.count == 1 else 'are'} "
                       "not UTF-8: the Perl reads their bytes, other implementations cannot",
                       "convert to UTF-8 (iconv -f UTF-16 -t UTF-8 FILE, or -f LATIN1)")]
