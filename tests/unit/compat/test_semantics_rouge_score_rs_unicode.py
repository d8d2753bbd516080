"""semantics="rouge-score-rs-unicode" and "rouge-score-rs-char" against rouge-score-rs 0.2.1 itself (its Rust
``UnicodeTokenizer`` and ``CharacterTokenizer``): the same tokens and the same scores, value for value (==).

Texts: generated pairs in many scripts (:mod:`devkit.multiscript`), and texts of random characters drawn
from every class of the segmentation tables (Word_Break, Grapheme_Cluster_Break with Indic_Conjunct_Break
and Extended_Pictographic, Unicode 17.0), where the rules and their quirks show; lone surrogates; and
a sweep of code points alone and between letters (every one of them is compared in development: see
docs/semantics.md)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from devkit.multiscript import odd_text, pairs

tokenizers = pytest.importorskip("rouge_score_rs.tokenizers",
                                 reason="rouge-score-rs (==0.2.1, test extra) not installed")
pytest.importorskip("unicodedata2", reason="unicodedata2 (==17.0.1, test extra or the unicode extra) not installed")

import rouge155  # noqa: E402
from rouge155.semantics import get, uax15, uax29, uax29_tables  # noqa: E402
from rouge_score_rs import rouge_scorer  # noqa: E402

TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]
PROFILES = {"rouge-score-rs-unicode": tokenizers.UnicodeTokenizer(),
            "rouge-score-rs-char": tokenizers.CharacterTokenizer()}


def class_pools(per_class: int = 300):
    """Up to ``per_class`` code points of each class of both tables (seeded), and a few scripts' blocks."""
    r, pools = random.Random(5), []
    for packed in (uax29_tables.WORD, uax29_tables.GRAPHEME):
        members: dict = {}
        for run in packed.split(";"):
            first, last, value = run.split(":")
            members.setdefault(value, []).extend(range(int(first, 16), int(last, 16) + 1))
        pools += [r.sample(cps, min(per_class, len(cps))) for cps in members.values()]
    pools += [list(range(0x4E00, 0x4F00)), list(range(0x0900, 0x0980)), list(range(0x0E00, 0x0E60)),
              list(range(0x1F1E6, 0x1F200)), list(range(0xAC00, 0xAD00)), list(range(0x1100, 0x1200))]
    return pools


def test_tokens_on_random_characters_of_every_class():
    r, pools = random.Random(91), class_pools()
    texts = [odd_text(r, pools, 14) for _ in range(3000)]
    for profile, theirs in zip(("unicode-v1", "character-v1"), PROFILES.values()):
        for text in texts:
            assert uax29.Tokenizer(profile).tokenize(text) == theirs.tokenize(text), ascii(text)
        tokens, per_line = uax29.line_tokens(texts, profile)  # all at once: the same tokens
        lines = [line for t in texts for line in t.split("\n")]
        assert tokens == [tok for line in lines for tok in theirs.tokenize(line)]
        assert per_line.tolist() == [len(theirs.tokenize(line)) for line in lines]


def test_code_points_alone_and_between_letters():
    r = random.Random(92)
    sample = [cp for cp in range(0x110000) if not 0xD800 <= cp < 0xE000 and cp != 0x0A and r.random() < 0.04]
    texts = [text for cp in sample for text in (chr(cp), f"a{chr(cp)}b", f"\u0915\u094d{chr(cp)}", f"x\u200d{chr(cp)}")]
    for theirs, profile in zip(PROFILES.values(), ("unicode-v1", "character-v1")):
        tokens, per_line = uax29.line_tokens(texts, profile)  # one line per text
        ends = np.cumsum(per_line).tolist()
        for text, start, end in zip(texts, [0] + ends, ends):
            assert tokens[start:end] == theirs.tokenize(text), ascii(text)


def test_lone_surrogates_as_the_binding_replaces_them():
    for text in ("ab\ud800cd", "\udfff", "x \udc80y"):
        for profile, theirs in zip(("unicode-v1", "character-v1"), PROFILES.values()):
            assert uax29.Tokenizer(profile).tokenize(text) == theirs.tokenize(text)


