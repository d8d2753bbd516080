"""rouge155.compat.semantics: every semantics by name, its six rules, its scoring and aggregation;
score_pairs(semantics=) dispatching to it; missing optional pieces named in one line; the Perl's
default untouched."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import rouge155
from rouge155.compat import semantics as registry
from rouge155.semantics.base import RULE_KINDS

from devkit.semgen import pairs


# the corpus numbers of the framework recipes are percentages (as the frameworks print them)
PERCENT = ("llamafactory", "opencompass-jieba")
NEEDS = {"llamafactory": "jieba", "opencompass-jieba": "jieba",
         "rouge-score-rs-unicode": "unicodedata2", "rouge-score-rs-char": "unicodedata2"}


def test_every_name_has_its_rules_and_scores():
    from importlib.util import find_spec

    preds, refs = pairs(40, seed=61, max_refs=1)
    assert registry.NAMES == ("perl", "rouge-score", "torchmetrics", "pltrdy", "py-rouge", "rouge-chinese",
                              "llamafactory", "opencompass-jieba", "rouge-score-rs-unicode", "rouge-score-rs-char",
                              "xlsum")
    for name in registry.NAMES:
        spec = registry.get(name)
        assert spec.name == name and set(spec.rules()) == set(RULE_KINDS)
        assert all(rule.name and rule.description for rule in spec.rules().values())
        if name in NEEDS and find_spec(NEEDS[name]) is None:
            continue
        metric = spec.naming.own("ROUGE-1", name)[0]
        if name in ("pltrdy", "rouge-chinese"):  # they raise on a text without a sentence
            keep = [i for i, p in enumerate(preds) if spec.split_sentences(p) and spec.split_sentences(refs[i][0])]
            p_, r_ = [preds[i] for i in keep], [refs[i] for i in keep]
        else:
            p_, r_ = preds, refs
        values = spec.score_pairs(p_, r_, [metric])[metric]
        assert len(values.fmeasure) == len(p_)
        top = 100 if name in PERCENT else 1
        assert all(0 <= x <= top for x in spec.aggregate(values))
        assert isinstance(spec.tokenize("The U.S. state-run café's 3.5%"), list)
        assert spec.stem is None or spec.stem("running") == "run"
        assert spec.f_score(np.array([0.5]), np.array([0.25])).tolist()[0] == pytest.approx(1 / 3, abs=1e-4)
    with pytest.raises(ValueError, match="unknown semantics"):
        registry.get("rouge2")


def test_score_pairs_dispatch_and_perl_default_unchanged():
    preds, refs = pairs(80, seed=62)
    perl = rouge155.score_pairs(preds, refs, stem=True)
    again = rouge155.score_pairs(preds, refs, stem=True, semantics="perl")
    for tag in perl:
        assert np.array_equal(perl[tag].fmeasure, again[tag].fmeasure)
    for name, multi in (("rouge-score", "B"), ("torchmetrics", "A"), ("py-rouge", "A")):
        out = rouge155.score_pairs(preds, refs, metrics=["ROUGE-1", "ROUGE-2"], stem=True, multi_reference=multi,
                                   semantics=name)
        assert list(out) == ["ROUGE-1", "ROUGE-2"] and isinstance(out["ROUGE-1"], rouge155.PairScores)
    with pytest.raises(ValueError, match="stopword"):
        rouge155.score_pairs(preds, refs, remove_stopwords=True, semantics="torchmetrics")
    with pytest.raises(ValueError, match="unknown metric"):
        rouge155.score_pairs(preds, refs, metrics=["ROUGE-SU4"], semantics="rouge-score", multi_reference="B")
    with pytest.raises(ValueError, match="one reference"):
        rouge155.score_pairs(preds, [r + r for r in refs], semantics="pltrdy")


def test_missing_nltk_is_one_line_naming_the_extra():
    code = ("import sys; sys.modules['nltk'] = None\n"
            "from rouge155.compat import rouge_scorer\n"
            "s = rouge_scorer.RougeScorer(['rouge1'], use_stemmer=True, semantics='rouge-score')\n"
            "try:\n    s.score('the cats ran', 'a cat runs')\nexcept ImportError as e:\n    print(e)\n"
            "print(s.__class__.__name__, rouge_scorer.RougeScorer(['rouge1'], semantics='rouge-score')"
            ".score('the cat', 'a cat')['rouge1'].fmeasure)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()
    # the installed package's extra, and the checkout's form of it
    assert first == ("rouge-score's use_stemmer needs nltk: pip install \"rouge155[semantics]\" (from a rouge155 "
                     "checkout: pip install \".[semantics]\")")
    assert second == "RougeScorer 0.5"  # without the stemmer, nltk is not needed
