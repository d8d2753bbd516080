"""The peers' own test suites against rouge155.compat: every test of rouge-score 0.1.2's suite that the real
package passes passes with ``rouge_score`` pointing at rouge155.compat (``semantics="rouge-score"``), with
nltk's punkt data and without it; torchmetrics 1.9's test_rouge.py passes whole (100 tests, DDP included)
against rouge155.compat.torchmetrics (``semantics="torchmetrics"``). The peers' test files are downloaded at
test time (tests/support/peer_suites.py); each comparison skips, saying why, where they cannot be had."""
from __future__ import annotations

import pytest

from devkit.oracles import punkt_installed
from support.peer_suites import ROUGE_SCORE_TESTDATA, run_rouge_score_suite, run_torchmetrics_suite, rouge_score_sdist
from support.punkt import PUNKT_MISSING

pytest.importorskip("nltk", reason="nltk (the semantics extra) not installed")
pytest.importorskip("absl", reason="absl-py (rouge-score's dependency, test extra) not installed")

# rouge-score's suite: 45 tests; the one that splits summaries with nltk fails without punkt's data (in both)
ROUGE_SCORE_TESTS = 45
NEEDS_PUNKT = "rouge_score.rouge_scorer_test.RougeScorerTest::testRougeLSumSentenceSplitting"
# the tests that compare with what ROUGE-1.5.5 printed for testdata/*_large.txt (1,000 random pairs): where
# the extract lacks those two files, generated lines stand in for them and these fail with both packages
NEEDS_LARGE = {"rouge_score.rouge_scorer_test.RougeScorerTest::testRougeLsumLarge"} | {
    f"rouge_score.scoring_test.BootstrapAggregatorTest::{name}" for name in (
        "testConfidenceIntervalsAgainstRouge155", "testConfidenceIntervalsAgainstRouge155WithStemming",
        "testConfidenceIntervalsAgainstRouge155WithStemmingMultiLine")}


@pytest.fixture(scope="module")
def rouge_score_tests(tmp_path_factory):
    return rouge_score_sdist(tmp_path_factory.mktemp("rouge-score-sdist"))


@pytest.mark.parametrize("punkt", [True, False], ids=["with-punkt", "without-punkt"])
def test_rouge_score_own_suite(rouge_score_tests, tmp_path, punkt):
    if punkt and not punkt_installed():
        pytest.skip(PUNKT_MISSING)
    real = run_rouge_score_suite(rouge_score_tests, tmp_path / "real", drop_in=False, punkt=punkt)
    ours = run_rouge_score_suite(rouge_score_tests, tmp_path / "rouge155", drop_in=True, punkt=punkt)
    assert real.total == ours.total == ROUGE_SCORE_TESTS, (real.output[-2000:], ours.output[-2000:])
    assert real.passed - ours.passed == set(), ours.summary()
    expected = set(real.passed) | set(real.failed) | real.skipped
    if not punkt:
        expected.discard(NEEDS_PUNKT)
        assert real.failed[NEEDS_PUNKT].startswith("LookupError")  # what nltk raises
        assert ours.failed[NEEDS_PUNKT].startswith("rouge155.semantics.base.MissingPunkt")  # a LookupError
    if not (ROUGE_SCORE_TESTDATA / "target_large.txt").is_file():
        expected -= NEEDS_LARGE
    assert real.passed == expected, real.summary()


def test_torchmetrics_own_rouge_tests(tmp_path):
    pytest.importorskip("torch", reason="torch not installed")
    torchmetrics = pytest.importorskip("torchmetrics", reason="torchmetrics not installed")
    if not torchmetrics.__version__.startswith("1.9."):
        pytest.skip(f"the tests are torchmetrics 1.9's; torchmetrics {torchmetrics.__version__} is installed")
    if not punkt_installed():
        pytest.skip(f"{PUNKT_MISSING} (torchmetrics' tests would download it)")
    ours = run_torchmetrics_suite(tmp_path)
    assert (tmp_path / "shim-used").is_file()
    assert (len(ours.passed), ours.total) == (100, 100), ours.summary()
