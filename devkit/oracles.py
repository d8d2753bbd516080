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
SHA-256 and unpacked as ``DIR/tokenizers/punkt_tab`` (point ``NLTK_DATA`` at DIR); likewise its
``stopwords.zip`` (``stopwords DIR``: ``DIR/corpora/stopwords.zip``, which XL-Sum's Snowball stemmers read). The
wheel is only downloaded, never installed.

XL-Sum's scorer (``xlsum``: the original's five files from GitHub at a pinned commit, SHA-256 checked;
``multilingual-rouge``: its PyPI port's wheel files): see the section below.
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
# nltk_data's punkt_tab.zip and stopwords.zip (XL-Sum's Snowball stemmers read the stopwords corpus), as the
# llama-index-core 0.14.25 wheel ships them unchanged (llama_index/core/_static/nltk_cache/...)
NLTK_DATA_WHEEL = "llama-index-core==0.14.25"
_PUNKT_MEMBER = "llama_index/core/_static/nltk_cache/tokenizers/punkt_tab.zip"
_PUNKT_SHA256 = "e57f64187974277726a3417ca6f181ec5403676c717672eef6a748a7b20e0106"  # nltk_data's punkt_tab.zip
_STOPWORDS_MEMBER = "llama_index/core/_static/nltk_cache/corpora/stopwords.zip"
_STOPWORDS_SHA256 = "48c0e52d8b52546e827f53761fb30300c0ab94f70660d28bd65ba0a86270946b"  # nltk_data's stopwords.zip


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


def _wheel(requirement: str, tmp: str) -> zipfile.ZipFile:
    """The wheel of ``requirement`` (pinned: ``name==version``), downloaded into ``tmp`` (``pip download
    --no-deps``, never installed); OSError with pip's last line where it cannot be had."""
    done = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
                           "--only-binary", ":all:", requirement, "-d", tmp], capture_output=True, text=True)
    wheels = list(Path(tmp).glob(requirement.split("==")[0].replace("-", "_") + "-*.whl"))
    if done.returncode != 0 or not wheels:
        said = [line.strip() for line in done.stderr.splitlines() if line.strip() and "WARNING" not in line]
        raise OSError(f"pip could not download {requirement}: {(said or ['no wheel'])[-1]}")
    return zipfile.ZipFile(wheels[0])


def _extract_package(requirement: str, package: str, target: Path) -> Path:
    """The files of ``package/`` in ``requirement``'s wheel, put under ``target`` (no install)."""
    with tempfile.TemporaryDirectory() as tmp, _wheel(requirement, tmp) as zf:
        for name in zf.namelist():
            if name.startswith(package + "/"):
                zf.extract(name, target)
    return target


def _nltk_data_zip(member: str, sha256: str) -> bytes:
    """One of nltk_data's zips from the llama-index-core wheel, its SHA-256 checked (ValueError if it differs)."""
    with tempfile.TemporaryDirectory() as tmp, _wheel(NLTK_DATA_WHEEL, tmp) as zf:
        data = zf.read(member)
    if hashlib.sha256(data).hexdigest() != sha256:
        raise ValueError(f"{NLTK_DATA_WHEEL}'s {member} is not nltk_data's {Path(member).name} (SHA-256 differs)")
    return data


def fetch_py_rouge() -> Path:
    """Put py-rouge 1.1's files under :data:`PY_ROUGE_CACHE` (``pip download``, no install)."""
    return _extract_package(PY_ROUGE_WHEEL, "rouge", PY_ROUGE_CACHE)


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
    return _extract_package(ROUGE_CHINESE_WHEEL, "rouge_chinese", ROUGE_CHINESE_CACHE)


def fetch_punkt(nltk_data: Path) -> Path:
    """nltk's ``punkt_tab`` data under ``nltk_data/tokenizers/``, from the zip the llama-index-core wheel
    ships (``pip download``, no install; the zip's SHA-256 checked, the wheel removed). ValueError when
    the zip is not nltk_data's."""
    data = _nltk_data_zip(_PUNKT_MEMBER, _PUNKT_SHA256)
    with tempfile.TemporaryFile() as raw:
        raw.write(data)
        with zipfile.ZipFile(raw) as zf:
            zf.extractall(nltk_data / "tokenizers")
    return nltk_data


# -- XL-Sum's scorer ----------------------------------------------------------------------------------
# The original (csebuetnlp/xl-sum, commit afcd803, folder multilingual_rouge_scoring) is a package named
# ``rouge_score``, like rouge-score itself: it is loaded from its folder (ROUGE155_XLSUM_ORIGINAL, hash
# checked) under the module name ``devkit_xlsum``. The PyPI port (multilingual-rouge 0.0.1) is package
# ``multilingual_rouge``: installed, or put under ROUGE155_MULTILINGUAL_ROUGE by `python -m devkit.oracles
# multilingual-rouge` (its wheel's files, no install: its requirement fugashi[unidic] would install a
# UniDic without its dictionary, which fugashi then prefers to unidic-lite).
# ROUGE155_XLSUM_ORIGINAL names the folder, or a checkout of the repository that holds it.
XLSUM_ORIGINAL = Path(os.environ.get("ROUGE155_XLSUM_ORIGINAL",
                                     Path.home() / ".cache" / "rouge155" / "xlsum" / "multilingual_rouge_scoring"))
