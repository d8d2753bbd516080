"""The project folder as the jar sees it: ``reference/`` and ``system/`` files named ``TASK_NAME...``.

Tasks and systems come out in the order of the jar's HashMaps (task names by ``String.hashCode``,
system files by their path's bytes); a task's references in directory order.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Dict, List

from ..base.errors import RougeError
from . import javalang

_UNDERSCORE = re.compile("_")


@dataclass
class SystemFile:
    path: str          # the jar's Path (project.dir + "/system/" + file name, normalised; os.listdir's str)
    name: str          # second "_" field of the file name, as written (the CSV upper-cases it)


@dataclass
class Task:
    name: str          # first "_" field, lower-cased
    systems: List[SystemFile] = field(default_factory=list)
    references: List[str] = field(default_factory=list)


def _listdir(path: str) -> List[str]:
    # Files.list: the directory's own (readdir) order, as os.listdir gives it
    return os.listdir(path)


def _java_name(file_name: str) -> str:
    """The file name as the jar's String: its bytes decoded as UTF-8, each malformed sequence one U+FFFD
    (os.listdir keeps such bytes as lone surrogates, which the file is still opened by)."""
    return os.fsencode(file_name).decode("utf-8", "replace")


def _fields(file_name: str) -> List[str]:
    toks = javalang.split(_UNDERSCORE, file_name)
    if len(toks) < 2:
        raise RougeError(f"file name {file_name!r} does not follow the TASK_NAME... convention "
                         "(no '_' between a task name and a summary name)")
    return toks


def read_project(project_dir: str) -> List[Task]:
    """Tasks in the jar's order (``hmEvalTasks.keySet()``), systems in ``systemFiles`` order."""
    ref_dir = javalang.unix_path(project_dir + "/reference")
    sys_dir = javalang.unix_path(project_dir + "/system")
    if not (os.path.exists(ref_dir) and os.path.exists(sys_dir)):
        raise RougeError(f"no 'reference' and 'system' folders under project.dir {project_dir!r}")
    try:
        sys_names, ref_names = _listdir(sys_dir), _listdir(ref_dir)
    except OSError as exc:
        raise RougeError(f"cannot list the project folder {project_dir!r}: {exc.strerror}") from None
    tasks: Dict[str, Task] = {}
    order: List[str] = []

    def task_for(toks: List[str]) -> Task:
        key = toks[0].lower()
        if key not in tasks:
            tasks[key] = Task(key)
            order.append(key)
        return tasks[key]

    for fn in sys_names:  # system files first, then references (initTasks)
        toks = _fields(_java_name(fn))
        task_for(toks).systems.append(SystemFile(sys_dir + "/" + fn, toks[1]))
    for fn in ref_names:
        toks = _fields(_java_name(fn))
        task_for(toks).references.append(ref_dir + "/" + fn)
    for task in tasks.values():
        paths = [s.path for s in task.systems]
        by_path = {s.path: s for s in task.systems}
        task.systems = [by_path[p] for p in javalang.hashmap_order(paths, lambda p: javalang.path_hash(os.fsencode(p)))]
    return [tasks[k] for k in javalang.hashmap_order(order, javalang.string_hash)]


def read_lines(path: str) -> List[str]:
    """``getSystemSents`` before cleaning: the file's lines (Latin-1). A directory or unreadable
    file gives no lines, as the jar logs "Problem reading system sentences" and goes on."""
    try:
        with open(path, "rb") as fh:
            return javalang.lines(fh.read())
    except OSError:
        return []
