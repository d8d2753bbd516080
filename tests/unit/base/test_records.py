"""rouge155.base.records: a record's generic __init__ (its first instances) and the compiled one that
replaces it behave alike: defaults, factories, __post_init__, frozen records, and dataclasses' errors."""
import dataclasses

import pytest

from rouge155.base import records
from rouge155.base.records import FrozenInstanceError, dataclass, field


def _make():
    @dataclass(frozen=True)
    class Point:
        x: int
        y: int = 3
        tags: tuple = field(default_factory=tuple)

        def __post_init__(self):
            object.__setattr__(self, "sum", self.x + self.y)

    return Point


@pytest.mark.parametrize("compiled", [False, True])
def test_generic_and_compiled_init_agree(monkeypatch, compiled):
    monkeypatch.setattr(records, "_COMPILE_AFTER", 0 if compiled else 1 << 30)
    point = _make()
    for _ in range(3):
        assert (point(1).x, point(1).y, point(1).tags, point(1).sum) == (1, 3, (), 4)
        assert point(2, 5, tags=("a",)) == point(x=2, y=5, tags=("a",))
        assert hash(point(1)) == hash(point(1)) and repr(point(1)).endswith("Point(x=1, y=3, tags=())")
    for args, kwargs in (((), {}), ((1, 2, 3, 4), {}), ((1,), {"q": 2}), ((1,), {"x": 1})):
        with pytest.raises(TypeError):
            point(*args, **kwargs)
    with pytest.raises(FrozenInstanceError):
        point(1).x = 2
    assert dataclasses.replace(point(1), y=9).sum == 10 and [f.name for f in dataclasses.fields(point)] == [
        "x", "y", "tags"]


def test_compiled_after_enough_instances(monkeypatch):
    monkeypatch.setattr(records, "_COMPILE_AFTER", 2)
    point = _make()
    generic = point.__init__
    for _ in range(3):
        point(1)
    assert point.__init__ is not generic and point(7).sum == 10


def test_default_before_required_refused():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        @dataclass
        class Bad:
            a: int = 1
            b: int
