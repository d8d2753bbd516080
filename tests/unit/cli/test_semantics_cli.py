"""``rouge155 --semantics NAME``: every pair's values and the corpus scores equal the implementation's own
(rouge-score, torchmetrics, the rouge package, py-rouge, called here on the same texts), in JSON (valid
against the schema) and CSV; the Perl flags mapped (-n, -x, -m, -f, -p, -l, -r/-c, --seed); every flag
without a counterpart refused in one line; ``--semantics perl`` the default output, byte for byte."""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from devkit.oracles import load_py_rouge, load_rouge_package
from devkit.semgen import pairs
from support.cli import run_as_command
from support.summaries import cnndm_pairs, write_pairs_jsonl

pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")


REPO = Path(__file__).resolve().parents[3]
SCHEMA = REPO / "schema" / "rouge155-result.schema.json"


def rouge155(*argv):
    """(status, stdout, stderr) as text of ``rouge155 ARGV`` in this process, read as the command reads it."""
    status, out, err = run_as_command(argv)
    return status, out.decode("utf-8"), err.decode("utf-8")


@pytest.fixture(scope="module")
def jsonl(tmp_path_factory):
    return write_pairs_jsonl(tmp_path_factory.mktemp("sem") / "cnndm.jsonl", *cnndm_pairs(60))


@pytest.fixture(scope="module")
def multi(tmp_path_factory):
    """Parallel files: one summary per line, two reference files (generated text, one line each)."""
    preds, refs = pairs(80, seed=61, max_refs=1)
    other, _ = pairs(80, seed=62, max_refs=1)
    flat = lambda t: " ".join(t.split())  # noqa: E731
    folder = tmp_path_factory.mktemp("multi")
    for name, lines in (("sys", preds), ("ref1", [r[0] for r in refs]), ("ref2", other)):
        (folder / f"{name}.txt").write_text("\n".join(flat(t) for t in lines) + "\n", encoding="utf-8")
    texts = [[flat(r[0]), flat(o)] for r, o in zip(refs, other)]
    return folder, [flat(p) for p in preds], texts


def results_of(out):
    doc = json.loads(out)
    return {(r["system"], r["metric"]): r for r in doc["semantics"]["results"]}, doc


def pair_values(result, measure):
    return [p[measure] for p in result["pairs"]]


def test_rouge_score_pairs_and_bootstrap(jsonl):
    rs_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score==0.1.2 not installed")
    rs_scoring = pytest.importorskip("rouge_score.scoring")
    _, preds, refs = cnndm_pairs(60)
    for seed in (None, 5):
        extra = ["--seed", str(seed)] if seed is not None else []
        status, out, err = rouge155("-n", "2", "-m", "--jsonl", str(jsonl), "--semantics", "rouge-score",
                                    "--format", "json", *extra)
        assert status == 0, err
        results, doc = results_of(out)
        types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
        assert doc["semantics"]["settings"]["metrics"] == types
        scorer, aggregator = rs_scorer.RougeScorer(types, use_stemmer=True), rs_scoring.BootstrapAggregator()
        state = np.random.get_state()
        np.random.seed(0 if seed is None else seed)
        try:
            theirs = [scorer.score_multi(r, p) for p, r in zip(preds, refs)]
            for s in theirs:
                aggregator.add_scores(s)
            corpus = aggregator.aggregate()
        finally:
            np.random.set_state(state)
        for t in types:
            r = results[("1", t)]
            for m in ("precision", "recall", "fmeasure"):
                assert pair_values(r, m) == [getattr(s[t], m) for s in theirs], (t, m)
                assert r["corpus"][m] == getattr(corpus[t].mid, m)
                assert r["corpus"]["low"][m] == getattr(corpus[t].low, m)
                assert r["corpus"]["high"][m] == getattr(corpus[t].high, m)


