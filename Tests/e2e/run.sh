#!/usr/bin/env bash
# End-to-end tests of the triage UI: the real binary in a private tmux server.
# Builds nothing: EXHIBIT_BIN names the binary (default .build/debug/exhibit), and
# EXHIBIT_E2E_RUN the run directory to open (default: the sample unset-attribute run,
# or a tiny run written to a temp dir when the samples are missing). Polls
# `tmux capture-pane` (bounded, 0.1 s steps) instead of sleeping. Prints
# `e2e: N passed, M failed` and exits non-zero on any failure.
set -u
cd "$(dirname "$0")/../.." || exit 2

BIN=${EXHIBIT_BIN:-.build/debug/exhibit}
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
if [ ! -x "$BIN" ]; then echo "e2e: no executable at $BIN (build first, or set EXHIBIT_BIN)"; echo "e2e: 0 passed, 1 failed"; exit 1; fi
command -v tmux >/dev/null || { echo "e2e: tmux is not installed"; echo "e2e: 0 passed, 1 failed"; exit 1; }

# A UTF-8 locale and a terminal type the system's terminfo knows. macOS has C.UTF-8
# only from macOS 15 on, and its ncurses 5.7 database has no tmux entries (Homebrew's tmux
# uses screen-256color for that reason); without them exhibit would draw in ASCII or as xterm.
E2E_LANG=C.UTF-8
E2E_TERM=tmux-256color
if [ "$(uname -s)" = Darwin ]; then E2E_LANG=en_US.UTF-8; E2E_TERM=screen-256color; fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/exhibit-e2e.XXXXXX")
SERVER="exhibit-e2e-$$"
T=(tmux -L "$SERVER" -f /dev/null)
cleanup() { "${T[@]}" kill-server 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

# A tiny run: a container with an escape-sequence file name and a wide name in tmp.
write_tiny_run() {
    local run="$WORK/run-e2e-tiny"
    mkdir -p "$run/container" "$run/results"
    cat > "$run/run.json" <<'JSON'
{"commit":"0123456789abcdef0123456789abcdef01234567","scheme":"Vault","device":{"name":"iPhone 16"},"runtime":{"version":"26.1"}}
JSON
    cat > "$run/container/inventory.json" <<'JSON'
[1,2,{"progname":"exhibit-e2e","progver":"0.1.0","timestamp":1793697195},
[{"name":"."},
[{"name":"Documents"},
{"name":"vault.sqlite","asize":81920,"dsize":81920},
{"name":"cache.db","asize":20480,"dsize":20480}],
[{"name":"Library"},
[{"name":"Application Support"},
{"name":"offline-catalog.db","asize":5242880,"dsize":5242880}],
[{"name":"Caches"},{"name":"a.jpg","asize":102400,"dsize":102400}]],
[{"name":"tmp"},
{"name":"\u001b]0;owned\u0007.log","asize":300,"dsize":4096},
{"name":"日本語.txt","asize":30,"dsize":4096}]]]
JSON
    echo "$run"
}

if [ -n "${EXHIBIT_E2E_RUN:-}" ]; then RUN=$EXHIBIT_E2E_RUN
elif [ -d SampleArchives/run-2026-11-03-unset-attribute ]; then RUN="$PWD/SampleArchives/run-2026-11-03-unset-attribute"
else RUN=$(write_tiny_run); fi
# The run whose tmp/ holds a file name with a terminal escape sequence.
if [ -d SampleArchives/run-2026-11-05-skipped-cleanup ]; then HOSTILE_RUN="$PWD/SampleArchives/run-2026-11-05-skipped-cleanup"
else HOSTILE_RUN=$(write_tiny_run); fi

cat > "$WORK/launch.sh" <<'SH'
#!/bin/sh
# Records the pid (the exec keeps it) so signals reach exhibit itself.
echo $$ > "$1"; shift
exec "$@"
SH

PASSED=0; FAILED=0
# A wait outside `check` would hide a text that never appears; refuse to run with one.
if grep -nE '^[[:space:]]*wait_(for|gone) \$S' "$0" >&2; then echo "e2e: the waits above are not checks" >&2; exit 1; fi
pass() { PASSED=$((PASSED + 1)); echo "ok   $1"; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && cap "$2" | sed 's/^/     | /'; }

cap() { "${T[@]}" capture-pane -t "$1" -p 2>/dev/null; }
keys() { local s=$1; shift; "${T[@]}" send-keys -t "$s" "$@"; }
literal() { "${T[@]}" send-keys -t "$1" -l "$2"; }
fmt() { "${T[@]}" display -p -t "$1" "$2"; }
# Every wait is a check: a wait for a text that cannot appear must fail the run, not
# cost a silent 5 s. Polls until the screen matches (or, with `!`, stops matching) an extended regex: up to 5 s.
wait_for() {
    local s=$1 re=$2
    for _ in $(seq 50); do cap "$s" | grep -qE -- "$re" && return 0; sleep 0.1; done
    return 1
}
wait_gone() {
    local s=$1 re=$2
    for _ in $(seq 50); do cap "$s" | grep -qE -- "$re" || return 0; sleep 0.1; done
    return 1
}
check() { # name session command...
    local name=$1 s=$2; shift 2
    if "$@"; then pass "$name"; else fail "$name" "$s"; fi
}
start() { # session cols rows run
    local s=$1
    "${T[@]}" new-session -d -s "$s" -x "$2" -y "$3" \
        "env LANG=$E2E_LANG TERM=$E2E_TERM sh $(printf %q "$WORK/launch.sh") $(printf %q "$WORK/pid-$s") $(printf %q "$BIN") $(printf %q "$4") --notes $(printf %q "$WORK/notes-$s"); echo EXIT=\$?; sleep 600"
    "${T[@]}" set-option -t "$s" status off >/dev/null
    "${T[@]}" resize-window -t "$s" -x "$2" -y "$3" 2>/dev/null
}
# After exhibit exits: status as expected, no alternate screen, cursor visible again.
exited_cleanly() { # session status
    wait_for "$1" "^EXIT=$2\$" && [ "$(fmt "$1" '#{alternate_on}')" = 0 ] && [ "$(fmt "$1" '#{cursor_flag}')" = 1 ]
}
pid_of() { cat "$WORK/pid-$1" 2>/dev/null; }

# --- Main flow at 80x24 -------------------------------------------------------------
S=main
start $S 80 24 "$RUN"
check "opens the run: header, pane tabs, tree" $S wait_for $S '^ exhibit · ' \
    && check "tree lists Documents and Library" $S wait_for $S 'Library/' \
    && check "tabs name the panes" $S wait_for $S 'Tree +Violations [0-9]+ +Failures [0-9]+ +Budgets'

keys $S '&' ; literal $S Documents; keys $S Enter
check "live filter narrows the root to Documents" $S wait_for $S 'filter .Documents.'
keys $S l
check "Enter/l goes into Documents" $S wait_for $S '^ /Documents  '
keys $S h
check "h goes back to the root" $S wait_for $S '^ /  [0-9]+ entr'

keys $S Tab
check "Tab shows the violations pane" $S wait_for $S '^ Kind all · Rule all'
keys $S f
check "f opens the kind chooser" $S wait_for $S 'Filter by kind'
keys $S j Enter
check "choosing a kind filters the list" $S wait_for $S '^ Kind [a-z ]+ · Rule all · [0-9]+ of [0-9]+'
keys $S Enter
check "Enter jumps the tree to the violation's file" $S wait_for $S '^ /[^ ]'

keys $S c
check "c opens the class chooser" $S wait_for $S 'Classify this run'
keys $S Enter
check "choosing a class asks for a comment" $S wait_for $S 'Comment \(optional'
literal $S "checked in e2e"; keys $S Enter
check "the comment is followed by the optional issue link" $S wait_for $S 'Issue link \(optional'
keys $S Enter
check "the classification is confirmed or its save reported" $S wait_for $S 'Confirmed|not saved|saved'

keys $S '?'
check "? shows help generated from the action table" $S wait_for $S 'Keys: Container tree'
check "help lists bindings" $S wait_for $S 'Move down'
keys $S q
check "q closes help" $S wait_gone $S 'Keys: Container tree'

"${T[@]}" resize-window -t $S -x 60 -y 20
check "resize to 60x20 relays out" $S wait_for $S '^ Tree +Violations|^  Tree +Violations'
# Short forms, not wrapped: the second header row and the tabs stay on rows 2 and 3.
check "at 60 columns nothing wraps into the next row" $S bash -c "tmux -L $SERVER capture-pane -t $S -p | sed -n 2p | grep -qE '^ (Tests|[0-9]+(/[0-9]+)? failed|no tests)' && tmux -L $SERVER capture-pane -t $S -p | sed -n 3p | grep -q 'Tree'"
"${T[@]}" resize-window -t $S -x 29 -y 12
check "below 30x8 says the terminal is too small" $S wait_for $S 'too small \(29x12, needs 30x8\)'
"${T[@]}" resize-window -t $S -x 80 -y 24
check "back to 80x24 restores the screen" $S wait_for $S 'Tree +Violations'
check "too-small message gone after growing" $S wait_gone $S 'too small'

keys $S q
check "q quits with status 0 and restores the terminal" $S exited_cleanly $S 0

# --- An archive: run list, open, classify, export, next run, back ----------------
if [ -d SampleArchives/run-2026-11-06-junit-files-list ]; then
    S=archive
    NOTES="$WORK/notes"
    "${T[@]}" new-session -d -s $S -x 80 -y 24 \
        "env LANG=$E2E_LANG TERM=$E2E_TERM $(printf %q "$BIN") $(printf %q "$PWD/SampleArchives") --notes $(printf %q "$NOTES"); echo EXIT=\$?; sleep 600"
    "${T[@]}" set-option -t $S status off >/dev/null
    check "an archive opens on its run list" $S wait_for $S '^ exhibit · SampleArchives · 8 runs'
    check "every run is read" $S wait_gone $S 'runs read'
    check "the list is newest first" $S bash -c "tmux -L $SERVER capture-pane -t $S -p | sed -n '5,12p' | cut -c3-12 | tr '\n' ' ' | grep -q '^2026-11-08 2026-11-07 2026-11-06 2026-11-05 2026-11-04 2026-11-03 2026-11-02 2026-10-20 \$'"
    keys $S Enter
    check "Enter opens the newest run" $S wait_for $S '^ exhibit · run-2026-11-08-background-tasks'
    keys $S c Enter
    check "  ... the class chooser asks for a comment" $S wait_for $S 'Comment \(optional'
    literal $S "e2e archive"; keys $S Enter Enter
    check "classifying a run from the archive saves its record" $S wait_for $S 'Saved: '
    keys $S x
    check "x exports the triage note into the notes directory" $S wait_for $S 'Note written to'
    check "the note file exists" $S bash -c "ls $(printf %q "$NOTES")/*.md >/dev/null 2>&1"
    keys $S ']'
    check "] goes to the next run" $S wait_for $S '^ exhibit · run-2026-11-07-preferences'
    keys $S q
    check "q goes back to the list" $S wait_for $S '^ exhibit · SampleArchives · 8 runs'
    check "the list shows the new triage status" $S wait_for $S '2026-11-08 .* confirmed '
    keys $S k Enter
    check "reopening a run shows its record" $S wait_for $S '^ exhibit · run-2026-11-08-background-tasks' \
        && check "  ... with its confirmed class" $S wait_for $S 'Confirmed '
    keys $S q q
    check "q on the list quits" $S exited_cleanly $S 0
fi

# --- Comparing a run with the latest earlier run that passed (b) -------------------
if [ -d SampleArchives/run-2026-11-04-misplaced-file ] && [ -d SampleArchives/run-2026-11-02-baseline ]; then
    S=compare
    "${T[@]}" new-session -d -s $S -x 80 -y 24 \
        "env LANG=$E2E_LANG TERM=$E2E_TERM $(printf %q "$BIN") $(printf %q "$PWD/SampleArchives") --notes $(printf %q "$WORK/notes-$S"); echo EXIT=\$?; sleep 600"
    "${T[@]}" set-option -t $S status off >/dev/null
    check "compare: the archive opens on its run list" $S wait_for $S '^ exhibit · SampleArchives · 8 runs'
    check "compare: every run is read" $S wait_gone $S 'runs read'
    check "the run list shows a volume sparkline per top-level directory" $S wait_for $S '^ (Volume, last 8 runs: +)?Documents +[^ ]+ [0-9.]+ [KMG]?i?B +Library '
    keys $S / ; literal $S misplaced; keys $S Enter Enter
    check "compare: the misplaced-file run opens" $S wait_for $S '^ exhibit · run-2026-11-04-misplaced-file'
    keys $S b
    check "b compares with the latest earlier run that passed" $S wait_for $S '^ Since run-2026-11-02-baseline · '
    check "Documents/cache.db is listed as added" $S wait_for $S '^ added +\+[0-9.]+ [KMG]?i?B +[0-9.]+ [KMG]?i?B +Documents/cache\.db'
    keys $S q
    check "q leaves the comparison for the tree" $S wait_gone $S '^ Since run-2026-11-02-baseline'
    check "  ... back on the run's panes" $S wait_for $S 'Tree +Violations'
    keys $S q q
    check "compare: q twice quits" $S exited_cleanly $S 0
fi

# --- A file name with escape sequences ---------------------------------------------
S=hostile
start $S 80 24 "$HOSTILE_RUN"
check "the hostile run opens" $S wait_for $S '^ exhibit · '
keys $S '&' ; literal $S tmp; keys $S Enter l
check "escape sequences in names are shown escaped" $S wait_for $S '\\x1b\]0;owned\\x07'
check "the OSC sequence did not retitle the pane" $S bash -c "[ \"\$(tmux -L $SERVER display -p -t $S '#{pane_title}')\" != owned ]"
keys $S q
check "quit after the hostile run" $S exited_cleanly $S 0

# --- Too small from the start -------------------------------------------------------
S=small
start $S 25 4 "$RUN"
check "a 25x4 terminal gets the too-small message" $S wait_for $S 'too small: 25x4 < 30x8'
keys $S q
check "q quits from the too-small screen" $S exited_cleanly $S 0

# --- SIGHUP while a comment is being typed ------------------------------------------
S=hup
start $S 80 24 "$RUN"
check "hup: the run opens" $S wait_for $S '^ exhibit · '
keys $S c Enter; literal $S "half a thought"
check "hup: the comment is being typed" $S wait_for $S 'half a thought'
PID=$(pid_of $S)
if [ -n "$PID" ] && kill -HUP "$PID" 2>/dev/null; then
    check "SIGHUP exits with 129 and restores the terminal" $S exited_cleanly $S 129
    check "the half-typed comment is kept as a draft record" $S \
        grep -q '"comment": "half a thought"' "$WORK/notes-$S/$(basename "$RUN").draft"
    # Reopening offers the draft at once.
    "${T[@]}" kill-session -t $S 2>/dev/null
    start $S 80 24 "$RUN"
    check "reopening offers the draft" $S wait_for $S 'A draft is kept'
    keys $S q
    check "quit after reopening" $S exited_cleanly $S 0
else
    fail "SIGHUP: no exhibit pid recorded" $S
fi

# --- SIGTERM ------------------------------------------------------------------------
S=term
start $S 80 24 "$RUN"
check "term: the run opens" $S wait_for $S '^ exhibit · '
PID=$(pid_of $S)
if [ -n "$PID" ] && kill -TERM "$PID" 2>/dev/null; then
    check "SIGTERM exits with 143 and restores the terminal" $S exited_cleanly $S 143
else
    fail "SIGTERM: no exhibit pid recorded" $S
fi

# --- A large run: the rules are checked off the UI thread ---------------------------
# The tree shows first ("Checking the rules…" meanwhile, covered by the golden screens);
# here: the findings do arrive, and acting on them works once they have.
LARGE="$WORK/run-large"
if "$BIN" generate "$LARGE" --files 100000 >/dev/null 2>&1; then
    S=large
    start $S 100 30 "$LARGE"
    check "large run: the tree is shown" $S wait_for $S 'Documents/'
    proposed=1
    for _ in $(seq 300); do cap $S | grep -qE ' Proposed ' && { proposed=0; break; }; sleep 0.1; done
    if [ $proposed = 0 ]; then pass "large run: the findings replace 'Checking the rules'"; else fail "large run: the findings replace 'Checking the rules'" $S; fi
    keys $S c
    check "large run: c classifies once the findings are in" $S wait_for $S 'Classify this run'
    keys $S Escape q
    check "large run: quits cleanly" $S exited_cleanly $S 0
else
    fail "large run: exhibit generate failed"
fi

# --- A million entries: nothing the run does holds up q ----------------------------
# Opening it from an archive (the load) and opening it alone (the rules check, after the
# load that precedes the first screen): q quits at once while either is under way.
# The waits for the load are long; each q must take effect within wait_for's 5 s.
HUGE_ARCHIVE="$WORK/archive-huge"
HUGE="$HUGE_ARCHIVE/run-2026-11-09-million"
if mkdir -p "$HUGE_ARCHIVE" && "$BIN" generate "$HUGE" --files 1000000 >/dev/null 2>&1; then
    S=huge-open
    start $S 100 30 "$HUGE_ARCHIVE"
    check "1M archive: the run list opens" $S wait_for $S '^ exhibit · archive-huge · 1 run'
    keys $S Enter
    check "1M archive: the status line says the run is loading" $S wait_for $S 'Opening run-2026-11-09-million'
    keys $S q
    check "1M archive: q quits while the run loads" $S exited_cleanly $S 0

    S=huge-check
    start $S 100 30 "$HUGE"
    checking=1
    for _ in $(seq 1200); do cap $S | grep -q 'Checking the rules' && { checking=0; break; }; sleep 0.1; done
    if [ $checking = 0 ]; then pass "1M run: the tree is shown while the rules are checked"; else fail "1M run: the tree is shown while the rules are checked" $S; fi
    keys $S j q
    check "1M run: q quits while the rules are checked" $S exited_cleanly $S 0
else
    fail "1M run: exhibit generate failed"
fi

# --- A truncated inventory: the UI fails closed -------------------------------------
S=truncated
TRUNC="$WORK/run-truncated"
mkdir -p "$TRUNC/container"
printf '[1,2,{"progname":"ncdu","progver":"1.18","timestamp":1767225700},\n[{"name":"/c"},\n[{"name":"Documents"},{"name":"a.db","asize":1' \
    > "$TRUNC/container/inventory.json"
start $S 80 24 "$TRUNC"
check "truncated inventory: the header says so" $S wait_for $S 'evidence: inventory malformed'
check "truncated inventory: no class is proposed" $S bash -c "! tmux -L $SERVER capture-pane -t $S -p | grep -q 'not a boundary failure'"
keys $S v
check "v opens the evidence pane with the file's position" $S wait_for $S 'malformed +container/inventory\.json: 3:'
check "  ... titled Evidence" $S wait_for $S '^ Evidence'
keys $S v
check "v closes the evidence pane" $S wait_gone $S '^ Evidence'
keys $S c G Enter
check "c asks before recording a class the evidence cannot support" $S wait_for $S 'The evidence cannot support this class'
keys $S Escape Escape q
check "truncated inventory: quits cleanly" $S exited_cleanly $S 0

# --- / searches the whole container; n and N step through the matches ----------------
S=search
start $S 80 24 "$RUN"
check "search: the run opens" $S wait_for $S '^ exhibit · '
keys $S / ; literal $S Kyoto
check "search: / prompts on the status line" $S wait_for $S '^ /Kyoto.  Enter search'
keys $S Enter
check "search: /Kyoto at the root finds a file levels down" $S wait_for $S 'match 1 of [0-9]+'
check "  ... and opens its directory" $S wait_for $S '^ /(Documents|Library)/.+  [0-9]+ entr'
keys $S n
check "search: n goes to the next match" $S wait_for $S 'match 2 of [0-9]+'
keys $S N N
check "search: N before the first wraps to the last" $S wait_for $S 'search hit TOP, continuing at BOTTOM'
keys $S / ; literal $S 'zzz-nothing'; keys $S Enter
check "search: no match is said" $S wait_for $S 'no names contain zzz-nothing in the container'
keys $S q
check "search: quits cleanly" $S exited_cleanly $S 0

# --- The comparison sees the backup boundary (issue 18 §1) ---------------------------
if [ -d SampleArchives/run-2026-11-03-unset-attribute ] && [ -d SampleArchives/run-2026-10-20-xcode15-legacy ]; then
    S=compare-boundary
    start $S 80 24 "$PWD/SampleArchives"
    check "boundary: the archive opens" $S wait_for $S '^ exhibit · SampleArchives · 8 runs'
    keys $S / ; literal $S unset-attribute; keys $S Enter Enter
    check "boundary: the unset-attribute run opens" $S wait_for $S '^ exhibit · run-2026-11-03-unset-attribute'
    keys $S b
    check "b counts the regressions since the baseline" $S wait_for $S '^ Since run-2026-11-02-baseline · 5 regressions · 0 fixed · 1 file · '
    check "  ... new violations come first, with their count" $S wait_for $S '^ New violations \(2\)'
    check "  ... the Models directory losing its flag is listed" $S wait_for $S '^ unflagged +\+12\.0 MiB +12\.0 MiB +Library/.*Models  2 files +U ml-models'
    check "  ... newly failing tests, with what the base said" $S wait_for $S 'testModelsExcludedFromBackup\(\)  passed in base'
    keys $S j j
    check "j steps over the section title onto the flag change" $S wait_for $S '^ [0-9]+/[0-9]+  Library/Application Support/Models +Enter'
    keys $S Enter
    check "Enter shows the directory in the tree" $S wait_gone $S '^ Since run-2026-11-02-baseline'
    check "  ... inside Application Support" $S wait_for $S '^ /Library/Application Support  '
    keys $S q q
    check "boundary: q twice quits" $S exited_cleanly $S 0

    S=compare-legacy
    start $S 120 40 "$PWD/SampleArchives"
    check "legacy: the archive opens" $S wait_for $S '^ exhibit · SampleArchives · 8 runs'
    keys $S G Enter
    check "legacy: the oldest run opens" $S wait_for $S '^ exhibit · run-2026-10-20-xcode15-legacy'
    keys $S b
    check "legacy: b finds no earlier passing run" $S wait_for $S 'no earlier run (passed|to compare with); B chooses a base'
    keys $S B
    check "legacy: B lists the other runs" $S wait_for $S 'run-2026-11-02-baseline'
    keys $S G Enter
    check "legacy: VaultIndex losing its flag is a regression, not '0 added'" $S wait_for $S '^ Since run-2026-11-02-baseline · 3 regressions · 0 fixed · 0 files · '
    check "  ... listed under Excluded -> backed up" $S wait_for $S '^ Excluded -> backed up \(1\)'
    check "  ... with its files and the rule it now breaks" $S wait_for $S '^ unflagged +\+4\.3 MiB +4\.3 MiB +Library/.*VaultIndex  2 files +- +U search-index'
    keys $S q q q
    check "legacy: quits cleanly" $S exited_cleanly $S 0
fi

# --- Issue 18 items 5, 6, 8: records with history, the headline, names ------------
# Item 5: classify with an issue link, export, re-classify (asked first), the history
# and the rewritten note on disk, the link in `runs`.
if [ -d SampleArchives/run-2026-11-03-unset-attribute ]; then
    S=records
    REC_ARCHIVE="$WORK/records-archive"
    mkdir -p "$REC_ARCHIVE" && cp -R SampleArchives/run-2026-11-03-unset-attribute "$REC_ARCHIVE/"
    REC_RUN="$REC_ARCHIVE/run-2026-11-03-unset-attribute"
    start $S 80 24 "$REC_RUN"
    check "records: the run opens" $S wait_for $S '^ exhibit · '
    keys $S c Enter; literal $S "first look"; keys $S Enter
    check "records: the issue link is asked for after the comment" $S wait_for $S 'Issue link \(optional'
    literal $S "https://tracker.example/VAULT-412"; keys $S Enter
    check "records: the classification is saved" $S wait_for $S 'Saved: '
    keys $S x
    check "records: the note is written" $S wait_for $S 'Note written to'
    keys $S c
    check "records: c on a classified run shows the current record" $S wait_for $S 'This run is classified'
    check "  ... with its issue link" $S wait_for $S 'Issue: https://tracker.example/VAULT-412'
    keys $S y Enter; literal $S "second look"; keys $S Enter Enter
    check "records: re-classifying keeps the earlier one and rewrites the note" $S wait_for $S '1 earlier kept, note rewritten'
    keys $S q
    check "records: quits cleanly" $S exited_cleanly $S 0
    REC_JSON="$WORK/notes-$S/run-2026-11-03-unset-attribute.json"
    check "records: the record file holds both classifications" $S bash -c "[ \"\$(grep -c '\"comment\": \"\(first\|second\) look\"' $(printf %q "$REC_JSON"))\" -ge 2 ]"
    check "records: the note beside it was rewritten with the history" $S grep -q 'Earlier classifications' "$WORK/notes-$S/run-2026-11-03-unset-attribute.md"
    check "records: runs shows the issue link" $S bash -c "$(printf %q "$BIN") runs $(printf %q "$REC_ARCHIVE") --notes $(printf %q "$WORK/notes-$S") | grep -q 'VAULT-412'"
fi

# Item 6: the background-task run names the configuration regression; a run without
# results says so.
if [ -d SampleArchives/run-2026-11-08-background-tasks ]; then
    S=headline
    start $S 80 24 "$PWD/SampleArchives/run-2026-11-08-background-tasks"
    check "headline: the background-task run proposes a configuration regression" $S wait_for $S 'Proposed config regression'
    keys $S q
    check "headline: quits cleanly" $S exited_cleanly $S 0
fi
NORES="$WORK/run-no-results"
mkdir -p "$NORES/container"
cat > "$NORES/container/inventory.json" <<'JSON'
[1,2,{"progname":"ncdu","progver":"1.18","timestamp":1767225700},
[{"name":"/c"},
[{"name":"Documents"},
{"name":"\u2708\ufe0f","asize":10,"dsize":10},
{"name":"\ud83c\uddef\ud83c\uddf5 Kyoto itinerary.pdf","asize":9,"dsize":9},
{"name":"\u03b1\u03b2\u03b3\u03b4\u03b5\u03b6\u03b7\u03b8\u03b9\u03ba\u03bb\u03bc\u03bd\u03be\u03bf\u03c0\u03c1\u03c3\u03c4\u03c5\u03c6\u03c7\u03c8\u03c9-a-long-name-to-cut.txt","asize":8,"dsize":8}],
[{"name":"tmp"},{"name":"x.tmp","asize":1,"dsize":1}]]]
JSON
S=noresults
start $S 80 24 "$NORES"
check "no results: the header says there are none" $S wait_for $S '^ Tests none in the bundle'
keys $S Tab Tab
check "no results: the Failures pane says so" $S wait_for $S 'No test results in the bundle\.'
check "  ... and never 'No failing tests' or '(clear)'" $S bash -c "! tmux -L $SERVER capture-pane -t $S -p | grep -qE 'No failing tests|\(clear\)'"
keys $S Tab Tab '&' ; literal $S Documents; keys $S Enter Enter
# Item 8: VS16 escaped, no stray cell; the flag drawn in two cells.
check "names: the VS16 name is escaped and nothing stray follows" $S wait_for $S ' ✈\\u\{FE0F\}$'
check "names: the flag is drawn" $S wait_for $S ' 🇯🇵 Kyoto itinerary\.pdf$'
keys $S q q
check "names: quits cleanly" $S exited_cleanly $S 0
# Under LANG=C the ellipsis is `...`, never the `~` of "never backed up".
S=names-ascii
"${T[@]}" new-session -d -s $S -x 60 -y 17 \
    "env LANG=C TERM=$E2E_TERM $(printf %q "$BIN") $(printf %q "$NORES") --notes $(printf %q "$WORK/notes-$S"); echo EXIT=\$?; sleep 600"
"${T[@]}" set-option -t $S status off >/dev/null
check "names-ascii: the run opens" $S wait_for $S '^ exhibit'
keys $S '&' ; literal $S Documents; keys $S Enter Enter
check "names-ascii: a cut name shows ... between whole escapes" $S wait_for $S '\\u\{3B1\}[^ ]*\.\.\.[^ ]*\.txt$'
check "names-ascii: no ~ outside the mark column" $S bash -c "! tmux -L $SERVER capture-pane -t $S -p | sed -n '5,16p' | cut -c4- | grep -q '~'"
keys $S q q
check "names-ascii: quits cleanly" $S exited_cleanly $S 0

# --- A million entries: the terminal opens first, on the loading screen ---------------
# The run is read after the terminal opens: a load past 0.3 s shows the loading screen
# (the file, bytes against its size, entries, elapsed), q there stops the load with
# status 3 and the terminal restored; left alone, the run's own screen follows it.
LOADING_RUN="$WORK/archive-huge/run-2026-11-09-million"
if [ -d "$LOADING_RUN" ] || "$BIN" generate "$LOADING_RUN" --files 1000000 >/dev/null 2>&1; then
    S=loading-abort
    began=$(date +%s%N)
    start $S 100 30 "$LOADING_RUN"
    check "loading: the loading screen comes first" $S wait_for $S 'q or Esc: stop loading and quit'
    painted=$(( ($(date +%s%N) - began) / 1000000 ))
    echo "     | 1M run: loading screen within ${painted} ms of starting tmux"
    check "  ... naming the file being read" $S wait_for $S 'Reading +container/inventory\.json'
    check "  ... and the bytes against the file's size" $S wait_for $S 'Read +[0-9.]+ [KMG]iB of [0-9.]+ MiB \([0-9]+%\)'
    keys $S q
    check "loading: q stops the load, exits 3 and restores the terminal" $S exited_cleanly $S 3

    S=loading-open
    start $S 100 30 "$LOADING_RUN"
    check "loading: the loading screen shows while the run is read" $S wait_for $S 'Elapsed +[0-9]'
    # Then the run itself: a debug build reads a million entries in about a minute on two busy cores.
    opened=1
    for _ in $(seq 3000); do cap $S | grep -qE 'Tree +Violations' && { opened=0; break; }; sleep 0.1; done
    if [ $opened = 0 ] && ! cap $S | grep -q 'stop loading'; then pass "loading: the run's first screen replaces the loading screen"
    else fail "loading: the run's first screen replaces the loading screen" $S; fi
    keys $S q
    check "loading: the opened run quits with 0" $S exited_cleanly $S 0

    # The same run opened from its archive: the loading screen covers the list, and q
    # there stops the open and goes back to the list, not out of exhibit.
    S=loading-archive
    start $S 100 30 "$WORK/archive-huge"
    check "loading: the archive lists the run" $S wait_for $S 'run-2026-11-09-million|million'
    keys $S Enter
    check "loading: a run opened from the archive shows its loading screen" $S wait_for $S 'q or Esc: stop loading, back to the list'
    check "  ... naming the file being read" $S wait_for $S 'Reading +container/inventory\.json'
    keys $S q
    check "loading: q stops the open, back on the list" $S wait_for $S 'stopped opening run-2026-11-09-million'
    keys $S q
    check "loading: the archive quits with 0" $S exited_cleanly $S 0
else
    fail "loading: exhibit generate failed"
fi

# --- One row per file; e and E step through them in the tree's order (issue 18 §3) --
S=rows
start $S 120 40 "$RUN"
check "rows: the run opens" $S wait_for $S '^ exhibit · '
check "rows: the header counts files, the rule hits second" $S wait_for $S 'Blocking U [0-9]+ files? .*\([0-9]+ rule hits?\)'
keys $S e
check "rows: the first e goes to the first listed" $S wait_for $S 'violation 1 of [0-9]+'
check "  ... opening the way to it" $S wait_for $S '^ /Library/.+  [0-9]+ entr'
keys $S E
check "rows: E before the first wraps to the last and says so" $S wait_for $S 'violation ([0-9]+) of \1 \(hit TOP, continuing at BOTTOM\)'
keys $S Tab
check "rows: a folder reported as a whole is one row" $S wait_for $S '/  folder: [0-9]+ files'
keys $S q q
check "rows: quits cleanly" $S exited_cleanly $S 0

# --- Everything can be read whole: details wrap and scroll (issue 18 §4) --------------
S=whole
start $S 60 17 "$RUN"
check "whole: the run opens" $S wait_for $S 'Tree +Violations'
keys $S Tab i
check "whole: a violation's details open" $S wait_for $S '^ Details'
check "  ... a long field wraps under its value" $S wait_for $S '^           [^ ]'
keys $S End
check "whole: End scrolls to the last wrapped line" $S wait_for $S ' [0-9]+-([0-9]+) of \1 *$'
keys $S q Tab i
check "whole: i in the Failures shows the failure text" $S wait_for $S '^ Test      [^ ]'
keys $S q q q
check "whole: quits cleanly" $S exited_cleanly $S 0

# --- The Violations and Failures panes are searched as the tree (issue 18 §2) --------
S=panesearch
start $S 80 24 "$RUN"
check "pane search: the run opens" $S wait_for $S 'Tree +Violations'
keys $S Tab / ; literal $S Models; keys $S Enter
check "pane search: / in the Violations finds a row" $S wait_for $S 'match 1 of 1'
keys $S n
check "  ... n wraps and says so" $S wait_for $S 'search hit BOTTOM, continuing at TOP'
keys $S Tab / ; literal $S Downloads; keys $S Enter
check "pane search: / in the Failures finds a test" $S wait_for $S 'match 1 of [0-9]+'
keys $S q q
check "pane search: quits cleanly" $S exited_cleanly $S 0

# --- Issue 20: the inferred creation step in the details pane ------------------------
# The list-form sample has times.txt but no timeline: the pane says so, with the times.
if [ -d SampleArchives/run-2026-11-06-junit-files-list ]; then
    S=steps
    start $S 100 30 "$PWD/SampleArchives/run-2026-11-06-junit-files-list"
    keys $S i
    check "steps: details name the inferred step's confidence" $S wait_for $S '^ Inferred  none$'
    check "steps: ... and why (no timeline to place the birth time on)" $S wait_for $S 'no test timeline to place its birth time on'
    check "steps: ... and the item's birth time" $S wait_for $S '^ Born      2026-11-06T'
    keys $S q q
    check "steps: quits cleanly" $S exited_cleanly $S 0
fi

# --- Issue 20: a sample run with a timeline (its result bundle's session log) ------------
# The tree opens on Library: installed before the first test (boundary), filled by named steps.
if [ -d SampleArchives/run-2026-11-03-unset-attribute/results/Vault.xcresult ]; then
    S=timeline
    start $S 120 40 "$PWD/SampleArchives/run-2026-11-03-unset-attribute"
    keys $S i
    check "timeline: a directory made before the first test is placed by its neighbours" $S wait_for $S '^ Inferred  before the first test \(fixture or launch\) \(boundary\)$'
    check "timeline: ... and filled by the named steps of later tests" $S wait_for $S '^ Filled by BackupBoundaryTests/testDownloadsExcludedFromBackup > sync: download offline pack \(exact\)'
    keys $S q q
    check "timeline: quits cleanly" $S exited_cleanly $S 0
fi

# --- Small terminals: usable at 40x12, one line below 30x8 (issue 18 §7) -------------
S=smallterm
start $S 40 12 "$RUN"
check "40x12: the header's short form" $S wait_for $S '^ ([0-9]+(/[0-9]+)? failed|no tests)  '
check "  ... the tab line shows the pane in focus" $S wait_for $S 'Tree +1/4 · Tab next pane'
keys $S Tab
check "40x12: Tab shows the Violations alone" $S wait_for $S 'Violations [0-9]+ +2/4'
keys $S i
check "40x12: i opens a violation's details" $S wait_for $S '^ Details'
keys $S q Tab
check "40x12: Tab again shows the Failures" $S wait_for $S 'Failures [0-9]+ +3/4'
keys $S '?'
check "40x12: ? shows the keys, wrapped" $S wait_for $S 'Keys: Failing tests'
"${T[@]}" resize-window -t $S -x 25 -y 4
check "25x4: one line says the terminal is too small" $S wait_for $S 'too small: 25x4 < 30x8'
check "  ... and nothing else is drawn" $S bash -c "[ \$(tmux -L $SERVER capture-pane -t $S -p | grep -c '[^ ]') = 1 ]"
"${T[@]}" resize-window -t $S -x 40 -y 12
check "back to 40x12 the help is drawn again" $S wait_for $S 'Keys: Failing tests'
keys $S q q q
check "40x12: quits cleanly" $S exited_cleanly $S 0

# The note's path, longer than a status line would keep, is on the screen whole at 80x24.
S=notepath-on-the-status-line-at-eighty-columns
start $S 80 24 "$RUN"
check "note path: the run opens, its rules checked" $S wait_for $S 'Proposed|Confirmed'
keys $S x
check "note path: x writes the note" $S wait_for $S 'Note written to'
NOTE_FILE=$(ls "$WORK/notes-$S"/*.md 2>/dev/null | head -1)
check "  ... and its whole path is on the screen" $S bash -c "[ -n '$NOTE_FILE' ] && tmux -L $SERVER capture-pane -t $S -p | sed 's/^ //' | tr -d '\n' | grep -qF 'Note written to$NOTE_FILE'"
keys $S j
check "  ... until the next key" $S wait_gone $S 'Note written to'
keys $S q
check "note path: quits cleanly" $S exited_cleanly $S 0

# --- A files.txt run opens before its steps.tsv is read (issue 19) ------------------
# The first screen needs no creation step, so steps.tsv is read with the rules check;
# once the findings are in, the details name the step steps.tsv gave the file.
LISTRUN="$WORK/run-list"
if "$BIN" generate "$LISTRUN" --files 100000 --inventory list >/dev/null 2>&1; then
    S=listrun
    start $S 100 30 "$LISTRUN"
    check "list run: the tree is shown" $S wait_for $S ' entries · '
    proposed=1
    for _ in $(seq 300); do cap $S | grep -qE ' Proposed ' && { proposed=0; break; }; sleep 0.1; done
    if [ $proposed = 0 ]; then pass "list run: the findings arrive"; else fail "list run: the findings arrive" $S; fi
    keys $S e i
    check "list run: the details name the step from steps.tsv, read after the first screen" $S wait_for $S '^ Step +[a-z][a-z ]*: '
    if cap $S | grep -q 'reading steps.tsv'; then fail "list run: no step is still being read" $S; else pass "list run: no step is still being read"; fi
    keys $S q q
    check "list run: quits cleanly" $S exited_cleanly $S 0
else
    fail "list run: exhibit generate failed"
fi

# --- Not a terminal -----------------------------------------------------------------
if out=$(LANG=$E2E_LANG "$BIN" "$RUN" </dev/null 2>&1 | cat) && [ "${PIPESTATUS[0]}" != 0 ] 2>/dev/null; then :; fi
if printf '%s' "$out" | grep -qE 'summary|check'; then pass "without a terminal it points to summary and check"
else FAILED=$((FAILED + 1)); echo "FAIL without a terminal it points to summary and check"; printf '%s\n' "$out" | sed 's/^/     | /'; fi

echo "e2e: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
