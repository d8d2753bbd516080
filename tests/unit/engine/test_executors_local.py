"""--jobs: the forked workers give the bytes one process gives, and hand back their errors."""
import os

import pytest

from rouge155.engine import plan
from rouge155.engine.batched import chunks as batch
from rouge155.engine.executors.local import LocalProcesses, run_tasks, usable_cpus


class Boom(Exception):
    pass


def _square(k):
    return k * k


def _pid_of(_k):
    import time

    time.sleep(0.01)
    return os.getpid()


def test_workers_take_tasks():
    """Each process computes some of the tasks (not all of them this one)."""
    with LocalProcesses(2) as w:
        if w.jobs < 2:
            pytest.skip("one CPU: no worker")
        pids = w.run_tasks(60, _pid_of)
    assert len(set(pids)) == 2 and pids.count(os.getpid()) < 60


def _fail_on(bad):
    def compute(k):
        if k == bad:
            raise Boom(f"task {k}")
        return k

    return compute


def test_tasks_in_order_with_progress():
    seen = []
    with LocalProcesses(3) as w:
        assert w.run_tasks(40, _square, seen.append) == [k * k for k in range(40)]
        assert w.active == min(3, usable_cpus())  # capped at the CPUs this process may use
        # the same processes then take function calls
        assert w.map(divmod, [(7, 2), (9, 4), (10, 3), (1, 1)]) == [(3, 1), (2, 1), (3, 1), (1, 0)]
    assert sorted(seen) == list(range(40))
    assert w.active == 1


@pytest.mark.parametrize("bad", [0, 17, 39])
def test_worker_errors_are_raised_here(bad):
    with pytest.raises(Boom, match=f"task {bad}"):
        run_tasks(40, _fail_on(bad), 3)


def test_one_job_forks_nothing():
    with LocalProcesses(1) as w:
        assert w.run_tasks(5, _square) == [0, 1, 4, 9, 16]
        assert w.active == 1
        assert w.map(_square, [(2,), (3,)]) == [4, 9]


def test_chunk_bounds_cover_everything():
    for weights in ([], [1], [5] * 7, [1] * 11490, [40, 1, 1, 300, 2] * 50):
        for jobs in (1, 2, 4):
            bounds = batch.chunk_bounds(weights, 600, jobs)
            assert bounds[0] == 0 and bounds[-1] == len(weights)
            assert all(a < b for a, b in zip(bounds, bounds[1:])) or not weights
    # with workers the last chunks shrink, so that every process runs out of work together
    sizes = [b - a for a, b in zip(*(lambda b: (b[:-1], b[1:]))(batch.chunk_bounds([1] * 11490, 600, 2)))]
    assert sizes[0] == 600 and sizes[-2] < 100


def test_tiny_chunks_same_bytes_with_workers(tmp_path, monkeypatch):
    """Chunks of two pairs, so that every generated set is spread over the workers: the bytes (and
    the exit status) equal a one-process run, including sets where a later chunk needs the
    step-by-step engine (a missing file, a run the script dies in)."""
    from devkit.difftools import differential_cases, run_ours

    monkeypatch.setattr(batch, "CHUNK_PAIRS", 2)
    monkeypatch.setattr(plan, "SMALL_RUN_PAIRS", 0)  # every set through the batched engine
    cases = differential_cases(4242, 40, str(tmp_path), be_share=0.0)
    for cwd, args in cases:
        one = run_ours(args, cwd, jobs=1)
        for jobs in (2, 3):
            many = run_ours(args, cwd, jobs=jobs)
            assert (many.status, many.stdout) == (one.status, one.stdout), (args, jobs)
    assert os.getpid()  # the workers are gone; this process is still the test


def test_generated_sets_do_fork(tmp_path, monkeypatch):
    """The test above is only worth something if the sets are cut into several chunks."""
    from devkit.difftools import differential_cases, run_ours

    monkeypatch.setattr(batch, "CHUNK_PAIRS", 2)
    monkeypatch.setattr(plan, "SMALL_RUN_PAIRS", 0)
    forked = []
    original = LocalProcesses.run_tasks

    def spy(self, n_tasks, compute, progress=None, first=0):
        forked.append(self.jobs > 1 and n_tasks > 1)
        return original(self, n_tasks, compute, progress, first)

    monkeypatch.setattr(LocalProcesses, "run_tasks", spy)
    for cwd, args in differential_cases(4242, 40, str(tmp_path), be_share=0.0):
        run_ours(args, cwd, jobs=2)
    assert sum(forked) >= 20


def test_no_usable_start_method_runs_in_one_process(monkeypatch, capsys):
    from rouge155.engine.executors import local as workers

    monkeypatch.setenv(workers.START_METHOD_ENV, "no-such-method")
    with LocalProcesses(2) as w:
        assert w.run_tasks(6, _square) == [k * k for k in range(6)]
        assert w.active == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no-such-method is not available" in err and "one process" in err


def test_unpicklable_job_under_spawn_runs_in_one_process(monkeypatch, capsys):
    """A job only fork can carry (a closure): with spawn, one line and the work done here."""
    from rouge155.engine.executors import local as workers

    monkeypatch.setenv(workers.START_METHOD_ENV, "spawn")
    offset = 3
    with LocalProcesses(2) as w:
        assert w.run_tasks(6, lambda k: k + offset) == [k + 3 for k in range(6)]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot start worker processes with spawn" in err


def test_spawned_workers_share_tasks_and_calls(monkeypatch):
    from rouge155.engine.executors import local as workers

    monkeypatch.setenv(workers.START_METHOD_ENV, "spawn")
    with LocalProcesses(2) as w:
        assert w.run_tasks(40, _square) == [k * k for k in range(40)]
        assert w.map(divmod, [(7, 2), (9, 4)]) == [(3, 1), (2, 1)]


def test_a_dead_worker_has_its_tasks_done_here(capsys):
    """A worker killed mid-run (say by the OOM killer): one line, and the same results."""
    import signal

    def compute(k):
        if os.getpid() != parent:  # the worker dies on its first task
            os.kill(os.getpid(), signal.SIGKILL)
        return k * k

    parent = os.getpid()
    with LocalProcesses(2) as w:
        if w.jobs < 2:
            pytest.skip("one CPU: no worker")
        assert w.run_tasks(40, compute) == [k * k for k in range(40)]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a worker process ended unexpectedly (exit status -9)" in err
