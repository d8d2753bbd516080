"""A recipe for the tests (not a real framework's): each text's characters, spaces left out, joined by
spaces line by line (as a CJK pipeline hands text to a space-splitting scorer), scored by rouge-score,
P, R and F multiplied by 100 and rounded to 4 places, and the arithmetic mean over the pairs. Registered
by the tests only: ``rouge155.semantics.register(NAME, "support.recipe_example")``."""
from __future__ import annotations

from typing import Tuple

import numpy as np

from rouge155.semantics import rouge_score
from rouge155.semantics.base import Rule
from rouge155.semantics.recipe import Recipe

NAME = "example-chars"
VERSION = "1.0"


def characters(text: str) -> str:
    """Each line's characters but spaces, joined by spaces (the lines kept: rougeLsum's sentences)."""
    return "\n".join(" ".join(c for c in line if not c.isspace()) for line in text.split("\n"))


def percent(values: np.ndarray) -> np.ndarray:
    return np.round(np.asarray(values, dtype=np.float64) * 100, 4)


class ExampleChars(Recipe):
    name = NAME
    reproduces = "a test recipe: characters joined by spaces, rouge-score, x 100 rounded to 4 places, the mean"
    base = rouge_score.SEMANTICS
    segmenter = Rule("chars", "each character but spaces a word, joined by spaces line by line")
    f_measure = Rule("harmonic-percent", "rouge-score's P, R and F, x 100 and rounded to 4 places")
    aggregation = Rule("mean", "arithmetic mean of the pairs' values, summed in order")

    def segment(self, text: str) -> str:
        return characters(text)

    def finish(self, precision, recall, fmeasure):
        return percent(precision), percent(recall), percent(fmeasure)

    def aggregate(self, values) -> Tuple[float, float, float]:
        out = []
        for column in (values.precision, values.recall, values.fmeasure):
            out.append(float(np.cumsum(column)[-1] / len(column)) if len(column) else 0.0)
        return out[0], out[1], out[2]

    def fixed_settings(self):
        return {"segmenter": f"chars-{VERSION}"}


SEMANTICS = ExampleChars()
