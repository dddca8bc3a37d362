#!/usr/bin/env bash
# usage: apt-install.sh PACKAGE WHAT — installs Debian's PACKAGE for the tests when allowed (root with
# apt-get), else says what to do and fails. Called by ensure-chromium.sh and ensure-gnubg.sh when the
# program is missing.
set -euo pipefail
pkg=$1; what=$2
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's $pkg for $what…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "$pkg" >/dev/null
  exit 0
fi
echo "$what needs $pkg: apt-get install $pkg" >&2
exit 1
