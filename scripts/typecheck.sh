#!/usr/bin/env bash
# `npm run typecheck`: tsc --noEmit over every TypeScript file of tsconfig.json, and astro check (the .astro files, and
# the TypeScript files again). Each takes one core for most of a minute, so they run side by side: on CI's two cores
# the stage takes about the time of astro check alone instead of the sum of both. Both stay: astro check reports every
# error of a file (.ts, .tsx, .astro) but not what tsc finds about the program as a whole, e.g. a missing type package
# in "types". tsc's output comes after astro check's, whole; the exit code is 1 when either failed.
#
# astro check first writes .astro/types.d.ts and content.d.ts (astro sync), which tsc reads when they exist (they are
# in tsconfig's "include"); no code imports astro:content, so tsc finds the same errors whichever version it reads.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$PATH"

tsc_log="$(mktemp "${TMPDIR:-/tmp}/typecheck-tsc.XXXXXX")"
trap 'rm -f "$tsc_log"' EXIT

tsc --noEmit -p tsconfig.json >"$tsc_log" 2>&1 &
tsc_pid=$!

astro_status=0
astro check || astro_status=$?

tsc_status=0
wait "$tsc_pid" || tsc_status=$?
echo
if [ "$tsc_status" -eq 0 ]; then
  echo "tsc --noEmit: no errors"
else
  cat "$tsc_log"
  echo "tsc --noEmit: failed (exit $tsc_status)"
fi
[ "$astro_status" -eq 0 ] || echo "astro check: failed (exit $astro_status)"
[ "$astro_status" -eq 0 ] && [ "$tsc_status" -eq 0 ]
