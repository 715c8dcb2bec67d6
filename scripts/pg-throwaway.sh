#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for tests. Independent of any system cluster (Debian's default
# one may or may not be running): own data dir in a temp dir, own free loopback port, unix socket in the temp dir.
#
#   scripts/pg-throwaway.sh start          -> prints postgres://USER:PASSWORD@127.0.0.1:PORT/DB on stdout
#   scripts/pg-throwaway.sh stop [URL|DIR] -> stops and removes that cluster (no argument: every cluster
#                                             this script started, or only $PG_THROWAWAY_DIR when set)
#
# As root the server runs as the `postgres` system user (or a dedicated `pgthrowaway` user when there is none),
# via runuser; otherwise as the calling user. Progress goes to stderr; stdout carries only the URL.
set -euo pipefail

DB_NAME="${PG_THROWAWAY_DB:-portal_test}"
DB_USER="portal"
BASE="${TMPDIR:-/tmp}"
PREFIX="pg-throwaway-"
MARKER=".pg-throwaway"

log() { echo "pg-throwaway: $*" >&2; }

find_bindir() {
  local d best=""
  # Highest major version with server binaries.
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then best="$d"; fi
  done
  if [ -z "$best" ] && command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    best="$(dirname "$(command -v pg_ctl)")"
  fi
  [ -n "$best" ] || { log "PostgreSQL server binaries not found (run scripts/ensure-system-deps.sh)"; exit 1; }
  echo "$best"
}

run_as_owner() {
  # $OWNER is set by start/stop; run the command as that user from a directory it can read.
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$DIR" && runuser -u "$OWNER" -- "$@")
  else
    (cd "$DIR" && "$@")
  fi
}

port_in_use() {
  # Something listens on 127.0.0.1:$1 (bash /dev/tcp; no extra tools needed).
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

random_port() {
  echo $((20000 + (RANDOM * 32768 + RANDOM) % 40000))
}

pick_owner() {
  if [ "$(id -u)" -ne 0 ]; then
    id -un
  elif id -u postgres >/dev/null 2>&1; then
    echo postgres
  else
    if ! id -u pgthrowaway >/dev/null 2>&1; then
      useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin pgthrowaway >&2
    fi
    echo pgthrowaway
  fi
}

start() {
  local bindir password port attempt
  bindir="$(find_bindir)"
  OWNER="$(pick_owner)"
  password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"

  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    port="$(random_port)"
    port_in_use "$port" && continue
    DIR="$(mktemp -d "$BASE/${PREFIX}${port}-XXXXXX")"
    chmod 755 "$DIR"
    touch "$DIR/$MARKER"
    mkdir -p "$DIR/sock"
    printf '%s\n' "$password" >"$DIR/pwfile"
    chmod 600 "$DIR/pwfile"
    if [ "$(id -u)" -eq 0 ]; then chown -R "$OWNER" "$DIR"; fi

    # C.UTF-8 keeps lower()/upper() Unicode-aware (Cyrillic); fall back to plain C with UTF8 encoding.
    if ! run_as_owner "$bindir/initdb" -D "$DIR/data" -U "$DB_USER" --pwfile="$DIR/pwfile" \
      --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1; then
      rm -rf "$DIR/data"
      if ! run_as_owner "$bindir/initdb" -D "$DIR/data" -U "$DB_USER" --pwfile="$DIR/pwfile" \
        --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --no-locale >"$DIR/initdb.log" 2>&1; then
        log "initdb failed:"
        cat "$DIR/initdb.log" >&2
        rm -rf "$DIR"
        exit 1
      fi
    fi
    rm -f "$DIR/pwfile"

    # fsync off: a throwaway cluster never needs crash safety; it only makes tests faster.
    if run_as_owner "$bindir/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $DIR/sock -c fsync=off -c full_page_writes=off -c max_connections=100" \
      start >/dev/null 2>&1; then
      run_as_owner "$bindir/psql" -h "$DIR/sock" -p "$port" -U "$DB_USER" -d postgres -v ON_ERROR_STOP=1 -q \
        -c "CREATE DATABASE $DB_NAME" >&2
      echo "$port" >"$DIR/port"
      log "cluster in $DIR (port $port, owner $OWNER)"
      echo "postgres://$DB_USER:$password@127.0.0.1:$port/$DB_NAME"
      return 0
    fi
    log "start on port $port failed (attempt $attempt):"
    tail -n 5 "$DIR/server.log" >&2 2>/dev/null || true
    rm -rf "$DIR"
  done
  log "could not start a cluster"
  exit 1
}

stop_dir() {
  DIR="$1"
  [ -f "$DIR/$MARKER" ] || { log "not a throwaway cluster dir: $DIR"; return 1; }
  local bindir
  bindir="$(find_bindir)"
  OWNER="$(stat -c %U "$DIR")"
  if [ -f "$DIR/data/postmaster.pid" ]; then
    run_as_owner "$bindir/pg_ctl" -D "$DIR/data" -m immediate -w -t 30 stop >/dev/null 2>&1 ||
      log "pg_ctl stop failed for $DIR (removing anyway)"
  fi
  rm -rf "$DIR"
  log "removed $DIR"
}

stop() {
  local arg="${1:-${PG_THROWAWAY_DIR:-}}" port d found=0
  if [ -n "$arg" ]; then
    if [ -d "$arg" ]; then
      stop_dir "$arg"
      return
    fi
    # A URL: find the cluster by its port.
    port="$(printf '%s' "$arg" | sed -E 's#^[a-z]+://[^@/]*@?[^:/]*:([0-9]+)/.*$#\1#')"
    case "$port" in '' | *[!0-9]*)
      log "cannot read a port from: $arg"
      exit 1
      ;;
    esac
    for d in "$BASE/${PREFIX}${port}-"*; do
      [ -f "$d/$MARKER" ] || continue
      stop_dir "$d"
      found=1
    done
    [ "$found" = 1 ] || log "no throwaway cluster on port $port"
    return 0
  fi
  for d in "$BASE/${PREFIX}"*; do
    [ -f "$d/$MARKER" ] || continue
    stop_dir "$d"
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *)
    echo "usage: $0 start | stop [URL|DIR]" >&2
    exit 2
    ;;
esac
