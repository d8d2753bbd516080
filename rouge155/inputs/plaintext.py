"""Plain-text input without a config: a directory pair (pyrouge's convention), parallel files
(files2rouge's, with one reference file per reference set) or JSONL (:mod:`.jsonl`). Each becomes an
in-memory evaluation of SPL texts (one sentence per line), as a file list would give it (models M.1..M.k).
"""
from __future__ import annotations

import os
import re

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Sequence, Tuple, Union

from .config import EvalConfig, Evaluation
from ..base.errors import OptionError, RougeError
from .sources import MemorySource, read_rest
from ..base.perl import chomped_lines
from .sentences import split_sentences
from .sniff import EncodingError, utf16_refusal


def separator_bytes(separator: Union[str, bytes, None]) -> Optional[bytes]:
    """The sentence separator as the bytes the text is cut at: a ``str`` from the command line holds
    its bytes (undecodable ones surrogate-escaped), so ``os.fsencode`` gives back what was typed."""
    if separator is None:
        return None
    if isinstance(separator, str):
        separator = os.fsencode(separator)
    elif not isinstance(separator, bytes):
        raise OptionError(f"the sentence separator must be a string, not {type(separator).__name__}")
    if not separator:
        raise OptionError("the sentence separator (--sentence-sep) is empty: give the string between sentences")
    return separator


def spl_text(text: bytes, split: bool, separator: Optional[bytes]) -> bytes:
    """One sentence per line: as given, cut at ``separator`` (bytes, see :func:`separator_bytes`), or
    split by the sentence splitter."""
    if separator is not None:
        parts = [p.strip() for p in text.split(separator)]
        return b"\n".join(p for p in parts if p)
    if split:
        return "\n".join(split_sentences(text.decode("utf-8", "surrogateescape"))).encode("utf-8", "surrogateescape")
    return text


def read_input_file(path: str) -> bytes:
    """A plain-text input file's bytes, or one line saying why it cannot be read (UTF-16 text is named
    as such: its lines would be read as byte soup)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as exc:
        raise RougeError(f"Cannot open {path}: {exc.strerror}") from None
    except ValueError as exc:  # a NUL in the name
        raise RougeError(f"Cannot open {path!r}: {exc}") from None
    try:
        raw = read_rest(fd, b"", path)
    except OSError as exc:
        raise RougeError(f"Cannot open {path}: {exc.strerror}") from None
    finally:
        os.close(fd)
    refusal = utf16_refusal(raw, path)
    if refusal is not None:
        raise EncodingError(refusal)
    return raw


_MARK = "\ue000\ue001"  # private-use characters standing for the ID while the pattern is analysed
# (two: a one-character class [x] parses as plain text, [xy] does not)
_PLAIN_ID = re.compile(r"\w+")  # characters that are plain text wherever the guards below allow #ID#
# what may not come just before #ID#: an escape (\d, \1, \x4...) or a repeat count ({2,...)
_UNSAFE_BEFORE = re.compile(r"(?:\\\w*|\{[\d,]*)\Z")


def _id_is_required_text(model_pattern: str) -> bool:
    """Whether every match of ``model_pattern`` with a plain ID (letters, digits, _) put for ``#ID#``
    contains that ID as it is: some ``#ID#`` stands at the top level of the pattern as plain text
    (outside any group, class, alternative, repeat or assertion), case matters, and no ``#ID#``
    follows an escape or a repeat count that the ID's characters would continue."""
    if "#ID#" not in model_pattern:
        return False
    at = 0
    while True:
        at = model_pattern.find("#ID#", at)
        if at < 0:
            break
        if _UNSAFE_BEFORE.search(model_pattern, 0, at):
            return False
        at += 4
    try:
        from re import _parser as sre_parse  # type: ignore[attr-defined]  # Python 3.11+ (not in typeshed)
    except ImportError:  # pragma: no cover
        import sre_parse
    try:
        template = re.compile(model_pattern.replace("#ID#", _MARK))
        parsed = sre_parse.parse(template.pattern, template.flags)
    except (re.error, RecursionError, OverflowError):
        return False
    if template.flags & re.IGNORECASE:
        return False
    ops = list(parsed)
    first, second = (ord(c) for c in _MARK)
    return any(ops[k] == (sre_parse.LITERAL, first) and ops[k + 1] == (sre_parse.LITERAL, second)
               for k in range(len(ops) - 1))


