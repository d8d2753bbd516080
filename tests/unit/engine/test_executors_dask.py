"""--dask and the API's dask=: a real scheduler and two workers on 127.0.0.1; the output is the bytes
of a one-process run; a worker killed mid-run is replaced by Dask (or the run fails clearly); a
scheduler with no worker, one killed mid-run and an address where none answers each end the run
within a few seconds with one line (the API raises it as a RougeError), with what is awaited shown
meanwhile on a terminal."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

import rouge155  # noqa: E402
from rouge155.engine.batched import chunks as batch  # noqa: E402
from rouge155.engine.executors import dask as dask_executor  # noqa: E402

from devkit.difftools import REPO  # noqa: E402
from support.cli import run_in_process  # noqa: E402
DATA = REPO / "data"


class Cluster:
    """``dask scheduler`` and ``dask worker`` processes on 127.0.0.1, ended by their ids."""

    def __init__(self, root: Path, workers: int):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.file = root / "scheduler.json"
        self.procs = []
        self.workers = []
        env = dict(os.environ, DASK_DISTRIBUTED__WORKER__DAEMON="False", PYTHONUNBUFFERED="1")
        self.env = env
        self._start([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--scheduler-file", str(self.file), "--no-dashboard", "--no-show"], "scheduler.log")
        deadline = time.monotonic() + 60
        while not self.file.exists():
            if time.monotonic() > deadline:
                self.close()
                pytest.fail("the dask scheduler did not start: " + (root / "scheduler.log").read_text()[-2000:])
            time.sleep(0.1)
        self.address = json.loads(self.file.read_text())["address"]
        for k in range(workers):
            self.add_worker(k)
        if workers:
            self.wait_for(workers)

    def _start(self, cmd, log):
        with open(self.root / log, "wb") as fh:
            proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    cwd=self.root, env=self.env, start_new_session=True)
        self.procs.append(proc)
        return proc

    def add_worker(self, k: int):
        proc = self._start([sys.executable, "-m", "dask", "worker", self.address, "--host", "127.0.0.1",
                            "--nthreads", "1", "--no-nanny", "--no-dashboard", "--name", f"w{k}"], f"worker{k}.log")
        self.workers.append(proc)
        return proc

    @property
    def scheduler(self):
        return self.procs[0]

    def wait_for(self, n: int):
        with distributed.Client(self.address, set_as_default=False, timeout=30) as client:
            client.wait_for_workers(n, timeout=60)

    def close(self):
        # workers first, each gone before the next: a worker whose scheduler ends first may spend
        # 10 s trying to reach it again
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = Cluster(tmp_path_factory.mktemp("dask"), 2)
    yield c
    c.close()


def rouge155_in_process(args, cwd, dask=None, **extras):
    """(status, stdout, stderr) of ``rouge155 -e DATA ARGS`` run in this process, on a Dask cluster with ``dask``
    (``extras``: the other long options' values)."""
    return run_in_process(["-e", str(DATA), *args], cwd, dask=dask, **extras)


def _chunks_per_worker(address):
    with distributed.Client(address, set_as_default=False, timeout=30) as client:
        return client.run(dask_executor.chunks_done)


def test_cli_same_bytes_on_generated_sets(cluster, tmp_path, monkeypatch):
    """Generated sets x random flags (tests/evalgen.py), chunks of two pairs spread over both workers:
    stdout, stderr and status equal a one-process run."""
    from devkit.difftools import differential_cases

    monkeypatch.setattr(batch, "CHUNK_PAIRS", 2)
    before = _chunks_per_worker(cluster.address)
    cases = differential_cases(777, 24, str(tmp_path), be_share=0.0)
    for cwd, args in cases:
        one = rouge155_in_process(args, cwd)
        many = rouge155_in_process(args, cwd, dask=cluster.address)
        assert many == one, args
    after = _chunks_per_worker(cluster.address)
    assert all(after[w] > before.get(w, 0) for w in after), (before, after)  # both workers computed chunks


def test_cli_command_line(cluster):
    """The installed command with --dask, against the sample set."""
    cwd = REPO / "sample-test"
    args = ["-e", str(DATA), "-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-a",
            "rouge155-see.xml"]
    one = subprocess.run([sys.executable, "-m", "rouge155", *args], cwd=cwd, capture_output=True, timeout=300)
    many = subprocess.run([sys.executable, "-m", "rouge155", "--dask", cluster.address, *args], cwd=cwd,
                          capture_output=True, timeout=300)
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)
    assert one.stdout.count(b"Average_R") > 10


