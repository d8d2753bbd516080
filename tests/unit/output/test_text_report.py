"""The text report (rouge155.output.report): printResults' lines, its per-evaluation order, and the
unrounded values of the machine formats."""
import pytest

from rouge155.base.perl import f5
from rouge155.engine.aggregate import Averages
from rouge155.engine.plan import LCS, WLCS
from rouge155.metrics.formulas import f_score, w_ratio
from rouge155.output import report

AVG = Averages((0.5, 0.25, 0.33333), (0.4, 0.2, 0.3), (0.6, 0.3, 0.4), (10, 20, 5))


def _eval_lines(keys, token_mode=None):
    values = [(k / 10, k / 10, k / 10) for k in range(len(keys))]
    text = report.block_text("S", "ROUGE-1", AVG, keys, values, token_mode, "95", per_eval=True)
    return [line.split(" Eval ")[1].split(" ")[0] for line in text.splitlines() if " Eval " in line]


def test_per_eval_order_is_the_scripts_by_eval_id():
    """Leading numbers compare as numbers when both keys have one, else the keys as strings; ties
    (equal leading numbers) keep the plain string order (Perl's own order there is its hash order)."""
    keys = ["10.S", "9.S", "b.S", "1a.S", "1.S", "a.S", "02.S", "2.S"]
    assert _eval_lines(keys) == ["1.S", "1a.S", "02.S", "2.S", "9.S", "10.S", "a.S", "b.S"]


def test_per_eval_values_follow_their_keys():
    keys = ["2.S", "1.S"]
    text = report.block_text("S", "ROUGE-1", AVG, keys, [(0.2, 0.2, 0.2), (0.1, 0.1, 0.1)], None, "95", True)
    assert text.splitlines()[-2:] == ["S ROUGE-1 Eval 1.S R:0.10000 P:0.10000 F:0.10000",
                                      "S ROUGE-1 Eval 2.S R:0.20000 P:0.20000 F:0.20000"]


def test_average_lines_and_raw_counts():
    text = report.block_text("S", "ROUGE-L", AVG, [], [], None, "90", False)
    assert text.splitlines() == [
        "-" * 45,
        "S ROUGE-L Average_R: 0.50000 (90%-conf.int. 0.40000 - 0.60000)",
        "S ROUGE-L Average_P: 0.25000 (90%-conf.int. 0.20000 - 0.30000)",
        "S ROUGE-L Average_F: 0.33333 (90%-conf.int. 0.30000 - 0.40000)",
    ]
    counts = report.block_text("S", "ROUGE-L", AVG, ["1.S"], [(10.0, 20.0, 5.0)], 2, "95", True)
    assert counts.splitlines()[1:] == ["S ROUGE-L M_count: 10 P_count: 20 H_count: 5", "." * 45,
                                       "S ROUGE-L Eval 1.S R:10 P:20 F:5"]


def test_f5_is_the_scripts_format():
    """sprintf("%7.5f"): the exact double rounded (the double nearest 0.123455 lies below the half)."""
    assert [f5(x) for x in (0.0, 1 / 3, 0.123455, 0.125, 12.5)] == ["0.00000", "0.33333", "0.12345", "0.12500",
                                                                     "12.50000"]


class _Result:
    def __init__(self, kind):
        self.kind, self.system, self.alpha = kind, "S", 0.5
        self.keys = ["1.S"]
        self.rows = [(16.0, 4.0, 0.31498, 8.0, 0.5, 0.38651)]


@pytest.mark.parametrize("kind", [LCS, WLCS])
def test_precise_values_use_the_metrics_ratio(kind):
    """--precise: R and P again from the counts, through ROUGE-W's ratio for ROUGE-W only."""
    [inst] = report._instance_scores(_Result(kind), True, 1.2)
    ratio = (lambda h, c: w_ratio(h, c, 1.2)) if kind == WLCS else (lambda h, c: h / c)
    assert (inst["recall"], inst["precision"]) == (ratio(4.0, 16.0), ratio(4.0, 8.0))
    assert inst["f_score"] == f_score(inst["precision"], inst["recall"], 0.5)
    [rounded] = report._instance_scores(_Result(kind), False, 1.2)
    assert (rounded["recall"], rounded["eval_id"]) == (0.31498, "1")
