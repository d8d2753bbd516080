"""Other packages' own test suites, run against rouge155.compat (docs/testing.md, "The peers' own tests").

* rouge-score 0.1.2: the five ``*_test.py`` (and ``test_util.py``) of its sdist, downloaded with pip at test
  time (never committed), with its ``testdata/`` (not in the sdist: ``tests/data/rouge_score_testdata``, an
  extract; the ``pyrouge_files`` are made from it as rouge-score's ``create_pyrouge_files.py`` makes them).
* torchmetrics 1.9: ``tests/unittests/text/test_rouge.py`` and the helpers it imports, from the checkout or
  git directory that ``ROUGE155_TORCHMETRICS_SRC`` names, else from GitHub at tag v1.9.0.

Each suite runs in a fresh pytest in a folder of its own, where the peer's module names point either at
rouge155.compat (a shim built there, with the peer's semantics) or at the real package; what passed,
failed and was skipped is read from pytest's JUnit XML.
"""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, Optional, Set

import pytest

from devkit import semgen
from devkit.difftools import REPO

ROUGE_SCORE = "rouge-score==0.1.2"
ROUGE_SCORE_TESTDATA = REPO / "tests" / "data" / "rouge_score_testdata"
TORCHMETRICS_TAG = "v1.9.0"
TORCHMETRICS_FILES = ("unittests/__init__.py", "unittests/conftest.py", "unittests/_helpers/__init__.py",
                      "unittests/_helpers/testers.py", "unittests/_helpers/wrappers.py", "unittests/text/__init__.py",
                      "unittests/text/_helpers.py", "unittests/text/_inputs.py", "unittests/text/test_rouge.py")
# lines of each stand-in for a missing large file: the tests that pass on it read five; rouge-score's own
# rougeLsum over two whole files costs (lines x lines) LCS tables in pure Python
STAND_IN_LINES = 50
_RAW = "https://raw.githubusercontent.com/Lightning-AI/torchmetrics/{tag}/tests/{path}"


@dataclass
class SuiteResult:
    """One run of a suite: test ids (``module.Class::name``) passed, failed (with the failure's first
    line) and skipped."""

    passed: Set[str] = field(default_factory=set)
    failed: Dict[str, str] = field(default_factory=dict)
    skipped: Set[str] = field(default_factory=set)
    output: str = ""

    @property
    def total(self) -> int:
        return len(self.passed) + len(self.failed) + len(self.skipped)

    def summary(self) -> str:
        return f"{len(self.passed)}/{self.total} passed; failed: {self.failed}"


def run_pytest(folder: Path, tests: Iterable[str], env: Optional[Dict[str, str]] = None,
               timeout: float = 1800) -> SuiteResult:
    """pytest on ``tests`` (paths relative to ``folder``) in a fresh Python, ``folder`` first on its path and
    its own empty configuration (nothing of this repository's), ``env`` added to the environment."""
    (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    report = folder / "junit.xml"
    run_env = {**os.environ, **(env or {}), "PYTHONPATH": str(folder)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", "pytest.ini",
                           "--junitxml", str(report), *tests], cwd=folder, env=run_env, capture_output=True,
                          text=True, timeout=timeout)
    if not report.is_file():
        raise AssertionError(f"pytest wrote no report (status {done.returncode}):\n{done.stdout[-3000:]}{done.stderr}")
    result = SuiteResult(output=done.stdout)
    for case in ET.parse(report).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        bad = case.find("failure") if case.find("failure") is not None else case.find("error")
        if bad is not None:
            result.failed[name] = (bad.get("message") or "").splitlines()[0] if bad.get("message") else "?"
        elif case.find("skipped") is not None:
            result.skipped.add(name)
        else:
            result.passed.add(name)
    return result


# -- rouge-score ----------------------------------------------------------------------------------------

_NO_PUNKT_CONFTEST = '''import os

if os.environ.get("ROUGE155_PEER_NO_PUNKT"):  # a machine without nltk's punkt data: nltk finds no data at all
    import nltk

    nltk.data.path[:] = []
'''

