"""rouge155.rewards: every reward equal (==) to rouge155.score_pairs' number and, under
semantics="rouge-score", to rouge-score 0.1.2's own, one completion per call and in batches, on both
paths (numpy, compiled); TRL 1.16's and verl 0.9's calling conventions; token ids; the pool."""
import numpy as np
import pytest

import rouge155
from rouge155.compat import rouge_scorer as compat_scorer
from rouge155.rewards import Pool, Reward, RougeReward, compute_score, compute_score_batched

from support.kernels import use_kernels
from support.summaries import cnndm_pairs

rs_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score==0.1.2 (test extra) not installed")

_, PREDS, REFS = cnndm_pairs(80)
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


@pytest.fixture(autouse=True, params=["numpy", "compiled"])
def kernels(request, monkeypatch):
    return use_kernels(request.param, monkeypatch)


@pytest.mark.parametrize("stem", [False, True])
def test_rouge_score_semantics_one_call_and_batch(stem):
    """Reward and compat's RougeScorer.score/score_batch, pair by pair and in a batch, == rouge-score's."""
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=stem)
    ours = compat_scorer.RougeScorer(TYPES, use_stemmer=stem, semantics="rouge-score")
    expected = [theirs.score(r[0], p) for p, r in zip(PREDS, REFS)]
    assert [ours.score(r[0], p) for p, r in zip(PREDS, REFS)] == expected
    assert ours.score_batch([r[0] for r in REFS], PREDS) == expected
    for t in TYPES:
        for measure in ("precision", "recall", "fmeasure"):
            reward = Reward(t, measure, semantics="rouge-score", stem=stem)
            want = [getattr(e[t], measure) for e in expected]
            assert [reward.one(p, r) for p, r in zip(PREDS, REFS)] == want
            assert reward.many(PREDS, REFS) == want
            assert reward.many(PREDS[:3], REFS[:3]) == want[:3]  # the scalar path of a few pairs


