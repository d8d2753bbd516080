"""Plain-text modes (no config to write) give what a hand-written config gives; the rule-based
sentence splitter; multiple references and JSONL input."""
import io
import json
import os
import subprocess
import sys
import time

import pytest

from rouge155.inputs.sentences import rule_based_split

from devkit.difftools import REPO, run_ours
from support.cli import run_in_process
from parity.test_pyrouge import _plain_summaries  # tests/ is on sys.path (conftest)

FLAGS = ["-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-m"]


def test_directory_mode_equals_hand_written_config(tmp_path):
    sys_dir, mod_dir = _plain_summaries(tmp_path)
    xml = ['<ROUGE-EVAL version="1.0">']
    for k, f in enumerate(sorted(sys_dir.iterdir()), start=1):
        topic = f.name.split(".")[0]
        models = sorted(m.name for m in mod_dir.iterdir() if m.name.startswith(topic + "."))
        xml += [f'<EVAL ID="{k}"><PEER-ROOT>{sys_dir}</PEER-ROOT><MODEL-ROOT>{mod_dir}</MODEL-ROOT>',
                '<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT>', f'<PEERS><P ID="1">{f.name}</P></PEERS><MODELS>']
        xml += [f'<M ID="{chr(65 + i)}">{m}</M>' for i, m in enumerate(models)]
        xml += ["</MODELS></EVAL>"]
    (tmp_path / "hand.xml").write_text("\n".join(xml + ["</ROUGE-EVAL>"]))
    hand = run_ours(FLAGS + ["-a", "hand.xml"], str(tmp_path))
    plain = run_ours(FLAGS + ["-a"], str(tmp_path), extra=[])
    from rouge155.cli.main import Extras, run

    out = io.BytesIO()
    status = run(["-e", str(REPO / "data")] + FLAGS + ["-a"], stdout=out, stderr=io.BytesIO(), extras=Extras(
        system_dir=str(sys_dir), model_dir=str(mod_dir), system_pattern=r"(T\d+).txt", model_pattern="#ID#.[A-Z].txt"))
    assert hand.ok and status == 0 and plain.status != 0  # without a config or plain-text options: usage
    assert out.getvalue() == hand.stdout


def test_parallel_files_equal_file_list(tmp_path):
    summaries = ["The cat sat on the mat <q> It purred loudly", "Stocks fell sharply on Monday", ""]
    references = ["A cat sat on a mat <q> The cat purred", "Markets fell on Monday <q> Traders were calm", "x"]
    (tmp_path / "sum.txt").write_text("\n".join(summaries) + "\n")
    (tmp_path / "ref.txt").write_text("\n".join(references) + "\n")
    lines = []
    for i, (s, r) in enumerate(zip(summaries, references), start=1):
        (tmp_path / f"s{i}.spl").write_text("\n".join(p.strip() for p in s.split("<q>") if p.strip()) + "\n")
        (tmp_path / f"r{i}.spl").write_text("\n".join(p.strip() for p in r.split("<q>") if p.strip()) + "\n")
        lines.append(f"s{i}.spl r{i}.spl")
    (tmp_path / "list.lst").write_text("\n".join(lines) + "\n")
    listed = run_ours(FLAGS + ["-z", "SPL", "list.lst", "1"], str(tmp_path))
    from rouge155.cli.main import Extras, run
    import os

    out = io.BytesIO()
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        status = run(["-e", str(REPO / "data")] + FLAGS, stdout=out, stderr=io.BytesIO(),
                     extras=Extras(summaries="sum.txt", references="ref.txt", sentence_sep="<q>"))
    finally:
        os.chdir(old)
    assert listed.ok and status == 0
    assert out.getvalue() == listed.stdout


def test_rule_based_splitter():
    text = "Mr. Smith went to Washington. He met Dr. Jones at 3 p.m. on Jan. 5. \"Good,\" he said! Was it? Yes."
    assert rule_based_split(text) == [
        "Mr. Smith went to Washington.", "He met Dr. Jones at 3 p.m. on Jan. 5.", "\"Good,\" he said!",
        "Was it?", "Yes."]
    assert rule_based_split("The U.S. economy grew 3.5% in 2003. Prices rose.") == [
        "The U.S. economy grew 3.5% in 2003.", "Prices rose."]


