#!/usr/bin/env bash
# Creates .venv and installs the project's Python dependencies, hash-checked, from the lock files
# in deploy/lock/ (`make lock` refreshes them; deploy/lock.sh says what each holds). The lock
# covers every extra that `make up` and `make test` ask for; an extra beyond it (`bench`, the
# peers measured side by side) is resolved from the index on top, without hashes.
# Re-running is a no-op while pyproject.toml, the lock files and the extras are unchanged, and
# the one slow build (llama-cpp-python compiles for minutes) is kept as a wheel in a cache
# outside the checkout so fresh clones on the same machine reuse it.
set -euo pipefail
extras="${1:?usage: deploy/install.sh EXTRA[,EXTRA...]}"
venv=.venv
lock=deploy/lock
locked_extras=$(awk '$1 == "extras" {print $2}' "$lock/inputs.txt")
cache="${LONGHAUL_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/longhaul/wheels}"
llama_version=$(grep -o '^llama-cpp-python==[^ ]*' "$lock/llama-cpp-python.txt" | cut -d= -f3)
# pyrender (three-d extra) pins PyOpenGL 3.1.0, which lacks OSMesaCreateContextAttribs, so
# headless previews need a newer one; pip cannot override a pin, hence a second step below
# (deploy/lock.sh locks this spec in pyopengl.txt).
pyopengl_spec="PyOpenGL>=3.1.7,<4"

# Machines with local file:// package mirrors make pip warn once per package; hide only that.
quiet_pip() { grep -v "^ *WARNING: Location 'file:" || true; }
pip_install() { "$venv/bin/pip" install --quiet --disable-pip-version-check "$@" 2>&1 | quiet_pip; }

if [ "$(awk '$1 == "digest" {print $2}' "$lock/inputs.txt")" != "$(python3 deploy/lock_inputs.py "$locked_extras")" ]; then
  echo "install: pyproject.toml's dependencies changed since $lock was made: run \`make lock\`" >&2
  exit 1
fi
if [ ! -x "$venv/bin/python" ]; then
  echo "install: creating $venv"
  python3 -m venv "$venv"
fi
locks=("$lock/requirements.txt" "$lock/llama-cpp-python.txt" "$lock/pyopengl.txt" "$lock/inputs.txt")
digest=$(cat pyproject.toml "${locks[@]}" | sha256sum | cut -c1-12)
extras_digest=$(echo "$extras" | sha256sum | cut -c1-8)
stamp="$venv/.installed-$digest-$extras_digest"
# The sandbox's pytest, coverage and pip (agents/sandbox/pyenv.py): installed from the hashed lock
# into a directory of their own, bound read-only into the sandbox; /readyz checks they are there.
tools="$venv/sandbox-tools"
tools_stamp="$tools/.installed-$(sha256sum "$lock/sandbox-tools.txt" | cut -c1-12)"
if [ ! -f "$tools_stamp" ]; then
  echo "install: installing the sandbox's test tools ($lock/sandbox-tools.txt, hash-checked)"
  rm -rf "$tools"
  pip_install --require-hashes --no-deps --only-binary=:all: --target "$tools" \
    -r "$lock/sandbox-tools.txt"
  rm -rf "$tools/bin"  # console scripts would name .venv's python; the sandbox runs its own
  touch "$tools_stamp"
fi
[ -f "$stamp" ] && exit 0

# llama-cpp-python: compiled here from its source distribution, checked against the locked hash
# first. The wheel that comes out is this machine's build, so no lock can know its hash: it is
# installed from the cache on its own, without dependencies (the lock holds them).
mkdir -p "$cache"
llama_wheel=$(ls "$cache"/llama_cpp_python-"$llama_version"-*.whl 2>/dev/null | head -n 1 || true)
if [ -z "$llama_wheel" ]; then
  echo "install: building llama-cpp-python==$llama_version once (several minutes on 2 cores; cached in $cache)"
  CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" "$venv/bin/pip" wheel --no-deps --require-hashes \
    -r "$lock/llama-cpp-python.txt" -w "$cache" 2>&1 | quiet_pip
  llama_wheel=$(ls "$cache"/llama_cpp_python-"$llama_version"-*.whl | head -n 1)
fi

echo "install: installing the locked dependencies ($lock, hash-checked)"
pip_install --require-hashes --no-deps -r "$lock/requirements.txt"
pip_install --no-deps "$llama_wheel"
pip_install --require-hashes --no-deps -r "$lock/pyopengl.txt"
# The project itself: metadata only (platform/ is a source root), built with the locked
# setuptools rather than one fetched for an isolated build.
pip_install --no-deps --no-build-isolation -e .

beyond=$(tr ',' '\n' <<< "$extras" | grep -vxF -f <(tr ',' '\n' <<< "$locked_extras") | paste -sd, || true)
if [ -n "$beyond" ]; then
  echo "install: adding .[$beyond] (not in the lock: resolved from the index, without hashes)"
  pip_install -e ".[$beyond]"
  pip_install --no-deps "$pyopengl_spec"
fi
find "$venv" -maxdepth 1 -name ".installed-*" ! -name ".installed-$digest-*" -delete
touch "$stamp"
