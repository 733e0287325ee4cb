# Sourced by scripts/setup.sh and scripts/start.sh: how a first run talks. A step that has work to do says what
# it does and how long that usually takes on 2 cores (a one-time build says so), long work prints a line every
# 30 s, and every step ends with its elapsed time.
# Signals: long work runs in a process group of its own, and a SIGINT or SIGTERM sent to this script alone (npm
# forwards one to its child; a terminal's Ctrl-C reaches the whole foreground group anyway) stops that group
# before the script ends by the same signal. Nothing is left running behind a script that is gone. Short
# foreground commands (apt-get, which must not be cut off mid-install, and sudo, which needs the terminal) finish
# first; the script stops right after them.
# shellcheck shell=bash
STEP_TAG="${STEP_TAG:-setup}"
say() { printf '[%s] %s\n' "$STEP_TAG" "$*"; }
fail() {
  printf '[%s] FAILED: %s\n' "$STEP_TAG" "$*" >&2
  exit 1
}

# "42 s" or "3 min 12 s".
duration() {
  local s="$1"
  if ((s < 60)); then printf '%d s' "$s"; else printf '%d min %02d s' $((s / 60)) $((s % 60)); fi
}

STEP_NAME=""
STEP_STARTED=0
STEP_USUAL=""
# step NAME: starts a step (its clock too).
step() {
  STEP_NAME="$1"
  STEP_USUAL=""
  STEP_STARTED=$SECONDS
}
# step_work WHAT USUAL: the step has work to do; says what ("one-time: builds ...") and its usual time ("about
# 3 minutes") before it starts.
step_work() {
  STEP_USUAL="$2"
  say "$STEP_NAME: $1${2:+, $2}"
}
# step_done [OUTCOME]: ends the step with its outcome ("present: ...", "built") and its elapsed time.
step_done() {
  say "$STEP_NAME: ${1:-done} ($(duration $((SECONDS - STEP_STARTED))))"
  STEP_NAME=""
}

# The process group of the long work under way, if any (see run_long).
LONG_PID=""
forward_signal() {
  local sig="$1"
  # SIGTERM whatever the signal: a background command of a script starts with SIGINT ignored (POSIX), so a
  # forwarded SIGINT would not stop it.
  if [ -n "$LONG_PID" ]; then kill -TERM -- "-$LONG_PID" 2>/dev/null || true; fi
  local entry during="$STEP_NAME"
  for entry in "${BESIDE_LOGS[@]}"; do during="${during:+$during, }${entry%%$'\t'*}"; done
  beside_stop
  say "stopped by SIG$sig${during:+ during: $during}" >&2
  trap - "$sig"
  # $BASHPID: in a step run beside (a subshell), $$ would be the script's own pid.
  kill -"$sig" "$BASHPID"
}
# Steps run beside the others (see beside): their shells, stopped with the script.
BESIDE_PIDS=()
BESIDE_LOGS=()
BESIDE_STARTED=()
trap 'forward_signal INT' INT
trap 'forward_signal TERM' TERM
trap 'forward_signal HUP' HUP

# Seconds between the lines that say long work is still under way (30; the tests choose 1).
STEP_TICK="${STEP_TICK:-30}"

# run_long [--quiet] [--log FILE] CMD...: runs a command in a process group of its own (its stdin is /dev/null:
# nothing here may ask a question), prints a line every STEP_TICK s with the step's usual time beside it (not with
# --quiet), and answers the command's status. With --log, the command's output goes to FILE, and its last lines
# are shown if it fails.
run_long() {
  local log="" tick="$STEP_TICK"
  if [ "$1" = --quiet ]; then
    tick=0
    shift
  fi
  if [ "$1" = --log ]; then
    log="$2"
    shift 2
  fi
  if [ -n "$log" ]; then setsid "$@" </dev/null >"$log" 2>&1 & else setsid "$@" </dev/null & fi
  LONG_PID=$!
  local started=$SECONDS next=$((SECONDS + tick)) status=0
  while kill -0 "$LONG_PID" 2>/dev/null; do
    if ((tick > 0 && SECONDS >= next)); then
      say "$STEP_NAME: ... $(duration $((SECONDS - started))) so far${STEP_USUAL:+ (usually $STEP_USUAL)}"
      next=$((next + tick))
    fi
    # A background sleep and `wait`: a trapped signal interrupts `wait` at once (not a foreground sleep).
    sleep 1 &
    wait $! 2>/dev/null || true
  done
  wait "$LONG_PID" || status=$?
  LONG_PID=""
  if [ "$status" -ne 0 ] && [ -n "$log" ]; then tail -n 20 "$log" | sed 's/^/    /' >&2; fi
  return "$status"
}

