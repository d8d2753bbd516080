"""rouge155-audit as a user runs it: every input mode (JSONL, parallel files with several reference
files, directories, a SEE config), text, JSON and HTML (hostile text escaped), the shares adding up to
the differences, and one line with status 2 (command line) or 1 (input) for every error."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from devkit.semgen import pairs
from support.summaries import cnndm_rows

pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")

from rouge155.cli.audit import run

REPO = Path(__file__).resolve().parents[3]


def audit(*args, cwd=None):
    out, err = io.StringIO(), io.StringIO()
    if cwd is not None:
        from devkit.difftools import working_dir

        with working_dir(str(cwd)):
            status = run(list(args), out, err)
    else:
        status = run(list(args), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def small_jsonl(tmp_path_factory):
    rows = cnndm_rows(40)
    path = tmp_path_factory.mktemp("audit") / "small.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_text_report(small_jsonl):
    status, out, err = audit("-n", "2", "-m", "--jsonl", str(small_jsonl), "--top", "2")
    assert status == 0 and err == ""
    for row in ("ROUGE-1:", "ROUGE-2:", "ROUGE-L:", "ROUGE-Lsum:"):
        assert row in out
    assert "rouge-score  rougeL" in out and "Pairs that differ most" in out and "Rules:" in out
    assert "pltrdy" in out and "no stemmer" in out


def test_json_shares_add_up_to_each_difference(small_jsonl):
    status, out, _ = audit("-n", "1", "--jsonl", str(small_jsonl), "--format", "json")
    assert status == 0
    doc = json.loads(out)["audit"]
    assert doc["pairs"] == 40 and [r["row"] for r in doc["rows"]] == ["ROUGE-1", "ROUGE-L", "ROUGE-Lsum"]
    checked = 0
    for row in doc["rows"]:
        for e in row["entries"]:
            for m in ("precision", "recall", "fmeasure"):
                total = sum(s[m] for s in e["shares"].values())
                assert total == pytest.approx(e["difference"][m], abs=1e-12)
                assert e["model_gap"] == 0.0
                checked += 1
            assert e["corpus"]["fmeasure"] - row["perl"]["fmeasure"] == pytest.approx(e["difference"]["fmeasure"])
    assert checked >= 3 * 8


def test_semantics_subset_and_seed(small_jsonl):
    _, first, _ = audit("-n", "1", "-x", "--jsonl", str(small_jsonl), "--format", "json", "--semantics",
                        "rouge-score", "--seed", "3")
    doc = json.loads(first)["audit"]
    assert list(doc["implementations"]) == ["perl", "rouge-score"]
    assert doc["implementations"]["rouge-score"]["settings"]["seed"] == 3
    _, other, _ = audit("-n", "1", "-x", "--jsonl", str(small_jsonl), "--format", "json", "--semantics",
                        "rouge-score", "--seed", "4")
    f = lambda text: json.loads(text)["audit"]["rows"][0]["entries"][0]["corpus"]["fmeasure"]  # noqa: E731
    assert f(first) != f(other)  # the bootstrap median moves with the seed


def test_html_escapes_the_input(tmp_path):
    hostile = '<script>alert(1)</script> & "quotes" <img src=x onerror=alert(2)>'
    path = tmp_path / "h.jsonl"
    rows = [{"id": f'"><b>{i}', "prediction": hostile + f" word{i} the cat sat", "references": [f"the cat sat {i}"]}
            for i in range(6)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    status, out, err = audit("-n", "1", "--jsonl", str(path), "--format", "html")
    assert status == 0, err
    assert "<script>" not in out and "<img" not in out and "<b>" not in out
    assert "&lt;script&gt;" in out and out.startswith("<!DOCTYPE html>") and "<svg" in out
    assert out.isascii()


def test_parallel_files_with_two_reference_sets(tmp_path):
    preds, refs = pairs(30, seed=51, max_refs=1)
    flat = [p.replace("\n", " ").replace("\r", " ") for p in preds]
    (tmp_path / "sys.txt").write_text("\n".join(flat) + "\n", encoding="utf-8")
    for k in (1, 2):
        lines = [(r[0] if k == 1 else p).replace("\n", " ").replace("\r", " ") for p, r in zip(flat, refs)]
        (tmp_path / f"ref{k}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = audit("-n", "2", "--summaries", str(tmp_path / "sys.txt"), "--references",
                             str(tmp_path / "ref1.txt"), "--references", str(tmp_path / "ref2.txt"), "--format", "json")
    assert status == 0, err
    doc = json.loads(out)["audit"]
    assert doc["references"] == {"min": 2, "max": 2}
    assert "one reference per prediction" in doc["unavailable"]["pltrdy"]
    # the same note as rouge155 --semantics rouge-score writes for -f A (one rule: semantics.setup.reference_policy)
    assert doc["implementations"]["rouge-score"]["notes"] == [
        ("no average over references (-f A): rouge-score keeps its best F (score_multi), as it does with several "
         "references (-f B says so)")]
    entry = next(e for e in doc["rows"][0]["entries"] if e["semantics"] == "rouge-score")
    assert "multi_reference" in entry["differing_rules"]


def test_directories_and_configs():
    sample = REPO / "sample-test"
    status, out, err = audit("-n", "2", "--system-dir", "spl/systems", "--model-dir", "spl/models",
                             "--system-pattern", r"(T\d+)\.P\.S1\.spl", "--model-pattern", r"#ID#\.M\..*",
                             "--format", "json", cwd=sample)
    assert status == 0, err
    assert json.loads(out)["audit"]["pairs"] == 3
    status, out, err = audit("-n", "2", "-f", "B", "rouge155-see.xml", "S2", "--format", "json", cwd=sample)
    assert status == 0, err
    doc = json.loads(out)["audit"]
    assert doc["pairs"] == 3 and doc["settings"]["multi_reference"] == "B"


@pytest.mark.parametrize("args,status,says", [
    (["-s", "--jsonl", "x"], 2, "-s"),
    (["-n", "2"], 2, "nothing to audit"),
    (["--jsonl", "/no/such/file"], 1, "Cannot open"),
    (["--format", "pdf", "--jsonl", "x"], 2, "--format"),
    (["--semantics", "bleu", "--jsonl", "x"], 2, "--semantics"),
    (["--top", "-1", "--jsonl", "x"], 2, "--top"),
    (["--frobnicate"], 2, "no such option"),
    (["rouge155-see.xml"], 2, "name the one to audit"),
])
def test_errors_are_one_line(args, status, says):
    got, out, err = audit(*args, cwd=REPO / "sample-test")
    assert got == status and out == ""
    assert err.count("\n") == 1 and err.startswith("rouge155-audit: ") and says in err


def test_empty_input(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("\n", encoding="utf-8")
    status, _, err = audit("--jsonl", str(path))
    assert status == 1 and err.count("\n") == 1


def test_help():
    status, out, _ = audit("--help")
    assert status == 0 and "--semantics NAME" in out and "-m, -n N, -f A|B, -x" in out and "--check" in out


def test_each_implementation_carries_its_signature(small_jsonl):
    from rouge155.output.signature import parse

    status, out, _ = audit("-n", "1", "-m", "--jsonl", str(small_jsonl), "--format", "json")
    assert status == 0
    implementations = json.loads(out)["audit"]["implementations"]
    for name, record in implementations.items():
        fields = parse(record["signature"]).fields
        assert fields["sem"] == name and fields["refs"] == "1"
    assert parse(implementations["perl"]["signature"]).fields["stem"] == "m"
    assert parse(implementations["pltrdy"]["signature"]).get("sem.use_stemmer") is None  # it has no stemmer


def _two_systems(tmp_path):
    rows = cnndm_rows(6)
    lines = [json.dumps(dict(r, system=s, prediction=r["prediction"] if s == "A" else r["references"][0][:200]))
             for s in ("A", "B") for r in rows]
    path = tmp_path / "two.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_every_system_with_a_and_its_output_with_o(tmp_path):
    """-a audits every system (the message without it names -a, and -a is taken); -o FILE is --output FILE."""
    path = _two_systems(tmp_path)
    status, out, err = audit("-n", "1", "-x", "--jsonl", str(path))
    assert status == 1 and "give -a" in err
    target = tmp_path / "audit.json"
    status, out, err = audit("-a", "-n", "1", "-x", "--jsonl", str(path), "--format", "json", "-o", str(target))
    assert status == 0 and out == "" and err == ""
    doc = json.loads(target.read_text())
    assert [a["system"] for a in doc["audits"]] == ["A", "B"] and all(a["pairs"] == 6 for a in doc["audits"])
    status, out, _ = audit("-a", "-n", "1", "-x", "--jsonl", str(path), "--semantics", "rouge-score")
    assert status == 0 and out.count("rouge155-audit: 6 pairs") == 2 and "(system B)" in out
    status, page, _ = audit("-a", "-n", "1", "-x", "--jsonl", str(path), "--semantics", "rouge-score", "--format",
                            "html")
    assert status == 0 and f"<title>rouge155-audit: {path} (systems A, B)</title>" in page
    assert 'id="s0-rules"' in page and 'id="s1-rules"' in page
    status, _, err = audit("-n", "1", "--jsonl", str(path), "-o", "x", "--output", "y")
    assert status == 2 and "give it once" in err


def test_short_options_as_the_other_commands():
    status, out, _ = audit("-h")
    assert status == 0 and "-a: audit every system" in out and "-o FILE" in out


def test_check_and_cite(tmp_path):
    path = tmp_path / "pairs.jsonl"
    path.write_text(json.dumps({"id": "d1", "prediction": "", "references": ["a cat sat on the mat"]}) + "\n"
                    + json.dumps({"id": "d2", "prediction": "the dog ran", "references": ["a dog ran"]}) + "\n")
    status, out, err = audit("-n", "1", "-x", "--jsonl", str(path), "--semantics", "rouge-score", "--check", "--cite")
    assert status == 0
    assert err.startswith("rouge155-audit --check: 2 pairs") and "[empty] 1 of 2 predictions is empty" in err
    assert "citation (perl): ROUGE-1 was computed with rouge155" in out
    assert "citation (rouge-score): rouge1 was computed as rouge-score 0.1.2" in out


def test_directory_mode_pairs_are_named_by_their_files():
    status, out, err = audit("-n", "1", "--system-dir", "spl/systems", "--model-dir", "spl/models", "--system-pattern",
                             r"(T\d+)\.P\.S1\.spl", "--model-pattern", r"#ID#\.M\..*", "--format", "json", "--top",
                             "3", cwd=REPO / "sample-test")
    assert status == 0, err
    ids = {p["id"] for row in json.loads(out)["audit"]["rows"] for e in row["entries"] for p in e["top_pairs"]}
    assert ids and ids <= {"T01.P.S1.spl", "T02.P.S1.spl", "T03.P.S1.spl"}
