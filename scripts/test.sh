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
npx mocha "$@"
