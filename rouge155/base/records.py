"""``dataclass`` and ``field`` for this package's records, without the import cost of dataclasses.

``import dataclasses`` loads inspect (and with it ast, dis and tokenize): a third of a small run's
start-up. The records made here get what dataclasses would generate for them: ``__init__`` (with
defaults, ``default_factory`` and ``__post_init__``), ``__repr__``, ``__eq__``, ``__match_args__``
and, when frozen, ``__setattr__``/``__delattr__`` that refuse and a field-tuple ``__hash__``.
``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on them too: the first
look-up of ``__dataclass_fields__`` imports dataclasses and takes the fields of a real twin class.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    import sys
    from typing import Any, Callable, Optional, TypeVar

    if sys.version_info >= (3, 11):
        from typing import dataclass_transform
    else:
        from typing_extensions import dataclass_transform

    _T = TypeVar("_T")
else:
    def dataclass_transform(**_params):
        """PEP 681's marker, read by type checkers only: at run time the function stays as it is."""
        return lambda function: function

_MISSING: Any = object()


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record."""


class _Field:
    __slots__ = ("default", "default_factory")

    def __init__(self, default=_MISSING, default_factory=_MISSING):
        self.default = default
        self.default_factory = default_factory


def field(*, default: Any = _MISSING, default_factory: Callable[[], Any] = _MISSING) -> Any:
    """A field's default or default factory (as ``dataclasses.field``)."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Field(default, default_factory)


class _DataclassFields:
    """``__dataclass_fields__`` built on first use from a real dataclass with the same fields."""

    def __get__(self, obj, owner):
        import dataclasses

        spec = owner.__record_spec__
        namespace = {"__annotations__": dict(spec["annotations"]), "__module__": owner.__module__,
                     "__qualname__": owner.__qualname__}
        for name, f in spec["defaults"].items():
            namespace[name] = dataclasses.field(default=f.default) if f.default_factory is _MISSING \
                else dataclasses.field(default_factory=f.default_factory)
        twin: Any = dataclasses.dataclass(frozen=spec["frozen"])(type(owner.__name__, (), namespace))
        owner.__dataclass_params__ = twin.__dataclass_params__
        owner.__dataclass_fields__ = twin.__dataclass_fields__
        return twin.__dataclass_fields__


def _is_classvar(annotation) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__qualname__", "")
    return text.startswith(("ClassVar", "typing.ClassVar"))


@dataclass_transform(field_specifiers=(field,))
def dataclass(cls: Optional[type[_T]] = None, *, frozen: bool = False) -> Any:
    """``@dataclass`` / ``@dataclass(frozen=True)`` for plain records (no inheritance between them)."""

    def wrap(c: type[_T]) -> type[_T]:
        return _process(c, frozen)

    return wrap if cls is None else wrap(cls)


_COMPILE_AFTER = 64  # instances made through the generic __init__ before the record's own is compiled


def _init_source(cls, names, defaults, frozen: bool):
    """The ``__init__`` dataclasses would generate, compiled (about half a millisecond: worth it only
    for records made many times)."""
    env = {"_MISSING": _MISSING, "_object_setattr": object.__setattr__}
    params, body = [], []
    for name in names:
        f = defaults.get(name)
        if f is None:
            params.append(name)
            value = name
        elif f.default_factory is not _MISSING:
            env[f"_factory_{name}"] = f.default_factory
            params.append(f"{name}=_MISSING")
            value = f"_factory_{name}() if {name} is _MISSING else {name}"
        else:
            env[f"_default_{name}"] = f.default
            params.append(f"{name}=_default_{name}")
            value = name
        body.append(f"_object_setattr(self, {name!r}, {value})" if frozen else f"self.{name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n    " + "\n    ".join(body or ["pass"]) + "\n"
    exec(source, env)  # generated from the class's own field names, as dataclasses does
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _deferred_init(cls, names, defaults, frozen: bool):
    """An ``__init__`` that binds its arguments itself for a record's first instances, then puts the
    compiled one (:func:`_init_source`) in its place: a small run makes most records a few times,
    and compiling sixteen ``__init__`` functions was a tenth of its start-up."""
    made = [0]
    arity = len(names)
    setter = object.__setattr__ if frozen else setattr
    post_init = hasattr(cls, "__post_init__")

    def __init__(self, *args, **kwargs):
        made[0] += 1
        if made[0] > _COMPILE_AFTER and cls.__init__ is __init__:
            cls.__init__ = _init_source(cls, names, defaults, frozen)
        if len(args) > arity:
            raise TypeError(f"{cls.__qualname__}.__init__() takes {arity + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        for i, name in enumerate(names):
            if i < len(args):
                if name in kwargs:
                    raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for argument {name!r}")
                value = args[i]
            elif name in kwargs:
                value = kwargs.pop(name)
            else:
                f = defaults.get(name)
                if f is None:
                    raise TypeError(f"{cls.__qualname__}.__init__() missing required argument: {name!r}")
                value = f.default_factory() if f.default_factory is not _MISSING else f.default
            setter(self, name, value)
        if kwargs:
            raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument {next(iter(kwargs))!r}")
        if post_init:
            self.__post_init__()

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _process(cls, frozen: bool):
    annotations = {k: v for k, v in cls.__dict__.get("__annotations__", {}).items() if not _is_classvar(v)}
    names = list(annotations)
    defaults = {}
    for name in names:
        value = cls.__dict__.get(name, _MISSING)
        if isinstance(value, _Field):
            defaults[name] = value
            if value.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
        elif value is not _MISSING:
            defaults[name] = _Field(value)
    for before, name in zip(names, names[1:]):
        if before in defaults and name not in defaults:
            raise TypeError(f"non-default argument {name!r} follows default argument")
    cls.__init__ = _deferred_init(cls, names, defaults, frozen)

    fields = tuple(names)

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in fields)
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return tuple(getattr(self, n) for n in fields) == tuple(getattr(other, n) for n in fields)
        return NotImplemented

    cls.__repr__ = __repr__
    cls.__eq__ = __eq__
    cls.__match_args__ = fields  # type: ignore[misc]  # mypy guards it on classes it built; this one is built here
    cls.__record_spec__ = {"annotations": annotations, "defaults": defaults, "frozen": frozen}
    cls.__dataclass_fields__ = _DataclassFields()
    if frozen:
        def __setattr__(self, name, value):
            if type(self) is cls or name in fields:
                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)

        def __delattr__(self, name):
            if type(self) is cls or name in fields:
                raise FrozenInstanceError(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)

        def __hash__(self):
            return hash(tuple(getattr(self, n) for n in fields))

        cls.__setattr__ = __setattr__
        cls.__delattr__ = __delattr__
        cls.__hash__ = __hash__
    else:
        cls.__hash__ = None  # as dataclasses: eq without frozen makes instances unhashable
    return cls
