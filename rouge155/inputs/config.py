"""Evaluation configs: the XML ROUGE-EVAL format and the ``-z`` peer/model file lists."""
from __future__ import annotations

import re

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Sequence, Tuple

from ..base.lazy import lazy_regex
from ..base.records import dataclass, field  # dataclasses' records without its start-up cost
from ..base.errors import RougeError
from ..base.perl import SPACE_CLASS, chomped_lines

_FORMAT_RE = re.compile(r"^(SEE|ISI|SPL|SIMPLE)\n?\Z", re.IGNORECASE)  # Perl's /^(...)$/i


@dataclass
class Evaluation:
    """One ``<EVAL>``: a set of peers scored against the same models.

    ``peers`` and ``models`` map IDs to paths as the config gives them (relative to the roots in XML
    configs, complete in file lists); ``model_ids`` keeps the models' order, duplicates included.
    """

    eval_id: str
    input_format: Optional[str] = None
    peer_root: Optional[str] = None
    model_root: Optional[str] = None
    peers: Dict[str, str] = field(default_factory=dict)
    models: Dict[str, str] = field(default_factory=dict)
    model_ids: List[str] = field(default_factory=list)
    from_file_list: bool = False
    # what JSON, CSV and messages call it where its ID is only a number (directory mode: the system file's
    # name); the ID itself, which orders the -d lines and the bootstrap, stays the script's
    name: Optional[str] = None

    @classmethod
    def listed(cls, eval_id: str, input_format: Optional[str], peers: Dict[str, str],
               model_paths: Sequence[str]) -> "Evaluation":
        """An evaluation of complete paths (``-z`` lists, texts in memory, plain text, JSONL): the
        peers by system ID, the models in their order as M.1 .. M.k (the IDs the script gives a
        list's models)."""
        model_ids = [f"M.{k}" for k in range(1, len(model_paths) + 1)]
        return cls(eval_id=eval_id, input_format=input_format, peers=dict(peers),
                   models=dict(zip(model_ids, model_paths)), model_ids=model_ids, from_file_list=True)

    def peer_path(self, peer_id: str) -> str:
        if self.from_file_list:
            return self.peers[peer_id]
        # Perl: $PR."/".$file, an undefined root giving "/file".
        return (self.peer_root or "") + "/" + self.peers[peer_id]

    def model_paths(self) -> List[Tuple[str, str]]:
        out = []
        for mid in self.model_ids:
            if self.from_file_list:
                out.append((mid, self.models[mid]))
            else:
                out.append((mid, (self.model_root or "") + "/" + self.models[mid]))
        return out


@dataclass
class EvalConfig:
    """All evaluations, in order of first appearance, and every peer ID the config names."""

    evaluations: List[Evaluation]
    peer_ids: List[str]

    def labels(self) -> Dict[str, str]:
        """Evaluation ID -> its name, for the evaluations that have one (directory mode: file names)."""
        return {ev.eval_id: ev.name for ev in self.evaluations if ev.name is not None}


def _trim(text: str) -> str:
    r"""Perl's s/^[\n\s]+//; s/[\n\s]+$// on XML::Parser's (Unicode) strings."""
    return text.strip(SPACE_CLASS)  # Perl's \s on XML::Parser's (Unicode) strings


def _texts(elem) -> List[str]:
    """The element's text nodes, as XML::DOM sees them (comments and child elements split them)."""
    text = elem.text
    if not len(elem):
        return [] if text is None else [text]
    out = [] if text is None else [text]
    for child in elem:
        if child.tail is not None:
            out.append(child.tail)
    return out


def _dom_name(elem) -> str:
    """The node name XML::DOM reports: the qualified name, prefix included."""
    tag = elem.tag
    if "}" in tag:
        local = tag.split("}", 1)[1]
        return f"{elem.prefix}:{local}" if elem.prefix else local
    return tag


def _attr(elem, name: str, path: str) -> str:
    value = elem.get(name)
    if value is None:
        raise RougeError(f"{path}: <{elem.tag}> has no {name} attribute")
    return value


