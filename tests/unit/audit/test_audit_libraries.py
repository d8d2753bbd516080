"""The audit's numbers against the real packages on the same inputs: each implementation's corpus
score in the audit equals the one that implementation itself reports (rouge-score's BootstrapAggregator
after the same np.random.seed, torchmetrics' rouge_score, the rouge package's get_scores(avg=True),
py-rouge's get_scores), equal as floats, and the Perl's equals rouge155's report (and ROUGE-1.5.5.pl's,
where the reference is installed). Real CNN/DM outputs and generated pairs with 1-4 references.
Each package's comparison skips with a reason where it is not installed."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from devkit.oracles import load_py_rouge, load_rouge_package
from devkit.semgen import pairs
from support.punkt import needs_punkt
from support.summaries import cnndm_pairs, write_pairs_jsonl

pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")

from rouge155.audit import AuditedPairs, audit
from rouge155.base.options import Options

SEED = 7


def generated(n=300, seed=41):
    preds, refs = pairs(n, seed=seed, max_refs=4)
    return [str(i + 1) for i in range(n)], preds, refs


def run(ids, preds, refs, stem=False, letter="A", names=None):
    options = Options(ngram="2", stem=stem, score_formula=letter if letter == "B" else None)
    flags = ["n"] + (["m"] if stem else []) + (["f"] if letter == "B" else [])
    return audit(AuditedPairs(tuple(ids), tuple(preds), tuple(tuple(r) for r in refs)), options, flags, semantics=names,
                 seed=SEED)


def corpus_of(result, name):
    """{metric: CorpusScore} of ``name`` in the audit (the Perl: per row's Perl metric)."""
    out = {}
    for row in result.rows:
        if name == "perl":
            out[row.perl_metric] = row.perl
        for e in row.entries:
            if e.semantics == name:
                out[e.metric] = e.corpus
    return out


CASES = [("cnndm", False, "A"), ("cnndm", True, "A"), ("generated", False, "B"), ("generated", True, "B"),
         ("generated", False, "A")]


def data(kind):
    return cnndm_pairs() if kind == "cnndm" else generated()


@pytest.mark.parametrize("kind,stem,letter", CASES)
def test_rouge_score(kind, stem, letter):
    rs_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score==0.1.2 not installed")
    rs_scoring = pytest.importorskip("rouge_score.scoring")
    ids, preds, refs = data(kind)
    result = run(ids, preds, refs, stem, letter, ["rouge-score"])
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    scorer, aggregator = rs_scorer.RougeScorer(types, use_stemmer=stem), rs_scoring.BootstrapAggregator()
    state = np.random.get_state()
    np.random.seed(SEED)
    try:
        for p, r in zip(preds, refs):
            aggregator.add_scores(scorer.score_multi(r, p))
        theirs = aggregator.aggregate()
    finally:
        np.random.set_state(state)
    ours = corpus_of(result, "rouge-score")
    assert list(ours) == types
    for t in types:
        assert (ours[t].precision, ours[t].recall, ours[t].fmeasure) == tuple(theirs[t].mid), t
        assert ours[t].low == tuple(theirs[t].low) and ours[t].high == tuple(theirs[t].high), t
    entry = next(e for e in result.rows[0].entries if e.semantics == "rouge-score")
    for p in entry.top:  # a pair's own F, as score_multi gives it
        assert p.fmeasure == scorer.score_multi(refs[p.index], preds[p.index])["rouge1"].fmeasure


@pytest.mark.parametrize("kind,stem,letter", CASES)
def test_torchmetrics(kind, stem, letter):
    pytest.importorskip("torch", reason="torch not installed")
    tm = pytest.importorskip("torchmetrics.functional.text.rouge", reason="torchmetrics not installed")
    ids, preds, refs = data(kind)
    result = run(ids, preds, refs, stem, letter, ["torchmetrics"])
    keys = ("rouge1", "rouge2", "rougeL")
    theirs = tm.rouge_score(preds, refs, accumulate="best" if letter == "B" else "avg", rouge_keys=keys,
                            use_stemmer=stem)
    ours = corpus_of(result, "torchmetrics")
    for k in keys:
        assert (ours[k].precision, ours[k].recall, ours[k].fmeasure) == tuple(
            float(theirs[f"{k}_{m}"]) for m in ("precision", "recall", "fmeasure")), k


@needs_punkt
@pytest.mark.parametrize("kind,stem,letter", [("cnndm", True, "A"), ("generated", False, "B")])
def test_torchmetrics_rouge_lsum_with_punkt(kind, stem, letter):
    """With punkt's data the audit scores torchmetrics' rougeLsum (without it: "not scored"), as torchmetrics does."""
    pytest.importorskip("torch", reason="torch not installed")
    tm = pytest.importorskip("torchmetrics.functional.text.rouge", reason="torchmetrics not installed")
    ids, preds, refs = data(kind)
    result = run(ids, preds, refs, stem, letter, ["torchmetrics"])
    assert not any(row.missing for row in result.rows)
    theirs = tm.rouge_score(preds, refs, accumulate="best" if letter == "B" else "avg", rouge_keys=("rougeLsum",),
                            use_stemmer=stem)
    ours = corpus_of(result, "torchmetrics")["rougeLsum"]
    assert (ours.precision, ours.recall, ours.fmeasure) == tuple(
        float(theirs[f"rougeLsum_{m}"]) for m in ("precision", "recall", "fmeasure"))


@pytest.mark.parametrize("stem", [False, True])
def test_the_rouge_package(stem):
    Theirs = load_rouge_package()
    if Theirs is None:
        pytest.skip("the rouge package (rouge==1.0.1) is not installed, or py-rouge overwrote its files")
    ids, preds, refs = cnndm_pairs()
    result = run(ids, preds, refs, stem, "A", ["pltrdy"])
    theirs = Theirs(metrics=["rouge-1", "rouge-2", "rouge-l"]).get_scores(preds, [r[0] for r in refs], avg=True)
    ours = corpus_of(result, "pltrdy")
    for m in ("rouge-1", "rouge-2", "rouge-l"):
        assert (ours[m].precision, ours[m].recall, ours[m].fmeasure) == (theirs[m]["p"], theirs[m]["r"],
                                                                         theirs[m]["f"]), m
    assert result.notes.get("pltrdy") == (["no stemmer: scored without stemming"] if stem else None)


def test_the_rouge_package_is_not_scored_on_several_references():
    ids, preds, refs = generated(60)
    result = run(ids, preds, refs, names=["pltrdy"])
    assert "one reference per prediction" in result.unavailable["pltrdy"]


@pytest.mark.parametrize("kind,stem,letter", CASES)
def test_py_rouge(kind, stem, letter):
    Theirs = load_py_rouge()
    if Theirs is None:
        pytest.skip("no intact py-rouge 1.1 (the rouge package overwrites its files): "
                    "python -m devkit.oracles py-rouge")
    ids, preds, refs = data(kind)
    result = run(ids, preds, refs, stem, letter, ["py-rouge"])
    theirs = Theirs(metrics=["rouge-n", "rouge-l"], max_n=2, limit_length=False, apply_avg=letter == "A",
                    apply_best=letter == "B", stemming=stem).get_scores(preds, refs)
    ours = corpus_of(result, "py-rouge")
    for m in ("rouge-1", "rouge-2", "rouge-l"):
        assert (ours[m].precision, ours[m].recall, ours[m].fmeasure) == (theirs[m]["p"], theirs[m]["r"],
                                                                         theirs[m]["f"]), m


@pytest.mark.parametrize("kind,stem,letter", CASES)
def test_the_perls_numbers_are_rouge155s_report(kind, stem, letter, tmp_path):
    from rouge155.cli.main import run as rouge155

    ids, preds, refs = data(kind)
    result = run(ids, preds, refs, stem, letter, [])
    jsonl = write_pairs_jsonl(tmp_path / "in.jsonl", ids, preds, refs)
    import io

    out = io.BytesIO()
    args = ["-n", "2", "--jsonl", str(jsonl), "--format", "json"] + (["-m"] if stem else []) + (
        ["-f", "B"] if letter == "B" else [])
    from rouge155.cli.main import Extras

    assert rouge155(args, stdout=out, stderr=io.BytesIO(), extras=Extras(output_format="json", jsonl=str(jsonl))) == 0
    report = {m["metric"]: m["average"] for m in json.loads(out.getvalue())["metrics"]}
    ours = corpus_of(result, "perl")
    for metric in ("ROUGE-1", "ROUGE-2", "ROUGE-L"):
        assert (ours[metric].precision, ours[metric].recall, ours[metric].fmeasure) == tuple(
            report[metric][m]["mean"] for m in ("precision", "recall", "f_score")), metric


def test_the_perls_numbers_are_rouge_1_5_5s(reference, tmp_path):
    """The reference ROUGE-1.5.5.pl on the CNN/DM pairs written as SPL files and a config."""
    from devkit.difftools import run_perl

    ids, preds, refs = cnndm_pairs()
    evals = []
    for i, p, r in zip(ids, preds, refs):
        (tmp_path / f"{i}.peer").write_text(p + "\n", encoding="utf-8")
        (tmp_path / f"{i}.model").write_text(r[0] + "\n", encoding="utf-8")
        evals.append(f'<EVAL ID="{i}"><PEER-ROOT>{tmp_path}</PEER-ROOT><MODEL-ROOT>{tmp_path}</MODEL-ROOT>'
                     f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">{i}.peer</P></PEERS>'
                     f'<MODELS><M ID="A">{i}.model</M></MODELS></EVAL>')
    (tmp_path / "c.xml").write_text('<ROUGE-EVAL version="1.0">' + "".join(evals) + "</ROUGE-EVAL>")
    outcome = run_perl(reference, ["-n", "2", "-m", "-a", "c.xml"], str(tmp_path))
    assert outcome.ok, outcome.stderr
    printed = dict(re.findall(rb"1 (ROUGE-[12L]) Average_F: ([0-9.]+)", outcome.stdout))
    result = run(ids, preds, refs, True, "A", [])
    ours = corpus_of(result, "perl")
    for metric in ("ROUGE-1", "ROUGE-2", "ROUGE-L"):
        assert f"{ours[metric].fmeasure:.5f}" == printed[metric.encode()].decode(), metric
