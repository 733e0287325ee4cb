# The real components of a test run: PostgreSQL 15 (+pgvector) in a throw-away cluster and the Temporal dev
# server, on ports of their own. Sourced by scripts/test.sh and the bench scripts (which start them for one run
# and stop them after), or run to keep them running between runs, for `npm run test:file`:
#   bash scripts/services.sh start    (npm run services:start)   starts both, records them in $RUN_DIR/components.env
#   bash scripts/services.sh stop     (npm run services:stop)    stops what start started
#   bash scripts/services.sh status
# A run (npm test, a tier) finds components that `start` left running on its ports and uses them, leaving them
# running.
ROOT="${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
# shellcheck source=scripts/node-env.sh
source "$ROOT/scripts/node-env.sh"
RUN_DIR="${KWS_RUN_DIR:-$ROOT/.test-run}"
TOOLS="${KWS_TOOLS_DIR:-$ROOT/.tools}"
PG_BIN="/usr/lib/postgresql/15/bin"
# What `services.sh start` left running: its ports (a later run on other ports starts its own) and Temporal's pid.
COMPONENTS_ENV="$RUN_DIR/components.env"
# A shell that names no ports uses those of the components kept running, if any.
if [[ -z "${TEST_PG_PORT:-}${TEST_TEMPORAL_PORT:-}" && -f "$COMPONENTS_ENV" ]]; then
  TEST_PG_PORT="$(sed -n 's/^TEST_PG_PORT=//p' "$COMPONENTS_ENV")"
  TEST_TEMPORAL_PORT="$(sed -n 's/^TEMPORAL_DEV_PORT=//p' "$COMPONENTS_ENV")"
  TEST_TEMPORAL_UI_PORT="$(sed -n 's/^TEMPORAL_UI_PORT=//p' "$COMPONENTS_ENV")"
fi
export TEST_PG_PORT="${TEST_PG_PORT:-54329}"
export TEMPORAL_DEV_PORT="${TEST_TEMPORAL_PORT:-17233}"
export TEMPORAL_UI_PORT="${TEST_TEMPORAL_UI_PORT:-18233}"
# The dev server's HTTP API and metrics, pinned (it would pick random ports) so the stack knows them as its own.
export TEMPORAL_HTTP_PORT="$((TEMPORAL_DEV_PORT + 10))"
export TEMPORAL_METRICS_PORT="$((TEMPORAL_DEV_PORT + 20))"
export TEMPORAL_ADDRESS="127.0.0.1:$TEMPORAL_DEV_PORT"
export TEMPORAL_CLI_PATH="$TOOLS/bin/temporal"
export TEMPORAL_TEST_SERVER_PATH="$TOOLS/bin/temporal-test-server"
export COMPOSE_CHECK_PATH="$TOOLS/bin/compose-check"
export TEST_DATABASE_ADMIN_URL="postgres://kws@127.0.0.1:$TEST_PG_PORT/postgres"
# The custom search attributes every workflow carries (src/workflows/contracts.ts SearchAttributes).
SEARCH_ATTRIBUTE_ARGS=(--search-attribute WorkspaceId=Keyword --search-attribute KnowledgeId=Keyword
  --search-attribute JobKind=Keyword --search-attribute RequestId=Keyword)

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

