"""The original ROUGE-1.5.5 release's sample runs (../shared/rouge-1.5.5-sample), byte for byte."""
import pytest

from devkit.difftools import SAMPLES, read_cases, run_ours

CASES = [pytest.param(a, e, id=e) for a, e in read_cases(SAMPLES / "cases.txt")]


@pytest.mark.parametrize("args,expected", CASES or [pytest.param(None, None, id="absent")])
def test_release_sample(release_samples, args, expected):
    got = run_ours(args, str(release_samples / "sample-test"))
    assert got.status == 0, got.stderr
    assert got.stdout == (release_samples / "sample-output" / expected).read_bytes()
