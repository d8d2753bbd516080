"""Shapley shares and single effects (rouge155.audit.attribution): exact on functions whose answer is
known, shares that add up to the difference, interactions measured, arrays element by element."""
from __future__ import annotations

import numpy as np
import pytest

from rouge155.audit.attribution import attribute


def test_additive_rules_share_their_own_effects():
    effects = {"tokenizer": 0.25, "stemmer": -0.5, "aggregation": 0.125}
    result = attribute(lambda swapped: -sum(effects[k] for k in swapped), list(effects))
    for kind, effect in effects.items():
        assert result.shares[kind] == pytest.approx(effect)
        assert result.single[kind] == pytest.approx(effect)
    assert result.difference == pytest.approx(sum(effects.values()))
    assert result.interaction == pytest.approx(0.0)


def test_an_interaction_is_split_evenly_and_reported():
    # the number moves by 1 only when both rules are the Perl's: neither alone changes anything
    result = attribute(lambda s: -1.0 if {"a", "b"} <= s else 0.0, ["a", "b"])
    assert result.difference == 1.0
    assert result.shares["a"] == result.shares["b"] == 0.5
    assert result.single["a"] == result.single["b"] == 0.0
    assert result.interaction == 1.0


def test_shares_always_add_up_to_the_difference():
    rng = np.random.default_rng(4)
    kinds = ["k1", "k2", "k3", "k4", "k5"]
    table = {frozenset(k for i, k in enumerate(kinds) if mask >> i & 1): rng.normal(size=3) for mask in range(32)}
    result = attribute(lambda s: table[s], kinds)
    total = sum(result.shares.values())
    assert np.allclose(total, table[frozenset()] - table[frozenset(kinds)], atol=1e-12)
    assert np.allclose(result.interaction, result.difference - sum(result.single.values()))


def test_no_differing_rule_no_difference():
    result = attribute(lambda _rules: np.array([0.3, 0.4]), [])
    assert result.shares == {} and result.single == {}
    assert np.array_equal(result.difference, [0.0, 0.0])


def test_each_subset_is_valued_once():
    calls = []
    attribute(lambda s: calls.append(s) or 0.0, ["a", "b", "c"])
    assert len(calls) == 8 and len(set(calls)) == 8
