"""The command's process under signals and closed or broken streams, through real subprocesses.

A ``--jobs 2`` run on a generated set is killed mid-run (SIGKILL, SIGTERM, SIGINT; the main process
alone or the whole process group as Ctrl-C does): the Perl's exit (death by the signal, measured),
no worker left, no traceback. Then stdout into ``head -1`` (the Perl dies of SIGPIPE, silently),
stdout closed (the Perl: ``Unable to flush stdout: Bad file descriptor``, status 1) and stderr
closed (the Perl prints the whole report, status 0). Linux only (the checks read /proc).
"""
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from devkit.difftools import REPO

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
DATA = str(REPO / "data")
# a signal ends the run well before its end (the run takes several seconds alone, minutes under load);
# 2 s was met alone but not on a 2-core machine shared with ten other processes
PROMPT_SECONDS = 10.0
FLAGS = "-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a -m".split()
WORDS = [a + b for a in ("ba", "ko", "ri", "tel", "man", "sor", "vin", "dra", "pe", "lo", "qua", "nis")
         for b in ("", "s", "ed", "ing", "er", "al", "ly", "tion", "ment")]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """3,000 one-reference pairs of ~170 words: a run of several seconds (ROUGE-S with no gap limit is
    quadratic in summary length), and a small config for the stream cases."""
    root = tmp_path_factory.mktemp("procs")
    (root / "sys").mkdir()
    (root / "ref").mkdir()
    r = random.Random(9)
    xml = ['<ROUGE-EVAL version="1.0">']
    for i in range(3000):
        for d in ("sys", "ref"):
            sents = [" ".join(r.choice(WORDS) for _ in range(r.randint(10, 16))) + " ."
                     for _ in range(r.randint(12, 14))]
            (root / d / f"{i}.spl").write_text("\n".join(sents) + "\n")
        xml.append(f'<EVAL ID="{i}"><PEER-ROOT>sys</PEER-ROOT><MODEL-ROOT>ref</MODEL-ROOT>'
                   f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">{i}.spl</P></PEERS>'
                   f'<MODELS><M ID="A">{i}.spl</M></MODELS></EVAL>')
    xml.append("</ROUGE-EVAL>")
    (root / "config.xml").write_text("\n".join(xml) + "\n")
    (root / "small.xml").write_text("\n".join(xml[:500] + xml[-1:]) + "\n")  # for the stream cases
    return root


def _default_signals():
    """In the child, before exec: SIGINT and SIGHUP back to their defaults. A suite started with them
    ignored (a background job: ``trap "" INT``; ``nohup``) would pass SIG_IGN on, and Python keeps an
    ignored signal ignored (``restore_signals`` resets only what Python itself ignored: SIGPIPE, SIGXFSZ)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _command(*extra, config="config.xml"):
    return [sys.executable, "-m", "rouge155", "-e", DATA, "--quiet", *extra, *FLAGS, config]


def _state(pid):
    """A process's state letter, or None when it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[0]


def _children(pid):
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def _descendants(pid):
    out, todo = [], [pid]
    while todo:
        kids = _children(todo.pop())
        out += kids
        todo += kids
    return out


def _cmdline(pid):
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _workers(pid):
    """The run's workers: its descendants but multiprocessing's helpers (a spawn or forkserver
    start adds a resource tracker, and workers are then the forkserver's children)."""
    return [p for p in _descendants(pid) if b"resource_tracker" not in _cmdline(p)
            and not (b"forkserver" in _cmdline(p) and p in _children(pid))]


def _alive(pids):
    return [p for p in pids if _state(p) not in (None, "Z")]


def _start_and_wait_for_workers(corpus, session=True):
    p = subprocess.Popen(_command("--jobs", "2"), cwd=corpus, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=session, preexec_fn=_default_signals)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        kids = _workers(p.pid)
        if kids:
            time.sleep(0.3)  # mid-run: the worker is computing
            if p.poll() is None:
                return p, _descendants(p.pid) or kids  # multiprocessing's helpers must go too
        if p.poll() is not None:
            break
        time.sleep(0.02)
    p.kill()
    p.communicate()
    pytest.fail("the --jobs 2 run ended (or never started a worker) before it could be interrupted")


