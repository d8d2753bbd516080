"""Perl's arithmetic on its integers and doubles, for values that leave the range where doubles are exact.

Perl 5 keeps a number as an integer (IV, or UV up to 2**64 - 1) or as a double (NV), and its
operators prefer integers (``PERL_PRESERVE_IVUV``): a sum, difference or product of two integers
that fits stays an exact integer, an NV holding an integer below 2**53 counts as one, two NVs holding
integers below 2**63 are added as integers, ``**`` of two integers is computed exactly when the
result fits in 64 bits. Past 2**64 it turns to doubles, which overflow to Inf and make NaN where
Python raises. ROUGE-W's weighted counts reach all of these (``-w 4`` on ten-token sentences gives
model counts near 1e16; ``-w 20``, Inf; ``-w 1e-5``, Inf and NaN scores).

Which path an operator takes depends on the flags an SV carries, and reading a value changes them:
a value read as an integer keeps its integer flag, an integer used as a double keeps the double.
So a value here is one of: ``int`` (an IV/UV), ``float`` (an NV), :class:`IntNV` (both flags),
:class:`FloatUV` (an NV past 2**63 read as an integer: IsUV), :class:`NumStr` (an NV read from a
string with a radix, "0.12345" as ``sprintf('%7.5f')`` gives it). The operators follow pp_add,
pp_subtract, pp_multiply, pp_divide, pp_pow, pp_ge/pp_ne and do_ncmp of Perl 5.36 (pp.c,
pp_hot.c), sv_2iv/sv_2nv's flags (sv.c); the ``*_read`` forms also return the operands the script
keeps as the operation leaves them. :func:`perl_sort` is pp_sort's merge sort, needed where a
comparison returns undef (NaN).

Where every value stays below about 2**52 (and no NaN is sorted) they agree with Python's floats, so
callers use them only past that (:func:`floats_suffice`).
"""
from __future__ import annotations

import math

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Iterable, List, Optional, Sequence, Tuple, Union

    Number = Union[int, float]

from .lazy import lazy_regex

IV_MIN = -(1 << 63)
IV_MAX = (1 << 63) - 1
UV_MAX = (1 << 64) - 1
_EXACT = 1 << 53  # NV_PRESERVES_UV_BITS: an NV below this holding an integer is taken for one
_HALF = 1 << 62  # both IVs in [-2**62, 2**62): their sum cannot overflow (the fast path's test)
_SMALL = 1 << 31  # both IVs in [-2**31, 2**31): their product cannot overflow
_IV_END = float(1 << 63)
INF = float("inf")


class NumStr(float):
    """An NV that came from a numeric string with a radix or exponent: its integer flag is private,
    so the generic integer paths never take it (values are those of the float)."""

    __slots__ = ()


class IntNV(int):
    """An integer Perl holds as both an IV and an exact NV (IOK and NOK): an NV read as an integer,
    or an IV used as a double. Its fast paths take it for either: added to an NV holding an integer
    below 2**63 it adds as integers, where a plain IV adds as doubles."""

    __slots__ = ()


class FloatUV(float):
    """An NV at or past 2**63 (or NaN) that Perl has tried to read as an integer: its IsUV flag keeps
    it, and whatever it is added to, off the fast paths."""

    __slots__ = ()


def _iv(x: Number) -> Optional[int]:
    """``SvIV_please_nomg``: the integer Perl computes with, or None where it uses the double."""
    t = type(x)
    if t is int or t is IntNV:
        return int(x)
    if t is float and -_EXACT < x < _EXACT and float.is_integer(x):
        return int(x)
    return None


def read_as_integer(x: Number) -> Number:
    """``x`` after Perl has read it as an integer (SvIV_please: a generic add, a division, a
    comparison): an NV holding an integer below 2**53 gains the integer flag, so it prints as digits
    ("1234567890123456", not "1.23456789012346e+15"); one at or past 2**63 gains IsUV."""
    if type(x) is float:
        if -_EXACT < x < _EXACT and x.is_integer():  # (-0.0 becomes 0: its sign, kept by Perl's NV, is not met here)
            return IntNV(int(x))
        if not x < _IV_END:
            return FloatUV(x)
    return x


