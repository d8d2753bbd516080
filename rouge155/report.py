"""The report: the exact text ROUGE-1.5.5.pl prints (``printResults``)."""
from __future__ import annotations

import re
from functools import cmp_to_key
from typing import List, Optional, Sequence

import numpy as np

from .aggregate import Averages
from .perl import fmt_num

RULE = "-" * 45
DOTS = "." * 45
_LEADING_DIGITS = re.compile(r"^([0-9]+)")


def f5(x: float) -> str:
    return "%7.5f" % x


def _by_eval_id(a: str, b: str) -> int:
    """The script's ``by_evalID``: leading numbers compare numerically when both have one."""
    ma, mb = _LEADING_DIGITS.match(a), _LEADING_DIGITS.match(b)
    if ma and mb:
        x, y = int(ma.group(1)), int(mb.group(1))
    else:
        x, y = a, b  # type: ignore[assignment]
    return (x > y) - (x < y)


def _value(x, token_mode: Optional[int]) -> str:
    # Without -t the values are the %7.5f strings the script stored; with -t they are raw numbers.
    return f5(x) if token_mode is None else fmt_num(x)


def block_text(
    system: str,
    tag: str,
    averages: Averages,
    keys: Sequence[str],
    values: np.ndarray,
    token_mode: Optional[int],
    confidence_label: str,
    per_eval: bool,
) -> str:
    lines: List[str] = [RULE]
    if token_mode is None or token_mode == 1:
        for name, c in (("R", 0), ("P", 1), ("F", 2)):
            lines.append(
                f"{system} {tag} Average_{name}: {f5(averages.mean[c])} "
                f"({confidence_label}%-conf.int. {f5(averages.low[c])} - {f5(averages.high[c])})"
            )
    else:
        m, p, h = (int(v) for v in averages.totals)
        lines.append(f"{system} {tag} M_count: {m} P_count: {p} H_count: {h}")
    if per_eval:
        lines.append(DOTS)
        # Perl sorts hash keys with this comparator; where it ties (equal leading numbers) Perl's order
        # follows its random hash order, so any order is as right: ours is the plain string order.
        ordered = sorted(sorted(range(len(keys)), key=keys.__getitem__),
                         key=cmp_to_key(lambda a, b: _by_eval_id(keys[a], keys[b])))
        rows = values.tolist()
        for k in ordered:
            r, p, f = (_value(v, token_mode) for v in rows[k])
            lines.append(f"{system} {tag} Eval {keys[k]} R:{r} P:{p} F:{f}")
    return "\n".join(lines) + "\n"
