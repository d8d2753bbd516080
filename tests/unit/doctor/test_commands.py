"""What the doctor changes in the other commands, run as a user runs them: rouge155's one-line notes in its
plain-text modes (stdout unchanged; --quiet: none), --check (the report on stderr, stdout unchanged) and
--cite; a config's run keeps the Perl's stdout, status and stderr without --check; the messages of the
newcomer's mistakes (a JSONL or text file where a config goes, UTF-16, a trailing blank line, a single
reference under rouge155-meta's defaults); directory mode's file names in JSON and CSV."""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from devkit.difftools import REPO, compare, reference_dir
from devkit.doctorgen import Planted, clean_documents, plant, write_input

SAMPLE = REPO / "sample-test"


def rouge155(*args, cwd=None, command="rouge155"):
    module = {"rouge155": "rouge155", "rouge155-meta": "rouge155.cli.meta"}[command]
    code = None if command == "rouge155" else "from rouge155.cli.meta import main; main()"
    argv = [sys.executable, "-m", module, *args] if code is None else [sys.executable, "-c", code, *args]
    p = subprocess.run(argv, capture_output=True, cwd=cwd, timeout=600)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


@pytest.fixture(scope="module")
def documents():
    return clean_documents(12, seed=21)


@pytest.mark.parametrize("kind,says", [
    ("no-tokens", "non-empty but give no token under the perl tokenizer (Cyrillic letters such as"),
    ("empty", "1 of 12 predictions is empty or punctuation only: it scores 0"),
])
def test_plain_text_notes_leave_stdout_alone(documents, tmp_path, kind, says):
    args = write_input(tmp_path, plant(documents, kind, seed=2), "parallel")
    status, out, err = rouge155("-n", "2", *args)
    assert status == 0 and says in err and "[rouge155-doctor checks more; --quiet: no notes]" in err
    assert all(line.startswith("rouge155: note: ") for line in err.splitlines())
    quiet = rouge155("-n", "2", "--quiet", *args)
    assert quiet == (0, out, "")


def test_clean_plain_text_has_no_note(documents, tmp_path):
    args = write_input(tmp_path, Planted(documents, "clean"), "jsonl")
    assert rouge155("-n", "2", *args)[2] == ""


def test_check_reports_on_stderr_and_leaves_stdout_alone(documents, tmp_path):
    args = write_input(tmp_path, plant(documents, "escaped-text", seed=2), "config")
    status, out, err = rouge155("-n", "2", *args)
    assert status == 0 and err == ""  # a config's run: the Perl's stderr
    checked = rouge155("-n", "2", "--check", *args)
    assert checked[:2] == (0, out)
    assert checked[2].startswith("rouge155 --check: 12 pairs") and "[escaped-text]" in checked[2]


@pytest.mark.skipif(reference_dir() is None, reason="the reference ROUGE-1.5.5.pl is not installed "
                    "(scripts/setup-reference.sh)")
@pytest.mark.parametrize("kind", ["no-tokens", "empty", "lost-characters"])
def test_config_runs_with_problems_are_the_perls(documents, tmp_path, kind):
    args = write_input(tmp_path, plant(documents, kind, seed=2), "config")
    result = compare(reference_dir(), ["-n", "2", "-m", *args], str(tmp_path))
    assert result.same, result.describe()
    assert result.ours.stderr == b""  # no note in config mode


def test_cite(tmp_path, documents):
    args = write_input(tmp_path, Planted(documents, "clean"), "jsonl")
    status, out, _ = rouge155("-n", "2", "-m", "--cite", *args)
    last = out.rstrip("\n").split("\n")[-1]
    assert status == 0 and last.startswith("ROUGE-1, ROUGE-2 and ROUGE-L were computed with rouge155 ")
    assert "which reproduces ROUGE-1.5.5.pl (Chin-Yew Lin, 2004)" in last and "with stemming" in last
    assert "(signature rouge155:" in last and "|sem:perl|" in last
    status, out, _ = rouge155("-n", "2", "--cite", "--format", "json", "--semantics", "rouge-score", *args)
    doc = json.loads(out)
    assert doc["citation"].startswith("rouge1, rouge2, rougeL and rougeLsum were computed as rouge-score 0.1.2")
    assert doc["signature"] in doc["citation"]


def test_a_jsonl_or_text_file_where_a_config_goes(tmp_path, documents):
    args = write_input(tmp_path, Planted(documents, "clean"), "jsonl")
    status, out, err = rouge155("-a", args[1])
    assert status == 255 and out == "" and f"it looks like JSONL (one JSON object per line): give --jsonl {args[1]}" \
        in err and err.count("\n") == 1
    text = tmp_path / "sum.txt"
    text.write_text("the cat sat\n")
    assert "it looks like plain text: give --summaries FILE --references FILE" in rouge155("-a", str(text))[2]


