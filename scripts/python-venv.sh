# Sourced by scripts/setup.sh and scripts/fetch-model.sh: a virtualenv for tools that never run pip themselves.
# shellcheck shell=bash

# lean_venv DIR: makes a virtualenv at DIR and sets VENV_PIP to the pip command that installs into it. With a
# system pip of 22.3 or later, the venv gets no pip of its own (ensurepip costs about 7 CPU-seconds, on a machine
# whose setup is CPU-bound) and the system's pip installs into it (`--python`); an older pip (Ubuntu 22.04's
# 22.0) gets the usual venv with its own pip.
lean_venv() {
  local dir="$1"
  if python3 -c 'import pip, sys; sys.exit(tuple(int(x) for x in pip.__version__.split(".")[:2]) < (22, 3))' 2>/dev/null; then
    python3 -m venv --without-pip "$dir" || return 1
    VENV_PIP=(python3 -m pip --python "$dir/bin/python")
  else
    python3 -m venv "$dir" || return 1
    VENV_PIP=("$dir/bin/pip")
  fi
}
