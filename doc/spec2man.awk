# spec2man.awk SPEC TEMPLATE - a man page: the hand-written TEMPLATE (roff)
# with each marker line filled from the help records of SPEC (gen.sh):
#
#   .\" @SYNOPSIS@      the usage lines of every help page
#   .\" @DESCRIPTION@   the text of `NAME --help` around its options
#   .\" @COMMANDS@      .SH COMMANDS: its "Commands:" list, if any
#   .\" @OPTIONS@       .SH OPTIONS: its options, by group
#   .\" @SUBCOMMANDS@   a section per subcommand with a help of its own
#   .\" @EXIT-STATUS@   .SH "EXIT STATUS"
#
# and @VERSION@, @DATE@ replaced anywhere.  Variables: version, date.

BEGIN { FS = "\t" }

# ---- roff --------------------------------------------------------------

# Text for a roff text line: backslashes kept; the hyphens of a word that
# starts with one (an option: --max-nodes, -l2, -) written \- so that they
# render and copy as the ASCII hyphen-minus and no line breaks there; a
# leading . or ' kept from being a request.
function esc(s,    r, i, c, prev, inopt) {
    r = ""
    prev = " "
    inopt = 0
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (index(" ([{,'\"=|/", c) > 0)
            inopt = 0
        if (c == "-" && index(" ([{,'\"=|/", prev) > 0)
            inopt = 1
        if (c == "\\")
            r = r "\\e"
        else if (c == "-" && inopt)
            r = r "\\-"
        else
            r = r c
        prev = c
    }
    if (r ~ /^[.']/)
        r = "\\&" r
    return r
}
function bold(s) { return "\\fB" esc(s) "\\fR" }
function ital(s) { return "\\fI" esc(s) "\\fR" }

# A usage line: the command and subcommand in bold, options in bold,
# metavariables (FILE, RxC) in italics.
function usage_line(s,    n, w, i, r, t, pre, core, post) {
    n = split(s, w, " ")
    r = bold(w[1])
    for (i = 2; i <= n; i++) {
        t = w[i]
        if (i == 2 && t ~ /^[a-z][a-z0-9|-]*$/) {
            r = r " " bold(t)
            continue
        }
        pre = core = post = ""
        if (match(t, /^[[(|]+/)) {
            pre = substr(t, 1, RLENGTH)
            t = substr(t, RLENGTH + 1)
        }
        if (match(t, /[]).,|]+$/)) {
            post = substr(t, RSTART)
            t = substr(t, 1, RSTART - 1)
        }
        if (t ~ /^-/)
            core = bold(t)
        else if (t ~ /^[A-Z][A-Za-z0-9\/*]*$/ &&
                 t ~ /^[A-Z][A-Z0-9]*($|[^a-z])/)
            core = ital(t)
        else
            core = esc(t)
        r = r " " esc(pre) core esc(post)
    }
    return r
}

# An option's tag: -c, --count N
function option_tag(k,    r) {
    r = ""
    if (o_short[k] != "")
        r = bold("-" o_short[k])
    if (o_long[k] != "")
        r = r (r != "" ? ", " : "") bold("--" o_long[k])
    if (o_value[k] != "")
        r = r " " ital(o_value[k])
    return r
}

# Lines of help text as roff: prose joined into paragraphs, and indented
# entries ("  solve    print ..." with deeper continuation lines) as
# tagged paragraphs.  `started`: something was written in this section.
function text_block(first, last,    i, s, para, tag, body, p) {
    para = tag = body = ""
    for (i = first; i <= last; i++) {
        s = T_line[i]
        if (s == "" || s ~ /^[^ ]/ || s ~ /^  [^ ]/) {
            if (para != "") { emit_para(para); para = "" }
            if (tag != "") { emit_entry(tag, body); tag = body = "" }
        }
        if (s == "")
            continue
        if (s ~ /^[^ ]/) {
            para = s
            while (i < last && T_line[i + 1] ~ /^[^ ]/)
                para = para " " T_line[++i]
        } else if (s ~ /^  [^ ]/) {
            s = substr(s, 3)
            if ((p = index(s, "  ")) > 0) {
                tag = substr(s, 1, p - 1)
                body = trim(substr(s, p))
            } else if (match(s, /^[a-z][a-z0-9-]*(, [a-z][a-z0-9-]*)*/)) {
                tag = substr(s, 1, RLENGTH)
                body = trim(substr(s, RLENGTH + 1))
            } else {
                tag = s
                body = ""
            }
        } else if (tag != "") {
            body = body " " trim(s)
        } else {
            para = para (para != "" ? " " : "") trim(s)
        }
    }
    if (para != "") emit_para(para)
    if (tag != "") emit_entry(tag, body)
}
function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
function emit_para(s) {
    if (started) print ".PP"
    print esc(s)
    started = 1
}
function emit_entry(tag, body) {
    print ".TP"
    print bold(tag)
    if (body != "") print esc(body)
    started = 1
}

