"""semantics="py-rouge" (``rouge155.compat.py_rouge.Rouge``) against py-rouge 1.1 itself: the same
``get_scores`` output, value for value, for rouge-N, rouge-l and rouge-w with apply_avg, apply_best and
neither, length limits in words and characters, no limit, stemming off, alpha and weight_factor; generated
pairs (1-4 references) and real CNN/DM outputs.

py-rouge and the ``rouge`` package both install ``rouge/``: py-rouge is loaded from an intact copy
(``devkit.oracles``; ``python -m devkit.oracles py-rouge`` fetches one), skipped when there is none. Without
nltk's punkt data the loader gives py-rouge an untrained punkt, which finds the same (no) boundaries in
the ``[a-z0-9_ ]`` text py-rouge hands it, and refuses any other text."""
from __future__ import annotations


import pytest

from devkit.oracles import load_py_rouge, py_rouge_dir
from devkit.semgen import pairs
from support.punkt import needs_punkt, punkt_pairs, without_punkt
from support.summaries import cnndm_pairs

pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")
Theirs = load_py_rouge()
if Theirs is None:
    pytest.skip("no intact py-rouge 1.1 (the rouge package overwrites its files): python -m devkit.oracles py-rouge",
                allow_module_level=True)

from rouge155.compat.py_rouge import Rouge  # noqa: E402
from rouge155.semantics import py_rouge as semantics  # noqa: E402
from rouge155.inputs.resources import bundled_exceptions  # noqa: E402

METRICS = ["rouge-n", "rouge-l", "rouge-w"]


def first_py_rouge(**kwargs):
    """py-rouge's Rouge as the first one a process makes: py-rouge loads its stemmer and WordNet tables
    once per process, as the first Rouge's ensure_compatibility says (rouge155 follows each instance's own)."""
    Theirs.STEMMER, Theirs.WORDNET_KEY_VALUE = None, {}
    return Theirs(**kwargs)


def both(preds, refs, **kwargs):
    """py-rouge's get_scores and ours, each per hypothesis (py-rouge divides by zero on some texts in
    apply_best with rouge-w, and finds no sentence in a blank text without ensure_compatibility: those
    are compared as exceptions, type and message)."""
    theirs_obj, ours_obj = first_py_rouge(**kwargs), Rouge(semantics="py-rouge", **kwargs)
    compared = 0
    for p, r in zip(preds, refs):
        try:
            theirs = theirs_obj.get_scores([p], [r])
        except (ZeroDivisionError, ValueError) as err:
            with pytest.raises(type(err)) as ours:
                ours_obj.get_scores([p], [r])
            assert str(ours.value) == str(err)
            continue
        assert ours_obj.get_scores([p], [r]) == theirs
        compared += 1
    return compared


CONFIGS = [
    {},
    {"apply_avg": False, "apply_best": True},
    {"apply_avg": False},
    {"limit_length": False},
    {"length_limit": 40, "length_limit_type": "words"},
    {"length_limit": 60},
    {"length_limit": 0},
    {"stemming": False},
    {"alpha": 0.2, "weight_factor": 1.2},
    {"alpha": 0.7, "weight_factor": 1.5, "apply_avg": False, "apply_best": True},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "defaults")
def test_generated_pairs(config):
    preds, refs = pairs(80, seed=51)
    assert both(preds, refs, metrics=METRICS, max_n=3, **config) >= 65


def test_whole_batch_averages():
    preds, refs = pairs(150, seed=52)
    for config in ({"max_n": 2}, {"max_n": 4, "metrics": ["rouge-n", "rouge-l"], "apply_avg": False}):
        kwargs = {"metrics": ["rouge-n", "rouge-l"], **config}
        assert Rouge(semantics="py-rouge", **kwargs).get_scores(preds, refs) == \
            first_py_rouge(**kwargs).get_scores(preds, refs)
    assert Rouge(semantics="py-rouge").get_scores(preds, refs) == first_py_rouge().get_scores(preds, refs) == {}


def test_real_cnndm_outputs():
    _, preds, refs = cnndm_pairs(120)
    refs = [r[0] for r in refs]
    kwargs = {"metrics": METRICS, "max_n": 2, "limit_length": True, "length_limit": 100,
              "length_limit_type": "words", "weight_factor": 1.2}
    assert Rouge(semantics="py-rouge", **kwargs).get_scores(preds, refs) == \
        first_py_rouge(**kwargs).get_scores(preds, refs)


def test_stem_tables_are_py_rouges():
    folder = py_rouge_dir()

    def read(name):
        pairs_ = (line.strip().split("|") for line in (folder / name).read_text(encoding="utf-8").splitlines())
        return dict(pairs_)

    assert read("wordnet_key_value.txt") == dict(bundled_exceptions())
    table = semantics.stem_table(True)
    special = read("wordnet_key_value_special_cases.txt")
    assert {k: table[k] for k in special} == special


@needs_punkt
@pytest.mark.parametrize("config", [{}, {"apply_avg": False, "apply_best": True},
                                    {"limit_length": False, "stemming": False, "apply_avg": False}],
                         ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "defaults")
def test_without_compatibility_with_punkt(config):
    """ensure_compatibility=False: punkt's sentences, nltk's own Porter stemmer and word tokenizer."""
    preds, refs = punkt_pairs(300, seed=53)
    assert both(preds, refs, metrics=METRICS, max_n=2, ensure_compatibility=False, **config) >= 270


@needs_punkt
def test_without_compatibility_whole_batch():
    preds, refs = punkt_pairs(300, seed=54)
    preds, refs = zip(*[(p, r) for p, r in zip(preds, refs) if p.strip() and all(t.strip() for t in r)])
    kwargs = {"metrics": METRICS, "max_n": 3, "ensure_compatibility": False}
    assert Rouge(semantics="py-rouge", **kwargs).get_scores(list(preds), list(refs)) == \
        first_py_rouge(**kwargs).get_scores(list(preds), list(refs))


def test_without_punkt_raises_lookup_error():
    """What py-rouge raises when punkt's data is missing (nltk's LookupError), in one line."""
    done = without_punkt("""
from rouge155.compat.py_rouge import Rouge
try:
    Rouge(metrics=["rouge-l"], ensure_compatibility=False, semantics="py-rouge").get_scores("a. b.", "a.")
except LookupError as err:
    print(type(err).__name__, str(err).count(chr(10)), "punkt" in str(err))
""")
    assert done.stdout.split() == ["MissingPunkt", "0", "True"], done.stderr


def test_alnum_words_is_nltks_treebank_tokenizer_on_such_text():
    import random

    from nltk.tokenize import NLTKWordTokenizer

    r = random.Random(5)
    words = ["cannot", "_cannot_", "gimme", "gonna", "gotta", "lemme", "wanna", "wannabe", "xgonna", "gonna_", "d",
             "ye", "more", "n", "tis", "twas", "a", "b1", "_", "__", "2019", "can", "not", "whaddya", "whatcha"]
    treebank = NLTKWordTokenizer()
    for _ in range(3000):
        text = "".join(r.choice(words) + r.choice([" ", "  ", "", "_"]) for _ in range(r.randint(0, 8))).strip()
        assert semantics._alnum_words(text) == treebank.tokenize(text), text