def read_as_double(x: Number) -> Number:
    """``x`` after Perl has used it as a double (SvNV: the double paths of + - * / and **): an IV
    the double holds exactly gains the NV flag too."""
    if type(x) is int and x != UV_MAX and int(float(x)) == x:
        return IntNV(x)
    return x


def _lossless(x: float) -> Optional[int]:
    """``lossless_NV_to_IV``: an NV holding an integer in the IV range (the fast paths' test)."""
    if -_IV_END <= x < _IV_END and x.is_integer():
        return int(x)
    return None


def _fits(r: int, left: Number, right: Number, nv_op: Callable[[float, float], float]) -> Number:
    """An exact integer result as the generic integer paths keep it: a UV or IV where it fits, the
    negative ones past IV_MIN as NVs, else the operation redone on doubles."""
    if 0 <= r <= UV_MAX or IV_MIN <= r < 0:
        return r
    if -UV_MAX <= r < 0:
        return -float(-r)
    return nv_op(float(left), float(right))


def _plus(x: float, y: float) -> float:
    return x + y


def _fast_kind(x: Number) -> int:
    """Which of the fast paths ``x`` can take: 1 an IV (IOK), 2 an NV (NOK), 3 both, 0 none (IsUV)."""
    t = type(x)
    if t is int:
        return 1 if x <= IV_MAX else 0
    if t is IntNV:
        return 3 if x <= IV_MAX else 0
    if t is FloatUV or t is NumStr and not x < _IV_END:
        return 0
    return 2


def _fast_sum(a: Number, b: Number, sign: int) -> Optional[Number]:
    """pp_add/pp_subtract's fast paths: two IVs, or two NVs (integers below 2**63 added as
    integers), each while neither can overflow; None where Perl goes on to its generic path."""
    both = _fast_kind(a) & _fast_kind(b)
    if both & 1:
        if -_HALF <= a < _HALF and -_HALF <= b < _HALF:
            return int(a) + sign * int(b)
    elif both & 2:
        x, y = float(a), float(b)
        if not (x.is_integer() and y.is_integer() and -_IV_END <= x < _IV_END and -_IV_END <= y < _IV_END):
            return x + y if sign > 0 else x - y
        if -_HALF <= x < _HALF and -_HALF <= y < _HALF:
            return int(x) + sign * int(y)
    return None


def _add_or_sub(a: Number, b: Number, sign: int) -> Number:
    """pp_add/pp_subtract: the fast paths, else integers where both hold one below 2**53 (UV
    arithmetic while it fits), else doubles."""
    fast = _fast_sum(a, b, sign)
    if fast is not None:
        return fast
    ib = _iv(b)
    ia = _iv(a) if ib is not None else None
    if ia is None or ib is None:
        return float(a) + float(b) if sign > 0 else float(a) - float(b)
    return _fits(ia + sign * ib, a, b, _plus if sign > 0 else (lambda x, y: x - y))


def perl_add(a: Number, b: Number) -> Number:
    """``a + b`` (pp_add)."""
    if type(b) is float and not b.is_integer() and (type(a) is float or type(a) is int and -_EXACT < a < _EXACT):
        return a + b  # an NV not holding an integer plus a double or a small IV: doubles (the common case)
    return _add_or_sub(a, b, 1)


def perl_sum(values: Iterable[Number]) -> Number:
    """``$total += $_ for values`` from a literal 0: the values added left to right by :func:`perl_add`."""
    total: Number = 0
    for x in values:
        total = perl_add(total, x)
    return total


def perl_add_read(total: Number, value: Number) -> Tuple[Number, Number]:
    """``$total += $value`` where ``$value`` is kept (a stored score): the sum, and the value as Perl
    leaves it. Off the fast paths Perl reads the value as an integer, and where it then adds doubles,
    as a double (:func:`read_as_integer`, :func:`read_as_double`), which changes how it prints and
    which paths it takes next."""
    fast = _fast_sum(total, value, 1)
    if fast is not None:
        return fast, value
    value = read_as_integer(value)  # the generic path: the right operand first
    ib = _iv(value)
    ia = _iv(total) if ib is not None else None
    if ia is not None and ib is not None and -UV_MAX <= ia + ib <= UV_MAX:
        return _fits(ia + ib, total, value, _plus), value
    value = read_as_double(value)
    return float(total) + float(value), value


