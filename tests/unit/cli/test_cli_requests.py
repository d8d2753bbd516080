"""docs/hostile-input.md for rouge155 itself and the small scripts: -r and -n beyond memory refused before
anything is scored (one unprefixed line, status 255, as the Perl's die, naming the flag and the size), an
input that never ends refused instead of filling the memory, click's errors in one line (status 2), and
rouge155-rouge2's outputFile never overwriting an input."""
import subprocess
import sys

import pytest

from rouge155.base import budget
from rouge155.inputs import sources

from devkit.difftools import REPO
from support.cli import run_in_process

DATA = str(REPO / "data")


@pytest.fixture
def pair(tmp_path):
    (tmp_path / "p.txt").write_text("the cat sat on the mat\n")
    (tmp_path / "m.txt").write_text("a cat sat on a mat\n")
    (tmp_path / "list.spl").write_text("p.txt m.txt\n")
    return tmp_path


def _run(cwd, *args, **extras):
    status, out, err = run_in_process(["-e", DATA, *args], cwd, **extras)
    return status, out, err.decode()


@pytest.mark.parametrize("flags, message", [
    (["-r", "1000000000"], "-r 1000000000: a bootstrap of 1,000,000,000 resamples would need about 300 GB of memory"),
    (["-r", "1e20"], "-r 1e20: a bootstrap of 100,000,000,000,000,000,000 resamples would need about"),
    (["-r", "inf"], "-r must be a finite number of resamples"),
    (["-n", "99999999999"], "-n 99999999999: ROUGE-N of 99,999,999,999 orders would need about"),
    (["-n", "inf"], "-n inf: ROUGE-N of every order without end"),
])
def test_beyond_memory_refused_before_scoring(pair, flags, message):
    status, out, err = _run(pair, *flags, "-z", "SPL", "list.spl")
    assert status == 255 and out == b"" and err.count("\n") == 1 and err.startswith(message), err


def test_formats_that_hold_every_block_count_them(pair, monkeypatch):
    monkeypatch.setattr(budget, "available_memory", lambda: 100 << 20)
    status, out, err = _run(pair, "-n", "10000", "-z", "SPL", "list.spl", output_format="json")
    assert status == 255 and out == b"" and "-n 10000: ROUGE-N of 10,000 orders would need about 123 MB" in err


def test_input_that_never_ends(pair, monkeypatch):
    """/dev/zero as a summary: one line once the memory left is read, not a process filling it."""
    monkeypatch.setattr(sources, "_CHECK_FROM", 1 << 20)
    monkeypatch.setattr(budget, "available_memory", lambda: 12 << 20)
    (pair / "zero.spl").write_text("/dev/zero m.txt\n")
    for args, extras in ((["-z", "SPL", "zero.spl"], {}),
                         ([], {"summaries": "/dev/zero", "references": ("m.txt",)})):
        status, _out, err = _run(pair, *args, **extras)
        assert status == 255 and err.startswith("Cannot read /dev/zero: more than ") and "endless stream" in err, err


def _script(*args):
    return subprocess.run([sys.executable, "-c", ("import sys; from rouge155.cli.launch import main; "
                           "sys.argv[0] = 'rouge155'; main()"), *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args, message", [
    (["--jobs", "0"], "rouge155: Invalid value for '--jobs': 0 is not in the range x>=1. (see rouge155 --help)"),
    (["--format", "xml"], "rouge155: Invalid value for '--format': 'xml' is not one of"),
    (["--seed", "-1"], "rouge155: Invalid value for '--seed': -1 is not in the range x>=0."),
])
def test_long_option_values_one_line(pair, args, message):
    p = _script(*args, "-z", "SPL", str(pair / "list.spl"))
    assert p.returncode == 2 and p.stdout == "" and p.stderr.count("\n") == 1 and p.stderr.startswith(message)


def test_home_usage_one_line(tmp_path):
    p = subprocess.run([sys.executable, "-m", "rouge155.cli.home"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and p.stderr == "rouge155-home: Missing argument 'DIRECTORY'. (see rouge155-home --help)\n"
    # an empty name (an unset variable) is not the current directory
    p = subprocess.run([sys.executable, "-m", "rouge155.cli.home", ""], capture_output=True, text=True, timeout=120,
                       cwd=tmp_path)
    assert p.returncode == 2 and "'DIRECTORY': is empty" in p.stderr and list(tmp_path.iterdir()) == []


def test_rouge2_output_file_never_an_input(tmp_path, monkeypatch):
    from rouge155.cli import rouge2

    project = tmp_path / "p"
    (project / "reference").mkdir(parents=True)
    (project / "system").mkdir()
    (project / "reference" / "news1_ref1.txt").write_text("The cat sat on the warm mat.\n")
    summary = project / "system" / "news1_sysA.txt"
    summary.write_text("The cat sat on a mat.\n")
    props = tmp_path / "rouge.properties"
    monkeypatch.chdir(tmp_path)
    for target in ("p/system/news1_sysA.txt", "rouge.properties", "missing/out.csv"):
        props.write_text(f"project.dir=p\nngram=1\noutput=file\noutputFile={target}\n")
        assert rouge2.main([str(props)]) == 1
    assert summary.read_text() == "The cat sat on a mat.\n" and "outputFile" in props.read_text()
