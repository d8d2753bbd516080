"""score_pairs' numpy path without a config (engine.batched.memory_pairs): the same rows as the general
path through a config of one evaluation per pair, on generated and hostile texts."""
import numpy as np
import pytest

import rouge155
from rouge155.engine import pairs as pairs_module
from rouge155.metrics.names import parse_metrics
from rouge155.text import jit

from devkit.pairgen import hostile_texts, long_texts, pairs


def _texts():
    preds, refs = pairs(150, seed=11)
    hostile = hostile_texts(300, seed=12)
    preds = preds + hostile[:150] + long_texts(20, seed=13) + ["", "a", b"bytes \xff text"]
    refs = refs + [[hostile[150 + k]] + hostile_texts(k % 4, seed=k) for k in range(150)]
    refs = refs + [[t] for t in long_texts(20, seed=15)] + [["a"], [""], [b"bytes text", "b"]]
    return preds, refs


@pytest.mark.parametrize("kw", [
    dict(metrics=["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-SU4"], stem=True),
    dict(metrics=["ROUGE-L", "ROUGE-3", "ROUGE-1"], stem=True, remove_stopwords=True, multi_reference="B"),
    dict(metrics=["ROUGE-2", "ROUGE-S*"], alpha=0.2, multi_reference="B"),
])
def test_same_rows_as_through_a_config(monkeypatch, kw):
    monkeypatch.setenv(jit.ENV, "0")
    monkeypatch.setattr("rouge155.engine.batched.memory_pairs.CHUNK_PAIRS", 64)  # several chunks
    preds, refs = _texts()
    got = rouge155.score_pairs(preds, refs, **kw)
    wanted = parse_metrics(kw["metrics"])
    options = pairs_module.pair_options(wanted, kw.get("stem", False), kw.get("remove_stopwords", False),
                                        kw.get("multi_reference", "A"), kw.get("alpha", 0.5))
    config, source = pairs_module.pairs_config(preds, refs)
    rows = pairs_module.pair_counts(config, source, options, ngram_orders=wanted.ngram_orders)
    for tag in wanted.tags:
        s = got[tag]
        assert np.array_equal(np.stack([s.model_count, s.hits, s.recall, s.peer_count, s.precision, s.fmeasure],
                                       axis=1), rows[tag]), tag


def test_where_the_script_dies_the_general_path_says_so(monkeypatch):
    monkeypatch.setenv(jit.ENV, "0")
    with pytest.raises(rouge155.RougeError, match="Illegal division by zero"):
        rouge155.score_pairs(["a b", "c"], ["a", "..."], metrics=["ROUGE-W-1.2"])
