#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster on a free port.
# Uses TEST_DATABASE_URL as given when set; skips (exit 0, with the reason) when no server can start.
set -euo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
  echo "SKIPPED the PostgreSQL pass: no server binaries under /usr/lib/postgresql/*/bin and no TEST_DATABASE_URL given."
  exit 0
fi
run=()
tmp=$(mktemp -d /tmp/tilmen-pg.XXXXXX)
if [ "$(id -u)" = "0" ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "SKIPPED the PostgreSQL pass: running as root and there is no 'postgres' user to run the server as."
    exit 0
  fi
  chown postgres "$tmp"
  run=(runuser -u postgres --)
fi
port=$(node "$(dirname "$0")/../lib/server/free-port.mjs")
"${run[@]}" "$pgbin/initdb" -D "$tmp/data" -A trust -U postgres --no-sync -E UTF8 >"$tmp/initdb.log"
stop() {
  "${run[@]}" "$pgbin/pg_ctl" -D "$tmp/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap stop EXIT
"${run[@]}" "$pgbin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w \
  -o "-p $port -k $tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (throwaway)"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
