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
names=() starts=()
step() {
  printf '\n== %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"
  names+=("$1") starts+=("$(date +%s)")
}
summary() {
  local rc=$? now i n secs json="" ok=true
  now=$(date +%s)
  [ "$rc" = 0 ] || ok=false
  # The last step ("all passed") is only a marker.
  n=${#names[@]}
  [ "$rc" = 0 ] && n=$((n - 1))
  printf '\n== time per step%s\n' "$([ "$rc" = 0 ] || echo " (stopped: exit $rc)")"
  for ((i = 0; i < n; i++)); do
    if ((i + 1 < ${#starts[@]})); then secs=$((starts[i + 1] - starts[i])); else secs=$((now - starts[i])); fi
    printf '%6ss  %s\n' "$secs" "${names[i]}"
    [ -n "$json" ] && json+=','
    json+=$'\n    '"{\"step\": \"${names[i]//\"/\\\"}\", \"seconds\": $secs}"
  done
  printf '%6ss  total\n' "$((now - started))"
  printf '{\n  "finishedAt": "%s",\n  "passed": %s,\n  "totalSeconds": %s,\n  "steps": [%s\n  ]\n}\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$ok" "$((now - started))" "$json" >.test-times.json
  echo "(written to .test-times.json; BENCH_ONLY=suite npm run bench compares it with the budget)"
}
trap summary EXIT

step "dependencies"; ensure_deps
step "browser"; ensure_chromium
step "PDF and QR tools"; ensure_pdf_tools
step "TURN relay (coturn)"; ensure_coturn || true
step "typecheck"; npx tsc --noEmit
step "lint"; npx eslint . --max-warnings 0
step "unit and integration tests (PGlite)"; npx vitest run
step "production build"; npm run build --silent
step "e2e (Playwright, chromium)"; npx playwright test
step "security headers (MDN HTTP Observatory behind a local TLS proxy, 100 or more)"; node scripts/observatory.mjs
step "kill -9 in a burst of writes (PGlite)"; node scripts/durability/kill9.mjs --db pglite
step "database suites on PostgreSQL"; bash scripts/with-postgres.sh npx vitest run .db.test
step "kill -9 in a burst of writes (PostgreSQL)"; bash scripts/with-postgres.sh node scripts/durability/kill9.mjs --db postgres
step "two instances behind nginx on PostgreSQL"; bash scripts/test-cluster.sh
step "all passed"
