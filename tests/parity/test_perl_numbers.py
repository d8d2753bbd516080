"""``base.perlmath`` against the perl on this machine: random operands of Perl's three kinds of
numbers (an IV/UV, an NV, an NV read from a "%7.5f"-like string) through + - * / ** <=> > >=, the
flags a -w string gets, and ``sort`` through a named sub with NaNs (no ROUGE reference needed)."""
import math
import random
import shutil
import subprocess

import pytest

from rouge155.base.perl import perl_num
from rouge155.base.perlmath import (FloatUV, IntNV, NumStr, numify, perl_add, perl_add_left_read, perl_add_read,
                                    perl_div, perl_ge, perl_ge_read, perl_gt, perl_mul, perl_ncmp, perl_pow,
                                    perl_sort, perl_sub, read_as_double, read_as_integer)

pytestmark = pytest.mark.skipif(shutil.which("perl") is None, reason="perl not installed")

# Each input line: OP KIND_A TEXT_A KIND_B TEXT_B; kinds: i (an IV from the text), n (a pure NV), s (the
# text numified, as the script's sprintf results are), p (an NV Perl has read as an integer), d (an IV
# Perl has used as a double); operands are new SVs each time (a constant Perl has used as a double, or a
# reused lexical, changes which paths later operations take). Prints "i:DIGITS" for an IV, "j:DIGITS" for an IV
# that is an NV too, "n:%.17g" for an NV ("u:" with the IsUV flag), "undef", or "die"; ops "radd" ($a += $b),
# "ladd" ($a + $b) and "rge" ($a >= $b) also print the kept operands as the operation leaves them.
ARITH = r'''
no warnings;
use B;
my @keep;  # references kept: each lexical is a new SV, without private flags left from an earlier value
sub mk { my ($k, $s) = @_; my ($x, $z) = (undef, length("")); push @keep, \$x, \$z;  # $z: a fresh IV 0
  if ($k eq "i") { $x = $s + $z } elsif ($k eq "d") { $x = $s + $z; my $t = $x * 1.5 }
  elsif ($k eq "n") { $x = unpack("d", pack("d", $s)) }
  elsif ($k eq "p") { $x = unpack("d", pack("d", $s)); my $t = $x + $z } else { $x = $s; my $t = $x + $z }
  return $x; }
sub show { my $r = shift; return "undef" unless defined $r;
  my $f = B::svref_2object(\$r)->FLAGS;
  if ($f & B::SVf_IOK) { my $k = ($f & B::SVf_NOK) ? "j:" : "i:";
    return $k . (($f & B::SVf_IVisUV) ? sprintf("%u", $r) : sprintf("%d", $r)) }
  return (($f & B::SVf_IVisUV) ? "u:" : "n:")
    . ($r != $r ? "nan" : $r == 9**9**9 ? "inf" : $r == -9**9**9 ? "-inf" : sprintf("%.17g", $r)); }
while (my $line = <STDIN>) { chomp $line; my ($op, $ka, $sa, $kb, $sb) = split / /, $line;
  my ($a1, $b1, $r) = (mk($ka, $sa), mk($kb, $sb)); push @keep, \$a1, \$b1, \$r;
  my $ok = eval {
    if ($op eq "add") { $r = $a1 + $b1 } elsif ($op eq "sub") { $r = $a1 - $b1 }
    elsif ($op eq "mul") { $r = $a1 * $b1 } elsif ($op eq "div") { $r = $a1 / $b1 }
    elsif ($op eq "pow") { $r = $a1 ** $b1 } elsif ($op eq "cmp") { $r = $a1 <=> $b1 }
    elsif ($op eq "gt") { $r = ($a1 > $b1) ? 1 : 0 } elsif ($op eq "ge") { $r = ($a1 >= $b1) ? 1 : 0 }
    elsif ($op eq "radd") { $a1 += $b1; $r = $a1 } elsif ($op eq "ladd") { $r = $a1 + $b1 }
    else { $r = ($a1 >= $b1) ? 1 : 0 } 1; };
  my $kept = $op eq "radd" ? "|" . show($b1) : $op eq "ladd" ? "|" . show($a1)
           : $op eq "rge" ? "|" . show($a1) . "|" . show($b1) : "";
  print $ok ? show($r) : "die", $kept, "\n"; }
'''
OPS = {"add": perl_add, "sub": perl_sub, "mul": perl_mul, "div": perl_div, "pow": perl_pow, "cmp": perl_ncmp,
       "gt": lambda a, b: int(perl_gt(a, b)), "ge": lambda a, b: int(perl_ge(a, b)), "radd": perl_add_read,
       "ladd": lambda a, b: perl_add_left_read(a, b),
       "rge": lambda a, b: (lambda r: (int(r[0]),) + r[1:])(perl_ge_read(a, b))}


