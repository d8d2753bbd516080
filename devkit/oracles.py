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
PY_ROUGE_WHEEL = "py-rouge==1.1"
_PY_ROUGE_SHA256 = "5150a4327a9d402ba0c845f7b2afbabdd5adc1344c496a7bda47851bdff7c5ae"  # rouge/rouge.py, py-rouge 1.1


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


def fetch_py_rouge() -> Path:
    """Put py-rouge 1.1's files under :data:`PY_ROUGE_CACHE` (``pip download``, no install)."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
                        PY_ROUGE_WHEEL, "-d", tmp], check=True)
        wheel = next(Path(tmp).glob("py_rouge-*.whl"))
        with zipfile.ZipFile(wheel) as zf:
            for name in zf.namelist():
                if name.startswith("rouge/"):
                    zf.extract(name, PY_ROUGE_CACHE)
    return PY_ROUGE_CACHE


# -- XL-Sum's scorer ----------------------------------------------------------------------------------
# The original (csebuetnlp/xl-sum, commit afcd803, folder multilingual_rouge_scoring) is a package named
# ``rouge_score``, like rouge-score itself: it is loaded from its folder (ROUGE155_XLSUM_ORIGINAL, hash
# checked) under the module name ``devkit_xlsum``. The PyPI port (multilingual-rouge 0.0.1) is package
# ``multilingual_rouge``: installed, or put under ROUGE155_MULTILINGUAL_ROUGE by `python -m devkit.oracles
# multilingual-rouge` (its wheel's files, no install: its requirement fugashi[unidic] would install a
# UniDic without its dictionary, which fugashi then prefers to unidic-lite).
XLSUM_ORIGINAL = Path(os.environ.get("ROUGE155_XLSUM_ORIGINAL",
                                     Path.home() / ".cache" / "rouge155" / "xlsum" / "multilingual_rouge_scoring"))
_XLSUM_SHA256 = {
    "rouge_scorer.py": "d7dc3504c682c042ea735115f1dc8cb7f64058bf56db0140bdd1349204d12a9e",
    "scoring.py": "7db8f55149e4615077ea54f45e1929dea43dbbc1220e59db89b85b3ec9a85c4c",
    "stemmers.py": "f0d6d8f530d6bfa526f40aed5e0aaf8fc34119903551dd0c7da5f0116b661f90",
    "tokenization_wrapper.py": "ad6e8e2cce3a0839ed39a8ef29194c4cdc93104524a65b62957a24edffd26282",
    "tokenizers.py": "1324ae2e1eb8a4b93c9584aa2949cb8aec78f40dfa55df7ef97abb816b040ad5",
}
MULTILINGUAL_ROUGE = Path(os.environ.get("ROUGE155_MULTILINGUAL_ROUGE",
                                         Path.home() / ".cache" / "rouge155" / "multilingual-rouge"))
_MULTILINGUAL_ROUGE_WHEEL = "multilingual-rouge==0.0.1"
_MULTILINGUAL_ROUGE_SHA256 = "f2d8f8b9b7239e0bf248c9c60dcc9aed6ce107a527379ec107e171b99987c4a4"  # rouge_scorer.py
# nltk's stopwords corpus (Snowball stemmers with ignore_stopwords=True): nltk_data's stopwords.zip as the
# llama-index-core 0.14.25 wheel ships it (llama_index/core/_static/nltk_cache/corpora/stopwords.zip)
_LLAMA_WHEEL = "llama-index-core==0.14.25"
_STOPWORDS_MEMBER = "llama_index/core/_static/nltk_cache/corpora/stopwords.zip"
_STOPWORDS_SHA256 = "48c0e52d8b52546e827f53761fb30300c0ab94f70660d28bd65ba0a86270946b"


def _xlsum_deps() -> Optional[str]:
    """Why XL-Sum's code cannot run here (None: it can): its modules import these at the top."""
    for module in ("pyonmttok", "six", "nltk"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed"
    return None


def load_xlsum_original():
    """The original's ``rouge_scorer`` module (as ``devkit_xlsum.rouge_scorer``), or None."""
    if "devkit_xlsum.rouge_scorer" in sys.modules:
        return sys.modules["devkit_xlsum.rouge_scorer"]
    folder = XLSUM_ORIGINAL
    if _xlsum_deps() or not all((folder / f).is_file() and _sha256(folder / f) == h for f, h in _XLSUM_SHA256.items()):
        return None
    package = types.ModuleType("devkit_xlsum")
    package.__path__ = [str(folder)]
    saved = {k: v for k, v in sys.modules.items() if k == "rouge_score" or k.startswith("rouge_score.")}
    sys.modules["devkit_xlsum"] = sys.modules["rouge_score"] = package  # its own imports name `rouge_score`
    try:
        for name in ("scoring", "tokenizers", "stemmers", "tokenization_wrapper", "rouge_scorer"):
            spec = importlib.util.spec_from_file_location(f"devkit_xlsum.{name}", folder / f"{name}.py")
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[f"devkit_xlsum.{name}"] = sys.modules[f"rouge_score.{name}"] = module
            setattr(package, name, module)
            spec.loader.exec_module(module)
    finally:
        for key in [k for k in sys.modules if k == "rouge_score" or k.startswith("rouge_score.")]:
            del sys.modules[key]
        sys.modules.update(saved)
    return sys.modules["devkit_xlsum.rouge_scorer"]


def load_multilingual_rouge():
    """The PyPI port's ``multilingual_rouge.rouge_scorer`` module, or None."""
    if _xlsum_deps():
        return None
    if importlib.util.find_spec("multilingual_rouge") is None:
        main = MULTILINGUAL_ROUGE / "multilingual_rouge" / "rouge_scorer.py"
        if not main.is_file() or _sha256(main) != _MULTILINGUAL_ROUGE_SHA256:
            return None
        sys.path.append(str(MULTILINGUAL_ROUGE))
    import multilingual_rouge.rouge_scorer as scorer

    return scorer


def _wheel_files(requirement: str, tmp: str) -> zipfile.ZipFile:
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
                    requirement, "-d", tmp], check=True)
    name = requirement.split("==")[0].replace("-", "_")
    return zipfile.ZipFile(next(Path(tmp).glob(f"{name}-*.whl")))


