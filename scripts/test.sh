#!/usr/bin/env bash
# The test command: installs rouge155 with its test dependencies and the reference ROUGE-1.5.5.pl
# (scripts/setup-reference.sh) and Chromium for the HTML report's browser test (scripts/setup-chromium.sh),
# then runs the whole suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q --disable-pip-version-check -e ".[test]"
bash scripts/setup-reference.sh >/dev/null
bash scripts/setup-chromium.sh
python3 -m pytest -q "$@"
