#!/usr/bin/env bash
# `npm start`: provisions what the run needs (scripts/setup.sh run), builds when a source changed since the last
# build, then becomes the service itself (exec). package.json runs this script with `exec`, so npm's child is
# this script and then the service: the SIGINT or SIGTERM npm forwards to its child reaches the service, which
# stops its whole tree (the Temporal dev server with it). Before that, scripts/steps.sh passes a signal on to the
# step under way.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
STEP_TAG=start
# shellcheck source=scripts/steps.sh
source "$ROOT/scripts/steps.sh"
# shellcheck source=scripts/node-env.sh
source "$ROOT/scripts/node-env.sh"

# setup.sh speaks for itself, step by step (no progress lines of this script's own over it).
run_long --quiet bash "$ROOT/scripts/setup.sh" run || exit $?
ensure_project_node "$ROOT" >/dev/null || fail "the project's Node.js (npm rebuild node)"

# The build writes dist/.build-stamp when it completes (package.json "build"), dated when it began: a source
# newer than the stamp means the build is out of date.
BUILD_INPUTS=(src test bench scripts console packages/client/src packages/client/tsconfig.json tsconfig.json
  package.json package-lock.json node_modules/.package-lock.json)
build_current() {
  [ -f dist/.build-stamp ] && [ -z "$(find "${BUILD_INPUTS[@]}" -newer dist/.build-stamp -print -quit 2>/dev/null)" ]
}
step "build"
if [ -n "${KWS_SKIP_BUILD:-}" ]; then
  step_done "skipped (KWS_SKIP_BUILD is set: dist/ is used as it is)"
elif build_current; then
  step_done "up to date (no source changed since the last build)"
else
  step_work "compiles the service (tsc) and the console (Vite), after each change of the sources" "about 1 minute"
  run_long npm run build --silent || fail "npm run build"
  step_done "built"
fi

say "starting the service: the API, a Temporal worker and the embedded defaults (PGlite, S3, the Temporal dev server), about 15 s"
exec node "$ROOT/dist/src/main/dev.js"
