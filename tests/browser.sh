#!/usr/bin/env bash
# browser.sh BIN_DIR TRACE_STATE DATA_DIR OUT_DIR - the search page in a
# real browser, headless Chromium:
#   1. every step of Knuth's example (with and without colors), of 5 queens
#      and of a 4x4 sudoku's exact cover: the DOM (state, covered item
#      headers) against the engine's trace, computed by trace_state.c;
#   2. #step=N in the address opens the page at step N;
#   3. sudoku solve --html and mathdoku solve --html: each step against the
#      solver's own --trace words, covered items counted, the last step's
#      grid against the solution printed;
#   4. the buttons clicked through WebDriver (chromedriver, curl): step,
#      back, play, pause, last;
#   5. screenshots in OUT_DIR.
# Exit 77 (skipped) when Chromium is not installed.
set -u
bin=$1 checker=$2 data=$3 out=$4
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "SKIP: Chromium is not installed (Debian: apt-get install chromium)"
    exit 77
fi
rm -rf "$out"
mkdir -p "$out"
profile=$(mktemp -d)
driver_pid=
cleanup() {
    [ -n "$driver_pid" ] && kill "$driver_pid" 2>/dev/null
    rm -rf "$profile"
}
trap cleanup EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

flags=(--headless --no-sandbox --disable-gpu --no-first-run
       --disable-background-networking --disable-component-update
       --disable-sync --user-data-dir="$profile")
