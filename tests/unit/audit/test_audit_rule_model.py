"""The audit's rule model against the registry: an implementation's own recipe (all six of its rules)
gives exactly its numbers, per pair (P, R, F equal as floats) and for the corpus, on generated pairs
(punctuation, digits, non-ASCII, hyphens, apostrophes, upper case, empty texts, 1-4 references) and on
the real CNN/DM outputs, with stemming on and off and both multi-reference letters. Swapping all rules
for the Perl's gives the Perl's numbers: the attribution starts and ends on the true numbers."""
from __future__ import annotations

import numpy as np
import pytest

from devkit.semgen import pairs
from support.summaries import cnndm_pairs

pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed: stemmers and py-rouge need it")

from devkit import multiscript
from rouge155.audit import rules
from rouge155.semantics import get
from rouge155.audit.rescore import Rescorer
from rouge155.semantics.setup import Setup
from rouge155.semantics.pltrdy import split_sentences

# per implementation: its metric names -> (n-gram order, LCS kind)
METRICS = {
    "perl": {"ROUGE-1": (1, None), "ROUGE-2": (2, None), "ROUGE-3": (3, None), "ROUGE-L": (None, "Lsum")},
    "rouge-score": {"rouge1": (1, None), "rouge2": (2, None), "rouge3": (3, None), "rougeL": (None, "L"),
                    "rougeLsum": (None, "Lsum")},
    "torchmetrics": {"rouge1": (1, None), "rouge2": (2, None), "rouge3": (3, None), "rougeL": (None, "L")},
    "pltrdy": {"rouge-1": (1, None), "rouge-2": (2, None), "rouge-3": (3, None), "rouge-l": (None, "Lsum")},
    "py-rouge": {"rouge-1": (1, None), "rouge-2": (2, None), "rouge-3": (3, None), "rouge-l": (None, "Lsum")},
    "xlsum": {"rouge1": (1, None), "rouge2": (2, None), "rouge3": (3, None), "rougeL": (None, "L"),
              "rougeLsum": (None, "Lsum")},
}
# the language-specific ones (their texts: devkit.multiscript), and the package each needs here
OTHER_SCRIPTS = {
    "rouge-chinese": {"rouge-1": (1, None), "rouge-2": (2, None), "rouge-3": (3, None), "rouge-l": (None, "Lsum")},
    "llamafactory": {"rouge-1": (1, None), "rouge-2": (2, None), "rouge-l": (None, "Lsum")},
    "opencompass-jieba": {"rouge1": (1, None), "rouge2": (2, None), "rougeL": (None, "Lsum")},
    "rouge-score-rs-unicode": METRICS["rouge-score"], "rouge-score-rs-char": METRICS["rouge-score"],
}
NEEDS = {"llamafactory": "jieba", "opencompass-jieba": "jieba", "rouge-score-rs-unicode": "unicodedata2",
         "rouge-score-rs-char": "unicodedata2"}


def can_score(name, refs, stem, letter):
    """Whether the implementation has the options asked (its record's policies and counterparts)."""
    implementation = get(name)
    several = max(len(r) for r in refs) > 1
    if several and letter not in implementation.policies:
        return False
    return not (stem and "stem" not in implementation.counterparts)


def compare(preds, refs, stem, letter, names=tuple(METRICS), table=METRICS):
    """Every implementation's own recipe against its registry numbers; returns the values compared."""
    keys = [f"{i + 1}.1" for i in range(len(preds))]
    positions = {m: i for i, m in enumerate(METRICS["rouge-score"])}
    model = Rescorer(preds, refs, keys, seed=3, positions=positions)
    compared = 0
    for name in names:
        if not can_score(name, refs, stem, letter):
            continue
        setup = Setup(name, tuple(table[name]), stem=stem, letter=letter, seed=3)
        exact = setup.score(preds, refs)
        corpus = setup.corpus(exact, keys)
        for metric, (order, lcs) in table[name].items():
            recipe = rules.recipe(name, lcs, stem, letter)
            mine = model.pair_values(recipe, order)
            for field in ("precision", "recall", "fmeasure"):
                assert np.array_equal(getattr(mine, field), getattr(exact[metric], field)), (name, metric, field)
                compared += len(preds)
            assert model.corpus(recipe, metric, mine) == corpus[metric], (name, metric)
    return compared


@pytest.mark.parametrize("stem", [False, True])
def test_own_recipes_reproduce_every_implementation_on_cnndm(stem):
    _, preds, refs = cnndm_pairs()
    assert compare(preds, refs, stem, "A") > 0


@pytest.mark.parametrize("stem,letter", [(False, "A"), (True, "A"), (False, "B"), (True, "B")])
def test_own_recipes_reproduce_every_implementation_with_several_references(stem, letter):
    preds, refs = pairs(500, seed=31, max_refs=4)
    assert compare(preds, refs, stem, letter) >= 500 * 3 * 4 * 3


def test_own_recipe_reproduces_the_rouge_package_on_generated_pairs():
    preds, refs = pairs(700, seed=32, max_refs=1)
    keep = [i for i in range(len(preds)) if split_sentences(preds[i]) and split_sentences(refs[i][0])]
    assert compare([preds[i] for i in keep], [refs[i] for i in keep], False, "A", ("pltrdy",)) > 0


@pytest.mark.parametrize("name", list(OTHER_SCRIPTS))
def test_own_recipes_reproduce_the_language_specific_ones(name):
    """rouge-chinese (texts it accepts: it raises on one without a sentence), the jieba recipes (empty texts
    included: 0 or a placeholder) and rouge-score-rs' Unicode tokenizers (several references, -f B), on
    text in many scripts."""
    if name in NEEDS:
        pytest.importorskip(NEEDS[name], reason=f"{NEEDS[name]} (test extra) not installed")
    several = name.startswith("rouge-score-rs")
    preds, refs = multiscript.pairs(400, seed=33, max_refs=3 if several else 1)
    if name == "rouge-chinese":
        split = get(name).split_sentences
        keep = [i for i in range(len(preds)) if split(preds[i]) and split(refs[i][0])]
        preds, refs = [preds[i] for i in keep], [refs[i] for i in keep]
    assert compare(preds, refs, False, "B" if several else "A", (name,), OTHER_SCRIPTS) >= len(preds) * 9


def test_own_recipe_reproduces_xlsum_on_generated_pairs_in_many_scripts():
    """XL-Sum's scorer without lang (its tokens in every script: pyonmttok's aggressive mode, CJK apart)."""
    from devkit import mlgen

    preds, refs = [], []
    for code in sorted(mlgen.WORDS):
        r, p = mlgen.pairs(10, code, seed=33)
        preds += p
        refs += [[x] for x in r]
    for stem in (False, True):
        assert compare(preds, refs, stem, "A", ("xlsum",)) == len(preds) * 3 * 5


@pytest.mark.parametrize("name", ["rouge-score", "torchmetrics", "pltrdy", "py-rouge", "xlsum"])
def test_all_rules_swapped_give_the_perls_numbers(name):
    """v(K): the implementation's recipe with every differing rule the Perl's is the Perl's recipe."""
    for lcs in (None, "L", "Lsum"):
        own, perl = rules.recipe(name, lcs, True, "A"), rules.recipe("perl", lcs, True, "A")
        assert own.with_rules_of(perl, own.differing(perl)) == perl
