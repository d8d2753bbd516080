"""docs/hostile-input.md for rouge155-meta: a grid too large to meet is refused before anything is scored
(one line naming the option and the size, status 2); ROUGE-N orders past every text cost nothing; click's
range errors are one line; outputs that would overwrite each other or an input are refused first; the
k-subsets of many references are averaged a chunk at a time, with the numbers of one chunk."""
import numpy as np
import pytest

from devkit.judgedgen import judged_records, write_jsonl
from rouge155.base.errors import OptionError
from rouge155.meta import GridSpec, parse_reference_setting, parse_variants, read_judged, run_grid
from rouge155.meta import scoring
from support.cli import rouge155_meta

FAST = ["--resamples", "40", "--quiet", "--jobs", "1", "--condition", "as is="]


@pytest.fixture(scope="module")
def many_refs(tmp_path_factory):
    """3 systems x 2 documents with 30 references each."""
    return write_jsonl(tmp_path_factory.mktemp("meta") / "refs30.jsonl",
                       judged_records(systems=3, documents=2, references=30, seed=2))


def _one_line(code, out, err):
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("args, message", [
    (["--references", "15"], ("--references 15: the number of 15-subsets of a document's 30 references is "
                             "155,117,520, more than the 10,000 this tool computes")),
    (["--references", "4"], "27,405, more than the 10,000"),
    (["--resamples", "1000000000"], "--resamples 1,000,000,000 ("),
    (["--confidence", "100"], "Invalid value for '--confidence': 100.0 is not in the range 0<x<100."),
    (["--confidence", "nan"], "Invalid value for '--confidence': 'nan' is not a number"),
    (["--alpha", "1"], "Invalid value for '--alpha'"),
    (["--resamples", "0"], "Invalid value for '--resamples'"),
    (["--jobs", "0"], "Invalid value for '--jobs'"),
])
def test_refused_in_one_line_before_scoring(many_refs, args, message):
    err = _one_line(*rouge155_meta(many_refs, *FAST, *args))
    assert err.startswith("rouge155-meta: ") and message in err


def test_api_refuses_with_an_option_error(many_refs):
    judged = read_judged(str(many_refs))
    with pytest.raises(OptionError, match="155,117,520"):
        run_grid(judged, GridSpec(references=[parse_reference_setting("15")]))


def test_order_past_every_text_costs_nothing(many_refs):
    code, out, err = rouge155_meta(many_refs, *FAST, "--variant", "ROUGE-1,ROUGE-99999999999999999999",
                                     "--references", "all")
    assert code == 0, err
    assert "ROUGE-99999999999999999999" in out and "nan" in out  # zero counts everywhere: no correlation


def test_jobs_beyond_the_cpus(many_refs):
    code, _out, err = rouge155_meta(many_refs, *FAST[:-4], "--jobs", "100000", "--variant", "ROUGE-1",
                                      "--references", "all")
    assert code == 0 and err == "", err


def test_outputs_that_clash(many_refs, tmp_path):
    x = tmp_path / "x"
    err = _one_line(*rouge155_meta(many_refs, *FAST, "--json", x, "--html", x, "-o", x))
    assert "both write to" in err and not x.exists()
    err = _one_line(*rouge155_meta(many_refs, *FAST, "--json", "-"))
    assert "-o/--output and --json both write to stdout" in err
    err = _one_line(*rouge155_meta(many_refs, *FAST, "--html", many_refs))
    assert "is also an input" in err


def test_subsets_a_chunk_at_a_time(many_refs, monkeypatch):
    """Every 2-subset of 30 references (435) in chunks of a few subsets: the means of one chunk, to 1e-12."""
    judged = read_judged(str(many_refs))
    spec = GridSpec(variants=parse_variants(["ROUGE-1", "ROUGE-L"]), references=[parse_reference_setting("2")],
                    resamples=20, levels=("system",), coefficients=("pearson",))
    whole = run_grid(judged, spec)
    monkeypatch.setattr(scoring, "_CHUNK_CELLS", 20)
    chunked = run_grid(judged, spec)
    for key, means in whole.averages.items():
        other = chunked.averages[key]
        assert means.keys() == other.keys()
        assert np.allclose([means[p] for p in means], [other[p] for p in means], rtol=1e-12, atol=0)
