#!/usr/bin/env bash
# The read path's real corpus (bench/knowledge/realCorpus.ts): installs Debian's documentation packages it
# is built from, then embeds its 100,000 chunks with the default model in the background (about 3 hours at
# 9.5 to 10.5 chunks/s with the model's one default thread on 2 idle cores, KWS_CORPUS_THREADS sets it;
# resumable: a stopped build goes on from the last chunk written). Progress goes to
# bench/results/.cache/real-corpus.log (KWS_BENCH_CACHE_DIR moves the cache). `--wait` runs it in the
# foreground instead; `--status` prints the last progress line. Idempotent.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
say() { printf '[bench-corpus] %s\n' "$*"; }
CACHE="${KWS_BENCH_CACHE_DIR:-$ROOT/bench/results/.cache}"
LOG="$CACHE/real-corpus.log"
PIDFILE="$CACHE/real-corpus.pid"
mkdir -p "$CACHE"
if [ "${1:-}" = --status ]; then
  tail -n 1 "$LOG" 2>/dev/null || say "no build yet"
  exit 0
fi
PACKAGES="python3-doc postgresql-doc-15 linux-doc-6.1 python-django-doc python-sqlalchemy-doc python-pandas-doc
  python-scipy-doc sphinx-doc git-doc docutils-doc python-requests-doc python-biopython-doc perl-doc"
# shellcheck disable=SC2086
MISSING=$(for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
if [ -n "$MISSING" ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  say "apt-get install $(echo $MISSING)"
  $SUDO apt-get update -qq >/dev/null
  # Documentation only: a package that would remove anything (nodejs-doc removes NodeSource's nodejs) is refused.
  # shellcheck disable=SC2086
  if $SUDO apt-get -s install $MISSING | grep -q '^Remv'; then
    say "FAILED: installing $(echo $MISSING) would remove packages:"
    $SUDO apt-get -s install $MISSING | grep '^Remv' >&2
    exit 1
  fi
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-remove $MISSING >/dev/null
fi
if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
  say "already building (pid $(cat "$PIDFILE")): $(tail -n 1 "$LOG")"
  exit 0
fi
[ -f dist/bench/knowledge/realCorpus.js ] || npm run build --silent
if [ "${1:-}" = --wait ]; then
  # Not `exec` in a pipeline: that replaces only the pipeline's subshell, and the script went on to start a
  # second build in the background.
  node dist/bench/knowledge/realCorpus.js build 2>&1 | tee -a "$LOG"
  exit "${PIPESTATUS[0]}"
fi
# Below the service's priority, so a bench or test run beside it is not slowed much.
nohup nice -n 10 node dist/bench/knowledge/realCorpus.js build >>"$LOG" 2>&1 &
echo $! >"$PIDFILE"
say "building in the background (pid $!): progress in $LOG (scripts/bench-corpus.sh --status)"
