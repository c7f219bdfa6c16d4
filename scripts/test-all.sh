#!/usr/bin/env bash
# npm test: every test. Typecheck, lint, unit and integration (Vitest, PGlite), e2e (Playwright in
# Debian's chromium against a production build), the kill -9 durability check (scripts/durability),
# then the database suites and the kill -9 check again on a throwaway PostgreSQL, then two instances
# behind nginx on one PostgreSQL (scripts/test-cluster.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
started=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

step "dependencies"; ensure_deps
step "browser"; ensure_chromium
step "PDF and QR tools"; ensure_pdf_tools
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