def perl_add_left_read(kept: Number, value: Number) -> Tuple[Number, Number]:
    """``$kept + $value`` where ``$kept`` is a stored value and ``$value`` a fresh one (a table cell
    plus a weight): the sum, and ``$kept`` as Perl leaves it (read as an integer where the value is
    one, as a double where the sum is taken in doubles)."""
    fast = _fast_sum(kept, value, 1)
    if fast is not None:
        return fast, kept
    ib = _iv(value)  # the generic path: the value first, then the kept one
    if ib is not None:
        kept = read_as_integer(kept)
        ia = _iv(kept)
        if ia is not None and -UV_MAX <= ia + ib <= UV_MAX:
            return _fits(ia + ib, kept, value, _plus), kept
    kept = read_as_double(kept)
    return float(kept) + float(value), kept


def perl_ge_read(a: Number, b: Number) -> Tuple[bool, Number, Number]:
    """``$a >= $b`` between two stored values (pp_ge): the answer, and both as Perl leaves them (do_ncmp
    reads them as integers, then where that fails as doubles)."""
    iok = _fast_kind(a) & _fast_kind(b) & 1
    if iok or (type(a) is not int and type(b) is not int):  # two IVs, or two NVs (IsUV or not)
        x, y = (int(a), int(b)) if iok else (float(a), float(b))
        return x >= y, a, b  # NaN: false
    b = read_as_integer(b)
    ib = _iv(b)
    if ib is not None:
        a = read_as_integer(a)
        ia = _iv(a)
        if ia is not None:
            return ia >= ib, a, b
    b, a = read_as_double(b), read_as_double(a)
    return float(a) >= float(b), a, b


def perl_sub(a: Number, b: Number) -> Number:
    """``a - b`` (pp_subtract)."""
    if type(a) is float and type(b) is float and not (a.is_integer() and b.is_integer()):
        return a - b
    return _add_or_sub(a, b, -1)


def perl_mul(a: Number, b: Number) -> Number:
    """``a * b`` (pp_multiply)."""
    both = _fast_kind(a) & _fast_kind(b)
    if both & 1:
        if -_SMALL <= a < _SMALL and -_SMALL <= b < _SMALL:
            return int(a) * int(b)
    elif both & 2:
        x, y = float(a), float(b)
        ia, ib = _lossless(x), _lossless(y)
        if ia is None or ib is None:
            return x * y
        if -_SMALL <= ia < _SMALL and -_SMALL <= ib < _SMALL:
            return ia * ib
    ib = _iv(b)
    ia = _iv(a) if ib is not None else None
    if ia is None or ib is None:
        return float(a) * float(b)
    r = ia * ib
    if 0 <= r <= UV_MAX or IV_MIN <= r < 0:
        return r
    return float(a) * float(b)


def perl_div(a: Number, b: Number) -> Number:
    """``a / b`` (pp_divide): doubles, except an exact quotient of integers past 2**53.
    Raises ZeroDivisionError where Perl dies with "Illegal division by zero"."""
    if type(a) is float and type(b) is float and b != 0.0:
        return a / b  # two NVs are never both integers past 2**53: doubles
    ib = _iv(b)
    ia = _iv(a) if ib is not None else None
    if ia is not None and ib is not None:
        if ib == 0:
            raise ZeroDivisionError("Illegal division by zero")
        left, right = abs(ia), abs(ib)
        if left >= right and left > _EXACT and left % right == 0:
            q = left // right
            if (ia >= 0) == (ib >= 0):
                return q
            return -q if q <= -IV_MIN else -float(q)
    divisor = float(b)
    if divisor == 0.0:
        raise ZeroDivisionError("Illegal division by zero")
    return float(a) / divisor


def perl_ne_zero_read(x: Number, zero_is_double: bool) -> Tuple[bool, Number, bool]:
    """``$x != 0`` against a literal 0 of the script: the answer, ``$x`` as Perl leaves it, and whether
    the literal is now also a double. Perl quirk: the literal is one SV for the whole run; once a
    comparison has read it as a double (an NV ``$x`` that is not an integer), later NVs compare as
    doubles without being read as integers."""
    if _fast_kind(x) & 1 or zero_is_double and type(x) is not int:
        return x != 0, x, zero_is_double
    x = read_as_integer(x)
    if _iv(x) is not None:
        return x != 0, x, zero_is_double
    return x != 0, read_as_double(x), True


