#!/usr/bin/env bash
# Run before the tests (npm's pretest): the HTML review is tested in a real browser, Debian's Chromium
# driven by playwright-core. Installs it from Debian when missing and allowed (root with apt-get);
# otherwise says what to do. CHROMIUM_PATH may point to another Chromium.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/lib/chromium/chromium ] || command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser test…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "the browser test needs Chromium: apt-get install chromium (or set CHROMIUM_PATH)" >&2
exit 1
