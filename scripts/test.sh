#!/usr/bin/env bash
# The README's test command: provision (idempotent), build, start the real PostgreSQL+pgvector and the
# Temporal dev server (with its Web UI), then run the mocha suite. The time-skipping test server is
# started by the tests themselves through @temporalio/testing, from the binary setup installed.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/services.sh
source scripts/services.sh
prepare_and_start test
echo "[test] running mocha against PostgreSQL $PG_VERSION_STRING, Temporal dev server at $TEMPORAL_ADDRESS (Web UI http://127.0.0.1:$TEMPORAL_UI_PORT) and the time-skipping server $TEMPORAL_TEST_SERVER_PATH"
# `npm test -- dist/test/api/x.test.js ...` runs just those files (mocha otherwise adds them to .mocharc's spec).
# (No exec: the EXIT trap must still stop the components.)
for arg in "$@"; do
  case "$arg" in
    *.test.js)
      npx mocha --no-config --require dist/test/hooks.js --reporter dist/test/reporter.js --timeout 60000 --slow 2000 --exit "$@"
      exit $?
      ;;
  esac
done
if [[ $# -gt 0 ]]; then
  npx mocha "$@"
  exit $?
fi

# The whole suite: the fault scenarios (test/fault: their own Temporal servers, databases and service processes,
# mostly waiting out heartbeat timeouts and restarts) run as a second mocha beside the rest, which shares this
# script's components. The tally is the two runs' sum, written where the reporter writes it ($KWS_TEST_SUMMARY).
FAULT=dist/test/fault/fault.test.js
tally_dir="$(mktemp -d)"
KWS_TEST_SUMMARY="$tally_dir/fault" npx mocha --no-config --require dist/test/hooks.js --reporter dist/test/reporter.js \
  --timeout 60000 --slow 2000 --exit "$FAULT" >"$tally_dir/fault.log" 2>&1 &
fault_pid=$!
main_rc=0
KWS_TEST_SUMMARY="$tally_dir/main" npx mocha --ignore "$FAULT" || main_rc=$?
fault_rc=0
wait "$fault_pid" || fault_rc=$?
echo "[test] the fault scenarios, run beside the suite:"
cat "$tally_dir/fault.log"
# "mocha: N passed, N failed, N skipped" of each run, summed. A run that wrote no such line, or that failed with
# none counted failed (a crash after its tally), counts one failure.
tally() {
  local counts passed failed skipped
  counts="$(sed -nE 's/^mocha: ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$/\1 \2 \3/p' "$1" 2>/dev/null | tail -1)"
  read -r passed failed skipped <<<"${counts:-0 1 0}"
  if [[ "$2" -ne 0 && "$failed" -eq 0 ]]; then failed=1; fi
  echo "$passed $failed $skipped"
}
read -r main_passed main_failed main_skipped < <(tally "$tally_dir/main" "$main_rc")
read -r fault_passed fault_failed fault_skipped < <(tally "$tally_dir/fault" "$fault_rc")
line="mocha: $((main_passed + fault_passed)) passed, $((main_failed + fault_failed)) failed, $((main_skipped + fault_skipped)) skipped"
echo "$line"
[[ -n "${KWS_TEST_SUMMARY:-}" ]] && echo "$line" >"$KWS_TEST_SUMMARY"
rm -rf "$tally_dir"
if [[ "$main_rc" -ne 0 ]]; then exit "$main_rc"; fi
exit "$fault_rc"