dom() { timeout 60 "$chromium" "${flags[@]}" --dump-dom "file://$1" 2>/dev/null; }
unescape() { sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&amp;/\&/g'; }
# the page's #all report: one line per step
all_states() {
    dom "$1#all" | tr '\n' '\001' | sed 's/.*<pre id="all">//; s/<\/pre>.*//' |
        tr '\001' '\n' | unescape
}
# the state element's data-NAME at the step the address gives
state_attr() { # FILE_DOM NAME
    grep -o '<div id="state"[^>]*>' "$1" | grep -o " data-$2=\"[^\"]*\"" |
        sed 's/^[^"]*"//; s/"$//' | unescape
}

# ---- 1. every step against the engine's trace ------------------------------
check_dlx() { # NAME FILE.dlx
    local name=$1 file=$2
    "$bin/dlx" --html "$out/$name.html" "$file" >/dev/null 2>&1
    "$bin/dlx" --trace --json "$file" >"$out/$name.jsonl" 2>/dev/null
    "$checker" "$file" "$out/$name.jsonl" >"$out/$name.want" ||
        { fail "$name: trace_state"; return; }
    all_states "$out/$name.html" | cut -d'|' -f1-7 >"$out/$name.got"
    local steps
    steps=$(wc -l <"$out/$name.want")
    if [ "$steps" -gt 1 ] && cmp -s "$out/$name.want" "$out/$name.got"; then
        ok
    else
        fail "$name: the page's states differ from the trace ($steps steps)"
        diff "$out/$name.want" "$out/$name.got" | head -5
    fi
}
check_dlx knuth "$data/exact-cover/knuth-example.dlx"
check_dlx knuth-color "$data/exact-cover/knuth-color-example.dlx"
"$bin/dlx" gen queens 5 >"$out/queens-5.dlx"
check_dlx queens-5 "$out/queens-5.dlx"
printf '1 . . .\n. . . 2\n. 3 . .\n. . 4 .\n' >"$out/sudoku-4.txt"
"$bin/sudoku" encode "$out/sudoku-4.txt" >"$out/sudoku-4.dlx"
check_dlx sudoku-4-dlx "$out/sudoku-4.dlx"

# ---- 2. the address opens the page at a step -------------------------------
for s in 0 4 9 13 16; do
    dom "$out/knuth.html#step=$s" >"$out/knuth-$s.dom"
    want=$(sed -n "$((s + 1))p" "$out/knuth.want")
    got="$(state_attr "$out/knuth-$s.dom" step)|$(state_attr "$out/knuth-$s.dom" kind)|$(state_attr "$out/knuth-$s.dom" level)|$(state_attr "$out/knuth-$s.dom" item)|$(state_attr "$out/knuth-$s.dom" option)|$(state_attr "$out/knuth-$s.dom" solution)|$(state_attr "$out/knuth-$s.dom" covered)"
    [ "$got" = "$want" ] && ok || fail "#step=$s: '$got', expected '$want'"
done

# ---- 3. the puzzle commands: steps in the solver's words, the grid ---------
# "  try r3c3 = 2 (1 of 1)" -> "try|1|r3c3=2"; the level is the indent / 2
trace_words() {
    awk '
        /^ *try / { match($0, /^ */); l = RLENGTH / 2
                    sub(/^ *try /, ""); sub(/ \([0-9]+ of [0-9]+\)$/, "")
                    gsub(/ = /, "="); print "try|" l "|" $0; next }
        /has [0-9]+ (candidate|place)|: [0-9]+ ways?/ {
                    match($0, /^ */); print "choose|" RLENGTH / 2 "||" (/dead end/ ? "dead" : "")
                    next }
        /a solution$/ { match($0, /^ */); print "solution|" RLENGTH / 2 "|"; next }
        /^ *backtrack/ { match($0, /^ */); print "backtrack|" RLENGTH / 2 "|"; next }'
}
grid_text() { # DOM -> the grid's cells, row-major, without the cage labels
    tr '\n' ' ' <"$1" | sed 's/.*<table class="grid" id="grid">//; s/<\/table>.*//' |
        sed 's/<small>[^<]*<\/small>//g' | grep -o '<td[^>]*>[^<]*</td>' |
        sed 's/<[^>]*>//g' | tr -d '\n'
}
check_puzzle() { # NAME COMMAND INPUT SOLUTION_DIGITS GIVENS
    local name=$1 cmd=$2 input=$3 solution=$4 givens=$5
    "$bin/$cmd" solve --html "$out/$name.html" "$input" >/dev/null 2>&1 ||
        { fail "$name: $cmd solve --html"; return; }
    "$bin/$cmd" solve --trace "$input" 2>/dev/null | trace_words >"$out/$name.words"
    cut -d'|' -f1-3 "$out/$name.words" >"$out/$name.want"
    all_states "$out/$name.html" >"$out/$name.all"
    awk -F'|' 'NR > 1 { print $2 "|" $3 "|" ($2 == "try" ? $8 : "") }' \
        "$out/$name.all" >"$out/$name.got"
    [ "$cmd" = mathdoku ] && sed -i 's/^\(try|[0-9]*|\)cage [^:]*: /\1/' "$out/$name.got"
    [ "$cmd" = mathdoku ] && sed -i 's/^\(try|[0-9]*|\)cage [^:]*: /\1/' "$out/$name.want"
    if [ -s "$out/$name.want" ] && cmp -s "$out/$name.want" "$out/$name.got"; then
        ok
    else
        fail "$name: the page's steps differ from '$cmd solve --trace'"
        diff "$out/$name.want" "$out/$name.got" | head -5
    fi
    local n
    n=$(grep -m1 '^[0-9]*|solution|' "$out/$name.all" | cut -d'|' -f1)
    dom "$out/$name.html#step=0" >"$out/$name-first.dom"
    dom "$out/$name.html#step=$n" >"$out/$name-solved.dom"
    [ -n "$n" ] && [ "$(grid_text "$out/$name-solved.dom")" = "$solution" ] && ok ||
        fail "$name: the grid at the solution (step $n) is '$(grid_text "$out/$name-solved.dom")', not '$solution'"
    [ "$(grid_text "$out/$name-first.dom")" = "$givens" ] && ok ||
        fail "$name: first step's grid '$(grid_text "$out/$name-first.dom")', givens '$givens'"
}
check_puzzle sudoku-4 sudoku "$out/sudoku-4.txt" 1234341243212143 1234
# every option of a sudoku covers 4 items, givens and choices are
# disjoint, and an item branched on is covered until its option is tried
tail -n +2 "$out/sudoku-4.all" | paste -d'|' - "$out/sudoku-4.words" |
    awk -F'|' -v g=4 '{
        n = $6 == "" ? 0 : split($6, a, " "); c = $7 == "" ? 0 : split($7, b, " ")
        want = 4 * (g + n) + ($2 == "choose" && $12 != "dead" ? 1 : 0)
        if (c != want) { print "step " $1 ": " c " items covered, expected " want; bad = 1 } }
    END { exit bad }' && ok || fail "sudoku-4: covered items"
