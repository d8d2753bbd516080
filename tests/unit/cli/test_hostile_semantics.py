"""docs/hostile-input.md, "--semantics and the audit": each request one clear line before anything is
allocated, or the implementation's own behaviour (the audit lists an implementation that refuses the input)."""
from __future__ import annotations

import json

import pytest

from support.cli import run_console_script
from support.hostile import one_line_refusal, parallel_files


@pytest.fixture
def two_pairs(tmp_path):
    return parallel_files(tmp_path, ["a b c", "d e"], ["a b d", "d f"])


@pytest.mark.parametrize(("flags", "words"), [
    (["--semantics", "py-rouge", "-n", "99999999999999999999"], ["-n 99999999999999999999", "orders of ROUGE-N"]),
    (["--semantics", "rouge-score", "-r", "0"], ["-r 0", "at least one resample"]),
    (["--semantics", "rouge-score", "-r", "abc"], ["-r abc", "at least one resample"]),
    (["--semantics", "py-rouge", "-w", "50"], ["weight_factor 50.0", "OverflowError"]),
    (["--semantics", "py-rouge", "-w", "300"], ["weight_factor 300.0", "OverflowError"]),
    (["--semantics", "py-rouge", "-w", "1e308"], ["weight_factor 1e+308", "OverflowError"]),
    (["--semantics", "py-rouge", "-w", "inf"], ["weight_factor inf", "finite"]),
    (["--semantics", "py-rouge", "-p", "nan"], ["-p nan: not a number"]),
    (["--semantics", "py-rouge", "-n", "nan"], ["-n nan: give a whole number"]),
    (["--semantics", "rouge-score", "-r", "1e15"], ["-r 1e15", "resamples would need about"]),
    (["--semantics", "rouge-score", "-c", "nan"], ["-c nan", "between 0 and 100"]),
    (["--semantics", "py-rouge", "-b", "nan"], ["-b nan", "whole number of bytes"]),
    (["--semantics", "py-rouge", "-l", "inf"], ["-l inf", "whole number of words"]),
])
def test_semantics_requests_one_line(two_pairs, flags, words):
    one_line_refusal("rouge155", [*flags, "--format", "json", *two_pairs], 255, *words)


@pytest.mark.parametrize(("order", "words"), [("99999999999999999999", "orders of ROUGE-N would need"),
                                              ("nan", "give a whole number"), ("inf", "give a whole number")])
def test_audit_order_refused(two_pairs, order, words):
    one_line_refusal("rouge155-audit", ["-n", order, *two_pairs], 1, f"-n {order}", words)


@pytest.mark.parametrize("prediction", ["", ".", "a b"])
def test_audit_lists_an_implementation_that_refuses(tmp_path, prediction):
    args = parallel_files(tmp_path, [prediction, "x y"], ["a b d", "x"])
    done = run_console_script("rouge155-audit", [*args, "--format", "json"], text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    report = json.loads(done.stdout)
    text = json.dumps(report)
    if prediction in ("", "."):  # the rouge package raises "Hypothesis is empty." for them
        assert "refuses this input: Hypothesis is empty." in text
    else:
        assert "refuses this input" not in text


def test_audit_empty_reference(tmp_path):
    args = parallel_files(tmp_path, ["a b", "x y"], [".", "x"])
    done = run_console_script("rouge155-audit", args, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "refuses this input: Reference is empty." in done.stdout
