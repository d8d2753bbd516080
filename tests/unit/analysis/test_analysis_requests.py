"""docs/hostile-input.md, "Requests too large, outputs that clash": rouge155-report, -compare and -correlate
refuse what they cannot meet before they allocate (one line naming the option and the size, status 2),
refuse outputs that would overwrite each other or an input before anything runs, and say so when merged
correlations are over different documents."""
import json
import os

import pytest

from rouge155.analysis import compare
from rouge155.base import budget
from rouge155.base.errors import OptionError


@pytest.fixture
def files(isi_document, tmp_path):
    res = tmp_path / "r.json"
    res.write_text(json.dumps(isi_document))
    human = tmp_path / "h.csv"
    human.write_text("system,document,q\nS1,T01,1\nS1,T02,2\nS2,T01,2\nS2,T02,1\nS3,T01,3\nS3,T02,3\n")
    return res, human


def _one_line(status, out, err, code=2):
    assert status == code and out == "" and err.count("\n") == 1 and "Traceback" not in err, (status, err)
    return err


@pytest.mark.parametrize("name", ["rouge155-compare", "rouge155-correlate", "rouge155-report"])
@pytest.mark.parametrize("resamples", ["1000000000", "100000000000000000000000"])
def test_resamples_beyond_memory_refused_first(files, tool, name, resamples):
    res, human = files
    extra = {"rouge155-correlate": ["--human", human], "rouge155-report": ["--significance"]}.get(name, [])
    err = _one_line(*tool(name, res, *extra, "--resamples", resamples))
    assert f"--resamples {int(resamples):,} (" in err and "would need about" in err and "available" in err


def test_api_resamples_checked_with_a_fitting_type(isi_document):
    from rouge155.analysis import from_document

    run = from_document(isi_document)
    for bad in (0, 1.5, True, "10"):
        with pytest.raises(OptionError, match="resamples must be a whole number"):
            compare(run, resamples=bad)
    with pytest.raises(OptionError, match=r"--resamples 10,000,000,000 \(3 evaluations\) would need about"):
        compare(run, resamples=10**10)


@pytest.mark.parametrize("args, message", [
    (["--confidence", "nan"], "Invalid value for '--confidence': 'nan' is not a number"),
    (["--summary-filter-p", "nan"], "Invalid value for '--summary-filter-p': 'nan' is not a number"),
    (["--alpha", "nan"], "Invalid value for '--alpha': 'nan' is not a number"),
    (["--sample-size", "0"], "--sample-size 0: not between 1 and the 2 documents scored"),
])
def test_options_the_ranges_refuse(files, tool, args, message):
    res, human = files
    err = _one_line(*tool("rouge155-correlate", "--human", human, res, *args))
    assert message in err


def test_compare_a_system_given_twice_is_compared_once(files, tool):
    status, _out, err = tool("rouge155-compare", files[0], "--system", "S1", "--system", "S1")
    assert status == 1 and "comparing needs at least two systems; the results have 1 (S1)" in err
    once = tool("rouge155-compare", files[0], "--metric", "ROUGE-1")[1]
    assert tool("rouge155-compare", files[0], "--metric", "ROUGE-1", "--metric", "ROUGE-1")[1] == once


# -- outputs ------------------------------------------------------------------------------------------

def test_two_outputs_one_file_refused_before_anything_is_written(files, tool, tmp_path):
    res, human = files
    os.symlink(tmp_path / "x.csv", tmp_path / "link.csv")
    for per_doc in (tmp_path / "x.csv", f"{tmp_path}/./x.csv", tmp_path / "link.csv"):
        err = _one_line(*tool("rouge155-correlate", "--human", human, res, "-o", tmp_path / "x.csv",
                              "--per-document", per_doc))
        assert "both write to" in err and "give each output its own file" in err
        assert not (tmp_path / "x.csv").exists()


def test_output_over_an_input_refused(files, tool, tmp_path):
    res, human = files
    before = res.read_bytes()
    os.link(res, tmp_path / "hard.json")
    for name, args in (("rouge155-report", [res, "-o", res]), ("rouge155-compare", [res, "-o", tmp_path / "hard.json"]),
                       ("rouge155-correlate", ["--human", human, res, "-o", human])):
        err = _one_line(*tool(name, *args))
        assert "is also an input: it would be overwritten" in err
    assert res.read_bytes() == before


@pytest.mark.parametrize("where, message", [
    ("missing/out.html", "the directory {tmp}/missing does not exist"),
    ("adir", "is a directory: give a file name"),
    ("loop", "Too many levels of symbolic links"),
])
def test_output_that_cannot_be_written_refused_first(files, tool, tmp_path, where, message):
    (tmp_path / "adir").mkdir()
    os.symlink(tmp_path / "loop2", tmp_path / "loop")
    os.symlink(tmp_path / "loop", tmp_path / "loop2")
    err = _one_line(*tool("rouge155-report", files[0], "-o", tmp_path / where))
    assert message.format(tmp=tmp_path) in err


# -- merged correlations over other documents --------------------------------------------------------

def test_merge_states_each_parts_documents(files, tool, tmp_path):
    res, human = files
    (tmp_path / "h1.csv").write_text("system,document,q\nS1,T01,1\nS2,T01,2\nS3,T01,0\n")
    one = tmp_path / "one.json"
    one.write_text(tool("rouge155-correlate", "--human", tmp_path / "h1.csv", res, "--format", "json",
                        "--resamples", "20", "--level", "system")[1])
    two = tmp_path / "two.json"
    two.write_text(tool("rouge155-correlate", "--human", human, res, "--format", "json", "--resamples", "20",
                        "--level", "system")[1])
    status, out, err = tool("rouge155-correlate", "--merge", one, two)
    assert status == 0, err
    assert "q: system level (systems x documents per variant: one 3 x 1, two 3 x 2)" in out
    page = tool("rouge155-correlate", "--merge", one, two, "--format", "html")[1]
    assert "systems x documents per variant: one 3 x 1, two 3 x 2" in page
    assert "(3 systems, 2 documents)" in tool("rouge155-correlate", "--merge", two)[1]


def test_memory_check_asks_the_system_only_for_large_requests(monkeypatch):
    asked = []
    monkeypatch.setattr(budget, "available_memory", lambda: asked.append(1) or 1 << 30)
    budget.refuse_beyond_memory("small", 1 << 20)
    assert not asked
    with pytest.raises(OptionError, match=r"^big would need about 2.15 GB of memory \(1.07 GB available\)$"):
        budget.refuse_beyond_memory("big", 1 << 31)
    assert budget.size_text(3e21) == "3e+21 bytes" and budget.size_text(1500) == "1.5 KB"


def test_an_evaluation_given_twice_is_refused(isi_document, tool, tmp_path):
    doc = json.loads(json.dumps(isi_document))
    doc["metrics"][0]["instances"].append(dict(doc["metrics"][0]["instances"][0]))
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(doc))
    for name in ("rouge155-compare", "rouge155-report"):
        status, out, err = tool(name, path)
        assert status == 1 and out == "" and err.count("\n") == 1
        assert f"metrics[0].instances[{len(doc['metrics'][0]['instances']) - 1}].eval_id is 'T01', an evaluation " \
               "given twice" in err
