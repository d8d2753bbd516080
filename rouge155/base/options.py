"""Evaluation options: the Perl flags as typed values, checked in the Perl's order."""
from __future__ import annotations

import math

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Optional, Union

    Value = Union[str, int, float, None]

from .records import dataclass  # dataclasses' records without its start-up cost
from .errors import OptionError
from .perl import Number, fmt_num, perl_num

BE_MODES = ("H", "HM", "HMR", "HM1", "HMR1", "HMR2")


def _raw(value: Value) -> Optional[str]:
    """A value as Perl would hold it: the user's text, or a number printed the Perl way."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "1" if value else "0"
    return fmt_num(value)


@dataclass(frozen=True)
class Options:
    """Every ROUGE-1.5.5 flag. Values keep the text the user typed (reports echo it: ``-c 95`` -> 95%);
    a number given for a valued flag (``Options(ngram=2)``) is kept as the text Perl would print for it.

    ``ngram`` (-n), ``weight`` (-w), ``skip_distance`` (-2) and ``be_mode`` (-3) switch metrics on;
    ROUGE-L is on unless ``no_lcs`` (-x) or ``be_mode``.
    """

    ngram: Optional[str] = None  # -n
    no_lcs: bool = False  # -x
    weight: Optional[str] = None  # -w
    skip_distance: Optional[str] = None  # -2
    skip_unigrams: bool = False  # -u
    skip_both: bool = False  # -U
    be_mode: Optional[str] = None  # -3
    stem: bool = False  # -m
    stem_models_only: bool = False  # -M
    remove_stopwords: bool = False  # -s
    word_limit: Optional[str] = None  # -l
    byte_limit: Optional[str] = None  # -b
    score_formula: Optional[str] = None  # -f A|B
    alpha: Optional[str] = None  # -p
    token_mode: Optional[str] = None  # -t 0|1|2
    resamples: Optional[str] = None  # -r
    confidence: Optional[str] = None  # -c
    per_eval: bool = False  # -d
    verbose: bool = False  # -v
    # this program's own (rouge155.language): text handling; the defaults are the script's bytes
    unicode: bool = False  # --unicode: the ROUGE-1.5.5-unicode fork's tokenizing
    language: Optional[str] = None  # --language LANG (ISO 639-1)
    char_level: bool = False  # --char-level: zh/ja/th one token per character

    def __post_init__(self) -> None:
        for name in ("ngram", "weight", "skip_distance", "be_mode", "word_limit", "byte_limit",
                     "score_formula", "alpha", "token_mode", "resamples", "confidence"):
            object.__setattr__(self, name, _raw(getattr(self, name)))

    # -- numeric views -----------------------------------------------------------------------------
    @property
    def word_limit_num(self) -> Number:
        return perl_num(self.word_limit) if self.word_limit is not None else 0

    @property
    def byte_limit_num(self) -> Number:
        return perl_num(self.byte_limit) if self.byte_limit is not None and self.word_limit is None else 0

    @property
    def confidence_num(self) -> Number:
        return perl_num(self.confidence) if self.confidence is not None else 95

    @property
    def confidence_label(self) -> str:
        return self.confidence if self.confidence is not None else "95"

    @property
    def alpha_num(self) -> Number:
        return perl_num(self.alpha) if self.alpha is not None else 0.5

    @property
    def resamples_num(self) -> Number:
        return perl_num(self.resamples) if self.resamples is not None else 1000

    @property
    def weight_num(self) -> float:
        return float(perl_num(self.weight))

    @property
    def skip_distance_num(self) -> Number:
        return perl_num(self.skip_distance)

    @property
    def formula(self) -> str:
        return self.score_formula if self.score_formula is not None else "A"

    @property
    def token_mode_num(self) -> Optional[int]:
        """-t: 1 or 2 count by token; 0 and (Perl quirk) any other value average per unit (None)."""
        if self.token_mode is None:
            return None
        t = perl_num(self.token_mode)
        return int(t) if t in (1, 2) else None

    def check(self) -> None:
        """The script's own checks, in its order, with its messages."""
        if self.word_limit is not None and self.byte_limit is not None:
            raise OptionError("Please specify length limit in words or bytes but not both.")
        if self.confidence is not None:
            c = perl_num(self.confidence)
            if c < 0 or c > 100:
                raise OptionError("Confidence interval should be within 0 and 100. Use option -h for more details.")
        if self.weight is not None and not perl_num(self.weight) > 0:
            raise OptionError("ROUGE-W weight factor must greater than 0.")
        if self.alpha is not None:
            a = perl_num(self.alpha)
            if a < 0 or a > 1:
                raise OptionError(
                    "Relative importance of ROUGE recall and precision has to be between 0 and 1 inclusively."
                )


_NUMERIC_RULES = {
    # name: (accepts, description)
    "ngram": (lambda v: isinstance(v, int) and v >= 0, "an integer >= 0"),
    "weight": (lambda v: v > 0 and math.isfinite(v), "a number > 0"),
    "skip_distance": (lambda v: math.isfinite(v), "a number (negative: no gap limit)"),
    "word_limit": (lambda v: v >= 0, "a number >= 0"),
    "byte_limit": (lambda v: v >= 0, "a number >= 0"),
    "alpha": (lambda v: 0 <= v <= 1, "a number between 0 and 1"),
    "token_mode": (lambda v: v in (0, 1, 2), "0, 1 or 2"),
    "resamples": (lambda v: isinstance(v, int) and v >= 1, "an integer >= 1"),
    "confidence": (lambda v: 0 <= v <= 100, "a number between 0 and 100"),
}


def typed_options(**kwargs) -> Options:
    """Options for the Python API: typed values, checked strictly, with clear errors.

    The command line keeps Perl's leniency (``-n abc`` means 0); the API does not.
    """
    fields = set(Options.__dataclass_fields__)
    unknown = sorted(set(kwargs) - fields)
    if unknown:
        raise OptionError(f"unknown option(s): {', '.join(unknown)}; known: {', '.join(sorted(fields))}")
    for name, value in kwargs.items():
        if value is None:
            continue
        if name in _NUMERIC_RULES:
            ok, what = _NUMERIC_RULES[name]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not ok(value):
                raise OptionError(f"{name} must be {what}, not {value!r}")
        elif name == "be_mode":
            if value not in BE_MODES:
                raise OptionError(f"be_mode must be one of {', '.join(BE_MODES)}, not {value!r}")
        elif name == "language":  # the code itself is checked where the text mode is made (rouge155.text.modes)
            if not isinstance(value, str):
                raise OptionError(f"language must be an ISO 639-1 code such as 'de', not {value!r}")
        elif name == "score_formula":
            if value not in ("A", "B"):
                raise OptionError(f"score_formula must be 'A' (model average) or 'B' (best model), not {value!r}")
        elif not isinstance(value, bool):
            raise OptionError(f"{name} must be True or False, not {value!r}")
    if kwargs.get("word_limit") and kwargs.get("byte_limit"):
        raise OptionError("give word_limit or byte_limit, not both")
    options = Options(**kwargs)
    options.check()
    return options
