#!/usr/bin/env bash
# The test command: creates (or reuses) a virtual environment, installs rouge155 into it with its test
# dependencies, installs the reference ROUGE-1.5.5.pl (scripts/setup-reference.sh) into it, then runs the
# whole suite with the environment's Python. Extra arguments go to pytest (e.g. -m "not readme").
#   ROUGE155_VENV=DIR  the environment to use (default .venv in the repository); one that exists is reused,
#                      e.g. ROUGE155_VENV=$VIRTUAL_ENV for one you already have.
#   ROUGE155_TORCH=no  no torch: the torchmetrics tests skip. =REQUIREMENT (e.g. torch==2.13.0): which torch to
#                      look for (default: torch). It is used only from a CPU wheel that pip's own sources offer
#                      (find-links first, then its indexes, e.g. PIP_EXTRA_INDEX_URL=https://download.pytorch.org/whl/cpu),
#                      never a CUDA build (what PyPI serves on Linux x86_64: 2.7 GB of nvidia-* packages), and
#                      only for the run: it is installed into the scratch folder, not the environment (which
#                      stays ~1.2 GB). Without a CPU wheel the torchmetrics tests skip, saying why. A torch
#                      already in the environment is used as it is.
#   ROUGE155_REFERENCE=DIR  the reference ROUGE-1.5.5.pl to use (default: installed under the environment);
#   ROUGE155_PY_ROUGE=DIR   likewise py-rouge's own copy (devkit/oracles.py);
#   ROUGE155_ROUGE_CHINESE=DIR  likewise rouge-chinese's own copy (devkit/oracles.py);
#   ROUGE155_XLSUM_ORIGINAL=DIR, ROUGE155_MULTILINGUAL_ROUGE=DIR  likewise XL-Sum's scorer and its PyPI port.
# Works with a Debian/Ubuntu system python3 (PEP 668: nothing is installed outside the environment). Nothing
# is written into $HOME: pip's cache and every cache or profile the tests make (XDG folders, Hugging Face,
# pythainlp, Chromium, pytest's tmp_path) go into one temporary folder, removed at the end.
set -euo pipefail
venv=${ROUGE155_VENV:-}
case $venv in /*) ;; ?*) venv=$PWD/$venv ;; esac
cd "$(dirname "$0")/.."

# pip extras of rouge155 installed into the environment (comma-separated).
PIP_EXTRAS="test"
# Debian/Ubuntu packages the tests need, installed with apt-get (as root, or with sudo) when missing.
APT_PACKAGES=""
# Wanted but optional (where they cannot be installed, the tests that need them skip with a reason):
# Java and WordNet 3.0 for the ROUGE 2.0 jar comparisons (tests/unit/rouge2; the jar itself is never
# installed by the project: those tests skip without it).
APT_OPTIONAL="openjdk-17-jdk-headless wordnet-base wordnet-sense-index"

die() { echo "scripts/test.sh: $*" >&2; exit 1; }

# apt_install PKG...: installs those of PKG not yet installed; fails with one line where it cannot.
apt_install() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "needs these packages (no apt-get here): ${missing[*]}"
  local apt=(apt-get)
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "needs these Debian packages (not root, no sudo): ${missing[*]}"
    apt=(sudo apt-get)
  fi
  ("${apt[@]}" update -qq && DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq "${missing[@]}") >/dev/null 2>&1 \
    || die "could not install: ${missing[*]}"
}

# Everything the run writes outside the environment and the tree: one folder, removed at the end.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/rouge155-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/tmp"
export PIP_CACHE_DIR="$scratch/pip" PIP_DISABLE_PIP_VERSION_CHECK=1
export XDG_CACHE_HOME="$scratch/cache" XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
       XDG_STATE_HOME="$scratch/state" HF_HOME="$scratch/huggingface" MPLCONFIGDIR="$scratch/matplotlib" \
       NUMBA_CACHE_DIR="$scratch/numba" DASK_CONFIG="$scratch/dask"
# Compiled bytecode goes to the scratch folder too (pip installs with --no-compile): ~300 MB of __pycache__
# would otherwise double-count every installed package in the environment's size.
export PYTHONPYCACHEPREFIX="$scratch/pycache"
# pip's user agent runs `rustc --version`; rustup's proxy then writes ~/.rustup/settings.toml. Where this
# HOME has no rustup of its own (so no toolchain would be found anyway), that goes to the scratch folder.
if [ -z "${RUSTUP_HOME:-}" ] && [ ! -d "$HOME/.rustup" ]; then export RUSTUP_HOME="$scratch/rustup"; fi

if [ -n "$APT_PACKAGES" ]; then apt_install $APT_PACKAGES; fi
if [ -n "$APT_OPTIONAL" ]; then (apt_install $APT_OPTIONAL) || echo "scripts/test.sh: going on without them" >&2; fi

# The environment: reused when its Python runs pip, else (re)created with python3 -m venv. Debian and
# Ubuntu ship venv's pip bootstrap (ensurepip) separately, in python3.X-venv: installed when missing.
py="${venv:=$PWD/.venv}/bin/python"
if ! "$py" -m pip --version >/dev/null 2>&1; then
  if [ -e "$venv" ] && [ -n "${ROUGE155_VENV:-}" ]; then
    die "ROUGE155_VENV=$venv is not an environment whose python runs pip"
  fi
  if ! python3 -m venv --clear "$venv" >/dev/null 2>&1; then
    apt_install "$(python3 -c 'import sys; print("python3.%d-venv" % sys.version_info[1])')"
    python3 -m venv --clear "$venv" >/dev/null || die "python3 -m venv failed"
  fi
fi
pip=("$py" -m pip --disable-pip-version-check)
# pip 23.1+ for install --dry-run --report with metadata-only resolution (an older bundled pip is upgraded)
"${pip[@]}" install --no-compile -q "pip>=23.1" || die "could not upgrade pip in $venv"

# torch_candidate [PIP OPTIONS]: prints what pip would install for $torch_req, as "VERSION URL", if it is
# a CPU build: no nvidia-*/triton requirement and no CUDA/ROCm/XPU local version. Resolves metadata only.
torch_candidate() {
  local report="$scratch/torch-report.json"
  rm -f "$report"
  "${pip[@]}" install --no-compile -q --dry-run --no-deps --ignore-installed --only-binary :all: --report "$report" "$@" \
    "$torch_req" >/dev/null 2>&1 || return 1
  "$py" - "$report" <<'EOF'
import json, re, sys
found = [i for i in json.load(open(sys.argv[1]))["install"] if i["metadata"]["name"].lower() == "torch"]
meta = found[0]["metadata"] if found else {}
version = meta.get("version", "")
gpu_deps = [r for r in meta.get("requires_dist", []) if re.match(r"(nvidia-|triton\b|pytorch-triton)", r, re.I)]
local = version.partition("+")[2].lower()
if not found or gpu_deps or re.match(r"(cu|rocm|xpu)", local):
    why = f"torch {version} needs {gpu_deps[0].split(';')[0]}" if gpu_deps else f"torch {version} is a GPU build"
    print(why if found else "no torch", file=sys.stderr)
    sys.exit(1)
print(version, found[0]["download_info"]["url"])
EOF
}

