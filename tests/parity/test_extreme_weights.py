"""ROUGE-W at extreme weights (-w 3 to 1000, down to 1e-5, Inf), byte for byte against the reference.

Perl's numbers there are exact 64-bit integers, Inf and NaN (``base.perlmath``): generated sets (a
share with 50-300-token units) x extreme flags (``devkit.evalgen.extreme_flags``: -t 0/1/2, -f A/B,
-p at its ends, -d). Odd chunks force the batched engine (which hands such runs to the step-by-step
one where doubles cannot hold the script's numbers). 64 cases, under a minute.
"""
import os

import pytest

from devkit.difftools import check_cases, compare, extreme_cases, run_ours, run_perl

CHUNKS = 4
PER_CHUNK = int(os.environ.get("ROUGE155_EXTREME_PER_CHUNK", "16"))
SEED = int(os.environ.get("ROUGE155_EXTREME_SEED", "20261204"))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_extreme_weights(reference, tmp_path, chunk, monkeypatch):
    if chunk % 2:
        monkeypatch.setattr("rouge155.engine.plan.SMALL_RUN_PAIRS", 0)
        monkeypatch.setattr("rouge155.engine.batched.chunks.CHUNK_PAIRS", 2)
        monkeypatch.setattr("rouge155.engine.batched.chunks.SMALL_CHUNK_PAIRS", 2)
    cases = extreme_cases(SEED + chunk, PER_CHUNK, str(tmp_path))
    line = check_cases((compare(reference, args, cwd) for cwd, args in cases), len(cases))
    print(f"chunk {chunk}: {line}")


# The cases on the release sample: 13-token units and up, where -w 17 on makes Inf counts
# (R 0.00000), -w 1e-5 Inf and NaN scores (and NaN in the sorted resamples), -t 2 prints doubles past
# the integers as %.15g and exact integers up to 2**64 as digits.
SAMPLE_ARGS = [
    "-w 5 -t 2 -a ROUGE-test.xml", "-w 4 -t 2 -d -x -a ROUGE-test.xml", "-w 20 -x -a ROUGE-test.xml",
    "-w 50 -f B -x -d -a ROUGE-test.xml", "-w 300 -t 1 -x -a ROUGE-test.xml", "-w 1e-5 -x -d -a ROUGE-test.xml",
    "-w 1e-5 -t 1 -f B -x -a ROUGE-test.xml", "-w 17 -t 2 -f B -d -x -a ROUGE-test.xml", "-w inf -x -a ROUGE-test.xml",
]


@pytest.mark.parametrize("args", SAMPLE_ARGS)
def test_release_sample_at_extreme_weights(reference, release_samples, args):
    cwd = str(release_samples / "sample-test")
    want = run_perl(reference, args.split(), cwd)
    got = run_ours(args.split(), cwd)
    assert (got.stdout, got.status) == (want.stdout, want.status), got.stderr


@pytest.mark.parametrize("formula", ["A", "B"])
def test_verbose_totals_read_as_integers(reference, tmp_path, formula):
    """-v prints ROUGE-W's totals after the script's "!= 0" tests have read them as integers: an
    8-token peer under -w 17 has the count 8**17 = 2**51, a double, printed as digits (the -v lines
    that dump hashes follow Perl's random order; only the totals are compared)."""
    (tmp_path / "peer.txt").write_text("a b c d e f g h\n")
    (tmp_path / "model.txt").write_text("a b c d e f g h i j k l m\n")
    (tmp_path / "one.lst").write_text("peer.txt model.txt model.txt\n")
    args = ["-v", "-w", "17", "-f", formula, "-x", "-t", "2", "-d", "-z", "SPL", "one.lst"]
    want = run_perl(reference, args, str(tmp_path))
    got = run_ours(args, str(tmp_path))

    def totals(out):
        return [line for line in out.stdout.decode().splitlines() if line.startswith(("total ROUGE-W", "X ROUGE-W"))]

    assert totals(got) == totals(want) and totals(want)
