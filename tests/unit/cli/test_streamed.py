"""Streamed plain-text runs (``rouge155/engine/stream.py``) print what the in-memory path prints:
every plain-text mode under many flag sets and every output format, stdout, stderr and status
compared byte for byte (``ROUGE155_STREAM=always`` streams from the first pair, ``never`` reads the
input whole); the inputs the streamed reading hands back to the in-memory path are checked too."""
import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from devkit.difftools import DATA
from devkit.evalgen import summary_units
from devkit.langtools import run_ours_with

import rouge155.cli.main as cli_main
from rouge155.engine.batched import chunks


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch):
    """Chunks of 50 pairs (plain text: 64 lines), so that a run has several."""
    monkeypatch.setattr(chunks, "CHUNK_PAIRS", 50)

FLAGS = [
    ["-n", "2", "-m"],
    ["-n", "2", "-m", "-d"],
    ["-c", "95", "-2", "4", "-u", "-r", "100", "-n", "4", "-w", "1.2", "-a", "-d", "-m"],
    ["-s", "-m", "-f", "B", "-n", "1", "-r", "50", "-d"],
    ["-t", "1", "-n", "2", "-x", "-d", "-w", "1.5"],
    ["-t", "2", "-n", "2", "-d"],
    ["-l", "12", "-n", "2", "-r", "20", "-d", "-U", "-2", "-1"],
    ["-b", "75", "-n", "3", "-p", "0.3", "-d", "-f", "A"],
]


def _line(r: random.Random, model: bool = False) -> bytes:
    return b" <q> ".join(summary_units(r, model))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """Parallel files (two reference sets), the same pairs as directories and as JSONL (one system,
    and three systems sharing references), 150 pairs of generated text (empty lines included)."""
    root = tmp_path_factory.mktemp("streamed")
    r = random.Random(7)
    n = 150
    summaries = [_line(r) for _ in range(n)]
    refs = [[_line(r, True) for _ in range(n)] for _ in range(2)]
    (root / "sum.txt").write_bytes(b"\n".join(summaries) + b"\n")
    for k, lines in enumerate(refs, 1):
        (root / f"ref{k}.txt").write_bytes(b"\n".join(lines) + (b"\n" if k == 1 else b""))
    (root / "sys").mkdir()
    (root / "mod").mkdir()
    for i in range(n):
        (root / "sys" / f"doc{i:03d}.txt").write_bytes(summaries[i].replace(b" <q> ", b"\n"))
        for k in range(2):
            (root / "mod" / f"doc{i:03d}.{'AB'[k]}.txt").write_bytes(refs[k][i].replace(b" <q> ", b"\n"))
    one, several = [], []
    for i in range(n):
        ident = f"d{r.randint(0, 10**6)}-{i}" if i % 3 else i  # strings and integers
        references = [refs[0][i].decode("latin-1"), refs[1][i].decode("latin-1")][: 1 + i % 2]
        one.append({"id": ident, "prediction": summaries[i].decode("latin-1"), "references": references})
        for system in ("b", "a", "c"):
            several.append({"id": ident, "system": system, "prediction": _line(r).decode("latin-1"),
                            "references": references})
    r.shuffle(several)
    (root / "one.jsonl").write_text("\n".join(json.dumps(x) for x in one) + "\n\n", encoding="utf-8")
    (root / "several.jsonl").write_text("\n".join(json.dumps(x) for x in several) + "\n", encoding="utf-8")
    return root


MODES = {
    "parallel": dict(summaries="sum.txt", references=("ref1.txt",), sentence_sep="<q>"),
    "parallel-2": dict(summaries="sum.txt", references=("ref1.txt", "ref2.txt"), sentence_sep="<q>"),
    "parallel-lines": dict(summaries="sum.txt", references=("ref2.txt",)),
    "directories": dict(system_dir="sys", model_dir="mod", system_pattern=r"doc(\d+).txt",
                        model_pattern="doc#ID#.[A-Z].txt"),
    "jsonl": dict(jsonl="one.jsonl", sentence_sep="<q>"),
    "jsonl-systems": dict(jsonl="several.jsonl", sentence_sep="<q>"),
}


def _both(monkeypatch, corpus: Path, args, streamed=True, **extras):
    """(in-memory outcome, streamed outcome); ``streamed``: whether the second must have streamed
    (None: either)."""
    whole = []
    real = cli_main._whole_input
    monkeypatch.setattr(cli_main, "_whole_input", lambda *a: whole.append(1) or real(*a))
    monkeypatch.setenv("ROUGE155_STREAM", "never")
    memory = run_ours_with(args, str(corpus), DATA, **extras)
    whole.clear()
    monkeypatch.setenv("ROUGE155_STREAM", "always")
    stream = run_ours_with(args, str(corpus), DATA, **extras)
    if streamed is not None:
        assert bool(whole) != streamed, "streamed" if not streamed else "read whole"
    return memory, stream


@pytest.mark.parametrize("flags", FLAGS, ids=" ".join)
@pytest.mark.parametrize("mode", sorted(MODES))
def test_streamed_text_report_is_the_in_memory_one(monkeypatch, corpus, mode, flags):
    args = flags + (["-a"] if mode == "jsonl-systems" and "-a" not in flags else [])
    # ROUGE-W on an empty reference: the step-by-step engine; an empty text under -l/-b in a JSONL file
    # of several systems: its warnings' order (both: the in-memory path)
    either = "-w" in flags or (mode == "jsonl-systems" and ("-l" in flags or "-b" in flags))
    memory, stream = _both(monkeypatch, corpus, args, streamed=None if either else True, **MODES[mode])
    assert memory.status == 0 or "-w" in flags, memory.stderr  # (an empty reference under -w: the script dies)
    if mode == "jsonl-systems":  # the notes' first examples: file order streamed, by id then system in memory
        memory, stream = (replace(o, stderr=re.sub(rb"\(first: [^;]*\);", b"", o.stderr)) for o in (memory, stream))
    assert stream == memory


