#!/usr/bin/env bash
# Installs the Debian packages Longhaul needs when they are missing and we may (root + apt).
#   deploy/system-packages.sh        what the tests need: the runtime's packages, a Redis server
#                                    and a browser
#   deploy/system-packages.sh run    what the platform itself needs (make up, make eval); where
#                                    it cannot install them it says so and goes on, and /readyz
#                                    reports the sandbox down until they are there
set -euo pipefail
mode=${1:-test}
need=()
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
# The sandbox's seccomp filter is compiled by libseccomp (agents/sandbox/seccomp.py).
compgen -G "/usr/lib/*/libseccomp.so.2*" >/dev/null || need+=(libseccomp2)
# Offscreen OpenGL (OSMesa) for the 3D workflow's previews.
compgen -G "/usr/lib/*/libOSMesa.so.*" >/dev/null || need+=(libosmesa6)
# SAML sign-in checks signatures with xmlsec1 (pysaml2 runs it; accounts/saml.py).
command -v xmlsec1 >/dev/null 2>&1 || need+=(xmlsec1)
if [ "$mode" = test ]; then
  command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
  # Browser tests drive this Chromium (Playwright cannot download its own browsers everywhere);
  # a fresh system may have no font at all, and pages must render with metrics like Arial's.
  [ -x /usr/bin/chromium ] || need+=(chromium)
  [ -d /usr/share/fonts/truetype/liberation ] || need+=(fonts-liberation)
  # Node runs the Khronos glTF Validator (vendored from npm) on the 3D workflow's GLB files.
  command -v node >/dev/null 2>&1 || need+=(nodejs)
  # promtool checks and unit-tests the alert rules shipped in deploy/prometheus/.
  command -v promtool >/dev/null 2>&1 || need+=(prometheus)
elif [ "$mode" != run ]; then
  echo "usage: $0 [test|run]" >&2
  exit 2
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "system-packages: missing ${need[*]}; install them with your package manager" >&2
  [ "$mode" = run ] && exit 0
  exit 1
fi
echo "system-packages: installing ${need[*]}"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null \
  || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; }
