#!/usr/bin/env bash
# `npm run bench:dashboard`: the Grafana dashboard (ops/grafana/dashboards/kws.json) drawn from a real bench
# run's metrics. Starts a Prometheus of its own that scrapes the bench process's /metrics (HTTPS, the
# process's whole registry with the Temporal SDK runtime's metrics merged in) every 5 s, runs
# `npm run bench -- knowledge` (KWS_BENCH_QUICK=1 unless set), then renders every panel's PromQL over the
# bench window with bench/dashboard/render.ts in headless Chromium (not Grafana: no Grafana distribution is
# installable here) into docs/ops/dashboard.png (KWS_DASHBOARD_OUT).
# Env: the bench's (KWS_BENCH_RUN_DIR, KWS_BENCH_PG_PORT, ...), KWS_BENCH_PROMETHEUS_PORT (19090),
# PROMETHEUS_BIN (default .tools/bin/prometheus, built from the Go module proxy when missing),
# CHROMIUM_PATH (/usr/bin/chromium).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
TOOLS="${KWS_TOOLS_DIR:-$ROOT/.tools}"
RUN_DIR="${KWS_BENCH_RUN_DIR:-$ROOT/bench/results/.run}"
PROM_DIR="$RUN_DIR/prometheus"
PROM_PORT="${KWS_BENCH_PROMETHEUS_PORT:-19090}"
PROMETHEUS_VERSION="v0.316.0" # the Go module version of Prometheus 3.x
PROMETHEUS_BIN="${PROMETHEUS_BIN:-$TOOLS/bin/prometheus}"
SCRAPE_INTERVAL=5
OUT="${KWS_DASHBOARD_OUT:-$ROOT/docs/ops/dashboard.png}"
say() { printf '[bench:dashboard] %s\n' "$*"; }

if [ ! -x "$PROMETHEUS_BIN" ]; then
  say "go install github.com/prometheus/prometheus/cmd/prometheus@$PROMETHEUS_VERSION into $(dirname "$PROMETHEUS_BIN")"
  GOBIN="$(dirname "$PROMETHEUS_BIN")" CGO_ENABLED=0 GOFLAGS=-buildvcs=false GOSUMDB=off \
    go install "github.com/prometheus/prometheus/cmd/prometheus@$PROMETHEUS_VERSION"
fi

rm -rf "$PROM_DIR"
mkdir -p "$PROM_DIR"
echo '[]' > "$PROM_DIR/targets.json"
cat > "$PROM_DIR/prometheus.yml" <<YML
global:
  scrape_interval: ${SCRAPE_INTERVAL}s
  evaluation_interval: ${SCRAPE_INTERVAL}s
scrape_configs:
  - job_name: kws-bench
    scheme: https
    tls_config:
      insecure_skip_verify: true # the bench stack's self-signed certificate
    metrics_path: /metrics
    file_sd_configs:
      - files: ['$PROM_DIR/targets.json']
        refresh_interval: ${SCRAPE_INTERVAL}s
YML
say "starting Prometheus ($("$PROMETHEUS_BIN" --version 2>&1 | head -n1)) on 127.0.0.1:$PROM_PORT"
"$PROMETHEUS_BIN" --config.file="$PROM_DIR/prometheus.yml" --storage.tsdb.path="$PROM_DIR/data" \
  --web.listen-address="127.0.0.1:$PROM_PORT" > "$PROM_DIR/prometheus.log" 2>&1 &
PROM_PID=$!
trap 'kill "$PROM_PID" 2>/dev/null || true; wait "$PROM_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$PROM_PORT/-/ready" > /dev/null && break
  kill -0 "$PROM_PID" 2>/dev/null || { cat "$PROM_DIR/prometheus.log" >&2; exit 1; }
  sleep 0.2
done

FROM="$(date +%s)"
say "bench window starts $(date -u -d "@$FROM" +%H:%M:%S) UTC (load average $(cut -d' ' -f1-3 /proc/loadavg))"
KWS_BENCH_SCRAPE_TARGETS="$PROM_DIR/targets.json" KWS_BENCH_QUICK="${KWS_BENCH_QUICK:-1}" \
  bash "$ROOT/scripts/bench.sh" knowledge
TO="$(date +%s)"
say "bench window ends $(date -u -d "@$TO" +%H:%M:%S) UTC (load average $(cut -d' ' -f1-3 /proc/loadavg))"

mkdir -p "$(dirname "$OUT")"
# shellcheck source=scripts/node-env.sh
source "$ROOT/scripts/node-env.sh"
ensure_project_node "$ROOT"
node dist/bench/dashboard/render.js --prometheus "http://127.0.0.1:$PROM_PORT" --from "$FROM" --to "$TO" \
  --scrape-interval "$SCRAPE_INTERVAL" --job kws-bench --dashboard ops/grafana/dashboards/kws.json --out "$OUT" \
  --chromium "${CHROMIUM_PATH:-/usr/bin/chromium}"
