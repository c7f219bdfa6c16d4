#!/usr/bin/env bash
# npm test: every test. Typecheck, lint, unit and integration (Vitest, PGlite), e2e (Playwright in
# Debian's chromium against a production build), the kill -9 durability check (scripts/durability),
# then the database suites and the kill -9 check again on a throwaway PostgreSQL, then two instances
# behind nginx on one PostgreSQL (scripts/test-cluster.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
started=$(date +%s)
# Each step's duration: printed as a table at the end (also when a step fails) and written to
# .test-times.json, which `BENCH_ONLY=suite npm run bench` reads against the budget.
# With each step's time, how busy the machine's cores were meanwhile (from /proc/stat: busy ticks
# over all ticks): a step far below 100 % waits more than it works and could share its time.
names=() starts=() busy_at=() total_at=()
cpu_ticks() {
  local cpu user nice system idle iowait rest
  read -r cpu user nice system idle iowait rest </proc/stat 2>/dev/null || { echo "0 0"; return; }
  echo "$((user + nice + system)) $((user + nice + system + idle + iowait))"
}
step() {
  printf '\n== %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"
  local b t
  read -r b t < <(cpu_ticks)
  names+=("$1") starts+=("$(date +%s)") busy_at+=("$b") total_at+=("$t")
}
summary() {
  local rc=$? now i n secs json="" ok=true b t cpu busy_now total_now
  now=$(date +%s)
  read -r busy_now total_now < <(cpu_ticks)
  [ "$rc" = 0 ] || ok=false
  # The last step ("all passed") is only a marker.
  n=${#names[@]}
  [ "$rc" = 0 ] && n=$((n - 1))
  printf '\n== time per step%s\n' "$([ "$rc" = 0 ] || echo " (stopped: exit $rc)")"
  for ((i = 0; i < n; i++)); do
    if ((i + 1 < ${#starts[@]})); then
      secs=$((starts[i + 1] - starts[i])) b=$((busy_at[i + 1] - busy_at[i])) t=$((total_at[i + 1] - total_at[i]))
    else
      secs=$((now - starts[i])) b=$((busy_now - busy_at[i])) t=$((total_now - total_at[i]))
    fi
    cpu=$((t > 0 ? 100 * b / t : 0))
    printf '%6ss  %3s%% cpu  %s\n' "$secs" "$cpu" "${names[i]}"
    [ -n "$json" ] && json+=','
    json+=$'\n    '"{\"step\": \"${names[i]//\"/\\\"}\", \"seconds\": $secs, \"cpuPercent\": $cpu}"
  done
  printf '%6ss  total\n' "$((now - started))"
  printf '{\n  "finishedAt": "%s",\n  "passed": %s,\n  "totalSeconds": %s,\n  "steps": [%s\n  ]\n}\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$ok" "$((now - started))" "$json" >.test-times.json
  echo "(written to .test-times.json; BENCH_ONLY=suite npm run bench compares it with the budget)"
}

# The cluster test mostly waits (nginx and two instances starting, a slow SMTP server, a two-browser
# call: about 40 % of the cores alone), so it runs beside the four steps after the e2e; its output
# is printed whole in its own step, whose time is what was left to wait for it. Its own process
# group, ended with the run if a step before it fails.
cluster_log=$(mktemp) cluster_pid=""
start_cluster() {
  setsid bash scripts/test-cluster.sh >"$cluster_log" 2>&1 &
  cluster_pid=$!
}
wait_cluster() {
  local rc=0
  wait "$cluster_pid" || rc=$?
  cluster_pid=""
  cat "$cluster_log"
  rm -f "$cluster_log"
  return "$rc"
}
end_cluster() {
  if [ -n "$cluster_pid" ]; then kill -- "-$cluster_pid" 2>/dev/null || true; fi
  rm -f "$cluster_log"
}
trap 'rc=$?; set +e; end_cluster; (exit "$rc"); summary' EXIT

# tsc and ESLint each keep about one core busy: side by side on two cores, each's output printed whole.
typecheck_and_lint() {
  local out rc=0 tsc_pid
  out=$(mktemp)
  # The route types first (.next/types: pages' params and props), so tsc checks them as a build would.
  { npx next typegen >/dev/null && npx tsc --noEmit; } >"$out" 2>&1 &
  tsc_pid=$!
  npx eslint . --max-warnings 0 || rc=$?
  wait "$tsc_pid" || { echo "typecheck failed:"; rc=1; }
  cat "$out"; rm -f "$out"
  return "$rc"
}

step "dependencies"; ensure_deps
step "browser"; ensure_chromium
step "PDF and QR tools"; ensure_pdf_tools
# The relay test needs coturn: a run without it fails (early, here, and in the test), unless
# E2E_ALLOW_NO_COTURN=1 says a run without the relay is meant (e2e/lesson-room.spec.ts then skips it).
export E2E_REQUIRE_COTURN=1
step "TURN relay (coturn)"
ensure_coturn || [ "${E2E_ALLOW_NO_COTURN:-}" = 1 ] || { echo "coturn (turnserver) is missing and could not be installed: the lesson room's relay test needs it (E2E_ALLOW_NO_COTURN=1 to run without it)"; exit 1; }
# The SFU suites (lib/sfu/*.janus.test.ts) start Debian's janus on the loopback: a run without it fails
# here, early, unless TEST_ALLOW_NO_JANUS=1 says a run without them is meant (they are then skipped).
export TEST_REQUIRE_JANUS=1
step "group lessons' SFU (janus)"
ensure_janus || [ "${TEST_ALLOW_NO_JANUS:-}" = 1 ] || { echo "janus is missing and could not be installed: the SFU suites need it (TEST_ALLOW_NO_JANUS=1 to run without them)"; exit 1; }
step "typecheck and lint (side by side)"; typecheck_and_lint
step "unit and integration tests (PGlite)"; npx vitest run
# Types were checked in the typecheck step (with the route types): not again in the build.
step "production build"; BUILD_SKIP_TYPECHECK=1 npm run build --silent
step "e2e (Playwright, chromium)"; npx playwright test
start_cluster
step "security headers (MDN HTTP Observatory behind a local TLS proxy, 100 or more)"; node scripts/observatory.mjs
step "kill -9 in a burst of writes (PGlite)"; node scripts/durability/kill9.mjs --db pglite
# The PostgreSQL pass runs the suites listed in test/postgres-pass.txt: parallel writes meeting on
# locks, leases, LISTEN/NOTIFY, a cursor, SQL arithmetic on time and money; everything else ran on
# PGlite above, the same SQL. Every suite on PostgreSQL: npm run test:pg.
mapfile -t pg_suites < <(grep -v -e '^#' -e '^[[:space:]]*$' test/postgres-pass.txt)
step "database suites on PostgreSQL (test/postgres-pass.txt)"; bash scripts/with-postgres.sh npx vitest run "${pg_suites[@]}"
step "kill -9 in a burst of writes (PostgreSQL)"; bash scripts/with-postgres.sh node scripts/durability/kill9.mjs --db postgres
step "two instances behind nginx on PostgreSQL (started beside the four steps above)"; wait_cluster
step "all passed"
