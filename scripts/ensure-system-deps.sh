#!/usr/bin/env bash
# Makes sure the Debian packages are present that the portal needs (--portal: the postinstall of `npm install`) or
# that the test suite needs (no argument: the deps stage of `npm test`):
#   libengine-gost-openssl (GOST engine)  - the API checks GOST R 34.10-2012 signatures with it (server/src/signatures)
#   util-linux (prlimit)                  - the memory bound of those checks
# and for the tests also:
#   chromium (/usr/bin/chromium)          - Playwright e2e (no browser download)
#   nginx                                 - e2e check of nginx.conf
#   postgresql (initdb/pg_ctl)            - server tests on PostgreSQL (throwaway cluster)
#   poppler-utils (pdftoppm, pdftotext)   - rendering certificates and reading back letters in tests
#   fonts-dejavu-core                     - a Cyrillic-capable system font for headless Chromium
#   gnumeric (ssconvert)                  - a spreadsheet engine that opens the CSV export in tests
#   prometheus (promtool)                 - checks and tests the alert rules in ops/prometheus
# Installs what is missing when running as root with apt-get, printing what it installs. Otherwise it prints the exact
# command; then the tests' mode exits 1, and --portal exits 0: the portal starts without GOST, says so, and answers
# 503 to signature files until the package is there (docs/operations.md «Signatures on a machine without GOST»).
# Idempotent: when everything is present it only runs a few `test`/`command -v` checks.
set -euo pipefail

portal_only=0
[ "${1:-}" = "--portal" ] && portal_only=1
missing=()

have_cmd() {
  command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/bin/$1" ]
}

# The GOST engine and provider come in one Debian package; where dpkg knows it, that is the test (OpenSSL 4 has no
# `engine` command), elsewhere `openssl engine gost` loading it is. The portal's own probe decides at start.
if command -v dpkg-query >/dev/null 2>&1; then
  dpkg-query -W -f='${Status}' libengine-gost-openssl 2>/dev/null | grep -q 'ok installed' || missing+=(libengine-gost-openssl)
elif ! openssl engine gost -t >/dev/null 2>&1; then
  missing+=(libengine-gost-openssl)
fi
have_cmd prlimit || missing+=(util-linux)
if [ "$portal_only" = 0 ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  have_cmd nginx || missing+=(nginx)
  pg_ok=0
  for d in /usr/lib/postgresql/*/bin; do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then pg_ok=1; fi
  done
  [ "$pg_ok" = 1 ] || missing+=(postgresql)
  have_cmd pdftoppm || missing+=(poppler-utils)
  [ -d /usr/share/fonts/truetype/dejavu ] || missing+=(fonts-dejavu-core)
  have_cmd ssconvert || missing+=(gnumeric)
  have_cmd promtool || missing+=(prometheus)
fi

if [ ${#missing[@]} -eq 0 ]; then
  if [ "$portal_only" = 1 ]; then
    echo "ensure-system-deps: the GOST engine for OpenSSL and prlimit present"
  else
    echo "ensure-system-deps: chromium, nginx, postgresql, poppler-utils, gnumeric, promtool, the GOST engine present"
  fi
  exit 0
fi

cmd="DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-system-deps: installing missing Debian packages: ${missing[*]}"
  # Wait for a concurrent apt/dpkg run instead of failing on its lock.
  apt_opts=(-o DPkg::Lock::Timeout=600)
  if ! apt-get "${apt_opts[@]}" update; then
    echo "ensure-system-deps: apt-get update failed" >&2
    [ "$portal_only" = 1 ] && exit 0
    exit 1
  fi
  # Do not let package installation start services (nginx/postgresql) in containers without init.
  policy_created=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    policy_created=1
  fi
  status=0
  DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" install -y --no-install-recommends "${missing[@]}" || status=$?
  if [ "$policy_created" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  if [ "$status" -ne 0 ]; then
    echo "ensure-system-deps: apt-get install failed (exit $status)" >&2
    # npm install goes on: the portal starts without them and says what is missing.
    [ "$portal_only" = 1 ] && exit 0
    exit "$status"
  fi
  echo "ensure-system-deps: installed ${missing[*]}"
  exit 0
fi

if [ "$portal_only" = 1 ]; then
  if command -v apt-get >/dev/null 2>&1; then how="sudo sh -c 'apt-get update && $cmd'"; else how="OpenSSL with the GOST engine (gost-engine) or provider"; fi
  echo "ensure-system-deps: not installed (${missing[*]}): the portal starts, but checks no electronic signature until then; install: $how" >&2
  exit 0
fi
echo "ensure-system-deps: missing Debian packages: ${missing[*]}" >&2
echo "Install them as root, then run the tests again:" >&2
echo "  sudo sh -c 'apt-get update && $cmd'" >&2
exit 1
