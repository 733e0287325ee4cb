# Sourced by scripts/test.sh and bench scripts: starts and stops the real components for a run.
# PostgreSQL 15 (+pgvector) in a throw-away cluster and the Temporal dev server, on ports of their own.
# shellcheck source=scripts/node-env.sh
source "$ROOT/scripts/node-env.sh"
RUN_DIR="${KWS_RUN_DIR:-$ROOT/.test-run}"
TOOLS="${KWS_TOOLS_DIR:-$ROOT/.tools}"
PG_BIN="/usr/lib/postgresql/15/bin"
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

services_start() {
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
  fi
  PG_VERSION_STRING="$(psql "$TEST_DATABASE_ADMIN_URL" -Atc 'select version()' | cut -d' ' -f1-2)"
  export PG_VERSION_STRING
  echo "[services] $PG_VERSION_STRING up; pgvector available: $(psql "$TEST_DATABASE_ADMIN_URL" -Atc "select default_version from pg_available_extensions where name='vector'")"

  # A server left on the port (an earlier run that was killed) would be used silently: refuse instead.
  if (exec 3<>"/dev/tcp/127.0.0.1/$TEMPORAL_DEV_PORT") 2>/dev/null; then
    echo "[services] port $TEMPORAL_DEV_PORT is already in use (a Temporal dev server left by an earlier run?); stop it or set TEST_TEMPORAL_PORT" >&2
    return 1
  fi
  echo "[services] starting Temporal dev server $("$TEMPORAL_CLI_PATH" --version | sed 's/.*(//; s/)//') on $TEMPORAL_ADDRESS, Web UI on :$TEMPORAL_UI_PORT"
  # Eager activity execution on, as in src/embedded/temporal.ts (EAGER_ACTIVITIES) and ops/temporal/dynamicconfig.yaml.
  "$TEMPORAL_CLI_PATH" server start-dev --ip 127.0.0.1 --port "$TEMPORAL_DEV_PORT" --ui-port "$TEMPORAL_UI_PORT" \
    --http-port "$TEMPORAL_HTTP_PORT" --metrics-port "$TEMPORAL_METRICS_PORT" \
    --log-level error --namespace default --dynamic-config-value system.enableActivityEagerExecution=true "${SEARCH_ATTRIBUTE_ARGS[@]}" >"$RUN_DIR/temporal.log" 2>&1 &
  TEMPORAL_PID=$!
  wait_port 127.0.0.1 "$TEMPORAL_DEV_PORT" 60 "Temporal dev server"
  kill -0 "$TEMPORAL_PID" 2>/dev/null || { echo "[services] the Temporal dev server exited: $RUN_DIR/temporal.log" >&2; return 1; }
  wait_port 127.0.0.1 "$TEMPORAL_UI_PORT" 60 "Temporal Web UI"
  echo "[services] Temporal dev server up (pid $TEMPORAL_PID)"
}

services_stop() {
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
  [ -d "$ROOT/node_modules" ] || (cd "$ROOT" && npm ci)
  bash "$ROOT/scripts/setup.sh"
  ensure_project_node "$ROOT"
  echo "[$1] Node $(node --version) ($(command -v node))"
  echo "[$1] building"
  (cd "$ROOT" && npm run build --silent)
  trap services_stop EXIT
  services_start
}
