#!/usr/bin/env bash
# npm test: every test. Typecheck, lint, unit and integration (Vitest, PGlite), e2e (Playwright in
# Debian's chromium against a production build), then the database suites on a throwaway PostgreSQL,
# then two instances behind nginx on one PostgreSQL (scripts/test-cluster.sh).
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
step "database suites on PostgreSQL"; bash scripts/with-postgres.sh npx vitest run .db.test
step "two instances behind nginx on PostgreSQL"; bash scripts/test-cluster.sh
step "all passed"
