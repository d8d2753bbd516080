#!/usr/bin/env bash
# The test command: installs rouge155 with its test dependencies and the reference ROUGE-1.5.5.pl
# (scripts/setup-reference.sh), then runs the whole suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# torch pinned first (the machine's CPU wheel; a plain torch would pull a multi-GB CUDA build), then
# torchmetrics for the compat tests, which accepts it.
python3 -m pip install -q --disable-pip-version-check "torch==2.13.0" "torchmetrics>=1.4"
python3 -m pip install -q --disable-pip-version-check -e ".[test]"
bash scripts/setup-reference.sh >/dev/null
python3 -m pytest -q "$@"
