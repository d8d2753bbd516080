"""The step-by-step engine (rouge155.engine.stepwise): the script's walk, its state between steps,
its errors and its -v lines (the numbers themselves: tests/parity and tests/unit/engine/test_batched.py)."""
import pytest

from rouge155 import RougeError
from rouge155.api import memory_config
from rouge155.base.options import Options
from rouge155.engine import stepwise
from rouge155.engine.plan import BE, LCS, NGRAM, SKIP, WLCS, metric_plan
from rouge155.engine.stepwise import StepwiseRun
from rouge155.engine.verbose import VerboseLines, dump
from rouge155.inputs.resources import bundled_data_path, load_word_lists
from rouge155.metrics.formulas import ModelMatch, combine

PEERS = {"A": {"1": "the cats sat\non the mat", "2": "dogs barked"}, "B": {"2": "running dogs"}}
MODELS = {"1": ["a cat sat on the mat", "the cats"], "2": ["the dog barked loudly"]}


def stepwise_run(options, peers=PEERS, models=MODELS, warnings=None, debug=None):
    """The step-by-step engine set up on an in-memory config (``warnings``: a list collecting them)."""
    config, source = memory_config(peers, models)
    warn = warnings.append if warnings is not None else (lambda _msg: None)
    return StepwiseRun(config, options, load_word_lists(bundled_data_path()), source, warn, debug)


def test_every_kind_has_a_scorer():
    assert set(stepwise._SCORERS) == {NGRAM, LCS, WLCS, SKIP, BE}


def test_blocks_in_the_scripts_order_and_a_chosen_plan():
    options = Options(ngram="2", weight="1.2")
    run = stepwise_run(options)
    blocks = list(run.blocks(["A", "B"]))
    assert [(b.system, b.spec.tag) for b in blocks] == [
        (s, t) for s in ("A", "B") for t in ("ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-W-1.2")]
    assert [b.keys for b in blocks[:1] + blocks[4:5]] == [["1.A", "2.A"], ["2.B"]]
    part = metric_plan(options)[1:2]
    assert [b.spec.tag for b in stepwise_run(options).blocks(["A"], part)] == ["ROUGE-2"]


def test_missing_peer_warned_once_per_evaluation():
    warnings = []
    list(stepwise_run(Options(ngram="2"), warnings=warnings).blocks(["A", "B"]))
    assert warnings == ["*ROUGE Warning: test instance for peer B does not exist for evaluation 1"]


def test_stem_models_only_switches_stemming_off_after_the_first_model():
    """Perl quirk: -M sets $opt_m around a model and then undefines it: from then on -m is off,
    peers included; ROUGE-N ignores -M."""
    run = stepwise_run(Options(stem=True, stem_models_only=True, ngram="1", skip_distance="4"))
    config = run.config
    ngram, _lcs, skip = metric_plan(run.options)
    run.instance(config.evaluations[0], "A", ngram)
    assert run.stem_on is True
    run.instance(config.evaluations[0], "A", skip)
    assert run.stem_on is False


def test_missing_model_is_the_scripts_error():
    config, source = memory_config(PEERS, MODELS)
    config.evaluations[0].models["M.1"] = "nowhere"
    run = StepwiseRun(config, Options(ngram="1"), load_word_lists(bundled_data_path()), source)
    with pytest.raises(RougeError, match="Cannot find model summary: nowhere"):
        list(run.blocks(["A"]))


def test_rouge_w_of_an_empty_model_is_the_scripts_division_by_zero():
    run = stepwise_run(Options(weight="1.2"), models={"1": ["..."], "2": ["the dog"]})
    with pytest.raises(RougeError, match="Illegal division by zero"):
        list(run.blocks(["A"]))


def test_combine_uses_the_runs_formula_and_alpha():
    matches = [ModelMatch(3, 5, 4, 0.6), ModelMatch(4, 5, 4, 0.8)]
    for formula, alpha in (("A", "0.5"), ("B", "0.2")):
        run = stepwise_run(Options(score_formula=formula, alpha=alpha))
        assert run.combine(matches) == combine(matches, formula, float(alpha))


def test_verbose_lines():
    lines = []
    list(stepwise_run(Options(ngram="1", skip_distance="2", verbose=True), debug=lines.append).blocks(["A"]))
    assert lines[0] == "@Eval (1)" and "***P peers/A/1" in lines and "***M models/1/1" in lines
    s_totals = [line for line in lines if line.startswith("total ROUGE-S2-")]  # R, P, F of both evaluations
    # Perl quirk: the -v lines for P and F print the recall
    values = [line.split(": ")[1] for line in s_totals]
    assert len(values) == 6 and values[0:3] == [values[0]] * 3 and values[3:6] == [values[3]] * 3
    quiet = []
    list(stepwise_run(Options(ngram="1"), debug=quiet.append).blocks(["A"]))
    assert quiet == []


def test_verbose_dump_is_sorted():
    from collections import Counter

    assert dump(Counter({"b": 2, "a": 1}), 3) == "_cn_|3|a|1|b|2"
    out = []
    VerboseLines(out.append).text(None, Counter(), 0)
    assert out == ["---empty text---"]
