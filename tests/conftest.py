"""Shared fixtures. ``devkit`` (repository root: the reference runner and generators, shared with
scripts/) and ``support`` (tests/support: test-only helpers) are importable from every test."""
import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
sys.path[:0] = [str(TESTS.parent), str(TESTS)]

from devkit.difftools import SAMPLES, reference_dir  # noqa: E402


@pytest.fixture(scope="session")
def reference():
    ref = reference_dir()
    if ref is None:
        if os.environ.get("CI"):
            pytest.fail("reference ROUGE-1.5.5.pl missing: the test command must run scripts/setup-reference.sh")
        pytest.skip("reference ROUGE-1.5.5.pl not installed (run scripts/setup-reference.sh)")
    return ref


@pytest.fixture(scope="session")
def release_samples():
    if not (SAMPLES / "cases.txt").is_file():
        pytest.skip(f"release samples not found at {SAMPLES} (third-party data, kept outside the repository)")
    return SAMPLES