# torch for the torchmetrics tests, only from a CPU wheel, and only for this run: it goes into a layer in
# the scratch folder (pip --target), which a .pth file appends to the environment's path for the run (the
# environment's own packages come first; the layer adds torch, torchmetrics and what they need that the
# environment lacks). The environment itself stays the default tests' size, and the layer is removed at
# the end with the scratch folder. The environment's installs are held to no torch (a dependency that
# pulled one would fail the install instead of fetching CUDA), or to the torch it already has.
constraints="$scratch/constraints.txt"
torch_req=${ROUGE155_TORCH:-torch}
installed_torch=$("$py" -c 'import importlib.metadata as m; print(m.version("torch"))' 2>/dev/null || true)
no_torch=""
torch_layer=""
if [ -n "$installed_torch" ]; then
  echo "torch==$installed_torch" >"$constraints"
  "${pip[@]}" install --no-compile -q -c "$constraints" "torchmetrics>=1.4"
elif [ "$torch_req" = no ]; then
  no_torch="ROUGE155_TORCH=no: torch not installed"
else
  # first the local wheels alone (find-links, no index), then pip's indexes; only a CPU build is taken
  if found=$(torch_candidate --no-index 2>/dev/null) || found=$(torch_candidate 2>"$scratch/torch-why"); then
    version=${found%% *}
    torch_layer="$scratch/torch-layer"
    echo "torch==$version" >"$scratch/torch-constraints.txt"
    "${pip[@]}" install --no-compile -q --target "$torch_layer" -c "$scratch/torch-constraints.txt" \
      "torch==$version" "torchmetrics>=1.4" >/dev/null || die "could not install torch==$version (CPU) for this run"
  else
    why=$(head -c 200 "$scratch/torch-why" 2>/dev/null || true)
    no_torch="no CPU build of $torch_req available to pip (${why:-pip found none}); a CUDA build is never installed: give pip a CPU wheel, e.g. PIP_EXTRA_INDEX_URL=https://download.pytorch.org/whl/cpu"
  fi
  echo "torch<0" >"$constraints"
