#!/usr/bin/env bash
# `npm test`: every check, in order, each under a banner, ending with the line "N passed, M failed".
#
#   deps           Debian packages (chromium, nginx, postgresql, poppler-utils), installed when missing
#   contract       domain/api-schema.d.ts is what openapi-typescript generates from openapi.yaml
#   typecheck      tsc --noEmit and astro check, side by side (scripts/typecheck.sh)
#   lint           biome, the architecture rules on the import graph (scripts/check-architecture.ts), redocly
#   unit           vitest, project unit
#   server-sqlite  vitest, project server, on SQLite
#   server-pg      vitest, project server, on PostgreSQL: $TEST_DATABASE_URL, or a throwaway cluster; it runs
#                  beside server-sqlite and its output comes whole when it is done
#   build          astro build -> dist/
#   production-install  `npm ci --omit=dev` in a fresh directory, `npm start` on the built dist/ answers
#                  /api/health/ready on Node 24 from the install, with no devDependency (scripts/production-install.sh)
#   fresh-machine  README's two commands on a fresh clone: `npm ci`, then `npm start` where OpenSSL loads no GOST
#                  (the whole demo, a 503 for a signature, production refusing) and the signature verdicts with GOST
#                  (scripts/fresh-machine.ts)
#   backup-restore `npm run admin -- backup` of a running portal on SQLite (under uploads, and quiet), verified;
#                  restored into PostgreSQL with files on S3 and into SQLite, each restored portal answering every
#                  read of every demo user as the original did; a changed byte fails verify-backup
#                  (scripts/backup-restore.ts)
#   e2e            Playwright in Debian Chromium against dist/ and the real server as `npm start` serves it: the specs
#                  about what differs under `npm start` (E2E_NPM_START_SPECS below)
#   e2e-nginx      the whole browser suite through `npm run start:nginx` (real nginx with nginx.conf in front, the
#                  production shape); the live spec there runs two API processes on a throwaway PostgreSQL
#                  (E2E_DATABASE_URL)
#
# In CI a browser test that passes only on its retry fails its stage (failOnFlakyTests); the summary ends with each
# browser stage's tests run, failed and flaky, naming every failed or flaky test with its first failure.
#
# A failed stage does not stop the later ones (except e2e, which needs the build); the exit code is 1
# when any stage failed. SKIP_STAGES="e2e server-pg" skips stages by name (counted as neither).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# Node 24 from the `node` devDependency first, whatever the system Node is (npm does this too).
export PATH="$ROOT/node_modules/.bin:$PATH"

passed=0
failed=0
failed_names=()
summary=()
skip=" ${SKIP_STAGES:-} "
total_stages=13
n=0
pg_url=""

# Scratch space (TMPDIR) for the stages up to the build: the tests' SQLite files, file stores, throwaway PostgreSQL
# clusters, nginx. On a RAM-backed tmpfs with room to spare (/dev/shm on Debian: half the memory) when there is one:
# the code still fsyncs every commit, but the run no longer waits on the disk for it (login-abuse.test.ts, a fresh
# seeded portal per test: 243 s on disk, 141 s on tmpfs, on one loaded machine). No test depends on the disk: the crash
# test kills the process, not the machine.
# TEST_TMPDIR=/some/dir picks the place instead.
scratch_base() {
  if [ -n "${TEST_TMPDIR:-}" ]; then echo "$TEST_TMPDIR"; return; fi
  local shm=/dev/shm free_kb
  if [ -d "$shm" ] && [ -w "$shm" ] && [ "$(stat -f -c %T "$shm" 2>/dev/null)" = tmpfs ]; then
    free_kb="$(df -Pk "$shm" | awk 'NR == 2 { print $4 }')"
    if [ "${free_kb:-0}" -ge $((8 * 1024 * 1024)) ]; then echo "$shm"; return; fi
  fi
  echo "${TMPDIR:-/tmp}"
}
# The browser stages keep the caller's TMPDIR: version.spec.ts builds a second dist/ there, and astro build moves its
# files from the checkout with rename(), which fails across file systems (EXDEV).
outer_tmp="${TMPDIR:-/tmp}"
tmp_dir="$(mktemp -d "$(scratch_base)/portal-test.XXXXXX")"
# Like /tmp: the PostgreSQL cluster's own user and nginx's workers make their directories in it too.
chmod 1777 "$tmp_dir"
export TMPDIR="$tmp_dir"
# Node keeps the compiled code (and the TypeScript with its types stripped) of each module it loads here, for the next
# process: the suite starts the server, the admin CLI and the parsing sandbox hundreds of times, and each start then
# compiles about half as much. Node checks each entry against the source, so a changed file is compiled afresh.
export NODE_COMPILE_CACHE="$tmp_dir/node-compile-cache"
# Each browser stage appends its counts (run, failed, flaky) and names its failed and flaky tests here
# (tests/e2e/summary-reporter.ts); the summary prints it.
export E2E_SUMMARY_FILE="$tmp_dir/e2e-summary.txt"

