"""Metric names, parsed and printed in one place.

The Perl's names are the report's tags: ``ROUGE-1``, ``ROUGE-L``, ``ROUGE-W-1.2``, ``ROUGE-S4``,
``ROUGE-SU*``, ``ROUGE-BE-HM`` (the ``*_tag`` functions print them; :func:`parse_metrics` reads what
``score_pairs`` is given: ``"ROUGE-1"``, ``"rouge2"``, ``"L"``, ``"ROUGE-W-1.2"``, ``"ROUGE-SU4"``...).
Every other implementation names its metrics its own way (rouge-score's ``rouge1``, ``rougeL``,
``rougeLsum``; the ``rouge`` package's and py-rouge's ``rouge-1``, ``rouge-l``, ``rouge-w``): a
:class:`Naming` says how, and translates the Perl's names to its own and back.
"""
from __future__ import annotations

import re

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import List, Optional, Sequence, Tuple, Union

from ..base.errors import OptionError
from ..base.perl import fmt_num
from ..base.records import dataclass  # dataclasses' records without its start-up cost

LCS_TAG = "ROUGE-L"


def ngram_tag(n: int) -> str:
    """ROUGE-N's tag."""
    return f"ROUGE-{n}"


def weighted_tag(weight: object) -> str:
    """ROUGE-W's tag, with the weight as the command line gave it (``-w 1.20`` prints ``ROUGE-W-1.20``)."""
    return f"ROUGE-W-{weight}"


def skip_tag(gap: object, unigrams: bool) -> str:
    """ROUGE-S's or ROUGE-SU's tag (``gap``: the distance as given, or ``*``)."""
    return f"ROUGE-{'SU' if unigrams else 'S'}{gap}"


def gap_tag(tag: str) -> str:
    """A ROUGE-S/SU tag with the gap's leading zeros dropped (``ROUGE-S04`` -> ``ROUGE-S4``: the Perl's
    ``-2 04`` reads the gap as the number 4 and names the block with the text it was given)."""
    return re.sub(r"^(ROUGE-SU?)0+(?=\d)", r"\1", tag)


def be_tag(mode: object) -> str:
    return f"ROUGE-BE-{mode}"


# ROUGE-N, L, W(-weight), S/SU(gap); the prefix "ROUGE" and its dash are optional, case is ignored; ASCII
# digits only (the Perl reads no other: "ROUGE-\u0664" is no metric)
_NAME = re.compile(r"^(?:ROUGE-?)?(?:(\d+)|(L)|W(?:-?([0-9.]+))?|(SU?)(\d+|\*))$", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True)
class MetricName:
    """A metric named the Perl's way: ``kind`` is ``"N"`` (order ``n``, its digits in ``digits``),
    ``"L"``, ``"W"`` (``weight``: its text, or None) or ``"S"`` (``gap``: digits or ``*``; ``unigrams``: SU)."""

    kind: str
    digits: str = ""
    weight: Optional[str] = None
    gap: str = ""
    unigrams: bool = False

    @property
    def n(self) -> int:
        """ROUGE-N's order (ValueError past Python's limit on digits: no text has that many tokens)."""
        return int(self.digits)


def parse_name(name: object) -> Optional[MetricName]:
    """``name`` read as one of the Perl's metrics, or None."""
    m = _NAME.match(str(name).strip())
    if not m:
        return None
    digits, lcs, weight, skip, gap = m.groups()
    if digits is not None:
        return MetricName("N", digits=digits)
    if lcs:
        return MetricName("L")
    if skip:
        return MetricName("S", gap=gap, unigrams=skip.upper() == "SU")
    return MetricName("W", weight=weight)


@dataclass(frozen=True)
class Wanted:
    """The Perl's metrics asked of ``score_pairs`` (resolved once)."""

    tags: Tuple[str, ...]  # the report's names, in the order asked
    ngram_orders: Tuple[int, ...]  # the ROUGE-N orders asked (only these are computed)
    lcs: bool
    weight: Optional[float]
    skip: Optional[Tuple[str, bool]]  # (distance text, with unigrams)


def _checked(name, parsed: Optional[MetricName]) -> MetricName:
    """``parsed`` when the Perl has that metric (ROUGE-N with N >= 1, ROUGE-W with a weight), else OptionError."""
    if parsed is None or (parsed.kind == "W" and parsed.weight is None):
        raise OptionError(f"unknown metric {name!r}: use ROUGE-N (N >= 1), ROUGE-L, ROUGE-W-<weight>, "
                          f"ROUGE-S<gap> or ROUGE-SU<gap> (gap a number or *)")
    if parsed.kind == "N":
        try:
            order = parsed.n
        except ValueError:  # past Python's limit on digits: no text has that many tokens either
            raise OptionError(f"unknown metric {name[:40]!r}...: ROUGE-N with N of {len(parsed.digits)} "
                              "digits") from None
        if order < 1:
            raise OptionError(f"unknown metric {name!r}: ROUGE-N needs N >= 1")
    return parsed


