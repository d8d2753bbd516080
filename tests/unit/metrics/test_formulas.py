"""ROUGE-W's formulas in Perl's numbers (values measured on ROUGE-1.5.5.pl's perl 5.36)."""
import math
import random

import numpy as np

from rouge155.base.perlmath import NumStr
from rouge155.metrics.formulas import (ModelMatch, W_FLOAT_LIMIT, combine, w_counts_many, w_power,
                                       w_ratio, w_table, w_table_in_floats, w_table_many, w_weight)
from rouge155.metrics.lcs import _wlcs_mark_exact, lcs_mark, wlcs_hits


def test_weights_as_perl_reads_them():
    assert type(w_weight("5")) is int and w_weight("1e2") == 100 and type(w_weight("1e2")) is int
    assert type(w_weight("1.2")) is NumStr and type(w_weight("5abc")) is NumStr and w_weight("5abc") == 5.0
    assert w_weight("inf") == math.inf and w_weight("1e-5") == 1e-5


def test_power_exact_integers_doubles_and_inf():
    assert w_power(13, 15) == 51185893014090757 and type(w_power(13, 15)) is int  # 4 bits x 15 <= 64: exact
    assert w_power(10000, 4) == 10**16 and type(w_power(10000, 4)) is int
    assert w_power(13, 17) == 13.0**17 and type(w_power(13, 17)) is float  # past 64 bits: pow()
    assert w_power(8, 17) == 2.0**51 and type(w_power(8, 17)) is float  # a power of two: doubled, a double
    assert w_power(3, 40) == 3.0**40  # "1.21576654590569e+19" in Perl
    assert w_power(13, 300) == math.inf and w_power(13, w_weight("300.5")) == math.inf  # no OverflowError
    assert w_power(1, math.inf) == 1.0 and w_power(0, math.inf) == 0.0 and w_power(2, math.inf) == math.inf
    assert w_power(13, w_weight("1.2")) == 13.0**1.2


def test_ratio_inf_and_nan():
    w = w_weight("20")
    assert w_ratio(5.0, math.inf, w) == 0.0  # Inf model counts: R 0.00000
    assert math.isnan(w_ratio(math.inf, math.inf, w))
    tiny = w_weight("1e-5")
    assert w_ratio(7.0, 1.0000256, tiny) == math.inf  # ratio above 1 through 1 / 1e-5: Inf
    assert w_ratio(0.5, 1.0, tiny) == 0.0
    assert w_ratio(3.0, 3.0, w_weight("1")) == 1.0


def test_tables_and_counts_kept_in_doubles_only_where_exact():
    assert w_table(4, 2) == [0.0, 1.0, 4, 9, 16.0]  # 0, 1 and 4 are powers of two: doubles
    assert w_table_in_floats(w_table(300, w_weight("1.2"))) and not w_table_in_floats(w_table(14, 11))
    assert w_table_many(20, 17) is None and w_table_many(20, w_weight("1e-5")) is not None
    assert w_counts_many(np.array([13.0, 26.0]), 2).tolist() == [169.0, 676.0]
    assert w_counts_many(np.array([10000.0]), 4) is None  # an exact integer past 1e15: step by step
    huge = w_counts_many(np.array([371293.0]), 5)  # past 2**63: a double in Perl too
    assert huge is not None and huge[0] == 371293.0**5
    assert w_counts_many(np.array([2.0**52]), w_weight("1.2")) is None


def test_combine_best_model_never_takes_nan():
    nan = math.nan
    matches = [ModelMatch(1, 2, 3, nan), ModelMatch(4, 5, 6, 0.25), ModelMatch(7, 8, 9, nan), ModelMatch(1, 1, 1, 0.25)]
    from rouge155.base.perlmath import perl_add

    c = combine(matches, "B", 0.5, lambda h, c: w_ratio(h, c, 1), perl_add)
    assert (c.hit, c.model_count, c.peer_count) == (4, 5, 6)


def test_combine_sums_exact_past_2_53():
    from rouge155.base.perlmath import perl_add

    big = 2**53 + 1
    c = combine([ModelMatch(1, big, 1, 0.1), ModelMatch(1, big, 1, 0.1)], "A", 0.5, lambda _h, _c: 0.0, perl_add)
    assert c.model_count == 2 * big and type(c.model_count) is int


def test_exact_table_marks_equal_doubles_where_both_apply():
    """Perl's arithmetic on a weight table that doubles hold gives the doubles' marks."""
    r = random.Random(4)
    for weight in (2, w_weight("1.2"), w_weight("3.5"), 5):
        weights = w_table(32, weight)
        assert w_table_in_floats(weights)
        for _ in range(200):
            a = [str(r.randrange(4)) for _ in range(r.randint(0, 20))]
            b = [str(r.randrange(4)) for _ in range(r.randint(0, 20))]
            fast, exact = [0] * len(a), [0] * len(a)
            lcs_mark(a, b, fast, [float(x) for x in weights])
            _wlcs_mark_exact(a, b, exact, weights)
            assert fast == exact


def test_wlcs_hits_past_the_doubles():
    """-w 17 on 13 tokens: Inf lengths (the model count Inf, R 0), exact hits; -w 4: an exact integer."""
    unit = "a b c d e f g h i j k l m".split()
    grams = {t: 1 for t in unit}
    hit, base = wlcs_hits([unit], [unit], dict(grams), dict(grams), 17)
    assert base == 13.0**17 and hit == base and w_power(base, 17) == math.inf
    hit, base = wlcs_hits([unit[:10]], [unit[:10]], dict(grams), dict(grams), 4)
    assert base == 10**4 and w_power(base, 4) == 10**16 and type(w_power(base, 4)) is int
    assert W_FLOAT_LIMIT == 2.0**40
