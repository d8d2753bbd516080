"""--dask and the API's dask=: a real scheduler and two workers on 127.0.0.1; the output is the bytes
of a one-process run; a worker killed mid-run is replaced by Dask (or the run fails clearly)."""
from __future__ import annotations

import io
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
from rouge155.engine.batched import chunks as batch
from rouge155.engine.executors import dask as dask_executor  # noqa: E402
from rouge155.cli.main import Extras, run  # noqa: E402

from devkit.difftools import REPO
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

    def wait_for(self, n: int):
        with distributed.Client(self.address, set_as_default=False, timeout=30) as client:
            client.wait_for_workers(n, timeout=60)

    def close(self):
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
        for proc in reversed(self.procs):
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


def _run(args, cwd, dask=None):
    out, err = io.BytesIO(), io.BytesIO()
    old = os.getcwd()
    os.chdir(cwd)
    try:
        status = run(["-e", str(DATA), *args], stdout=out, stderr=err, extras=Extras(dask=dask))
    finally:
        os.chdir(old)
    return status, out.getvalue(), err.getvalue()


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
        one = _run(args, cwd)
        many = _run(args, cwd, dask=cluster.address)
        assert many == one, args
    after = _chunks_per_worker(cluster.address)
    assert all(after[w] > before.get(w, 0) for w in after), (before, after)  # both workers computed chunks


def test_cli_command_line(cluster, tmp_path):
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
        one = _run(args, cwd)
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
        status, out, err = _run(args, cwd, dask=c.address)
        assert killed, "the run finished before a worker could be killed"
        assert victim.wait(timeout=10) == -signal.SIGKILL
        print("killed-worker run:", status, err[-300:])
        if status == 0:
            assert (status, out, err) == one
        else:  # allowed: a clear failure, never a wrong number
            assert out == b"" and err.count(b"\n") == 1 and b"Dask" in err, err
    finally:
        c.close()


def test_missing_extra_is_one_line(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)
    status, out, err = _run(["-n", "1", "-a", "rouge155-see.xml"], REPO / "sample-test", dask="tcp://127.0.0.1:9")
    assert status != 0 and out == b""
    assert err.decode().strip().splitlines() == ["--dask needs Dask's distributed scheduler: pip install rouge155[dask]"]


def test_unreachable_scheduler_is_one_line(monkeypatch):
    monkeypatch.setattr(dask_executor, "CONNECT_TIMEOUT", 2.0)
    status, out, err = _run(["-n", "1", "-a", "rouge155-see.xml"], REPO / "sample-test", dask="tcp://127.0.0.1:9")
    assert status == 255 and out == b""
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cannot reach the Dask scheduler at tcp://127.0.0.1:9"), lines
