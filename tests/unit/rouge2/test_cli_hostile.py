"""``rouge155-rouge2`` on hostile settings, file names, streams and sizes: the right result, or one line on
stderr and a non-zero status, never a traceback, and never a half-written results file."""
import os
import subprocess

import pytest

from rouge155.cli import rouge2 as cli
from support.cli import console_script, run_console_script

EXE = console_script("rouge155-rouge2")


@pytest.fixture
def project(tmp_path):
    for rel, text in {"system/t1_a.txt": b"the cat sat\n", "reference/t1_r.txt": b"a cat sat\n"}.items():
        (tmp_path / "p" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "p" / rel).write_bytes(text)
    return tmp_path


def run_with_properties(cwd, props, *redirect):
    """``rouge155-rouge2`` in ``cwd`` on rouge.properties ``props`` (bytes), its streams redirected by the
    shell words ``redirect[0]`` if given."""
    (cwd / "rouge.properties").write_bytes(props)
    if redirect:
        return subprocess.run(["bash", "-c", f"'{EXE}' {redirect[0]}"], cwd=cwd, capture_output=True)
    return run_console_script("rouge155-rouge2", (), cwd)


def _one_line(p, *words):
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode == 1 and err.count("\n") == 1 and err.startswith("rouge155-rouge2: "), err
    assert "Traceback" not in err and "internal error" not in err
    for w in words:
        assert w in err, err


@pytest.mark.parametrize("props,setting", [
    (b"output=file\noutputFile=out\\u0000x.csv\n", "outputFile='out\\x00x.csv'"),
    (b"stopwords.use=true\nstopwords.file=stop\\u0000.txt\n", "stopwords.file='stop\\x00.txt'"),
    (b"project.dir=p\\u0000\n", "project.dir='p\\x00'"),
    (b"output=file\noutputFile=out\\uD800.csv\n", "unpaired surrogate, U+D800"),
    (b"stopwords.use=true\nstopwords.file=stop\\uDC80.txt\n", "unpaired surrogate, U+DC80"),
    (b"output=file\noutputFile=out\\uDE00\\uD83D.csv\n", "unpaired surrogate, U+DE00"),
])
def test_path_settings_that_name_no_file(project, props, setting):
    """The jar stops with a stack trace on a NUL (InvalidPathException) and writes a lone surrogate as '?'."""
    p = run_with_properties(project, b"project.dir=p\n" + props)
    _one_line(p, "is not a file name", setting)
    assert sorted(f.name for f in project.iterdir()) == ["p", "rouge.properties"]  # no results file


def test_unused_path_settings_are_not_read(project):
    p = run_with_properties(project, b"project.dir=p\noutputFile=out\\u0000.csv\nstopwords.file=\\uD800\n")
    assert p.returncode == 0 and b"ROUGE-1\tT1\tA.TXT" in p.stdout


def test_escaped_surrogate_pair_is_one_character(project):
    """A Java String is UTF-16: \\uD83D\\uDE00 in the properties is U+1F600, a valid file name."""
    p = run_with_properties(project, b"project.dir=p\noutput=file\noutputFile=out\\uD83D\\uDE00.csv\n")
    assert p.returncode == 0, p.stderr
    assert (project / "out\U0001F600.csv").read_text().startswith("ROUGE-Type,")


NOT_UTF8 = {b"t1_b\xff.txt": b"a cat\n", b"t1_c\xe2\x82.txt": b"a cat\n", b"t1_d\xc3\xa9.txt": b"a sat\n"}


def _not_utf8_project(root):
    for name, text in NOT_UTF8.items():
        with open(os.path.join(os.fsencode(root / "p" / "system"), name), "wb") as fh:
            fh.write(text)


def test_system_file_names_that_are_not_utf8(project):
    """The jar reads such a file and names it with U+FFFD for each malformed sequence (checked with the jar)."""
    _not_utf8_project(project)
    p = run_with_properties(project, b"project.dir=p\noutput=file\noutputFile=out.csv\n")
    assert p.returncode == 0, p.stderr
    rows = (project / "out.csv").read_text(encoding="utf-8").splitlines()
    assert sorted(rows[1:-1]) == ["ROUGE-1,T1,A.TXT,0.66667,0.66667,0.66667,1",
                                  "ROUGE-1,T1,B\ufffd.TXT,0.66667,1.00000,0.80000,1",
                                  "ROUGE-1,T1,C\ufffd.TXT,0.66667,1.00000,0.80000,1",
                                  "ROUGE-1,T1,D\u00c9.TXT,0.66667,1.00000,0.80000,1"]
    assert "B\ufffd.TXT\tAverage_R:0.66667" in p.stdout.decode("utf-8")