def _assert_gone(pids, within=5.0):
    deadline = time.monotonic() + within
    while _alive(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pids), f"worker(s) left running: {_alive(pids)}"


@pytest.mark.parametrize("sig", ["SIGKILL", "SIGTERM", "SIGHUP"])
def test_killing_the_main_process_leaves_no_worker(corpus, sig):
    p, workers = _start_and_wait_for_workers(corpus)
    p.send_signal(getattr(signal, sig))
    _out, err = p.communicate(timeout=10)
    assert p.returncode == -getattr(signal, sig)  # the Perl's exit: death by the signal
    assert b"Traceback" not in err
    _assert_gone(workers)


@pytest.mark.parametrize("group", [False, True], ids=["main", "group"])
def test_sigint_is_prompt_and_quiet(corpus, group):
    """Ctrl-C signals the whole foreground group; `kill -INT` the main process alone."""
    p, workers = _start_and_wait_for_workers(corpus)
    t = time.monotonic()
    if group:
        os.killpg(p.pid, signal.SIGINT)
    else:
        p.send_signal(signal.SIGINT)
    _out, err = p.communicate(timeout=60)
    assert time.monotonic() - t < PROMPT_SECONDS
    assert p.returncode == -signal.SIGINT  # as the Perl: a shell shows 130
    assert b"Traceback" not in err and len(err.splitlines()) <= 1, err
    _assert_gone(workers)


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_one_process_dies_of_the_signal(corpus, sig):
    p = subprocess.Popen(_command("--jobs", "1"), cwd=corpus, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True, preexec_fn=_default_signals)
    time.sleep(0.8)  # start-up done, mid-run
    assert p.poll() is None, "the run ended before it could be interrupted"
    t = time.monotonic()
    p.send_signal(getattr(signal, sig))
    _out, err = p.communicate(timeout=60)
    assert time.monotonic() - t < PROMPT_SECONDS
    assert p.returncode == -getattr(signal, sig) and b"Traceback" not in err and len(err.splitlines()) <= 1


def _shell(corpus, redirect, jobs):
    cmd = " ".join(_command("--jobs", str(jobs), "-d", config="small.xml"))
    return subprocess.run(["bash", "-c", f"set -o pipefail; {cmd} {redirect}"], cwd=corpus, capture_output=True,
                          timeout=300)


@pytest.mark.parametrize("jobs", [1, 2])
def test_broken_stdout_is_silent(corpus, jobs):
    p = _shell(corpus, "| head -1", jobs)
    assert p.stdout == b"-" * 45 + b"\n"
    assert p.returncode == 128 + signal.SIGPIPE and p.stderr == b""  # the Perl dies of SIGPIPE


@pytest.mark.parametrize("jobs", [1, 2])
def test_closed_stdout_one_line(corpus, jobs):
    p = _shell(corpus, ">&-", jobs)
    # the Perl: "Unable to flush stdout: Bad file descriptor", status 1
    assert p.returncode == 1 and p.stderr == b"rouge155: unable to flush stdout: Bad file descriptor\n"


@pytest.mark.parametrize("jobs", [1, 2])
def test_closed_stderr_keeps_the_report(corpus, jobs):
    closed = _shell(corpus, "2>&-", jobs)
    normal = _shell(corpus, "", 1)
    assert closed.returncode == 0 and normal.returncode == 0
    assert closed.stdout == normal.stdout and len(normal.stdout) > 50_000


def test_jobs_capped(corpus):
    """--jobs 1000 starts no more processes than there are CPUs (here: the main one and at most
    CPUs - 1 workers)."""
    from rouge155.engine.executors.local import usable_cpus

    p = subprocess.Popen(_command("--jobs", "1000"), cwd=corpus, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    most = 0
    while p.poll() is None:
        most = max(most, len(_workers(p.pid)))
        time.sleep(0.05)
    p.communicate()
    assert p.returncode == 0
    assert most <= usable_cpus() - 1
