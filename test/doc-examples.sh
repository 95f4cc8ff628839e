#!/bin/bash
# test/doc-examples.sh [NAME...] — compiles and runs the example programs
# of docs/api.md against libtide.a and checks what they print.
#
# Conventions of docs/api.md (this script enforces them):
#   * An example program is a ```c block that contains "int main(". The
#     line just before its opening fence is <!-- example: NAME -->, NAME
#     unique in the document ([A-Za-z0-9_-]+).
#   * If the program prints on stdout, its exact output follows as a
#     ```text block preceded by the line <!-- output: NAME --> (the same
#     NAME); only blank lines may stand between the program, that line and
#     the block. The program's stdout must equal the block byte for byte
#     (every line of the block ends with a newline, so the program's
#     output must too).
#   * A program without such a block must print nothing on stdout.
#   * Every program must exit with status 0 (within 10 seconds, stdin
#     empty). What it writes on stderr is not checked, but is shown when
#     the example fails.
# Programs are compiled from the repository root with
#   cc -std=c99 -Wall -Wextra -Werror -I. FILE libtide.a -lmimalloc -lm -ldl
# and run from there. Other ```c blocks (declarations, fragments) are not
# compiled. With NAME arguments, only those examples run. DOC=FILE checks
# another file, CC=COMPILER uses another compiler. Exit status 0 when all
# pass, 1 otherwise.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
DOC=${DOC:-docs/api.md}
CC=${CC:-cc}

if [ ! -f libtide.a ]; then
  echo "doc-examples: libtide.a not found (run make first)" >&2
  exit 2
fi

. "$ROOT/test/lib.sh"
scratch

# Split the document: TMP/NAME.c for each program, TMP/NAME.expected for
# its output block, and TMP/list with "NAME LINE" per program in document
# order. Convention violations are printed as "ERROR ..." lines.
awk -v dir="$TMP" '
  function flush_program() {            # the ```c block just closed
    if (index(block, "int main(") == 0) return
    if (name == "") {
      printf "ERROR %s:%d: example program without a <!-- example: NAME --> line before it\n", FILENAME, start
      return
    }
    if (name in seen) {
      printf "ERROR %s:%d: example name \"%s\" used twice\n", FILENAME, start, name
      return
    }
    seen[name] = 1
    printf "%s", block > (dir "/" name ".c")
    close(dir "/" name ".c")
    print name, start >> (dir "/list")
    close(dir "/list")
    awaiting = name                    # its output block may follow
  }
  /^```/ && !infence {
    infence = 1
    kind = substr($0, 4)
    start = NR
    block = ""
    # a ```c block counts as an example only with the marker right before it
    name = (kind == "c" && prev ~ /^<!-- example: [A-Za-z0-9_-]+ -->$/) ? \
           substr(prev, 15, length(prev) - 18) : ""
    if (kind == "text" && awaiting != "") {
      if (outmark == "")
        printf "ERROR %s:%d: output block of example \"%s\" without a <!-- output: %s --> line before it\n", FILENAME, NR, awaiting, awaiting
      else if (outmark != awaiting)
        printf "ERROR %s:%d: <!-- output: %s --> after example \"%s\"\n", FILENAME, NR, outmark, awaiting
      target = awaiting
    } else {
      target = ""                      # (a stray output marker was reported)
    }
    awaiting = ""
    outmark = ""
    prev = $0
    next
  }
  /^```$/ && infence {
    infence = 0
    if (kind == "c") flush_program()
    else if (target != "") {
      printf "%s", block > (dir "/" target ".expected")
      close(dir "/" target ".expected")
    }
    prev = $0
    next
  }
  infence { block = block $0 "\n"; prev = $0; next }
  /^<!-- output: [A-Za-z0-9_-]+ -->$/ {
    outmark = substr($0, 14, length($0) - 17)
    if (awaiting == "")
      printf "ERROR %s:%d: <!-- output: %s --> does not follow its example program\n", FILENAME, NR, outmark
    prev = $0
    next
  }
  /^[ \t]*$/ { prev = $0; next }       # blank lines keep an output block attached
  {
    if (outmark != "")
      printf "ERROR %s:%d: <!-- output: %s --> is not followed by a ```text block\n", FILENAME, NR, outmark
    awaiting = ""
    outmark = ""
    prev = $0
  }
  END {
    if (infence) printf "ERROR %s:%d: unterminated code block\n", FILENAME, start
    if (outmark != "") printf "ERROR %s: <!-- output: %s --> is not followed by a ```text block\n", FILENAME, outmark
  }
' "$DOC" > "$TMP/errors"

if [ -s "$TMP/errors" ]; then
  sed 's/^ERROR /doc-examples: /' "$TMP/errors"
  exit 1
fi
if [ ! -s "$TMP/list" ]; then
  echo "doc-examples: no example programs found in $DOC"
  exit 1
fi

ARGS=("$@")
wanted() {  # wanted NAME: NAME is among the command-line arguments
  local a
  for a in "${ARGS[@]}"; do [ "$a" = "$1" ] && return 0; done
  return 1
}

total=0
failed=0
while read -r name line; do
  if [ ${#ARGS[@]} -gt 0 ] && ! wanted "$name"; then continue; fi
  total=$((total + 1))
  src=$TMP/$name.c
  bin=$TMP/$name
  where="$DOC:$line (example '$name')"
  if ! $CC -std=c99 -Wall -Wextra -Werror -I. "$src" libtide.a -lmimalloc -lm -ldl \
       -o "$bin" 2> "$TMP/$name.cc"; then
    echo "FAIL $where: does not compile:"
    cat "$TMP/$name.cc"
    failed=$((failed + 1))
    continue
  fi
  timeout 10 "$bin" < /dev/null > "$TMP/$name.stdout" 2> "$TMP/$name.stderr"
  status=$?
  problem=
  if [ $status -ne 0 ]; then
    problem="exit status $status"
  elif [ -f "$TMP/$name.expected" ]; then
    if ! cmp -s "$TMP/$name.expected" "$TMP/$name.stdout"; then
      problem="stdout differs from the \`\`\`text block after it"
    fi
  elif [ -s "$TMP/$name.stdout" ]; then
    problem="prints on stdout but no \`\`\`text block with its output follows it"
  fi
  if [ -n "$problem" ]; then
    echo "FAIL $where: $problem"
    if [ -f "$TMP/$name.expected" ]; then
      diff -u --label "documented output" --label "actual output" \
        "$TMP/$name.expected" "$TMP/$name.stdout"
    elif [ -s "$TMP/$name.stdout" ]; then
      echo "--- stdout:"
      cat "$TMP/$name.stdout"
    fi
    if [ -s "$TMP/$name.stderr" ]; then
      echo "--- stderr:"
      cat "$TMP/$name.stderr"
    fi
    failed=$((failed + 1))
  fi
done < "$TMP/list"

unknown=0
for a in "${ARGS[@]}"; do
  if ! grep -q "^$a " "$TMP/list"; then
    echo "doc-examples: no example named '$a' in $DOC"
    unknown=1
  fi
done
if [ $failed -ne 0 ]; then
  echo "$failed of $total doc examples failed"
  exit 1
fi
echo "$total doc examples compiled and run"
exit $unknown