wait_port() { # host port seconds what
  local i
  for ((i = 0; i < $3 * 10; i++)); do
    # The probe opens (and closes) its descriptor in a subshell: an `exec` redirection here would send the
    # rest of the run's stderr to /dev/null.
    (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "[services] $4 did not open $1:$2 within $3 s" >&2
  return 1
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Whether `services.sh start` left both components running on this run's ports.
components_kept() {
  [ -f "$COMPONENTS_ENV" ] || return 1
  local pg temporal pid
  pg="$(sed -n 's/^TEST_PG_PORT=//p' "$COMPONENTS_ENV")"
  temporal="$(sed -n 's/^TEMPORAL_DEV_PORT=//p' "$COMPONENTS_ENV")"
  pid="$(sed -n 's/^TEMPORAL_PID=//p' "$COMPONENTS_ENV")"
  [ "$pg" = "$TEST_PG_PORT" ] && [ "$temporal" = "$TEMPORAL_DEV_PORT" ] && kill -0 "$pid" 2>/dev/null &&
    as_pg "$PG_BIN/pg_ctl" -D "$RUN_DIR/pg" status >/dev/null 2>&1
}

# PostgreSQL, unless already running on this run directory.
pg_start() {
  mkdir -p "$RUN_DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$RUN_DIR"
  if [ ! -f "$RUN_DIR/pg/PG_VERSION" ]; then
    echo "[services] initdb $RUN_DIR/pg"
    as_pg "$PG_BIN/initdb" -D "$RUN_DIR/pg" -U kws --auth=trust -E UTF8 >/dev/null
  fi
  if ! as_pg "$PG_BIN/pg_ctl" -D "$RUN_DIR/pg" status >/dev/null 2>&1; then
    echo "[services] starting PostgreSQL 15 on 127.0.0.1:$TEST_PG_PORT"
    # shared_buffers holds a 100,000-chunk HNSW index and its heap (about 400 MB; the default 128 MB made
    # every search copy index pages in from the OS cache, pgvector's own advice is to fit the index).
    as_pg "$PG_BIN/pg_ctl" -D "$RUN_DIR/pg" -l "$RUN_DIR/pg.log" -w -t 60 \
      -o "-p $TEST_PG_PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=${KWS_PG_SHARED_BUFFERS:-1GB}" start >/dev/null
    # test/medium/db/plannerStatistics.test.ts sets autovacuum_naptime for its duration; one killed before its
    # after hook left it in the kept cluster.
    psql "$TEST_DATABASE_ADMIN_URL" -q -c 'ALTER SYSTEM RESET autovacuum_naptime' -c 'SELECT pg_reload_conf()' >/dev/null
  fi
  pg_version
  echo "[services] $PG_VERSION_STRING up; pgvector available: $(psql "$TEST_DATABASE_ADMIN_URL" -Atc "select default_version from pg_available_extensions where name='vector'")"
}

pg_version() {
  PG_VERSION_STRING="$(psql "$TEST_DATABASE_ADMIN_URL" -Atc 'select version()' | cut -d' ' -f1-2)"
  export PG_VERSION_STRING
}

# Starts the Temporal dev server in the background (TEMPORAL_PID); temporal_wait waits until it answers.
temporal_launch() {
  # A server left on the port (an earlier run that was killed) would be used silently: refuse instead.
  local port
  for port in "$TEMPORAL_DEV_PORT" "$TEMPORAL_HTTP_PORT" "$TEMPORAL_UI_PORT" "$TEMPORAL_METRICS_PORT"; do
    if port_open "$port"; then
      echo "[services] port $port is already in use (a Temporal dev server left by an earlier run, or a service of yours?); the dev server needs $TEMPORAL_DEV_PORT (gRPC), $TEMPORAL_HTTP_PORT (HTTP), $TEMPORAL_UI_PORT (Web UI) and $TEMPORAL_METRICS_PORT (metrics): stop what holds it or set TEST_TEMPORAL_PORT and TEST_TEMPORAL_UI_PORT" >&2
      return 1
    fi
  done
  echo "[services] starting Temporal dev server $("$TEMPORAL_CLI_PATH" --version | sed 's/.*(//; s/)//') on $TEMPORAL_ADDRESS, Web UI on :$TEMPORAL_UI_PORT"
  # Eager activity execution and fair dispatch on, as in src/embedded/temporal.ts (EAGER_ACTIVITIES, FAIRNESS) and
  # ops/temporal/dynamicconfig.yaml.
  ${1:-} "$TEMPORAL_CLI_PATH" server start-dev --ip 127.0.0.1 --port "$TEMPORAL_DEV_PORT" --ui-port "$TEMPORAL_UI_PORT" \
    --http-port "$TEMPORAL_HTTP_PORT" --metrics-port "$TEMPORAL_METRICS_PORT" \
    --log-level error --namespace default --dynamic-config-value system.enableActivityEagerExecution=true \
    --dynamic-config-value matching.enableFairness=true "${SEARCH_ATTRIBUTE_ARGS[@]}" >"$RUN_DIR/temporal.log" 2>&1 </dev/null &
  TEMPORAL_PID=$!
}

# The last lines of the dev server's log, where it says why it stopped (a port in use, a bad flag).
temporal_log_tail() { echo "[services] the end of $RUN_DIR/temporal.log:" >&2; tail -n 5 "$RUN_DIR/temporal.log" >&2 || true; }

temporal_wait() {
  wait_port 127.0.0.1 "$TEMPORAL_DEV_PORT" 60 "Temporal dev server" || { temporal_log_tail; return 1; }
  kill -0 "$TEMPORAL_PID" 2>/dev/null || { echo "[services] the Temporal dev server exited" >&2; temporal_log_tail; return 1; }
  wait_port 127.0.0.1 "$TEMPORAL_UI_PORT" 60 "Temporal Web UI"
  echo "[services] Temporal dev server up (pid $TEMPORAL_PID)"
}

# Both components for one run (stopped by services_stop), or the ones `services.sh start` keeps (left running).
services_start() {
  if components_kept; then
    echo "[services] using the components npm run services:start keeps ($COMPONENTS_ENV)"
    KEPT=1
    pg_version
    return 0
  fi
  pg_start
  temporal_launch
  temporal_wait
}

# Stops what this run started (the kept components stay up).
services_stop() {
  if [ -n "${KEPT:-}" ]; then
    echo "[services] the components npm run services:start keeps stay up"
    return 0
  fi
  if [ -n "${TEMPORAL_PID:-}" ]; then
    kill "$TEMPORAL_PID" 2>/dev/null || true
    wait "$TEMPORAL_PID" 2>/dev/null || true
  fi
  as_pg "$PG_BIN/pg_ctl" -D "$RUN_DIR/pg" -m fast stop >/dev/null 2>&1 || true
  echo "[services] stopped"
}

# What the test and bench commands share: provision (idempotent), build, start the components, stop
# them on exit. $1 labels the output.
prepare_and_start() {
  prepare "$1"
  trap services_stop EXIT
  services_start
}

# The build (tsc and vite: about 50 s of CPU) needs only node_modules and the project's Node.js, so it runs while
# setup.sh provisions the components (downloads and one-time builds); its output is printed when both are done.
prepare() {
  [ -d "$ROOT/node_modules" ] || (cd "$ROOT" && npm ci)
  ensure_project_node "$ROOT"
  local build_pid="" build_log="" build_rc=0 started=$SECONDS
  # KWS_SKIP_BUILD: dist/ as it is, as for npm start (e.g. several test runs after one build).
  if [ -z "${KWS_SKIP_BUILD:-}" ]; then
    build_log="$(mktemp)"
    # A process group of its own, stopped with this script if setup fails. (Without job control, as in these
    # scripts, the background shell leads no group, so setsid makes one in place and $! is its id.)
    (cd "$ROOT" && exec setsid npm run build --silent) >"$build_log" 2>&1 &
    build_pid=$!
    trap 'kill -TERM -- "-'"$build_pid"'" 2>/dev/null || true; rm -f "'"$build_log"'"' EXIT
  fi
  bash "$ROOT/scripts/setup.sh"
  echo "[$1] Node $(node --version) ($(command -v node))"
  if [ -z "$build_pid" ]; then
    echo "[$1] not building (KWS_SKIP_BUILD is set: dist/ is used as it is)"
    return 0
  fi
  wait "$build_pid" || build_rc=$?
  trap - EXIT
  cat "$build_log"
  rm -f "$build_log"
  if [ "$build_rc" -ne 0 ]; then
    echo "[$1] the build failed (exit $build_rc)" >&2
    exit "$build_rc"
  fi
  echo "[$1] built beside the setup ($((SECONDS - started)) s for both)"
}

# `bash scripts/services.sh start|stop|status`
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  case "${1:-}" in
    start)
      if components_kept; then
        echo "[services] already running: $(tr '\n' ' ' <"$COMPONENTS_ENV")"
        exit 0
      fi
      bash "$ROOT/scripts/setup.sh" >/dev/null
      pg_start
      # Its own session (setsid): it outlives this script and a Ctrl-C in the terminal that started it.
      temporal_launch setsid
      temporal_wait
      printf 'TEST_PG_PORT=%s\nTEMPORAL_DEV_PORT=%s\nTEMPORAL_UI_PORT=%s\nTEMPORAL_PID=%s\n' \
        "$TEST_PG_PORT" "$TEMPORAL_DEV_PORT" "$TEMPORAL_UI_PORT" "$TEMPORAL_PID" >"$COMPONENTS_ENV"
      echo "[services] running until \`npm run services:stop\`: PostgreSQL on :$TEST_PG_PORT, Temporal on $TEMPORAL_ADDRESS (Web UI http://127.0.0.1:$TEMPORAL_UI_PORT)"
      echo "[services] one test file of any tier: npm run test:file -- test/<path>.test.ts (with the same TEST_* ports exported)"
      ;;
    stop)
      if [ -f "$COMPONENTS_ENV" ]; then
        pid="$(sed -n 's/^TEMPORAL_PID=//p' "$COMPONENTS_ENV")"
        if kill "$pid" 2>/dev/null; then
          for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        fi
        rm -f "$COMPONENTS_ENV"
      fi
      as_pg "$PG_BIN/pg_ctl" -D "$RUN_DIR/pg" -m fast stop >/dev/null 2>&1 || true
      echo "[services] stopped"
      ;;
    status)
      if components_kept; then echo "[services] running: $(tr '\n' ' ' <"$COMPONENTS_ENV")"; else echo "[services] not running on these ports"; exit 1; fi
      ;;
    *)
      echo "usage: bash scripts/services.sh start|stop|status" >&2
      exit 2
      ;;
  esac
fi
