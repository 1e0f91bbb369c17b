#!/bin/bash
# completion.sh BIN PREFIX - the bash completions installed under PREFIX,
# loaded in bash as a user's shell loads them: sourced alone, and found
# by the bash-completion package (XDG_DATA_DIRS=PREFIX/share) when it is
# installed.  Expected words come from the README (the commands, layouts,
# symmetries, fills, difficulties), and every value offered for an option
# is then given to the command, which must take it: the completion offers
# nothing the command refuses.
bin=$(cd "$1" && pwd) prefix=$(cd "$2" && pwd)
dir=$prefix/share/bash-completion/completions
if [ ! -s "$dir/sudoku" ]; then
    echo "FAIL: no completions installed in $dir"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/completion.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

# complete CMD WORD... : the words offered for the last WORD, sorted, on
# one line; the words are split as bash splits them (--opt=x is three
# words, '=' being in COMP_WORDBREAKS)
cat >"$tmp/complete.sh" <<'SH'
complete_words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    local fn
    declare -F __load_completion >/dev/null && __load_completion "$1"
    fn=$(complete -p "$1" 2>/dev/null | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
    [ -n "$fn" ] || { echo "no completion for $1"; return 1; }
    "$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sort -u | tr '\n' ' ' | sed 's/ $//'
}
SH

mkdir "$tmp/files" "$tmp/files/sub"
touch "$tmp/files/knuth.dlx" "$tmp/files/jobs.txt"

# check NAME WANT MODE -- WORD...: every word of WANT is offered (lists
# may grow: a new layout or subcommand is no failure); WANT "=" (or "=W")
# is exactly nothing (or exactly W).  MODE: alone or full.
check() {
    local name=$1 want=$2 mode=$3
    shift 4
    # alone: our files sourced; full: bash-completion finds them
    local setup="for f in '$dir'/*; do . \"\$f\"; done"
    [ "$mode" = full ] &&
        setup=". $bash_completion; XDG_DATA_DIRS='$prefix/share'"
    got=$(cd "$tmp/files" && bash --norc --noprofile -c "$setup
        . '$tmp/complete.sh'
        complete_words \"\$@\"" bash "$@" 2>&1)
    local ok=1 w
    case $want in
    =*) [ "$got" = "${want#=}" ] || ok=0 ;;
    *)  for w in $want; do
            case " $got " in *" $w "*) ;; *) ok=0 ;; esac
        done ;;
    esac
    if [ $ok = 1 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name ($mode): '$*' offers '$got', want '$want'"
    fi
}

modes=alone
bash_completion=/usr/share/bash-completion/bash_completion
if [ -r "$bash_completion" ]; then
    modes="alone full"
else
    echo "bash-completion not installed: the completions are tried alone"
fi
for m in $modes; do
    check "commands" "bands canon check count encode explain generate hint \
        rate solve transform" $m -- sudoku ""
    check "a command" "=generate" $m -- sudoku ge
    check "an option" "=--format" $m -- sudoku solve --for
    check "layouts" "auto grid line numbers tatham" \
        $m -- sudoku solve --format ""
    check "layouts after =" "auto grid line numbers tatham" \
        $m -- sudoku solve --format = ""
    check "a layout after =" "=line" $m -- sudoku solve --format = li
    check "short option's layouts" "=grid" $m -- sudoku count -f g
    check "a number: nothing" "=" $m -- sudoku count --limit ""
    check "symmetries" "rot180 rot90" $m -- sudoku generate --symmetry r
    check "difficulties" "advanced basic easy expert extreme guessing hard \
        intermediate medium trivial unreasonable" \
        $m -- sudoku generate --difficulty ""
    check "fills" "blockrow dlx pattern" $m -- sudoku generate --fill ""
    check "a subcommand's own option" "=--candidates" $m -- sudoku explain --ca
    check "not another's" "=" $m -- sudoku solve --ca
    check "a file after the command" "=jobs.txt knuth.dlx sub" \
        $m -- sudoku solve ""
    check "dlx: files and subcommands" "jobs.txt knuth.dlx merge split sub" \
        $m -- dlx ""
    check "dlx: a subcommand" "=split" $m -- dlx sp
    check "dlx: jobs file" "=jobs.txt" $m -- dlx --jobs j
    check "dlx split: its options" "=--depth" $m -- dlx split --dep
    check "mathdoku: layouts" "auto keen letters list" \
        $m -- mathdoku solve -f ""
    check "mathdoku: commands" "check count encode solve" $m -- mathdoku ""
done

# Every value offered is one the command takes: given it before --help,
# the command prints its help (a value it refuses is a usage error, said
# before --help is read).
for spec in "sudoku solve --format" "sudoku solve --output" \
            "sudoku solve --symbols" "sudoku solve --method" \
            "sudoku generate --symmetry" "sudoku generate --fill" \
            "sudoku generate --difficulty" "sudoku explain --method" \
            "sudoku rate --output" "mathdoku solve --format" \
            "mathdoku solve --output" "mathdoku solve --method"; do
    # shellcheck disable=SC2086
    set -- $spec
    values=$(cd "$tmp/files" && bash --norc --noprofile -c "
        . '$tmp/complete.sh'; for f in '$dir'/*; do . \"\$f\"; done
        complete_words $spec ''")
    assert "$spec: values offered ($values)" test -n "$values"
    for v in $values; do
        "$bin/$1" "$2" "$3" "$v" --help </dev/null >/dev/null 2>"$tmp/err"
        st=$?
        assert "$1 $2 $3 $v: taken (exit $st: $(head -n 1 "$tmp/err"))" \
            test "$st" = 0
    done
    "$bin/$1" "$2" "$3" "@@" --help </dev/null >/dev/null 2>&1
    assert "$1 $2 $3 @@: refused" test $? = 4
done
cli_done
