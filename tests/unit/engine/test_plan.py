"""The metric plan and the choice of engine (rouge155.engine.plan): the script's block order for
every flag combination, which engine a run goes to, and the one fallback rule."""
import itertools

import pytest

from rouge155.base.options import Options
from rouge155.engine import plan
from rouge155.engine.batched import chunks
from rouge155.engine.plan import BE, LCS, NGRAM, SKIP, WLCS, MetricSpec, metric_plan

FLAGS = dict(ngram=(None, "0", "2", "2.5", "abc"), no_lcs=(False, True), weight=(None, "1.2"),
             skip_distance=(None, "4", "0", "-1"), skip_unigrams=(False, True), skip_both=(False, True),
             be_mode=(None, "H"))


def _scripts_order(o: Options):
    """The tags as ROUGE-1.5.5.pl's main loop prints them, written from its code:
    for($n=1;$n<=$opt_n;$n++) N; L unless -x or -3; W if -w; -2: >= 0: -u SU, elsif -U S and SU, else S;
    < 0: -u SU*, else S* (and SU* with -U); BE if -3."""
    from rouge155.base.perl import perl_num

    tags = []
    if o.ngram is not None:
        tags += [f"ROUGE-{n}" for n in range(1, int(perl_num(o.ngram)) + 1)]
    if not o.no_lcs and o.be_mode is None:
        tags.append("ROUGE-L")
    if o.weight is not None:
        tags.append(f"ROUGE-W-{o.weight}")
    if o.skip_distance is not None:
        sd = o.skip_distance if perl_num(o.skip_distance) >= 0 else "*"
        if o.skip_unigrams:
            tags.append(f"ROUGE-SU{sd}")
        else:
            tags.append(f"ROUGE-S{sd}")
            if o.skip_both:
                tags.append(f"ROUGE-SU{sd}")
    if o.be_mode is not None:
        tags.append(f"ROUGE-BE-{o.be_mode}")
    return tags


def test_plan_order_for_every_flag_combination():
    checked = 0
    for values in itertools.product(*FLAGS.values()):
        options = Options(**dict(zip(FLAGS, values)))
        specs = metric_plan(options)
        assert [s.tag for s in specs] == _scripts_order(options), options
        kinds = [s.kind for s in specs]
        assert kinds == sorted(kinds, key=[NGRAM, LCS, WLCS, SKIP, BE].index)  # N.., L, W, S/SU, BE
        assert all(s.n == k + 1 for k, s in enumerate(specs) if s.is_ngram)
        assert all(s.skip_unigrams == s.tag.startswith("ROUGE-SU") for s in specs)
        checked += 1
    assert checked == 640


