"""``score_pairs`` on a few pairs goes through each implementation's kept per-call scorer
(:mod:`rouge155.semantics.calls`), which must give its plain ``score_pairs``' numbers, for every
registered implementation (a subclass that changes the tokenizer must not inherit its parent's
compiled path: rouge-score-rs' Unicode tokenizers did)."""
import pytest

import rouge155
from devkit.multiscript import pairs
from rouge155 import semantics as registry
from rouge155.semantics.base import MissingDependency


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("compiled", ["0", "1"])
def test_the_per_call_scorer_is_the_plain_one(monkeypatch, name, compiled):
    monkeypatch.setenv("ROUGE155_JIT", compiled)  # the compiled per-call path too, where numba is installed
    spec = registry.get(name)
    preds, refs = pairs(24, seed=5, max_refs=1, odd_share=0.1, size=3)
    # words outside ASCII in both (tokenizers differ most there); " x": the rouge package refuses texts
    # without a token
    preds = [p + (" Москва naïve 東京" if k % 2 else "") + " x" for k, p in enumerate(preds)]
    refs = [[r[0] + " Москва café 東京 x"] for r in refs]
    metrics = list(dict.fromkeys([spec.naming.metrics[0], spec.naming.metrics[-1]]))
    try:
        plain = spec.plain_scores(preds, refs, metrics)
    except MissingDependency as exc:
        pytest.skip(str(exc))
    for k in range(len(preds)):
        one = rouge155.score_pairs(preds[k:k + 1], refs[k:k + 1], metrics, semantics=name)
        for metric in metrics:
            assert (one[metric].precision[0], one[metric].recall[0], one[metric].fmeasure[0]) == (
                plain[metric].precision[k], plain[metric].recall[k], plain[metric].fmeasure[k]), (name, metric, k)
