"""rouge155.compat against the APIs it mirrors (rouge-score, HF evaluate, torchmetrics) and against
the command line: same signatures, return types, keys and error types as those packages, and the
numbers the CLI prints for the mapped flags (-n 2, ROUGE-L over lines or over one line, -m, -f B,
the bootstrap averages) on generated sets and on the google-research #168 and #239 examples."""
from __future__ import annotations

import inspect
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

import numpy as np
import pytest

import rouge155
from rouge155.compat import rouge_scorer, scoring

from devkit.difftools import REPO
DATA = REPO / "data"

rs_scorer = pytest.importorskip("rouge_score.rouge_scorer")
rs_scoring = pytest.importorskip("rouge_score.scoring")

_WORDS = ("the a of to in is was said police president running runs ran runner cats cat's dog dogs "
          "government governments report reports estimated barrels oil 100billion u.s. state-run "
          "$5 2019 e-mail Sussex Weald basin weald, investors invest investing invested new old "
          "city cities people peoples year years told over under").split()


def _sentence(r: random.Random) -> str:
    n = r.randint(1, 14)
    words = [r.choice(_WORDS) for _ in range(n)]
    if r.random() < 0.3:
        words[0] = words[0].capitalize()
    return " ".join(words) + r.choice([" .", ".", "", " !", "?"])


def _text(r: random.Random, allow_empty: bool = True) -> str:
    sents = [_sentence(r) for _ in range(r.randint(1, 5))]
    if r.random() < 0.05:
        sents.insert(1, "")  # an empty line: no sentence
    if r.random() < 0.03 and allow_empty:
        sents = ["..."]  # nothing the Perl counts
    return "\n".join(sents)


def generated(seed: int, n: int, max_refs: int, allow_empty: bool = True) -> Tuple[List[str], List[List[str]]]:
    r = random.Random(seed)
    preds, refs = [], []
    for _ in range(n):
        ref = [_text(r, allow_empty) for _ in range(r.randint(1, max_refs))]
        pred = _text(r)
        if r.random() < 0.5:  # share some sentences with the first reference
            pred = "\n".join(ref[0].split("\n")[: r.randint(1, 3)] + pred.split("\n")[:2])
        preds.append(pred)
        refs.append(ref)
    return preds, refs


# -- the command line for the same pairs ----------------------------------------------------------

_EVAL_LINE = re.compile(r"^1 (ROUGE-\S+) Eval (\d+)\.1 R:(\S+) P:(\S+) F:(\S+)$")
_AVG_LINE = re.compile(r"^1 (ROUGE-\S+) Average_([RPF]): (\S+) \(95%-conf\.int\. (\S+) - (\S+)\)$")


def cli_scores(tmp: Path, preds: Sequence[str], refs: Sequence[Sequence[str]], flags: Sequence[str],
               one_line: bool = False):
    """Per (metric, pair): 'R P F' strings; per (metric, R|P|F): (average, low, high) strings."""
    tmp.mkdir(parents=True, exist_ok=True)
    evals = []
    for i, (pred, rs) in enumerate(zip(preds, refs), start=1):
        def write(name, text):
            lines = [s for s in text.split("\n") if s]
            body = " ".join(lines) if one_line else "\n".join(lines)
            (tmp / name).write_bytes((body + "\n").encode())
            return name

        peer = write(f"p{i}.spl", pred)
        models = "".join(f'<M ID="{k}">{write(f"m{i}.{k}.spl", ref)}</M>\n' for k, ref in enumerate(rs))
        evals.append(f'<EVAL ID="{i}">\n<PEER-ROOT>\n{tmp}\n</PEER-ROOT>\n<MODEL-ROOT>\n{tmp}\n</MODEL-ROOT>\n'
                     f'<INPUT-FORMAT TYPE="SPL">\n</INPUT-FORMAT>\n<PEERS>\n<P ID="1">{peer}</P>\n</PEERS>\n'
                     f'<MODELS>\n{models}</MODELS>\n</EVAL>\n')
    config = tmp / "config.xml"
    config.write_text('<ROUGE-EVAL version="1.0">\n' + "".join(evals) + "</ROUGE-EVAL>\n")
    out = subprocess.run([sys.executable, "-m", "rouge155", "-e", str(DATA), *flags, "-d", "-a", str(config)],
                         capture_output=True, check=True, timeout=600).stdout.decode()
    per_pair: Dict[Tuple[str, int], str] = {}
    averages: Dict[Tuple[str, str], Tuple[str, str, str]] = {}
    for line in out.splitlines():
        m = _EVAL_LINE.match(line)
        if m:
            per_pair[(m.group(1), int(m.group(2)))] = " ".join(m.group(3, 4, 5))
        m = _AVG_LINE.match(line)
        if m:
            averages[(m.group(1), m.group(2))] = m.group(3, 4, 5)
    return per_pair, averages