class _ConfigBuilder:
    """What both XML readers do with each element they meet, in document order."""

    def __init__(self) -> None:
        self.evals: Dict[str, Evaluation] = {}
        self.order: List[Evaluation] = []
        self.peer_ids: Dict[str, None] = {}
        self.roots: Dict[str, str] = {}  # one copy of each root (they repeat in every EVAL)
        self.formats: Dict[str, bool] = {}

    def evaluation(self, eval_id: str) -> Evaluation:
        """An ``<EVAL>``: a repeated ID adds to the evaluation first seen."""
        ev = self.evals.get(eval_id)
        if ev is None:
            ev = self.evals[eval_id] = Evaluation(eval_id=eval_id)
            self.order.append(ev)
        return ev

    def root(self, ev: Evaluation, name: str, text: str) -> None:
        value = _trim(text)
        value = self.roots.setdefault(value, value)
        if name == "PEER-ROOT":
            ev.peer_root = value
        else:
            ev.model_root = value

    def check_format(self, fmt: str) -> None:
        known = self.formats.get(fmt)
        if known is None:
            known = self.formats[fmt] = _FORMAT_RE.match(fmt) is not None
        if not known:
            raise RougeError(f"Unknown input type: {fmt}")

    def input_format(self, ev: Evaluation, fmt: str) -> None:
        self.check_format(fmt)
        ev.input_format = fmt

    def peer_id(self, pid: str) -> None:
        self.peer_ids.setdefault(pid, None)

    @staticmethod
    def peer(ev: Evaluation, pid: str, text: str) -> None:
        ev.peers[pid] = _trim(text)

    @staticmethod
    def model(ev: Evaluation, mid: str, text: str) -> None:
        ev.models[mid] = _trim(text)

    def config(self) -> EvalConfig:
        return EvalConfig(evaluations=self.order, peer_ids=list(self.peer_ids))


# The plain layout pyrouge, files2rouge and most scripts write: ASCII without control characters,
# entities, comments, CDATA or single quotes, upper-case names, the usual children of EVAL, under a
# ROUGE-EVAL root (or ROUGE_EVAL, as in the release's BE samples: the script's walk ignores the
# root's name). Such a file is read with regular expressions; anything else goes to the XML parser
# (same result).
_FAST_ASCII = re.compile(rb"[\t\n\x20-\x7e]*")
_FAST_HEAD = re.compile(
    rb'\s*(?:<\?xml version="1\.0"(?: encoding="(?i:utf-8|us-ascii)")?(?: standalone="(?:yes|no)")?\?>\s*)?'
    rb'<ROUGE([-_])EVAL(?: version="[^"<&]*")?>\s*')
_FAST_TAIL = re.compile(rb"</ROUGE([-_])EVAL>\s*")
_FAST_EVAL = re.compile(rb'<EVAL ID="([^"<&]*)">(.*?)</EVAL>\s*', re.S)
_FAST_CHILD = lazy_regex(  # children out of the usual order (rare)
    rb'\s*(?:<(PEER-ROOT|MODEL-ROOT)>([^<&]*)</\1>'
    rb'|<INPUT-FORMAT TYPE="([^"<&]*)">[^<&]*</INPUT-FORMAT>'
    rb'|<PEERS>((?:\s*<P ID="[^"<&]*">[^<&]*</P>)*)\s*</PEERS>'
    rb'|<MODELS>((?:\s*<M ID="[^"<&]*">[^<&]*</M>)*)\s*</MODELS>)\s*')
_FAST_ITEM = re.compile(rb'<[PM] ID="([^"<&]*)">([^<&]*)</[PM]>')
# the usual order of those children (either root first): one match per EVAL
_FAST_USUAL = re.compile(
    rb'\s*<(PEER-ROOT|MODEL-ROOT)>([^<&]*)</\1>\s*<(PEER-ROOT|MODEL-ROOT)>([^<&]*)</\3>'
    rb'\s*<INPUT-FORMAT TYPE="([^"<&]*)">[^<&]*</INPUT-FORMAT>'
    rb'\s*<PEERS>((?:\s*<P ID="[^"<&]*">[^<&]*</P>)*)\s*</PEERS>'
    rb'\s*<MODELS>((?:\s*<M ID="[^"<&]*">[^<&]*</M>)*)\s*</MODELS>\s*')