def test_utf16_is_named(tmp_path):
    (tmp_path / "sum.txt").write_bytes("the cat sat\nthe dog ran\n".encode("utf-16"))
    (tmp_path / "ref.txt").write_text("a cat sat\na dog ran\n")
    status, _, err = rouge155("--summaries", "sum.txt", "--references", "ref.txt", cwd=tmp_path)
    assert status == 255 and err == ("sum.txt is UTF-16 (little-endian) text: rouge155 reads UTF-8; convert it first "
                                     "(iconv -f UTF-16 -t UTF-8)\n")
    assert "the file is UTF-16 (little-endian) text" in rouge155("-a", "sum.txt", cwd=tmp_path)[2]


def test_a_trailing_blank_line_in_a_parallel_file(tmp_path):
    (tmp_path / "sum.txt").write_text("the cat sat\nthe dog ran\n\n")
    (tmp_path / "ref.txt").write_text("a cat sat\na dog ran\n")
    (tmp_path / "ref1.txt").write_text("a cat sat\n")
    status, out, err = rouge155("-n", "1", "--summaries", "sum.txt", "--references", "ref.txt", cwd=tmp_path)
    assert status == 0 and err == ""
    (tmp_path / "sum2.txt").write_text("the cat sat\nthe dog ran\n")
    assert rouge155("-n", "1", "--summaries", "sum2.txt", "--references", "ref.txt", cwd=tmp_path)[1] == out
    status, _, err = rouge155("-n", "1", "--summaries", "sum.txt", "--references", "ref1.txt", cwd=tmp_path)
    assert status == 255 and err.startswith("ref1.txt has 1 lines but sum.txt has 3")  # ambiguous: refused


def test_directory_mode_names_files_in_json_and_csv_not_in_the_text():
    args = ["-n", "1", "-d", "--system-dir", "spl/systems", "--model-dir", "spl/models", "--system-pattern",
            r"(T\d+)\.P\.S1\.spl", "--model-pattern", r"#ID#\.M\..*"]
    status, text, _ = rouge155(*args, cwd=SAMPLE)
    assert status == 0 and "1 ROUGE-1 Eval 1.1 R:" in text  # pyrouge's config numbers them: the Perl's output
    status, out, _ = rouge155(*args, "--format", "json", cwd=SAMPLE)
    instances = json.loads(out)["metrics"][0]["instances"]
    assert [i["eval_id"] for i in instances] == ["T01.P.S1.spl", "T02.P.S1.spl", "T03.P.S1.spl"]
    assert instances[0]["id"] == "T01.P.S1.spl.1"
    status, out, _ = rouge155(*args, "--format", "csv", cwd=SAMPLE)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["eval_id"] for r in rows if r["scope"] == "instance"][:3] == ["T01.P.S1.spl", "T02.P.S1.spl",
                                                                            "T03.P.S1.spl"]


def test_meta_defaults_fit_a_single_reference(tmp_path):
    docs = []
    for k, d in enumerate(clean_documents(8, seed=4)):
        docs.append(d if k else d.__class__(d.ident, d.prediction, d.references[:1]))
    lines = [json.dumps({"id": d.ident, "system": s, "references": ["\n".join(r) for r in d.references],
                         "prediction": "\n".join(d.prediction if s == "A" else d.references[-1]),
                         "human": 0.1 * k + (s == "A")})
             for k, d in enumerate(docs) for s in ("A", "B", "C")]
    path = tmp_path / "judged.jsonl"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = rouge155(str(path), "--variant", "ROUGE-1", "--resamples", "20", "--quiet", "--jobs", "1",
                                command="rouge155-meta")
    assert status == 0, err
    assert "rouge155-meta: note: reference setting jackknife left out: document D000 has 1 reference" in err
    assert " all\n" in out and "jackknife" not in out
    status, _, err = rouge155(str(path), "--references", "jackknife", "--variant", "ROUGE-1", "--resamples", "20",
                              "--quiet", command="rouge155-meta")
    assert status == 1 and "too few for it" in err  # asked for by name: refused
    status, _, err = rouge155(str(path), "--check", "--variant", "ROUGE-1", "--resamples", "20", "--quiet",
                              "--jobs", "1", command="rouge155-meta")
    assert status == 0 and err.startswith("rouge155-meta --check: 24 pairs") and "[references-vary]" in err
