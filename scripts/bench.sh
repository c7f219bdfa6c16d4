#!/usr/bin/env bash
# npm run bench — performance figures for the production build. Prints, asserts nothing.
#
#   1. makes sure Debian's chromium is there (installs it when root),
#   2. builds with `npm run build` (next build + compile hints) unless .next/BUILD_ID is newer than every source file
#      (BENCH_REBUILD=1 forces a build),
#   3. makes a fresh DATA_DIR (embedded database folder) and, for the backoffice section, seeds it
#      with BENCH_LEADS (100 000) leads and a sales member's session (npm run seed:leads), then
#      starts `next start` on a free port with it,
#   4. runs the sections of scripts/bench.mjs against it (Lighthouse, throughput, …),
#   5. stops the server (always, via trap) and removes the temporary DATA_DIR.
# The summary is printed at the end and written to bench-results/latest.md; the build and server
# logs go to bench-results/build.log and bench-results/server.log.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
export NEXT_TELEMETRY_DISABLED=1
CHROME=/usr/bin/chromium
RESULTS="$ROOT/bench-results"
mkdir -p "$RESULTS"
T_START=$(date +%s)

say() { printf 'bench: %s\n' "$*"; }

# The suite section reads the last `npm test`'s times (.test-times.json): no browser, build or server.
if [ "${BENCH_ONLY:-}" = suite ]; then
  exec node scripts/bench/suite.mjs
fi
# The date sweep runs the date suites under libfaketime at awkward moments (scripts/bench/dates.mjs):
# no browser, build or server either, and never part of a full run (seven Vitest runs).
if [ "${BENCH_ONLY:-}" = dates ]; then
  exec node scripts/bench/dates.mjs "$@"
fi

# ── 1. chromium ────────────────────────────────────────────────────────────────────────────────
# shellcheck source=scripts/lib.sh
source scripts/lib.sh
# (never 'npx playwright install' here: it downloads a browser and fails)
ensure_chromium >"$RESULTS/apt.log" 2>&1 || { tail -n 20 "$RESULTS/apt.log"; say "no chromium at $CHROME (see $RESULTS/apt.log)"; exit 1; }
export CHROME_PATH="$CHROME"

# nginx for the proxy section (scripts/bench/proxy.mjs); installed when root, else that section says so.
if [ -z "${BENCH_ONLY:-}" ] || [[ ",${BENCH_ONLY}," == *",proxy,"* ]]; then
  ensure_nginx || say "nginx is missing: the proxy section will fail (apt-get install -y nginx-light libnginx-mod-http-brotli-static)"
fi

# ── 2. production build ────────────────────────────────────────────────────────────────────────
need_build=""
if [ "${BENCH_REBUILD:-0}" = 1 ]; then
  need_build="BENCH_REBUILD=1"
elif [ ! -f .next/BUILD_ID ]; then
  need_build="no .next/BUILD_ID"