def rpf(score) -> str:
    return f"{score.recall:.5f} {score.precision:.5f} {score.fmeasure:.5f}"


# -- rouge-score's surface ------------------------------------------------------------------------

def _params(func):
    return [(p.name, p.default) for p in inspect.signature(func).parameters.values()
            if p.kind is not inspect.Parameter.KEYWORD_ONLY]


def test_rouge_scorer_signatures_match_rouge_score():
    assert _params(rouge_scorer.RougeScorer.__init__) == _params(rs_scorer.RougeScorer.__init__)
    assert _params(rouge_scorer.RougeScorer.score) == _params(rs_scorer.RougeScorer.score)
    assert _params(rouge_scorer.RougeScorer.score_multi) == _params(rs_scorer.RougeScorer.score_multi)
    assert _params(scoring.BootstrapAggregator.__init__) == _params(rs_scoring.BootstrapAggregator.__init__)
    assert _params(scoring.BootstrapAggregator.add_scores) == _params(rs_scoring.BootstrapAggregator.add_scores)
    assert scoring.Score._fields == rs_scoring.Score._fields
    assert scoring.AggregateScore._fields == rs_scoring.AggregateScore._fields
    assert issubclass(rouge_scorer.RougeScorer, scoring.BaseScorer)


def test_return_types_and_keys_match_rouge_score():
    types = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]
    ours = rouge_scorer.RougeScorer(types, use_stemmer=True).score("The cat sat.\nIt purred.", "A cat sat.")
    theirs = rs_scorer.RougeScorer(types, use_stemmer=True).score("The cat sat.\nIt purred.", "A cat sat.")
    assert list(ours) == list(theirs)
    for t in types:
        assert isinstance(ours[t], scoring.Score) and all(isinstance(x, float) for x in ours[t])
    multi = rouge_scorer.RougeScorer(types).score_multi(["a b c", "a b"], "a b")
    assert list(multi) == types
    agg = scoring.BootstrapAggregator()
    agg.add_scores(ours)
    agg.add_scores(multi)
    result = agg.aggregate()
    assert list(result) == types
    for t in types:
        assert isinstance(result[t], scoring.AggregateScore)
        assert all(isinstance(s, scoring.Score) for s in result[t])
    # scores from rouge-score itself aggregate too, keeping their class
    agg2 = scoring.BootstrapAggregator()
    agg2.add_scores(theirs)
    assert isinstance(agg2.aggregate()["rouge1"].mid, rs_scoring.Score)


@pytest.mark.parametrize("bad", ["rouge0", "rougeX", "rouge10", "ROUGE-1", "rougel"])
def test_invalid_rouge_type_raises_value_error_like_rouge_score(bad):
    with pytest.raises(ValueError) as theirs:
        rs_scorer.RougeScorer([bad]).score("a b", "a b")
    with pytest.raises(ValueError) as ours:
        rouge_scorer.RougeScorer([bad]).score("a b", "a b")
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("kwargs", [{"confidence_interval": 1.5}, {"confidence_interval": -0.1}, {"n_samples": 0}])
def test_aggregator_argument_errors_match(kwargs):
    with pytest.raises(ValueError) as theirs:
        rs_scoring.BootstrapAggregator(**kwargs)
    with pytest.raises(ValueError) as ours:
        scoring.BootstrapAggregator(**kwargs)
    assert str(ours.value) == str(theirs.value)


def test_custom_tokenizer_object_is_used():
    class Upper:
        def tokenize(self, text):
            return [w for w in text.split() if w != "noise"]

    s = rouge_scorer.RougeScorer(["rouge1"], tokenizer=Upper()).score("a b noise", "a b")
    assert s["rouge1"].recall == 1.0


# -- numbers: the CLI's, on generated sets --------------------------------------------------------