@pytest.mark.parametrize("output_format", ["json", "csv", "html"])
@pytest.mark.parametrize("mode", ["parallel-2", "directories"])
def test_streamed_formats_are_the_in_memory_ones(monkeypatch, corpus, mode, output_format):
    memory, stream = _both(monkeypatch, corpus, ["-n", "2", "-m", "-2", "4", "-t", "1", "-d"],
                           output_format=output_format, **MODES[mode])
    assert memory.status == 0, memory.stderr
    assert stream == memory


def test_streamed_jobs_and_signature(monkeypatch, corpus):
    memory, stream = _both(monkeypatch, corpus, ["-n", "2", "-m", "-d"], jobs=2, signature=True,
                           **MODES["parallel-2"])
    assert stream == memory and memory.stdout.count(b"\n") > 300


@pytest.mark.parametrize("case", ["jsonl-systems-json", "jsonl-signature", "duplicate", "mismatch", "no-model"])
def test_inputs_read_whole_where_the_stream_cannot_vouch(monkeypatch, corpus, tmp_path, case):
    """Whatever the in-memory path says first (its error, its order of instances) it still says."""
    extras = dict(MODES["jsonl-systems"], output_format="json")
    if case == "jsonl-signature":
        extras = dict(MODES["jsonl"], signature=True)
    elif case == "duplicate":
        lines = (corpus / "one.jsonl").read_text().splitlines()
        (tmp_path / "dup.jsonl").write_text("\n".join(lines + [lines[40]]) + "\n")
        extras = dict(jsonl=str(tmp_path / "dup.jsonl"))
    elif case == "mismatch":
        (tmp_path / "short.txt").write_bytes(b"a b\n" * 10)
        extras = dict(summaries="sum.txt", references=(str(tmp_path / "short.txt"),))
    elif case == "no-model":
        (tmp_path / "sys").mkdir()
        for path in sorted((corpus / "sys").iterdir())[:50] + [corpus / "sum.txt"]:
            (tmp_path / "sys" / path.name.replace("sum.txt", "doc999.txt")).write_bytes(path.read_bytes())
        extras = dict(MODES["directories"], system_dir=str(tmp_path / "sys"))
    memory, stream = _both(monkeypatch, corpus, ["-n", "2", "-a"], streamed=False, **extras)
    assert stream == memory


@pytest.mark.parametrize("extras", [dict(output_format="json"), dict(output_format="csv"),
                                    dict(output_format="html"), dict(signature=True), dict(jobs=2)],
                         ids=["json", "csv", "html", "signature", "jobs"])
def test_streamed_config_is_the_in_memory_one(monkeypatch, extras):
    """A config (the release's sample) streamed, in every format: the bytes of the in-memory path."""
    from devkit.difftools import SAMPLES

    sample = SAMPLES / "sample-test"
    if not sample.is_dir():
        pytest.skip(f"the release's sample is not at {SAMPLES}")
    streamed = []
    real = cli_main._streamed
    monkeypatch.setattr(cli_main, "_streamed", lambda *a: streamed.append(real(*a)) or streamed[-1])
    args = ["-c", "95", "-2", "-1", "-U", "-r", "100", "-n", "4", "-w", "1.2", "-a", "-d", "ROUGE-test.xml"]
    monkeypatch.setenv("ROUGE155_STREAM", "never")
    memory = run_ours_with(args, str(sample), DATA, **extras)
    monkeypatch.setenv("ROUGE155_STREAM", "always")
    stream = run_ours_with(args, str(sample), DATA, **extras)
    assert memory.status == 0 and stream == memory
    assert len(streamed) == 1 and streamed[0] is not None


def test_progress_bar_on_stderr_only_on_a_terminal_or_asked(monkeypatch, capsys):
    """``--progress`` shows the bar on a stderr that is not a terminal; stdout never has it."""
    import io
    import sys

    fake = io.StringIO()
    monkeypatch.setattr(sys, "stderr", fake)
    assert cli_main._progress_bar(10) is None  # not a terminal, not asked
    bar = cli_main._progress_bar(10, forced=True, unit="pair")
    assert bar is not None and bar.fp is not None and bar.unit == "pair"
    bar.close()
    assert capsys.readouterr().out == ""


def test_streamed_notes_are_the_in_memory_ones(monkeypatch, tmp_path):
    """rouge155's default notes (texts that score 0) on a streamed run: the same lines, from a pass
    over the chunks (Cyrillic texts the Perl's tokenizer drops, empty predictions)."""
    lines = [b"\xd0\x9c\xd0\xbe\xd1\x81\xd0\xba\xd0\xb2\xd0\xb0" if i % 7 == 0 else b"" if i % 11 == 0 else
             b"the cat sat %d" % i for i in range(200)]
    (tmp_path / "sum.txt").write_bytes(b"\n".join(lines) + b"\n")
    (tmp_path / "ref.txt").write_bytes(b"\n".join(b"the cat sat on %d" % i for i in range(200)) + b"\n")
    memory, stream = _both(monkeypatch, tmp_path, ["-n", "1"], summaries="sum.txt", references=("ref.txt",))
    assert stream == memory and memory.status == 0
    assert b"give no token" in memory.stderr and b"empty" in memory.stderr
