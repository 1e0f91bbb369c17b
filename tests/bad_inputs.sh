#!/usr/bin/env bash
# bad_inputs.sh BIN TABLE - runs every row of the bad-input table
# (tests/bad_inputs.tsv, its header says how) and compares the exit status
# and the whole of stderr with the row's.  Each command reads the input as
# the file in.txt of a scratch directory, so messages name it the same way
# everywhere.
set -u
bin=$(cd "$1" && pwd)
table=$2
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
passed=0 failed=0 rows=0
while IFS=$'\t' read -r cmd name input want_status want_err; do
    case $cmd in '#'*|'') continue ;; esac
    rows=$((rows + 1))
    rm -rf in.txt
    file=in.txt
    case $input in
    @dir) mkdir in.txt ;;
    @missing) ;;
    @io) file=/proc/self/mem ;;
    @none|@empty) : >in.txt ;;
    @long:*) spec=${input#@long:}
             head -c "${spec%%:*}" /dev/zero | tr '\0' "${spec#*:}" >in.txt
             echo >>in.txt ;;
    *) printf '%b' "$input" >in.txt ;;
    esac
    # shellcheck disable=SC2086 # the command is words: program and options
    timeout 20 "$bin"/$cmd "$file" >out.txt 2>err.txt </dev/null
    status=$?
    want=$(printf '%b' "$want_err")
    got=$(cat err.txt)
    ok=1
    [ "$status" = "$want_status" ] || ok=0
    if [ "${want%...}" != "$want" ]; then
        # a last line of "..." stands for whatever follows
        prefix=${want%...}
        [ "${got:0:${#prefix}}" = "$prefix" ] || ok=0
    else
        [ "$got" = "$want" ] || ok=0
    fi
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $cmd: $name: exit $status (want $want_status)"
        echo "  stderr: $got"
        echo "  wanted: $want"
    fi
done <"$table"
echo "$passed passed, $failed failed ($rows rows)"
[ "$failed" = 0 ] && [ "$rows" -ge 50 ]