def test_system_file_names_that_are_not_utf8_as_the_jar(project):
    from devkit.rouge2jar import find_jar, run_jar, run_ours
    jar, why = find_jar()
    if jar is None:
        pytest.skip(why)
    _not_utf8_project(project)
    props = f"project.dir={project / 'p'}\noutput=file\noutputFile=nonutf8-{os.getpid()}.csv\nngram=1,L\n"
    out = f"nonutf8-{os.getpid()}.csv"
    theirs, ours = run_jar(jar, props, out), run_ours(project, props, out)
    assert ours[0] == 0 and ours[1] == theirs[1] and b"\xef\xbf\xbd" in ours[1]


def test_results_file_written_whole_or_not_at_all(project, monkeypatch, capsys):
    """A results text that cannot be encoded (no input makes one now) leaves no file, and reaches the final
    guard as one line; a write that fails half-way leaves none either."""
    monkeypatch.chdir(project)
    (project / "rouge.properties").write_text("project.dir=p\noutput=file\noutputFile=out.csv\n")
    monkeypatch.setattr(cli, "csv_text", lambda _groups: "ROUGE-Type\n\ud800\n")
    assert cli.main([]) == 70
    err = capsys.readouterr().err
    assert err.startswith("rouge155-rouge2: internal error: UnicodeEncodeError") and err.count("\n") == 1
    assert not (project / "out.csv").exists()



class _FillsUp:
    """A results file whose disk fills up half-way through the write."""

    def __init__(self, path, mode):
        self.fh = open(path, mode)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.fh.close()

    def write(self, data):
        self.fh.write(data[:len(data) // 2])
        self.fh.flush()
        raise OSError(28, "No space left on device")


def test_results_file_half_written_is_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "open", _FillsUp, raising=False)
    with pytest.raises(cli.RougeError, match="cannot write outputFile .*: No space left on device"):
        cli.write_results(str(tmp_path / "out.csv"), "ROUGE-Type,Task Name\n" * 100)
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_results_file_on_a_full_disk(project):
    p = run_with_properties(project, b"project.dir=p\noutput=file\noutputFile=/dev/full\n")
    _one_line(p, "cannot write outputFile /dev/full: No space left on device")


@pytest.mark.parametrize("redirect,words", [(">&-", "stdout is closed"), (">/dev/full", "No space left on device")])
def test_stdout_closed_or_full(project, redirect, words):
    if redirect == ">/dev/full" and not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    _one_line(run_with_properties(project, b"project.dir=p\n", redirect), words)


def test_stdout_into_head_is_quiet(project):
    p = run_with_properties(project, b"project.dir=p\n", "| head -c 1 >/dev/null; exit ${PIPESTATUS[0]}")
    assert p.stderr == b""


def test_megabyte_single_line_rouge_l_in_bounded_memory(tmp_path):
    """ngram=L on a 1 MB one-line summary against a 5,000-word one-line reference: the jar's table would be
    5,000 x 180,000 (about 7 GB as the table was held); here under a 1 GB address-space limit, in seconds."""
    import random
    import resource
    rng = random.Random(7)
    words = [f"w{i}" for i in range(5000)]
    weights = [1 / (i + 1) for i in range(len(words))]
    (tmp_path / "p" / "system").mkdir(parents=True)
    (tmp_path / "p" / "reference").mkdir()
    summary = " ".join(rng.choices(words, weights, k=180000))[:1_000_000]
    (tmp_path / "p" / "system" / "t1_a.txt").write_text(summary + "\n")
    (tmp_path / "p" / "reference" / "t1_r.txt").write_text(" ".join(rng.choices(words, weights, k=5000)) + "\n")
    (tmp_path / "rouge.properties").write_text("project.dir=p\nngram=L\n")

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
    p = subprocess.run([str(EXE)], cwd=tmp_path, capture_output=True, preexec_fn=limit, timeout=300)
    assert p.returncode == 0, p.stderr[-500:]
    assert b"ROUGE-L\tT1\tA.TXT\tAverage_R:" in p.stdout