def test_api_with_a_client(cluster):
    from devkit.pairgen import pairs

    preds, refs = pairs(600, seed=5)
    with distributed.Client(cluster.address, set_as_default=False) as client:
        local = rouge155.score_pairs(preds, refs, stem=True)
        remote = rouge155.score_pairs(preds, refs, stem=True, dask=client)
        assert list(local) == list(remote)
        for tag in local:
            for field in ("recall", "precision", "fmeasure", "hits", "model_count", "peer_count"):
                assert np.array_equal(getattr(local[tag], field), getattr(remote[tag], field)), (tag, field)
        peers = {"sysA": {str(i): p for i, p in enumerate(preds[:200])},
                 "sysB": {str(i): p for i, p in enumerate(preds[200:400])}}
        models = {str(i): (r if isinstance(r, list) else [r]) for i, r in enumerate(refs[:200])}
        a = rouge155.evaluate(peers, models, ngram=2, stem=True, skip_distance=4, skip_unigrams=True)
        b = rouge155.evaluate(peers, models, ngram=2, stem=True, skip_distance=4, skip_unigrams=True, dask=client)
        assert a.to_text() == b.to_text()
        assert client.status == "running"  # a client we were given stays open
    # an address works too
    c = rouge155.evaluate(peers, models, ngram=2, stem=True, skip_distance=4, skip_unigrams=True,
                          dask=cluster.address)
    assert c.to_text() == a.to_text()


def test_killed_worker_mid_run(tmp_path, monkeypatch):
    """A worker killed after the first chunk: Dask reruns its chunks on the other one, and the
    output is still the one-process bytes (a run that cannot finish must fail with one line)."""
    from devkit.difftools import differential_cases

    c = Cluster(tmp_path / "cluster", 2)
    try:
        monkeypatch.setattr(batch, "CHUNK_PAIRS", 1)
        cwd, args = next((cwd, args) for cwd, args in differential_cases(4242, 40, str(tmp_path / "sets"),
                                                                          be_share=0.0)
                         if "-v" not in args and "-M" not in args)
        one = rouge155_in_process(args, cwd)
        victim = c.workers[0]
        killed = []
        original = dask_executor.DaskCluster._collect

        def collect(self, futures, progress):
            def kill_once(k):
                if not killed:
                    os.kill(victim.pid, signal.SIGKILL)
                    killed.append(k)
                if progress:
                    progress(k)

            return original(self, futures, kill_once)

        monkeypatch.setattr(dask_executor.DaskCluster, "_collect", collect)
        status, out, err = rouge155_in_process(args, cwd, dask=c.address)
        assert killed, "the run finished before a worker could be killed"
        assert victim.wait(timeout=10) == -signal.SIGKILL
        print("killed-worker run:", status, err[-300:])
        if status == 0:
            assert (status, out, err) == one
        else:  # allowed: a clear failure, never a wrong number
            assert out == b"" and err.count(b"\n") == 1 and b"Dask" in err, err
    finally:
        c.close()


def test_missing_extra_is_one_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    status, out, err = rouge155_in_process(["-n", "1", "-a", "rouge155-see.xml"], REPO / "sample-test",
                                           dask="tcp://127.0.0.1:9")
    assert status != 0 and out == b""
    assert err.decode().strip().splitlines() == ["--dask needs Dask's distributed scheduler: pip install \".[dask]\""]


