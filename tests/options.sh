#!/usr/bin/env bash
# options.sh BIN DATA - one table of options run through every command that
# takes them: each must answer the same way (the same exit status, the
# same message but for the command's name).  The options are read by one
# layer (cli/cli.c); this checks that no command reads one of its own.
set -u
bin=$1 data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

queens=$data/exact-cover/queens-8.dlx
sud=$data/sudoku/example.txt
mdk=$data/mathdoku/wikipedia-list.txt

# command (program and subcommand) | its input | the shared options it takes
commands=(
    "dlx|$queens|limit max-nodes timeout threads seed stats trace html tree-svg prune"
    "sudoku solve|$sud|limit max-nodes timeout threads stats trace method html tree-svg no-prune"
    "sudoku count|$sud|limit max-nodes timeout threads stats trace method html tree-svg no-prune"
    "mathdoku solve|$mdk|limit max-nodes timeout threads stats trace method html tree-svg"
    "mathdoku count|$mdk|limit max-nodes timeout threads stats trace method html tree-svg"
    "sudoku explain|$sud|max-nodes timeout"
    "sudoku rate|$sud|max-nodes timeout"
    "sudoku generate||max-nodes timeout seed stats"
    "sudoku bands||threads timeout"
    "dlx split|$queens|max-nodes timeout"
    "mathdoku generate||max-nodes timeout seed stats"
    "mathdoku explain|$mdk|max-nodes timeout"
    "mathdoku rate|$mdk|max-nodes timeout"
)

# (expect sets name, status, out and err: the loop uses other names)
# option | arguments | exit status | stderr (%P: the command's name as it
# names itself in messages); a status of "ok" is any status but 4.
table=(
    "limit|--limit 0|4|%P: --limit: '0' is not a positive number
Try '%P --help' for more information."
    "limit|--limit=x|4|%P: --limit: 'x' is not a positive number
Try '%P --help' for more information."
    "limit|-l|4|%P: option '-l' needs a value
Try '%P --help' for more information."
    "limit|--limit=2|ok|*"
    "limit|-l2|ok|*"
    "max-nodes|--max-nodes 1e9|4|%P: --max-nodes: '1e9' is not a positive number
Try '%P --help' for more information."
    "max-nodes|--max-nodes=18446744073709551616|4|%P: --max-nodes: '18446744073709551616' is not a positive number
Try '%P --help' for more information."
    "timeout|--timeout -1|4|%P: --timeout: '-1' is not a positive number of seconds (like 30, 1.5m, 2h; inf: no limit)
Try '%P --help' for more information."
    "timeout|--timeout=2x|4|%P: --timeout: '2x' is not a positive number of seconds (like 30, 1.5m, 2h; inf: no limit)
Try '%P --help' for more information."
    "timeout|--timeout inf|ok|*"
    "timeout|--timeout 1.5m|ok|*"
    "threads|--threads 0|4|%P: --threads: '0' is not a number from 1 to 1024 (or auto)
Try '%P --help' for more information."
    "threads|-j0|4|%P: -j: '0' is not a number from 1 to 1024 (or auto)
Try '%P --help' for more information."
    "seed|--seed x|4|%P: --seed: 'x' is not a number (0 to 2^64-1)
Try '%P --help' for more information."
    "stats|--stats=1|4|%P: option '--stats=1' takes no value
Try '%P --help' for more information."
    "trace|--trace=yes|4|%P: option '--trace=yes' takes no value
Try '%P --help' for more information."
    "method|--method bfs|4|%P: --method: 'bfs' is not dlx or dfs
Try '%P --help' for more information."
    "method|-mdfs|ok|*"
    "html|--html|4|%P: option '--html' needs a value
Try '%P --help' for more information."
    "tree-svg|--tree-svg=$tmp/t.svg|ok|*"
    "prune|--prune=1|4|%P: option '--prune=1' takes no value
Try '%P --help' for more information."
    "prune|--prune|ok|*"
    "no-prune|--no-prune=1|4|%P: option '--no-prune=1' takes no value
Try '%P --help' for more information."
    "no-prune|--no-prune|ok|*"
    "all|--frobnicate|4|%P: unknown option '--frobnicate'
Try '%P --help' for more information."
    "all|-Z|4|%P: unknown option 'Z' in '-Z'
Try '%P --help' for more information."
    "all|--help|0|"
)

for entry in "${commands[@]}"; do
    IFS='|' read -r cmd input takes <<<"$entry"
    # the name a command gives itself: dlx, sudoku (solve and count share
    # the sudoku table), mathdoku, sudoku explain, sudoku generate, ...
    case $cmd in
    "sudoku solve"|"sudoku count") prog=sudoku ;;
    "mathdoku solve"|"mathdoku count") prog=mathdoku ;;
    *) prog=$cmd ;;
    esac
    for row in "${table[@]}"; do
        opt=${row%%|*} rest=${row#*|}
        args=${rest%%|*} rest=${rest#*|}
        want_status=${rest%%|*} want_err=${rest#*|}
        case " $takes all " in *" $opt "*) ;; *) continue ;; esac
        want_err=${want_err//%P/$prog}
        # shellcheck disable=SC2086 # words: program, subcommand, options
        expect "$cmd $args" "*" "*" "*" -- timeout 30 $bin/$cmd $input $args
        if [ "$want_status" = ok ]; then
            assert "$cmd $args: accepted" test "$got" != 4
        else
            assert "$cmd $args: exit $want_status" test "$got" = "$want_status"
            [ "$want_err" = '*' ] ||
                assert "$cmd $args: message" test "$(cat "$tmp/err")" = "$want_err"
        fi
    done
    # the help lists every shared option the command takes, in one wording
    $bin/$cmd --help >"$tmp/help"
    for opt in $takes; do
        assert "$cmd --help lists --$opt" grep -q -- "--$opt" "$tmp/help"
    done
    assert "$cmd --help says the exit statuses and their order" \
        grep -q "^Exit status (when several apply, the first in this order: 6, 3, 4, 5, 1, 2, 0):" "$tmp/help"
done
# the same words for the same option everywhere
for opt in limit max-nodes timeout threads stats trace html tree-svg; do
    n=0
    for cmd in dlx "sudoku solve" "mathdoku solve"; do
        # the option's line and the lines of its text after it
        $bin/$cmd --help | awk -v o="--$opt" '
            /^ {2,6}-/ { if (on) exit; on = $0 ~ ("^ *(-., )?" o "( |$)") }
            /^[^ ]/ && on { exit }
            on { sub(/^ +/, ""); printf "%s ", $0 }' >"$tmp/w.$n"
        n=$((n + 1))
    done
    assert "--$opt: one help text in dlx, sudoku and mathdoku" \
        sh -c "cmp -s '$tmp/w.0' '$tmp/w.1' && cmp -s '$tmp/w.0' '$tmp/w.2'"
done
cli_done
