# Shared by start.sh and test-all.sh.
export NEXT_TELEMETRY_DISABLED=1

ensure_deps() {
  if [ ! -d node_modules/next ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "== installing dependencies (npm install)"
    npm install --no-audit --no-fund
  fi
}

build_is_stale() {
  local dir="${NEXT_DIST_DIR:-.next}"
  [ ! -f "$dir/BUILD_ID" ] && return 0
  [ -n "$(find app components lib i18n messages public proxy.ts next.config.ts instrumentation.ts package-lock.json -newer "$dir/BUILD_ID" -print -quit 2>/dev/null)" ]
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's chromium for the browser tests (apt-get install chromium)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Browser tests need Debian's chromium at /usr/bin/chromium: sudo apt-get install -y chromium" >&2
    return 1
  fi
}