# --- a cluster that cannot serve the run: one line, status 255, within a few seconds ---------------

SAMPLE = REPO / "sample-test"
SMALL_RUN = ["-e", str(DATA), "-n", "1", "-a", "rouge155-see.xml"]
# the wait, plus starting Python and importing rouge155 and Dask on a busy machine (11.2 s in all on a
# 2-core machine at load 10); what the bounds catch is a run that waits on (it was 15 s, or forever)
BOUND = dask_executor.WAIT_SECONDS + 25.0
API_BOUND = dask_executor.WAIT_SECONDS + 15.0


def _command(address, args=SMALL_RUN, env=None, stderr=subprocess.PIPE, program=("-m", "rouge155")):
    return subprocess.Popen([sys.executable, *program, "--dask", address, *args], cwd=SAMPLE, env=env,
                            stdout=subprocess.PIPE, stderr=stderr)


def _one_line_run(address, args=SMALL_RUN, env=None, program=("-m", "rouge155")):
    """The command's (status, stdout, stderr's lines, seconds)."""
    start = time.monotonic()
    p = _command(address, args, env, program=program)
    out, err = p.communicate(timeout=120)
    return p.returncode, out, err.decode().splitlines(), time.monotonic() - start


def _api_error(address):
    """The RougeError rouge155.evaluate raises, and how long it took."""
    start = time.monotonic()
    with pytest.raises(rouge155.RougeError) as info:
        rouge155.evaluate({"s": {"1": "a b c ."}}, {"1": ["a b d ."]}, ngram=1, dask=address)
    return str(info.value), time.monotonic() - start


@pytest.fixture(scope="module")
def idle_scheduler(tmp_path_factory):
    """A scheduler no worker ever joins."""
    c = Cluster(tmp_path_factory.mktemp("idle"), 0)
    yield c
    c.close()


def _free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _assert_one_line_within_bound(address, line):
    """The command: ``line`` alone on stderr, status 255, within the bound; the API raises it."""
    status, out, err, seconds = _one_line_run(address)
    assert (status, out, err) == (255, b"", [line]) and seconds < BOUND, seconds
    message, seconds = _api_error(address)
    assert message == line and seconds < API_BOUND, seconds


def test_no_worker_is_one_line(idle_scheduler):
    """Was: "internal error: AttributeError" after 15 s (the client closed before the message read
    its address)."""
    address = idle_scheduler.address
    line = (f"no Dask worker joined the scheduler at {address} within {dask_executor.WAIT_SECONDS:g} s "
            f"({dask_executor.WAIT_ENV}=SECONDS waits longer)")
    _assert_one_line_within_bound(address, line)


def test_unreachable_scheduler_is_one_line():
    """Was: 15 s of silence. Nothing listens on the port: Dask retries until the wait is over."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    line = (f"cannot reach the Dask scheduler at {address} within {dask_executor.WAIT_SECONDS:g} s "
            f"(is it running? {dask_executor.WAIT_ENV}=SECONDS waits longer)")
    _assert_one_line_within_bound(address, line)


def test_malformed_address_and_wait_are_one_line(monkeypatch):
    status, out, err, _ = _one_line_run("nosuch://127.0.0.1:1")
    assert (status, out) == (255, b"") and len(err) == 1, err
    assert err[0].startswith("cannot reach the Dask scheduler at nosuch://127.0.0.1:1: unknown address scheme")
    monkeypatch.setenv(dask_executor.WAIT_ENV, "soon")
    assert _api_error("tcp://127.0.0.1:1")[0] == f"{dask_executor.WAIT_ENV}=soon is not a number of seconds above 0"


# The driver of the command for the killed scheduler: chunks of one pair, the scheduler killed (SIGKILL)
# once the first chunk is back, the moment written to a file; then the command goes on as it would.
_KILL_SCHEDULER = """
import os, signal, sys, time
from rouge155.engine.batched import chunks
from rouge155.engine.executors.dask import DaskCluster

