#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing and we may (root + apt).
set -euo pipefail
need=()
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# Browser tests drive this Chromium (Playwright cannot download its own browsers everywhere);
# a fresh system may have no font at all, and pages must render with metrics like Arial's.
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -d /usr/share/fonts/truetype/liberation ] || need+=(fonts-liberation)
# Offscreen OpenGL (OSMesa) for the 3D workflow's previews.
compgen -G "/usr/lib/*/libOSMesa.so.*" >/dev/null || need+=(libosmesa6)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "system-packages: missing ${need[*]}; install them with your package manager" >&2
  exit 1
fi
echo "system-packages: installing ${need[*]}"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null \
  || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; }
