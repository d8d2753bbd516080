"""A recipe (a framework's pipeline around an implementation) is registered and used exactly like an
implementation: score_pairs(semantics=), the registry's record, rouge155 --semantics, rouge155-audit (its own
rules reproduce it: model_gap 0) and the signature (its segmenter and version). The recipe is a test's own
(tests/support/recipe_example.py: characters joined by spaces, rouge-score, x 100 rounded, the mean)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import rouge155
from rouge155 import audit as audit_api
from rouge155 import semantics as registry
from rouge155.base.options import Options
from rouge155.output.signature import parse
from rouge155.semantics import rouge_score

from devkit.semgen import pairs
from support import recipe_example
from support.recipe_example import NAME, characters, percent

TESTS = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", autouse=True)
def registered():
    added = NAME not in registry.names()
    if added:
        registry.register(NAME, "support.recipe_example")
    yield
    if added:  # taken out again: later tests (the audit's tables) see the registry as shipped
        registry._MODULES.pop(NAME)
        registry.NAMES = tuple(registry._MODULES)


def texts(n=60, seed=71):
    preds, refs = pairs(n, seed=seed, max_refs=1)
    return preds, [r[0] for r in refs]


def test_score_pairs_is_the_pipeline_float_for_float():
    preds, refs = texts()
    ours = rouge155.score_pairs(preds, refs, ["rouge1", "ROUGE-2", "rougeL", "ROUGE-L"], semantics=NAME,
                                multi_reference="B")
    theirs = rouge_score.score_pairs([characters(p) for p in preds], [[characters(r)] for r in refs],
                                     ["rouge1", "rouge2", "rougeL", "rougeLsum"])
    for asked, own in (("rouge1", "rouge1"), ("ROUGE-2", "rouge2"), ("rougeL", "rougeL"), ("ROUGE-L", "rougeLsum")):
        for field in ("precision", "recall", "fmeasure"):
            assert np.array_equal(getattr(ours[asked], field), percent(getattr(theirs[own], field))), (asked, field)
    sig = parse(ours.signature)
    assert (sig.get("sem"), sig.get("sem.segmenter")) == (NAME, f"chars-{recipe_example.VERSION}")


def test_the_record_is_the_base_implementation_around_the_pipeline():
    spec = registry.get(NAME)
    assert spec is recipe_example.SEMANTICS and NAME in registry.others()
    assert spec.metrics == rouge_score.SEMANTICS.metrics and spec.policies == rouge_score.SEMANTICS.policies
    assert spec.tokenizer.name == "chars+rouge-score" and spec.stemmer is rouge_score.SEMANTICS.stemmer
    assert spec.tokenize("Ab c") == ["a", "b", "c"]
    assert spec.rule_parts(False, "B") == {**rouge_score.SEMANTICS.rule_parts(False, "B"), "tokenizer": NAME,
                                           "f_measure": NAME, "aggregation": NAME}
    with pytest.raises(ValueError, match="no stopword removal"):
        rouge155.score_pairs(["a"], ["b"], remove_stopwords=True, semantics=NAME)


def test_the_audit_reproduces_it_with_its_own_rules():
    preds, refs = texts(80, seed=72)
    audited = audit_api.AuditedPairs(tuple(str(i) for i in range(len(preds))), tuple(preds),
                                          tuple((r,) for r in refs))
    result = audit_api.audit(audited, Options(ngram="2"), ["n"], semantics=[NAME])
    entries = [e for row in result.rows for e in row.entries]
    assert [e.metric for e in entries] == ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    for e in entries:
        assert e.semantics == NAME and float(np.max(e.model_gap)) == 0.0, e.metric
        assert e.parts["tokenizer"] == NAME and "tokenizer" in e.attribution.kinds
        assert abs(float(sum(e.attribution.shares.values())[2]) - float(e.difference[2])) < 1e-9


def test_the_command_lines_take_it(tmp_path):
    preds, refs = texts(12, seed=73)
    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps({"id": str(i), "prediction": p, "references": [r]}) + "\n"
                            for i, (p, r) in enumerate(zip(preds, refs))), encoding="utf-8")
    start = (f"import sys\nsys.path.insert(0, {str(TESTS)!r})\nfrom rouge155 import semantics\n"
             f"semantics.register({NAME!r}, 'support.recipe_example')\n")
    run = start + (f"from rouge155.cli import entry_point\nsys.argv = ['rouge155', '-n', '1', '-x', '--jsonl', "
                   f"{str(data)!r}, '--semantics', {NAME!r}, '--format', 'json']\nentry_point()\n")
    p = subprocess.run([sys.executable, "-c", run], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["semantics"]["name"] == NAME and doc["semantics"]["settings"]["segmenter"] == "chars-1.0"
    want = rouge155.score_pairs(preds, refs, ["rouge1"], semantics=NAME, multi_reference="B")["rouge1"]
    assert [pair["fmeasure"] for pair in doc["semantics"]["results"][0]["pairs"]] == want.fmeasure.tolist()
    assert parse(doc["signature"]).get("sem.segmenter") == "chars-1.0"
    audit = start + (f"from rouge155.cli.audit import main\nsys.argv = ['rouge155-audit', '-n', '1', '-x', "
                     f"'--jsonl', {str(data)!r}, '--semantics', {NAME!r}, '--format', 'json']\nmain()\n")
    p = subprocess.run([sys.executable, "-c", audit], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)["audit"]
    assert set(doc["implementations"]) == {"perl", NAME}
    assert parse(doc["implementations"][NAME]["signature"]).get("sem.segmenter") == "chars-1.0"
