#!/usr/bin/env bash
# Run before the tests (npm's pretest): `bdb analyse` is tested with GNU Backgammon itself. Installs
# Debian's gnubg when missing and allowed (scripts/apt-install.sh). GNUBG may point to another gnubg.
set -euo pipefail
if [ -n "${GNUBG:-}" ] && [ -x "$GNUBG" ]; then exit 0; fi
if [ -x /usr/games/gnubg ] || command -v gnubg >/dev/null 2>&1; then exit 0; fi
exec bash "$(dirname "$0")/apt-install.sh" gnubg "the tests of bdb analyse (or set GNUBG)"
