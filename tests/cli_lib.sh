# cli_lib.sh - what the command-line test scripts share; sourced after
# setting tmp (a scratch directory of the script's own).
#
# expect NAME WANT_STATUS WANT_STDOUT WANT_STDERR -- COMMAND...
#   runs COMMAND (stdin from /dev/null) and compares its exit status, and
#   its stdout and stderr with the exact texts ('*' for anything); the
#   exit status stays in $got, the outputs in $tmp/out and $tmp/err, for
#   asserts after it.
# assert NAME COMMAND...
#   counts COMMAND's success as a pass.
# cli_done
#   prints "N passed, M failed" and returns non-zero on any failure.
passed=0
failed=0

expect() {
    name=$1 status=$2 out=$3 err=$4
    shift 5
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    got=$?
    ok=1
    [ "$status" = '*' ] || [ "$got" = "$status" ] || ok=0
    [ "$out" = '*' ] || [ "$(cat "$tmp/out")" = "$out" ] || ok=0
    [ "$err" = '*' ] || [ "$(cat "$tmp/err")" = "$err" ] || ok=0
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name: exit $got (want $status)"
        echo "  stdout: $(head -c 400 "$tmp/out")"
        echo "  stderr: $(head -c 400 "$tmp/err")"
    fi
}

assert() {
    name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name"
    fi
}

cli_done() {
    echo "$passed passed, $failed failed"
    [ "$failed" = 0 ]
}
