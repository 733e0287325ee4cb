#!/usr/bin/env bash
# The test command, in three tiers (docs/guides/testing.md):
#   npm test                 all three tiers, with the build and the components (the README's and CI's command)
#   npm run test:unit        test/unit: pure tests, no component, no build (a quick transpile of what changed)
#   npm run test:medium      test/medium: services and repositories on the real PostgreSQL only (no Temporal, no HTTPS)
#   npm run test:e2e         the rest of test/: the whole service on PostgreSQL, Temporal and S3 over HTTPS,
#                            with the fault scenarios (test/fault) run beside it
#   npm run test:file -- test/<path>.test.ts ...   files of any tier, transpiled, against the components
#                            `npm run services:start` keeps running (the unit tier needs none)
# Each tier takes files (test/….test.ts or dist/test/….test.js) to run instead of all of its own, and
# `npm test -- dist/test/api/x.test.js …` still runs just those files with the build and components.
# Every run ends with one tally line, `mocha: N passed, N failed, N skipped` (summed over the runs of `npm test`).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
TIER=all
if [[ "${1:-}" == --tier ]]; then
  TIER="$2"
  shift 2
fi
# shellcheck source=scripts/services.sh
source scripts/services.sh

MOCHA=(mocha --no-config --reporter dist/test/reporter.js --timeout 60000 --slow 2000 --exit)
FAULT=dist/test/fault/fault.test.js
# The compiled test files of a tier, from the sources (a stale file in dist/ whose source moved does not run).
specs() {
  local found
  case "$1" in
    unit) found="$(find test/unit -name '*.test.ts')" ;;
    medium) found="$(find test/medium -name '*.test.ts')" ;;
    e2e) found="$(find test -name '*.test.ts' -not -path 'test/unit/*' -not -path 'test/medium/*' -not -path 'test/fault/*')" ;;
  esac
  sed -e 's#^#dist/#' -e 's#\.ts$#.js#' <<<"$found" | sort
}
# test/x.test.ts -> dist/test/x.test.js; other arguments as given.
to_dist() {
  local arg
  for arg in "$@"; do
    case "$arg" in
      test/*.ts) arg="dist/${arg%.ts}.js" ;;
    esac
    printf '%s\n' "$arg"
  done
}
# A tier's arguments: test files (files, compiled paths) and mocha options (opts); without files, the tier's own.
split_args() { # tier args...
  local tier="$1" arg
  shift
  files=() opts=()
  for arg in "$@"; do
    case "$arg" in
      *.test.ts | *.test.js) files+=("$(to_dist "$arg")") ;;
      *) opts+=("$arg") ;;
    esac
  done
  if [[ ${#files[@]} -eq 0 && "$tier" != file ]]; then mapfile -t files < <(specs "$tier"); fi
}
# The root hooks a set of files needs: none for unit files, the medium tier's for medium ones, else the full set.
hooks_for() {
  local file need=none
  for file in "$@"; do
    case "$file" in
      dist/test/unit/*) ;;
      dist/test/medium/*) [[ "$need" == none ]] && need=medium ;;
      *.js) need=all ;;
    esac
  done
  case "$need" in
    medium) echo "--require dist/test/medium/hooks.js" ;;
    all) echo "--require dist/test/hooks.js" ;;
  esac
}
# "mocha: N passed, N failed, N skipped" of a run's tally file, as "N N N". A run that wrote no such line, or
# that failed with none counted failed (a crash after its tally), counts one failure.
tally() {
  local counts passed failed skipped
  counts="$(sed -nE 's/^mocha: ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$/\1 \2 \3/p' "$1" 2>/dev/null | tail -1)"
  read -r passed failed skipped <<<"${counts:-0 1 0}"
  if [[ "$2" -ne 0 && "$failed" -eq 0 ]]; then failed=1; fi
  echo "$passed $failed $skipped"
}
# scripts/transpile.cjs: what changed since the last compile, of the given files and their imports (all with none).
quick_compile() {
  [ -d node_modules ] || npm ci --no-audit --no-fund
  ensure_project_node "$ROOT"
  node scripts/transpile.cjs "$@"
}

case "$TIER" in
  unit)
    split_args unit "$@"
    # Unit tests load nothing compiled by path: their imports are all they need (and the reporter).
    quick_compile test/reporter.ts $(sed -e 's#^dist/##' -e 's#\.js$#.ts#' < <(printf '%s\n' "${files[@]}"))
    # shellcheck disable=SC2046 # the hooks option is two words or none
    exec "${MOCHA[@]}" $(hooks_for "${files[@]}") "${opts[@]}" "${files[@]}"
    ;;
  medium)
    split_args medium "$@"
    bash scripts/setup.sh
    quick_compile
    trap services_stop EXIT
    if components_kept; then KEPT=1; else pg_start; fi
    # shellcheck disable=SC2046
    "${MOCHA[@]}" $(hooks_for "${files[@]}") "${opts[@]}" "${files[@]}"
    exit $?
    ;;
  file)
    split_args file "$@"
    [[ ${#files[@]} -gt 0 ]] || { echo "usage: npm run test:file -- test/<path>.test.ts ... [mocha options]" >&2; exit 2; }
    quick_compile
    if [[ "$(hooks_for "${files[@]}")" != "" ]] && ! components_kept; then
      echo "[test] no components running on PostgreSQL :$TEST_PG_PORT / Temporal :$TEMPORAL_DEV_PORT: start them once with \`npm run services:start\` (same TEST_* ports), or run the file's tier (npm run test:medium -- FILE, npm run test:e2e -- FILE)" >&2
      exit 1
    fi
    [[ -d dist/console && -d packages/client/dist ]] || echo "[test] the console or the client package was never built: tests that use them need \`npm run build\` once" >&2
    # shellcheck disable=SC2046
    exec "${MOCHA[@]}" $(hooks_for "${files[@]}") "${opts[@]}" "${files[@]}"
    ;;
  e2e | all) ;;
  *)
    echo "unknown tier $TIER (unit, medium, e2e, file)" >&2
    exit 2
    ;;
esac

prepare test
trap services_stop EXIT
# `npm test -- FILE…` (or other mocha arguments): one mocha with the components, as before the tiers.
if [[ "$TIER" == all && $# -gt 0 ]]; then
  services_start
  echo "[test] running mocha against PostgreSQL $PG_VERSION_STRING and the Temporal dev server at $TEMPORAL_ADDRESS"
  for arg in "$@"; do
    if [[ "$arg" == *.test.js || "$arg" == *.test.ts ]]; then
      mapfile -t files < <(to_dist "$@")
      # No exec: the EXIT trap must still stop the components.
      "${MOCHA[@]}" --require dist/test/hooks.js "${files[@]}"
      exit $?
    fi
  done
  mocha "$@"
  exit $?
fi

tally_dir="$(mktemp -d)"
# One mocha run: its tally in $tally_dir/NAME, its files' seconds in NAME.times.json, "exit seconds" in NAME.rc;
# its output to stdout (log -) or to a log printed when all runs have ended.
run_tier() { # name log|- mocha arguments...
  local name="$1" log="$2" start=$SECONDS code=0
  shift 2
  if [[ "$log" == - ]]; then
    KWS_TEST_SUMMARY="$tally_dir/$name" KWS_TEST_TIMES="$tally_dir/$name.times.json" "${MOCHA[@]}" "$@" || code=$?
  else
    KWS_TEST_SUMMARY="$tally_dir/$name" KWS_TEST_TIMES="$tally_dir/$name.times.json" "${MOCHA[@]}" "$@" >"$log" 2>&1 || code=$?
  fi
  echo "$code $((SECONDS - start))" >"$tally_dir/$name.rc"
  [[ "$log" == - ]] || echo "[test] $name: mocha ended (exit $code) after $((SECONDS - start)) s"
}

if components_kept; then
  KEPT=1
  pg_version
else
  pg_start
  if [[ "$TIER" == all ]]; then temporal_launch; fi
fi
if [[ "$TIER" == all ]]; then
  # The unit tier runs while the Temporal dev server starts.
  echo "[test] unit tier (test/unit) while the Temporal dev server starts"
  mapfile -t unit < <(specs unit)
  run_tier unit - "${unit[@]}"
  [[ -n "${KEPT:-}" ]] || temporal_wait
else
  [[ -n "${KEPT:-}" ]] || { temporal_launch && temporal_wait; }
fi

# The end-to-end files (npm run test:e2e -- FILE… runs those), in shards: one mocha run per core (KWS_TEST_SHARDS
# to choose), each with a stack of its own (database, task queue, S3 server, HTTPS app) on the same PostgreSQL and
# Temporal dev server, balanced by the files' recorded durations (scripts/test-times.cjs). Beside them, in mocha
# runs of their own: the fault scenarios (their own Temporal servers, databases and service processes, mostly
# waiting out heartbeat timeouts and restarts) and, for npm test, the medium tier (PostgreSQL only).
split_args e2e "$@"
explicit=0
for arg in "$@"; do [[ "$arg" == *.test.ts || "$arg" == *.test.js ]] && explicit=1; done
shards="${KWS_TEST_SHARDS:-$(nproc)}"
[[ "$shards" -ge 1 ]] || shards=1
fault=0 e2e=()
for file in "${files[@]}"; do
  if [[ "$file" == "$FAULT" ]]; then fault=1; else e2e+=("$file"); fi
done
[[ "$explicit" == 1 ]] || fault=1
[[ ${#e2e[@]} -ge "$shards" ]] || shards=${#e2e[@]}
echo "[test] end-to-end tier in $shards shard(s) against PostgreSQL $PG_VERSION_STRING, the Temporal dev server at $TEMPORAL_ADDRESS (Web UI http://127.0.0.1:$TEMPORAL_UI_PORT) and the time-skipping server $TEMPORAL_TEST_SERVER_PATH"
beside=() pids=()
if [[ "$fault" == 1 ]]; then
  run_tier fault "$tally_dir/fault.log" --require dist/test/hooks.js "${opts[@]}" "$FAULT" &
  pids+=($!) beside+=(fault)
fi
if [[ "$TIER" == all ]]; then
  mapfile -t medium < <(specs medium)
  run_tier medium "$tally_dir/medium.log" --require dist/test/medium/hooks.js "${medium[@]}" &
  pids+=($!) beside+=(medium)
fi
if [[ "$shards" -gt 0 ]]; then
  assignment="$(node scripts/test-times.cjs shard "$shards" "${e2e[@]}")"
  for ((i = shards; i >= 1; i--)); do
    mapfile -t mine < <(sed -n "s#^$i ##p" <<<"$assignment")
    # The first shard prints as it goes; the others' output follows when all runs have ended.
    if [[ "$i" -eq 1 ]]; then
      run_tier e2e-1 - --require dist/test/hooks.js "${opts[@]}" "${mine[@]}"
    else
      run_tier "e2e-$i" "$tally_dir/e2e-$i.log" --require dist/test/hooks.js "${opts[@]}" "${mine[@]}" &
      pids+=($!) beside+=("e2e-$i")
    fi
  done
fi
for pid in "${pids[@]}"; do wait "$pid" || true; done
for name in "${beside[@]}"; do
  echo "[test] the $name run, beside e2e-1:"
  cat "$tally_dir/$name.log"
done
node scripts/test-times.cjs summary "$tally_dir" || true

total_passed=0 total_failed=0 total_skipped=0 final_rc=0
for rc_file in "$tally_dir"/*.rc; do
  name="$(basename "$rc_file" .rc)"
  read -r rc seconds <"$rc_file"
  read -r passed failed skipped < <(tally "$tally_dir/$name" "$rc")
  printf '[test] %-6s %4d passed, %d failed, %d skipped in %d s\n' "$name" "$passed" "$failed" "$skipped" "$seconds"
  total_passed=$((total_passed + passed)) total_failed=$((total_failed + failed)) total_skipped=$((total_skipped + skipped))
  [[ "$rc" -ne 0 && "$final_rc" -eq 0 ]] && final_rc=$rc
done
rm -rf "$tally_dir"
line="mocha: $total_passed passed, $total_failed failed, $total_skipped skipped"
echo "$line"
[[ -n "${KWS_TEST_SUMMARY:-}" ]] && echo "$line" >"$KWS_TEST_SUMMARY"
exit "$final_rc"