fi
if [ -n "$no_torch" ]; then
  echo "scripts/test.sh: $no_torch; the torchmetrics tests skip" >&2
  export ROUGE155_NO_TORCH="$no_torch"
fi
"${pip[@]}" install --no-compile -q -c "$constraints" -e ".[$PIP_EXTRAS]"
if "${pip[@]}" list --format=freeze 2>/dev/null | grep -qi '^nvidia-'; then
  echo "scripts/test.sh: warning: $venv holds nvidia-* packages (installed before this run)" >&2
fi
if [ -n "$torch_layer" ]; then
  site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  torch_pth="$site/rouge155-test-torch-layer.pth"
  echo "$torch_layer" >"$torch_pth"
  trap 'rm -f "$torch_pth"; rm -rf "$scratch"' EXIT
fi

# pythainlp makes its data folder (~/pythainlp-data) on import: here, under the scratch folder. Its newer
# releases read PYTHAINLP_DATA (and refuse both variables at once), older ones PYTHAINLP_DATA_DIR.
thai=$("$py" -c 'import importlib.util as u; s = u.find_spec("pythainlp"); print(s.submodule_search_locations[0] if s else "")')
if [ -n "$thai" ] && [ -z "${PYTHAINLP_DATA:-}${PYTHAINLP_DATA_DIR:-}" ]; then
  if grep -qs '"PYTHAINLP_DATA"' "$thai/tools/path.py"; then export PYTHAINLP_DATA="$scratch/pythainlp-data"
  else export PYTHAINLP_DATA_DIR="$scratch/pythainlp-data"; fi
fi

