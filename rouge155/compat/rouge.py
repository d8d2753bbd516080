"""The ``rouge`` package's API (pltrdy/rouge 1.0.1, ``from rouge import Rouge``):
``from rouge155.compat.rouge import Rouge``.

``Rouge(metrics=None, stats=None, return_lengths=False, raw_results=False, exclusive=True)`` with
``get_scores(hyps, refs, avg=False, ignore_empty=False)``, and ``FilesRouge`` for two files of one
summary per line; same inputs, same output shapes (``[{"rouge-1": {"r": .., "p": .., "f": ..}, ...}]``,
or one such dict with ``avg=True``).

``semantics="perl"`` (the default): each pair scored as ROUGE-1.5.5.pl does (``rouge-N`` is ``-n N``,
``rouge-l`` summary-level ROUGE-L over the text's lines; counts are the Perl's multisets, so
``exclusive`` changes nothing), ``avg=True`` the Perl's average (its seeded bootstrap mean).
``semantics="pltrdy"``: the package's own numbers, value for value (sentences cut at every full stop,
words split at spaces with case and punctuation kept, n-grams and LCS words counted as sets, its F with
``1e-8``, its errors for empty texts); :mod:`rouge155.semantics.pltrdy`.
"""
from __future__ import annotations

import io
import os
from typing import Dict, List


from ..base import arguments
from ..pairs import score_pairs
from ..semantics import PERL, check, get
from ..semantics import pltrdy as _pltrdy

SEMANTICS = _pltrdy.NAME  # semantics=SEMANTICS: the package's own numbers
_STATS = {"r": "recall", "p": "precision", "f": "fmeasure"}
_RAW = {"hyp": "peer_count", "ref": "model_count", "overlap": "hits"}


class PltrdyRouge:
    """``rouge.Rouge`` (the ``rouge`` package 1.0.1), with the Perl's numbers or (``semantics="pltrdy"``)
    the package's own."""

    OWN = _pltrdy  # the module of the package's own numbers (a fork's drop-in names its own)
    DEFAULT_METRICS = ["rouge-1", "rouge-2", "rouge-l"]
    AVAILABLE_METRICS = list(_pltrdy.METRICS)
    DEFAULT_STATS = ["r", "p", "f"]
    AVAILABLE_STATS = ["r", "p", "f"]

    def __init__(self, metrics=None, stats=None, return_lengths=False, raw_results=False, exclusive=True, *,
                 semantics=PERL):
        self.semantics = check(semantics, (PERL, self.OWN.NAME))
        self.return_lengths = return_lengths
        self.raw_results = raw_results
        self.exclusive = exclusive
        self.metrics = _pltrdy.check_metrics(metrics) if metrics is not None else list(self.DEFAULT_METRICS)
        if raw_results:
            self.stats = ["hyp", "ref", "overlap"]
        elif stats is not None:
            self.stats = [s.lower() for s in stats]
            for s in self.stats:
                if s not in self.AVAILABLE_STATS:
                    raise ValueError("Unknown stat '%s'" % s)
        else:
            self.stats = list(self.DEFAULT_STATS)

    def _values(self, hyps: List[str], refs: List[str]):
        """Per metric, the per-pair arrays (``recall``, ``precision``, ``fmeasure``, counts)."""
        if self.semantics == self.OWN.NAME:
            return self.OWN.score_pairs(hyps, [[r] for r in refs], self.metrics, exclusive=self.exclusive)
        tags = {m: self.OWN.SEMANTICS.naming.perl_tag(m) for m in self.metrics}
        scores = score_pairs(hyps, [[r] for r in refs], metrics=list(dict.fromkeys(tags.values())))
        return {m: scores[tags[m]] for m in self.metrics}

    def get_scores(self, hyps, refs, avg=False, ignore_empty=False):
        """Scores of each (hyps[i], refs[i]), or (``avg``) their average."""
        if isinstance(hyps, str):
            hyps, refs = [hyps], [refs]
        if ignore_empty:
            kept = [(h, r) for h, r in zip(hyps, refs) if len(h) > 0 and len(r) > 0]
            if not kept:
                raise ValueError("no pair left once the empty ones are ignored")
            hyps, refs = [h for h, _ in kept], [r for _, r in kept]
        hyps, refs = arguments.pairs(hyps, refs, ("hyps", "refs"), allow_bytes=False, several=False)
        if len(hyps) != len(refs):
            raise ValueError(f"hyps and refs must be sequences of the same length ({len(hyps)} hyps)")
        hyps, refs = list(hyps), list(refs)
        values = self._values(hyps, refs)
        lengths = self.OWN.word_counts(hyps, refs) if self.return_lengths else None
        if avg:
            return self._average(values, lengths, len(hyps))
        out = []
        for i in range(len(hyps)):
            scores: Dict[str, Dict] = {m: {s: self._stat(values[m], s, i) for s in self.stats} for m in self.metrics}
            if lengths is not None:
                scores["lengths"] = {"hyp": int(lengths[0][i]), "ref": int(lengths[1][i])}
            out.append(scores)
        return out

    def _stat(self, values, stat: str, i: int):
        if stat in _RAW:
            return int(getattr(values, _RAW[stat])[i])
        return float(getattr(values, _STATS[stat])[i])

    def _average(self, values, lengths, count: int):
        if self.raw_results:
            raise ValueError("avg=True gives r/p/f averages (the rouge package has no average of raw counts)")
        out: Dict[str, Dict] = {}
        aggregate = get(self.semantics).aggregate  # the Perl's bootstrap mean, or the package's mean
        for m in self.metrics:
            p, r, f = aggregate(values[m])
            out[m] = {s: float({"r": r, "p": p, "f": f}[s]) for s in self.stats}
        if lengths is not None:
            out["lengths"] = {"hyp": float(lengths[0].sum()) / count, "ref": float(lengths[1].sum()) / count}
        return out


Rouge = PltrdyRouge  # the package's name for it


class FilesRouge:
    """``rouge.FilesRouge``: scores line i of a hypothesis file against line i of a reference file."""

    ROUGE = PltrdyRouge

    def __init__(self, *args, **kwargs):
        self.rouge = self.ROUGE(*args, **kwargs)

    def get_scores(self, hyp_path, ref_path, avg=False, ignore_empty=False):
        for path in (hyp_path, ref_path):
            if not os.path.isfile(path):
                raise ValueError(f"not a file: {path}")
        with io.open(hyp_path, encoding="utf-8", mode="r") as handle:
            hyps = [line[:-1] for line in handle]
        with io.open(ref_path, encoding="utf-8", mode="r") as handle:
            refs = [line[:-1] for line in handle]
        if len(hyps) != len(refs):
            raise ValueError(f"{hyp_path} has {len(hyps)} lines but {ref_path} has {len(refs)}")
        return self.rouge.get_scores(hyps, refs, avg=avg, ignore_empty=ignore_empty)


__all__ = ["Rouge", "PltrdyRouge", "FilesRouge"]
