"""The original ROUGE-1.5.5 release's sample runs (../shared/rouge-1.5.5-sample), byte for byte."""
import shlex

import pytest

from difftools import SAMPLES, run_ours


def _cases():
    path = SAMPLES / "cases.txt"
    if not path.is_file():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            args, expected = line.split("|")
            out.append(pytest.param(shlex.split(args), expected, id=expected))
    return out


@pytest.mark.parametrize("args,expected", _cases() or [pytest.param(None, None, id="absent")])
def test_release_sample(release_samples, args, expected):
    got = run_ours(args, str(release_samples / "sample-test"))
    assert got.status == 0, got.stderr
    assert got.stdout == (release_samples / "sample-output" / expected).read_bytes()
