#!/bin/sh
# tools/amalg.sh — Tide's library as one C file (the amalgamation).
#
#   sh tools/amalg.sh OUTDIR SOURCE.c...      (run from the repository root;
#                                              `make amalg` does)
#
# writes OUTDIR/tide.c and copies vm.h next to it. `cc -c tide.c` then builds
# the whole library (the sources given, in that order), and a host links it
# like libtide.a: `cc -O2 host.c tide.c -lmimalloc -lm -ldl`.
#
# Each source was written as its own translation unit, so pasting them one
# after the other needs care; the generator, not the sources, handles it:
#
#   * the internal headers (every "x.h" a source includes, except vm.h) are
#     pasted once at the top, each where it is first included; later
#     #include lines of them become comments. vm.h stays an #include: it is
#     the public header, shipped next to tide.c. System #includes stay put.
#   * every macro a source defines is #undef'd after it. A macro that an
#     internal header also defines, or that the source uses without having
#     included the header defining it (a standard library file sees only
#     vm.h), is saved with `#pragma push_macro` before the source (and
#     hidden in the second case) and restored with `pop_macro` after it, so
#     each source sees the macros it saw alone.
#   * the file-scope names of a source (static functions and objects,
#     typedefs, struct/union/enum tags, enum constants) are renamed within
#     it: `#define name file_name` before it, `#undef name` after (or
#     file_s_name if file_name is taken: vm.c's resume and vm_resume).
#     Clashes come from other sources (checklimit, upvalname...) but also
#     from system headers another source included first (undump.c's kill()
#     against <signal.h>, libutf8.c's u_char() against <sys/types.h>), so
#     every such name is renamed, not only those seen twice. Except a name
#     the source shares with its own headers (an identifier of theirs it
#     implements or uses) or uses as a struct member (code.c's freereg()
#     and fs->freereg: the macro would rename the member too); such a name
#     keeps its spelling, and the generator stops if another source or a
#     header the source does not include defines it too.
#
# The analysis reads C the way this code base is written (see the notes on
# each pattern below): file-scope declarations start in column 0, bodies
# are indented. POSIX sh and awk only — no Python on CI machines.
set -eu

