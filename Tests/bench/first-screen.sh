# Sourced by Tests/bench/run and Tests/bench/first-screen: the first-screen measurement in
# tmux, and the median of a column of numbers.

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Time (s) from start to the first screen matching PATTERN in a 120x40 tmux pane, and the
# process's peak RSS (KiB) at that moment: prints "seconds kib". With LATER (a second
# pattern, `-` for none) it goes on watching and prints "seconds kib later_s later_kib".
# The pane waits on a read so tmux's own start-up is not counted; `exec` keeps the pane's
# pid the program's.
# A server of its own per measurement (`measure_first_screen` names it), so a watchdog
# left over from one can never end the next one's.
socket=exhibit-bench-$$
measurements=0
tm() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null || true' EXIT
# Waits for PATTERN on the screen, told of the pane's output by the control-mode client
# `ctl` (measure_first_screen starts it): the screen is captured only after the pane
# printed something, through that same client. Looking every 5 ms with a `tmux
# capture-pane` and a `grep` of its own started three processes a look, half a core in
# all (1.26 s of CPU in 2.47 s, measured), taken from whichever program was measured: a
# program working on both cores lost more to it than ncdu on one. Fails at once when the
# pane is gone (the server went away, or the program exited), or when the watchdog of
# measure_first_screen ended the server at the deadline.
#
# No read here has a timeout: after a `read -t` on the client's output had timed out,
# a later read failed as if at the end of the file (bash 5.2, tmux 3.3a), so the
# deadline is the watchdog's, and `read -t 0` (which only asks) gathers a burst.
watch_screen() {
  local pattern=$1 line screen
  while IFS= read -r -u "${ctl[0]}" line; do
    case $line in
      %exit*) break ;;
      %output*) ;;
      *) continue ;;
    esac
    # The rest of a burst of output first, what has arrived: one look per burst.
    while read -t 0 -u "${ctl[0]}" && IFS= read -r -u "${ctl[0]}" line; do
      [[ $line == %exit* ]] && break 2
    done
    printf 'capture-pane -p -t b\n' >&"${ctl[1]}"
    read_reply screen || break
    [[ $screen =~ $pattern ]] && return 0
  done
  if [ $SECONDS -ge "$deadline" ]; then
    echo "bench: no /$pattern/ within 60 s:" >&2
    echo "$screen" >&2
  else
    echo "bench: the pane closed before /$pattern/ showed" >&2
  fi
  return 1
}
# Reads the reply to the command sent last into the variable named $1: the lines between
# `%begin T N F` and the `%end T N F` (or `%error`) with the same three fields, so a line of
# the screen that starts with `%` is kept. Notifications never come inside a reply.
read_reply() {
  local -n into=$1
  local line block=
  into=
  while IFS= read -r -u "${ctl[0]}" line; do
    if [ -z "$block" ]; then
      [[ $line == %begin\ * ]] && block=${line#%begin }
      continue
    fi
    [ "$line" = "%end $block" ] || [ "$line" = "%error $block" ] && return 0
    into+=$line$'\n'
  done
  return 1
}
# Ends the tmux server at the deadline, 60 s from now: a read of the client's output has
# no timeout of its own. The sleep is killed with the watchdog (a trap), not left behind.
arm_watchdog() {
  disarm_watchdog
  deadline=$((SECONDS + 60))
  { trap 'kill $sleeper 2>/dev/null; wait $sleeper; exit' TERM; sleep 60 & sleeper=$!; wait $sleeper && tm kill-server; } >/dev/null 2>&1 &
  watchdog=$!
}
disarm_watchdog() {
  [ -n "${watchdog:-}" ] && kill "$watchdog" 2>/dev/null
  watchdog=
  return 0
}
# A server still shutting down from the last measurement can refuse the new session
# ("server exited unexpectedly"): a measurement that could not start, or whose pane
# closed, is made again, up to three times in all.
first_screen() {
  local try
  for try in 1 2 3; do
    measure_first_screen "$@" && return 0
    echo "bench: measurement $try of '$3' failed; again" >&2
    sleep 0.5
  done
  return 1
}
measure_first_screen() {
  local pattern=$1 later=$2; shift 2
  measurements=$((measurements + 1))
  socket=exhibit-bench-$BASHPID-$measurements
  tm new-session -d -s b -x 120 -y 40 \
    "env LANG=C.UTF-8 TERM=tmux-256color NO_COLOR=1 bash -c 'read -r _; exec \"\$@\"' _ $(printf '%q ' "$@")" || return 1
  local pid; pid=$(tm display-message -p -t b '#{pane_pid}')
  # A control client sets no size of its own: the pane stays 120x40.
  coproc ctl { tm -C attach-session -t b 2>/dev/null; }
  arm_watchdog
  # The attach's own reply first: the clock starts with the client attached.
  local attached
  read_reply attached || { stop_measurement; return 1; }
  local t0 t1; t0=$(date +%s.%N)
  printf 'send-keys -t b Enter\n' >&"${ctl[1]}"
  watch_screen "$pattern" || { stop_measurement; return 1; }
  t1=$(date +%s.%N)
  local hwm; hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
  if [ "$later" = - ]; then
    stop_measurement
    awk -v a="$t0" -v b="$t1" -v m="$hwm" 'BEGIN { printf "%.3f %d\n", b - a, m }'
    return
  fi
  arm_watchdog  # 60 s again for the later screen
  watch_screen "$later" || { stop_measurement; return 1; }
  local t2; t2=$(date +%s.%N)
  local hwm2; hwm2=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
  stop_measurement
  awk -v a="$t0" -v b="$t1" -v m="$hwm" -v c="$t2" -v n="$hwm2" 'BEGIN { printf "%.3f %d %.3f %d\n", b - a, m, c - a, n }'
}
stop_measurement() {
  disarm_watchdog
  tm kill-server 2>/dev/null || true
  # bash unsets ctl_PID once the coprocess has ended (it may have, with the server).
  if [ -n "${ctl_PID:-}" ]; then wait "$ctl_PID" 2>/dev/null || true; fi
}
