#!/usr/bin/env bash
# Refreshes the hashed lock files in deploy/lock/ from pyproject.toml (`make lock`, which passes
# the extras `make test` installs, a superset of `make up`'s); needs the package index. They pin
# every Python dependency of those extras with the sha256 of each file pip may take for it, for
# the Python in .venv and this platform (CPython 3.11 on Linux x86_64, as on the build machines):
#
#   requirements.txt     everything but llama-cpp-python and pip (below); installed with
#                        `pip install --require-hashes --no-deps`
#   llama-cpp-python.txt its source distribution's hash: deploy/install.sh checks the download
#                        against it before compiling, and installs the wheel it compiled (whose
#                        hash is the local build's, so no lock can know it) without dependencies
#   pyopengl.txt         the PyOpenGL that replaces the 3.1.0 pyrender pins (a second step)
#   sandbox-tools.txt    pytest, coverage and pip for the sandbox (deploy/sandbox-tools.in),
#                        installed into .venv/sandbox-tools, apart from the platform's own
#   inputs.txt           the extras locked, and a digest of the pyproject.toml dependencies
#                        the lock was made from (deploy/install.sh refuses a stale lock)
#
# uv resolves (pip-compile takes the better part of an hour for this set on two cores). It does
# not read pip's configuration, so the places pip finds wheels outside the index are passed on:
# the machine's own (the CPU build of torch lies in /opt/wheels on the build machines) and the
# cache holding the llama-cpp-python wheel built here (read for its dependencies only).
set -euo pipefail
extras="${1:?usage: deploy/lock.sh EXTRA[,EXTRA...]}"
lock=deploy/lock
cache="${LONGHAUL_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/longhaul/wheels}"
llama_version=$(grep -o '"llama-cpp-python\[server\]==[^"]*"' pyproject.toml | cut -d= -f3 | tr -d '"')
pyopengl_spec=$(grep -o '^pyopengl_spec="[^"]*"' deploy/install.sh | cut -d'"' -f2)
quiet_pip() { grep -v "^ *WARNING: Location 'file:" || true; }

if [ ! -x .venv/bin/uv ]; then  # a first lock, or a venv from before the dev extra had uv
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check "uv>=0.5,<1" 2>&1 | quiet_pip
fi
links=()
for place in $(.venv/bin/pip config get global.find-links 2>/dev/null || true) "$cache"; do
  [ -d "$place" ] && links+=(--find-links "$place")
done
compile() {
  .venv/bin/uv pip compile --quiet --generate-hashes --no-header --python .venv/bin/python \
    "${links[@]}" "$@"
}

mkdir -p "$lock"
extra_args=()
for extra in ${extras//,/ }; do extra_args+=(--extra "$extra"); done
# pip, which the `llm` package asks for, is the venv's own; llama-cpp-python's and its
# dependencies stay in, pinned and hashed like the rest, setuptools included (the project
# itself installs without build isolation).
compile "${extra_args[@]}" --no-emit-package llama-cpp-python --no-emit-package pip \
  --output-file "$lock/requirements.txt" pyproject.toml

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
.venv/bin/pip download --quiet --no-deps --no-binary :all: "llama-cpp-python==$llama_version" \
  -d "$scratch" 2>&1 | quiet_pip
{
  echo "# The source distribution deploy/install.sh compiles (written by deploy/lock.sh)."
  echo "llama-cpp-python==$llama_version \\"
  echo "    --hash=sha256:$(sha256sum "$scratch"/llama_cpp_python-*.tar.gz | cut -c1-64)"
} > "$lock/llama-cpp-python.txt"

echo "$pyopengl_spec" > "$scratch/pyopengl.in"
compile --no-annotate --output-file "$lock/pyopengl.txt" "$scratch/pyopengl.in"

# The sandbox's own pytest, coverage and pip (deploy/sandbox-tools.in): every wheel hashed, so
# deploy/install.sh installs them offline-ready into .venv/sandbox-tools.
compile --no-annotate --output-file "$lock/sandbox-tools.txt" deploy/sandbox-tools.in

{
  echo "# What deploy/lock.sh made the lock from; deploy/install.sh checks it (deploy/lock_inputs.py)."
  echo "extras $extras"
  echo "digest $(python3 deploy/lock_inputs.py "$extras")"
} > "$lock/inputs.txt"
echo "lock: wrote $lock/requirements.txt, llama-cpp-python.txt, pyopengl.txt and inputs.txt"