class _ModelMatcher:
    """Which model files match ``#ID#``'s pattern for a given ID: the files pyrouge's per-ID scan of
    the whole directory finds, without that scan where it can be avoided (linear, not quadratic).

    When an ID is certain to appear as it is in every match (:func:`_id_is_required_text`), only the
    files that contain it are tried; they are found once for all such IDs from an index of every
    model name's substrings of those IDs' lengths. Other IDs are tried against every file.
    """

    def __init__(self, model_files: List[str], model_pattern: str, idents: List[str]) -> None:
        self.files = model_files
        self.pattern = model_pattern
        self.compiled: Dict[str, "re.Pattern[str]"] = {}
        indexed = set()
        if _id_is_required_text(model_pattern):
            indexed = {i for i in set(idents) if _PLAIN_ID.fullmatch(i)}
        self.candidates: Dict[str, Dict[str, None]] = {i: {} for i in indexed}
        lengths = sorted({len(i) for i in indexed})
        for name in model_files:
            for k in lengths:
                for start in range(len(name) - k + 1):
                    hit = self.candidates.get(name[start:start + k])
                    if hit is not None:
                        hit[name] = None

    def regex(self, ident: str) -> "re.Pattern[str]":
        compiled = self.compiled.get(ident)
        if compiled is None:
            try:
                compiled = self.compiled[ident] = re.compile(self.pattern.replace("#ID#", ident))
            except re.error as exc:
                raise RougeError(f"--model-pattern is not a valid regular expression: {exc}") from None
        return compiled

    def models(self, ident: str) -> List[str]:
        """The matching model files, sorted."""
        regex = self.regex(ident)
        pool = self.candidates.get(ident)
        return sorted(f for f in (self.files if pool is None else pool) if regex.match(f))


def from_directories(
    system_dir: str,
    model_dir: str,
    system_pattern: str,
    model_pattern: str,
    system_id: str = "1",
    split: bool = False,
) -> Tuple[EvalConfig, MemorySource]:
    """pyrouge's convention, exactly as pyrouge writes its config: system files (sorted) whose name
    matches ``system_pattern`` (``re.match``) give evaluations 1..N; the pattern's first group is the
    ID that replaces ``#ID#`` in ``model_pattern`` to find that evaluation's models (sorted)."""
    matched, matcher = directory_matches(system_dir, model_dir, system_pattern, model_pattern)
    texts: Dict[str, bytes] = {}
    evaluations = [directory_evaluation(system_dir, model_dir, name, matcher.models(ident), ident, model_pattern,
                                        str(k), system_id, split, texts) for k, (name, ident) in enumerate(matched, 1)]
    if not evaluations:
        raise RougeError(f"No file in {system_dir} matches --system-pattern {system_pattern}")
    return EvalConfig(evaluations=evaluations, peer_ids=[system_id]), MemorySource(texts)


def directory_matches(system_dir: str, model_dir: str, system_pattern: str, model_pattern: str):
    """pyrouge's pairing: [(system file, ID)] for the system files (sorted) that ``system_pattern``
    matches, and the model matcher of their IDs."""
    try:
        sys_re = re.compile(system_pattern)
    except re.error as exc:
        raise RougeError(f"--system-pattern is not a valid regular expression: {exc}") from None
    if sys_re.groups < 1:
        raise RougeError(f"--system-pattern needs a group for the ID: {system_pattern}")
    try:
        system_files = sorted(os.listdir(system_dir))
        model_files = os.listdir(model_dir)
    except OSError as exc:
        raise RougeError(f"Cannot list {exc.filename}: {exc.strerror}") from None
    matched = [(name, m.group(1) or "") for name, m in ((n, sys_re.match(n)) for n in system_files) if m]
    matcher = _ModelMatcher(model_files, model_pattern, [ident for _, ident in matched])
    return matched, matcher


