#!/usr/bin/env bash
# The labelled-set benchmark's corpus (`npm run bench -- retrieval`): the Python 3 documentation from
# Debian's python3-doc package, HTML under /usr/share/doc/python3-doc/html. Idempotent: skips when it is
# installed. Not needed by `npm test`.
set -euo pipefail
say() { printf '[fetch-pydoc] %s\n' "$*"; }
if dpkg -s python3-doc >/dev/null 2>&1 && [ -d /usr/share/doc/python3-doc/html/library ]; then
  say "python3-doc present: $(dpkg-query -W -f '${Version}' python3-doc)"
  exit 0
fi
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
say "apt-get update && apt-get install python3-doc"
$SUDO apt-get update -qq >/dev/null || { echo "[fetch-pydoc] FAILED: apt-get update (Debian mirror unreachable?)" >&2; exit 1; }
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-doc >/dev/null \
  || { echo "[fetch-pydoc] FAILED: apt-get install python3-doc" >&2; exit 1; }
say "python3-doc installed: $(dpkg-query -W -f '${Version}' python3-doc)"