def test_rouge_score_best_of_two_reference_files(multi):
    rs_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score==0.1.2 not installed")
    folder, preds, refs = multi
    args = ["-n", "1", "--summaries", str(folder / "sys.txt"), "--references", str(folder / "ref1.txt"),
            "--references", str(folder / "ref2.txt"), "--semantics", "rouge-score", "--format", "json"]
    # -f A (the default) asks an average rouge-score does not have: it keeps its best F, as the audit does, and
    # says so on stderr and in the warnings; the numbers are -f B's
    status, out_a, err = rouge155(*args)
    note = ("--semantics rouge-score: no average over references (-f A): rouge-score keeps its best F (score_multi), "
            "as it does with several references (-f B says so)")
    assert status == 0 and note + "\n" in err, err
    status, out, err = rouge155("-f", "B", *args)
    assert status == 0 and note not in err, err
    results, _ = results_of(out)
    assert results_of(out_a)[0] == results
    assert note in json.loads(out_a)["warnings"] and json.loads(out)["warnings"] == []
    scorer = rs_scorer.RougeScorer(["rouge1"])
    assert pair_values(results[("1", "rouge1")], "fmeasure") == [scorer.score_multi(r, p)["rouge1"].fmeasure
                                                                 for p, r in zip(preds, refs)]


@pytest.mark.parametrize("letter", ["A", "B"])
def test_torchmetrics(multi, letter):
    pytest.importorskip("torch", reason="torch not installed")
    tm = pytest.importorskip("torchmetrics.functional.text.rouge", reason="torchmetrics not installed")
    folder, preds, refs = multi
    status, out, err = rouge155("-n", "2", "-x", "-f", letter, "-m", "--summaries", str(folder / "sys.txt"),
                                "--references", str(folder / "ref1.txt"), "--references", str(folder / "ref2.txt"),
                                "--semantics", "torchmetrics", "--format", "json")
    assert status == 0, err
    results, _ = results_of(out)
    accumulate = "best" if letter == "B" else "avg"
    theirs = tm.rouge_score(preds, refs, accumulate=accumulate, rouge_keys=("rouge1", "rouge2"), use_stemmer=True)
    for key in ("rouge1", "rouge2"):
        for m in ("precision", "recall", "fmeasure"):
            assert results[("1", key)]["corpus"][m] == float(theirs[f"{key}_{m}"])
    for i in (0, 7, 33):
        one = tm.rouge_score(preds[i], [refs[i]], accumulate=accumulate, rouge_keys="rouge2", use_stemmer=True)
        assert results[("1", "rouge2")]["pairs"][i]["fmeasure"] == float(one["rouge2_fmeasure"])


def test_the_rouge_package(jsonl):
    Theirs = load_rouge_package()
    if Theirs is None:
        pytest.skip("the rouge package (rouge==1.0.1) is not installed, or py-rouge overwrote its files")
    _, preds, refs = cnndm_pairs(60)
    status, out, err = rouge155("-n", "2", "--jsonl", str(jsonl), "--semantics", "pltrdy", "--format", "json")
    assert status == 0, err
    results, _ = results_of(out)
    hyps, targets = preds, [r[0] for r in refs]
    per_pair = Theirs().get_scores(hyps, targets)
    average = Theirs().get_scores(hyps, targets, avg=True)
    for metric in ("rouge-1", "rouge-2", "rouge-l"):
        r = results[("1", metric)]
        assert pair_values(r, "fmeasure") == [s[metric]["f"] for s in per_pair]
        assert pair_values(r, "precision") == [s[metric]["p"] for s in per_pair]
        assert (r["corpus"]["precision"], r["corpus"]["recall"], r["corpus"]["fmeasure"]) == (
            average[metric]["p"], average[metric]["r"], average[metric]["f"])


def test_py_rouge_with_alpha_and_a_word_limit(jsonl):
    Theirs = load_py_rouge()
    if Theirs is None:
        pytest.skip("no intact py-rouge 1.1 (the rouge package overwrites its files): "
                    "python -m devkit.oracles py-rouge")
    _, preds, refs = cnndm_pairs(60)
    status, out, err = rouge155("-n", "2", "-m", "-p", "0.3", "-l", "30", "--jsonl", str(jsonl), "--semantics",
                                "py-rouge", "--format", "json")
    assert status == 0, err
    results, _ = results_of(out)
    options = dict(metrics=["rouge-n", "rouge-l"], max_n=2, alpha=0.3, limit_length=True, length_limit=30,
                   length_limit_type="words", stemming=True)
    average = Theirs(**options).get_scores(preds, refs)
    per_pair = Theirs(apply_avg=False, **options).get_scores(preds, refs)
    for metric in ("rouge-1", "rouge-2", "rouge-l"):
        r = results[("1", metric)]
        assert (r["corpus"]["precision"], r["corpus"]["recall"], r["corpus"]["fmeasure"]) == (
            average[metric]["p"], average[metric]["r"], average[metric]["f"])
        assert pair_values(r, "fmeasure") == [h["f"][0] for h in per_pair[metric]]


