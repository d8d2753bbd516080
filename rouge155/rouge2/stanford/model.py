"""A ``.tagger`` model file read into what tagging needs (spec §6-§7, §9).

The file is the user's (the path ``rouge.properties`` names, as the jar reads it); rouge155 never ships
one. Sections, in order: settings (a serialized ``Properties``), two counts, the word dictionary, a verb
table (skipped), the tag set, the feature templates (two serialized arrays), the feature table and the
weights (a serialized ``double[]``).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from ...base.errors import RougeError
from .. import javalang
from .serial import ModelFormatError, Reader
from .templates import NA, Template, TemplateError, build_template

END_WORD = ".$."
#: the closed tags of English (§7.2), besides those the file flags
ENGLISH_CLOSED = frozenset(". , `` '' : $ EX ( ) # MD CC DT LS PDT POS PRP PRP$ RP TO .$$. UH WDT WP WP$ WRB "
                           "-LRB- -RRB-".split())
_BUCKET_LIMIT = 8   # Appendix A: the iteration order holds while no hash bucket holds 9 keys


class ModelError(RougeError):
    """The model file cannot be used (one line naming the file)."""


@dataclass
class TaggerModel:
    """Everything tagging reads from the file; tags are numbered by their order in the tag set (§6.6),
    and index ``len(tags)`` stands for ``NA`` (outside the sentence)."""

    path: str
    config: Dict[str, str]
    tags: List[str]
    closed: List[bool]
    dictionary: Dict[str, List[Tuple[int, int]]]      # word -> [(tag index, count)] in file order
    templates: List[Template]
    feature_rows: List[Dict[str, int]]                # per template: value -> row of ``weights``
    weights: np.ndarray                               # (rows, tags) float64, 0.0 where the table has no entry
    open_tags: Tuple[int, ...] = ()
    english: bool = False
    default_score: float = 0.0
    rare_threshold: int = 5
    separator: str = "_"
    left: int = 0
    right: int = 0
    tag_index: Dict[str, int] = field(default_factory=dict)

    @property
    def n_tags(self) -> int:
        return len(self.tags)

    def count(self, word: str) -> int:
        return sum(c for _, c in self.dictionary.get(word, ()))

    def candidates(self, word: str) -> Tuple[int, ...]:
        """§9: the word's dictionary tags in Java hash-map order, else the open tags; then the English
        verb-tag expansion."""
        entry = self.dictionary.get(word)
        if entry is None:
            out = list(self.open_tags)
        else:
            out = [t for t, _ in _ordered(entry, self.tags, len(entry), self.path)]
        if self.english:
            for a, b in (("VBD", "VBN"), ("VB", "VBP")):
                ia, ib = self.tag_index.get(a), self.tag_index.get(b)
                if ia is None or ib is None:
                    continue
                if (ia in out) != (ib in out):
                    out.append(ib if ia in out else ia)
        return tuple(out)

    def most_frequent_tag(self, word: str) -> Optional[str]:
        """The tag with the highest count, the first in hash-map order on ties (Appendix A); None if unknown."""
        entry = self.dictionary.get(word)
        if entry is None:
            return None
        best, best_count = None, 0
        for t, c in _ordered(entry, self.tags, len(entry), self.path):
            if c > best_count:
                best, best_count = self.tags[t], c
        return best


def _ordered(entry: Sequence[Tuple[int, int]], tags: Sequence[str], capacity: int, path: str) -> List[Tuple[int, int]]:
    keys = [tags[t] for t, _ in entry]
    buckets = javalang.hashmap_buckets(keys, javalang.string_hash, capacity)
    if len(buckets) > _BUCKET_LIMIT and max(map(buckets.count, buckets)) > _BUCKET_LIMIT:
        raise ModelError(f"{path}: a hash bucket of more than {_BUCKET_LIMIT} tags, whose order is not modelled")
    order = sorted(range(len(entry)), key=lambda k: (buckets[k], k))
    return [entry[k] for k in order]


def _read_dictionary(r: Reader) -> Dict[str, List[Tuple[str, int]]]:
    words: Dict[str, List[Tuple[str, int]]] = {}
    for _ in range(_count(r, "words")):
        word = r.utf()
        words[word] = [(r.utf(), r.int32()) for _ in range(_count(r, "tags of a word"))]
    return words


def _count(r: Reader, what: str) -> int:
    n = r.int32()
    if n < 0 or n > len(r.data):
        raise ModelFormatError(f"{n} {what} at byte {r.pos - 4}")
    return n


def _skip_verb_table(r: Reader) -> None:
    for _ in range(_count(r, "verb table entries")):
        r.int32()
        r.take(_count(r, "bytes"))
        r.take(16)


def _templates(stored: Sequence, best_tag) -> Tuple[List[Template], int]:
    arrays = []
    for obj in stored:
        try:
            arrays.append(list(obj.get("v")))
        except (AttributeError, KeyError, TypeError):
            raise ModelFormatError("the feature templates are not two template arrays") from None
    common, rare = arrays
    out = [build_template(k, obj, False, best_tag) for k, obj in enumerate(common)]
    out += [build_template(len(common) + k, obj, True, best_tag) for k, obj in enumerate(rare)]
    return out, len(common)


def _feature_table(r: Reader, n_templates: int, tag_index: Dict[str, int]):
    """Per template, value -> row; and per entry its row, tag and weight index (§6.8)."""
    n = _count(r, "features")
    rows: List[Dict[str, int]] = [{} for _ in range(n_templates)]
    row_of, tag_of, index_of = np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n, np.int64)
    next_row = 0
    for k in range(n):
        index_of[k] = r.int32()
        template = r.int32()
        value, tag = r.utf(), r.utf()
        if not 0 <= template < n_templates or tag not in tag_index:
            raise ModelFormatError(f"feature {k}: template {template} or tag {tag!r} unknown")
        table = rows[template]
        row = table.get(value)
        if row is None:
            row = table[value] = next_row
            next_row += 1
        row_of[k] = row
        tag_of[k] = tag_index[tag]
    return rows, next_row, row_of, tag_of, index_of


def read_model(path: str) -> TaggerModel:
    """The model at ``path``; a file that is not one gives a :class:`ModelError`."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise ModelError(f"cannot read the POS tagger model {path}: {exc.strerror}") from None
    try:
        return _parse(path, data)
    except (ModelFormatError, TemplateError, KeyError, ValueError, IndexError) as exc:
        raise ModelError(f"{path} is not a Stanford POS tagger model this reader knows: {exc}") from None


