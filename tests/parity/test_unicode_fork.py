"""--unicode against the Unicode fork ROUGE-1.5.5-unicode (commit 915576a): byte-identical stdout.

Generated sets in many scripts (tests/unigen.py) x random flags; cases where the fork varies between
two runs are excluded and counted. The fork is found via $ROUGE155_UNICODE_FORK or
~/.cache/rouge155/unicode-fork/ROUGE-1.5.5.pl and runs with the reference's data and Perl modules.
"""
import os
import random
import shlex
import shutil
import subprocess

import pytest

from devkit.difftools import read_cases
from devkit.langtools import fork_path, run_fork, run_ours_with
from devkit.unigen import unicode_cases

CHUNKS = 6
PER_CHUNK = int(os.environ.get("ROUGE155_UNICODE_PER_CHUNK", "52"))  # 312 cases per run
SEED = int(os.environ.get("ROUGE155_UNICODE_SEED", "20261123"))


@pytest.fixture(scope="module")
def fork(reference):  # noqa: ARG001 - skips without the reference
    p = fork_path()
    if p is None:
        pytest.skip("Unicode fork not found: set ROUGE155_UNICODE_FORK or put commit 915576a's ROUGE-1.5.5.pl "
                    "at ~/.cache/rouge155/unicode-fork/ (see docs/languages.md, 'How it is checked')")
    return p


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_unicode_differential(fork, reference, tmp_path, chunk):
    from concurrent.futures import ThreadPoolExecutor

    data = reference / "data"
    cases = unicode_cases(SEED + chunk, PER_CHUNK, str(tmp_path))
    bad, excluded = [], 0
    with ThreadPoolExecutor(2) as pool:  # the fork is Perl and slow: two at a time
        forks = list(pool.map(lambda case: run_fork(fork, data, case[1], case[0]), cases))
    for (cwd, args), theirs in zip(cases, forks):
        ours = run_ours_with(args, cwd, data, jobs=2 if chunk == 1 else 1, unicode=True)
        if theirs.stdout == ours.stdout and theirs.ok == ours.ok:
            continue
        again = run_fork(fork, data, args, cwd)
        if again.stdout != theirs.stdout or again.ok != theirs.ok:
            excluded += 1
            continue
        bad.append(f"cd {cwd} && rouge155 --unicode {shlex.join(args)}\nstatus fork={theirs.status} "
                   f"ours={ours.status}\nours stderr: {ours.stderr[-300:]!r}")
    print(f"chunk {chunk}: {len(cases) - len(bad) - excluded} identical, {excluded} excluded, {len(bad)} different")
    assert not bad, "\n\n".join(bad[:3])
    assert excluded <= len(cases) // 10


def test_release_sample_with_unicode(fork, reference, release_samples):
    """The release's 17 sample runs: --unicode prints the fork's bytes (it differs from the original on
    ASCII too: it keeps '_' and drops '-')."""
    cwd = str(release_samples / "sample-test")
    cases = read_cases(release_samples / "cases.txt")
    assert len(cases) == 17
    for args, _expected in cases:
        theirs = run_fork(fork, reference / "data", args, cwd)
        ours = run_ours_with(args, cwd, reference / "data", unicode=True)
        assert ours.stdout == theirs.stdout, shlex.join(args)
        assert ours.ok == theirs.ok


_PERLIO_READ = (
    "use open ':encoding(UTF-8)'; binmode(STDOUT, ':encoding(UTF-8)'); "
    "open(T, $ARGV[0]) or die; while (defined($l = <T>)) { print $l }"
)


@pytest.mark.skipif(shutil.which("perl") is None, reason="perl not installed")
def test_decoder_matches_perlio(tmp_path):
    """perl_decode against Perl's own :encoding(UTF-8) reading, on files with undecodable bytes placed
    anywhere (PerlIO::encoding's 1024-byte chunks decide some escapes, so files are large too)."""
    from rouge155.base.perlunicode import perl_decode

    r = random.Random(11)
    pieces = [s.encode() for s in ("é", "中文", "😀", "abc ", "\n", "Москва ", " ", "あ", "\U00100000", "—")]
    bad = [b"\xe9", b"\xff", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xed\xa0\x80", b"\xef\xbf\xbe", b"\x80",
           b"\xc0", b"\xf8\x88", b"\xfe\x80", b"\xf4\x90", b"\xc0\xaf", b"\xed", b"\xf1\xa0"]
    path = tmp_path / "t.bin"
    for k in range(40):
        size = r.choice([10, 100, 3000, 9000, 20000])
        buf = bytearray()
        while len(buf) < size:
            buf += r.choice(bad) if r.random() < 0.05 else r.choice(pieces)
        if k % 4 == 0:
            buf += r.choice(bad)
        path.write_bytes(bytes(buf))
        theirs = subprocess.run(["perl", "-e", _PERLIO_READ, str(path)], capture_output=True).stdout
        assert perl_decode(bytes(buf)) == theirs.decode("utf-8"), f"case {k}"