@pytest.mark.parametrize("name", list(PROFILES))
def test_scores_of_generated_pairs_in_many_scripts(name):
    preds, refs = pairs(2000, seed=93, max_refs=3, pools=class_pools(60), odd_share=0.15, size=3)
    scorer = rouge_scorer.RougeScorer(TYPES, tokenizer=PROFILES[name])
    theirs = [scorer.score_multi(rs, p) for p, rs in zip(preds, refs)]
    ours = rouge155.score_pairs(preds, refs, TYPES, semantics=name, multi_reference="B")
    for rouge_type in TYPES:
        values = ours[rouge_type]
        assert list(zip(values.precision.tolist(), values.recall.tolist(), values.fmeasure.tolist())) == \
            [tuple(t[rouge_type]) for t in theirs]
    one = [scorer.score(rs[0], p) for p, rs in zip(preds[:300], refs[:300])]
    single = get(name).score_pairs(preds[:300], [rs[:1] for rs in refs[:300]], ["rouge2", "rougeL"])
    assert single["rougeL"].fmeasure.tolist() == [s["rougeL"].fmeasure for s in one]
    assert "sem.unicode:17.0.0" in ours.signature


def test_bootstrap_is_rouge_scores():
    from rouge_score_rs import scoring as their_scoring

    preds, refs = pairs(200, seed=94)
    scorer = rouge_scorer.RougeScorer(["rouge1"], tokenizer=PROFILES["rouge-score-rs-unicode"])
    aggregator = their_scoring.BootstrapAggregator()
    for p, rs in zip(preds, refs):
        aggregator.add_scores(scorer.score(rs[0], p))
    np.random.seed(3)
    theirs = aggregator.aggregate()["rouge1"].mid
    values = get("rouge-score-rs-unicode").score_pairs(preds, refs, ["rouge1"])["rouge1"]
    np.random.seed(3)
    assert get("rouge-score-rs-unicode").aggregate(values) == tuple(theirs)


def test_unicodedata2_of_another_version_is_refused(monkeypatch):
    import unicodedata2

    monkeypatch.setattr(uax15, "_NORMALIZE", [])
    monkeypatch.setattr(unicodedata2, "unidata_version", "18.0.0")
    with pytest.raises(ImportError, match=r"unicodedata2 at Unicode 17\.0\.0, not 18\.0\.0"):
        uax29.normalize("x")


@pytest.mark.parametrize("profile, alphabet", [
    ("unicode-v1", "AOacdefhklmnpqrsuwxzo"), ("unicode-v1", "aAhdkxzefmpsuqO"),
    ("character-v1", "CLPTVceklnprstvxzo"), ("character-v1", "pnkzePxscltLVvT")])
def test_compiled_scanners_are_the_expressions(profile, alphabet):
    """uax29_jit's scanners against the regular expressions they replace, on random class strings (the
    letters of every class, and the ones whose rules interact), and line_ids through both paths."""
    uax29_jit = pytest.importorskip("rouge155.semantics.uax29_jit", reason="numba (the jit extra) not installed")
    r = random.Random(95)
    classes = "".join(r.choices(alphabet, k=200000))
    pattern = uax29.PROFILES[profile][0]
    scan = uax29_jit.word_lengths if profile == "unicode-v1" else uax29_jit.cluster_lengths
    got = scan(np.frombuffer(classes.encode("ascii"), dtype=np.uint8), uax29_jit.FLAGS)
    assert got.tolist() == [len(segment) for segment in pattern.findall(classes)]
    pools = class_pools(40)
    texts = [odd_text(r, pools, 14) for _ in range(500)]
    for compiled in (False, True):
        ids, per_line = uax29.line_ids(texts, profile, compiled)
        tokens, lines = uax29.line_tokens(texts, profile)
        assert per_line.tolist() == lines.tolist()
        first: dict = {}
        # equal ids exactly where the tokens are equal
        assert [first.setdefault(t, i) for t, i in zip(tokens, ids.tolist())] == ids.tolist()
        assert len(first) == len(set(ids.tolist()))
