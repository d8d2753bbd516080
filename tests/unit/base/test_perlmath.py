"""Perl's numbers past the doubles' exact range (outputs measured on perl 5.36; the parity test
tests/parity/test_perl_numbers.py compares thousands of random ones with the perl installed)."""
import math

from rouge155.base.perl import f5, fmt_num, perl_int
from rouge155.base.perlmath import (NumStr, floats_suffice, perl_add, perl_div, perl_ge, perl_gt, perl_ncmp, perl_pow,
                                    perl_sort, perl_sub, read_as_integer)

NAN = math.nan


def test_integers_stay_exact_and_overflow_to_doubles():
    assert perl_add(2**53, 1) == 2**53 + 1 and type(perl_add(2**53, 1)) is int
    assert perl_add(2.0**60, 1.0) == 2**60 + 1  # two NVs holding integers: added as integers
    assert perl_add(2**64 - 1, 1) == 2.0**64 and type(perl_add(2**64 - 1, 1)) is float  # past the UVs
    assert perl_add(NumStr(1.0), 2**53) == 2.0**53  # a numified "1.00000" is never an integer: doubles
    assert perl_sub(0, 2**63) == -2**63 and perl_sub(0, 2**63 + 1) == -(2.0**63)
    assert perl_add(math.inf, -math.inf) != perl_add(math.inf, -math.inf)  # NaN, no exception


def test_division_and_powers():
    assert perl_div(2**60, 4) == 2**58 and type(perl_div(2**60, 4)) is int  # exact quotient past 2**53
    assert perl_div(6, 4) == 1.5 and perl_div(math.inf, math.inf) != perl_div(math.inf, math.inf)
    assert perl_pow(13, 15) == 51185893014090757 and perl_pow(13.0, 15.0) == 51185893014090757
    assert perl_pow(13, 17) == 13.0**17 and perl_pow(10, 400) == math.inf and perl_pow(0, 0) == 1.0
    assert perl_pow(-8.0, 1 / 3) != perl_pow(-8.0, 1 / 3)  # NaN (Python's ** would make a complex)
    assert perl_pow(-math.inf, 0.5) == math.inf


def test_comparisons_with_nan_and_large_integers():
    assert perl_ncmp(NAN, 1) is None and not perl_gt(NAN, -1) and not perl_ge(1.0, NAN)
    assert perl_ncmp(2**53 + 1, 2.0**53) == 0  # an IV against an NV past 2**53: compared as doubles
    assert perl_ncmp(2**53 + 1, 2**53) == 1 and perl_ge(2.0, 2)


def test_sort_with_nan_as_perl_sorts():
    got = perl_sort([3.5, NAN, 1.5, 0.5, NAN, 2.5])
    assert ["NaN" if x != x else x for x in got] == [0.5, 1.5, 3.5, "NaN", "NaN", 2.5]
    got = perl_sort([0.25, 0.75, NAN, 0.5, 0.125, 1, 0.375, NAN, 0.625])
    assert ["NaN" if x != x else x for x in got] == [0.125, 0.25, 0.375, 0.75, "NaN", 0.5, 1, "NaN", 0.625]
    assert perl_sort([3.0, 1.0, 2.0]) == [1.0, 2.0, 3.0]


def test_printing_and_int():
    assert f5(math.inf) == "    Inf" and f5(-math.inf) == "   -Inf" and f5(NAN) == "    NaN" and f5(0.5) == "0.50000"
    assert fmt_num(perl_int(2.0**70)) == "1.18059162071741e+21" and perl_int(1.5e19) == 15000000000000000000
    assert perl_int(math.inf) == math.inf and fmt_num(perl_int(NAN)) == "NaN" and perl_int(-2.5) == -2
    assert read_as_integer(2.0**51) == 2**51 and type(read_as_integer(2.0**53)) is float


def test_floats_suffice():
    assert floats_suffice([0.5, 1.0, math.inf, NAN, 1e30], 1000)
    assert not floats_suffice([2.0**60]) and not floats_suffice([2**53]) and not floats_suffice([-1.0])
    assert not floats_suffice([2.0**50] * 10, 1000)


def test_values_read_as_integers_and_doubles():
    """An IV used as a double (IOK and NOK) adds to a double holding an integer below 2**63 as an
    integer; a plain IV adds as a double (measured: the -t 2 hit 1152921504606846978 of -w 20)."""
    from rouge155.base.perlmath import FloatUV, IntNV, perl_add_read, perl_div_read, perl_ne_zero_read

    big = 2.0**60
    assert perl_add(big, IntNV(2)) == 2**60 + 2 and perl_add(big, 2) == big
    hit, base = perl_div_read(2, 3.0)  # wlcs's $$hit/$$base: both read as integers, then as doubles
    assert type(hit) is IntNV and type(base) is IntNV
    total, value = perl_add_read(0, 2.0**51)  # a sum's generic path reads the stored value as an integer
    assert total == 2**51 and type(value) is IntNV
    total, value = perl_add_read(1.5, 2.0**51)  # two NVs: the fast path, the value untouched
    assert type(value) is float
    assert type(perl_add_read(0, 1e30)[1]) is FloatUV
    nonzero, count, zero_is_double = perl_ne_zero_read(2.0**51, False)
    assert nonzero and type(count) is IntNV and not zero_is_double
    assert perl_ne_zero_read(1.5, False)[2] and type(perl_ne_zero_read(2.0**51, True)[1]) is float
