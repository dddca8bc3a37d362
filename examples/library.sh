#!/usr/bin/env bash
# The player's library: import the example matches once into a library of its own (a temporary folder,
# removed at the end; never your own library), then ask it for the per-person table, a question in SQL
# and one player's study plan.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bdb() { node "$here/../bin/bdb.js" "$@"; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
lib="$tmp/library.duckdb"

bdb import "$here/matches" --library "$lib"
echo
bdb stats --library "$lib" --no-matches
echo
bdb sql "SELECT player, count(*) AS decisions, round(500 * avg(error), 2) AS pr FROM decisions
         WHERE counted GROUP BY player ORDER BY pr" --library "$lib"
echo
bdb plan --library "$lib" --player 'Kévin Unger' --positions 3
