#!/usr/bin/env bash
# One match analysed by eXtreme Gammon: bdb's figures as XG shows them (PR 7.79 for Kévin Unger, 13.87 for
# Maxence Job), then both example matches as JSON, read by a script: each person's PR and decisions.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bdb() { node "$here/../bin/bdb.js" "$@"; }

bdb stats "$here/matches/test.xg"
echo
bdb stats "$here/matches" --json | node -e '
  const report = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  for (const p of report.players) {
    const pr = p.pr === null ? "n/a" : p.pr.toFixed(2);
    console.log(`${p.player}: PR ${pr} over ${p.decisions.total} decisions`);
  }'