def perl_div_read(a: Number, b: Number) -> Tuple[Number, Number]:
    """``$a / $b`` with both kept: the two as Perl leaves them (read as integers where they hold one,
    then, unless the quotient is an exact integer past 2**53, as doubles)."""
    b = read_as_integer(b)
    ib = _iv(b)
    if ib is not None:
        a = read_as_integer(a)
        ia = _iv(a)
        if ia is not None and ib != 0 and abs(ia) >= abs(ib) and abs(ia) > _EXACT and ia % ib == 0:
            return a, b
    return read_as_double(a), read_as_double(b)


def c_pow(x: float, y: float) -> float:
    """C's pow(): Inf on overflow and at a pole, NaN outside the domain (Python raises there)."""
    if x < 0 and x - x == 0 and not y.is_integer() and y - y == 0:
        return math.nan  # (Python's ** makes a complex number)
    try:
        return x ** y  # float ** float: C's pow() where it does not raise
    except OverflowError:
        odd = y.is_integer() and math.fmod(y, 2.0) != 0.0
        return -INF if x < 0 and odd else INF
    except ZeroDivisionError:  # 0 to a negative power
        odd = y.is_integer() and math.fmod(y, 2.0) != 0.0
        return -INF if odd and math.copysign(1.0, x) < 0 else INF


def perl_pow(base: Number, power: Number) -> Number:
    """``base ** power`` (pp_pow): for two integers, a power of two by repeated doubling and any
    other base exactly in 64-bit integers when bits(base) * power <= 64; otherwise C's pow()."""
    tp = type(power)
    if tp is not int and tp is not IntNV and not (tp is float and -_EXACT < power < _EXACT and float.is_integer(power)):
        x = float(base)
        if x > 0:  # a power Perl holds as a double: C's pow()
            try:
                return x ** power
            except OverflowError:
                return INF
        return c_pow(x, float(power))
    p = int(power)
    b = _iv(base)
    if b is None or p < 0:
        return c_pow(float(base), float(power))
    magnitude = abs(b)
    if magnitude & (magnitude - 1) == 0:  # 0, 1 or a power of two: doubles, exact until Inf
        result, square = 1.0, float(b)
        if p & 1:
            result *= square
        p >>= 1
        while p:
            square *= square
            if p & 1:
                result *= square
            p >>= 1
        return result
    if (p * magnitude.bit_length()) & UV_MAX > 64:
        return c_pow(float(base), float(power))
    result = pow(magnitude, p, 1 << 64)  # UV arithmetic (wraps, as the C does where p * bits wrapped)
    if b >= 0 or not p & 1:
        return result
    if result <= -IV_MIN:
        return -result
    return -float(result)


def perl_ncmp(a: Number, b: Number) -> Optional[int]:
    """``a <=> b`` (do_ncmp): -1, 0 or 1, None for NaN (Perl's undef)."""
    ib = _iv(b)
    ia = _iv(a) if ib is not None else None
    if ia is not None and ib is not None:
        return (ia > ib) - (ia < ib)
    x, y = float(a), float(b)
    if x != x or y != y:
        return None
    return (x > y) - (x < y)


def _fast_compare(a: Number, b: Number) -> Optional[int]:
    """pp_gt/pp_ge: two IVs compare as integers, two NVs as doubles, anything else by do_ncmp."""
    both = _fast_kind(a) & _fast_kind(b)
    if both:
        x, y = (int(a), int(b)) if both & 1 else (float(a), float(b))
        if x != x or y != y:
            return None
        return (x > y) - (x < y)
    return perl_ncmp(a, b)


def perl_gt(a: Number, b: Number) -> bool:
    """``a > b`` (false with a NaN)."""
    if type(a) is float and type(b) is float:
        return a > b
    return _fast_compare(a, b) == 1


def perl_ge(a: Number, b: Number) -> bool:
    """``a >= b`` (false with a NaN)."""
    c = _fast_compare(a, b)
    return c is not None and c >= 0


