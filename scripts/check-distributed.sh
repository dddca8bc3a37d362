#!/usr/bin/env bash
# npm run check:distributed — an existing distributed engine (Ray Data) reads bdb's Parquet export and
# recomputes every player's PR, equity and MWC lost and decision counts; they must equal
# `bdb stats --json`. Not part of npm test (it installs Ray into .venv-distributed/, a few minutes
# the first time); CI runs it after the tests (.ci/run). See docs/distributed.md.
#
#   PYTHON=python3.11   the interpreter the venv is made from (default: python3)
#   KEEP=1              keep the temporary folder (library, Parquet export, stats JSON)
#   RAY_CHECK_ARGS=...  extra arguments for scripts/ray-check.py (e.g. --num-cpus 4)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
VENV="$ROOT/.venv-distributed"
# fsspec[http] (aiohttp): see the note in ray-check.py's run_job
RAY_REQS=('ray[data]==2.58.0' 'fsspec[http]')
MATCHES="$ROOT/test/reference-matches"
say() { printf '== %s\n' "$*" >&2; }
die() { printf 'check-distributed: %s\n' "$*" >&2; exit 2; }
start=$(date +%s)

# 1. bdb itself
if [ ! -d node_modules ]; then
  say "npm ci"
  npm ci --no-audit --no-fund
fi
say "npm run build"
npm run build --silent

# 2. the Python virtual environment with Ray Data
command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found (set PYTHON to a Python 3.10+ interpreter)"
"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' ||
  die "$PYTHON is $("$PYTHON" -V 2>&1); Ray 2.58 needs Python 3.10 or later"
venv_ok() { [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import ray, ray.data, pyarrow, pandas, fsspec.implementations.http; assert ray.__version__ == "2.58.0"' >/dev/null 2>&1; }
if venv_ok; then
  say "reusing $VENV"
else
  if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    # Debian ships venv/ensurepip separately
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      say "installing python3-venv"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    else
      die "$PYTHON cannot create a virtual environment: install python3-venv (as root: apt-get install python3-venv)"
    fi
  fi
  if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
    rm -rf "$VENV"
    say "creating $VENV"
    "$PYTHON" -m venv "$VENV"
  fi
  say "pip install ${RAY_REQS[*]} (a few minutes the first time)"
  # a machine whose pip finds its packages in local indexes and wheel folders (pip's configuration: find-links,
  # extra-index-url) but cannot reach PyPI: one retry, not five, per package on the way to them (9 minutes
  # of retries, 1 minute without); PIP_RETRIES and PIP_TIMEOUT set outside win
  PIP_RETRIES="${PIP_RETRIES:-1}" PIP_TIMEOUT="${PIP_TIMEOUT:-15}" \
    "$VENV/bin/python" -m pip install -qq --disable-pip-version-check "${RAY_REQS[@]}"
  venv_ok || die "$VENV: ${RAY_REQS[*]} did not install"
fi

# 3. a fresh library of the reference matches, its Parquet export, bdb's own figures
WORK="$(mktemp -d "${TMPDIR:-/tmp}/bdb-distributed.XXXXXX")"
if [ "${KEEP:-}" = 1 ]; then
  trap 'say "kept $WORK"' EXIT
else
  trap 'rm -rf "$WORK"' EXIT
fi
LIB="$WORK/library.duckdb"
say "bdb import $MATCHES"
node bin/bdb.js import "$MATCHES" --library "$LIB" --no-progress
say "bdb export (Parquet, decisions)"
node bin/bdb.js export "$WORK/decisions.parquet" --format parquet --table decisions --library "$LIB"
say "bdb stats --library --json"
node bin/bdb.js stats --library "$LIB" --json --no-progress >"$WORK/stats.json"

# 4. Ray Data on a local Ray cluster recomputes the figures and compares
say "ray-check.py"
# shellcheck disable=SC2086
env -u RAY_ADDRESS "$VENV/bin/python" scripts/ray-check.py "$WORK/decisions.parquet" --bdb-json "$WORK/stats.json" ${RAY_CHECK_ARGS:-}
say "check:distributed passed in $(($(date +%s) - start)) s"