@pytest.mark.parametrize("text,sentences", [
    ("", []),
    ("   ", []),
    ("No end", ["No end"]),
    ("One. Two. 3 three.", ["One.", "Two.", "3 three."]),
    ("Wait... What?! (Really.) \"Yes.\" 'No.' [Fine.]", ["Wait...", "What?!", "(Really.)", "\"Yes.\"", "'No.'",
                                                        "[Fine.]"]),
    ("He said 'Go.' Then left.", ["He said 'Go.'", "Then left."]),
    ("See fig. 3 and Fig. 4. Done.", ["See fig. 3 and Fig. 4.", "Done."]),
    ("Mrs. Smith and Sen. Jones met in St. Louis vs. Chicago. Then etc. Fine.",
     ["Mrs. Smith and Sen. Jones met in St. Louis vs. Chicago.", "Then etc. Fine."]),
    ("J. R. R. Tolkien wrote. Books sold.", ["J. R. R. Tolkien wrote.", "Books sold."]),
    ("lower case. starts here. Upper next.", ["lower case. starts here.", "Upper next."]),
    ("Tabs.\tAnd\nnewlines.\n\nNext", ["Tabs.", "And\nnewlines.", "Next"]),
    ("It rose 5.5% in Q3. It fell.", ["It rose 5.5% in Q3.", "It fell."]),
])
def test_rule_based_splitter_cases(text, sentences):
    assert rule_based_split(text) == sentences


@pytest.mark.parametrize("text", [
    "." * 1_000_000,  # took 39 s at 60 KB when each full stop began a new search of the run
    "Mr. A " * 200_000,  # 11 s at 120 KB when each abbreviation re-read the text from the sentence start
    ".\" " * 300_000,
    "!?" * 500_000 + " A",
    ("x" + "." * 50 + " ") * 20_000 + "A",
])
def test_rule_based_splitter_is_linear(text):
    """1 MB of degenerate text in about a second of CPU (the bound in the docstring: linear). CPU time,
    with room: wall time took 3.3 s on a loaded 2-core machine, the quadratic versions would take
    minutes."""
    start = time.process_time()
    rule_based_split(text)
    assert time.process_time() - start < 10.0


# -- sentence separators, several references, JSONL ---------------------------------------------------
def plain_text_run(tmp_path, args=(), **extras):
    """(status, stdout, stderr text) of ``rouge155 -e DATA FLAGS ARGS`` in this process, in ``tmp_path``."""
    status, out, err = run_in_process(["-e", str(REPO / "data"), *FLAGS, *args], tmp_path, **extras)
    return status, out, err.decode("utf-8", "replace")


def _file_list(tmp_path, rows):
    """A -z SPL list scoring the same texts: rows of (peer text, [model texts]), one sentence per line."""
    lines = []
    for i, (peer, models) in enumerate(rows, start=1):
        names = [f"p{i}.spl"] + [f"m{i}.{k}.spl" for k in range(len(models))]
        for name, text in zip(names, [peer, *models]):
            (tmp_path / name).write_bytes(text)
        lines.append(" ".join(names))
    (tmp_path / "list.lst").write_text("\n".join(lines) + "\n")
    return run_ours(FLAGS + ["-z", "SPL", "list.lst", "1"], str(tmp_path))


def test_empty_sentence_separator_is_one_line(tmp_path):
    (tmp_path / "s.txt").write_text("a b\n")
    (tmp_path / "r.txt").write_text("a c\n")
    status, out, err = plain_text_run(tmp_path, summaries="s.txt", references="r.txt", sentence_sep="")
    assert (status, out) == (255, b"") and err.count("\n") == 1 and "--sentence-sep" in err and "empty" in err
    from rouge155.inputs.plaintext import from_parallel_files

    with pytest.raises(ValueError, match="separator"):
        from_parallel_files(str(tmp_path / "s.txt"), str(tmp_path / "r.txt"), separator="")