def parse_metrics(metrics: Union[str, Sequence[str]]) -> Wanted:
    """The Perl's metrics asked by name (``"ROUGE-1"``, ``"rouge2"``, ``"L"``, ``"ROUGE-W-1.2"``,
    ``"ROUGE-SU4"``, ``"ROUGE-S*"``...); OptionError for a name it has not, or two ROUGE-W weights or
    two skip-bigram variants in one call."""
    if isinstance(metrics, str):
        metrics = [metrics]
    tags: List[str] = []
    orders: List[int] = []
    lcs, weight, skip = False, None, None
    for name in metrics:
        parsed = _checked(name, parse_name(name))
        if parsed.kind == "N":
            orders.append(parsed.n)
            tag = ngram_tag(parsed.n)
        elif parsed.kind == "L":
            lcs, tag = True, LCS_TAG
        elif parsed.kind == "W":
            try:
                wv = float(str(parsed.weight))
            except ValueError:
                raise OptionError(f"unknown metric {name!r}: bad ROUGE-W weight") from None
            if weight is not None and weight != wv:
                raise OptionError("one ROUGE-W weight per call")
            weight, tag = wv, weighted_tag(fmt_num(wv))
        else:
            if skip is not None and skip != (parsed.gap, parsed.unigrams):
                raise OptionError("one ROUGE-S/SU variant per call")
            skip, tag = (parsed.gap, parsed.unigrams), skip_tag(parsed.gap, parsed.unigrams)
        if tag not in tags:
            tags.append(tag)
    if not tags:
        raise OptionError("no metric asked for")
    return Wanted(tuple(tags), tuple(sorted(set(orders))), lcs, weight, skip)


@dataclass(frozen=True)
class Naming:
    """How an implementation names its metrics: ``metrics`` its own names (in its order), ``ngram`` the
    pattern of its ROUGE-N (``"rouge{n}"``), ``summary_lcs`` its summary-level LCS (the Perl's ROUGE-L:
    rouge-score's ``rougeLsum``, py-rouge's ``rouge-l``), ``text_lcs`` its LCS over the whole texts
    (rouge-score's ``rougeL``; None: it has none), ``weighted`` the pattern of its ROUGE-W (``{w}``: the
    weight; None: it has none), ``max_n`` its largest ROUGE-N on the command line (None: any)."""

    metrics: Tuple[str, ...]
    ngram: str
    summary_lcs: Optional[str]
    text_lcs: Optional[str] = None
    weighted: Optional[str] = None
    max_n: Optional[int] = None

    def own(self, name, owner: str) -> Tuple[str, Optional[float]]:
        """Its own name for ``name`` (one of its own, or the Perl's ``ROUGE-N``, ``ROUGE-L``,
        ``ROUGE-W-w``), and ROUGE-W's weight where one is given; ValueError naming ``owner`` otherwise.
        The Perl's ROUGE-L (summary level, over lines) is its summary-level LCS."""
        if name in self.metrics:
            return name, None
        parsed = parse_name(name)
        candidate, weight = None, None
        if parsed is not None and parsed.kind == "N":
            candidate = self.ngram.format(n=parsed.n)
        elif parsed is not None and parsed.kind == "L":
            candidate = self.summary_lcs
        elif parsed is not None and parsed.kind == "W" and self.weighted is not None and "{w}" not in self.weighted:
            candidate, weight = self.weighted, float(parsed.weight) if parsed.weight else None
        if candidate not in self.metrics:
            raise ValueError(f"unknown metric {name!r} for the {owner} semantics: use one of {', '.join(self.metrics)}")
        return str(candidate), weight

    def for_flags(self, ngram: int, lcs: bool, weight: Optional[float] = None) -> Tuple[str, ...]:
        """Its names for ROUGE-1..``ngram``, its LCS metrics (``lcs``: the whole-text one first) and
        ROUGE-W (``weight``), as the command line's ``-n``, ``-x`` and ``-w`` ask them."""
        names = [self.ngram.format(n=n) for n in range(1, ngram + 1)]
        if lcs:
            names += [m for m in (self.text_lcs, self.summary_lcs) if m is not None]
        if weight is not None and self.weighted is not None:
            names.append(self.weighted.format(w=fmt_num(weight)))
        return tuple(names)

    def order(self, own: str) -> Optional[int]:
        """The order of its ROUGE-N called ``own`` (None: not a ROUGE-N)."""
        head, _, tail = self.ngram.partition("{n}")
        if own.startswith(head) and own.endswith(tail):
            digits = own[len(head):len(own) - len(tail)]
            if digits.isdigit() and digits.isascii():
                return int(digits)
        return None

    def perl_tag(self, own: str, weight: Optional[float] = None) -> str:
        """The Perl's tag for its metric ``own`` (its LCS metrics are the Perl's ROUGE-L: the caller
        decides over which sentences; its ROUGE-W is ROUGE-W-``weight``)."""
        order = self.order(own)
        if order is not None:
            return ngram_tag(order)
        if own in (self.text_lcs, self.summary_lcs):
            return LCS_TAG
        if own == self.weighted and weight is not None:
            return weighted_tag(fmt_num(weight))
        raise ValueError(f"{own!r} has no Perl name")


def perl_naming(max_n: int = 9) -> Naming:
    """The Perl's own names (``ROUGE-N`` for any N; ``max_n``: how many its metric list shows)."""
    shown = tuple(ngram_tag(n) for n in range(1, max_n + 1)) + (LCS_TAG, "ROUGE-W-1.2", "ROUGE-S4", "ROUGE-SU4",
                                                                "ROUGE-S*", "ROUGE-SU*")
    return Naming(shown, "ROUGE-{n}", LCS_TAG, weighted="ROUGE-W-{w}")
