"""Checks for the JSON documents the analysis tools read back (results, comparisons, correlations).

These files travel (e-mail, shared folders), so every field is checked for its type and range before
it is used: a document that cannot be used gives one :class:`RougeError` line naming the file, the
field and the problem, never a traceback. Values are shown with ``repr`` cut short, so a hostile
string can neither flood the terminal nor break the one-line rule.
"""
from __future__ import annotations

import json
import math
from typing import Any, Iterable, List, Mapping, Optional, Sequence

from ..base.budget import refuse_beyond_memory
from ..base.errors import OptionError, RougeError

_SHOWN = 40  # characters of a bad value shown in a message


def show(value: Any) -> str:
    """A short, one-line rendering of a value for an error message."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # e.g. an int too long for repr
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _SHOWN else text[:_SHOWN - 3] + "..."


class Reader:
    """Field access on one document: ``Reader(source)`` prefixes every message with the file name."""

    def __init__(self, source: str, what: str):
        self.source = source or "document"
        self.what = what

    def fail(self, where: str, problem: str) -> RougeError:
        return RougeError(f"{self.source}: not a usable {self.what}: {where} {problem}")

    def field(self, obj: Mapping, key: str, where: str, default: Any = ...) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(where or "the document", f"is {show(obj)}, not an object")
        if key not in obj:
            if default is not ...:
                return default
            raise self.fail(f"{where}.{key}" if where else key, "is missing")
        return obj[key]

    def number(self, value: Any, where: str, low: float = -math.inf, high: float = math.inf,
               nullable: bool = False) -> float:
        """A finite JSON number in [low, high] (``null`` as NaN when ``nullable``)."""
        if value is None and nullable:
            return math.nan
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(where, f"is {show(value)}, not a number")
        try:
            number = float(value)
        except OverflowError:
            raise self.fail(where, "is a number too large to use") from None
        if not math.isfinite(number):
            raise self.fail(where, f"is {show(value)}, not a finite number")
        if not low <= number <= high:
            raise self.fail(where, f"is {show(value)}, outside [{low:g}, {high:g}]")
        return number

    def probability(self, value: Any, where: str, nullable: bool = False) -> float:
        return self.number(value, where, 0.0, 1.0, nullable)

    def integer(self, value: Any, where: str, low: int = 0, high: Optional[int] = None) -> int:
        """A whole number (JSON integer, or a float with no fraction) in [low, high]."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"is {show(value)}, not a whole number")
        if value < low or (high is not None and value > high):
            bound = f"[{low}, {high}]" if high is not None else f"at least {low}"
            raise self.fail(where, f"is {show(value)}, not {bound}")
        return value

    def integer_or_null(self, value: Any, where: str, low: int = 0) -> Optional[int]:
        return None if value is None else self.integer(value, where, low)

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"is {show(value)}, not a string")
        return value

    def choice(self, value: Any, where: str, allowed: Sequence[str]) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(where, f"is {show(value)}, not one of {', '.join(allowed)}")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"is {show(value)}, not true or false")
        return value

    def items(self, value: Any, where: str) -> List[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"is {show(value)}, not a list")
        return value

    def objects(self, value: Any, where: str) -> Iterable[tuple]:
        """(where[k], item) for each item of a list of objects."""
        for k, item in enumerate(self.items(value, where)):
            if not isinstance(item, dict):
                raise self.fail(f"{where}[{k}]", f"is {show(item)}, not an object")
            yield f"{where}[{k}]", item

    def texts(self, value: Any, where: str) -> List[str]:
        return [self.text(v, f"{where}[{k}]") for k, v in enumerate(self.items(value, where))]

    def scalars(self, value: Any, where: str) -> dict:
        """An object of strings, finite numbers, booleans or nulls (a run's settings)."""
        if not isinstance(value, dict):
            raise self.fail(where, f"is {show(value)}, not an object")
        for key, v in value.items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                self.number(v, f"{where}.{key}")
            elif not (v is None or isinstance(v, (str, bool))):
                raise self.fail(f"{where}.{key}", f"is {show(v)}, not a string, number or boolean")
        return dict(value)


def parse_json(text: str, where: str) -> Any:
    """``json.loads`` whose every failure is one RougeError line (syntax, nesting, huge numbers)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RougeError(f"{where}: not JSON ({exc})") from None
    except RecursionError:
        raise RougeError(f"{where}: not usable JSON (nested too deeply)") from None
    except ValueError as exc:  # an integer of more digits than Python converts (4300 by default)
        problem = "a number with too many digits" if "digits" in str(exc) else show(str(exc))
        raise RougeError(f"{where}: not usable JSON ({problem})") from None


def finite_or_null(fields: Mapping[str, Any]) -> dict:
    """A record's fields for JSON: NaN and infinities (no value) as null, so the JSON stays valid."""
    return {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in fields.items()}


def check_arguments(choices: Sequence[tuple] = (), resamples: Optional[int] = None, alpha: Optional[float] = None,
                    confidence: Optional[float] = None) -> None:
    """The analysis functions' shared argument checks, each failure one RougeError line.

    ``choices``: (what, given values, allowed values), e.g. ("measure", ["recall"], MEASURES).
    """
    for what, given, allowed in choices:
        for g in given:
            if g not in allowed:
                raise RougeError(f"unknown {what} {g!r}; use one of {', '.join(allowed)}")
    if resamples is not None and (isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 1):
        raise OptionError(f"resamples must be a whole number, at least 1, not {show(resamples)}")
    if alpha is not None and not (isinstance(alpha, (int, float)) and 0 < alpha < 1):
        raise OptionError(f"alpha must be between 0 and 1, not {show(alpha)}")
    if confidence is not None and not (isinstance(confidence, (int, float)) and 0 < confidence < 100):
        raise OptionError(f"confidence must be between 0 and 100, not {show(confidence)}")


def check_resample_memory(resamples: int, per_resample: float, scope: str) -> None:
    """``resamples`` whose arrays (``per_resample`` bytes each) would not fit in memory: refused before
    they are drawn, naming the option and the size."""
    refuse_beyond_memory(f"--resamples {resamples:,} ({scope})", resamples * per_resample)