def test_json_is_valid_against_the_schema_and_csv_has_every_row(jsonl):
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema (test extra) not installed")
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    for name in ("rouge-score", "torchmetrics", "pltrdy", "py-rouge"):
        status, out, err = rouge155("-n", "2", "-x", "--jsonl", str(jsonl), "--semantics", name, "--format", "json")
        assert status == 0, err
        doc = json.loads(out)
        assert not list(validator.iter_errors(doc)), name
        assert set(doc["semantics"]["rules"]) == {"tokenizer", "stemmer", "sentence_splitter", "f_measure",
                                                  "multi_reference", "aggregation"}
        status, out, err = rouge155("-n", "2", "-x", "--jsonl", str(jsonl), "--semantics", name, "--format", "csv")
        rows = list(csv.DictReader(io.StringIO(out)))
        assert out.split("\n", 1)[0] == PERL_CSV_HEADER  # one layout for every semantics
        assert len(rows) == 2 * (1 + 60) and {r["signature"].split("|")[1] for r in rows} == {"sem:" + name}
        corpus = [r for r in rows if r["scope"] == "average"]
        assert len(corpus) == 2 and all(r["f_score"] for r in corpus)
        assert bool(corpus[0]["f_score_low"]) == (name == "rouge-score")
        pairs = [r for r in rows if r["scope"] == "instance"]
        assert pairs[0]["eval_id"] == "000000" and pairs[0]["f_score"]
        assert bool(pairs[0]["hit"]) == (name != "torchmetrics")  # torchmetrics' average keeps no counts
    status, out, _ = rouge155("-n", "2", "--jsonl", str(jsonl), "--format", "json")
    assert not list(validator.iter_errors(json.loads(out)))  # the Perl's document still validates
    status, out, _ = rouge155("-n", "2", "--jsonl", str(jsonl), "--format", "csv")
    assert out.split("\n", 1)[0] == PERL_CSV_HEADER


PERL_CSV_HEADER = ("system,metric,scope,eval_id,recall,recall_low,recall_high,precision,precision_low,precision_high,"
                   "f_score,f_score_low,f_score_high,model_count,peer_count,hit,signature")