# rouge_score's modules as rouge155.compat's, with semantics="rouge-score" where rouge155 defaults to the Perl's
_MIRROR = '''from rouge155.compat import {name} as _compat

globals().update({{k: v for k, v in vars(_compat).items() if not k.startswith("__")}})
'''
_ROUGE_SCORE_SHIM = {
    "__init__.py": "",
    "tokenize.py": _MIRROR.format(name="tokenize"),
    "tokenizers.py": _MIRROR.format(name="tokenizers"),
    "io.py": _MIRROR.format(name="io"),
    "rouge_scorer.py": _MIRROR.format(name="rouge_scorer") + '''

class RougeScorer(_compat.RougeScorer):
    def __init__(self, rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None):
        super().__init__(rouge_types, use_stemmer, split_summaries, tokenizer, semantics="rouge-score")
''',
    "scoring.py": _MIRROR.format(name="scoring") + '''

class BootstrapAggregator(_compat.BootstrapAggregator):
    def __init__(self, confidence_interval=0.95, n_samples=1000):
        super().__init__(confidence_interval, n_samples, semantics="rouge-score")
''',
}


def rouge_score_sdist(into: Path) -> Path:
    """rouge-score 0.1.2's sdist unpacked under ``into`` (pip download, no install): its ``rouge_score``
    folder. Skips the calling test, with pip's reason, where the sdist cannot be had."""
    done = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
                           "--no-binary", ":all:", ROUGE_SCORE, "-d", str(into)], capture_output=True, text=True,
                          timeout=600)
    archives = list(into.glob("rouge_score-0.1.2.tar.gz"))
    if done.returncode != 0 or not archives:
        why = [line for line in done.stderr.splitlines() if line.strip() and "WARNING" not in line]
        pytest.skip(f"rouge-score 0.1.2's sdist could not be downloaded: {(why or ['pip failed'])[-1][:200]}")
    package = into / "rouge_score"
    package.mkdir()
    with tarfile.open(archives[0]) as tar:
        for member in tar.getmembers():
            folder, _, name = member.name.rpartition("/")
            if member.isfile() and folder == "rouge_score-0.1.2/rouge_score" and name.endswith(".py"):
                extracted = tar.extractfile(member)
                assert extracted is not None
                (package / name).write_bytes(extracted.read())
    return package


def _testdata(dest: Path) -> None:
    """rouge-score's testdata/: the committed extract, and pyrouge_files/{target,prediction}_multi.N.txt made
    from the large files, four lines per file (rouge-score's create_pyrouge_files.py). Where the extract
    lacks the large files, generated lines stand in for each (the tests that compare with figures
    ROUGE-1.5.5 printed for the real ones then fail with both packages; the others run)."""
    shutil.copytree(ROUGE_SCORE_TESTDATA, dest, ignore=shutil.ignore_patterns("*.md"))
    for seed, kind in enumerate(("target", "prediction")):
        large = dest / f"{kind}_large.txt"
        if not large.is_file():
            r = random.Random(seed)
            large.write_text("".join(" ".join(semgen.text(r).split()) + "\n" for _ in range(STAND_IN_LINES)),
                             encoding="utf-8")
            continue
        lines = large.read_text(encoding="utf-8").splitlines(keepends=True)
        for i in range(0, len(lines), 4):
            (dest / "pyrouge_files" / f"{kind}_multi.{i // 4}.txt").write_text("".join(lines[i:i + 4]),
                                                                               encoding="utf-8")


def rouge_score_suite(sdist: Path, dest: Path, drop_in: bool) -> Path:
    """A folder holding package ``rouge_score``: the sdist's tests and testdata with its modules
    (``drop_in=False``) or with modules that are rouge155.compat's (``drop_in=True``)."""
    package = dest / "rouge_score"
    package.mkdir(parents=True)
    for source in sdist.glob("*.py"):
        if source.name.endswith("_test.py") or source.name == "test_util.py" or not drop_in:
            shutil.copy(source, package / source.name)
    if drop_in:
        for name, text in _ROUGE_SCORE_SHIM.items():
            (package / name).write_text(text, encoding="utf-8")
    _testdata(package / "testdata")
    (dest / "conftest.py").write_text(_NO_PUNKT_CONFTEST, encoding="utf-8")
    return dest