def directory_evaluation(system_dir: str, model_dir: str, name: str, models: List[str], ident: str,
                         model_pattern: str, eval_id: str, system_id: str, split: bool,
                         texts: Dict[str, bytes]) -> Evaluation:
    """One evaluation of directory mode: system file ``name`` against its ``models``, read into ``texts``
    (a model several IDs match is read once)."""
    if not models:
        raise RougeError(f"No model summary for ID {ident} matches --model-pattern {model_pattern} in {model_dir}")
    peer_key = os.path.join(system_dir, name)
    texts[peer_key] = spl_text(read_input_file(peer_key), split, None)
    model_keys = [os.path.join(model_dir, mname) for mname in models]
    for key in model_keys:
        if key not in texts:
            texts[key] = spl_text(read_input_file(key), split, None)
    evaluation = Evaluation.listed(eval_id, "SPL", {system_id: peer_key}, model_keys)
    evaluation.name = name  # JSON, CSV and messages name the file (the -d lines keep pyrouge's 1..N)
    return evaluation


def parallel_lines(paths: Sequence[str], lines: List[List[bytes]]) -> List[List[bytes]]:
    """The files' lines, parallel: the same count in each, after dropping blank lines at a file's end
    where that makes the counts agree (a trailing blank line an editor left is no summary); else one
    line naming the file whose count differs from the first's."""
    counts = [len(x) for x in lines]
    if len(set(counts)) > 1:
        kept = [len(x) - next((k for k, line in enumerate(reversed(x)) if line.strip()), len(x)) for x in lines]
        target = max(kept)
        if all(k <= target <= n for k, n in zip(kept, counts)):
            return [x[:target] for x in lines]
    for path, count in zip(paths[1:], counts[1:]):
        if count != counts[0]:
            raise RougeError(f"{path} has {count} lines but {paths[0]} has {counts[0]}: "
                             "every --references file must be parallel to --summaries")
    return lines


def from_parallel_files(
    summaries: str,
    references: Union[str, Sequence[str]],
    system_id: str = "1",
    separator: Union[str, bytes, None] = None,
    split: bool = False,
) -> Tuple[EvalConfig, MemorySource]:
    """files2rouge's convention: line i of ``summaries`` is scored against line i of each file of
    ``references`` (one file per reference set: M.1, M.2, ...; evaluation IDs 1..N); a line's
    sentences are cut at ``separator`` or split when asked."""
    reference_files = [references] if isinstance(references, str) else list(references)
    if not reference_files:
        raise RougeError("--references: give at least one file (one reference summary per line)")
    sep = separator_bytes(separator)
    sys_lines, *ref_lines = parallel_lines([summaries] + reference_files,
                                           [chomped_lines(read_input_file(p)) for p in [summaries] + reference_files])
    texts: Dict[str, bytes] = {}
    evaluations = parallel_evaluations(summaries, reference_files, sys_lines, ref_lines, 0, system_id, split, sep,
                                       texts)
    return EvalConfig(evaluations=evaluations, peer_ids=[system_id]), MemorySource(texts)


def parallel_evaluations(summaries: str, reference_files: Sequence[str], sys_lines: Sequence[bytes],
                         ref_lines: Sequence[Sequence[bytes]], first: int, system_id: str, split: bool,
                         sep: Optional[bytes], texts: Dict[str, bytes]) -> List[Evaluation]:
    """The evaluations of lines ``first + 1`` .. of the parallel files (``sys_lines`` and each file's
    ``ref_lines`` from there on), their texts put in ``texts``."""
    evaluations = []
    for i, line in enumerate(sys_lines, start=first + 1):
        peer_key = f"{summaries}:{i}"
        texts[peer_key] = spl_text(line.rstrip(b"\r"), split, sep)
        model_keys = []
        for path, lines in zip(reference_files, ref_lines):
            key = f"{path}:{i}"
            texts[key] = spl_text(lines[i - first - 1].rstrip(b"\r"), split, sep)
            model_keys.append(key)
        evaluations.append(Evaluation.listed(str(i), "SPL", {system_id: peer_key}, model_keys))
    return evaluations