cleanup() {
  if [ -n "${server_pg_pid:-}" ]; then
    kill "$server_pg_pid" 2>/dev/null || true
    wait "$server_pg_pid" 2>/dev/null || true
  fi
  if [ -n "$pg_url" ]; then bash "$ROOT/scripts/pg-throwaway.sh" stop "$pg_url" || true; fi
  rm -rf "$tmp_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

banner() {
  local line="=================================================================="
  printf '\n%s\n== [%s/%s] %s\n%s\n' "$line" "$n" "$total_stages" "$1" "$line"
}

# stage NAME DESCRIPTION COMMAND... : runs the command under a banner and records the result.
stage() {
  local name="$1" what="$2"
  shift 2
  n=$((n + 1))
  if [[ "$skip" == *" $name "* ]]; then
    banner "$name: skipped (SKIP_STAGES)"
    summary+=("  skipped  $name")
    return 0
  fi
  banner "$name: $what"
  local start=$SECONDS status=0
  "$@" || status=$?
  local took=$((SECONDS - start))
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    summary+=("  passed   $name (${took}s)")
    echo "== $name: passed in ${took}s"
  else
    failed=$((failed + 1))
    failed_names+=("$name")
    summary+=("  FAILED   $name (exit $status, ${took}s)")
    echo "== $name: FAILED (exit $status) after ${took}s"
    # Ctrl-C / SIGTERM reached the stage: stop here instead of starting the next one.
    if [ "$status" -eq 130 ] || [ "$status" -eq 143 ]; then
      echo "interrupted"
      echo "$passed passed, $failed failed"
      exit "$status"
    fi
  fi
  return 0
}

stage_failed() {
  local name
  for name in "${failed_names[@]:-}"; do [ "$name" = "$1" ] && return 0; done
  return 1
}

check_contract() {
  local generated="$tmp_dir/schema.d.ts"
  openapi-typescript openapi.yaml -o "$generated" >/dev/null
  if ! diff -q "$generated" domain/api-schema.d.ts >/dev/null; then
    diff -u domain/api-schema.d.ts "$generated" | head -n 40 || true
    echo "domain/api-schema.d.ts is stale: run 'npm run gen:api' and commit the result" >&2
    return 1
  fi
  echo "domain/api-schema.d.ts matches openapi.yaml"
}

server_sqlite() {
  env -u TEST_DATABASE_URL -u DATABASE_URL vitest run --project server
}

server_pg() {
  local url="${TEST_DATABASE_URL:-}"
  if [ -z "$url" ]; then
    pg_url="$(bash "$ROOT/scripts/pg-throwaway.sh" start)" || return 1
    url="$pg_url"
    echo "throwaway PostgreSQL: ${url%%:*}://…@${url#*@}"
  else
    echo "TEST_DATABASE_URL from the environment"
  fi
  local status=0
  env -u DATABASE_URL TEST_DATABASE_URL="$url" vitest run --project server || status=$?
  if [ -n "$pg_url" ]; then
    bash "$ROOT/scripts/pg-throwaway.sh" stop "$pg_url" || true
    pg_url=""
  fi
  return "$status"
}

# server-pg runs beside server-sqlite: they share nothing (a SQLite file per test app, a throwaway cluster), and both
# wait on child servers, sockets and disks more than they compute, so side by side they take about the time of one.
# Its output is printed, whole, under its own banner when it is done.
server_pg_pid=""
server_pg_beside() {
  [[ "$skip" == *" server-pg "* ]] && return 0
  server_pg_started=$SECONDS
  (
    trap '[ -n "$pg_url" ] && bash "$ROOT/scripts/pg-throwaway.sh" stop "$pg_url" >/dev/null 2>&1' EXIT
    server_pg
  ) >"$tmp_dir/server-pg.log" 2>&1 &
  server_pg_pid=$!
}

server_pg_result() {
  local status=0
  wait "$server_pg_pid" || status=$?
  server_pg_pid=""
  cat "$tmp_dir/server-pg.log"
  echo "(ran beside server-sqlite: $((SECONDS - server_pg_started))s from its start)"
  return "$status"
}

production_install() {
  if stage_failed build; then
    echo "the build failed; no dist/ to serve" >&2
    return 1
  fi
  bash scripts/production-install.sh
}

fresh_machine() {
  if stage_failed build; then
    echo "the build failed; no dist/ for the clone" >&2
    return 1
  fi
  node scripts/fresh-machine.ts
}

backup_restore() {
  if stage_failed build; then
    echo "the build failed; no dist/ for npm start" >&2
    return 1
  fi
  node scripts/backup-restore.ts
}

# The browser suite runs whole once, through nginx (e2e-nginx: the production shape). Under `npm start` run the specs
# about what differs there (docs/decisions.md «One browser pass through nginx»): nginx.spec.ts puts nginx in front of
# `npm start` and compares the two; the live stream straight from the API on SQLite; the site when `npm start` goes
# down and comes back; the login form, the PDF viewer and the API docs under `npm start`'s own CSP and headers;
# a submission's uploads straight into the API; a new build's version.json.
E2E_NPM_START_SPECS=(nginx.spec.ts live.spec.ts connection.spec.ts login.spec.ts plan-review.spec.ts api-docs.spec.ts
  applicant.spec.ts version.spec.ts)

e2e() {
  if stage_failed build; then
    echo "the build failed; not running e2e against a stale dist/" >&2
    return 1
  fi
  TMPDIR="$outer_tmp" npm run test:e2e -- "${E2E_NPM_START_SPECS[@]}"
}

e2e_nginx() {
  if stage_failed build; then
    echo "the build failed; not running e2e against a stale dist/" >&2
    return 1
  fi
  # The live spec runs two API processes behind nginx on PostgreSQL (a throwaway cluster of its own).
  local status=0
  pg_url="$(bash "$ROOT/scripts/pg-throwaway.sh" start)" || return 1
  TMPDIR="$outer_tmp" E2E_SERVE=nginx E2E_DATABASE_URL="$pg_url" npm run test:e2e || status=$?
  bash "$ROOT/scripts/pg-throwaway.sh" stop "$pg_url" || true
  pg_url=""
  return "$status"
}

echo "node $(node -v), npm $(npm -v), CI=${CI:-}, scratch (TMPDIR) in $(dirname "$tmp_dir")"

stage deps 'Debian packages (scripts/ensure-system-deps.sh)' bash scripts/ensure-system-deps.sh
stage contract 'generated API types are current (openapi-typescript openapi.yaml vs domain/api-schema.d.ts)' check_contract
stage typecheck 'npm run typecheck' npm run typecheck
stage lint 'npm run lint' npm run lint
stage unit 'vitest run --project unit' vitest run --project unit
server_pg_beside
stage server-sqlite 'vitest run --project server (SQLite; server-pg runs beside it)' server_sqlite
stage server-pg 'vitest run --project server (PostgreSQL, begun beside server-sqlite)' server_pg_result
stage build 'npm run build' npm run build
stage production-install 'npm ci --omit=dev in a fresh directory, then npm start (scripts/production-install.sh)' production_install
stage fresh-machine "README's two commands on a fresh clone, with GOST and without (scripts/fresh-machine.ts)" fresh_machine
stage backup-restore 'backup of a running portal, restored into PostgreSQL + S3 and SQLite, read back (scripts/backup-restore.ts)' backup_restore
stage e2e 'npm run test:e2e -- <the npm start specs> (Playwright, Chromium, npm start)' e2e
stage e2e-nginx 'E2E_SERVE=nginx npm run test:e2e (Playwright, Chromium, npm run start:nginx)' e2e_nginx

printf '\n== summary\n'
printf '%s\n' "${summary[@]}"
if [ -s "$E2E_SUMMARY_FILE" ]; then printf '\n== browser tests\n'; cat "$E2E_SUMMARY_FILE"; fi
if [ "$failed" -gt 0 ]; then echo "failed stages: ${failed_names[*]}"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
