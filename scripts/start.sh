#!/usr/bin/env bash
# npm start: install, build when needed, then serve on http://localhost:3000.
# The embedded database (PGlite in DATA_DIR, default .data/pglite) is created, migrated and seeded on start,
# before the server listens, under the folder's lock (<DATA_DIR>.lock): a second npm start on the same
# DATA_DIR stops with a line naming the first (docs/operations.md, "The embedded database").
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_deps
if build_is_stale; then npm run build --silent; fi
# Group lessons' media: without JANUS_SERVERS, server.mjs starts a local Janus; install it when missing
# (as root; otherwise the line above says how, and the site runs without group rooms' media).
if [ -z "${JANUS_SERVERS:-}" ] && [ "${JANUS_LOCAL:-auto}" != off ]; then ensure_janus || true; fi
export PORT="${PORT:-3000}" NODE_ENV=production
exec node server.mjs
