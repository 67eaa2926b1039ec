#!/usr/bin/env bash
# Creates .venv and installs the project's Python dependencies for the given extras.
# Re-running is a no-op while pyproject.toml and the extras are unchanged, and the one slow
# build (llama-cpp-python compiles for minutes) is kept as a wheel in a cache outside the
# checkout so fresh clones on the same machine reuse it.
set -euo pipefail
extras="${1:?usage: deploy/install.sh EXTRA[,EXTRA...]}"
venv=.venv
cache="${LONGHAUL_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/longhaul/wheels}"
llama_spec="llama-cpp-python==0.3.16"
# pyrender (three-d extra) pins PyOpenGL 3.1.0, which lacks OSMesaCreateContextAttribs, so
# headless previews need a newer one; pip cannot override a pin, hence a second step below.
pyopengl_spec="PyOpenGL>=3.1.7,<4"

# Machines with local file:// package mirrors make pip warn once per package; hide only that.
quiet_pip() { grep -v "^WARNING: Location 'file:" || true; }

if [ ! -x "$venv/bin/python" ]; then
  echo "install: creating $venv"
  python3 -m venv "$venv"
fi
project_digest=$(sha256sum pyproject.toml | cut -c1-12)
extras_digest=$(echo "$extras $pyopengl_spec" | sha256sum | cut -c1-8)
stamp="$venv/.installed-$project_digest-$extras_digest"
[ -f "$stamp" ] && exit 0

mkdir -p "$cache"
if [[ ",$extras," == *",inference,"* ]] && ! ls "$cache"/llama_cpp_python-0.3.16-*.whl >/dev/null 2>&1; then
  echo "install: building $llama_spec once (several minutes on 2 cores; cached in $cache)"
  CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" "$venv/bin/pip" wheel --no-deps "$llama_spec" -w "$cache" 2>&1 | quiet_pip
fi
echo "install: installing .[$extras]"
"$venv/bin/pip" install --quiet --disable-pip-version-check --find-links "$cache" -e ".[$extras]" 2>&1 | quiet_pip
if [[ ",$extras," == *",three-d,"* ]]; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "$pyopengl_spec" 2>&1 | quiet_pip
fi
find "$venv" -maxdepth 1 -name ".installed-*" ! -name ".installed-$project_digest-*" -delete
touch "$stamp"
