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

# apt_ensure WHY PACKAGE…: installs Debian packages for a test as root (else says how and fails).
# A policy-rc.d that answers 101 is in place while it runs, so no package starts a system service
# (nginx on port 80, coturn on 3478): each test runs its own.
apt_ensure() {
  local why=$1
  shift
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null; then
    echo "$why needs: sudo apt-get install -y $*" >&2
    return 1
  fi
  echo "== installing $* for $why (apt-get install)"
  local policy=/usr/sbin/policy-rc.d made="" rc=0
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made=1; fi
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 "$@" >/dev/null; } || rc=$?
  [ -n "$made" ] && rm -f "$policy"
  return $rc
}

# The tests drive its headless shell (e2e/chromium-args.ts: the same build without the desktop UI,
# about a third less CPU per test); Lighthouse in the bench drives the full browser.
ensure_chromium() {
  { [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; } ||
    apt_ensure "the browser tests (Debian's chromium and chromium-headless-shell)" chromium chromium-headless-shell
}

# The lesson room's relay-only e2e starts Debian's coturn (turnserver) on the loopback; without it that test is skipped.
ensure_coturn() {
  command -v turnserver >/dev/null || apt_ensure "the lesson room's relay test (skipped without it only with E2E_ALLOW_NO_COTURN=1)" coturn
}

# Group lessons' SFU: Debian's janus (VideoRoom). server.mjs starts a throwaway one on the loopback when
# JANUS_SERVERS is unset (scripts/janus/local-janus.mjs, from deploy/janus); the lib/sfu suites start their own.
ensure_janus() {
  { command -v janus && [ -n "$(ls /usr/lib/*/janus/plugins/libjanus_videoroom.so /usr/lib/janus/plugins/libjanus_videoroom.so 2>/dev/null)" ]; } >/dev/null ||
    apt_ensure "group lessons' media server (Debian's janus)" janus
}

# The certificate PDF tests read the PDF with poppler (pdftotext, pdftoppm, pdffonts, pdfinfo) and the QR code with zbar.
ensure_pdf_tools() {
  { command -v pdftotext && command -v pdftoppm && command -v zbarimg; } >/dev/null || apt_ensure "the certificate PDF tests" poppler-utils zbar-tools
}

# The cluster test (scripts/test-cluster.sh) runs nginx with deploy/nginx/tilmen-proxy.conf; its
# precompressed assets need the brotli_static module.
ensure_nginx() {
  { [ -x /usr/sbin/nginx ] && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; } || apt_ensure "the cluster test" nginx-light libnginx-mod-http-brotli-static
}