def _show(x) -> str:
    if x is None:
        return "undef"
    if isinstance(x, tuple):  # the result, and the kept operands as the operation left them
        return "|".join(_show(v) for v in x)
    if type(x) is IntNV:
        return "j:%d" % x
    if type(x) is int:
        return "i:%d" % x
    kind = "u:" if type(x) is FloatUV or type(x) is NumStr and not x < 2.0**63 else "n:"
    if x != x:
        return kind + "nan"
    if math.isinf(x):
        return kind + ("inf" if x > 0 else "-inf")
    return kind + "%.17g" % x


def _operand(r: random.Random):
    kind = r.choice("iinsspd")
    if kind in "id":
        c = r.random()
        if c < 0.4:
            v = r.randint(-20, 2**20)
        elif c < 0.6:
            v = r.choice([2**53, 2**60, 2**62, 2**63, 2**64 - 1, -2**63, -2**62, -2**53]) + r.randint(-3, 3)
        else:
            v = r.randint(-2**63, 2**64 - 1)
        v = max(-2**63, min(2**64 - 1, v))
        return kind, str(v), (v if kind == "i" else read_as_double(v))
    c = r.random()
    if c < 0.2:
        v = float(r.randint(-20, 20))
    elif c < 0.4:
        v = r.uniform(-5, 40)
    elif c < 0.6:
        v = float(r.randint(2**52, 2**64))
    elif c < 0.75:
        v = r.choice([0.0, -0.0, 0.5, 1.0, 2.0, 2.0**53, 2.0**62, 2.0**63, 1e300, 5e-324, 0.2, 1e-5,
                      math.inf, math.nan])
    else:
        v = r.uniform(0, 1e20)
    if kind == "p" and v == 0:
        v = 0.0  # (-0.0 read as an integer keeps its sign in Perl's NV slot: not modelled, not met in ROUGE-W)
    if kind in "np" or v != v or math.isinf(v):
        text = "nan" if v != v else "inf" if v == math.inf else "-inf" if v == -math.inf else repr(v)
        if kind == "s":
            return "s", text, NumStr(v)
        return kind, text, (v if kind == "n" else read_as_integer(v))
    text = "%.5f" % v
    return "s", text, NumStr(float(text))


def test_operators_match_perl():
    r = random.Random(20261121)
    cases = []
    for _ in range(10000):
        op = r.choice(list(OPS))
        a, b = _operand(r), _operand(r)
        if op == "pow" and r.random() < 0.6:  # integer powers of ROUGE-W's kind: k ** w, exact or not
            k = r.choice([0, 1, 2, 3, 4, 8, 13, 300, 10000, 255, 2**20 + 1])
            p = r.choice([0, 1, 2, 3, 5, 15, 16, 17, 20, 64, 300, 1000])
            a, b = ("i", str(k), k), (("i", str(p), p) if r.random() < 0.6 else ("n", repr(float(p)), float(p)))
        cases.append((op, a, b))
    lines = "".join(f"{op} {a[0]} {a[1]} {b[0]} {b[1]}\n" for op, a, b in cases)
    out = subprocess.run(["perl", "-e", ARITH], input=lines, capture_output=True, text=True, check=True).stdout.split()
    bad = []
    for (op, a, b), want in zip(cases, out):
        try:
            got = _show(OPS[op](a[2], b[2]))
        except ZeroDivisionError:
            got = "die"
        if got != want:
            bad.append(f"{a[0]}:{a[1]} {op} {b[0]}:{b[1]}: perl {want}, ours {got}")
    assert len(out) == len(cases) and not bad, "\n".join(bad[:10])


