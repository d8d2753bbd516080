"""--jobs: the forked workers give the bytes one process gives, and hand back their errors."""
import os

import pytest

from rouge155 import batch
from rouge155.workers import Workers, run_tasks, usable_cpus


class Boom(Exception):
    pass


def _square(k):
    return k * k


def _fail_on(bad):
    def compute(k):
        if k == bad:
            raise Boom(f"task {k}")
        return k

    return compute


def test_tasks_in_order_with_progress():
    seen = []
    with Workers(3) as w:
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
    with Workers(1) as w:
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
    from difftools import differential_cases, run_ours

    monkeypatch.setattr(batch, "CHUNK_PAIRS", 2)
    cases = differential_cases(4242, 40, str(tmp_path), be_share=0.0)
    for cwd, args in cases:
        one = run_ours(args, cwd, jobs=1)
        for jobs in (2, 3):
            many = run_ours(args, cwd, jobs=jobs)
            assert (many.status, many.stdout) == (one.status, one.stdout), (args, jobs)
    assert os.getpid()  # the workers are gone; this process is still the test


def test_generated_sets_do_fork(tmp_path, monkeypatch):
    """The test above is only worth something if the sets are cut into several chunks."""
    from difftools import differential_cases, run_ours

    monkeypatch.setattr(batch, "CHUNK_PAIRS", 2)
    forked = []
    original = Workers.run_tasks

    def spy(self, n_tasks, compute, progress=None):
        forked.append(self.jobs > 1 and n_tasks > 1)
        return original(self, n_tasks, compute, progress)

    monkeypatch.setattr(Workers, "run_tasks", spy)
    for cwd, args in differential_cases(4242, 40, str(tmp_path), be_share=0.0):
        run_ours(args, cwd, jobs=2)
    assert sum(forked) >= 20
