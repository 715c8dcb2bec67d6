#!/usr/bin/env bash
# The production install as README says it, proven: the files a release carries (what git tracks of the API, the
# kernel, the contract and the lock, the script that installs the GOST engine at `npm ci`, plus the built dist/) in a fresh directory, `npm ci --omit=dev`, then
# `npm start` with NODE_ENV=production and the system's Node on PATH; it must run on Node 24 from the install,
# with no devDependency present, and answer /api/health/ready and the built site.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$(mktemp -d "${TMPDIR:-/tmp}/portal-production.XXXXXX")"
server_pid=""
cleanup() {
  # npm start runs in a session of its own: the whole group goes (npm does not always pass SIGTERM on, and its node
  # child would outlive the run, serving from a deleted directory).
  if [ -n "$server_pid" ]; then kill -- "-$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT

if [ ! -f "$ROOT/dist/index.html" ]; then
  echo "no dist/: run npm run build first" >&2
  exit 1
fi
(cd "$ROOT" && git ls-files -z -- package.json package-lock.json openapi.yaml server domain scripts/ensure-system-deps.sh | xargs -0 cp --parents -t "$dir")
cp -r "$ROOT/dist" "$dir/dist"
cd "$dir"
# The fallback is .ci/run's: the registry here lacks some other-platform optional packages named in the lock.
npm ci --omit=dev --no-audit --no-fund --loglevel=error ||
  npm install --omit=dev --no-audit --no-fund --loglevel=error
echo "installed: $(du -sh node_modules | cut -f1), $(find node_modules -maxdepth 2 -name package.json | wc -l) packages"

# Nothing the tests, the build's checks or the bench use may be installed (the unmaintained s3rver least of all).
for dev in vitest @playwright/test s3rver smtp-server typescript @biomejs/biome lighthouse dependency-cruiser; do
  if [ -e "node_modules/$dev" ]; then
    echo "devDependency $dev is installed by npm ci --omit=dev" >&2
    exit 1
  fi
done

version="$(npm exec --offline -- node -p process.version)"
case "$version" in
  v24.*) echo "npm start runs on node $version from the install" ;;
  *) echo "npm start would run on node $version, not 24" >&2; exit 1 ;;
esac

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
mkdir data
NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$dir/data" DIST_DIR="$dir/dist" \
  PUBLIC_ORIGIN="http://127.0.0.1:$port" JWT_SECRET="$(head -c 48 /dev/urandom | base64)" \
  SMTP_URL="smtp://127.0.0.1:1" MAIL_FROM="Портал <no-reply@portal.test>" \
  setsid npm start >"$dir/server.log" 2>&1 &
server_pid=$!

for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/api/health/ready" >/dev/null 2>&1; then
    curl -fsS "http://127.0.0.1:$port/login" | grep -q '<html' || { echo "/login is not the built site" >&2; exit 1; }
    echo "production install answers /api/health/ready and /login on port $port"
    exit 0
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  sleep 0.1 # polling the port, not a wait on time: it ends as soon as the server answers
done
echo "the production install did not answer /api/health/ready:" >&2
cat "$dir/server.log" >&2
exit 1
