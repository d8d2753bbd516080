#!/usr/bin/env bash
# Installs Debian's chromium for tests/unit/analysis/test_browser.py (the HTML report rendered headless;
# its profile, crash reports and caches go under the test's tmp_path, never into $HOME).
# Nothing to do when a Chromium is already there ($ROUGE155_CHROMIUM, chromium, chromium-browser,
# google-chrome). Needs root and apt-get; otherwise, or if the install fails, it says so and the
# browser test skips (everything else runs).
set -uo pipefail
if [ -n "${ROUGE155_CHROMIUM:-}" ] || command -v chromium >/dev/null || command -v chromium-browser >/dev/null \
   || command -v google-chrome >/dev/null; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium) \
       >/dev/null 2>&1; then
    exit 0
  fi
  echo "setup-chromium: apt-get could not install chromium; the browser test will skip" >&2
else
  echo "setup-chromium: no Chromium and no root apt-get to install it; the browser test will skip" >&2
fi
exit 0