chunks.CHUNK_PAIRS = chunks.SMALL_CHUNK_PAIRS = 1
original = DaskCluster._collect

def collect(self, futures, progress):
    def kill_once(k):
        if not os.path.exists(os.environ["KILLED_AT"]):
            os.kill(int(os.environ["SCHEDULER_PID"]), signal.SIGKILL)
            with open(os.environ["KILLED_AT"], "w") as fh:
                fh.write(repr(time.time()))
        if progress:
            progress(k)
    return original(self, futures, kill_once)

DaskCluster._collect = collect
from rouge155.cli.main import entry_point
sys.argv[0] = "rouge155"
entry_point()
"""


def _write_pairs(root: Path, n: int) -> Path:
    """n one-reference evaluations in SPL, and their config."""
    from devkit.pairgen import pairs

    preds, refs = pairs(n, seed=11)
    (root / "sys").mkdir(parents=True)
    (root / "ref").mkdir()
    xml = ['<ROUGE-EVAL version="1.0">']
    for i, (pred, ref) in enumerate(zip(preds, refs)):
        (root / "sys" / f"{i}.spl").write_text(pred + "\n")
        (root / "ref" / f"{i}.spl").write_text((ref if isinstance(ref, str) else ref[0]) + "\n")
        xml.append(f'<EVAL ID="{i}"><PEER-ROOT>{root}/sys</PEER-ROOT><MODEL-ROOT>{root}/ref</MODEL-ROOT>'
                   f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">{i}.spl</P></PEERS>'
                   f'<MODELS><M ID="A">{i}.spl</M></MODELS></EVAL>')
    (root / "config.xml").write_text("\n".join(xml + ["</ROUGE-EVAL>"]) + "\n")
    return root / "config.xml"


def test_scheduler_killed_mid_run_is_one_line(tmp_path):
    """Was: Dask's logged tracebacks (3-33 lines) before the message, itself over two lines."""
    c = Cluster(tmp_path / "cluster", 1)
    try:
        config = _write_pairs(tmp_path / "set", 300)
        killed_at = tmp_path / "killed-at"
        driver = tmp_path / "driver.py"
        driver.write_text(_KILL_SCHEDULER)
        env = dict(os.environ, SCHEDULER_PID=str(c.scheduler.pid), KILLED_AT=str(killed_at))
        status, out, err, _seconds = _one_line_run(c.address, ["-e", str(DATA), "-n", "2", "-a", str(config)], env,
                                                   program=(str(driver),))
        ended = time.time()
        assert killed_at.exists(), "the run ended before the scheduler could be killed"
        assert c.scheduler.wait(timeout=10) == -signal.SIGKILL
        line = f"lost the Dask scheduler at {c.address} during the run; the run is stopped"
        assert (status, out, err) == (255, b"", [line])
        assert ended - float(killed_at.read_text()) < 5.0
    finally:
        c.close()


def test_scheduler_killed_mid_run_api(tmp_path, monkeypatch):
    """The API raises the same line; Dask's loggers are theirs again afterwards."""
    import logging

    from devkit.pairgen import pairs

    c = Cluster(tmp_path / "cluster", 1)
    try:
        monkeypatch.setattr(batch, "CHUNK_PAIRS", 1)
        monkeypatch.setattr(batch, "SMALL_CHUNK_PAIRS", 1)
        original = dask_executor.DaskCluster._collect
        killed = []

        def collect(self, futures, _progress):
            def kill_once(_k):
                if not killed:
                    os.kill(c.scheduler.pid, signal.SIGKILL)
                    killed.append(time.monotonic())

            return original(self, futures, kill_once)

        monkeypatch.setattr(dask_executor.DaskCluster, "_collect", collect)
        preds, refs = pairs(200, seed=3)
        peers = {"s": {str(i): p for i, p in enumerate(preds)}}
        models = {str(i): (r if isinstance(r, list) else [r]) for i, r in enumerate(refs)}
        with pytest.raises(rouge155.RougeError) as info:
            rouge155.evaluate(peers, models, ngram=2, dask=c.address)
        assert killed and time.monotonic() - killed[0] < API_BOUND  # not the wait for a worker, unbounded
        assert str(info.value) == f"lost the Dask scheduler at {c.address} during the run; the run is stopped"
        assert not logging.getLogger("distributed.client").disabled
    finally:
        c.close()