if [ $# -lt 2 ]; then
  echo "usage: sh tools/amalg.sh OUTDIR SOURCE.c..." >&2
  exit 2
fi
out=$1
shift
for f in "$@" vm.h; do
  [ -r "$f" ] || { echo "amalg.sh: cannot read $f (run from the repository root)" >&2; exit 1; }
done
version=$(sed -n 's/^#define VM_VERSION "\(.*\)".*/\1/p' vm.h)
[ -n "$version" ] || { echo "amalg.sh: no VM_VERSION in vm.h" >&2; exit 1; }

mkdir -p "$out"
tmp="$out/tide.c.tmp"
trap 'rm -f "$tmp"' EXIT

awk -v srcs="$*" -v version="$version" '
function die(msg) { print "amalg.sh: " msg > "/dev/stderr"; failed = 1; exit 1 }

# The name of a local include ("x.h"), or "".
function localinc(line) {
  if (line !~ /^#[ \t]*include[ \t]*"/) return ""
  sub(/^#[ \t]*include[ \t]*"/, "", line); sub(/".*/, "", line)
  return line
}

# Read file f (and, recursively, the local headers it includes) into
# text[f, 1..nlines[f]], then analyse it.
function load(f,   line, n, r, i, h) {
  if (f in nlines) return
  n = 0
  while ((r = (getline line < f)) > 0) text[f, ++n] = line
  if (r < 0) die("cannot read " f)
  close(f)
  nlines[f] = n
  for (i = 1; i <= n; i++)
    if ((h = localinc(text[f, i])) != "") { incs[f] = incs[f] " " h; load(h) }
  analyse(f)
}

# Line s without comments and with string/char literals emptied (the state
# of a /* comment */ carries over lines in incomment).
function strip(s,   out, c, j) {
  out = ""
  while (s != "") {
    if (incomment) {
      if ((j = index(s, "*/")) == 0) return out
      s = substr(s, j + 2); incomment = 0; out = out " "
      continue
    }
    if (!match(s, /\/\*|\/\/|["\047]/)) return out s
    out = out substr(s, 1, RSTART - 1); c = substr(s, RSTART, 1)
    if (substr(s, RSTART, 2) == "/*") { incomment = 1; s = substr(s, RSTART + 2); continue }
    if (substr(s, RSTART, 2) == "//") return out
    s = substr(s, RSTART + 1)                      # skip a literal
    while (s != "" && substr(s, 1, 1) != c) s = substr(s, (substr(s, 1, 1) == "\\") ? 3 : 2)
    out = out c c; s = substr(s, 2)
  }
  return out
}

function lastid(s) {
  sub(/[ \t*]+$/, "", s)
  return match(s, /[A-Za-z_][A-Za-z0-9_]*$/) ? substr(s, RSTART, RLENGTH) : ""
}
function fnptr(s) {                 # "type (*name)..." -> name (not a parameter)
  if (!match(s, /^[^(]*\([ \t]*\*[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*\)/)) return ""
  s = substr(s, RSTART, RLENGTH); sub(/^[^(]*/, "", s); gsub(/[()* \t]/, "", s)
  return s
}
# The name declared by a line like "type name(...", "type *name[...] =",
# "type name;" or "type (*name)(...)".
function declname(s,   n) {
  if ((n = fnptr(s)) != "") return n
  if (!match(s, /[=;([]/)) return ""
  return lastid(substr(s, 1, RSTART - 1))
}
function addname(f, kind, n) {
  if (n == "" || n ~ /^__/ || n ~ /^(int|char|void|const|volatile|static|inline|extern|struct|union|enum|unsigned|signed|long|short|double|float|_Bool|_Noreturn)$/) return
  if (!((f, n) in scope)) { scope[f, n] = kind; names[f] = names[f] " " n }
}
function enumitems(f, b,   parts, k, i, it) {
  sub(/[}].*/, "", b); sub(/.*[{]/, "", b)
  k = split(b, parts, ",")
  for (i = 1; i <= k; i++) {
    it = parts[i]; sub(/^[ \t]+/, "", it)
    if (match(it, /^[A-Za-z_][A-Za-z0-9_]*/)) addname(f, "E", substr(it, 1, RLENGTH))
  }
}

# Collect from file f:
#   scope[f, name]  its file-scope names: S static, T typedef or object
#                   named after a closing brace, G tag, E enum constant,
#                   D non-static declaration or definition
#   mdef[f, name]   macros it #defines;  mundef[f, name]  macros it #undefs
#   word[f, w]      every identifier it uses;  mword[f, w]  those in macros
#   member[f, w]    identifiers it uses as members (.w, ->w)
function analyse(f,   i, s, line, k, w, n, t, inenum, inmacro, body) {
  incomment = 0; inenum = 0; inmacro = 0
  for (i = 1; i <= nlines[f]; i++) {
    line = strip(text[f, i])
    k = split(line, w, /[^A-Za-z0-9_]+/)
    for (n = 1; n <= k; n++) if (w[n] ~ /^[A-Za-z_]/) word[f, w[n]] = 1
    s = line
    while (match(s, /(\.|->)[ \t]*[A-Za-z_][A-Za-z0-9_]*/)) {
      t = substr(s, RSTART, RLENGTH); sub(/^(\.|->)[ \t]*/, "", t); member[f, t] = 1
      s = substr(s, RSTART + RLENGTH)
    }
    if (inmacro) {                                  # continuation of a #define
      for (n = 1; n <= k; n++) if (w[n] ~ /^[A-Za-z_]/) mword[f, w[n]] = 1
      inmacro = (line ~ /\\$/)
      continue
    }
    if (line ~ /^#[ \t]*(define|undef)[ \t]/) {
      for (n = 1; n <= k; n++) if (w[n] ~ /^[A-Za-z_]/) mword[f, w[n]] = 1
      inmacro = (line ~ /\\$/)
      s = line; sub(/^#[ \t]*(define|undef)[ \t]+/, "", s); match(s, /^[A-Za-z_][A-Za-z0-9_]*/)
      if (line ~ /^#[ \t]*define/) mdef[f, substr(s, 1, RLENGTH)] = 1
      else mundef[f, substr(s, 1, RLENGTH)] = 1
      continue
    }
    t = (line ~ /^__attribute__/)
    gsub(/__attribute__[ \t]*\(\(([^()]|\([^()]*\))*\)\)/, "", line)
    if (t) sub(/^[ \t]+/, "", line)                 # __attribute__((x)) static ...
    if (inenum) { body = body " " line; if (line ~ /[}]/) { inenum = 0; enumitems(f, body) }; continue }
    if (line ~ /^(typedef[ \t]+)?enum([ \t]|[{])/ && line ~ /[{]/) {
      body = line
      if (line ~ /[}]/) enumitems(f, body); else inenum = 1
    }
    if (line ~ /^(typedef[ \t]+)?(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*[{]/) {
      s = line; sub(/^(typedef[ \t]+)?(struct|union|enum)[ \t]+/, "", s)
      addname(f, "G", lastid(substr(s, 1, index(s, "{") - 1)))
      continue
    }
    if (line ~ /^static[ \t]/) { addname(f, "S", declname(line)); continue }
    if (line ~ /^[}][ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*[=;[]/) {       # } Name; or } objs[] = {
      s = line; sub(/^[}][ \t]*/, "", s); match(s, /^[A-Za-z_][A-Za-z0-9_]*/)
      addname(f, "T", substr(s, 1, RLENGTH)); continue
    }
    if (line ~ /^typedef[ \t]/) { if (line !~ /[{]/) addname(f, "T", declname(line)); continue }
    if (line ~ /^(struct|union|enum)[ \t]/ && line ~ /[{]/) continue
    if (line ~ /^extern[ \t]+"C"/) continue
    if (line ~ /^[A-Za-z_]/) { s = line; sub(/^extern[ \t]+/, "", s); addname(f, "D", declname(s)) }
  }
}

# The words of s, sorted (the order of "for (k in a)" is unspecified, and
# the output should not depend on it).
function sorted(s,   a, k, i, j, t, r) {
  k = split(s, a, " ")
  for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
  r = ""
  for (i = 1; i <= k; i++) r = r " " a[i]
  return r
}

# hdrs[f]: " h1 h2 ..." every local header f includes, directly or not.
function closure(f,   k, i, parts, h) {
  if (f in hdrs) return hdrs[f]
  hdrs[f] = " "
  k = split(incs[f], parts, " ")
  for (i = 1; i <= k; i++) {
    h = parts[i]
    if (index(hdrs[f], " " h " ") == 0) hdrs[f] = hdrs[f] h " "
    closure(h)
    hdrs[f] = hdrs[f] substr(hdrs[h], 2)
  }
  return hdrs[f]
}
function includes(f, h) { return index(closure(f), " " h " ") > 0 }

# Paste header h (and, where it includes them, the headers it includes).
function emitheader(h,   i, g) {
  if (h == "vm.h" || (h in emitted)) return
  emitted[h] = 1
  printf "/*************************************************************** %s */\n", h
  for (i = 1; i <= nlines[h]; i++) {
    if ((g = localinc(text[h, i])) != "" && g != "vm.h") {
      if (g in emitted) printf "/* #include \"%s\": above */\n", g
      else emitheader(g)
    } else print text[h, i]
  }
}

BEGIN {
  nsrc = split(srcs, src, " ")
  for (i = 1; i <= nsrc; i++) { load(src[i]); issrc[src[i]] = 1 }
  nhdr = 0
  for (f in nlines) if (!(f in issrc)) hdr[++nhdr] = f
  for (i = 1; i <= nsrc; i++) base[src[i]] = src[i]
  for (i = 1; i <= nsrc; i++) { sub(/\.c$/, "", base[src[i]]); sub(/.*\//, "", base[src[i]]) }

  # a name is defined at file scope by which files?
  for (key in scope) { split(key, kf, SUBSEP); definers[kf[2]] = definers[kf[2]] " " kf[1] }
  # a macro is defined by which headers?
  for (key in mdef) { split(key, kf, SUBSEP); if (!(kf[1] in issrc)) mheaders[kf[2]] = mheaders[kf[2]] " " kf[1] }

  for (i = 1; i <= nsrc; i++) {
    f = src[i]
    # renames: every file-scope name of f (not D: those are global), except
    # one f shares with its headers (they declare it at file scope, or use
    # it in a macro that f may expand) or uses as a struct member (the
    # alias would rename the member too). Such a name is kept, and must
    # not clash.
    hk = split(closure(f), hl, " ")
    k = split(names[f], nm, " ")
    for (j = 1; j <= k; j++) {
      n = nm[j]
      if (scope[f, n] == "D") continue
      why = ((f, n) in member) ? f " uses it as a struct member" : ""
      for (d = 1; d <= hk; d++) {
        if ((hl[d], n) in scope) why = hl[d] " declares it"
        else if ((hl[d], n) in mword) why = "a macro in " hl[d] " uses it"
      }
      if (why != "") {
        m = split(definers[n], df, " ")
        for (d = 1; d <= m; d++)
          if (df[d] != f && ((df[d] in issrc) || !includes(f, df[d])))
            die(f ": " n " clashes with " df[d] " but cannot be renamed: " why)
        continue
      }
      alias = base[f] "_" n
      for (g in nlines) if ((g, alias) in word) alias = base[f] "_s_" n
      for (g in nlines) if ((g, alias) in word) die(f ": cannot rename " n ": " g " already uses " alias)
      renames[f] = renames[f] " " n; aliasof[f, n] = alias
    }
    # macros of the headers: hidden (not included, but used) or saved
    # (included, and redefined or undefined here)
    for (mac in mheaders) {
      m = split(mheaders[mac], df, " "); seen = 0
      for (d = 1; d <= m; d++) if (includes(f, df[d])) seen = 1
      if (!seen && ((f, mac) in word)) hidden[f] = hidden[f] " " mac
      else if (seen && (((f, mac) in mdef) || ((f, mac) in mundef))) saved[f] = saved[f] " " mac
    }
    hidden[f] = sorted(hidden[f]); saved[f] = sorted(saved[f])
  }

  # ---------------------------------------------------------------- output
  print "/*"
  print "** tide.c — " version " (an embeddable VM for Lua 5.4): the whole library as"
  print "** one C file, the amalgamation of its sources. Generated by tools/amalg.sh"
  print "** (`make amalg`); do not edit — edit the sources and regenerate."
  print "**"
  print "** Sources, in order:"
  line = "**  "
  for (i = 1; i <= nsrc; i++) {
    if (length(line) + length(src[i]) > 76) { print line; line = "**  " }
    line = line " " src[i]
  }
  print line
  print "**"
  print "** Build: with vm.h (the public API) next to this file,"
  print "**     cc -O2 -c tide.c                          an object to link into a host"
  print "**     cc -O2 host.c tide.c -lmimalloc -lm -ldl  a host in one command"
  print "**     cc -O2 -fPIC -fvisibility=hidden -shared tide.c -lmimalloc -lm -ldl -o libtide.so"
  print "**                                               a shared library exporting only vm_*"
  print "** It needs the mimalloc and xxHash headers (Debian: libmimalloc-dev and"
  print "** libxxhash-dev). The tide command line (cli.c) is not part of it."
  print "**"
  print "** The sources were written as separate translation units: the file-scope"
  print "** names of each (static functions and objects, types, tags, enum"
  print "** constants) are renamed within it (#define name file_name ... #undef"
  print "** name), and every macro a source defines is undefined after it."
  print "*/"
  print "#include \"vm.h\""
  print ""
  for (i = 1; i <= nsrc; i++) {
    k = split(incs[src[i]], hl, " ")
    for (j = 1; j <= k; j++) emitheader(hl[j])
  }
  for (i = 1; i <= nsrc; i++) {
    f = src[i]
    printf "\n/*************************************************************** %s */\n", f
    k = split(saved[f], nm, " ");  for (j = 1; j <= k; j++) printf "#pragma push_macro(\"%s\")\n", nm[j]
    k = split(hidden[f], nm, " "); for (j = 1; j <= k; j++) printf "#pragma push_macro(\"%s\")\n#undef %s\n", nm[j], nm[j]
    k = split(renames[f], nm, " "); for (j = 1; j <= k; j++) printf "#define %s %s\n", nm[j], aliasof[f, nm[j]]
    for (j = 1; j <= nlines[f]; j++) {
      if ((g = localinc(text[f, j])) != "" && g != "vm.h") printf "/* #include \"%s\": above */\n", g
      else print text[f, j]
    }
    printf "/* end of %s */\n", f
    k = split(renames[f], nm, " "); for (j = 1; j <= k; j++) printf "#undef %s\n", nm[j]
    restore = " " saved[f] " " hidden[f] " "; undefs = ""
    for (key in mdef) {
      split(key, kf, SUBSEP)
      if (kf[1] == f && index(restore, " " kf[2] " ") == 0) undefs = undefs " " kf[2]
    }
    k = split(sorted(undefs), nm, " "); for (j = 1; j <= k; j++) printf "#undef %s\n", nm[j]
    k = split(restore, nm, " "); for (j = 1; j <= k; j++) printf "#pragma pop_macro(\"%s\")\n", nm[j]
  }
}
' > "$tmp"

cp vm.h "$out/vm.h"
mv "$tmp" "$out/tide.c"
trap - EXIT
echo "amalg.sh: wrote $out/tide.c ($(wc -l < "$out/tide.c") lines) and $out/vm.h"
