#!/usr/bin/env bash
# Run before the tests (npm's pretest): `bdb analyse` is tested with GNU Backgammon itself. Installs
# Debian's gnubg when missing and allowed (root with apt-get); otherwise says what to do. GNUBG may point
# to another gnubg program.
set -euo pipefail
if [ -n "${GNUBG:-}" ] && [ -x "$GNUBG" ]; then exit 0; fi
if [ -x /usr/games/gnubg ] || command -v gnubg >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's gnubg for the tests of bdb analyse…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq gnubg >/dev/null
  exit 0
fi
echo "the tests of bdb analyse need GNU Backgammon: apt-get install gnubg (or set GNUBG)" >&2
exit 1
