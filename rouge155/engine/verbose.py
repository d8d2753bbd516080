"""``-v``: the script's debugging lines (stdout), as the step-by-step engine meets each step.

Perl dumps hashes in its random order; these print them sorted by key (the parity test compares
the dumps as sets).
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections import Counter
    from typing import Callable, List, Optional, Sequence

    from ..metrics.formulas import Counts

from ..base.perl import f5, fmt_num
from ..metrics.formulas import w_totals_printed


def dump(grams: Counter, count: int, sep: str = "|") -> str:
    """A gram hash and its ``_cn_`` count, key, value, key, value..., sorted by key."""
    items = [(str(k) if not isinstance(k, bytes) else k.decode("latin-1"), v) for k, v in grams.items()]
    items.append(("_cn_", count))
    items.sort()
    return sep.join(f"{k}{sep}{v}" for k, v in items)


class VerboseLines:
    """The ``-v`` lines of one run, written through ``line``."""

    def __init__(self, line: Callable[[str], None]):
        self.line = line
        # Perl quirk: computeWLCSScore's two "!= 0" literals, once read as doubles, stay so for the run
        self._w_zeros = [False, False]

    def evaluation(self, eval_id: str) -> None:
        self.line(f"@Eval ({eval_id})")

    def peer(self, path: str) -> None:
        self.line(f"***P {path}")

    def model(self, path: str) -> None:
        self.line(f"***M {path}")

    def text(self, text: Optional[str], grams: Counter, count: int) -> None:
        if text is None:
            self.line("---empty text---")
        else:
            self.line(text)
            self.line(dump(grams, count))

    def units(self, texts: List[str], units: List[List[str]]) -> None:
        self.line("\n".join(texts))
        for i in range(len(texts)):
            self.line(f"{i}: " + "|".join(units[i] if i < len(units) else []))

    def lcs_trace(self, weighted: bool) -> Callable[[List[str]], None]:
        """The line for each unit pair's common subsequence."""
        label = "ROUGE-W: " if weighted else "LCS: "

        def trace(tokens: List[str]) -> None:
            self.line(label + (" ".join(tokens) if tokens else "-"))

        return trace

    def bes(self, lines: List[bytes], bes) -> None:
        if lines:
            self.line(dump(bes.grams, bes.count, "#"))
        else:
            self.line("---empty text---")

    def be_matches(self, model_bes, peer_bes) -> None:
        for key in sorted(model_bes.grams):
            if key in peer_bes.grams:
                self.line(f"* Match: {key.decode('latin-1')}")

    def totals(self, count_tag: str, score_tag: str, counts: Counts, score_labels: Sequence[str]) -> None:
        self.line(f"total {count_tag} model count: {fmt_num(counts.model_count)}")
        self.line(f"total {count_tag} peer count: {fmt_num(counts.peer_count)}")
        self.line(f"total {count_tag} hit: {fmt_num(counts.hit)}")
        for label, value in zip(score_labels, (counts.recall, counts.precision, counts.f)):
            self.line(f"total {score_tag}{label}{f5(value)}")

    def weighted_totals(self, weight_text: str, counts: Counts) -> None:
        """ROUGE-W's totals, its counts as ``computeWLCSScore``'s tests and divisions leave them
        (``formulas.w_totals_printed``: a double holding an integer, once read as one, prints as digits)."""
        tag = f"ROUGE-W-{weight_text}"
        self.totals(tag, tag, w_totals_printed(counts, self._w_zeros), ("-R score: ", "-P score: ", "-F score: "))

    def skip_totals(self, distance: str, counts: Counts) -> None:
        # Perl quirk: the -v lines for P and F print the recall.
        r = f5(counts.recall)
        self.line(f"total ROUGE-S{distance} model count: {fmt_num(counts.model_count)}")
        self.line(f"total ROUGE-S{distance} peer count: {fmt_num(counts.peer_count)}")
        self.line(f"total ROUGE-S{distance} hit: {fmt_num(counts.hit)}")
        self.line(f"total ROUGE-S{distance}-R: {r}")
        self.line(f"total ROUGE-S{distance}-P: {r}")
        self.line(f"total ROUGE-S{distance}-F: {r}")