export ROUGE155_REFERENCE="${ROUGE155_REFERENCE:-$venv/share/rouge155-reference}"
ROUGE155_PYTHON="$py" bash scripts/setup-reference.sh "$ROUGE155_REFERENCE" >/dev/null
# py-rouge's own copy (the rouge package overwrites its files in the environment): devkit/oracles.py
export ROUGE155_PY_ROUGE="${ROUGE155_PY_ROUGE:-$venv/share/rouge155-py-rouge}"
"$py" -m devkit.oracles py-rouge >/dev/null || echo "scripts/test.sh: no copy of py-rouge (its tests skip)" >&2
# rouge-chinese's likewise (its wheel also writes a rouge/ over the rouge package's files)
export ROUGE155_ROUGE_CHINESE="${ROUGE155_ROUGE_CHINESE:-$venv/share/rouge155-rouge-chinese}"
"$py" -m devkit.oracles rouge-chinese >/dev/null || echo "scripts/test.sh: no copy of rouge-chinese (its tests skip)" >&2
# XL-Sum's scorer for the xlsum tests (devkit/oracles.py): the original (csebuetnlp/xl-sum at a pinned commit, its
# five files from GitHub, each SHA-256 checked) and its PyPI port (multilingual-rouge 0.0.1, the wheel's files
# only, never installed). Where either cannot be had, the tests against it skip, saying why.
export ROUGE155_XLSUM_ORIGINAL="${ROUGE155_XLSUM_ORIGINAL:-$venv/share/rouge155-xlsum}"
if ! why=$("$py" -m devkit.oracles xlsum 2>&1 >/dev/null); then
  export ROUGE155_NO_XLSUM="XL-Sum's original could not be had ($(echo "$why" | tail -n 1 | head -c 200))"
  echo "scripts/test.sh: $ROUGE155_NO_XLSUM; the xlsum tests against it skip" >&2
fi
export ROUGE155_MULTILINGUAL_ROUGE="${ROUGE155_MULTILINGUAL_ROUGE:-$venv/share/rouge155-multilingual-rouge}"
if ! why=$("$py" -m devkit.oracles multilingual-rouge 2>&1 >/dev/null); then
  export ROUGE155_NO_MULTILINGUAL_ROUGE="multilingual-rouge 0.0.1 could not be had ($(echo "$why" | tail -n 1 | head -c 200))"
  echo "scripts/test.sh: $ROUGE155_NO_MULTILINGUAL_ROUGE; the xlsum tests against it skip" >&2
fi
# nltk's data for the tests of the paths that split with punkt and of XL-Sum's Snowball stemmers (which read the
# stopwords corpus): nltk_data's punkt_tab.zip and stopwords.zip as the llama-index-core 0.14.25 wheel ships
# them, each SHA-256 checked, put into the scratch folder (the wheel is downloaded, never installed:
# devkit/oracles.py); NLTK_DATA points there for the run. Without them, those tests skip, saying why.
if punkt_why=$("$py" -m devkit.oracles punkt "$scratch/nltk_data" 2>&1 >/dev/null); then
  export NLTK_DATA="$scratch/nltk_data${NLTK_DATA:+:$NLTK_DATA}"
else
  export ROUGE155_NO_PUNKT="nltk's punkt data could not be had ($(echo "$punkt_why" | grep -v WARNING | tail -n 1 | head -c 200))"
  echo "scripts/test.sh: $ROUGE155_NO_PUNKT; the punkt tests skip" >&2
fi
if stopwords_why=$("$py" -m devkit.oracles stopwords "$scratch/nltk_data" 2>&1 >/dev/null); then
  case ":${NLTK_DATA:-}:" in *":$scratch/nltk_data:"*) ;; *) export NLTK_DATA="$scratch/nltk_data${NLTK_DATA:+:$NLTK_DATA}" ;; esac
else
  export ROUGE155_NO_STOPWORDS="nltk's stopwords corpus could not be had ($(echo "$stopwords_why" | tail -n 1 | head -c 200))"
  echo "scripts/test.sh: $ROUGE155_NO_STOPWORDS; the xlsum Snowball-stemmer tests skip" >&2
fi

# -- lint and types (pinned in the test extra, configured in pyproject.toml): any finding fails the run
"$py" -m ruff check rouge155 tests scripts devkit || die "ruff: the findings above (ruff check --fix mends some)"
"$py" -m mypy || die "mypy: the findings above (files and settings: [tool.mypy] in pyproject.toml)"
# --

bash scripts/setup-chromium.sh
# the environment's bin/ first on PATH, as activating it would do (tests may run its console scripts);
# temporary files (pytest's tmp_path among them) in the scratch folder
export VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" TMPDIR="$scratch/tmp"
"$py" -m pytest -q "$@"
