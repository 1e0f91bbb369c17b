#!/bin/sh
# symbols.sh LIBDLX_SO INCLUDE_DIR [CC] - the shared libdlx exports exactly
# the functions its public headers declare: no text_* of the text layer
# compiled into it, no helper of the engine's files, and nothing of the
# API missing.  The declared names are read from the headers through the
# preprocessor (every "dlx_name(" left after it is a function
# declaration: function pointer types read "(*dlx_name_fn)").
so=$1 include=$2 cc=${3:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/symbols.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

for h in "$include"/*.h; do
    printf '#include "%s"\n' "${h##*/}"
done >"$tmp/all.c"
"$cc" -E -P -I"$include" "$tmp/all.c" |
    grep -o '[A-Za-z_][A-Za-z0-9_]*[[:space:]]*(' | tr -d ' \t(' |
    grep '^dlx_' | sort -u >"$tmp/declared.all"
# static inline functions (dlx_random.h) are no symbols of the library
grep -ho 'static inline .*[^A-Za-z0-9_]dlx_[A-Za-z0-9_]*(' "$include"/*.h |
    grep -o 'dlx_[A-Za-z0-9_]*($' | tr -d '(' | sort -u >"$tmp/inline"
comm -23 "$tmp/declared.all" "$tmp/inline" >"$tmp/declared"
nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRVWiu]$/ { print $3 }' |
    sed 's/@.*//' | sort -u >"$tmp/exported"

assert "the headers declare functions ($(wc -l <"$tmp/declared"))" \
    test -s "$tmp/declared"
extra=$(comm -13 "$tmp/declared" "$tmp/exported" | tr '\n' ' ')
missing=$(comm -23 "$tmp/declared" "$tmp/exported" | tr '\n' ' ')
assert "exported but not in a public header: $extra" test -z "$extra"
assert "declared but not exported: $missing" test -z "$missing"
assert "no text_* symbol exported" \
    sh -c "! nm -D --defined-only '$so' | grep -q ' text_'"
cli_done
