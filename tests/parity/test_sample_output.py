"""rouge155 against sample-output/, which the reference printed for sample-test/."""
import pytest

from devkit.difftools import REPO, read_cases, run_ours

CASES = REPO / "sample-output" / "cases.txt"


@pytest.mark.parametrize("args,expected", [pytest.param(a, e, id=e) for a, e in read_cases(CASES)])
def test_own_sample(args, expected):
    got = run_ours(args, str(REPO / "sample-test"))
    assert got.status == 0, got.stderr
    assert got.stdout == (REPO / "sample-output" / expected).read_bytes()


def test_sample_output_covers_release_variants():
    text = CASES.read_text()
    for variant in ("-a rouge155-see.xml", "-a -m rouge155", "-a -m -s rouge155", "-l 10", "-b 75", "-z SPL", "-z SEE"):
        assert variant in text
