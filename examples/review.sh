#!/usr/bin/env bash
# The review of one match: in the terminal, then as a standalone HTML page (charts included, no network)
# written to the folder given (default: a new temporary folder), whose path is printed at the end.
#   bash examples/review.sh [FOLDER]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bdb() { node "$here/../bin/bdb.js" "$@"; }
out="${1:-$(mktemp -d)}"

bdb review "$here/matches/test.xg" --html "$out/review.html"
echo
echo "The same review as a page: $out/review.html"