@pytest.mark.parametrize("stem", [False, True])
def test_rouge_scorer_equals_cli_single_reference(tmp_path, stem):
    preds, refs = generated(11 + stem, 300, 1)
    targets = [r[0] for r in refs]
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    scorer = rouge_scorer.RougeScorer(types, use_stemmer=stem)
    scores = [scorer.score(t, p) for t, p in zip(targets, preds)]
    flags = ["-n", "2"] + (["-m"] if stem else [])
    lines, avg_lines = cli_scores(tmp_path / "lines", preds, refs, flags)
    one, avg_one = cli_scores(tmp_path / "one", preds, refs, flags, one_line=True)
    for i, s in enumerate(scores, start=1):
        assert rpf(s["rouge1"]) == lines[("ROUGE-1", i)], i
        assert rpf(s["rouge2"]) == lines[("ROUGE-2", i)], i
        assert rpf(s["rougeLsum"]) == lines[("ROUGE-L", i)], i
        assert rpf(s["rougeL"]) == one[("ROUGE-L", i)], i
    # the aggregator is the Perl's bootstrap: average and interval as printed
    agg = scoring.BootstrapAggregator()
    for s in scores:
        agg.add_scores(s)
    result = agg.aggregate()
    for t, tag, table in (("rouge1", "ROUGE-1", avg_lines), ("rouge2", "ROUGE-2", avg_lines),
                          ("rougeLsum", "ROUGE-L", avg_lines), ("rougeL", "ROUGE-L", avg_one)):
        for letter, field in (("R", "recall"), ("P", "precision"), ("F", "fmeasure")):
            got = tuple(f"{getattr(getattr(result[t], k), field):.5f}" for k in ("mid", "low", "high"))
            assert got == table[(tag, letter)], (t, letter)
    # and it is deterministic
    again = scoring.BootstrapAggregator()
    for s in scores:
        again.add_scores(s)
    assert again.aggregate() == result


@pytest.mark.parametrize("formula", ["B", "A"])
def test_score_multi_equals_cli_several_references(tmp_path, formula):
    preds, refs = generated(23, 200, 4)
    assert sum(len(r) > 1 for r in refs) > 100
    types = ["rouge1", "rouge2", "rougeLsum"]
    scorer = rouge_scorer.RougeScorer(types, use_stemmer=True, multi_reference=formula)
    lines, _ = cli_scores(tmp_path, preds, refs, ["-n", "2", "-m", "-f", formula])
    for i, (p, rs) in enumerate(zip(preds, refs), start=1):
        s = scorer.score_multi(rs, p)
        assert rpf(s["rouge1"]) == lines[("ROUGE-1", i)]
        assert rpf(s["rouge2"]) == lines[("ROUGE-2", i)]
        assert rpf(s["rougeLsum"]) == lines[("ROUGE-L", i)]


