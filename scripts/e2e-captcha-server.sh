#!/usr/bin/env bash
# Playwright's second web server (playwright.config.ts): the app with reCAPTCHA on. Site keys are
# inlined into the client at build time, so it has a build of its own in NEXT_DIST_DIR
# (.next-e2e-captcha), made with the e2e keys (e2e/recaptcha-keys.json) when missing or older than
# the sources; then served. `--build-only` builds and stops: `npm test` builds it beside the site's
# own build (scripts/test-all.sh), so Playwright finds it ready.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
key() { node -p "require('./e2e/recaptcha-keys.json').$1"; }
export NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next-e2e-captcha}"
export NEXT_PUBLIC_RECAPTCHA_SITE_KEY="${NEXT_PUBLIC_RECAPTCHA_SITE_KEY:-$(key v3SiteKey)}"
export NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY="${NEXT_PUBLIC_RECAPTCHA_V2_SITE_KEY:-$(key v2SiteKey)}"
if build_is_stale; then
  log="${TMPDIR:-/tmp}/tilmen-e2e-captcha-build.log"
  echo "e2e: building $NEXT_DIST_DIR with the test reCAPTCHA keys (npm run build, log: $log)…" >&2
  BUILD_FS_CACHE=0 npm run build --silent >"$log" 2>&1 || { tail -n 40 "$log" >&2; exit 1; }
fi
[ "${1:-}" = "--build-only" ] && exit 0
exec node server.mjs
