"""The subset of Java Object Serialization (protocol 2) that a ``.tagger`` model file holds.

Written from the Java Object Serialization Specification (chapter 6, the stream grammar) and the
layout described in docs/rouge2-tagger-spec.md §6.2-6.3: class descriptors, objects, strings,
arrays, references and block data. Objects come out as :class:`JavaObject` (field values per class,
so that a subclass field and a superclass field of the same name stay apart); the few collections
a model stores (``Properties``/``Hashtable``, ``HashMap``, ``HashSet``) are decoded from their
annotations into Python dicts and sets; a ``double[]`` becomes a float64 numpy array.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

MAGIC = b"\xac\xed\x00\x05"
FIRST_HANDLE = 0x7E0000

_NULL, _REFERENCE, _CLASSDESC, _OBJECT, _STRING, _ARRAY, _CLASS, _BLOCK, _END, _RESET, _BLOCKLONG, \
    _EXCEPTION, _LONGSTRING, _PROXYCLASSDESC, _ENUM = range(0x70, 0x7F)
_SC_WRITE_METHOD = 0x01
_PRIMITIVES = {"B": ">b", "C": ">H", "D": ">d", "F": ">f", "I": ">i", "J": ">q", "S": ">h", "Z": ">?"}


class ModelFormatError(ValueError):
    """The bytes are not what a ``.tagger`` file holds at this point (one-line message)."""


@dataclass
class ClassDesc:
    name: str
    flags: int
    fields: List[Tuple[str, str]]          # (type code, field name)
    superclass: Optional["ClassDesc"]

    def chain(self) -> List["ClassDesc"]:
        """The class and its superclasses, top-most first (the order values are written in)."""
        out: List[ClassDesc] = []
        desc: Optional[ClassDesc] = self
        while desc is not None:
            out.append(desc)
            desc = desc.superclass
        return out[::-1]


@dataclass
class JavaObject:
    cls: ClassDesc
    values: Dict[str, Dict[str, Any]] = field(default_factory=dict)   # class name -> field -> value
    annotations: Dict[str, List[Any]] = field(default_factory=dict)   # class name -> blocks and objects
    decoded: Any = None                                               # a collection's contents

    @property
    def class_name(self) -> str:
        return self.cls.name

    def get(self, name: str) -> Any:
        """The field ``name`` of the most derived class that has one (spec §6.7)."""
        for desc in reversed(self.cls.chain()):
            fields = self.values.get(desc.name, {})
            if name in fields:
                return fields[name]
        raise KeyError(f"{self.cls.name} has no field {name!r}")


class Reader:
    """Reads the model file's sections in order from one bytes object."""

    def __init__(self, data: bytes, pos: int = 0) -> None:
        self.data = data
        self.pos = pos

    # -- primitives ---------------------------------------------------------------------------
    def take(self, n: int) -> bytes:
        if n < 0 or self.pos + n > len(self.data):
            raise ModelFormatError(f"the file ends early (at byte {self.pos}, {n} more needed)")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def unpack(self, fmt: str) -> Any:
        return struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]

    def int32(self) -> int:
        return int(self.unpack(">i"))

    def utf(self, long: bool = False) -> str:
        n = self.unpack(">q") if long else self.unpack(">H")
        return modified_utf8(self.take(n))

    # -- serialization streams ------------------------------------------------------------------
    def stream(self, count: int = 1) -> List[Any]:
        """One serialization stream (its own header and handles) holding ``count`` top-level contents."""
        if self.take(4) != MAGIC:
            raise ModelFormatError(f"no Java serialization stream at byte {self.pos - 4}")
        stream = _Stream(self)
        return [stream.content() for _ in range(count)]