NUMIFY = r'''
no warnings; use B;
while (my $s = <STDIN>) { chomp $s; my $x = $s; my $t = ($x > 0); my $f = B::svref_2object(\$x)->FLAGS;
  print(($f & B::SVf_IOK) ? "i:" . (($f & B::SVf_IVisUV) ? sprintf("%u", $x) : sprintf("%d", $x))
        : (($f & B::SVf_IVisUV) ? "u:" : "n:") . ($x != $x ? "nan" : $x == 9**9**9 ? "inf" : sprintf("%.17g", $x + 0)),
        "\n"); }
'''


def test_weight_strings_numified_as_perl():
    """What ``$opt_w > 0`` leaves in the -w value: an integer (then ** is exact) or a double."""
    texts = ["5", " 5", "5 ", "+5", "05", "5abc", "1e2", "1E2", "1.5e3", "1.5", "5.0", "5.", ".5", "1e17", "1e19",
             "1e20", "18446744073709551615", "18446744073709551616", "1e-5", "0.00001", "inf", "Infinity", "nan",
             "1e400", "5e-324", "300", "1000", "1.2", "0x10", "1_000", "7e0", "-3", "-9223372036854775809", "1.e2",
             "9007199254740993", "9007199254740993.0", "9.007199254740993e15", "1.5e", "1e2x"]
    out = subprocess.run(["perl", "-e", NUMIFY], input="\n".join(texts) + "\n", capture_output=True, text=True,
                         check=True).stdout.splitlines()
    got = [_show(numify(t, perl_num(t))) for t in texts]
    assert got == out


SORT = r'''
no warnings;
sub by_value { $a <=> $b; }
while (my $line = <STDIN>) { chomp $line; my @s = sort by_value map { $_ + 0 } split / /, $line;
  print join(" ", map { $_ != $_ ? "NaN" : sprintf("%.17g", $_) } @s), "\n"; }
'''


def test_sort_with_nan_matches_perl():
    """``sort by_value``: with NaNs the comparison is undef, read as equal; the order is the merge
    sort's (runs, pairs, galloping merges), reproduced by ``perl_sort``."""
    r = random.Random(7)
    arrays = []
    for _ in range(600):
        n = r.choice([2, 3, 5, 8, 16, 17, 33, 100, 257, 1000, r.randint(2, 300)])
        nan_share = r.choice([0, 0.01, 0.1, 0.4, 1.0])
        style = r.random()
        values = []
        for i in range(n):
            if r.random() < nan_share:
                values.append(math.nan)
            elif style < 0.3:
                values.append(round(r.uniform(0, 1), 6) + i * 1e-9)
            elif style < 0.6:  # mostly ascending: long runs
                values.append(i + 0.5 if r.random() < 0.8 else n - i + 0.25)
            elif style < 0.8:
                values.append(n - i + 0.5)
            else:
                values.append(r.randint(0, 5) + 0.5)
        arrays.append(values)
    lines = "".join(" ".join("nan" if v != v else repr(v) for v in a) + "\n" for a in arrays)
    out = subprocess.run(["perl", "-e", SORT], input=lines, capture_output=True, text=True, check=True).stdout
    for values, line in zip(arrays, out.splitlines()):
        want = [w if w == "NaN" else float(w) for w in line.split(" ")]
        assert ["NaN" if v != v else v for v in perl_sort(values)] == want
