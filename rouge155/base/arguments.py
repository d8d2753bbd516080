"""The Python APIs' argument checks, in one place: ``rouge155.score_pairs`` under every semantics and
the compat drop-ins (rouge-score, evaluate, py-rouge, torchmetrics, the ``rouge`` package) call these
at their boundary, so that a wrong argument is one clear exception naming it, of a fitting type
(TypeError for a wrong type, ValueError for a wrong value), the same under every semantics, instead of
Python's generic message from deep inside (or a string scored one character at a time).
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Set
from typing import List, Optional

from .errors import OptionError

TEXT_TYPES = (str, bytes, bytearray, memoryview)


class ArgumentTypeError(OptionError, TypeError):
    """A wrong type where the API already raised :class:`OptionError` (a ValueError): both catch it."""


def _kind(value) -> str:
    return type(value).__name__


def text_list(value, name: str) -> list:
    """``value`` as a list of items (a generator is read once, here, before anything else reads it);
    one text, None or a non-iterable is a TypeError naming ``name``."""
    if isinstance(value, TEXT_TYPES):
        raise ArgumentTypeError(f"{name} must be a list of texts, not one {_kind(value)} (it would be scored one "
                                "character at a time): give [text]")
    refuse_unordered(value, name)
    try:
        return list(value)
    except TypeError:
        raise ArgumentTypeError(f"{name} must be a list of texts, not {_kind(value)}") from None


def refuse_unordered(value, name: str) -> None:
    """A mapping (a dataset's row, say: its keys would be read as the texts) or a set (no fixed order:
    the pairs, or which reference wins a tie, would change from run to run) is a TypeError naming it."""
    if isinstance(value, Mapping):
        raise ArgumentTypeError(f"{name} must be a list of texts, not a {_kind(value)} (its keys would be read as "
                                "the texts): give the texts themselves, e.g. row['summary']")
    if isinstance(value, Set):
        raise ArgumentTypeError(f"{name} must be a list of texts, not a {_kind(value)} (its order is not fixed): "
                                "give a list")


def text(value, name: str, allow_bytes: bool = True):
    """A text (str, or bytes where ``allow_bytes``), else a TypeError naming ``name``."""
    if isinstance(value, str) or (allow_bytes and isinstance(value, TEXT_TYPES)):
        return value
    kinds = "a str or bytes" if allow_bytes else "a str"
    raise TypeError(f"{name} must be {kinds}, not {_kind(value)}")


def as_str(value, name: str) -> str:
    """A text as str (bytes decoded as UTF-8: every semantics reads them alike)."""
    if type(value) is str:
        return value
    value = text(value, name)
    if isinstance(value, str):
        return value
    try:
        return bytes(value).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name} is not UTF-8 ({exc.reason} at byte {exc.start})") from None


def pairs(predictions, references, names: "tuple[str, str]" = ("predictions", "references"),
          allow_bytes: bool = True, several: bool = True) -> "tuple[list, list]":
    """Predictions and their references, checked: ``predictions`` a list of texts, ``references`` a list
    whose items are one text or (``several``) a list of texts; generators read once, here. ``names``:
    the arguments' names in the API at hand; ``allow_bytes``: False where the original takes str only."""
    predictions = text_list(predictions, names[0])
    references = text_list(references, names[1])
    for i, prediction in enumerate(predictions):
        if type(prediction) is not str:  # (str: nothing to check, no name made; a call per completion)
            text(prediction, f"{names[0]}[{i}]", allow_bytes)
    for i, refs in enumerate(references):
        if type(refs) is str:
            continue
        if isinstance(refs, TEXT_TYPES) or not several:
            text(refs, f"{names[1]}[{i}]", allow_bytes)
            continue
        if not hasattr(refs, "__iter__"):
            raise ArgumentTypeError(f"{names[1]}[{i}] must be a text or a sequence of texts, not {_kind(refs)}")
        refs = references[i] = text_list(refs, f"{names[1]}[{i}]")
        for k, ref in enumerate(refs):
            if type(ref) is not str:
                text(ref, f"{names[1]}[{i}][{k}]", allow_bytes)
    return predictions, references


def str_list(texts: list, name: str) -> list:
    """Each text of a list (already checked by :func:`pairs`) as str: :func:`as_str` of each."""
    if all(type(t) is str for t in texts):
        return texts
    return [as_str(t, f"{name}[{i}]") for i, t in enumerate(texts)]


def metric_list(metrics, name: str = "metrics") -> List[str]:
    """Metric names: one str or a list of str."""
    if isinstance(metrics, str):
        return [metrics]
    if isinstance(metrics, (Mapping, Set)):  # names (a dict of weights: its keys), their order immaterial
        metrics = list(metrics)
    for i, metric in enumerate(text_list(metrics, name)):
        if not isinstance(metric, str):
            raise TypeError(f"{name}[{i}] must be a str (a metric name), not {_kind(metric)}")
    return list(metrics)


def number(value, name: str, low: Optional[float] = None, high: Optional[float] = None, *,
           integer: bool = False, finite: bool = True, low_open: bool = False):
    """A number (an int where ``integer``; never a bool or a str), within [``low``, ``high``]
    (``low_open``: above ``low``); NaN refused, and infinity where ``finite``."""
    numeric = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, numeric):
        try:
            import numpy as np

            ok = isinstance(value, np.integer if integer else (np.integer, np.floating))
        except ImportError:  # pragma: no cover - numpy is a dependency
            ok = False
        if not ok:
            raise ArgumentTypeError(f"{name} must be {'an int' if integer else 'a number'}, not {_kind(value)} "
                                    f"({value!r})")
    if isinstance(value, float) or not integer:
        if math.isnan(value) or (finite and math.isinf(value)):
            raise OptionError(f"{name} must be a {'finite ' if finite else ''}number, not {value!r}")
    below = value <= low if (low is not None and low_open) else (low is not None and value < low)
    if below or (high is not None and value > high):
        bounds = (f"{'above' if low_open else 'at least'} {low}" if high is None else
                  f"at most {high}" if low is None else f"between {low} and {high}")
        raise OptionError(f"{name} must be {bounds}, not {value!r}")
    return value


def seed(value, name: str = "seed") -> Optional[int]:
    """None, or a seed numpy takes (an int in [0, 2**32 - 1])."""
    return None if value is None else number(value, name, 0, 2 ** 32 - 1, integer=True)


ORDER_BYTES = 4096  # what one ROUGE-N order costs at least, before any text: its name, its arrays, its report block


def available_memory() -> int:
    """Bytes of memory available now (Linux's MemAvailable; elsewhere 8 GB is assumed)."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 8 << 30


def affordable(count: int, unit_bytes: int, name: str, what: str, given: object = None) -> int:
    """``count`` items of ``unit_bytes`` each (``what``: what they are, plural) refused, before they are
    allocated, when they would need more than half the memory available; the message names ``name``."""
    need = int(count) * unit_bytes
    have = available_memory() // 2
    if need > have:
        shown = given if given is not None else count
        raise OptionError(f"{name} {shown}: {count} {what} would need about {need / 2 ** 30:.3g} GB, more than "
                          f"the {have / 2 ** 30:.3g} GB of memory this run may use: give a smaller {name}")
    return count


def orders(n: int, name: str, units: int = 1, given: object = None) -> int:
    """``n`` ROUGE-N orders (over ``units`` pairs or implementations) refused, before a list of them is
    built, when they would need more than half the memory available."""
    return affordable(n, ORDER_BYTES * max(1, units), name, "orders of ROUGE-N", given)
