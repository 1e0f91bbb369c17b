# spec2bash.awk SPEC - the bash completion of one command, from the help
# records of SPEC (gen.sh): its subcommands, the options of each help
# page, and the values of options (choices, file names, or nothing to
# offer for numbers).  Works alone or under the bash-completion package
# (then file names are completed by its _filedir).

BEGIN { FS = "\t" }

$1 == "command" {
    cmd = $2
    fn = "_excover_" cmd
    gsub(/[^A-Za-z0-9_]/, "_", fn)
}
$1 == "page" { if ($2 + 0 > npage) npage = $2 + 0; page_subs[$2] = $3 }
$1 == "sub" { subs = subs (subs == "" ? "" : " ") $2 }
$1 == "usage" && $2 == 0 && !nusage++ {
    split($3, w, " ")
    # "sudoku COMMAND ...": a subcommand is needed first
    required = w[2] == "COMMAND"
}
$1 == "option" {
    if ($4 != "") words[$2] = words[$2] " --" $4
    if ($3 != "") words[$2] = words[$2] " -" $3
    if ($5 != "") {
        names = ""
        if ($3 != "") names = $2 ":-" $3
        if ($4 != "") names = names (names == "" ? "" : "|") $2 ":--" $4
        value_names[$2 SUBSEP ($4 != "" ? $4 : $3)] = names
    }
}
$1 == "value" {
    nv++
    v_names[nv] = value_names[$2 SUBSEP $3]
    v_kind[nv] = $4
    v_words[nv] = $5
}

function q(s) { gsub(/'/, "'\\''", s); return "'" s "'" }

END {
    print "# bash completion for " cmd " (excover)."
    print "# Generated from `" cmd " --help` by doc/gen.sh when the command was"
    print "# built: edit the command's option table, not this file."
    print ""
    print "_excover_files()"
    print "{"
    print "    if declare -F _filedir >/dev/null; then"
    print "        _filedir"
    print "    else"
    print "        compopt -o filenames 2>/dev/null"
    print "        COMPREPLY=($(compgen -f -- \"$cur\"))"
    print "    fi"
    print "}"
    print ""
    print fn "()"
    print "{"
    print "    local cur=${COMP_WORDS[COMP_CWORD]} prev= opt page=0"
    print "    COMPREPLY=()"
    print "    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}"
    print "    # the option whose value is being written: --opt VALUE, and"
    print "    # --opt=VALUE whether or not '=' is in COMP_WORDBREAKS"
    print "    if [[ $cur == = ]]; then"
    print "        opt=$prev cur="
    print "    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then"
    print "        opt=${COMP_WORDS[COMP_CWORD - 2]}"
    print "    elif [[ $cur == --*=* ]]; then"
    print "        opt=${cur%%=*} cur=${cur#*=}"
    print "    else"
    print "        opt=$prev"
    print "    fi"
    if (npage > 0) {
        print "    # the help page of the subcommand (its first word)"
        print "    if ((COMP_CWORD > 1)); then"
        print "        case ${COMP_WORDS[1]} in"
        for (p = 1; p <= npage; p++) {
            alts = page_subs[p]
            gsub(/ /, "|", alts)
            print "        " alts ") page=" p " ;;"
        }
        print "        esac"
        print "    fi"
    }
    # options that take a value, grouped by what to offer: choices, file
    # names, or nothing (a number)
    na = 0
    for (k = 1; k <= nv; k++) {
        if (v_names[k] == "")
            continue
        if (v_kind[k] == "choice")
            act = "COMPREPLY=($(compgen -W " q(v_words[k]) " -- \"$cur\"))"
        else if (v_kind[k] == "file")
            act = "_excover_files"
        else
            act = ":"
        if (!(act in pat)) {
            acts[++na] = act
            pat[act] = v_names[k]
        } else
            pat[act] = pat[act] "|" v_names[k]
    }
    print "    case $page:$opt in"
    for (k = 1; k <= na; k++) {
        print "    " pat[acts[k]] ")"
        print "        " acts[k]
        print "        return ;;"
    }
    print "    esac"
    print "    if [[ $cur == -* ]]; then"
    print "        case $page in"
    for (p = 0; p <= npage; p++)
        print "        " p ") COMPREPLY=($(compgen -W " q(substr(words[p], 2)) \
              " -- \"$cur\")) ;;"
    print "        esac"
    print "        return"
    print "    fi"
    if (subs != "") {
        print "    if ((COMP_CWORD == 1)); then"
        print "        COMPREPLY=($(compgen -W " q(subs) " -- \"$cur\"))"
        if (required)
            print "        return"
        else {
            print "        local subs=(\"${COMPREPLY[@]}\")"
            print "        _excover_files"
            print "        COMPREPLY+=(\"${subs[@]}\")"
            print "        return"
        }
        print "    fi"
    }
    print "    _excover_files"
    print "}"
    print ""
    print "complete -F " fn " " cmd
}