def test_score_pairs_equals_cli_with_more_metrics(tmp_path):
    preds, refs = generated(31, 250, 3, allow_empty=False)  # (an empty model under -w: the Perl dies)
    got = rouge155.score_pairs(preds, refs, metrics=["ROUGE-1", "ROUGE-3", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"],
                               stem=True)
    lines, _ = cli_scores(tmp_path, preds, refs, ["-n", "3", "-w", "1.2", "-2", "4", "-u", "-m"])
    assert list(got) == ["ROUGE-1", "ROUGE-3", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"]
    for tag, s in got.items():
        assert s.recall.dtype == np.float64 and s.recall.shape == (250,)
        for i in range(250):
            assert f"{s.recall[i]:.5f} {s.precision[i]:.5f} {s.fmeasure[i]:.5f}" == lines[(tag, i + 1)], (tag, i)


# -- the google-research examples -----------------------------------------------------------------

ISSUE_239_REF = ("weald basin estimated to contain 100billion barrels of oil , new report says . \n uk oil & gas "
                 "investments claims the site could supply 30 % of uk 's needs . \n if the maximum amount of oil "
                 "is extracted it will be worth # 600billion . \n but some experts warn the site in sussex will be "
                 "difficult to exploit .")
ISSUE_239_SUMM = ("trillions of pounds worth of oil - as much as the entire north sea fields - lies beneath an area "
                  "of england dubbed 'britain's dallas', it was claimed yesterday. \n analysis suggests there is "
                  "up to 100billion barrels of the fossil fuel under the home counties. \n the potential goldmine "
                  "in the weald basin, across surrey, sussex, hampshire and kent, could meet up to a third of "
                  "britain's oil demand within 15 years, according to the consortium exploring the area. \n uk "
                  "oil & gas investments say they have discovered 100billion barrels worth of oil reserves in the "
                  "weald basin, near gatwick airport .")


def test_issue_239_stemmer(tmp_path):
    """rouge-score's stemmer gives ROUGE-1 recall 0.519 here; the Perl (and rouge155) 0.500."""
    theirs = rs_scorer.RougeScorer(["rouge1"], use_stemmer=True).score(ISSUE_239_REF, ISSUE_239_SUMM)
    ours = rouge_scorer.RougeScorer(["rouge1"], use_stemmer=True).score(ISSUE_239_REF, ISSUE_239_SUMM)
    assert round(theirs["rouge1"].recall, 3) == 0.519
    assert ours["rouge1"].recall == 0.5
    lines, _ = cli_scores(tmp_path, [ISSUE_239_SUMM], [[ISSUE_239_REF]], ["-n", "1", "-m"])
    assert rpf(ours["rouge1"]) == lines[("ROUGE-1", 1)]


def test_issue_168_summary_level_rouge_l(tmp_path):
    """#168: rouge-score's rougeL joins the sentences (0.30 vs the Perl's 0.39 on CNN/DM); rougeLsum
    (and rouge155's rougeLsum) is the Perl's summary-level ROUGE-L over the lines."""
    summ, ref = ISSUE_239_SUMM, ISSUE_239_REF
    ours = rouge_scorer.RougeScorer(["rougeL", "rougeLsum"]).score(ref, summ)
    theirs = rs_scorer.RougeScorer(["rougeL"]).score(ref, summ)
    lines, _ = cli_scores(tmp_path / "lines", [summ], [[ref]], ["-n", "1"])
    one, _ = cli_scores(tmp_path / "one", [summ], [[ref]], ["-n", "1"], one_line=True)
    assert rpf(ours["rougeLsum"]) == lines[("ROUGE-L", 1)]
    assert rpf(ours["rougeL"]) == one[("ROUGE-L", 1)]
    assert ours["rougeLsum"].fmeasure > theirs["rougeL"].fmeasure
    assert abs(ours["rougeL"].fmeasure - theirs["rougeL"].fmeasure) < 0.02


# -- HF evaluate ----------------------------------------------------------------------------------

def test_hf_compute_equals_cli(tmp_path):
    from rouge155.compat import hf_evaluate

    preds, refs = generated(41, 200, 1)
    targets = [r[0] for r in refs]
    agg = hf_evaluate.compute(predictions=preds, references=targets, use_stemmer=True)
    assert list(agg) == ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    assert all(isinstance(v, float) for v in agg.values())
    per = hf_evaluate.compute(predictions=preds, references=targets, use_stemmer=True, use_aggregator=False)
    assert all(isinstance(v, list) and len(v) == 200 for v in per.values())
    lines, avg = cli_scores(tmp_path, preds, refs, ["-n", "2", "-m"])
    assert f"{agg['rouge1']:.5f}" == avg[("ROUGE-1", "F")][0]
    assert f"{agg['rougeLsum']:.5f}" == avg[("ROUGE-L", "F")][0]
    for i in range(200):
        assert f"{per['rouge2'][i]:.5f}" == lines[("ROUGE-2", i + 1)].split()[2]
    # several references per prediction: lists of lists, as evaluate takes them (-f B)
    multi = hf_evaluate.compute(predictions=preds[:3], references=[[t, "x y z"] for t in targets[:3]],
                                rouge_types=["rouge1"], use_aggregator=False)
    assert list(multi) == ["rouge1"] and len(multi["rouge1"]) == 3
    with pytest.raises(ValueError):
        hf_evaluate.compute(predictions=preds[:2], references=targets[:3])


def test_hf_signature_is_evaluates():
    from rouge155.compat import hf_evaluate

    assert _params(hf_evaluate.compute) == [("predictions", inspect.Parameter.empty),
                                            ("references", inspect.Parameter.empty), ("rouge_types", None),
                                            ("use_aggregator", True), ("use_stemmer", False), ("tokenizer", None)]


def test_evaluate_load_local_metric_script_offline(tmp_path, monkeypatch):
    pytest.importorskip("evaluate")
    pytest.importorskip("datasets")
    from rouge155.compat import hf_evaluate

    for var in ("HF_EVALUATE_OFFLINE", "HF_DATASETS_OFFLINE", "HF_HUB_OFFLINE"):
        monkeypatch.setenv(var, "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    code = (
        "import evaluate, json, sys\n"
        f"m = evaluate.load({hf_evaluate.METRIC_PATH!r})\n"
        "a = m.compute(predictions=['the cat sat\\nit purred', 'hello there'], "
        "references=[['a cat sat on the mat', 'the cat purred'], ['hello there general']])\n"
        "b = m.compute(predictions=['the cat sat\\nit purred'], references=['a cat sat'], use_aggregator=False, "
        "use_stemmer=True, rouge_types=['rouge1', 'rougeLsum'])\n"
        "print(json.dumps([a, b]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300, cwd=tmp_path, env=os.environ)
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    import json

    a, b = json.loads(out.stdout.decode().strip().splitlines()[-1])
    assert a == hf_evaluate.compute(predictions=["the cat sat\nit purred", "hello there"],
                                    references=[["a cat sat on the mat", "the cat purred"], ["hello there general"]])
    assert list(b) == ["rouge1", "rougeLsum"] and isinstance(b["rouge1"], list)


# -- torchmetrics ---------------------------------------------------------------------------------

def test_torchmetrics_surface_and_numbers(tmp_path):
    # scripts/test.sh installs torch only from a CPU wheel, and says here why it installed none
    torch = pytest.importorskip("torch", reason=os.environ.get("ROUGE155_NO_TORCH") or None)
    tm_functional = pytest.importorskip("torchmetrics.functional.text.rouge")
    tm_text = pytest.importorskip("torchmetrics.text.rouge")
    from rouge155.compat import torchmetrics as ours

    assert _params(ours.rouge_score) == _params(tm_functional.rouge_score)
    assert [p for p in _params(ours.ROUGEScore.__init__) if p[0] != "kwargs"] == \
        [p for p in _params(tm_text.ROUGEScore.__init__) if p[0] != "kwargs"]
    keys = ("rouge1", "rouge2", "rougeL")  # torchmetrics' rougeLsum wants nltk's punkt data (a download)
    theirs = tm_functional.rouge_score("My name is John", "Is your name John", rouge_keys=keys)
    mine = ours.rouge_score("My name is John", "Is your name John", rouge_keys=keys)
    assert sorted(mine) == sorted(theirs)
    assert all(isinstance(v, torch.Tensor) and v.dim() == 0 and v.dtype == theirs[k].dtype for k, v in mine.items())
    for bad in ({"rouge_keys": ("rougeX",)}, {"accumulate": "max"}):
        with pytest.raises(ValueError):
            tm_text.ROUGEScore(**bad)
        with pytest.raises(ValueError):
            ours.ROUGEScore(**bad)

    preds, refs = generated(53, 150, 3)
    for accumulate, formula in (("best", "B"), ("avg", "A")):
        metric = ours.ROUGEScore(use_stemmer=True, accumulate=accumulate, rouge_keys=keys)
        metric.update(preds[:70], refs[:70])
        metric.update(preds[70:], refs[70:])
        result = metric.compute()
        functional = ours.rouge_score(preds, refs, accumulate=accumulate, use_stemmer=True, rouge_keys=keys)
        _, avg = cli_scores(tmp_path / accumulate, preds, refs, ["-n", "2", "-m", "-f", formula])
        for key, tag in (("rouge1", "ROUGE-1"), ("rouge2", "ROUGE-2")):
            for part, letter in (("fmeasure", "F"), ("precision", "P"), ("recall", "R")):
                assert f"{float(result[f'{key}_{part}']):.5f}" == avg[(tag, letter)][0], (accumulate, key, part)
                assert float(functional[f"{key}_{part}"]) == float(result[f"{key}_{part}"])


def test_torchmetrics_module_without_torch_names_the_extra(monkeypatch):
    import importlib

    monkeypatch.setitem(sys.modules, "torch", None)
    monkeypatch.delitem(sys.modules, "rouge155.compat.torchmetrics", raising=False)
    with pytest.raises(ImportError, match=r'pip install "\.\[torch\]"'):
        importlib.import_module("rouge155.compat.torchmetrics")
