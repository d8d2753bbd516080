"""Differential testing: generated evaluation sets x random flags, stdout byte-identical to the reference.

Cases where the reference itself varies between two runs (Perl's hash order) are excluded and counted.
Odd chunks run rouge155 with two worker processes (--jobs 2) and every set through the batched
engine, cut into chunks of two pairs so that the worker takes its share; chunks 3 and 7 start it with
the spawn start method forced (macOS's and Windows' default). Even chunks score small sets (up to
plan.SMALL_RUN_PAIRS pairs) in plain Python, as the CLI does.
"""
import os

import pytest

from devkit.difftools import check_cases, compare, differential_cases

CHUNKS = 10
PER_CHUNK = int(os.environ.get("ROUGE155_DIFF_PER_CHUNK", "32"))  # 320 cases per run by default
SEED = int(os.environ.get("ROUGE155_DIFF_SEED", "20261121"))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_differential(reference, tmp_path, chunk, monkeypatch):
    if chunk % 2:  # odd chunks: every set through the batched engine (even ones: small sets in plain Python)
        monkeypatch.setattr("rouge155.engine.plan.SMALL_RUN_PAIRS", 0)
        monkeypatch.setattr("rouge155.engine.batched.chunks.CHUNK_PAIRS", 2)
        monkeypatch.setattr("rouge155.engine.batched.chunks.SMALL_CHUNK_PAIRS", 2)
    if chunk in (3, 7):
        monkeypatch.setenv("ROUGE155_START_METHOD", "spawn")
    cases = differential_cases(SEED + chunk, PER_CHUNK, str(tmp_path))
    line = check_cases((compare(reference, args, cwd, jobs=2 if chunk % 2 else 1) for cwd, args in cases), len(cases))
    print(f"chunk {chunk}: {line}")