else
  sources=()
  for p in app components lib i18n messages proxy.ts next.config.ts; do
    [ -e "$p" ] && sources+=("$p")
  done
  if [ ${#sources[@]} -gt 0 ]; then
    newer=$(find "${sources[@]}" -type f -newer .next/BUILD_ID -print -quit 2>/dev/null || true)
    [ -n "$newer" ] && need_build="$newer is newer than .next/BUILD_ID"
  fi
fi
if [ -n "$need_build" ]; then
  say "building ($need_build): npm run build (log: bench-results/build.log)…"
  t0=$(date +%s)
  if ! npm run build --silent >"$RESULTS/build.log" 2>&1; then
    tail -n 40 "$RESULTS/build.log"
    say "next build failed (full log: bench-results/build.log); nothing to measure."
    exit 1
  fi
  say "build done in $(($(date +%s) - t0)) s"
else
  say "reusing the build in .next (BUILD_ID $(cat .next/BUILD_ID)); BENCH_REBUILD=1 forces a build"
fi

# ── 3. next start ──────────────────────────────────────────────────────────────────────────────
PORT=$(node lib/server/free-port.mjs)
DATA_DIR=$(mktemp -d -t bench-data.XXXXXX)
STAFF_FILE="$DATA_DIR.staff.json" # the backoffice section's session cookie (written by the seeding)
PORTAL_FILE="$DATA_DIR.portal.json" # the portal section's HR session cookie (npm run seed:portal)
PIDFILE=$(mktemp -t bench-server-pid.XXXXXX)
SERVER_PGID=""

cleanup() {
  local rc=$? stopped=""
  trap - EXIT INT TERM
  trap '' PIPE # output may go to a pipe that is already closed (npm run bench | head)
  if [ -n "$SERVER_PGID" ] && kill -0 -- "-$SERVER_PGID" 2>/dev/null; then
    kill -TERM -- "-$SERVER_PGID" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 -- "-$SERVER_PGID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$SERVER_PGID" 2>/dev/null || true
    stopped=1
  fi
  rm -rf "$DATA_DIR" "$PIDFILE" "$STAFF_FILE" "$PORTAL_FILE" "$DATA_DIR.rooms.json" "$DATA_DIR.group.json" "$DATA_DIR.trainer.json" "$DATA_DIR.secret"
  [ -n "$stopped" ] && say "server stopped" 2>/dev/null
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ── 3a. back-office data, before the server holds the folder: the embedded database allows one process ──
only=",${BENCH_ONLY:-backoffice},"
if [[ "$only" == *",backoffice,"* ]]; then
  say "seeding ${BENCH_LEADS:-100000} leads and a sales member's session (log: bench-results/seed.log)…"
  t0=$(date +%s)
  if DATA_DIR="$DATA_DIR" NODE_ENV=development npm run seed:leads --silent -- --count "${BENCH_LEADS:-100000}" --staff-session "$STAFF_FILE" >"$RESULTS/seed.log" 2>&1; then
    say "seeded in $(($(date +%s) - t0)) s"
  else
    tail -n 20 "$RESULTS/seed.log"
    say "seeding failed (bench-results/seed.log): the backoffice section will say so"
  fi
fi

if [[ -z "${BENCH_ONLY:-}" || "$only" == *",portal,"* ]]; then
  say "seeding a company and its HR person's session for the portal section…"
  DATA_DIR="$DATA_DIR" NODE_ENV=development npm run seed:portal --silent -- --session "$PORTAL_FILE" --results "${BENCH_ROSTER_ROWS:-5000}" >>"$RESULTS/seed.log" 2>&1 ||
    say "seeding the portal failed (bench-results/seed.log): the portal section will say so"
fi

ROOMS_FILE="$DATA_DIR.rooms.json" # the room section's 100 lessons open now (npm run seed:rooms)
if [[ -z "${BENCH_ONLY:-}" || "$only" == *",room,"* ]]; then
  say "seeding ${BENCH_ROOMS:-100} lessons open now for the room section…"
  if DATA_DIR="$DATA_DIR" NODE_ENV=development npm run seed:rooms --silent -- --out "$ROOMS_FILE" --rooms "${BENCH_ROOMS:-100}" >>"$RESULTS/seed.log" 2>&1; then
    export BENCH_ROOMS_FILE="$ROOMS_FILE"
  else
    say "seeding the rooms failed (bench-results/seed.log): the room section will say so"
  fi
fi

GROUP_FILE="$DATA_DIR.group.json" # the group-room section's group lesson open now (npm run seed:rooms -- --group 6)
if [[ -z "${BENCH_ONLY:-}" || "$only" == *",group-room,"* ]]; then
  say "seeding a group lesson of six students open now for the group-room section…"
  if DATA_DIR="$DATA_DIR" NODE_ENV=development npm run seed:rooms --silent -- --out "$GROUP_FILE" --rooms 0 --group 6 >>"$RESULTS/seed.log" 2>&1; then
    export BENCH_GROUP_FILE="$GROUP_FILE"
  else
    say "seeding the group lesson failed (bench-results/seed.log): the group-room section will say so"
  fi
fi

TRAINER_FILE="$DATA_DIR.trainer.json" # the trainer section's student with 1 000 words due (npm run seed:rooms -- --words)
if [[ -z "${BENCH_ONLY:-}" || "$only" == *",trainer,"* ]]; then
  say "seeding a student with ${BENCH_TRAINER_WORDS:-1000} words due for the trainer section…"
  if DATA_DIR="$DATA_DIR" NODE_ENV=development npm run seed:rooms --silent -- --out "$TRAINER_FILE" --rooms 0 --words "${BENCH_TRAINER_WORDS:-1000}" >>"$RESULTS/seed.log" 2>&1; then
    export BENCH_TRAINER_FILE="$TRAINER_FILE"
  else
    say "seeding the trainer's student failed (bench-results/seed.log): the trainer section will say so"
  fi
fi

say "starting next start -p $PORT (DATA_DIR=$DATA_DIR, log: bench-results/server.log)"
# setsid makes the server a session/group leader: `kill -- -PGID` then stops npx, next and all
# their children. bash writes its own pid (= the PGID) before exec-ing npx.
# No `-H 127.0.0.1`: with it, next-intl's rewrite of / (to http://localhost:PORT/ru) comes back
# as a 307 to / itself (a redirect loop); without it / answers 200.
# ENABLE_DEV_TOOLS: the login section reads its SMS code; TRUST_PROXY: its clients carry their own addresses.
setsid env NEXT_TELEMETRY_DISABLED=1 DATA_DIR="$DATA_DIR" NODE_ENV=production ENABLE_DEV_TOOLS=true TRUST_PROXY=true \
  bash -c 'echo $$ >"$0"; PORT="$1" exec node server.mjs' "$PIDFILE" "$PORT" \
  </dev/null >"$RESULTS/server.log" 2>&1 &
for _ in $(seq 1 50); do
  [ -s "$PIDFILE" ] && break
  sleep 0.1
done
SERVER_PGID=$(cat "$PIDFILE")

code=000
t_server=$(date +%s)
deadline=$((t_server + 60))
while [ "$(date +%s)" -lt "$deadline" ]; do
  code=$(curl -s -o /dev/null -m 10 -w '%{http_code}' "http://127.0.0.1:$PORT/" || true)
  [ "$code" = 200 ] && break
  if ! kill -0 -- "-$SERVER_PGID" 2>/dev/null; then
    break
  fi
  sleep 0.5
done
if [ "$code" != 200 ]; then
  tail -n 30 "$RESULTS/server.log"
  say "http://127.0.0.1:$PORT/ did not answer 200 within 60 s (last: HTTP $code); nothing to measure."
  exit 1
fi
say "server up after $(($(date +%s) - t_server)) s"

# ── 4. sections ────────────────────────────────────────────────────────────────────────────────
BENCH_BASE_URL="http://127.0.0.1:$PORT" DATA_DIR="$DATA_DIR" BENCH_SERVER_PID="$SERVER_PGID" BENCH_STAFF_FILE="$STAFF_FILE" BENCH_PORTAL_FILE="$PORTAL_FILE" node scripts/bench.mjs
say "total $(($(date +%s) - T_START)) s"
