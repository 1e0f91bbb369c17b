#!/bin/sh
# gen.sh - the man pages and shell completions of the commands, generated
# at build time from the built commands themselves, so that they cannot
# drift from --help (doc/CMakeLists.txt runs it).
#
#   gen.sh spec COMMAND NAME OUT
#       reads `NAME --help`, finds the subcommands (the second word of a
#       usage line, the names of a "Commands:" list) and reads the help of
#       those that have their own, then asks the command which values each
#       option takes, and writes all of it to OUT as records (below)
#   gen.sh man SPEC TEMPLATE VERSION DATE OUT
#       the man page: TEMPLATE (hand-written roff) with its @...@ markers
#       filled from SPEC (doc/spec2man.awk)
#   gen.sh bash OUT SPEC...
#       the bash completion of the commands of the SPECs (spec2bash.awk)
#
# Records, one a line, fields separated by tabs; ID numbers a help page
# (0: `NAME --help`; 1, 2...: a subcommand's own --help, shared by the
# subcommands whose help is the same text):
#   command NAME
#   page    ID  NAMES            subcommands of the page, space-separated
#   sub     NAME ID              a subcommand and its page (0: it reads the
#                                options of NAME --help)
#   usage   ID  TEXT
#   text    ID  KIND TEXT        KIND: about (before the options), more
#                                (after them), syntax (the paragraph on
#                                how options are written)
#   group   ID  HEADING          the options that follow are in this group
#   option  ID  SHORT LONG VALUE HELP      (SHORT, LONG, VALUE may be empty)
#   value   ID  OPTION KIND WORDS          what OPTION's VALUE may be:
#                                choice (one of WORDS), file (any text: a
#                                file name), other (a number, a shape...)
#   exits   ID  HEADING
#   exit    ID  CODE TEXT
#
# Values are learnt by giving each option the value '@@' before --help:
# the command either refuses it, listing its choices ("'@@' is not dlx or
# dfs") or describing what it wants ("is not a positive number"), or takes
# it as it is and prints its help (a file name).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tab=$(printf '\t')
# a value in a list of choices: "dlx", "rot180", "reject-list"
word='[A-Za-z0-9][A-Za-z0-9_.+-]*'

# A command run for its help must not wait for input or hang.
run_help() {
    if command -v timeout >/dev/null 2>&1; then
        timeout 30 "$@" </dev/null
    else
        "$@" </dev/null
    fi
}

spec() {
    cmd=$1 name=$2 out=$3
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/gen_spec.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    run_help "$cmd" --help >"$tmp/help.0" 2>"$tmp/err" || {
        echo "gen.sh: '$cmd --help' failed:" >&2
        cat "$tmp/err" >&2
        exit 1
    }
    awk -v id=0 -v cmd="$name" -f "$here/help2spec.awk" "$tmp/help.0" \
        >"$tmp/spec.0"
    : >"$tmp/subs"
    pages=0
    for sub in $(sed -n "s/^cand$tab//p" "$tmp/spec.0" | awk '!seen[$0]++'); do
        run_help "$cmd" "$sub" --help >"$tmp/h" 2>/dev/null || continue
        page=
        k=0
        while [ $k -le $pages ]; do
            cmp -s "$tmp/h" "$tmp/help.$k" && page=$k && break
            k=$((k + 1))
        done
        if [ -z "$page" ]; then
            pages=$((pages + 1))
            page=$pages
            mv "$tmp/h" "$tmp/help.$page"
            awk -v id=$page -v cmd="$name" -f "$here/help2spec.awk" \
                "$tmp/help.$page" | grep -v "^cand$tab" >"$tmp/spec.$page"
        fi
        printf 'sub\t%s\t%s\n' "$sub" "$page" >>"$tmp/subs"
    done
    {
        printf 'command\t%s\n' "$name"
        k=0
        while [ $k -le $pages ]; do
            printf 'page\t%s\t%s\n' $k "$(awk -F "$tab" -v k=$k \
                '$3 == k { printf "%s%s", n++ ? " " : "", $2 }' "$tmp/subs")"
            k=$((k + 1))
        done
        cat "$tmp/subs"
        k=0
        while [ $k -le $pages ]; do
            grep -v "^cand$tab" "$tmp/spec.$k" || true
            # the command line that reaches page k's options
            via=$(awk -F "$tab" -v k=$k '$3 == k { print $2; exit }' \
                  "$tmp/subs")
            awk -F "$tab" '$1 == "option" && $5 != "" {
                    print ($4 != "" ? "--" $4 "=@@" : "-" $3 "@@") "\t" \
                          ($4 != "" ? $4 : $3)
                }' "$tmp/spec.$k" |
            while IFS="$tab" read -r arg opt; do
                # shellcheck disable=SC2086 # $via: no word or one
                if run_help "$cmd" $via "$arg" --help >/dev/null \
                        2>"$tmp/err"; then
                    printf 'value\t%s\t%s\tfile\t\n' $k "$opt"
                    continue
                fi
                said=$(sed -n "s/^.*: '@@' is not //p" "$tmp/err" | head -n 1)
                if [ -z "$said" ]; then
                    printf 'value\t%s\t%s\tfile\t\n' $k "$opt"
                elif printf '%s\n' "$said" | grep -Eqv '^an? ' &&
                     printf '%s\n' "$said" |
                         grep -Eq "^$word((, | or )$word)*\$"
                then
                    printf 'value\t%s\t%s\tchoice\t%s\n' $k "$opt" \
                        "$(printf '%s\n' "$said" | sed 's/, / /g; s/ or / /g')"
                else
                    printf 'value\t%s\t%s\tother\t\n' $k "$opt"
                fi
            done
            k=$((k + 1))
        done
    } >"$out.tmp"
    mv "$out.tmp" "$out"
}

case ${1:-} in
spec)
    shift
    spec "$@"
    ;;
man)
    awk -v version="$4" -v date="$5" -f "$here/spec2man.awk" "$2" "$3" \
        >"$6.tmp"
    mv "$6.tmp" "$6"
    ;;
bash)
    out=$2
    shift 2
    awk -f "$here/spec2bash.awk" "$@" >"$out.tmp"
    mv "$out.tmp" "$out"
    ;;
*)
    echo "usage: gen.sh spec|man|bash ..." >&2
    exit 4
    ;;
esac
