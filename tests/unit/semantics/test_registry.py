"""The registry and the record: every name maps to a module whose record has all of its implementation
(names, rules, options, audit parts); the registry's docstring lists every field of the record; metric
names are read and printed by one module for every naming."""
from __future__ import annotations

import numpy as np
import pytest

import rouge155
from rouge155 import semantics as registry
from rouge155.metrics.names import parse_metrics
from rouge155.semantics.base import RULE_KINDS
from rouge155.semantics.parts import part
from rouge155.semantics.record import Semantics


def test_the_registry_docstring_lists_every_field_of_the_record():
    fields = [n for n in dir(Semantics) if not n.startswith("_")]
    missing = [n for n in fields if f"``{n}" not in registry.__doc__]
    assert not missing, missing


def test_every_implementation_is_whole():
    assert registry.names()[0] == registry.PERL and registry.others() == registry.names()[1:]
    for name in registry.NAMES:
        spec = registry.get(name)
        assert spec.name == name and spec is registry.get(name)
        for stem in (False, True):
            for letter in ("A", "B"):
                parts = spec.rule_parts(stem, letter)
                assert tuple(parts) == RULE_KINDS
                for kind, part_name in parts.items():
                    assert part(kind, part_name).description, (name, kind, part_name)
        assert set(spec.policies) <= {"A", "B"} and spec.naming.metrics == spec.metrics
    with pytest.raises(ValueError, match="unknown semantics 'bleu': use one of perl, rouge-score"):
        registry.get("bleu")
    with pytest.raises(ValueError, match="a new name is needed"):
        registry.register("pltrdy", "rouge155.semantics.pltrdy")


@pytest.mark.parametrize("name,asked,own", [
    ("rouge-score", "ROUGE-2", "rouge2"), ("rouge-score", "ROUGE-L", "rougeLsum"), ("rouge-score", "rougeL", "rougeL"),
    ("torchmetrics", "L", "rougeLsum"), ("pltrdy", "rouge-3", "rouge-3"), ("pltrdy", "ROUGE-L", "rouge-l"),
    ("py-rouge", "ROUGE-W-1.2", "rouge-w"), ("py-rouge", "rouge2", "rouge-2"),
])
def test_metric_names_map_onto_each_naming(name, asked, own):
    naming = registry.get(name).naming
    assert naming.own(asked, name)[0] == own
    assert naming.perl_tag(own, 1.2) == parse_metrics([asked]).tags[0]


def test_metric_names_an_implementation_lacks_are_refused():
    with pytest.raises(ValueError, match="unknown metric 'ROUGE-6' for the pltrdy semantics"):
        registry.get("pltrdy").naming.own("ROUGE-6", "pltrdy")
    with pytest.raises(ValueError, match="unknown metric 'ROUGE-W-1.2' for the rouge-score semantics"):
        registry.get("rouge-score").naming.own("ROUGE-W-1.2", "rouge-score")
    assert registry.get("pltrdy").naming.for_flags(2, True) == ("rouge-1", "rouge-2", "rouge-l")
    assert registry.get("perl").naming.for_flags(1, True, 1.2) == ("ROUGE-1", "ROUGE-L", "ROUGE-W-1.2")


def test_py_rouge_drop_in_under_the_perls_semantics_names_rouge_w_by_its_weight():
    """weight_factor=1.0 (py-rouge's default) is ROUGE-W-1 to the Perl: the drop-in asked for ROUGE-W-1.0."""
    pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")
    from rouge155.compat.py_rouge import Rouge

    hyps, refs = ["the cat sat on the mat\nit purred"], ["a cat sat on a mat\nthe cat purred"]
    for weight in (1.0, 1.2, 2):
        got = Rouge(metrics=["rouge-w"], weight_factor=weight, limit_length=False).get_scores(hyps, refs)
        want = rouge155.score_pairs(hyps, refs, [f"ROUGE-W-{weight}"], stem=True)
        (tag, values), = want.items()
        assert np.isclose(got["rouge-w"]["f"], values.fmeasure[0]), (weight, tag)