def _fast_xml_config(raw: bytes) -> Optional[EvalConfig]:
    """The config of a plain-layout file (see above), or None to leave it to the XML parser.

    The same steps as the DOM walk of :func:`_parsed_xml_config`: children in document order, an
    empty element has no text node (nothing is set), a whitespace-only one gives "".
    """
    if not _FAST_ASCII.fullmatch(raw):
        return None
    head = _FAST_HEAD.match(raw)
    tail = _FAST_TAIL.search(raw, head.end()) if head else None
    if head is None or tail is None or tail.end() != len(raw) or tail.group(1) != head.group(1):
        return None
    pos, end = head.end(), tail.start()
    build = _ConfigBuilder()
    bad_format: List[str] = []  # raised once the whole file is known to be plain (else: the parser's error)

    def set_root(ev: Evaluation, name: bytes, text: bytes) -> None:
        if text:  # an empty element has no text node: nothing is set
            build.root(ev, name.decode("ascii"), text.decode("ascii"))

    def set_format(ev: Evaluation, fmt: bytes) -> None:
        try:
            build.input_format(ev, fmt.decode("ascii"))
        except RougeError as exc:
            bad_format.append(str(exc))

    def set_peers(ev: Evaluation, items: bytes) -> None:
        for pid, path in _FAST_ITEM.findall(items):
            pid_str = pid.decode("ascii")
            build.peer_id(pid_str)
            if path:
                build.peer(ev, pid_str, path.decode("ascii"))

    def set_models(ev: Evaluation, items: bytes) -> None:
        for mid, path in _FAST_ITEM.findall(items):
            mid_str = mid.decode("ascii")
            ev.model_ids.append(mid_str)
            if path:
                build.model(ev, mid_str, path.decode("ascii"))

    for block in _FAST_EVAL.finditer(raw, pos, end):
        if block.start() != pos:
            return None
        pos = block.end()
        ev = build.evaluation(block.group(1).decode("ascii"))
        body = block.group(2)
        usual = _FAST_USUAL.fullmatch(body)
        if usual is not None:
            name1, text1, name2, text2, fmt, peers, models = usual.groups()
            set_root(ev, name1, text1)
            set_root(ev, name2, text2)
            set_format(ev, fmt)
            set_peers(ev, peers)
            set_models(ev, models)
            continue
        at = 0
        while at < len(body):
            child = _FAST_CHILD.match(body, at)
            if child is None or child.end() == at:
                return None
            at = child.end()
            name, text, fmt, peers, models = child.groups()
            if name is not None:
                set_root(ev, name, text)
            elif fmt is not None:
                set_format(ev, fmt)
            elif peers is not None:
                set_peers(ev, peers)
            else:
                set_models(ev, models)
    if pos != end:
        return None
    if bad_format:
        raise RougeError(bad_format[0])
    return build.config()


def read_xml_config(path: str) -> EvalConfig:
    """Read a ROUGE-EVAL XML file (element names case-insensitive, as the Perl matches them)."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except IsADirectoryError:
        raise RougeError(f"Couldn't open {path}: it is a directory, not an XML config") from None
    except (OSError, ValueError) as exc:
        raise RougeError(f"Couldn't open {path}: {getattr(exc, 'strerror', None) or exc}") from None
    fast = _fast_xml_config(raw)
    if fast is not None:
        return fast
    return _parsed_xml_config(raw, path)


def _parsed_root(raw: bytes, path: str):
    """The XML parser's tree of a config, its own entities expanded (never a file or the network)."""
    from lxml import etree

    # XML::DOM expands the entities the config declares (internal ones here: never a file or the
    # network); lxml before 5 can only expand all or none, so there they stay and are refused below.
    internal = "internal" if etree.LXML_VERSION >= (5,) else False
    try:
        parser = etree.XMLParser(resolve_entities=internal, no_network=True, load_dtd=False, huge_tree=True)
        root = etree.fromstring(raw, parser)
    except etree.XMLSyntaxError as exc:
        from .sniff import config_kind_hint

        raise RougeError(f"{path}: not well-formed XML: {_syntax_message(exc)}{config_kind_hint(raw, path)}") from None
    for entity in root.iter(etree.Entity):
        raise RougeError(f"{path}: the entity {entity.text} is not expanded: rouge155 expands only entities "
                         "declared in the config itself (no external entities or DTD)"
                         + ("" if internal else ", and needs lxml 5 or later for them"))
    return root


