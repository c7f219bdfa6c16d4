#!/usr/bin/env bash
# Playwright's second web server (playwright.config.ts): the app with reCAPTCHA on. Site keys are
# inlined into the client at build time, so it has a build of its own in NEXT_DIST_DIR
# (.next-e2e-captcha), made with the e2e keys when missing or older than the sources; then served.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
: "${NEXT_DIST_DIR:?set by playwright.config.ts}" "${NEXT_PUBLIC_RECAPTCHA_SITE_KEY:?}"
if build_is_stale; then
  log="${TMPDIR:-/tmp}/tilmen-e2e-captcha-build.log"
  echo "e2e: building $NEXT_DIST_DIR with the test reCAPTCHA keys (npm run build, log: $log)…" >&2
  npm run build --silent >"$log" 2>&1 || { tail -n 40 "$log" >&2; exit 1; }
fi
exec node server.mjs