# numify's patterns, compiled on first use (ROUGE-W past the doubles' range only; a small run never needs them)
_INTEGER = lazy_regex(r"[ \t\n\r\f\v]*([+-]?)([0-9]+)[ \t\n\r\f\v]*\Z")
_EXPONENT = lazy_regex(r"[ \t\n\r\f\v]*[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][+-]?[0-9]+[ \t\n\r\f\v]*\Z")


def numify(text: str, value: Number) -> Number:
    """The number Perl holds for a string once it is used as one (sv_2iv's flags), ``value`` being
    its numeric value (``perl_num``): an integer where the whole string is one (a UV at most), or
    has an exponent and holds an exact integer in the IV/UV range; else a :class:`NumStr` (a
    radix without exponent, "1.00000" included, or trailing text)."""
    m = _INTEGER.match(text)
    if m:
        n = int(m.group(2))
        if n <= UV_MAX and (m.group(1) != "-" or n <= -IV_MIN):
            return -n if m.group(1) == "-" else n
    elif _EXPONENT.match(text):
        x = float(value)
        if x.is_integer() and (abs(x) < _EXACT or -_IV_END <= x < 2.0 * _IV_END):
            return int(x)
    return NumStr(value)


def floats_suffice(values: Iterable[Number], draws: int = 1) -> bool:
    """Whether Perl's running sums of these values (each drawn up to ``draws`` times), and ratios
    and comparisons of them, are what Python's floats give: no integer past 2**52, no negative
    number, every finite NV either below 2**52 or past the IV range (where Perl adds doubles too),
    and the small ones summing below 2**53."""
    small = 0.0
    for v in values:
        if type(v) is int:
            if not 0 <= v < _EXACT >> 1:
                return False
            small += v
        elif v >= _IV_END or v != v:  # past the IV range, Inf or NaN: double arithmetic in Perl too
            continue
        elif 0 <= v < _EXACT >> 1:
            small += v
        else:
            return False
    return small * draws < _EXACT


# -- pp_sort's merge sort (Peter McIlroy's, as Perl 5.36 runs it), for comparisons that can be undef
_PTHRESH = 8  # pairs of the same sense that start a search for a long run
_RTHRESH = 6  # elements of one run that compare low in a row before the steps double


def _prepare_runs(base: list, aux: list, cmp) -> int:
    """``dynprep``: pairs (or longer runs) in order in ``base``; in ``aux`` each run's start holds the
    offset of the next run's start. Returns the number of runs."""
    b, last, p2, runs = 0, len(base), 0, 0
    sense = cmp(base[0], base[1]) > 0
    while b < last:
        p = t = b + 2
        while True:
            p += 1
            if p >= last or (cmp(base[t], base[p]) > 0) != sense:
                break
            p += 1
            t = p
        q = b
        while True:
            p = r = b + 2 * _PTHRESH
            if r >= t:
                p = r = t
            else:
                while (cmp(base[p - 1], base[p]) > 0) == sense:
                    p -= 2
                    if p <= q:
                        break
                if p <= q:  # b through r is a long run: extend it
                    p = q = r
                    while True:
                        p += 2
                        if not (p < t and (cmp(base[p - 1], base[p]) > 0) == sense):
                            break
                        q = p
                    r = p = q + 2
            if q > b:  # a run longer than 2 at b
                savep = p
                p = q = q + 2
                if p == t and t + 1 == last and (cmp(base[p - 1], base[p]) > 0) == sense:
                    savep = r = p = q = last
                aux[p2] = p2 + (p - b)
                p2 = aux[p2]
                runs += 1
                if sense:
                    p -= 1
                    while b < p:
                        base[b], base[p] = base[p], base[b]
                        b += 1
                        p -= 1
                p = savep
            while q < p:  # simple pairs
                aux[p2] = p2 + 2
                p2 = aux[p2]
                runs += 1
                if sense:
                    base[q], base[q + 1] = base[q + 1], base[q]
                q += 2
            b = p
            if b == t and t + 1 == last:
                aux[p2] = p2 + 1
                runs += 1
                b += 1
            q = r
            if b >= t:
                break
        sense = not sense
    return runs