@pytest.mark.parametrize("flags,tags", [
    ({}, ["ROUGE-L"]),
    ({"ngram": "2", "weight": "1.5", "skip_distance": "-1", "skip_both": True},
     ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-W-1.5", "ROUGE-S*", "ROUGE-SU*"]),
    ({"skip_distance": "4", "skip_unigrams": True, "skip_both": True}, ["ROUGE-L", "ROUGE-SU4"]),
    ({"be_mode": "HM", "ngram": "1"}, ["ROUGE-1", "ROUGE-BE-HM"]),
    ({"ngram": "3", "no_lcs": True}, ["ROUGE-1", "ROUGE-2", "ROUGE-3"]),
])
def test_plan_examples(flags, tags):
    assert [s.tag for s in metric_plan(Options(**flags))] == tags


def test_plan_with_chosen_orders():
    """score_pairs asks for orders by name: only those, sorted, then the rest of the plan."""
    specs = metric_plan(Options(ngram="9", weight="1.2"), [4, 1, 4])
    assert [s.tag for s in specs] == ["ROUGE-1", "ROUGE-4", "ROUGE-L", "ROUGE-W-1.2"]
    assert metric_plan(Options(ngram="2"), []) == [MetricSpec(LCS, "ROUGE-L")]


def test_kind_properties():
    by_kind = {s.kind: s for s in metric_plan(Options(ngram="1", weight="2", skip_distance="1"))}
    by_kind[BE] = MetricSpec(BE, "ROUGE-BE-H")
    assert [k for k, s in by_kind.items() if s.is_lcs] == [LCS, WLCS]
    assert [k for k, s in by_kind.items() if s.is_weighted] == [WLCS]
    assert [k for k, s in by_kind.items() if s.is_ngram] == [NGRAM]
    assert [k for k, s in by_kind.items() if s.is_skip] == [SKIP]
    assert [k for k, s in by_kind.items() if s.is_be] == [BE]


@pytest.mark.parametrize("flags,supported", [
    ({"ngram": "2", "weight": "1.2", "skip_distance": "4"}, True),
    ({"verbose": True}, False),
    ({"stem_models_only": True}, False),
    ({"be_mode": "H"}, False),
    ({"skip_distance": "nan"}, False),
    ({"weight": "inf"}, False),
])
def test_batched_engine_supports(flags, supported):
    assert plan.batched_engine_supports(Options(**flags)) is supported


def small_config(n_evals=3):
    """A memory config of ``n_evals`` evaluations, one peer and two models each, and its source."""
    from rouge155.api import memory_config

    peers = {"A": {str(i): f"the cat sat on mat {i}" for i in range(n_evals)}}
    models = {str(i): [f"a cat sat on the mat {i}", "the cat"] for i in range(n_evals)}
    return memory_config(peers, models)


def test_small_runs(monkeypatch):
    config, source = small_config()
    options = Options(ngram="2")
    assert plan.is_small_run(config, options, ["A"], source)
    assert not plan.is_small_run(config, Options(ngram="2", resamples="inf"), ["A"], source)  # reported later
    monkeypatch.setattr(plan, "SMALL_RUN_BOOTSTRAP", 3 * 1000 * 3 - 1)  # instances x resamples x blocks
    assert not plan.is_small_run(config, options, ["A"], source)
    monkeypatch.undo()
    monkeypatch.setattr(plan, "SMALL_RUN_PAIRS", 5)  # 6 pairs
    assert not plan.is_small_run(config, options, ["A"], source)
    monkeypatch.undo()
    monkeypatch.setattr(plan, "SMALL_RUN_WORK", 10)
    assert not plan.is_small_run(config, options, ["A"], source)


def test_engine_choice():
    config, source = small_config()
    small = Options(ngram="2")
    assert not plan.use_batched_engine("step", config, small, ["A"], source, cluster=True)
    assert not plan.use_batched_engine("auto", config, small, ["A"], source)  # small: plain Python
    assert plan.use_batched_engine("auto", config, small, ["A"], source, cluster=True)
    assert plan.use_batched_engine("batch", config, small, ["A"], source)
    assert not plan.use_batched_engine("batch", config, Options(verbose=True), ["A"], source)


class _Executor:
    """Local workers of one process, recording when the rule opens and closes them."""

    def __init__(self, events):
        from rouge155.engine.executors.local import LocalProcesses

        self.events = events
        self.workers = LocalProcesses(1)

    def __enter__(self):
        self.events.append("enter")
        return self.workers

    def __exit__(self, *exc):
        self.events.append("exit")


def _scored(monkeypatch, fail: bool, batched: bool = True):
    from rouge155.inputs.resources import bundled_data_path, load_word_lists

    config, source = small_config()
    events = []
    if fail:
        def needs_step_by_step(*_args, **_kwargs):
            events.append("batched")
            raise plan.NeedsStepByStep()

        monkeypatch.setattr(chunks, "run_blocks", needs_step_by_step)

    def score(blocks, workers):
        events.append((len(blocks), workers and "workers"))
        return [b.spec.tag for b in blocks]

    out = list(plan.scored_blocks(config, Options(ngram="2"), ["A"], load_word_lists(bundled_data_path()), source,
                                  score, batched=batched, executor=_Executor(events)))
    return out, events


def test_fallback_rule_batched(monkeypatch):
    """All blocks scored at once, with the executor's workers, while the executor is open."""
    out, events = _scored(monkeypatch, fail=False)
    assert out == ["ROUGE-1", "ROUGE-2", "ROUGE-L"]
    assert events == ["enter", (3, "workers"), "exit"]


def test_fallback_rule_step_by_step(monkeypatch):
    """On NeedsStepByStep: the executor is closed, then each step-by-step block is scored alone."""
    out, events = _scored(monkeypatch, fail=True)
    assert out == ["ROUGE-1", "ROUGE-2", "ROUGE-L"]
    assert events == ["enter", "batched", "exit", (1, None), (1, None), (1, None)]


def test_no_batched_engine_no_executor(monkeypatch):
    out, events = _scored(monkeypatch, fail=True, batched=False)
    assert out == ["ROUGE-1", "ROUGE-2", "ROUGE-L"] and events == [(1, None)] * 3


def test_api_and_pairs_share_the_fallback(monkeypatch):
    """``evaluate`` and ``score_pairs`` give the same numbers when the batched engine declines."""
    import numpy as np

    import rouge155

    peers = {"A": {"1": "the cat sat\non the mat", "2": "a dog barked"}}
    models = {"1": ["a cat sat on the mat", "the cat"], "2": ["the dog barked loudly"]}
    preds, refs = [peers["A"]["1"], peers["A"]["2"]], [models["1"], models["2"]]
    before = rouge155.evaluate(peers, models, ngram=2, weight=1.2).to_text()
    pairs_before = rouge155.score_pairs(preds, refs, metrics=["ROUGE-2", "ROUGE-W-1.2"])
    calls = []

    def needs_step_by_step(*_args, **_kwargs):
        calls.append(1)
        raise plan.NeedsStepByStep()

    monkeypatch.setattr(chunks, "run_blocks", needs_step_by_step)
    # score_pairs' own numpy path (no config) declines as the engine would: the general path takes over
    monkeypatch.setattr("rouge155.engine.batched.memory_pairs.block_counts", needs_step_by_step)
    monkeypatch.setattr(plan, "SMALL_RUN_PAIRS", 0)  # evaluate: the batched engine first
    assert rouge155.evaluate(peers, models, ngram=2, weight=1.2).to_text() == before
    pairs_after = rouge155.score_pairs(preds, refs, metrics=["ROUGE-2", "ROUGE-W-1.2"])
    assert len(calls) == 3
    for tag, scores in pairs_before.items():
        assert np.array_equal(scores.fmeasure, pairs_after[tag].fmeasure)
        assert np.array_equal(scores.hits, pairs_after[tag].hits)
