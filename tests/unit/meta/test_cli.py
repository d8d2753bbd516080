"""rouge155-meta as a user runs it: the three outputs agree, text from the inputs is escaped in HTML,
and every bad input is one line on stderr with status 1 (2 for usage)."""
import json
import re

import pytest

from devkit.judgedgen import judged_records, write_config, write_jsonl
from support.cli import rouge155_meta

FAST = ["--resamples", "60", "--variant", "ROUGE-1,ROUGE-2,ROUGE-L", "--quiet", "--jobs", "1"]


@pytest.fixture(scope="module")
def records():
    return judged_records(systems=3, documents=4, references=2, seed=4)


def _jsonl(tmp_path, records, change=None):
    rows = [dict(r) for r in records]
    if change:
        rows = change(rows)
    return write_jsonl(tmp_path / "judged.jsonl", rows)


def test_text_json_and_html_agree(tmp_path, records):
    path = _jsonl(tmp_path, records)
    code, out, err = rouge155_meta(path, *FAST, "--json", tmp_path / "g.json", "--html", tmp_path / "g.html")
    assert code == 0, err
    doc = json.loads((tmp_path / "g.json").read_text())
    page = (tmp_path / "g.html").read_text()
    assert len(doc["cells"]) == 3 * 3 * 2 * 2 * 3  # variants x conditions x settings x levels x coefficients
    for cell in doc["cells"]:
        if cell["value"] is None:
            continue
        shown = f"{cell['value']:.3f}"
        assert f'data-value="{cell["value"]!r}"' in page
        assert shown in out
    assert out.splitlines()[0].startswith("rouge155-meta: 3 systems, 4 documents (2 references each)")
    best = [c for c in doc["cells"] if c["best"]]
    assert len(best) == 3 * 2 * 2 * 3  # one per column (conditions x settings x levels x coefficients)
    assert all(c["p_permutation"] is None for c in best)


def test_inputs_text_is_escaped_in_html(tmp_path, records):
    def hostile(rows):
        for r in rows:
            r["system"] = "<script>x</script>" + r["system"]
        return rows
    path = _jsonl(tmp_path, records, hostile)
    code, out, err = rouge155_meta(path, *FAST, "--format", "html", "--condition", "<b>=-m")
    assert code == 0, err
    assert "<script>" not in out and "<b>" not in out and "&lt;b&gt;" in out


def _drop(rows):
    return [r for r in rows if not (r["system"] == "sys1" and r["id"] == "d2")]


def _word_score(rows):
    rows[3]["relevance"] = "high"
    return rows


def _one_system(rows):
    return [r for r in rows if r["system"] == "sys0"]


def _other_references(rows):
    rows[1]["references"] = ["another text"] + rows[1]["references"][1:]
    return rows


@pytest.mark.parametrize("change, message", [
    (_drop, "no human score for system sys1 on document d2"),
    (_word_score, "relevance is 'high', not a number"),
    (_one_system, "correlation needs at least two systems"),
    (_other_references, "id d0 has other references than at"),
])
def test_bad_judged_data_is_one_line(tmp_path, records, change, message):
    code, out, err = rouge155_meta(_jsonl(tmp_path, records, change), *FAST)
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err


def test_bad_config_inputs_are_one_line(tmp_path, records):
    files = write_config(tmp_path, records)
    human = files["human"].read_text()
    cases = [
        (human.replace(",d3,", ",d9,"), "human scores name document d9, which is not in"),
        (human.replace("sys2,", "sys7,"), "human scores name system sys7, which is not in"),
        (re.sub(r"sys2,d1,[^\n]*", "sys2,d1,oops", human), "relevance is 'oops', not a number"),
    ]
    for text, message in cases:
        files["human"].write_text(text)
        code, _, err = rouge155_meta(files["config"], "--human", files["human"], *FAST)
        assert code == 1 and len(err.strip().splitlines()) == 1 and message in err, (message, err)
    code, _out, err = rouge155_meta(files["config"], *FAST)
    assert code == 1 and "needs --human" in err


@pytest.mark.parametrize("args, message, status", [
    (["--variant", "ROUGE-Q"], "unknown metric", 2),
    (["--condition", "-n 4"], "-n chooses metrics", 2),
    (["--condition", "-m -q"], "is not a ROUGE-1.5.5 flag of a condition", 2),
    (["--references", "half"], "reference setting 'half'", 2),
    (["--references", "all", "--humans-as-peers"], "jackknife", 2),
    (["--length-limit", "100x"], "--length-limit", 2),
    (["--references", "ref5"], "too few", 1),  # the data's problem: the documents have 2 references
])
def test_bad_settings_are_one_line(tmp_path, records, args, message, status):
    code, out, err = rouge155_meta(_jsonl(tmp_path, records), *FAST, *args)
    assert code == status and out == "" and len(err.strip().splitlines()) == 1 and message in err, err


def test_length_limits_multiply_the_conditions(tmp_path, records):
    code, out, err = rouge155_meta(_jsonl(tmp_path, records), *FAST, "--condition", "=", "--condition", "-m",
                          "--length-limit", "none", "--length-limit", "20w", "--level", "system",
                          "--coefficient", "pearson", "--references", "all")
    assert code == 0, err
    header = [line for line in out.splitlines() if line.startswith("variant")][0]
    assert re.findall(r"as is|-m, -l 20|-l 20|-m", header) == ["as is", "-m", "-l 20", "-m, -l 20"]


def test_processes_give_the_same_numbers(tmp_path, records):
    path = _jsonl(tmp_path, records)
    outputs = []
    for jobs in ("1", "2"):
        code, out, err = rouge155_meta(path, *FAST, "--jobs", jobs, "--format", "json")
        assert code == 0, err
        doc = json.loads(out)
        outputs.append(doc["cells"])
    assert outputs[0] == outputs[1]
