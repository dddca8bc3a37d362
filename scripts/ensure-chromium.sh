#!/usr/bin/env bash
# Run before the tests (npm's pretest): the HTML review is tested in a real browser, Debian's Chromium
# driven by playwright-core. Installs it from Debian when missing and allowed (scripts/apt-install.sh).
# CHROMIUM_PATH may point to another Chromium.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/lib/chromium/chromium ] || command -v chromium >/dev/null 2>&1; then exit 0; fi
exec bash "$(dirname "$0")/apt-install.sh" chromium "the browser test (or set CHROMIUM_PATH)"