# beside NAME FUNCTION [ARGS...]: runs a whole step (a function that calls step ... step_done) in a background
# shell while the script goes on with the next steps: for independent one-time downloads and builds, which wait
# on the network or keep one core busy. Its output is printed whole by beside_wait, in the order the steps
# started. A signal to the script stops it (and its long work) too.
beside() {
  local name="$1" log
  shift
  log="$(mktemp)"
  say "$name: runs beside the next steps; its output follows when they are done"
  (
    BESIDE_PIDS=()
    BESIDE_LOGS=()
    BESIDE_STARTED=()
    trap - EXIT
    # SIGINT stays ignored in a background shell; the script forwards it as SIGTERM. A hangup reaches it directly.
    trap 'forward_signal TERM' TERM
    trap 'forward_signal HUP' HUP
    "$@"
  ) </dev/null >"$log" 2>&1 &
  BESIDE_PIDS+=("$!")
  BESIDE_LOGS+=("$name"$'\t'"$log")
  BESIDE_STARTED+=("$SECONDS")
  # If the script ends before beside_wait (a foreground step failed), the steps beside it end with it.
  trap beside_stop EXIT
}
# beside_stop: stops the steps running beside (and their long work), waits for them, and removes their output.
beside_stop() {
  local pid entry
  for pid in "${BESIDE_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${BESIDE_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  for entry in "${BESIDE_LOGS[@]}"; do rm -f "${entry#*$'\t'}"; done
  BESIDE_PIDS=()
  BESIDE_LOGS=()
  BESIDE_STARTED=()
}
# beside_wait: waits for every step beside started, prints each one's output, and fails if one of them failed.
# While they work, a line every STEP_TICK s names those still at it, so a first run never goes quiet.
beside_wait() {
  local i rc name log failed=() next=$((SECONDS + STEP_TICK)) running
  while :; do
    running=""
    for i in "${!BESIDE_PIDS[@]}"; do
      kill -0 "${BESIDE_PIDS[$i]}" 2>/dev/null || continue
      running="${running:+$running, }${BESIDE_LOGS[$i]%%$'\t'*} ($(duration $((SECONDS - BESIDE_STARTED[i]))) so far)"
    done
    [ -n "$running" ] || break
    if ((SECONDS >= next)); then
      say "waiting for the steps beside: $running"
      next=$((next + STEP_TICK))
    fi
    # A background sleep and `wait`: a trapped signal interrupts `wait` at once.
    sleep 1 &
    wait $! 2>/dev/null || true
  done
  for i in "${!BESIDE_PIDS[@]}"; do
    rc=0
    wait "${BESIDE_PIDS[$i]}" || rc=$?
    name="${BESIDE_LOGS[$i]%%$'\t'*}"
    log="${BESIDE_LOGS[$i]#*$'\t'}"
    cat "$log"
    rm -f "$log"
    [ "$rc" -eq 0 ] || failed+=("$name")
  done
  BESIDE_PIDS=()
  BESIDE_LOGS=()
  BESIDE_STARTED=()
  trap - EXIT
  if [ "${#failed[@]}" -gt 0 ]; then fail "$(IFS=,; echo "${failed[*]}") (run beside the other steps: output above)"; fi
}
