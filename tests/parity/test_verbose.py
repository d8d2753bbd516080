"""-v prints the script's debugging lines; hash dumps (random order in Perl) are compared as sets."""
import re

import pytest

from devkit.difftools import REPO, run_ours, run_perl

_INT = re.compile(rb"^-?[0-9]+$")


def _normalise(out: bytes) -> list:
    lines = out.split(b"\n")
    norm = []
    matches = []
    for line in lines:
        if line.startswith(b"* Match: "):
            matches.append(line)
            continue
        if matches:
            norm += sorted(matches)
            matches = []
        for sep in (b"|", b"#"):
            parts = line.split(sep)
            if (
                len(parts) >= 2 and len(parts) % 2 == 0 and not re.match(rb"^[0-9]+: ", line)
                and all(_INT.match(v) for v in parts[1::2]) and b"_cn_" in parts[0::2]
            ):
                line = sep.join(b"%s\x00%s" % kv for kv in sorted(zip(parts[0::2], parts[1::2])))
                break
        norm.append(line)
    return norm + sorted(matches)


CASES = [
    ["-v", "-n", "2", "-w", "1.2", "-2", "4", "-U", "rouge155-spl.xml", "S1"],
    ["-v", "-m", "-s", "-n", "1", "-x", "-2", "-1", "-u", "-l", "12", "-a", "rouge155-see.xml"],
    ["-v", "-f", "B", "-w", "1.5", "-b", "60", "-z", "ISI", "rouge155-isi.lst", "S1"],
    ["-v", "-t", "1", "-d", "-n", "3", "rouge155-isi.xml", "S3"],
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a) for a in CASES])
def test_verbose_structure(reference, args):
    cwd = str(REPO / "sample-test")
    perl = run_perl(reference, args, cwd)
    ours = run_ours(args, cwd)
    assert perl.status == ours.status == 0
    assert _normalise(perl.stdout) == _normalise(ours.stdout)


def test_verbose_be(reference, release_samples):
    args = ["-v", "-m", "-3", "HM", "-z", "SIMPLE", "DUC2002-BE-F.in.26.lst", "26"]
    cwd = str(release_samples / "sample-test")
    perl = run_perl(reference, args, cwd)
    ours = run_ours(args, cwd)
    assert _normalise(perl.stdout) == _normalise(ours.stdout)
