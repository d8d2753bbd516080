"""Per-word and per-position feature work of a model (spec §8-§10.1), shared by both search paths.

A word form alone decides its candidate tags (§9), whether it is rare (§8.1) and its W sums (§10.1): they
are computed once per form. A position needs the feature rows of the C templates (its neighbours' words)
and of the tag templates without tag offsets (the sentence-position templates, whose value depends on
whether the position is the first); a word-tag template needs the word it reads. :meth:`Features.batch`
collects them for a list of sentences.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple, Union

import numpy as np

from .model import END_WORD, TaggerModel
from .templates import NA, Template, word_at

_CACHE_LIMIT = 100_000


@dataclass
class WordInfo:
    """What a word form alone decides: candidate tags (§9), rareness (§8.1), the W sums (§10.1)."""

    cands: np.ndarray        # candidate tag indexes, in candidate order
    cand_id: int             # equal candidate lists have equal ids
    rare: bool
    scored: np.ndarray       # the tags whose raw scores a position of this word needs (§10.2)
    w_sum: np.ndarray        # W sums over ``scored``


@dataclass
class Batch:
    """Sentences (each with its end word) as flat positions."""

    infos: List[WordInfo]
    starts: List[int]                         # first position of each sentence, then the total
    c_rows: np.ndarray                        # (positions, C templates): feature rows, the zero row if none
    t_values: List[Tuple[Union[int, str], ...]]   # per position, per tag template: a row, a word or 0


class Features:
    """Feature rows and per-word sums of one model; ``zero`` is the row of zeros ("no feature")."""

    def __init__(self, model: TaggerModel) -> None:
        self.model = model
        self.nt = model.n_tags
        self.weights = np.vstack([model.weights, np.zeros((1, self.nt))])
        self.zero = len(model.weights)
        ts = model.templates

        def pick(group: str, rare: bool) -> List[Template]:
            return [t for t in ts if t.group == group and t.rare == rare]
        self.w_templates = (pick("W", False), pick("W", True))
        self.c_templates = (pick("C", False), pick("C", True))
        self.t_templates = pick("T", False) + pick("T", True)
        self.t_common = len(pick("T", False))
        self.exact = model.default_score <= 0   # §10.2: normalize over every tag
        self.all_tags = np.arange(self.nt, dtype=np.intp)
        self.words: Dict[str, WordInfo] = {}
        self.cand_ids: Dict[Tuple[int, ...], int] = {}
        self.word_rows: Dict[int, Dict[str, int]] = {t.number: {} for t in ts}
        self.row_tables: Dict[Tuple[int, str], np.ndarray] = {}
        self.log_rest = [math.log((self.nt - m) * model.default_score)
                         if (self.nt - m) * model.default_score > 0 else -math.inf for m in range(self.nt + 1)]

    def row(self, template: Template, value: str) -> int:
        row = self.model.feature_rows[template.number].get(value)
        return self.zero if row is None else row

    def word_row(self, template: Template, word: str) -> int:
        """The row of a one-word template's value for ``word`` (cached per template and word)."""
        rows = self.word_rows[template.number]
        row = rows.get(word)
        if row is None:
            if len(rows) > _CACHE_LIMIT:
                rows.clear()
            row = rows[word] = self.row(template, template.of_word(word))  # type: ignore[misc]
        return row

    def word_info(self, word: str) -> WordInfo:
        info = self.words.get(word)
        if info is None:
            if len(self.words) > _CACHE_LIMIT:
                self.words.clear()
            m = self.model
            cand_tuple = m.candidates(word)
            rare = m.count(word) < m.rare_threshold
            cands = np.array(cand_tuple, np.intp)
            scored = self.all_tags if self.exact else cands
            acc = np.zeros(len(scored))
            for t in self.w_templates[0] + (self.w_templates[1] if rare else []):
                acc = acc + self.weights[self.word_row(t, word), scored]
            cand_id = self.cand_ids.setdefault(cand_tuple, len(self.cand_ids))
            info = self.words[word] = WordInfo(cands, cand_id, rare, scored, acc)
        return info

    def row_table(self, t: Template, word: str) -> np.ndarray:
        """The rows of a tag template over the tags (index ``nt``: NA) at its axes, per word it reads."""
        key = (t.number, word)
        table = self.row_tables.get(key)
        if table is None:
            assert t.tag_value is not None
            names = list(self.model.tags) + [NA]
            size = [self.nt + 1] * len(t.axes)
            table = np.empty(size, np.intp)
            for idx in np.ndindex(*size):
                table[idx] = self.row(t, t.tag_value([names[j] for j in idx], word))
            self.row_tables[key] = table
        return table

    def _rows(self, templates: List[Template], words: Sequence[str], i: int) -> List[int]:
        out = []
        for t in templates:
            if t.of_word is not None:
                out.append(self.word_row(t, word_at(words, i + t.offset)))  # type: ignore[operator]
            else:
                out.append(self.row(t, t.value_at(words, i)))
        return out

    def _t_values(self, words: Sequence[str], i: int, rare: bool) -> Tuple[Union[int, str], ...]:
        out: List[Union[int, str]] = []
        for k, t in enumerate(self.t_templates):
            if k >= self.t_common and not rare:
                out.append(self.zero if not t.axes else "" if t.word_offset is not None else 0)
            elif not t.axes:
                out.append(self.row(t, t.value_at(words, i)))
            elif t.word_offset is not None:
                out.append(word_at(words, i + t.word_offset))
            else:
                out.append(0)
        return tuple(out)

    def batch(self, sentences: Sequence[Sequence[str]]) -> Batch:
        """The positions of the (non-empty) sentences, each followed by the end word (§7.1)."""
        infos: List[WordInfo] = []
        starts = [0]
        c_rows: List[List[int]] = []
        t_values = []
        common, rare_c = self.c_templates
        n_rare_c = len(rare_c)
        for tokens in sentences:
            words = list(tokens) + [END_WORD]
            sentence_infos = [self.word_info(w) for w in words]
            for i, info in enumerate(sentence_infos):
                rows = self._rows(common, words, i)
                rows += self._rows(rare_c, words, i) if info.rare else [self.zero] * n_rare_c
                c_rows.append(rows)
                t_values.append(self._t_values(words, i, info.rare))
            infos += sentence_infos
            starts.append(len(infos))
        width = len(common) + n_rare_c
        return Batch(infos, starts, np.array(c_rows, np.intp).reshape(len(infos), width), t_values)

