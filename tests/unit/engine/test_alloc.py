"""The allocator tuning of large runs (engine/alloc.py) applies in rouge155's own processes only: a
threshold set by mallopt stays fixed for the rest of a process (glibc stops adapting it), so a
program that calls the API must be left with the allocator it had."""
import pytest

import rouge155
from rouge155.engine import alloc


class _FakeLibc:
    def __init__(self):
        self.calls = []

    def mallopt(self, option, value):
        self.calls.append((option, value))
        return 1

    def malloc_trim(self, pad):
        self.calls.append(("trim", pad))
        return 1


@pytest.fixture
def libc(monkeypatch):
    fake = _FakeLibc()
    monkeypatch.setattr(alloc, "_libc", lambda: fake)
    monkeypatch.setattr(alloc, "_owned", [False])
    monkeypatch.setattr(alloc, "_kept", [])
    return fake


def test_a_program_that_calls_the_api_keeps_its_allocator(libc, monkeypatch):
    entered = []
    tuned = alloc._Tuned.__enter__
    monkeypatch.setattr(alloc._Tuned, "__enter__", lambda self: entered.append(self.limit) or tuned(self))
    ids = [str(k) for k in range(4500)]  # past one chunk of the batched engine: the tuned block
    result = rouge155.evaluate({"s": {i: f"w{i} a b c" for i in ids}}, {i: f"w{i} a c d" for i in ids}, ngram=1)
    assert result.metrics
    assert entered and set(entered) == {None}  # the runs' blocks were entered, with nothing to tune
    assert libc.calls == []


def test_rouge155s_own_process_is_tuned_and_set_back(libc):
    alloc.own_process()
    with alloc.reuse_freed_blocks(1 << 20):
        with alloc.reuse_freed_blocks(1 << 22):  # a nested block keeps the outer one's setting
            pass
        assert libc.calls == [(alloc._M_MMAP_THRESHOLD, 1 << 20), (alloc._M_TRIM_THRESHOLD, 1 << 21),
                              (alloc._M_TOP_PAD, 1 << 20)]
    assert libc.calls[3:] == [(alloc._M_MMAP_THRESHOLD, alloc._GLIBC_DEFAULT),
                              (alloc._M_TRIM_THRESHOLD, alloc._GLIBC_DEFAULT),
                              (alloc._M_TOP_PAD, alloc._GLIBC_DEFAULT), ("trim", 0)]


def test_a_dask_worker_keeps_the_tuning_from_its_first_chunk(libc):
    alloc.reuse_freed_blocks_from_now(1 << 20)
    alloc.reuse_freed_blocks_from_now(1 << 20)
    with alloc.reuse_freed_blocks():
        pass
    assert libc.calls == [(alloc._M_MMAP_THRESHOLD, 1 << 20), (alloc._M_TRIM_THRESHOLD, 1 << 21),
                          (alloc._M_TOP_PAD, 1 << 20)]
    alloc._depth[0] -= 1  # (the kept block, left here so that other tests start untuned)


@pytest.mark.usefixtures("libc")
def test_the_command_and_its_workers_are_rouge155s_own(monkeypatch):
    from rouge155.cli import main
    from rouge155.engine.executors import worker

    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "1")  # (the command sets it: put back as it was afterwards)
    monkeypatch.setattr(main.process, "install", lambda: None)
    monkeypatch.setattr(main.process, "finish", lambda _code: None)
    monkeypatch.setattr(main, "_dispatch", lambda: None)
    main.entry_point()
    assert alloc._owned == [True]

    monkeypatch.setattr(alloc, "_owned", [False])
    monkeypatch.setattr(worker, "die_with_parent", lambda _pid: None)
    monkeypatch.setattr(worker.os, "_exit", lambda code: (_ for _ in ()).throw(SystemExit(code)))  # (no exit here)

    class _Closed:
        def recv(self):
            raise EOFError

        def send(self, _message):
            pass

    with pytest.raises(SystemExit):
        worker.serve(_Closed(), None, None)  # (its job would come down the pipe: closed at once)
    assert alloc._owned == [True]
