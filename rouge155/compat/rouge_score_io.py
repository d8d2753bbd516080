"""rouge-score's ``io`` module: ``from rouge155.compat import io`` (was ``from rouge_score import io``).

``compute_scores_and_write_to_csv(target_filepattern, prediction_filepattern, output_filename, scorer,
aggregator, delimiter="\\n")``: the files matching each pattern, paired in sorted order, their records
(split at ``delimiter``; a final delimiter ends the last record) scored pair by pair with ``scorer``, and
a CSV written as rouge-score writes it: with an aggregator, ``score_type,low,mid,high`` and one row per
type and measure (``rouge1-R``, ``-P``, ``-F``); without, ``id`` and each type's P, R, F per record.
A scorer with ``score_batch`` (rouge155's ``RougeScorer``) scores each file's records at once.
"""
from __future__ import annotations

import glob
import logging
from typing import Dict, List

_LOG = logging.getLogger(__name__)


def compute_scores_and_write_to_csv(target_filepattern, prediction_filepattern, output_filename, scorer,
                                    aggregator, delimiter="\n"):
    """Scores the records of the target and prediction files and writes the scores, or their aggregates
    when ``aggregator`` is given, to ``output_filename`` as CSV. ValueError when the patterns do not match
    the same positive number of files, or two paired files hold different numbers of records."""
    targets, predictions = glob.glob(target_filepattern), glob.glob(prediction_filepattern)
    if len(targets) < 1 or len(targets) != len(predictions):
        raise ValueError("Must have equal and positive number of target and prediction files. Found: %d target "
                         "files (%s), %d prediction files (%s)." % (len(targets), target_filepattern,
                                                                   len(predictions), prediction_filepattern))
    scores = _compute_scores(sorted(targets), sorted(predictions), scorer, delimiter)
    if aggregator:
        for score in scores:
            aggregator.add_scores(score)
        _write_aggregates_to_csv(output_filename, aggregator.aggregate())
    else:
        _write_scores_to_csv(output_filename, scores)


def _records(filename: str, delimiter: str) -> List[str]:
    """The records of a file: its text split at ``delimiter``, the empty one after a final delimiter dropped."""
    with open(filename, encoding="utf-8") as f:
        records = f.read().split(delimiter)
    if records[-1]:
        _LOG.warning("Expected delimiter at end of file")  # rouge-score's warning: the last record is kept
    else:
        records = records[:-1]
    return records


def _compute_scores(target_filenames, prediction_filenames, scorer, delimiter) -> List[Dict]:
    scores: List[Dict] = []
    for target_filename, prediction_filename in zip(target_filenames, prediction_filenames):
        targets, predictions = _records(target_filename, delimiter), _records(prediction_filename, delimiter)
        if len(targets) != len(predictions):
            raise ValueError("Must have equal number of lines across target and prediction files. Mismatch "
                             "between files: %s, %s." % (target_filename, prediction_filename))
        if hasattr(scorer, "score_batch"):
            scores.extend(scorer.score_batch(targets, predictions))
        else:
            scores.extend(scorer.score(t, p) for t, p in zip(targets, predictions))
    return scores


def _write_aggregates_to_csv(output_filename, aggregates) -> None:
    """``score_type,low,mid,high``, then per type (sorted) its R, P and F rows, ``%f`` each."""
    with open(output_filename, "w", encoding="utf-8") as out:
        out.write("score_type,low,mid,high\n")
        for score_type, agg in sorted(aggregates.items()):
            for tag, field in (("R", "recall"), ("P", "precision"), ("F", "fmeasure")):
                values = (getattr(agg.low, field), getattr(agg.mid, field), getattr(agg.high, field))
                out.write("%s-%s,%f,%f,%f\n" % ((score_type, tag) + values))


def _write_scores_to_csv(output_filename, scores) -> None:
    """``id`` and each type's (sorted) P, R, F columns, one row per record (nothing without records)."""
    if len(scores) < 1:
        _LOG.warning("No scores to write")
        return
    rouge_types = sorted(scores[0].keys())
    with open(output_filename, "w", encoding="utf-8") as out:
        out.write("id" + "".join(",{t}-P,{t}-R,{t}-F".format(t=t) for t in rouge_types) + "\n")
        for i, result in enumerate(scores):
            cells = "".join(",%f,%f,%f" % (result[t].precision, result[t].recall, result[t].fmeasure)
                            for t in rouge_types)
            out.write("%d%s\n" % (i, cells))


__all__ = ["compute_scores_and_write_to_csv"]
