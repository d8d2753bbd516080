"""The grid's statistics in worker processes: one BLAS thread each (the processes share out the cores),
the environment as it was afterwards."""
import os

from rouge155.meta.grid_statistics import _one_blas_thread_each


def test_workers_get_one_blas_thread_unless_the_environment_sets_it(monkeypatch):
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    monkeypatch.delenv("MKL_NUM_THREADS", raising=False)
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    with _one_blas_thread_each():
        assert os.environ["OPENBLAS_NUM_THREADS"] == os.environ["MKL_NUM_THREADS"] == "1"
        assert os.environ["OMP_NUM_THREADS"] == "3"
    assert "OPENBLAS_NUM_THREADS" not in os.environ and "MKL_NUM_THREADS" not in os.environ
    assert os.environ["OMP_NUM_THREADS"] == "3"