XLSUM_COMMIT = "afcd803c8d7c98f3be60e9a7ce57fcbc3e729e8c"
_XLSUM_RAW = "https://raw.githubusercontent.com/csebuetnlp/xl-sum/{commit}/multilingual_rouge_scoring/{name}"
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


def xlsum_deps_missing() -> Optional[str]:
    """Why XL-Sum's code cannot run here (None: it can): its modules import these at the top."""
    for module in ("pyonmttok", "six", "nltk"):
        if importlib.util.find_spec(module) is None:
            why = " (test extra; pyonmttok has no wheel for Python 3.13+)" if module == "pyonmttok" else " (test extra)"
            return f"XL-Sum's code needs {module}, which is not installed{why}"
    return None


def xlsum_original_dir() -> Optional[Path]:
    """The folder of the original's intact files (every one's SHA-256 checked), or None."""
    for folder in (XLSUM_ORIGINAL, XLSUM_ORIGINAL / "multilingual_rouge_scoring"):
        if all((folder / f).is_file() and _sha256(folder / f) == h for f, h in _XLSUM_SHA256.items()):
            return folder
    return None


def fetch_xlsum_original() -> Path:
    """Put the original's five files, from GitHub at :data:`XLSUM_COMMIT`, into :data:`XLSUM_ORIGINAL` (each
    SHA-256 checked before anything is written: ValueError if one differs; OSError where GitHub cannot be had)."""
    import urllib.request

    if xlsum_original_dir() is not None:
        return XLSUM_ORIGINAL
    files = {}
    for name, sha256 in _XLSUM_SHA256.items():
        url = _XLSUM_RAW.format(commit=XLSUM_COMMIT, name=name)
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                files[name] = response.read()
        except OSError as exc:
            raise OSError(f"GitHub could not be read ({name}: {getattr(exc, 'reason', exc)})") from exc
        if hashlib.sha256(files[name]).hexdigest() != sha256:
            raise ValueError(f"XL-Sum's {name} at {XLSUM_COMMIT[:7]} is not the one tested (SHA-256 differs)")
    XLSUM_ORIGINAL.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (XLSUM_ORIGINAL / name).write_bytes(data)
    return XLSUM_ORIGINAL


def load_xlsum_original():
    """The original's ``rouge_scorer`` module (as ``devkit_xlsum.rouge_scorer``), or None."""
    if "devkit_xlsum.rouge_scorer" in sys.modules:
        return sys.modules["devkit_xlsum.rouge_scorer"]
    folder = xlsum_original_dir()
    if xlsum_deps_missing() or folder is None:
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
    if xlsum_deps_missing():
        return None
    if importlib.util.find_spec("multilingual_rouge") is None:
        main = MULTILINGUAL_ROUGE / "multilingual_rouge" / "rouge_scorer.py"
        if not main.is_file() or _sha256(main) != _MULTILINGUAL_ROUGE_SHA256:
            return None
        sys.path.append(str(MULTILINGUAL_ROUGE))
    import multilingual_rouge.rouge_scorer as scorer

    return scorer


def fetch_multilingual_rouge() -> Path:
    """Put multilingual-rouge 0.0.1's package under :data:`MULTILINGUAL_ROUGE` (``pip download``, no install);
    ValueError when its rouge_scorer.py is not 0.0.1's."""
    main = _extract_package(_MULTILINGUAL_ROUGE_WHEEL, "multilingual_rouge", MULTILINGUAL_ROUGE) / "multilingual_rouge"
    if _sha256(main / "rouge_scorer.py") != _MULTILINGUAL_ROUGE_SHA256:
        raise ValueError(f"{_MULTILINGUAL_ROUGE_WHEEL}'s rouge_scorer.py is not the one tested (SHA-256 differs)")
    return MULTILINGUAL_ROUGE


def fetch_stopwords(nltk_data: Path) -> Path:
    """nltk's stopwords corpus from the llama-index-core wheel (SHA-256 checked), as
    ``nltk_data/corpora/stopwords.zip``."""
    target = nltk_data / "corpora" / "stopwords.zip"
    if target.is_file() and _sha256(target) == _STOPWORDS_SHA256:
        return target
    data = _nltk_data_zip(_STOPWORDS_MEMBER, _STOPWORDS_SHA256)
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
    try:
        if args == ["py-rouge"]:
            print(py_rouge_dir() or fetch_py_rouge() / "rouge")
        elif args == ["rouge-chinese"]:
            print(rouge_chinese_dir() or fetch_rouge_chinese())
        elif args == ["xlsum"]:
            print(fetch_xlsum_original())
        elif args == ["multilingual-rouge"]:
            print(fetch_multilingual_rouge() if load_multilingual_rouge() is None else "installed")
        elif len(args) == 2 and args[0] in ("punkt", "stopwords"):
            print((fetch_punkt if args[0] == "punkt" else fetch_stopwords)(Path(args[1])))
        else:
            sys.exit("usage: python -m devkit.oracles py-rouge | rouge-chinese | xlsum | multilingual-rouge"
                     " | punkt NLTK_DATA_DIR | stopwords NLTK_DATA_DIR")
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        sys.exit(f"devkit.oracles {args[0]}: {exc}")