def _parsed_xml_config(raw: bytes, path: str) -> EvalConfig:
    """Any ROUGE-EVAL file, through the XML parser and the script's DOM walk."""
    root = _parsed_root(raw, path)
    build = _ConfigBuilder()

    def need(eval_id: Optional[str], what: str) -> Evaluation:
        if eval_id is None or eval_id not in build.evals:
            raise RougeError(
                f"({what}) Evaluation database does not contain entry for this evaluation ID: {eval_id or ''}"
            )
        return build.evals[eval_id]

    names: Dict[object, Optional[str]] = {}

    def name_of(node) -> Optional[str]:
        """The upper-cased DOM name (None for comments and processing instructions)."""
        tag = node.tag
        try:
            return names[tag]
        except KeyError:
            name = names[tag] = _dom_name(node).upper() if type(tag) is str else None
            return name

    def walk(top, eval_id: Optional[str]) -> None:
        """The script's recursive DOM walk over ``top``'s children, with a stack of our own (a config
        may nest elements deeper than Python's recursion limit; the Perl only warns)."""
        stack = [(iter(top), eval_id)]
        while stack:
            node_iter, eval_id = stack[-1]
            child = next(node_iter, None)
            if child is None:
                stack.pop()
                continue
            name = name_of(child)
            if name is None:
                continue
            if name == "EVAL":
                child_id = _attr(child, "ID", path)
                build.evaluation(child_id)
                stack.append((iter(child), child_id))
            elif name == "INPUT-FORMAT":
                fmt = _attr(child, "TYPE", path)
                build.check_format(fmt)  # before the evaluation is looked up, as the script does
                need(eval_id, "INPUT-FORMAT").input_format = fmt
            elif name == "PEER-ROOT" or name == "MODEL-ROOT":
                for text in _texts(child):
                    build.root(need(eval_id, name), name, text)
            elif name == "PEERS":
                for item in child:
                    if name_of(item) == "P":
                        pid = _attr(item, "ID", path)
                        build.peer_id(pid)
                        ev = need(eval_id, "PEERS")
                        for text in _texts(item):
                            build.peer(ev, pid, text)
            elif name == "MODELS":
                for item in child:
                    if name_of(item) == "M":
                        mid = _attr(item, "ID", path)
                        ev = need(eval_id, "MODELS")
                        ev.model_ids.append(mid)
                        for text in _texts(item):
                            build.model(ev, mid, text)
            else:
                stack.append((iter(child), eval_id))

    walk([root], None)
    return build.config()


def _syntax_message(exc) -> str:
    """lxml's message, minus advice meant for programmers."""
    msg = str(getattr(exc, "msg", None) or exc)
    if msg.startswith("Excessive depth in document"):
        return msg.split(", use XML_PARSE_HUGE", 1)[0] + " (elements nested deeper than the XML parser allows)"
    if msg.startswith("Entity '") and "not defined" in msg:
        return msg + " (rouge155 expands only entities declared in the config itself: no external entities)"
    return msg


def read_file_list(path: str, input_format: str, peer_id: str) -> EvalConfig:
    """A ``-z`` list: one evaluation per line, ``peer model1 [model2 ...]``; IDs 1..N and M.1..M.k."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except IsADirectoryError:
        raw = b""  # Perl opens a directory and reads no line from it
    except (OSError, ValueError):
        raise RougeError(f"Cannot open {path}") from None
    evaluations: List[Evaluation] = []
    for line in chomped_lines(raw):
        if line.startswith(b"#") or re.fullmatch(rb"\s*", line):
            continue
        files = line.split()
        if len(files) < 2:
            raise RougeError("File list has to have at least 2 filenames per line (peer model1 model2 ... modelN)")
        evaluations.append(Evaluation.listed(str(len(evaluations) + 1), input_format, {peer_id: _path_str(files[0])},
                                             [_path_str(f) for f in files[1:]]))
    return EvalConfig(evaluations=evaluations, peer_ids=[peer_id])


def _path_str(raw: bytes) -> str:
    """File names stay the user's bytes (undecodable bytes survive via surrogateescape)."""
    import os

    return os.fsdecode(raw)