def _parse(path: str, data: bytes) -> TaggerModel:
    r = Reader(data)
    (settings,) = r.stream()
    config = getattr(settings, "decoded", None)
    if not isinstance(config, dict):
        raise ModelFormatError("no settings object at the start")
    r.int32()
    y_size = r.int32()
    raw_dictionary = _read_dictionary(r)
    _skip_verb_table(r)
    tags, closed = [], []
    for _ in range(_count(r, "tags")):
        tags.append(r.utf())
        closed.append(r.take(1) != b"\x00")
    if y_size != len(tags):
        raise ModelFormatError(f"{y_size} tags announced, {len(tags)} stored")
    tag_index = {t: k for k, t in enumerate(tags)}
    dictionary = {w: [(tag_index[t], c) for t, c in entry] for w, entry in raw_dictionary.items()}
    model = TaggerModel(path, config, tags, closed, dictionary, [], [], np.zeros((0, len(tags))),
                        tag_index=tag_index)
    _settings(model)
    model.templates, _n_common = _templates(r.stream(2), model.most_frequent_tag)
    rows, n_rows, row_of, tag_of, index_of = _feature_table(r, len(model.templates), tag_index)
    (weights,) = r.stream()
    if not isinstance(weights, np.ndarray) or len(weights) != len(row_of) or r.pos != len(data):
        raise ModelFormatError("the weights do not follow the feature table to the end of the file")
    if len(index_of) and (index_of.min() < 0 or index_of.max() >= len(weights)):
        raise ModelFormatError("a weight index outside the weights")
    dense = np.zeros((n_rows, len(tags)), np.float64)
    dense[row_of, tag_of] = weights[index_of]
    model.feature_rows, model.weights = rows, dense
    axes = [a for t in model.templates for a in t.axes]
    model.left, model.right = max([0] + [-a for a in axes]), max([0] + axes)
    return model


def _settings(model: TaggerModel) -> None:
    """§6.4, §7.2, §10.2: what the settings decide at tagging time."""
    cfg = model.config
    model.english = cfg.get("lang", "") == "english"
    model.separator = cfg.get("tagSeparator", "_")
    model.rare_threshold = int(cfg.get("rareWordThresh", "5"))
    approximate = cfg.get("approximate", "-1.0")
    d = 1.0 if model.english else 0.0
    flags = {"true": 1.0, "false": -1.0}
    value = flags[approximate.lower()] if approximate.lower() in flags else float(approximate)
    if value >= 0:
        d = value
    model.default_score = d
    if cfg.get("wordFunction", ""):
        raise ModelFormatError(f"wordFunction {cfg['wordFunction']} is not supported")
    open_list = [t for t in cfg.get("openClassTags", "").split() if t]
    closed_list = [t for t in cfg.get("closedClassTags", "").split() if t]
    closed = list(model.closed)
    for k, tag in enumerate(model.tags):
        if open_list:
            closed[k] = tag not in open_list
        elif (model.english and tag in ENGLISH_CLOSED) or tag in closed_list:
            closed[k] = True
    model.closed = closed
    open_tags = [t for t in model.tags if not closed[model.tag_index[t]]]
    buckets = javalang.hashmap_buckets(open_tags, javalang.string_hash)
    if open_tags and max(buckets.count(b) for b in set(buckets)) > _BUCKET_LIMIT:
        raise ModelFormatError("a hash bucket of more than 8 open tags, whose order is not modelled")
    model.open_tags = tuple(model.tag_index[t] for t in javalang.hashmap_order(open_tags, javalang.string_hash))
    if END_WORD not in model.dictionary:
        raise ModelFormatError(f"no end-of-sentence word {END_WORD!r} in the dictionary")


def model_path(name: str) -> str:
    """Where the jar looks for ``pos_tagger_name`` (§1): ``resources/taggers/<name>`` under the working folder."""
    return os.path.join("resources", "taggers", name)


__all__ = ["END_WORD", "NA", "ModelError", "TaggerModel", "model_path", "read_model"]
