#!/usr/bin/env bash
# The npm package as a user gets it (npm run check:pack; run by .ci/run): `npm pack` (prepack builds a
# clean dist/), a look at what the tarball holds, then `npm install --global` of the tarball into a
# temporary prefix from an empty folder, with no warning from npm. From there `bdb --version` prints
# package.json's version, `bdb stats` on the bundled example match prints eXtreme Gammon's own PRs
# (7.79 and 13.87: test/reference-matches/README.md), so does `--met` with gnuBG's Kazaross-XG2.xml
# (from ../shared, when there), and the example scripts run. Everything is made in
# a temporary folder, removed at the end; dependencies come from npm's cache when it has them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "check-pack: $*" >&2
  exit 1
}

cd "$root"
tgz="$work/$(npm pack --silent --pack-destination "$work" | tail -n 1)"
[ -f "$tgz" ] || fail "npm pack made no tarball"

# what the tarball holds: the code, the data, the documents the README links to, the examples
tar -tzf "$tgz" >"$work/files"
for f in LICENSE README.md CHANGELOG.md package.json bin/bdb.js bin/package.json dist/index.js dist/bundle/main.js dist/bundle/cli.cjs \
  data/kazaross-xg2.json docs/library.md docs/themes.md examples/README.md examples/stats.sh \
  examples/matches/test.xg examples/matches/g0001.sgf; do
  grep -qx "package/$f" "$work/files" || fail "$f is missing from $(basename "$tgz")"
done
if grep -E '^package/(src|test|bench|scripts|node_modules)/' "$work/files" >&2; then
  fail "$(basename "$tgz") holds the files above, which a user does not need"
fi

# a global install into an empty prefix, from an empty folder, as a user runs it
mkdir "$work/clean"
cd "$work/clean"
npm install --global --prefix "$work/prefix" --prefer-offline --no-audit --no-fund "$tgz" \
  >"$work/install.out" 2>"$work/install.err" || {
  cat "$work/install.out" "$work/install.err" >&2
  fail "npm install --global of the tarball failed"
}
if grep -i 'warn' "$work/install.err" >&2; then fail "npm warned during the install (above)"; fi

export XDG_CONFIG_HOME="$work/config" BDB_LIBRARY=''
bdb="$work/prefix/bin/bdb"
package="$work/prefix/lib/node_modules/bdb"
version="$("$bdb" --version)"
expected="$(node -p 'require(process.argv[1]).version' "$root/package.json")"
[ "$version" = "$expected" ] || fail "bdb --version printed '$version', package.json says $expected"

"$bdb" stats "$package/examples/matches/test.xg" --json >"$work/stats.json"
node -e '
  const report = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  const pr = Object.fromEntries(report.players.map((p) => [p.player, p.pr.toFixed(2)]));
  // eXtreme Gammon shows PR 7.79 and 13.87 for this match (test/reference-matches/README.md)
  if (pr["Kévin Unger"] !== "7.79" || pr["Maxence Job"] !== "13.87") {
    console.error(`check-pack: bdb stats printed ${JSON.stringify(pr)}, XG shows 7.79 and 13.87`);
    process.exit(1);
  }' "$work/stats.json"
# --met FILE loads the XML parser only then (src/met/xml.ts requires it): it must resolve from the package;
# gnuBG's Kazaross-XG2.xml gives the bundled table's figures
met="$root/../shared/data/met/Kazaross-XG2.xml"
if [ -f "$met" ]; then
  "$bdb" stats "$package/examples/matches/test.xg" --json --met "$met" >"$work/stats-met.json" ||
    fail "bdb stats --met $met failed from the installed package"
  node -e '
    const fs = require("node:fs");
    const [a, b] = process.argv.slice(1).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
    if (JSON.stringify(a.players) !== JSON.stringify(b.players)) {
      console.error("check-pack: --met with gnuBG'"'"'s Kazaross-XG2.xml changed the players'"'"' figures");
      process.exit(1);
    }' "$work/stats.json" "$work/stats-met.json"
fi
for example in "$package"/examples/*.sh; do
  bash "$example" >"$work/example.out" 2>&1 || {
    cat "$work/example.out" >&2
    fail "$(basename "$example") failed from the installed package"
  }
done
echo "check-pack: $(basename "$tgz") installs with no warning into an empty prefix; bdb $version runs there"
