#!/usr/bin/env bash
# docs.sh BIN_DIR SOURCE_DIR - every example of README.md and docs/*.md runs
# and prints what the page says it prints.
#
# An example is a line "$ COMMAND" in an indented (4 spaces) or fenced code
# block; the lines under it, up to a blank line or the next "$ ", are what
# it prints (stdout, then stderr; in a fenced block blank lines are output
# too and the example runs to the next "$ "; trailing blank lines do not
# count).  In the expected lines:
#   ...            alone on a line (indented or not): any number of lines
#   TEXT...        a line that starts with TEXT
# Commands run with bash in a scratch folder where tests/ and docs/ are
# those of the source tree and the commands of BIN_DIR come first on the
# PATH (so "build/bin/dlx" and "dlx" are one program).  The README's first
# two commands (the build and the test run, which CI runs itself) and any
# line starting with cmake, ctest, sudo, apt-get, pip or python3 -m are
# shown, not run.
set -u
bin=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$src/tests" "$work/tests"
ln -s "$src/docs" "$work/docs"
mkdir -p "$work/build"
ln -s "$bin" "$work/build/bin"
export PATH="$bin:$PATH"

pass=0 fail=0
# match EXPECTED_FILE ACTUAL_FILE: 0 when the actual lines fit the pattern
match() {
    awk -v expf="$1" '
        BEGIN {
            n = 0
            while ((getline l < expf) > 0) {
                t = l; gsub(/^[ \t]+|[ \t]+$/, "", t)
                ex[n++] = (t == "...") ? "..." : l
            }
        }
        { act[m++] = $0 }
        function fits(e, a) {
            if (e ~ /\.\.\.$/ && e != "...")
                return index(a, substr(e, 1, length(e) - 3)) == 1
            return e == a
        }
        # i: next expected line, j: next actual line (recursive on "...")
        function go(i, j,   k) {
            if (i == n) return j == m
            if (ex[i] == "...") {
                for (k = j; k <= m; k++) if (go(i + 1, k)) return 1
                return 0
            }
            if (j < m && fits(ex[i], act[j])) return go(i + 1, j + 1)
            return 0
        }
        END { exit go(0, 0) ? 0 : 1 }' "$2"
}

run_page() {
    local page=$1 rel=${1#"$src"/}
    awk '
        function flush() {
            if (cmd != "") { print "@@CMD " lineno " " cmd; printf "%s", out }
            cmd = ""; out = ""
        }
        /^```/ { flush(); fenced = !fenced; next }
        {
            line = $0
            if (!fenced) {
                if (line !~ /^    /) { flush(); next }
                line = substr(line, 5)
            }
            if (line ~ /^\$ /) { flush(); cmd = substr(line, 3); lineno = NR; next }
            # a blank line ends an example in an indented block; in a fenced
            # block it is output (the example runs to the next "$ ")
            if (line ~ /^[ \t]*$/ && !fenced) { flush(); next }
            if (cmd != "") out = out line "\n"
        }
        END { flush() }' "$page" > "$work/examples"
    local lineno cmd expected=""
    local -a cmds=() lines=() outs=()
    while IFS= read -r l; do
        if [[ $l == "@@CMD "* ]]; then
            l=${l#@@CMD }
            cmds+=("${l#* }"); lines+=("${l%% *}"); outs+=("")
        else
            outs[${#outs[@]}-1]+="$l"$'\n'
        fi
    done < "$work/examples"
    local k nth=0
    for k in "${!cmds[@]}"; do
        cmd=${cmds[$k]} lineno=${lines[$k]}
        nth=$((nth + 1))
        if [[ $rel == README.md && $nth -le 2 ]] ||
           [[ $cmd =~ ^(cmake|ctest|sudo|apt-get|pip|python3\ -m)( |$) ]]; then
            continue
        fi
        printf '%s' "${outs[$k]}" > "$work/expected"
        # stdout, then stderr: the order is the same on every run
        [ -n "${DOCS_VERBOSE:-}" ] && echo "run $rel:$lineno: $cmd"
        (cd "$work" && timeout 120 bash -c "$cmd" > "$work/out" 2> "$work/err" </dev/null)
        cat "$work/out" "$work/err" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > "$work/actual"
        sed -i -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$work/expected"
        if match "$work/expected" "$work/actual"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $rel:$lineno: \$ $cmd"
            diff "$work/expected" "$work/actual" | sed 's/^/    /' | head -20
        fi
    done
}

for page in "$src/README.md" "$src"/docs/*.md; do
    [ -f "$page" ] && run_page "$page"
done
# the pages must show something to run: an empty set proves nothing
if [ "$pass" -lt 40 ] && [ "$fail" -eq 0 ]; then
    echo "only $pass examples found in the docs: the pattern broke?"
    fail=1
fi
echo "docs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
