"""ROUGE-BE's createBE: the one-pass path for files without stemming gives what the line-by-line
path gives (keys, counts, their order, and the error on the first invalid line)."""
import random
from functools import partial

import pytest

from rouge155.base.errors import RougeError
from rouge155.metrics import be
from rouge155.base.options import BE_MODES

WORDS = [b"nil", b"NIL", b"Nil", b"a", b"B", b"", b"x y", b"-LRB-", b"q\r"]


def _line(r):
    line = b"|".join(r.choice(WORDS) for _ in range(r.choice([3, 3, 3, 3, 2, 4])))
    return line + b"|" if r.random() < 0.05 else line


def _line_by_line(lines, mode):
    def rows():
        for line in lines:
            low = line.translate(be._ASCII_LOWER)
            fields = be.split_bar(low, b"|")
            if len(fields) != 3:
                raise be.invalid_line(low.decode("latin-1"))
            yield fields

    return be.count_bes(rows(), mode, False, None, b"nil", b"|")


def _outcome(make):
    try:
        got = make()
    except RougeError as exc:
        return ("error", str(exc))
    return (got.count, list(got.grams.items()))


@pytest.mark.parametrize("mode", BE_MODES + ("X",))
def test_one_pass_equals_line_by_line(mode):
    r = random.Random(mode)
    for _ in range(3000):
        lines = [_line(r) for _ in range(r.randint(0, 6))]
        assert _outcome(partial(be.create, lines, mode, False, None)) == _outcome(partial(_line_by_line, lines, mode))
