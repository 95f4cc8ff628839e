#!/bin/bash
# examples/run.sh DIR TIDE — runs the host examples built into DIR (by
# `make test-examples`, see test/test.mk) from the repository root and
# compares what each prints (stdout and stderr, then its exit status when
# not 0) with examples/expected/NAME.out.
#   UPDATE=1 bash examples/run.sh DIR TIDE   rewrites the expected files
set -u
dir=${1:?usage: run.sh DIR TIDE}
tide=${2:?usage: run.sh DIR TIDE}
failed=0

check() {  # check NAME COMMAND...
  local name=$1 out status
  shift
  out=$("$@" 2>&1)
  status=$?
  [ $status -ne 0 ] && out+=$'\n'"[exit status $status]"
  if [ "${UPDATE:-}" = 1 ]; then
    printf '%s\n' "$out" > "examples/expected/$name.out"
    echo "updated examples/expected/$name.out"
  elif printf '%s\n' "$out" | diff -u "examples/expected/$name.out" - > "$dir/$name.diff"; then
    echo "ok  $name"
  else
    echo "FAIL $name: output differs from examples/expected/$name.out:"
    cat "$dir/$name.diff"
    failed=1
  fi
}

check config    "$dir/config" examples/config.lua examples/config_bad.lua examples/config_unsafe.lua
check userdata  "$dir/userdata" examples/userdata.lua
check eventloop "$dir/eventloop" examples/eventloop.lua
check sandbox   "$dir/sandbox"
check snippets  "$dir/snippets"
check cmodule   "$tide" examples/cmodule.lua "$dir"
exit $failed