# The lines of page `id`'s text of this kind, without the Commands: list
# (commands = 0) or only it (commands = 1), rendered.
function page_text(id, kind, commands,    i, n, inlist, lo) {
    n = 0
    inlist = 0
    for (i = 1; i <= ntext; i++) {
        if (tx_page[i] != id || tx_kind[i] != kind)
            continue
        if (tx_line[i] ~ /^Commands:$/) { inlist = 1; continue }
        if (inlist && tx_line[i] == "") inlist = 0
        if (inlist == commands)
            T_line[++n] = tx_line[i]
    }
    # no blank lines at either end
    lo = 1
    while (lo <= n && T_line[lo] == "") lo++
    while (n >= lo && T_line[n] == "") n--
    text_block(lo, n)
    return n >= lo
}

function options_of(id,    k) {
    for (k = 1; k <= nopt; k++) {
        if (o_page[k] != id)
            continue
        if (o_group[k] != "" && o_group[k] != last_group) {
            print ".SS " quote(o_group[k])
            started = 0
        }
        last_group = o_group[k]
        print ".TP"
        print option_tag(k)
        print esc(o_help[k])
        started = 1
    }
}
function quote(s) { gsub(/"/, "\"\"", s); return "\"" esc(s) "\"" }

function exits_of(id,    k, h, n) {
    h = ex_head[id]
    if (h ~ /^Exit status \(.*\)$/) {
        h = substr(h, 14, length(h) - 14)
        h = toupper(substr(h, 1, 1)) substr(h, 2) "."
        emit_para(h)
    }
    # one code a line, no space between them
    n = 0
    for (k = 1; k <= nexit; k++)
        if (ex_page[k] == id) {
            emit_entry(ex_code[k], ex_text[k])
            if (n++ == 0)
                print ".PD 0"
        }
    if (n) print ".PD"
}

function list_words(s,    n, w, i, r) {
    n = split(s, w, " ")
    r = ""
    for (i = 1; i <= n; i++)
        r = r (i == 1 ? "" : i == n ? " and " : ", ") w[i]
    return r
}

# ---- the records -------------------------------------------------------

FNR == NR {
    if ($1 == "command") cmd = $2
    else if ($1 == "page") {
        page_names[$2] = $3
        if ($2 + 0 > npage) npage = $2 + 0
    }
    else if ($1 == "sub") sub_page[$2] = $3 + 0
    else if ($1 == "usage") { us_page[++nusage] = $2; us_text[nusage] = $3 }
    else if ($1 == "text") {
        tx_page[++ntext] = $2; tx_kind[ntext] = $3; tx_line[ntext] = $4
    } else if ($1 == "group") group[$2] = $3
    else if ($1 == "option") {
        o_page[++nopt] = $2; o_short[nopt] = $3; o_long[nopt] = $4
        o_value[nopt] = $5; o_help[nopt] = $6; o_group[nopt] = group[$2]
    } else if ($1 == "exits") ex_head[$2] = $3
    else if ($1 == "exit") {
        ex_page[++nexit] = $2; ex_code[nexit] = $3; ex_text[nexit] = $4
    }
    next
}

# ---- the template ------------------------------------------------------

{
    gsub(/@VERSION@/, version)
    gsub(/@DATE@/, date)
}

/^\.\\" @SYNOPSIS@$/ {
    # a subcommand with a help of its own is shown by its own usage lines,
    # not by those of `NAME --help` that name it
    n = 0
    for (k = 1; k <= nusage; k++) {
        if (us_page[k] == 0) {
            split(us_text[k], w, " ")
            nsub = split(w[2], alt, "|")
            own = 0
            for (j = 1; j <= nsub; j++)
                if (sub_page[alt[j]] > 0)
                    own = 1
            if (own)
                continue
        }
        if (seen_usage[us_text[k]]++)
            continue
        if (n++ > 0) print ".br"
        print usage_line(us_text[k])
    }
    next
}

/^\.\\" @DESCRIPTION@$/ {
    started = 0
    page_text(0, "about", 0)
    page_text(0, "more", 0)
    next
}

/^\.\\" @COMMANDS@$/ {
    for (i = 1; i <= ntext; i++)
        if (tx_page[i] == 0 && tx_line[i] ~ /^Commands:$/) {
            print ".SH COMMANDS"
            started = 0
            page_text(0, "about", 1)
            break
        }
    next
}

/^\.\\" @OPTIONS@$/ {
    print ".SH OPTIONS"
    started = 0
    if (page_names[0] != "" && npage > 0)
        emit_para("The options of " list_words(page_names[0]) \
                  "; the other commands have their own, below.")
    last_group = ""
    options_of(0)
    print ".PP"
    started = 0
    page_text(0, "syntax", 0)
    next
}

/^\.\\" @SUBCOMMANDS@$/ {
    for (id = 1; id <= npage; id++) {
        names = page_names[id]
        gsub(/ /, ", ", names)
        print ".SH " quote(toupper(cmd " " names))
        started = 0
        for (k = 1; k <= nusage; k++)
            if (us_page[k] == id) {
                if (started) print ".br"
                print usage_line(us_text[k])
                started = 1
            }
        page_text(id, "about", 0)
        last_group = ""
        print ".PP"
        options_of(id)
        print ".PP"
        started = 0
        page_text(id, "more", 0)
        if (ex_head[id] != "") {
            print ".SS " quote("Exit status")
            started = 0
            exits_of(id)
        }
    }
    next
}

/^\.\\" @EXIT-STATUS@$/ {
    print ".SH \"EXIT STATUS\""
    started = 0
    exits_of(0)
    next
}

{ print }