def test_waiting_shows_on_a_terminal(idle_scheduler):
    """stderr a terminal: what is awaited, counted in seconds, then cleared for the one line."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 120, 0, 0))
    env = dict(os.environ, **{dask_executor.WAIT_ENV: "2"})
    try:
        p = _command(idle_scheduler.address, env=env, stderr=slave)
    finally:
        os.close(slave)
    seen = b""
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:  # the terminal's other end closed
            break
        if not data:
            break
        seen += data
    os.close(master)
    out, _err = p.communicate(timeout=60)
    assert p.returncode == 255 and out == b""
    assert f"rouge155: waiting for a Dask worker at {idle_scheduler.address} (1 of 2 s)".encode() in seen, seen
    last = seen.replace(b"\r\n", b"\n").split(b"\r")[-1]
    assert last == (f"no Dask worker joined the scheduler at {idle_scheduler.address} within 2 s "
                    f"({dask_executor.WAIT_ENV}=SECONDS waits longer)\n").encode(), seen


def test_streamed_plain_text_read_by_the_workers(cluster, tmp_path, monkeypatch):
    """Parallel files streamed on the cluster: the workers see the files (same machine) and read their
    chunks themselves; where they do not, each chunk is read here and sent. Same bytes either way."""
    from devkit.pairgen import pairs

    preds, refs = pairs(300, seed=4)
    (tmp_path / "sum.txt").write_text("\n".join(p.replace("\n", " <q> ") for p in preds) + "\n")
    (tmp_path / "ref.txt").write_text("\n".join((r if isinstance(r, str) else r[0]).replace("\n", " <q> ")
                                                for r in refs) + "\n")
    monkeypatch.setenv("ROUGE155_STREAM", "always")
    monkeypatch.setattr(batch, "CHUNK_PAIRS", 64)
    seen = []
    real = dask_executor.DaskCluster._workers_see
    monkeypatch.setattr(dask_executor.DaskCluster, "_workers_see",
                        lambda self, paths: seen.append(real(self, paths)) or seen[-1] and len(seen) == 1)
    extras = dict(summaries="sum.txt", references=("ref.txt",), sentence_sep="<q>")
    one = rouge155_in_process(["-n", "2", "-m", "-d"], tmp_path, **extras)
    for _ in range(2):  # read by the workers, then sent to them
        assert rouge155_in_process(["-n", "2", "-m", "-d"], tmp_path, dask=cluster.address, **extras) == one
    assert seen == [True, True] and one[0] == 0 and one[1].count(b"Eval") == 900


def test_waiting_for_a_chunk_blocks_rather_than_spins(cluster, monkeypatch):
    """The driver waits for its chunks in Dask's ``wait`` with its own client (not the default one):
    a pending chunk costs it a few calls, not a spinning core (before: ``wait`` raised "No clients
    found" at once, 410,000 times in a 100,000-pair run)."""
    calls = []
    real = distributed.wait
    monkeypatch.setattr(distributed, "wait", lambda *a, **k: calls.append(1) or real(*a, **k))
    executor = dask_executor.DaskCluster(cluster.address)
    try:
        future = executor.client.submit(time.sleep, 1.5, pure=False)  # (workers cannot import this test module)
        assert executor._collect([future], None) == [None]
    finally:
        executor.close()
    assert 1 <= len(calls) <= 5, len(calls)
