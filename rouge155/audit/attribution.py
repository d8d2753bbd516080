"""Which rule makes a difference, by measurement: the implementation's number with the Perl's rules put
in its place, one kind at a time and in every combination.

For an implementation X and the rule kinds K where its recipe differs from the Perl's, v(S) is the
number X's pipeline gives with the Perl's parts for the kinds in S (v(∅) is X's own number, v(K) the
Perl's). Then:

* the **single effect** of kind i is v(∅) - v({i}): what changes when only that rule is the Perl's;
* the **share** of kind i is its Shapley value, the mean of v(S) - v(S ∪ {i}) over all orders in which
  X's rules could be replaced by the Perl's one by one (weights |S|! (k - |S| - 1)! / k!). The shares
  add up exactly to v(∅) - v(K), the whole difference; the single effects do only when the rules do not
  interact, and ``interaction`` = difference - sum of single effects says by how much they do.

Values may be arrays (P, R and F at once, or one value per pair): every step is element-wise.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import factorial
from typing import Callable, Dict, FrozenSet, Sequence

import numpy as np


@dataclass(frozen=True)
class Attribution:
    """The difference v(∅) - v(K) split over the kinds K (see the module's docstring)."""

    kinds: tuple
    difference: np.ndarray
    shares: Dict[str, np.ndarray]
    single: Dict[str, np.ndarray]

    @property
    def interaction(self) -> np.ndarray:
        """The part of the difference the single effects do not add up to."""
        total = np.zeros_like(np.asarray(self.difference, dtype=np.float64))
        for value in self.single.values():
            total = total + value
        return self.difference - total


def attribute(value: Callable[[FrozenSet[str]], np.ndarray], kinds: Sequence[str]) -> Attribution:
    """Shapley shares and single effects of ``kinds`` for ``value(S)`` (S: the kinds given the Perl's
    rule); ``value`` is called once per subset (2 ** len(kinds) times)."""
    kinds = tuple(kinds)
    k = len(kinds)
    values = {frozenset(s): np.asarray(value(frozenset(s)), dtype=np.float64)
              for size in range(k + 1) for s in combinations(kinds, size)}
    empty, full = values[frozenset()], values[frozenset(kinds)]
    shares: Dict[str, np.ndarray] = {}
    for i in kinds:
        others = [x for x in kinds if x != i]
        total = np.zeros_like(empty)
        for size in range(k):
            weight = factorial(size) * factorial(k - size - 1) / factorial(k)
            for s in combinations(others, size):
                base = frozenset(s)
                total = total + weight * (values[base] - values[base | {i}])
        shares[i] = total
    single = {i: empty - values[frozenset([i])] for i in kinds}
    return Attribution(kinds, empty - full, shares, single)
