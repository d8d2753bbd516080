"""--write-token-ids DIR: every path that cannot take the files is one line and a non-zero status,
before the run; nothing the user gave is modified."""
import os

import pytest

from rouge155.output import token_ids

from devkit.difftools import REPO
from support.cli import run_in_process

ARGS = ["-e", str(REPO / "data"), "-n", "2", "-a", "rouge155-spl.xml"]


def run_writing_token_ids(target):
    """(status, stdout, stderr lines but the Perl's warnings) of the sample run with --write-token-ids TARGET."""
    status, out, err = run_in_process(ARGS, REPO / "sample-test", write_token_ids=target)
    return status, out, [ln for ln in err.decode().splitlines() if not ln.startswith("*ROUGE Warning")]


def _snapshot(root):
    return sorted((p, os.path.islink(os.path.join(p, n)), n) for p, _, names in os.walk(root) for n in names)


def test_writes_into_a_new_or_empty_directory(tmp_path):
    status, out, lines = run_writing_token_ids(str(tmp_path / "new" / "deeper"))
    assert status == 0 and b"ROUGE-2" in out and lines == []
    assert sorted(os.listdir(tmp_path / "new" / "deeper")) == ["README.txt", "args.txt", "config.xml", "summaries",
                                                               "vocab.tsv"]
    (tmp_path / "empty").mkdir()
    assert run_writing_token_ids(str(tmp_path / "empty"))[0] == 0


@pytest.mark.parametrize("case", ["empty name", "dangling link", "dangling link parent", "file", "file parent",
                                  "not empty"])
def test_unusable_directory_is_one_line(tmp_path, case):
    (tmp_path / "afile").write_text("keep me\n")
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("keep\n")
    target, says = {
        "empty name": ("", "needs a directory name"),
        "dangling link": (str(tmp_path / "dangling"), "dangling"),
        "dangling link parent": (str(tmp_path / "dangling" / "sub"), "dangling"),
        "file": (str(tmp_path / "afile"), "is a file, not a directory"),
        "file parent": (str(tmp_path / "afile" / "sub"), "is a file, not a directory"),
        "not empty": (str(tmp_path / "full"), "exists and is not an empty directory"),
    }[case]
    before = _snapshot(tmp_path)
    status, out, lines = run_writing_token_ids(target)
    assert status != 0 and out == b""
    assert len(lines) == 1 and lines[0].startswith("--write-token-ids") and says in lines[0], lines
    assert _snapshot(tmp_path) == before and (tmp_path / "afile").read_text() == "keep me\n"
    assert not os.path.exists(tmp_path / "nowhere")


def test_read_only_directory_is_one_line(tmp_path, monkeypatch):
    (tmp_path / "ro").mkdir()
    real_access = os.access
    monkeypatch.setattr(token_ids.os, "access", lambda p, mode: False if str(p).startswith(str(tmp_path / "ro"))
                        else real_access(p, mode))
    status, out, lines = run_writing_token_ids(str(tmp_path / "ro" / "sub"))
    assert status != 0 and out == b"" and lines == [(f"--write-token-ids: cannot write in {tmp_path / 'ro'}: "
                                                     "permission denied")]
    assert os.listdir(tmp_path / "ro") == []


def test_failure_while_writing_removes_what_was_written(tmp_path, monkeypatch):
    """A disk that fills up (or a permission the check could not see, as root's) half-way: one line, and the
    directory the user gave is left empty."""
    (tmp_path / "out").mkdir()
    real_open = open
    calls = []

    def failing_open(path, mode="r", *args, **kwargs):
        if "x" in mode:
            calls.append(path)
            if len(calls) == 3:
                raise OSError(28, "No space left on device", path)
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr(token_ids, "open", failing_open, raising=False)
    status, out, lines = run_writing_token_ids(str(tmp_path / "out"))
    assert status != 0 and out == b""
    assert lines == [f"--write-token-ids: cannot write {calls[2]}: No space left on device"]
    assert os.listdir(tmp_path / "out") == []


def test_unwritable_directory_as_a_user(tmp_path):
    """As a user without root's override: a directory without write permission."""
    if os.geteuid() == 0:
        pytest.skip("root writes in read-only directories (covered above with os.access patched)")
    (tmp_path / "ro").mkdir(mode=0o555)
    status, _, lines = run_writing_token_ids(str(tmp_path / "ro"))
    assert status != 0 and len(lines) == 1 and "permission denied" in lines[0]
