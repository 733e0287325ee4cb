#!/usr/bin/env bash
# The benchmark command (`npm run bench`): provision (idempotent), build, start the real PostgreSQL+pgvector
# and Temporal dev server the way scripts/test.sh does, but on ports and a run directory of their own so a
# benchmark can run beside a test run, then run the knowledge benchmarks (dist/bench/run.js). Figures go
# to stdout and bench/results/knowledge.json. Override with KWS_BENCH_RUN_DIR, KWS_BENCH_PG_PORT,
# KWS_BENCH_TEMPORAL_PORT, KWS_BENCH_TEMPORAL_UI_PORT; KWS_BENCH_BULK_LOAD=auto|incremental|rebuild;
# KWS_BENCH_QUICK=1 runs every step at a small size (a smoke run); KWS_BENCH_SIZES=10000,100000 sets the
# corpus sizes searched; KWS_BENCH_UPLOAD_SAMPLES, KWS_BENCH_SEARCH_SAMPLES fewer samples. Suites as arguments: `npm run bench --
# retrieval` runs the labelled set over the Python documentation (scripts/fetch-pydoc.sh installs it).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
# bench/results/ is git-ignored, so the throw-away cluster lives there.
export KWS_RUN_DIR="${KWS_BENCH_RUN_DIR:-$ROOT/bench/results/.run}"
export TEST_PG_PORT="${KWS_BENCH_PG_PORT:-54339}"
export TEST_TEMPORAL_PORT="${KWS_BENCH_TEMPORAL_PORT:-17243}"
export TEST_TEMPORAL_UI_PORT="${KWS_BENCH_TEMPORAL_UI_PORT:-18243}"
# shellcheck source=scripts/services.sh
source scripts/services.sh
for suite in "$@"; do
  if [ "$suite" = retrieval ] || [ "$suite" = manual ]; then bash scripts/fetch-pydoc.sh; fi
done
prepare_and_start bench
echo "[bench] load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
node dist/bench/run.js "$@"