def run_rouge_score_suite(sdist: Path, dest: Path, drop_in: bool, punkt: bool) -> SuiteResult:
    folder = rouge_score_suite(sdist, dest, drop_in)
    tests = sorted(p.relative_to(folder).as_posix() for p in (folder / "rouge_score").glob("*_test.py"))
    return run_pytest(folder, tests, {"ROUGE155_PEER_NO_PUNKT": "" if punkt else "1"}, timeout=900)


# -- torchmetrics ---------------------------------------------------------------------------------------

_TORCHMETRICS_SHIM = '''"""torchmetrics' ROUGE names: rouge155.compat.torchmetrics's, semantics="torchmetrics"."""
import os
from pathlib import Path

import torchmetrics.functional.text.rouge as functional
import torchmetrics.text.rouge as modular

from rouge155.compat import torchmetrics as compat

_USED = Path(os.environ["ROUGE155_PEER_SHIM_USED"])


def rouge_score(preds, target, accumulate="best", use_stemmer=False, normalizer=None, tokenizer=None,
                rouge_keys=("rouge1", "rouge2", "rougeL", "rougeLsum")):
    _USED.touch()
    return compat.rouge_score(preds, target, accumulate, use_stemmer, normalizer, tokenizer, rouge_keys,
                              semantics="torchmetrics")


class ROUGEScore(compat.ROUGEScore):
    def __init__(self, use_stemmer=False, normalizer=None, tokenizer=None, accumulate="best",
                 rouge_keys=("rouge1", "rouge2", "rougeL", "rougeLsum"), **kwargs):
        _USED.touch()
        super().__init__(use_stemmer, normalizer, tokenizer, accumulate, rouge_keys, semantics="torchmetrics",
                         **kwargs)


functional.rouge_score = rouge_score
modular.ROUGEScore = ROUGEScore
'''

# cachier only memoizes the reference values (a PyPI package torchmetrics' tests use): a pass-through
_CACHIER = "def cachier(**_options):\n    return lambda function: function\n"


def _torchmetrics_file(path: str) -> bytes:
    source = os.environ.get("ROUGE155_TORCHMETRICS_SRC")
    if source:
        root = Path(source)
        if (root / "tests" / path).is_file() and not (root / "HEAD").is_file():
            return (root / "tests" / path).read_bytes()  # a checkout (of tag v1.9.0)
        return subprocess.run(["git", "--git-dir", str(root), "show", f"{TORCHMETRICS_TAG}:tests/{path}"],
                              capture_output=True, check=True).stdout
    with urllib.request.urlopen(_RAW.format(tag=TORCHMETRICS_TAG, path=path), timeout=30) as response:
        return response.read()


def torchmetrics_suite(dest: Path) -> Path:
    """A folder holding torchmetrics 1.9's ROUGE tests and their helpers, and a conftest that points
    torchmetrics' ROUGE names at rouge155.compat.torchmetrics. Skips the calling test where the files
    cannot be had."""
    try:
        for path in TORCHMETRICS_FILES:
            (dest / path).parent.mkdir(parents=True, exist_ok=True)
            (dest / path).write_bytes(_torchmetrics_file(path))
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"torchmetrics {TORCHMETRICS_TAG}'s tests/unittests could not be had (not in its sdist; set "
                    f"ROUGE155_TORCHMETRICS_SRC to a checkout or git directory of it, or allow GitHub): {exc}")
    (dest / "torchmetrics_shim.py").write_text(_TORCHMETRICS_SHIM, encoding="utf-8")
    (dest / "conftest.py").write_text("import torchmetrics_shim  # noqa: F401\n", encoding="utf-8")
    try:
        import cachier  # noqa: F401
    except ImportError:
        (dest / "cachier.py").write_text(_CACHIER, encoding="utf-8")
    return dest


def run_torchmetrics_suite(dest: Path) -> SuiteResult:
    folder = torchmetrics_suite(dest)
    env = {"USE_PYTEST_POOL": "1", "PYTEST_REFERENCE_CACHE": str(dest / "reference-cache"),
           "ROUGE155_PEER_SHIM_USED": str(dest / "shim-used")}
    return run_pytest(folder, ["unittests/text/test_rouge.py"], env, timeout=2400)