def test_separator_that_is_not_utf8_splits_on_its_bytes(tmp_path):
    """A separator typed as bytes that are not UTF-8 (argv holds them surrogate-escaped) cuts at those bytes."""
    (tmp_path / "s.txt").write_bytes(b"The cat sat \xff\xfe It purred\nStocks fell\n")
    (tmp_path / "r.txt").write_bytes(b"A cat sat \xff\xfe The cat purred\nMarkets fell \xff\xfe Calm\n")
    listed = _file_list(tmp_path, [(b"The cat sat\nIt purred\n", [b"A cat sat\nThe cat purred\n"]),
                                   (b"Stocks fell\n", [b"Markets fell\nCalm\n"])])
    status, out, err = plain_text_run(tmp_path, summaries="s.txt", references="r.txt",
                                      sentence_sep=os.fsdecode(b"\xff\xfe"))
    assert listed.ok and status == 0, err
    assert out == listed.stdout
    p = subprocess.run([sys.executable, "-m", "rouge155", "-e", str(REPO / "data"), *FLAGS, "--summaries", "s.txt",
                        "--references", "r.txt", "--sentence-sep", os.fsdecode(b"\xff\xfe")], cwd=tmp_path,
                       capture_output=True, timeout=120)
    assert (p.returncode, p.stdout) == (0, listed.stdout), p.stderr


def test_several_reference_files(tmp_path):
    (tmp_path / "s.txt").write_text("the cat sat on the mat\nstocks fell sharply\n")
    (tmp_path / "r1.txt").write_text("a cat sat on a mat\nmarkets fell\n")
    (tmp_path / "r2.txt").write_text("the cat was on the mat\nstocks dropped sharply today\n")
    listed = _file_list(tmp_path, [
        (b"the cat sat on the mat\n", [b"a cat sat on a mat\n", b"the cat was on the mat\n"]),
        (b"stocks fell sharply\n", [b"markets fell\n", b"stocks dropped sharply today\n"])])
    status, out, err = plain_text_run(tmp_path, summaries="s.txt", references=("r1.txt", "r2.txt"))
    assert listed.ok and status == 0, err
    assert out == listed.stdout
    one = plain_text_run(tmp_path, summaries="s.txt", references=("r1.txt",))[1]
    assert one != out  # the second reference counts: never dropped


def test_reference_file_with_other_line_count_is_named(tmp_path):
    (tmp_path / "s.txt").write_text("a\nb\n")
    (tmp_path / "r1.txt").write_text("a\nb\n")
    (tmp_path / "r2.txt").write_text("a\n")
    status, out, err = plain_text_run(tmp_path, summaries="s.txt", references=("r1.txt", "r2.txt"))
    assert (status, out) == (255, b"")
    assert err == "r2.txt has 1 lines but s.txt has 2: every --references file must be parallel to --summaries\n"


def _jsonl(tmp_path, rows, name="in.jsonl"):
    (tmp_path / name).write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return name


def test_jsonl_equals_file_list(tmp_path):
    rows = [{"id": "d2", "prediction": "The cat sat.\nIt purred.", "references": ["A cat sat.", "The cat purred."]},
            {"id": "d1", "prediction": "Stocks fell", "references": ["Markets fell\nTraders calm", "Stocks fell"],
             "score": 3.5}]
    listed = _file_list(tmp_path, [(b"The cat sat.\nIt purred.", [b"A cat sat.", b"The cat purred."]),
                                   (b"Stocks fell", [b"Markets fell\nTraders calm", b"Stocks fell"])])
    status, out, err = plain_text_run(tmp_path, jsonl=_jsonl(tmp_path, rows))
    assert status == 0 and listed.ok, err
    assert out == listed.stdout