class _Stream:
    def __init__(self, reader: Reader) -> None:
        self.r = reader
        self.handles: List[Any] = []

    def _new_handle(self, value: Any) -> int:
        self.handles.append(value)
        return len(self.handles) - 1

    def content(self) -> Any:
        code = self.r.take(1)[0]
        if code == _NULL:
            return None
        if code == _REFERENCE:
            handle = self.r.int32() - FIRST_HANDLE
            if not 0 <= handle < len(self.handles):
                raise ModelFormatError(f"a reference to an unknown object (byte {self.r.pos})")
            return self.handles[handle]
        if code in (_STRING, _LONGSTRING):
            text = self.r.utf(long=code == _LONGSTRING)
            self._new_handle(text)
            return text
        if code == _CLASSDESC:
            return self._class_desc()
        if code == _OBJECT:
            return self._object()
        if code == _ARRAY:
            return self._array()
        if code == _ENUM:
            self._desc()
            slot = self._new_handle(None)
            self.handles[slot] = self.content()
            return self.handles[slot]
        if code == _CLASS:
            return self._desc()
        if code in (_BLOCK, _BLOCKLONG):
            n = self.r.take(1)[0] if code == _BLOCK else self.r.int32()
            return self.r.take(n)
        raise ModelFormatError(f"unexpected serialization code 0x{code:02X} at byte {self.r.pos - 1}")

    def _desc(self) -> Optional[ClassDesc]:
        value = self.content()
        if value is not None and not isinstance(value, ClassDesc):
            raise ModelFormatError(f"a class description was expected at byte {self.r.pos}")
        return value

    def _class_desc(self) -> ClassDesc:
        name = self.r.utf()
        self.r.take(8)  # serialVersionUID
        desc = ClassDesc(name, 0, [], None)
        self._new_handle(desc)
        desc.flags = self.r.take(1)[0]
        for _ in range(self.r.unpack(">H")):
            code = chr(self.r.take(1)[0])
            fname = self.r.utf()
            if code in "L[":
                self.content()  # the field's type signature (a string or a reference to one)
            elif code not in _PRIMITIVES:
                raise ModelFormatError(f"unknown field type {code!r} in class {name}")
            desc.fields.append((code, fname))
        self._annotations()
        desc.superclass = self._desc()
        return desc

    def _annotations(self) -> List[Any]:
        items: List[Any] = []
        while self.r.data[self.r.pos:self.r.pos + 1] != bytes([_END]):
            items.append(self.content())
        self.r.take(1)
        return items

    def _object(self) -> JavaObject:
        desc = self._desc()
        if desc is None:
            raise ModelFormatError(f"an object without a class at byte {self.r.pos}")
        obj = JavaObject(desc)
        self._new_handle(obj)
        for cls in desc.chain():
            values: Dict[str, Any] = {}
            for code, fname in cls.fields:
                values[fname] = self.r.unpack(_PRIMITIVES[code]) if code in _PRIMITIVES else self.content()
            obj.values[cls.name] = values
            if cls.flags & _SC_WRITE_METHOD:
                obj.annotations[cls.name] = self._annotations()
        obj.decoded = _collection(obj)
        return obj

    def _array(self) -> Any:
        desc = self._desc()
        if desc is None:
            raise ModelFormatError(f"an array without a class at byte {self.r.pos}")
        slot = self._new_handle(None)
        n = self.r.int32()
        if n < 0:
            raise ModelFormatError(f"an array of negative length at byte {self.r.pos}")
        kind = desc.name[1:2]
        value: Any
        if kind == "D":
            value = np.frombuffer(self.r.take(8 * n), dtype=">f8").astype(np.float64)
        elif kind in _PRIMITIVES:
            value = [self.r.unpack(_PRIMITIVES[kind]) for _ in range(n)]
        else:
            value = [self.content() for _ in range(n)]
        self.handles[slot] = value
        return value


def _collection(obj: JavaObject) -> Any:
    """The contents of the collections a model stores, from their write-method annotations."""
    name = obj.class_name
    if name in ("java.util.Properties", "java.util.Hashtable", "java.util.HashMap") or \
            name.endswith("TaggerConfig"):
        base = "java.util.HashMap" if name == "java.util.HashMap" else "java.util.Hashtable"
        items = obj.annotations.get(base, [])
        if not items or not isinstance(items[0], bytes) or len(items[0]) < 8:
            raise ModelFormatError(f"{name}: no size block")
        count = struct.unpack(">i", items[0][4:8])[0]
        pairs = items[1:]
        if len(pairs) != 2 * count:
            raise ModelFormatError(f"{name}: {count} entries announced, {len(pairs) // 2} stored")
        return {pairs[2 * k]: pairs[2 * k + 1] for k in range(count)}
    if name == "java.util.HashSet":
        items = obj.annotations.get(name, [])
        if not items or not isinstance(items[0], bytes) or len(items[0]) < 12:
            raise ModelFormatError(f"{name}: no size block")
        count = struct.unpack(">i", items[0][8:12])[0]
        if len(items) - 1 != count:
            raise ModelFormatError(f"{name}: {count} elements announced, {len(items) - 1} stored")
        return set(items[1:])
    return None


def modified_utf8(raw: bytes) -> str:
    """Java's modified UTF-8 (spec §6.2): U+0000 as two bytes, supplementary characters as surrogate pairs."""
    try:
        return raw.decode("utf-8")  # the same bytes when there is no U+0000 and no surrogate
    except UnicodeDecodeError:
        pass
    units: List[int] = []
    i, n = 0, len(raw)
    while i < n:
        b = raw[i]
        if b < 0x80:
            units.append(b)
            i += 1
        elif b >> 5 == 0b110 and i + 1 < n:
            units.append(((b & 0x1F) << 6) | (raw[i + 1] & 0x3F))
            i += 2
        elif b >> 4 == 0b1110 and i + 2 < n:
            units.append(((b & 0x0F) << 12) | ((raw[i + 1] & 0x3F) << 6) | (raw[i + 2] & 0x3F))
            i += 3
        else:
            raise ModelFormatError(f"malformed modified UTF-8 string {raw[:40]!r}")
    data = b"".join(u.to_bytes(2, "big") for u in units)
    return data.decode("utf-16-be", "surrogatepass")
