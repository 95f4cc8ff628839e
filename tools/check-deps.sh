#!/bin/sh
# check-deps.sh WHAT PKG... — make sure the Debian packages a build step needs
# are installed. As root it installs the missing ones with apt-get; otherwise
# it stops and prints the exact command to run.
what=$1; shift
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "tide: installing packages needed to $what:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq $missing >/dev/null || {
    echo "tide: apt-get failed; run: apt-get update && apt-get install -y$missing" >&2; exit 1; }
else
  echo "tide: packages needed to $what are missing. Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
  exit 1
fi
