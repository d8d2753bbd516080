"""The other ROUGE implementations, as the differential tests and the benchmark load them.

py-rouge 1.1 and the ``rouge`` package 1.0.1 both install a top-level package named ``rouge``: in one
environment the second overwrites the first's ``rouge/__init__.py`` and ``rouge/rouge.py``. So py-rouge
is loaded from its own copy, under another module name: the installed one when it is intact, else
``~/.cache/rouge155/py-rouge/rouge`` (``python -m devkit.oracles py-rouge`` puts the PyPI wheel's
files there with ``pip download``, outside the repository, as scripts/setup-reference.sh does for the
Perl). Two shims make its code run here, neither touching a number:

* ``pkg_resources`` (gone from recent setuptools): ``resource_filename`` for its two data files;
* nltk's punkt data, when absent: py-rouge calls ``nltk.word_tokenize`` on text it has reduced to
  ``[a-z0-9_ ]``, and punkt (trained or not) finds no sentence boundary in text without ``.``, ``?``
  or ``!``; py-rouge's module (only) sees an ``nltk`` whose ``word_tokenize`` uses an untrained punkt
  and refuses any text holding one of them.

nltk's punkt data itself (``python -m devkit.oracles punkt DIR``, as scripts/test.sh sets it up): the
``punkt_tab.zip`` of nltk_data that the ``llama-index-core`` 0.14.25 wheel ships unchanged, checked by its
SHA-256 and unpacked as ``DIR/tokenizers/punkt_tab`` (point ``NLTK_DATA`` at DIR); the wheel is only
downloaded, never installed.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import types
import zipfile
from pathlib import Path
from typing import Optional

PY_ROUGE_CACHE = Path(os.environ.get("ROUGE155_PY_ROUGE", Path.home() / ".cache" / "rouge155" / "py-rouge"))
# rouge-chinese 1.0.3's wheel holds its package twice, as rouge_chinese/ and as rouge/ (over the rouge
# package's files, as py-rouge does): only its rouge_chinese/ is taken, into its own folder, never installed
ROUGE_CHINESE_CACHE = Path(os.environ.get("ROUGE155_ROUGE_CHINESE",
                                          Path.home() / ".cache" / "rouge155" / "rouge-chinese"))
ROUGE_CHINESE_WHEEL = "rouge-chinese==1.0.3"
_ROUGE_CHINESE_SHA256 = {"rouge.py": "97738165c22b8d655131830e206b610e826b3a6731e4783934e1f6cca588e706",
                         "rouge_score.py": "7d4a3d498652c0b7ec177d97c5cf5753438277703647180b0bcbe84ff7040f4f"}
PY_ROUGE_WHEEL = "py-rouge==1.1"
_PY_ROUGE_SHA256 = "5150a4327a9d402ba0c845f7b2afbabdd5adc1344c496a7bda47851bdff7c5ae"  # rouge/rouge.py, py-rouge 1.1
PUNKT_WHEEL = "llama-index-core==0.14.25"
_PUNKT_MEMBER = "llama_index/core/_static/nltk_cache/tokenizers/punkt_tab.zip"
_PUNKT_SHA256 = "e57f64187974277726a3417ca6f181ec5403676c717672eef6a748a7b20e0106"  # nltk_data's punkt_tab.zip


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def py_rouge_dir() -> Optional[Path]:
    """The directory of an intact py-rouge 1.1 ``rouge`` package, or None."""
    candidates = [PY_ROUGE_CACHE / "rouge"]
    spec = importlib.util.find_spec("rouge")
    if spec is not None and spec.submodule_search_locations:
        candidates.insert(0, Path(list(spec.submodule_search_locations)[0]))
    for folder in candidates:
        main = folder / "rouge.py"
        if main.is_file() and (folder / "wordnet_key_value.txt").is_file() and _sha256(main) == _PY_ROUGE_SHA256:
            return folder
    return None


def _pkg_resources_shim() -> bool:
    """Puts a ``pkg_resources`` with only ``resource_filename`` in sys.modules when there is none; True if
    it did (the caller takes it out again once py-rouge has imported it: other packages, jieba among
    them, fall back on their own when ``import pkg_resources`` fails, not when it lacks what they call)."""
    if "pkg_resources" in sys.modules:
        return False
    try:
        import pkg_resources  # noqa: F401
        return False
    except ImportError:
        pass
    def resource_filename(name: str, resource: str) -> str:
        return os.path.join(os.path.dirname(sys.modules[name].__file__ or ""), resource)

    shim = types.ModuleType("pkg_resources")
    vars(shim)["resource_filename"] = resource_filename
    sys.modules["pkg_resources"] = shim
    return True


def punkt_installed() -> bool:
    try:
        import nltk

        nltk.sent_tokenize("A test. Another one.")
        return True
    except (ImportError, LookupError):
        return False


def _nltk_without_punkt():
    """nltk as py-rouge's module sees it when the punkt data is absent: ``word_tokenize`` with an
    untrained punkt, for text without sentence-final punctuation only (nothing else is changed, and
    nltk itself is left alone)."""
    import re

    import nltk
    from nltk.tokenize import NLTKWordTokenizer
    from nltk.tokenize.punkt import PunktSentenceTokenizer

    untrained, words = PunktSentenceTokenizer(), NLTKWordTokenizer()

    def word_tokenize(text, language="english", preserve_line=False):  # noqa: ARG001 - nltk's signature
        if re.search(r"[.?!]", text):
            raise AssertionError("the punkt stand-in is only for text without . ? !")
        sentences = [text] if preserve_line else untrained.tokenize(text)
        return [token for sentence in sentences for token in words.tokenize(sentence)]

    proxy = types.ModuleType("nltk")
    proxy.__dict__.update({k: v for k, v in vars(nltk).items() if not k.startswith("__")})
    vars(proxy)["word_tokenize"] = word_tokenize
    return proxy


def load_rouge_package():
    """The ``rouge`` package 1.0.1's (pltrdy's) ``Rouge`` class, or None when it is not installed or
    py-rouge has overwritten its files."""
    try:
        import rouge.rouge_score  # noqa: F401  (pltrdy's module; py-rouge has none)
        from rouge import Rouge
    except ImportError:
        return None
    return Rouge


def load_py_rouge():
    """py-rouge 1.1's ``Rouge`` class (module ``devkit_py_rouge``), or None when no copy is found."""
    folder = py_rouge_dir()
    if folder is None:
        return None
    if "devkit_py_rouge" in sys.modules:
        return sys.modules["devkit_py_rouge"].Rouge
    shimmed = _pkg_resources_shim()
    spec = importlib.util.spec_from_file_location("devkit_py_rouge", folder / "rouge.py")
    if spec is None or spec.loader is None:  # not a module Python can load
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules["devkit_py_rouge"] = module
    try:
        spec.loader.exec_module(module)  # py-rouge keeps the shim as its module's pkg_resources
    finally:
        if shimmed:
            del sys.modules["pkg_resources"]
    if not punkt_installed():
        vars(module)["nltk"] = _nltk_without_punkt()
    return module.Rouge


