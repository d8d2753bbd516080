"""py-rouge 1.1's API (Diego999/py-rouge, its ``rouge.Rouge``): ``from rouge155.compat.py_rouge import Rouge``.

``Rouge(metrics=None, max_n=None, limit_length=True, length_limit=665, length_limit_type='bytes',
apply_avg=True, apply_best=False, stemming=True, alpha=0.5, weight_factor=1.0, ensure_compatibility=True)``
with ``get_scores(hypothesis, references)``: the same output shapes (``{"rouge-1": {"f", "p", "r"}}``
averaged over the hypotheses, or per hypothesis lists of per-reference values when neither
``apply_avg`` nor ``apply_best``).

``semantics="perl"`` (the default): ROUGE-1.5.5.pl's numbers for the same options (``rouge-N`` -n N,
``rouge-l`` ROUGE-L over the lines, ``rouge-w`` ROUGE-W-``weight_factor``, ``stemming`` -m,
``limit_length`` -b/-l, ``alpha`` -p, ``apply_avg`` -f A, ``apply_best`` -f B; the average the Perl's
seeded bootstrap mean). ``semantics="py-rouge"``: py-rouge's own numbers, value for value
(:mod:`rouge155.semantics.py_rouge`), with its options' every effect.
"""
from __future__ import annotations

from typing import Dict, List


from ..base import arguments
from ..pairs import score_pairs
from ..semantics import PERL, check, get
from ..semantics import py_rouge as _py_rouge

SEMANTICS = _py_rouge.NAME  # semantics=SEMANTICS: py-rouge's own numbers
_STATS = ("f", "p", "r")


class PyRouge:
    """py-rouge's ``Rouge``, with the Perl's numbers or (``semantics="py-rouge"``) py-rouge's own."""

    DEFAULT_METRICS = {"rouge-n"}
    DEFAULT_N = 1
    STATS = list(_STATS)
    AVAILABLE_METRICS = {"rouge-n", "rouge-l", "rouge-w"}
    AVAILABLE_LENGTH_LIMIT_TYPES = {"words", "bytes"}

    def __init__(self, metrics=None, max_n=None, limit_length=True, length_limit=665, length_limit_type="bytes",
                 apply_avg=True, apply_best=False, stemming=True, alpha=0.5, weight_factor=1.0,
                 ensure_compatibility=True, *, semantics=PERL):
        self.semantics = check(semantics, (PERL, SEMANTICS))
        if max_n is not None:  # py-rouge: range(1, max_n + 1) (TypeError for 2.5; memory for 10**20)
            arguments.orders(arguments.number(max_n, "max_n", 0, integer=True), "max_n")
        weight_factor = arguments.number(weight_factor, "weight_factor", finite=False)  # inf: see the semantics
        alpha = arguments.number(alpha, "alpha", 0, 1)
        if limit_length:
            arguments.number(length_limit, "length_limit", 0, integer=True)
        chosen = list(metrics) if metrics is not None else list(self.DEFAULT_METRICS)
        for m in chosen:
            if m not in self.AVAILABLE_METRICS:
                raise ValueError("Unknown metric '{}'".format(m))
        self.max_n = max_n if "rouge-n" in chosen else None
        if self.max_n is not None:
            chosen.remove("rouge-n")
            chosen += ["rouge-{}".format(n) for n in range(1, self.max_n + 1)]
        self.metrics = set(chosen)  # "rouge-n" without max_n scores nothing, as in py-rouge
        if limit_length and length_limit_type not in self.AVAILABLE_LENGTH_LIMIT_TYPES:
            raise ValueError("Unknown length_limit_type '{}'".format(length_limit_type))
        if weight_factor <= 0:
            raise ValueError("ROUGE-W weight factor must greater than 0.")
        self.options = _py_rouge.PyRougeOptions(limit_length=bool(limit_length and length_limit != 0),
                                         length_limit=length_limit, length_limit_type=length_limit_type,
                                         stemming=stemming, alpha=alpha, weight_factor=weight_factor,
                                         ensure_compatibility=ensure_compatibility)
        self.apply_avg, self.apply_best = apply_avg, apply_best
        self._prep = None

    def _scored(self) -> List[str]:
        """The metrics get_scores reports, in py-rouge's order: rouge-N, then rouge-l, then rouge-w."""
        ngram = sorted((m for m in self.metrics if m.split("-")[-1].isdigit()), key=lambda m: int(m[6:]))
        return ngram + [m for m in ("rouge-l", "rouge-w") if m in self.metrics]

    def get_scores(self, hypothesis, references):
        """P, R, F of each hypothesis against its reference(s), averaged as the options say."""
        if isinstance(hypothesis, str):
            hypothesis, references = [hypothesis], [references]
        if type(hypothesis) != type(references):  # noqa: E721  (py-rouge's check)
            raise ValueError("'hyps' and 'refs' are not of the same type")
        hypothesis, references = arguments.pairs(hypothesis, references, ("hypothesis", "references"), False)
        if len(hypothesis) != len(references):
            raise ValueError("'hyps' and 'refs' do not have the same length")
        refs = [list(r) if isinstance(r, list) else [r] for r in references]
        if any(not r for r in refs):
            raise ValueError("a hypothesis has an empty list of references")
        metrics = self._scored()
        if not metrics:
            return {}
        if not (self.apply_avg or self.apply_best):
            return self._per_reference(list(hypothesis), refs, metrics)
        policy = "avg" if self.apply_avg else "best"
        values = self._values(list(hypothesis), refs, metrics, policy)
        return {m: self._average(values[m]) for m in metrics}

    def _values(self, hyps, refs, metrics, policy):
        if self.semantics == SEMANTICS:
            if self._prep is None:
                self._prep = _py_rouge.Preprocessor(self.options)
            counts, al = _py_rouge.alignment_counts(hyps, refs, metrics, self.options, self._prep)
            return {m: _py_rouge.combine(counts[m], al, policy, self.options.alpha, m) for m in metrics}
        opts = self.options
        tags = {m: _py_rouge.SEMANTICS.naming.perl_tag(m, opts.weight_factor) for m in metrics}
        limit = opts.length_limit if opts.limit_length else None
        words = opts.length_limit_type == "words"
        scores = score_pairs(hyps, refs, metrics=list(dict.fromkeys(tags.values())), stem=opts.stemming,
                             multi_reference="A" if policy == "avg" else "B", alpha=opts.alpha,
                             word_limit=limit if words else None, byte_limit=None if words else limit)
        return {m: scores[tags[m]] for m in metrics}

    def _average(self, v) -> Dict[str, float]:
        p, r, f = get(self.semantics).aggregate(v)  # the Perl's bootstrap mean, or py-rouge's mean
        return {"f": float(f), "p": float(p), "r": float(r)}

    def _per_reference(self, hyps, refs, metrics):
        """Neither average nor best: per hypothesis, lists of each reference's values."""
        flat_h = [h for h, rs in zip(hyps, refs) for _ in rs]
        flat_r = [[r] for rs in refs for r in rs]
        values = self._values(flat_h, flat_r, metrics, "avg")
        out: Dict[str, list] = {}
        for m in metrics:
            v, k, rows = values[m], 0, []
            for rs in refs:
                rows.append({s: [float(x) for x in getattr(v, name)[k:k + len(rs)]]
                             for s, name in (("f", "fmeasure"), ("p", "precision"), ("r", "recall"))})
                k += len(rs)
            out[m] = rows
        return out


Rouge = PyRouge  # py-rouge's name for it

__all__ = ["Rouge", "PyRouge"]