def _merge(list1: list, list2: list, offset: int, cmp) -> int:
    """Merge the two runs at ``offset`` of ``list1`` into ``list2`` (their ends linked from ``list2``,
    as the C finds them), link the merged run from ``list1``; returns the offset after it."""
    f1 = p1 = tp2 = offset
    f2 = l1 = list2[offset]
    l2 = list2[l1]
    while f1 < l1 and f2 < l2:
        if cmp(list1[f1], list1[f2]) <= 0:
            q, b, t, sense = f2, f1, l1, -1
        else:
            q, b, t, sense = f1, f2, l2, 0
        i, run = 1, 0
        while True:  # ramp up: t above q (or the run's end), b below it
            p = b + i
            if p >= t:
                p = t - 1
                if p > b and cmp(list1[q], list1[p]) <= sense:
                    t = p
                else:
                    b = p
                break
            if cmp(list1[q], list1[p]) <= sense:
                t = p
                break
            b = p
            run += 1
            if run >= _RTHRESH:
                i += i
        b += 1
        while b < t:  # binary search, rounding down
            p = b + (t - b - 1) // 2
            if cmp(list1[q], list1[p]) <= sense:
                t = p
            else:
                b = p + 1
        if q == f1:
            list2[tp2 : tp2 + t - f2] = list1[f2:t]
            tp2 += t - f2
            f2 = t
            list2[tp2] = list1[f1]
            f1 += 1
        else:
            list2[tp2 : tp2 + t - f1] = list1[f1:t]
            tp2 += t - f1
            f1 = t
            list2[tp2] = list1[f2]
            f2 += 1
        tp2 += 1
    if f1 == l1:
        list2[tp2 : tp2 + l2 - f2] = list1[f2:l2]
        tp2 += max(0, l2 - f2)
    else:
        list2[tp2 : tp2 + l1 - f1] = list1[f1:l1]
        tp2 += l1 - f1
    list1[p1] = tp2
    return tp2


def _copy_run(base: list, aux: list, offset: int, runs: int) -> int:
    """Copy ``runs`` (1 or 2) runs at ``offset`` from ``base`` to ``aux``, linking them in ``base``."""
    end = aux[offset]
    first_end = end
    if runs == 2:
        end = aux[end]
    aux[offset:end] = base[offset:end]
    base[offset] = first_end
    if runs == 2:
        base[first_end] = end
    return first_end


def _mergesort(base: list, cmp) -> None:
    """``S_sortsv_flags_impl`` on ``base`` in place: runs from :func:`_prepare_runs`, then merged
    level by level through an explicit stack, alternating between ``base`` and an auxiliary list."""
    n = len(base)
    if n <= 1:
        return
    aux: list = [None] * n
    which = [base, aux, base]
    level = 0
    stack = [[0, _prepare_runs(base, aux, cmp)]]  # (offset, runs) per level
    offset = 0
    while True:
        runs = stack[-1][1]
        if runs == 0:
            list1, list2 = which[level & 1], which[(level & 1) + 1]
            while True:
                offset = _merge(list1, list2, stack[-1][0], cmp)
                level -= 1
                if level == 0:
                    return
                stack.pop()
                list1, list2 = list2, list1
                runs = stack[-1][1]
                if runs != 0:
                    break
        stack[-1][1] = 0
        while runs > 2:
            level += 1
            stack.append([offset, runs // 2])
            runs -= runs // 2
        if runs == 1:
            if level & 1:  # belongs in aux, is in base
                offset = _copy_run(base, aux, offset, 1)
            elif level == 0:
                return
        else:
            in_base = not level & 1
            level += 1
            stack.append([offset, 0])
            if in_base:  # the merged runs belong in aux: copy both there first
                offset = _copy_run(base, aux, offset, 2)


def perl_sort(values: Sequence[Number]) -> List[Number]:
    """``sort { $a <=> $b }`` through a named sub, as ``computeAverages`` sorts its resamples: where a
    comparison involves NaN, ``<=>`` is undef and the sort reads it as 0 (equal), so the order
    depends on the merge sort's steps, reproduced here."""

    def cmp(i: int, j: int) -> int:
        return perl_ncmp(values[i], values[j]) or 0

    order = list(range(len(values)))
    _mergesort(order, cmp)
    return [values[i] for i in order]