def _fetch_wheel(requirement: str, pattern: str, folder: str, into: Path) -> Path:
    """Put a PyPI wheel's ``folder/`` under ``into`` (``pip download``, no install)."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
                        requirement, "-d", tmp], check=True)
        wheel = next(Path(tmp).glob(pattern))
        with zipfile.ZipFile(wheel) as zf:
            for name in zf.namelist():
                if name.startswith(folder + "/"):
                    zf.extract(name, into)
    return into


def fetch_py_rouge() -> Path:
    """Put py-rouge 1.1's files under :data:`PY_ROUGE_CACHE` (``pip download``, no install)."""
    return _fetch_wheel(PY_ROUGE_WHEEL, "py_rouge-*.whl", "rouge", PY_ROUGE_CACHE)


def rouge_chinese_dir() -> Optional[Path]:
    """The folder holding an intact rouge-chinese 1.0.3 ``rouge_chinese`` package (installed, or the
    copy of :data:`ROUGE_CHINESE_CACHE`), or None."""
    candidates = [ROUGE_CHINESE_CACHE]
    spec = importlib.util.find_spec("rouge_chinese")
    if spec is not None and spec.submodule_search_locations:
        candidates.insert(0, Path(list(spec.submodule_search_locations)[0]).parent)
    for folder in candidates:
        files = {name: folder / "rouge_chinese" / name for name in _ROUGE_CHINESE_SHA256}
        if all(f.is_file() and _sha256(f) == _ROUGE_CHINESE_SHA256[n] for n, f in files.items()):
            return folder
    return None


def load_rouge_chinese():
    """rouge-chinese 1.0.3's module ``rouge_chinese`` (importable by that name from then on, as the
    frameworks import it), or None when no intact copy is found."""
    folder = rouge_chinese_dir()
    if folder is None:
        return None
    if str(folder) not in sys.path and importlib.util.find_spec("rouge_chinese") is None:
        sys.path.append(str(folder))
    return importlib.import_module("rouge_chinese")


def fetch_rouge_chinese() -> Path:
    """Put rouge-chinese 1.0.3's ``rouge_chinese/`` under :data:`ROUGE_CHINESE_CACHE`."""
    return _fetch_wheel(ROUGE_CHINESE_WHEEL, "rouge_chinese-*.whl", "rouge_chinese", ROUGE_CHINESE_CACHE)


def fetch_punkt(nltk_data: Path) -> Path:
    """nltk's ``punkt_tab`` data under ``nltk_data/tokenizers/``, from the zip the llama-index-core wheel
    ships (``pip download``, no install; the zip's SHA-256 checked, the wheel removed). ValueError when
    the zip is not nltk_data's."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                               "--no-deps", "--only-binary", ":all:", PUNKT_WHEEL, "-d", tmp], capture_output=True,
                              text=True)
        wheels = list(Path(tmp).glob("llama_index_core-*.whl"))
        if done.returncode != 0 or not wheels:
            said = [line.strip() for line in done.stderr.splitlines() if line.strip() and "WARNING" not in line]
            raise OSError(f"pip could not download {PUNKT_WHEEL}: {(said or ['no wheel'])[-1]}")
        wheel = wheels[0]
        with zipfile.ZipFile(wheel) as zf:
            data = zf.read(_PUNKT_MEMBER)
    if hashlib.sha256(data).hexdigest() != _PUNKT_SHA256:
        raise ValueError(f"{PUNKT_WHEEL}'s {_PUNKT_MEMBER} is not nltk_data's punkt_tab.zip (SHA-256 differs)")
    with tempfile.TemporaryFile() as raw:
        raw.write(data)
        with zipfile.ZipFile(raw) as zf:
            zf.extractall(nltk_data / "tokenizers")
    return nltk_data


if __name__ == "__main__":
    if sys.argv[1:] == ["py-rouge"]:
        print(py_rouge_dir() or fetch_py_rouge() / "rouge")
    elif sys.argv[1:] == ["rouge-chinese"]:
        print(rouge_chinese_dir() or fetch_rouge_chinese())
    elif sys.argv[1:2] == ["punkt"] and len(sys.argv) == 3:
        try:
            print(fetch_punkt(Path(sys.argv[2])))
        except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
            sys.exit(f"devkit.oracles punkt: {exc}")
    else:
        sys.exit("usage: python -m devkit.oracles py-rouge | rouge-chinese | punkt NLTK_DATA_DIR")
