# test/lib.sh — what the test runners share; each sources it.

# abspath P: P made absolute when it names an existing file by a path
# (the runners change directory); a bare command name stays as it is,
# for PATH to find
abspath() {
  case "$1" in
    */*) if [ -e "$1" ]; then echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; return; fi ;;
  esac
  echo "$1"
}

# scratch: sets TMP, a scratch directory removed when the runner exits
scratch() {
  TMP=$(mktemp -d)
  trap 'rm -rf "$TMP"' EXIT
}