def fetch_multilingual_rouge() -> Path:
    """Put multilingual-rouge 0.0.1's package under :data:`MULTILINGUAL_ROUGE` (``pip download``, no install)."""
    with tempfile.TemporaryDirectory() as tmp, _wheel_files(_MULTILINGUAL_ROUGE_WHEEL, tmp) as zf:
        for name in zf.namelist():
            if name.startswith("multilingual_rouge/"):
                zf.extract(name, MULTILINGUAL_ROUGE)
    return MULTILINGUAL_ROUGE


def fetch_stopwords(nltk_data: Path) -> Path:
    """nltk's stopwords corpus from the llama-index-core wheel (hash checked) into ``nltk_data/corpora``."""
    target = nltk_data / "corpora" / "stopwords.zip"
    if target.is_file() and _sha256(target) == _STOPWORDS_SHA256:
        return target
    with tempfile.TemporaryDirectory() as tmp, _wheel_files(_LLAMA_WHEEL, tmp) as zf:
        data = zf.read(_STOPWORDS_MEMBER)
    if hashlib.sha256(data).hexdigest() != _STOPWORDS_SHA256:
        raise SystemExit(f"{_LLAMA_WHEEL}: {_STOPWORDS_MEMBER} is not the expected file (hash differs)")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return target


def stopwords_installed() -> bool:
    try:
        from nltk.corpus import stopwords

        stopwords.words("english")
        return True
    except (ImportError, LookupError, OSError):
        return False


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["py-rouge"]:
        print(py_rouge_dir() or fetch_py_rouge() / "rouge")
    elif args == ["multilingual-rouge"]:
        print(fetch_multilingual_rouge() if load_multilingual_rouge() is None else "installed")
    elif len(args) == 2 and args[0] == "stopwords":
        print(fetch_stopwords(Path(args[1])))
    else:
        sys.exit("usage: python -m devkit.oracles py-rouge | multilingual-rouge | stopwords NLTK_DATA_DIR")
