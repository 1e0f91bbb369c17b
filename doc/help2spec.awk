# help2spec.awk - one --help text, as the commands' shared layer prints it
# (cli_help in cli/cli.c), read into records that the man pages and the
# shell completions are generated from (doc/gen.sh; the format is
# described there).
#
#   Usage: CMD ...                        usage lines (wrapped ones joined)
#   about text, "Commands:" list          text  ID  about  LINE
#   Heading:                              group ID  HEADING
#     -c, --count           help...       option ID  SHORT LONG VALUE HELP
#   more text                             text  ID  more   LINE
#   An option's value follows it ...      text  ID  syntax LINE
#   Exit status (...):                    exits ID  HEADING
#     0  what it means                    exit  ID  CODE TEXT
#
# Also "cand NAME" for every word that may name a subcommand: the second
# word of a usage line (split at '|') and the names of a "Commands:" list.
# Variables: id (the page's number), cmd (the command's name).

function optrow(s) { return s ~ /^  (  )?(  )?-/ }
function heading(i) { return L[i] ~ /^[^ ].*:$/ && i < n && optrow(L[i + 1]) }
function out(a, b, c) { printf "%s\t%s\t%s\n", a, b, c }
function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
function flush_option() {
    if (o_set)
        printf "option\t%s\t%s\t%s\t%s\t%s\n", id, o_short, o_long, o_value,
               trim(o_help)
    o_set = 0
}
# The names of a list entry: "  hint, rate  ..." -> "hint rate".
function entry_names(s,    m) {
    if (!match(s, /^  [a-z][a-z0-9-]*(, [a-z][a-z0-9-]*)*/))
        return ""
    m = substr(s, 3, RLENGTH - 2)
    gsub(/, /, " ", m)
    return m
}

{ L[++n] = $0 }

END {
    i = 1
    # usage lines: "Usage: " then lines indented by 7; deeper ones continue
    # the line before
    if (L[1] ~ /^Usage: /) {
        nu = 1
        U[1] = substr(L[1], 8)
        for (i = 2; i <= n && L[i] ~ /^       /; i++)
            if (L[i] ~ /^       [^ ]/)
                U[++nu] = substr(L[i], 8)
            else
                U[nu] = U[nu] " " trim(L[i])
        for (k = 1; k <= nu; k++) {
            out("usage", id, U[k])
            split(U[k], w, " ")
            if (w[1] == cmd && w[2] ~ /^[a-z][a-z0-9|-]*$/) {
                nc = split(w[2], c, "|")
                for (j = 1; j <= nc; j++)
                    print "cand\t" c[j]
            }
        }
    }
    # about: up to the first option (or heading of options)
    in_commands = 0
    for (; i <= n && !optrow(L[i]) && !heading(i) &&
           L[i] !~ /^An option's value/ && L[i] !~ /^Exit status/; i++) {
        out("text", id, "about\t" L[i])
        if (L[i] ~ /^Commands:$/)
            in_commands = 1
        else if (L[i] == "")
            in_commands = 0
        else if (in_commands && (names = entry_names(L[i])) != "") {
            nc = split(names, c, " ")
            for (j = 1; j <= nc; j++)
                print "cand\t" c[j]
        }
    }
    # options and their groups, up to a blank line not followed by a group
    o_set = 0
    for (; i <= n; i++) {
        if (L[i] == "") {
            if (heading(i + 1))
                continue
            break
        }
        if (heading(i)) {
            flush_option()
            out("group", id, substr(L[i], 1, length(L[i]) - 1))
        } else if (optrow(L[i])) {
            flush_option()
            o_set = 1
            o_short = o_long = o_value = o_help = ""
            s = trim(L[i])
            names = s
            if ((p = index(s, "  ")) > 0) {
                names = substr(s, 1, p - 1)
                o_help = trim(substr(s, p))
            }
            nw = split(names, w, " ")
            for (j = 1; j <= nw; j++) {
                t = w[j]
                sub(/,$/, "", t)
                if (t ~ /^--/)
                    o_long = substr(t, 3)
                else if (t ~ /^-./ && o_long == "" && o_value == "")
                    o_short = substr(t, 2)
                else
                    o_value = o_value == "" ? t : o_value " " t
            }
        } else if (o_set) {
            o_help = o_help " " trim(L[i])
        } else {
            out("text", id, "about\t" L[i])
        }
    }
    flush_option()
    # more text, the paragraph on option syntax, the exit statuses
    kind = "more"
    code = ""
    for (; i <= n; i++) {
        if (L[i] ~ /^An option's value/)
            kind = "syntax"
        if (L[i] ~ /^Exit status.*:$/) {
            kind = "exit"
            out("exits", id, substr(L[i], 1, length(L[i]) - 1))
            continue
        }
        if (kind == "exit" && match(L[i], /^  [0-9]+  /)) {
            if (code != "")
                out("exit", id, code "\t" trim(text))
            code = trim(substr(L[i], 1, RLENGTH))
            text = substr(L[i], RLENGTH + 1)
        } else if (kind == "exit" && code != "" && L[i] ~ /^   /) {
            text = text " " trim(L[i])
        } else {
            if (kind == "exit") {
                if (code != "")
                    out("exit", id, code "\t" trim(text))
                code = ""
                kind = "more"
            }
            if (kind == "syntax" && L[i] == "")
                kind = "more"
            out("text", id, kind "\t" L[i])
        }
    }
    if (code != "")
        out("exit", id, code "\t" trim(text))
}
