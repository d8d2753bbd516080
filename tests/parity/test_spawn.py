"""--jobs 2 with the spawn start method forced (no fork: macOS's and Windows' default): generated
sets x random flags, byte-compared with the reference, every set cut into chunks of two pairs and
the worker ready before the work starts, so that it takes its share of every run."""
import time


from rouge155.engine.batched import chunks as batch
from rouge155.engine.executors import messages, processes
from devkit.difftools import check_cases, compare, differential_cases

SEED = 20261123
CASES = 32


def test_spawned_workers_give_the_references_bytes(reference, tmp_path, monkeypatch):
    monkeypatch.setenv(processes.START_METHOD_ENV, "spawn")
    monkeypatch.setattr(batch, "CHUNK_PAIRS", 2)
    monkeypatch.setattr(batch, "SMALL_CHUNK_PAIRS", 2)
    monkeypatch.setattr("rouge155.engine.plan.SMALL_RUN_PAIRS", 0)  # the batched engine, which the workers run
    original_start, original_receive = processes.Processes.start, messages.WorkerHandle.receive
    ticks = []

    def start_and_wait(self, count, job):
        original_start(self, count, job)
        deadline = time.monotonic() + 60
        while not self._new and self._starter is not None and self._starter.is_alive() \
                and time.monotonic() < deadline:
            time.sleep(0.01)

    def receive(self):
        kind, value = original_receive(self)
        ticks.append(kind == "tick")
        return kind, value

    monkeypatch.setattr(processes.Processes, "start", start_and_wait)
    monkeypatch.setattr(messages.WorkerHandle, "receive", receive)
    worked = 0

    def comparisons():
        nonlocal worked
        for cwd, args in differential_cases(SEED, CASES, str(tmp_path), be_share=0.0):
            before = sum(ticks)
            yield compare(reference, args, cwd, jobs=2)
            worked += sum(ticks) > before

    line = check_cases(comparisons(), CASES)
    print(f"{line}, spawned workers took chunks in {worked}")
    assert worked >= CASES // 2, f"spawned workers computed chunks in only {worked} of {CASES} runs"