check_puzzle mathdoku-6 mathdoku "$data/mathdoku/wikipedia-letters.txt" \
    563412614523452361341256236145125634 ""

# ---- 4. the controls, clicked through WebDriver ----------------------------
driver=$(command -v chromedriver || true)
if [ -z "$driver" ]; then
    echo "note: chromedriver not installed, the clicks are not tested"
else
    port=$((20000 + $$ % 20000))
    "$driver" --port="$port" >"$out/chromedriver.log" 2>&1 &
    driver_pid=$!
    wd="http://127.0.0.1:$port"
    for _ in $(seq 50); do
        curl -sf "$wd/status" >/dev/null && break
        sleep 0.2
    done
    args=$(printf '"%s",' "${flags[@]}" --window-size=1280,900)
    caps='{"capabilities":{"alwaysMatch":{"goog:chromeOptions":{"binary":"'$chromium'","args":['${args%,}']}}}}'
    session=$(curl -s -X POST -H 'Content-Type: application/json' -d "$caps" "$wd/session" |
        grep -o '"sessionId":"[^"]*"' | sed 's/.*:"//; s/"$//')
    if [ -z "$session" ]; then
        fail "webdriver: no session (see $out/chromedriver.log)"
    else
        s="$wd/session/$session"
        post() { curl -s -X POST -H 'Content-Type: application/json' -d "$2" "$s/$1"; }
        js() { # the value of a JavaScript expression, as text
            post execute/sync '{"script":"return String('"$1"')","args":[]}' |
                sed 's/.*"value":"\{0,1\}//; s/"\{0,1\}}$//'
        }
        click() {
            local el
            el=$(post element '{"using":"css selector","value":"#'"$1"'"}' |
                grep -o '"element-6066-11e4-a52e-4f735466cecf":"[^"]*"' | sed 's/.*:"//; s/"$//')
            post "element/$el/click" '{}' >/dev/null
        }
        step() { js 'document.getElementById(\"state\").dataset.step'; }
        post url '{"url":"file://'"$out"'/knuth.html"}' >/dev/null
        [ "$(step)" = 0 ] && ok || fail "webdriver: the page opens at step $(step)"
        for _ in 1 2 3 4 5; do click fwd; done
        [ "$(step)" = 5 ] && ok || fail "webdriver: 5 clicks on step: step $(step)"
        want=$(sed -n 6p "$out/knuth.want" | cut -d'|' -f2,3,6,7)
        got="$(js 'document.getElementById(\"state\").dataset.kind')|$(js 'document.getElementById(\"state\").dataset.level')|$(js 'document.getElementById(\"state\").dataset.solution')|$(js 'document.getElementById(\"state\").dataset.covered')"
        [ "$got" = "$want" ] && ok || fail "webdriver: step 5 shows '$got', expected '$want'"
        click back
        [ "$(step)" = 4 ] && ok || fail "webdriver: back: step $(step)"
        click play
        sleep 1.3
        playing=$(step)
        click play
        sleep 0.6
        paused=$(step)
        sleep 0.6
        [ "$playing" -gt 4 ] && [ "$(step)" = "$paused" ] && ok ||
            fail "webdriver: play went to $playing, pause held $paused -> $(step)"
        click last
        [ "$(step)" = 16 ] && ok || fail "webdriver: last: step $(step)"
        click first
        [ "$(step)" = 0 ] && ok || fail "webdriver: first: step $(step)"
        curl -s -X DELETE "$s" >/dev/null
    fi
    kill "$driver_pid" 2>/dev/null
    wait "$driver_pid" 2>/dev/null
    driver_pid=
fi

# ---- 5. screenshots --------------------------------------------------------
shoot() { # PAGE STEP PNG
    timeout 60 "$chromium" "${flags[@]}" --window-size=1280,860 --hide-scrollbars \
        --screenshot="$3" "file://$1#step=$2" >/dev/null 2>&1
    [ -s "$3" ] && ok || fail "screenshot $3"
}
shoot "$out/knuth.html" 9 "$out/knuth-example.png"
shoot "$out/sudoku-4.html" 14 "$out/sudoku-4x4.png"
shoot "$out/mathdoku-6.html" 30 "$out/mathdoku-6x6.png"
echo "screenshots: $out/knuth-example.png $out/sudoku-4x4.png $out/mathdoku-6x6.png"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