def test_jsonl_systems_ids_in_first_appearance_order(tmp_path):
    from rouge155.inputs.jsonl import from_jsonl

    rows = [{"id": 7, "system": "B", "prediction": "x", "references": ["y"]},
            {"id": "3", "prediction": "x", "references": ["y", "z"]},
            {"id": 7, "system": "A", "prediction": "w", "references": ["y"]}]
    config, _ = from_jsonl(str(tmp_path / _jsonl(tmp_path, rows)), system_id="base")
    assert [ev.eval_id for ev in config.evaluations] == ["7", "3"]
    assert config.peer_ids == ["B", "base", "A"]
    assert config.evaluations[0].model_ids == ["M.1"] and config.evaluations[1].model_ids == ["M.1", "M.2"]
    assert sorted(config.evaluations[0].peers) == ["A", "B"]
    status, out, err = plain_text_run(tmp_path, ["-a", "-d"], jsonl="in.jsonl", system_id="base")
    assert status == 0, err
    systems = [line.split()[0] for line in out.decode().splitlines() if "Average_R" in line]
    assert systems[0] == "A" and set(systems) == {"A", "B", "base"}  # -a: sorted, as a config's systems
    _jsonl(tmp_path, [rows[0], rows[2]], "named.jsonl")
    status, _, err = plain_text_run(tmp_path, jsonl="named.jsonl")  # without -a: --system-id (1), not in the file
    assert status == 255 and err == ("named.jsonl has no prediction of system 1: give -a to score all its systems "
                                     "(B, A) or --system-id NAME\n")
    status, out, err = plain_text_run(tmp_path, jsonl="named.jsonl", system_id="A")
    assert status == 0 and out.startswith(b"---------------------------------------------\nA ROUGE-1 "), err


@pytest.mark.parametrize("line,message", [
    ("{not json", "line 2: not JSON"),
    ("[1, 2]", "line 2: not a JSON object"),
    ('{"id": "a", "prediction": "x"}', "line 2: no 'references'"),
    ('{"prediction": "x", "references": ["y"]}', "line 2: no 'id'"),
    ('{"id": "a", "prediction": 5, "references": ["y"]}', "line 2: \"prediction\" must be a string"),
    ('{"id": "a", "prediction": "x", "references": "y"}', "line 2: \"references\" must be a non-empty list"),
    ('{"id": "a", "prediction": "x", "references": []}', "line 2: \"references\" must be a non-empty list"),
    ('{"id": true, "prediction": "x", "references": ["y"]}', "line 2: \"id\" must be a string or an integer"),
    ('{"id": "a", "prediction": "x", "references": ["y"], "system": 3}', "line 2: \"system\" must be a string"),
    ('{"id": "d", "prediction": "again", "references": ["y"]}', "line 2: system 1 has a second prediction for id d"),
    ('{"id": "d", "system": "S", "prediction": "x", "references": ["z"]}', "line 2: id d has other references"),
    ("[" * 100_000, "line 2: not JSON"),
    ('{"id": ' + "9" * 5000 + "}", "line 2: not JSON"),
])
def test_jsonl_bad_line_is_one_line(tmp_path, line, message):
    good = '{"id": "d", "prediction": "x", "references": ["y"]}'
    _jsonl(tmp_path, [good, line])
    status, out, err = plain_text_run(tmp_path, jsonl="in.jsonl")
    assert (status, out) == (255, b"")
    assert err.count("\n") == 1 and err.startswith("in.jsonl " + message), err


def test_jsonl_not_utf8_and_missing_file(tmp_path):
    (tmp_path / "in.jsonl").write_bytes(b'{"id": "d", "prediction": "\xff", "references": ["y"]}\n')
    status, _, err = plain_text_run(tmp_path, jsonl="in.jsonl")
    assert status == 255 and err == "in.jsonl line 1: not UTF-8\n"
    status, _, err = plain_text_run(tmp_path, jsonl="nope.jsonl")
    assert status == 255 and err.startswith("Cannot open nope.jsonl") and err.count("\n") == 1
    (tmp_path / "empty.jsonl").write_text("\n\n")
    status, _, err = plain_text_run(tmp_path, jsonl="empty.jsonl")
    assert status == 255 and "no record" in err


def test_one_plain_text_input_at_a_time(tmp_path):
    status, _, err = plain_text_run(tmp_path, jsonl="in.jsonl", summaries="s.txt", references=("r.txt",))
    assert status == 255 and err == "give one plain-text input, not --jsonl and --summaries/--references\n"


def test_records_builder_for_the_api():
    from rouge155.inputs.jsonl import from_records, records_from_mappings

    config, source = from_records(records_from_mappings([{"id": "x", "prediction": "a b.\nc", "references": ["a"]}]),
                                  split=False)
    ev = config.evaluations[0]
    assert source.read(ev.peers["1"]) == b"a b.\nc" and source.read(ev.models["M.1"]) == b"a"
    with pytest.raises(ValueError, match="record 1: \"prediction\""):
        from_records(records_from_mappings([{"id": "x", "prediction": None, "references": ["a"]}]))
