#!/usr/bin/env bash
# The test command: creates (or reuses) a virtual environment, installs rouge155 into it with its test
# dependencies, installs the reference ROUGE-1.5.5.pl (scripts/setup-reference.sh), then runs the whole
# suite with the environment's Python. Extra arguments go to pytest.
#   ROUGE155_VENV=DIR  the environment to use (default .venv in the repository); one that exists is reused,
#                      e.g. ROUGE155_VENV=$VIRTUAL_ENV for one you already have.
# Works with a Debian/Ubuntu system python3 (PEP 668: nothing is installed outside the environment).
set -euo pipefail
venv=${ROUGE155_VENV:-}
case $venv in /*) ;; ?*) venv=$PWD/$venv ;; esac
cd "$(dirname "$0")/.."

# pip extras of rouge155 installed into the environment (comma-separated).
PIP_EXTRAS="test"
# Debian/Ubuntu packages the tests need, installed with apt-get (as root, or with sudo) when missing.
APT_PACKAGES=""
# Wanted but optional (where they cannot be installed, the tests that need them skip with a reason):
# Java and WordNet 3.0 for the ROUGE 2.0 jar comparisons (tests/test_rouge2.py; the jar itself is never
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
# torch pinned first (the machine's CPU wheel, found through pip's find-links; a plain torch would pull a
# multi-GB CUDA build), then torchmetrics for the compat tests, which accepts it.
"$py" -m pip install -q --disable-pip-version-check "torch==2.13.0" "torchmetrics>=1.4"
"$py" -m pip install -q --disable-pip-version-check -e ".[$PIP_EXTRAS]"

ROUGE155_PYTHON="$py" bash scripts/setup-reference.sh >/dev/null
# py-rouge's own copy (the rouge package overwrites its files in the environment): devkit/oracles.py
"$py" -m devkit.oracles py-rouge >/dev/null || echo "scripts/test.sh: no copy of py-rouge (its tests skip)" >&2
bash scripts/setup-chromium.sh
# the environment's bin/ first on PATH, as activating it would do (tests may run its console scripts)
export VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH"
"$py" -m pytest -q "$@"
