"""rouge-score 0.1.2's module-level helpers of ``rouge_scorer``, which code imports directly (Self-Instruct
and Alpaca de-duplicate instructions with ``rouge_scorer._score_lcs``; others count n-grams with
``_create_ngrams`` or read LCS tables): the same values and types (a ``Score`` of ints 0 for an empty
side), the same tie-breaks (``_backtrack_norec`` steps left only on a strictly larger cell). They work on
token lists, one pair at a time; ``RougeScorer.score_batch`` is the fast path for whole sets.
``rouge155.compat.rouge_scorer`` exposes them under rouge-score's names.
"""
from __future__ import annotations

import collections
from typing import List, Sequence

from .scoring import Score, fmeasure


def _create_ngrams(tokens: Sequence, n: int) -> collections.Counter:
    """A Counter of the n-grams (tuples of n tokens) of ``tokens``."""
    return collections.Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def _score_ngrams(target_ngrams, prediction_ngrams) -> Score:
    """P, R, F of two n-gram Counters: clipped overlap over max(count, 1) on each side."""
    overlap = 0
    for ngram in target_ngrams:
        overlap += min(target_ngrams[ngram], prediction_ngrams[ngram])
    precision = overlap / max(sum(prediction_ngrams.values()), 1)
    recall = overlap / max(sum(target_ngrams.values()), 1)
    return Score(precision=precision, recall=recall, fmeasure=fmeasure(precision, recall))


def _lcs_table(ref: Sequence, can: Sequence) -> List[List[int]]:
    """The (len(ref) + 1) x (len(can) + 1) table of LCS lengths of the prefixes."""
    table = [[0] * (len(can) + 1) for _ in range(len(ref) + 1)]
    for i in range(1, len(ref) + 1):
        row, above = table[i], table[i - 1]
        for j in range(1, len(can) + 1):
            row[j] = above[j - 1] + 1 if ref[i - 1] == can[j - 1] else max(above[j], row[j - 1])
    return table


def _backtrack_norec(t: List[List[int]], ref: Sequence, can: Sequence) -> List[int]:
    """The indices into ``ref`` of one LCS, read back from table ``t`` (left only on a larger cell)."""
    i, j = len(ref), len(can)
    found: List[int] = []
    while i > 0 and j > 0:
        if ref[i - 1] == can[j - 1]:
            found.append(i - 1)
            i, j = i - 1, j - 1
        elif t[i][j - 1] > t[i - 1][j]:
            j -= 1
        else:
            i -= 1
    return found[::-1]


def lcs_ind(ref: Sequence, can: Sequence) -> List[int]:
    """The indices into ``ref`` of one longest common subsequence with ``can``."""
    return _backtrack_norec(_lcs_table(ref, can), ref, can)


def _find_union(lcs_list) -> List[int]:
    """The sorted union of several lists of indices."""
    return sorted(set().union(*lcs_list))


def _union_lcs(ref: Sequence, c_list) -> list:
    """The tokens of ``ref`` in the union of its LCS with each candidate sentence of ``c_list``."""
    return [ref[i] for i in _find_union([lcs_ind(ref, c) for c in c_list])]


def _score_lcs(target_tokens: Sequence, prediction_tokens: Sequence) -> Score:
    """rougeL of two token lists: LCS length over each length (0, 0, 0 when either is empty)."""
    if not target_tokens or not prediction_tokens:
        return Score(precision=0, recall=0, fmeasure=0)
    length = _lcs_table(target_tokens, prediction_tokens)[-1][-1]
    precision = length / len(prediction_tokens)
    recall = length / len(target_tokens)
    return Score(precision=precision, recall=recall, fmeasure=fmeasure(precision, recall))


def _summary_level_lcs(ref_sent, can_sent) -> Score:
    """rougeLsum of two lists of token lists: each reference sentence's union LCS with the candidate
    sentences, a token counted while both sides' unigram counts have it left (as ROUGE-1.5.5)."""
    if not ref_sent or not can_sent:
        return Score(precision=0, recall=0, fmeasure=0)
    m = sum(len(s) for s in ref_sent)
    n = sum(len(s) for s in can_sent)
    if not n or not m:
        return Score(precision=0, recall=0, fmeasure=0)
    left_ref: collections.Counter = collections.Counter()
    left_can: collections.Counter = collections.Counter()
    for s in ref_sent:
        left_ref.update(s)
    for s in can_sent:
        left_can.update(s)
    hits = 0
    for r in ref_sent:
        for token in _union_lcs(r, can_sent):
            if left_can[token] > 0 and left_ref[token] > 0:
                hits += 1
                left_can[token] -= 1
                left_ref[token] -= 1
    recall, precision = hits / m, hits / n
    return Score(precision=precision, recall=recall, fmeasure=fmeasure(precision, recall))


__all__ = ["lcs_ind"]
