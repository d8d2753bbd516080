"""The recipes "llamafactory" and "opencompass-jieba" against the frameworks' own numbers, value for value (==).

Two oracles each: the framework's code path re-created in a few lines (:mod:`devkit.frameworks`, with
jieba and rouge-chinese 1.0.3 from PyPI: what CI runs), and the framework's own source (LLaMA-Factory's
``ComputeSimilarity``, OpenCompass' ``JiebaRougeEvaluator`` with its ``BaseEvaluator.evaluate``) executed
from a checkout (:mod:`devkit.frameworks`; skipped without one). Generated pairs in many scripts (2,000 per recipe),
empty and blank texts among them."""
from __future__ import annotations

import pytest

from devkit import frameworks
from devkit.frameworks import general_postprocess, llamafactory_scores, opencompass_inputs, opencompass_scores
from devkit.multiscript import pairs
from devkit.oracles import load_rouge_chinese

rouge_chinese = load_rouge_chinese()
if rouge_chinese is None:
    pytest.skip("no copy of rouge-chinese 1.0.3 (python -m devkit.oracles rouge-chinese; scripts/test.sh makes it)",
                allow_module_level=True)
pytest.importorskip("jieba", reason="jieba (test extra, or the zh extra) not installed")

import rouge155  # noqa: E402
from rouge155.semantics import llamafactory, opencompass_jieba  # noqa: E402

METRICS = ("rouge-1", "rouge-2", "rouge-l")


def generated(n, seed):
    preds, refs = pairs(n, seed=seed, size=2)
    preds[:4] = ["", "  ", "。", "The a an"]  # empty, blank, punctuation, articles only
    refs[:4] = [["a"], [""], ["好"], ["\n"]]
    return preds, [r[0] for r in refs]


def test_llamafactory_per_pair_and_corpus():
    preds, labels = generated(2000, 81)
    means, per_pair = llamafactory_scores(preds, labels)
    ours = rouge155.score_pairs(preds, labels, list(METRICS), semantics="llamafactory")
    for metric in METRICS:
        assert ours[metric].fmeasure.tolist() == per_pair[metric]
        assert llamafactory.SEMANTICS.aggregate(ours[metric])[2] == means[metric]
    assert "sem.segmenter:jieba@" in ours.signature


def test_opencompass_per_pair_and_corpus():
    preds, refs = generated(2000, 82)
    their_preds, their_refs = opencompass_inputs(preds, refs)
    per_pair = rouge_chinese.Rouge().get_scores(their_preds, their_refs)
    average = rouge_chinese.Rouge().get_scores(their_preds, their_refs, avg=True)
    ours = opencompass_jieba.SEMANTICS.score_pairs(preds, [[r] for r in refs])
    for metric, own in zip(("rouge1", "rouge2", "rougeL"), METRICS):
        values = ours[metric]
        assert [{"r": r, "p": p, "f": f} for r, p, f in zip(values.recall.tolist(), values.precision.tolist(),
                                                              values.fmeasure.tolist())] == [s[own] for s in per_pair]
        assert opencompass_jieba.SEMANTICS.aggregate(values)[2] == average[own]["f"] * 100
    assert {m: opencompass_jieba.SEMANTICS.aggregate(v)[2] for m, v in ours.items()} == opencompass_scores(preds, refs)


def test_opencompass_postprocessing_is_the_frameworks():
    preds, refs = pairs(500, seed=83)
    for text in preds + [r[0] for r in refs] + ["The cat, the hat.", "An apple\nthe end", "a_b c-d"]:
        assert opencompass_jieba.general_postprocess(text) == general_postprocess(text)


@pytest.mark.skipif(frameworks.llamafactory_dir() is None, reason="no LLaMA-Factory checkout "
                    "($ROUGE155_LLAMAFACTORY or ~/.cache/rouge155/LLaMA-Factory): its ComputeSimilarity is not run")
def test_llamafactory_compute_similarity_itself():
    compute = frameworks.llamafactory_similarity(frameworks.llamafactory_dir())
    preds, labels = generated(600, 84)
    means, per_pair = compute(preds, labels)
    ours = rouge155.score_pairs(preds, labels, list(METRICS), semantics="llamafactory")
    for metric in METRICS:
        assert ours[metric].fmeasure.tolist() == per_pair[metric]
        assert llamafactory.SEMANTICS.aggregate(ours[metric])[2] == means[metric]


@pytest.mark.skipif(frameworks.opencompass_dir() is None, reason="no OpenCompass checkout ($ROUGE155_OPENCOMPASS or "
                    "~/.cache/rouge155/opencompass): its JiebaRougeEvaluator is not run")
def test_opencompass_evaluator_itself():
    datasets = pytest.importorskip("datasets", reason="datasets (test extra) not installed")
    evaluator = frameworks.opencompass_evaluator(frameworks.opencompass_dir())
    preds, refs = generated(600, 85)
    theirs = evaluator().evaluate(k=1, n=1, original_dataset=datasets.Dataset.from_dict({"i": list(range(600))}),
                                  predictions=preds, references=refs)
    ours = opencompass_jieba.SEMANTICS.score_pairs(preds, [[r] for r in refs])
    assert {m: opencompass_jieba.SEMANTICS.aggregate(v)[2] for m, v in ours.items()} == theirs


def test_recipes_refuse_what_they_lack():
    with pytest.raises(ValueError, match="one label per prediction"):
        llamafactory.SEMANTICS.score_pairs(["a"], [["a", "b"]])
    with pytest.raises(ValueError, match="no stemmer"):
        rouge155.score_pairs(["a"], ["a"], semantics="opencompass-jieba", stem=True)
    with pytest.raises(ValueError, match="unknown metric"):
        rouge155.score_pairs(["a"], ["a"], ["ROUGE-3"], semantics="llamafactory")


def test_command_line_prints_the_frameworks_numbers(tmp_path):
    import json
    import subprocess
    import sys

    preds, labels = generated(120, 86)
    flat = str.maketrans("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029", "          ")  # one summary per line
    preds, labels = [p.translate(flat) for p in preds], [t.translate(flat) for t in labels]
    (tmp_path / "p.txt").write_text("\n".join(preds) + "\n", encoding="utf-8")
    (tmp_path / "l.txt").write_text("\n".join(labels) + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "rouge155", "-n", "2", "--summaries", str(tmp_path / "p.txt"),
               "--references", str(tmp_path / "l.txt"), "--format", "json", "--semantics", "llamafactory"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    results = {r["metric"]: r for r in json.loads(out.stdout)["semantics"]["results"]}
    assert {m: results[m]["corpus"]["fmeasure"] for m in METRICS} == llamafactory_scores(preds, labels)[0]
    # one line: the empty texts' notes (rouge155-doctor's) come only once a run is accepted
    refused = subprocess.run(command + ["-m"], capture_output=True, text=True, timeout=600)
    assert refused.returncode != 0 and refused.stderr.strip().splitlines() == [
        "--semantics llamafactory has no counterpart for -m (it has no stemmer): leave it out"]
