#!/usr/bin/env bash
# The cluster test: two production instances on one throwaway PostgreSQL behind nginx with the
# production proxy snippet (deploy/nginx/tilmen-proxy.conf), over TLS (deploy/test/cluster.cluster.test.ts).
# Installs nginx when missing (root), builds when the build is stale, precompresses the assets.
# CLUSTER_PORT_BASE=4310 takes five ports from there (default: free ones).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_nginx
if build_is_stale; then npm run build --silent; fi
exec bash scripts/with-postgres.sh npx vitest run --config deploy/test/vitest.config.ts "$@"
