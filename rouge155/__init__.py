"""rouge155: ROUGE-1.5.5 in Python, byte for byte."""

__version__ = "0.1.0"

from .api import MetricResult, Result, evaluate, iter_results  # noqa: E402
from .errors import OptionError, RougeError  # noqa: E402
from .options import Options  # noqa: E402
from .pairs import PairScores, score_pairs  # noqa: E402

__all__ = ["evaluate", "iter_results", "Options", "Result", "MetricResult", "RougeError", "OptionError", "__version__",
           "score_pairs", "PairScores"]
