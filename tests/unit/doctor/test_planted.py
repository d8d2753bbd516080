"""rouge155-doctor names every planted problem, in every input mode it can be written in, and nothing on
clean data: generated English-like text (devkit.doctorgen), the CNN/DM outputs of tests/data, and the
original release's samples (where it names what they really hold)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from devkit.difftools import REPO
from devkit.doctorgen import MODES, PLANTS, Planted, clean_documents, modes_for, plant, write_input, wrong_kind_input
from rouge155.cli.doctor import run

CNNDM = REPO / "tests" / "data" / "cnndm_pointer_generator_200.jsonl"
RELEASE = REPO.parent / "shared" / "rouge-1.5.5-sample" / "sample-test"
# what a planted problem brings with it: a config's repeated EVAL is merged into the first (the script's
# reading), whose references then outnumber the others'
CONSEQUENCES = {("duplicate-ids", "config"): {"references-vary"}}


def doctor(*args, cwd=None):
    """(status, the problems' kinds, the JSON document, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    if cwd is not None:
        from devkit.difftools import working_dir

        with working_dir(str(cwd)):
            status = run(["--format", "json", *args], out, err)
    else:
        status = run(["--format", "json", *args], out, err)
    doc = json.loads(out.getvalue()) if out.getvalue() else {}
    kinds = [p["kind"] for p in doc.get("doctor", {}).get("problems", [])]
    return status, kinds, doc, err.getvalue()


@pytest.fixture(scope="module")
def documents():
    return clean_documents(seed=11)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("semantics", [[], ["--semantics", "rouge-score"], ["--semantics", "py-rouge"],
                                       ["-x", "-n", "2"]])
def test_clean_data_has_no_problem(documents, tmp_path, mode, semantics):
    args = write_input(tmp_path, Planted(documents, "clean"), mode)
    status, kinds, doc, err = doctor(*semantics, *args)
    assert (status, kinds, err) == (0, [], ""), doc
    assert doc["doctor"]["input"]["pairs"] == len(documents)


@pytest.mark.parametrize("kind,mode", [(kind, mode) for kind in PLANTS
                                       for mode in modes_for(plant(clean_documents(4, seed=1), kind))])
def test_each_planted_problem_is_named(documents, tmp_path, kind, mode):
    planted = plant(documents, kind, seed=5)
    args = write_input(tmp_path, planted, mode)
    status, kinds, doc, err = doctor(*args)
    assert status == 1 and err == ""
    assert kind in kinds, doc
    assert set(kinds) <= {kind} | CONSEQUENCES.get((kind, mode), set()), doc
    for problem in doc["doctor"]["problems"]:
        assert problem["count"] >= 1 and problem["ids"] and problem["message"] and problem["advice"]


def test_planted_problems_name_their_documents(documents, tmp_path):
    planted = plant(documents, "identical", seed=5)
    copied = [d.ident for d, clean in zip(planted.docs, documents) if d.prediction != clean.prediction]
    _, _, doc, _ = doctor(*write_input(tmp_path, planted, "jsonl"))
    (problem,) = doc["doctor"]["problems"]
    assert problem["count"] == len(copied) and problem["ids"] == copied[:5] and problem["of"] == len(documents)


def test_a_jsonl_file_given_as_a_config(tmp_path):
    status, kinds, doc, _ = doctor(*wrong_kind_input(tmp_path))
    assert status == 1 and kinds == ["input-kind"]
    assert "give --jsonl" in doc["doctor"]["problems"][0]["advice"]


def test_language_options_clear_the_tokenizer_problems(documents, tmp_path):
    args = write_input(tmp_path, plant(documents, "lost-characters", seed=5), "jsonl")
    assert doctor(*args)[1] == ["lost-characters"]
    assert doctor("--language", "de", *args)[:2] == (0, [])
    assert doctor("--unicode", *args)[:2] == (0, [])
    args = write_input(tmp_path / "ru", plant(documents, "no-tokens", seed=5), "jsonl")
    assert doctor("--unicode", *args)[:2] == (0, [])


def test_summary_level_lcs_not_asked_is_not_checked(documents, tmp_path):
    args = write_input(tmp_path, plant(documents, "single-sentence", seed=5), "jsonl")
    assert doctor(*args)[1] == ["single-sentence"]
    assert doctor("-x", "-n", "2", *args)[:2] == (0, [])


def test_real_cnndm_outputs_are_clean():
    for semantics in ([], ["--semantics", "rouge-score"], ["--semantics", "pltrdy"]):
        status, kinds, doc, err = doctor(*semantics, "-n", "2", "--jsonl", str(CNNDM))
        assert (status, kinds, err) == (0, [], ""), doc


RELEASE_RUNS = [
    (["-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "4", "-w", "1.2", "-a", "ROUGE-test.xml"], []),
    (["-3", "HM", "-z", "SIMPLE", "DUC2002-BE-F.in.26.lst", "26"], []),
    (["-3", "HM", "DUC2002-BE-L.in.26.simple.xml", "26"], []),
    # what the release's own sample holds: system 26's DUC 2002 summaries keep -LRB- 09/11/1988 -RRB-
    # (scored as the words lrb and rrb), and verify.xml gives one summary as up to four models of an
    # evaluation (its peer C is scored against copies of itself)
    (["-n", "4", "-z", "SPL", "DUC2002-ROUGE.in.26.spl.lst", "26"], ["escaped-text"]),
    (["-n", "4", "-a", "verify.xml"], ["duplicate-ids", "identical"]),
]


@pytest.mark.skipif(not RELEASE.is_dir(), reason="the original release's sample (../shared) is not here")
@pytest.mark.parametrize("args,expected", RELEASE_RUNS)
def test_the_release_samples(args, expected):
    status, kinds, doc, err = doctor(*args, cwd=RELEASE)
    assert kinds == expected and status == (1 if expected else 0) and err == "", doc


def test_the_bundled_sample_has_its_varying_references():
    status, kinds, doc, _ = doctor("-a", "rouge155-see.xml", cwd=REPO / "sample-test")
    assert status == 1 and kinds == ["references-vary"]
    assert doc["doctor"]["problems"][0]["ids"] == ["T01 (3)", "T02 (2)"]


def test_text_report_and_usage(tmp_path, documents):
    args = write_input(tmp_path, plant(documents, "empty", seed=5), "jsonl")
    out, err = io.StringIO(), io.StringIO()
    assert run(args, out, err) == 1
    text = out.getvalue()
    assert text.startswith("rouge155-doctor: 24 pairs (24 documents, system 1, 2 references each)")
    assert "2 problems found:\n[empty] " in text and "    first: " in text and "    what to do: " in text
    out, err = io.StringIO(), io.StringIO()
    assert run(["-o", str(tmp_path / "report.txt"), *args], out, err) == 1 and out.getvalue() == ""
    assert (tmp_path / "report.txt").read_text() == text
    for bad, says in ((["--format", "csv", *args], "--format"), ([], "nothing to check"),
                      (["--frobnicate"], "no such option"), (["-q", *args], "unknown flag -q")):
        out, err = io.StringIO(), io.StringIO()
        assert run(bad, out, err) == 2 and err.getvalue().count("\n") == 1 and says in err.getvalue(), bad
    out = io.StringIO()
    assert run(["-h"], out, io.StringIO()) == 0 and "Exit status: 0 nothing found, 1 problems found" in out.getvalue()


def test_console_script_installed():
    assert Path(__file__).exists()
    import shutil
    import subprocess

    exe = shutil.which("rouge155-doctor")
    if exe is None:
        pytest.skip("rouge155-doctor is not on PATH (the package is not installed)")
    p = subprocess.run([exe, "--jsonl", str(CNNDM)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and "no problem found" in p.stdout