@pytest.mark.parametrize("metric", ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"])
def test_perl_semantics_equal_score_pairs(metric):
    """The default (the Perl's) reward == score_pairs' number, per call, batch and group."""
    scores = rouge155.score_pairs(PREDS, REFS, metrics=[metric])[metric]
    for measure in ("precision", "recall", "fmeasure"):
        want = getattr(scores, measure).tolist()
        reward = Reward(metric, measure)
        assert [reward.one(p, r) for p, r in zip(PREDS, REFS)] == want
        assert reward.many(PREDS, REFS) == want
    group = rouge155.score_pairs(PREDS[:8], [REFS[0]] * 8, metrics=[metric])[metric].fmeasure.tolist()
    assert Reward(metric).group(PREDS[:8], REFS[0]) == group


def test_weighted_sum_and_several_references():
    refs = [r + [PREDS[(i + 1) % len(PREDS)]] for i, r in enumerate(REFS)]
    scores = rouge155.score_pairs(PREDS, refs, metrics=["ROUGE-1", "ROUGE-L"])
    want = [0.0 + 0.25 * a + 0.75 * b for a, b in zip(scores["ROUGE-1"].recall.tolist(),
                                                     scores["ROUGE-L"].fmeasure.tolist())]
    reward = Reward({("ROUGE-1", "recall"): 0.25, "ROUGE-L": 0.75})
    assert reward.many(PREDS, refs) == want
    assert [reward.one(p, r) for p, r in zip(PREDS, refs)] == want


def test_trl_protocol():
    """Called as TRL 1.16's GRPOTrainer._calculate_rewards calls it: prompts, completions,
    completion_ids, every other dataset column, trainer_state, log_extra, log_metric; None where the
    reference is missing; conversational completions; several references."""
    preds, refs = PREDS[:6], [r[0] for r in REFS[:6]]
    func = RougeReward("rougeL", semantics="rouge-score", reference="summary")
    want = Reward("rougeL", semantics="rouge-score").many(preds, [[r] for r in refs])
    kwargs = dict(trainer_state=object(), log_extra=print, log_metric=print, other=[1] * 6)
    got = func(prompts=["p"] * 6, completions=preds, completion_ids=[[1]] * 6, summary=refs, **kwargs)
    assert got == want and func.__name__ == "rouge_rougel"
    chat = [[{"role": "assistant", "content": p}] for p in preds]
    assert func(prompts=[[{"role": "user", "content": "x"}]] * 6, completions=chat, summary=refs, **kwargs) == want
    missing = func(completions=preds, summary=[None, refs[1], [], [refs[3], refs[0]], refs[4], refs[5]])
    assert missing[0] is None and missing[2] is None and missing[1] == want[1]
    assert missing[3] == Reward("rougeL", semantics="rouge-score").one(preds[3], [refs[3], refs[0]])
    with pytest.raises(KeyError, match="summary"):
        func(completions=preds, reference=refs)


def test_verl_protocol():
    """verl 0.9: the reward managers call compute_score(data_source=, solution_str=, ground_truth=,
    extra_info=, **reward_kwargs) and the batch one compute_score(data_sources=, solution_strs=,
    ground_truths=, extra_infos=, **reward_kwargs)."""
    refs = [r[0] for r in REFS[:5]]
    settings = {"metrics": "rougeL", "semantics": "rouge-score"}
    want = Reward("rougeL", semantics="rouge-score").many(PREDS[:5], [[r] for r in refs])
    assert [compute_score(data_source="cnn", solution_str=p, ground_truth=r, extra_info={}, **settings)
            for p, r in zip(PREDS, refs)] == want
    assert compute_score_batched(data_sources=np.array(["cnn"] * 5, dtype=object), solution_strs=PREDS[:5],
                                 ground_truths=refs, extra_infos=[{}] * 5, **settings) == want
    perl = Reward().one(PREDS[0], refs[0])
    assert compute_score("cnn", PREDS[0], [refs[0]], None, reward_router_address=None) == perl
    with pytest.raises(TypeError, match="unknown"):
        compute_score("cnn", PREDS[0], refs[0], None, metric="rougeL")
    with pytest.raises(ValueError, match="no reference"):
        compute_score("cnn", PREDS[0], None)


def _ids(n, seed, pad=0):
    rng = np.random.default_rng(seed)
    return [rng.integers(1, 40, size=rng.integers(1, 30)).tolist() + [pad] * int(rng.integers(0, 3))
            for _ in range(n)]


@pytest.mark.parametrize("semantics", ["perl", "rouge-score"])
def test_token_ids_equal_their_text(semantics):
    """Ids (lists, numpy arrays, a 2-D array) score as the ids written as a text under the Perl's
    semantics (the --write-token-ids convention); the pad id and special ids are dropped."""
    preds, refs = _ids(40, 1), _ids(40, 2)
    special = (7,)

    def text(ids):
        return " ".join(str(i) for i in ids if i not in (0, 7))

    metrics = ["ROUGE-1", "ROUGE-2", "ROUGE-L"]
    want = rouge155.score_pairs([text(p) for p in preds], [[text(r)] for r in refs], metrics=metrics)
    got = rouge155.score_pairs([np.array(p) for p in preds], [[r] for r in refs], metrics=metrics,
                               pad_id=0, special_ids=special)
    for m in metrics:
        assert got[m].fmeasure.tolist() == want[m].fmeasure.tolist()
        assert got[m].recall.tolist() == want[m].recall.tolist()
    func = RougeReward("ROUGE-L", reference="ref", token_ids=True, pad_id=0, special_ids=special)
    assert func(completions=None, completion_ids=preds, ref=[[r] for r in refs]) == want["ROUGE-L"].fmeasure.tolist()
    one = rouge155.score_pairs([preds[0]], [[refs[0]]], metrics=["ROUGE-L"], pad_id=0, special_ids=special)
    assert one["ROUGE-L"].fmeasure.tolist() == want["ROUGE-L"].fmeasure.tolist()[:1]
    del semantics


def test_pool_equals_independent_pairs():
    pool = Pool("rougeL", semantics="rouge-score")
    pool.extend(PREDS[:30])
    reward = Reward("rougeL", semantics="rouge-score")
    assert pool.score(REFS[0][0]).tolist() == reward.many(PREDS[:30], [[REFS[0][0]]] * 30)
    pool.extend(PREDS[30:40])  # grown between calls: only the new texts are tokenized
    assert pool.score(PREDS[0]).tolist() == reward.many(PREDS[:40], [[PREDS[0]]] * 40)
    assert len(pool) == 40


def test_reward_pickles():
    import pickle

    reward = pickle.loads(pickle.dumps(RougeReward("ROUGE-2", reference="r")))
    assert reward(completions=PREDS[:2], r=[r[0] for r in REFS[:2]]) == Reward("ROUGE-2").many(PREDS[:2], REFS[:2])
