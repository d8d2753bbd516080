"""rouge155.iter_score_pairs (rouge155.streaming): score_pairs over iterables, a chunk at a time, the
same numbers as one call over every pair; mismatched lengths and bad chunk sizes are one clear error."""
import numpy as np
import pytest

import rouge155
from rouge155 import OptionError
from rouge155.streaming import iter_batches

from devkit.pairgen import pairs


def _joined(parts, tag):
    return {field: np.concatenate([getattr(p[tag], field) for p in parts])
            for field in ("recall", "precision", "fmeasure", "hits", "model_count", "peer_count")}


@pytest.mark.parametrize("chunk_size", [1, 7, 64, 1000])
def test_chunks_give_the_numbers_of_one_call(chunk_size):
    predictions, references = pairs(150, seed=3)
    metrics = ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-SU4"]
    whole = rouge155.score_pairs(predictions, references, metrics=metrics, stem=True)
    parts = list(rouge155.iter_score_pairs(iter(predictions), (r for r in references), chunk_size=chunk_size,
                                           metrics=metrics, stem=True))
    assert len(parts) == -(-150 // chunk_size)
    for tag in whole:
        joined = _joined(parts, tag)
        for field, values in joined.items():
            assert np.array_equal(values, getattr(whole[tag], field)), (tag, field)


def test_other_semantics_stream_too():
    predictions, references = pairs(40, seed=5)
    whole = rouge155.score_pairs(predictions, references, metrics=["ROUGE-1"], semantics="rouge-score",
                                  multi_reference="B")
    parts = list(rouge155.iter_score_pairs(predictions, references, chunk_size=9, metrics=["ROUGE-1"],
                                           semantics="rouge-score", multi_reference="B"))
    assert np.array_equal(_joined(parts, "ROUGE-1")["fmeasure"], whole["ROUGE-1"].fmeasure)


@pytest.mark.parametrize("n_refs, message", [(5, "10 or more predictions but 5 references"),
                                             (12, "10 predictions but more references")])
def test_lengths_that_differ_are_one_error_after_the_valid_chunks(n_refs, message):
    predictions, references = pairs(12, seed=1)
    got = []
    with pytest.raises(OptionError, match=message):
        for part in rouge155.iter_score_pairs(predictions[:10], references[:n_refs], chunk_size=10):
            got.append(part)
    assert len(got) == (0 if n_refs < 10 else 1)


@pytest.mark.parametrize("size", [0, -1, 1.5, True, "10"])
def test_chunk_size_is_checked(size):
    with pytest.raises(OptionError, match="chunk_size"):
        list(rouge155.iter_score_pairs(["a"], ["a"], chunk_size=size))


def test_a_text_is_not_an_iterable_of_texts():
    with pytest.raises(OptionError, match="iterables of texts"):
        list(rouge155.iter_score_pairs("abc", ["a"]))


def test_drop_in_batches_stream():
    from rouge155.compat.rouge_scorer import RougeScorer

    predictions, references = pairs(30, seed=2)
    scorer = RougeScorer(["rouge1", "rougeL"], use_stemmer=True)
    whole = scorer.score_batch(references, predictions)
    parts = [s for batch in iter_batches(scorer.score_batch, iter(references), iter(predictions), chunk_size=8)
             for s in batch]
    assert parts == whole