def test_every_system_of_a_jsonl(tmp_path):
    ids, preds, refs = cnndm_pairs(10)
    path = tmp_path / "two.jsonl"
    lines = [json.dumps({"id": i, "prediction": p, "references": r, "system": s})
             for s in ("A", "B") for i, p, r in zip(ids, preds if s == "A" else preds[::-1], refs)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = rouge155("-a", "-n", "1", "-x", "--jsonl", str(path), "--semantics", "pltrdy", "--format",
                                "json")
    assert status == 0, err
    results, _ = results_of(out)
    assert sorted(results) == [("A", "rouge-1"), ("B", "rouge-1")]
    assert [p["id"] for p in results[("B", "rouge-1")]["pairs"]] == ids


@pytest.mark.parametrize("args,says", [
    (["--semantics", "rouge-score"], "give --format json or --format csv"),
    (["--semantics", "rouge-score", "--format", "html"], "--format json"),
    (["--semantics", "pltrdy", "-m", "--format", "json"], "-m (it has no stemmer)"),
    (["--semantics", "torchmetrics", "-s", "-2", "4", "--format", "json"], "-s (stopword removal), -2 (skip-bigrams)"),
    (["--semantics", "rouge-score", "-l", "100", "--format", "csv"], "-l (a length limit in words)"),
    (["--semantics", "pltrdy", "-p", "0.3", "--format", "csv"], "-p 0.3"),
    (["--semantics", "py-rouge", "-r", "100", "--format", "csv"], "-r (the bootstrap's resamples"),
    (["--semantics", "pltrdy", "-n", "6", "--format", "csv"], "-n 6 (it has ROUGE-1 to ROUGE-5)"),
    (["--semantics", "rouge-score", "--unicode", "--format", "json"], "--unicode"),
    (["--semantics", "torchmetrics", "--seed", "3", "--format", "json"], "--seed"),
    (["--seed", "3"], "--seed seeds rouge-score's bootstrap"),
    (["--semantics", "rouge-score", "-x", "--format", "json"], "no metric to score"),
    (["--semantics", "rouge-score", "--language", "hi", "--format", "json"], "no counterpart for --language"),
    (["--semantics", "xlsum", "--language", "xx", "--format", "json"], "XL-Sum's scorer has no language 'xx'"),
])
def test_refusals_are_one_line(jsonl, args, says):
    status, out, err = rouge155("--jsonl", str(jsonl), *args)
    assert status == 255 and out == "", err
    assert err.count("\n") == 1 and says in err, err


def test_semantics_perl_is_todays_output_byte_for_byte(jsonl):
    sample = REPO / "sample-test"
    for args in (["-n", "2", "-m", "--jsonl", str(jsonl)], ["-n", "2", "--jsonl", str(jsonl), "--format", "json"],
                 ["-n", "2", "-a", str(sample / "rouge155-spl.xml")]):
        from devkit.difftools import working_dir

        with working_dir(str(sample)):
            default = rouge155(*args)
            assert rouge155(*args, "--semantics", "perl") == default
            assert default[0] == 0


def test_the_command_line_end_to_end(jsonl):
    """Through the console entry (click parses --semantics' choices and --seed's integer)."""
    base = [sys.executable, "-m", "rouge155", "-n", "1", "-x", "--jsonl", str(jsonl), "--format", "csv"]
    ok = subprocess.run(base + ["--semantics", "rouge-score", "--seed", "2"], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("system,metric,scope,eval_id")
    bad = subprocess.run(base + ["--semantics", "bleu"], capture_output=True, text=True)
    assert bad.returncode == 2 and "bleu" in bad.stderr


def test_the_signature_names_the_implementation_and_its_settings(jsonl):
    from rouge155.output.signature import parse

    args = ["-n", "1", "-x", "-m", "--jsonl", str(jsonl), "--semantics", "rouge-score", "--format", "json"]
    status, out, err = rouge155(*args)
    assert status == 0, err
    line = json.loads(out)["signature"]
    fields = parse(line).fields
    assert fields["sem"] == "rouge-score" and fields["sem.use_stemmer"] == "yes" and fields["sem.seed"] == "0"
    assert fields["refs"] == "1" and fields["mref"] == "best" and fields["sem.metrics"] == "rouge1"
    assert "sem.nltk" in fields and "tok" not in fields  # its own tokenizer: no Perl text-mode key
    _, seeded, _ = rouge155(*args, "--seed", "9")
    assert parse(json.loads(seeded)["signature"]).fields["sem.seed"] == "9"
    csv_status, csv_out, _ = rouge155(*args[:-1], "csv")
    assert csv_status == 0 and {r["signature"] for r in csv.DictReader(io.StringIO(csv_out))} == {line}
    # --signature-check: the same settings run as before; another setting is refused before scoring
    assert rouge155(*args, "--signature-check", line) == (status, out, err)
    status, out, err = rouge155(*[a for a in args if a != "-m"], "--signature-check", line)
    assert status == 2 and out == ""
    assert "rouge155: --signature-check: sem.use_stemmer: yes in the signature, no in this run" in err


def test_xlsum_with_language_is_score_pairs_with_language(tmp_path):
    """``--semantics xlsum --language CODE``: XL-Sum's lang= (its name for the code), as score_pairs gives it."""
    import rouge155 as api
    from rouge155.output.signature import parse

    preds, refs = ["भारत सरकार ने कहा\nदूसरी पंक्ति", "चुनाव परिणाम घोषित"], ["भारत की सरकार ने कहा", "परिणाम आज घोषित"]
    path = tmp_path / "hi.jsonl"
    path.write_text("".join(json.dumps({"id": str(i), "prediction": p, "references": [r]}, ensure_ascii=False) + "\n"
                            for i, (p, r) in enumerate(zip(preds, refs))), encoding="utf-8")
    status, out, err = rouge155("-n", "2", "-m", "--jsonl", str(path), "--semantics", "xlsum", "--language", "hi",
                                "--format", "json")
    assert status == 0, err
    results, doc = results_of(out)
    assert doc["semantics"]["settings"]["lang"] == "hindi"
    assert parse(doc["signature"]).fields["sem.lang"] == "hindi"
    want = api.score_pairs(preds, refs, ["rouge1", "rouge2", "rougeL", "rougeLsum"], stem=True, semantics="xlsum",
                           language="hi")
    for metric, values in want.items():
        assert pair_values(results[("1", metric)], "fmeasure") == list(values.fmeasure), metric
