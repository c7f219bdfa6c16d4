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

# The lesson room's relay-only e2e starts Debian's coturn (turnserver) on the loopback; without it that test is skipped.
ensure_coturn() {
  if command -v turnserver >/dev/null; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's coturn for the lesson room's relay test (apt-get install coturn)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq coturn >/dev/null
  else
    echo "The lesson room's relay test needs Debian's coturn: sudo apt-get install -y coturn (skipped without it)" >&2
    return 1
  fi
}

# The certificate PDF tests read the PDF with poppler (pdftotext, pdftoppm, pdffonts, pdfinfo) and the QR code with zbar.
ensure_pdf_tools() {
  if command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null && command -v zbarimg >/dev/null; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "== installing poppler-utils and zbar-tools for the certificate PDF tests (apt-get install poppler-utils zbar-tools)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils zbar-tools >/dev/null
  else
    echo "Certificate PDF tests need pdftotext, pdftoppm (poppler-utils) and zbarimg (zbar-tools): sudo apt-get install -y poppler-utils zbar-tools" >&2
    return 1
  fi
}

# The cluster test (scripts/test-cluster.sh) runs nginx with deploy/nginx/tilmen-proxy.conf; its
# precompressed assets need the brotli_static module.
ensure_nginx() {
  if [ -x /usr/sbin/nginx ] && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "== installing nginx for the cluster test (apt-get install nginx-light libnginx-mod-http-brotli-static)"
    # policy-rc.d 101: the package must not start a system nginx on port 80; the test runs its own.
    local policy=/usr/sbin/policy-rc.d made=""
    if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made=1; fi
    local rc=0
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 nginx-light libnginx-mod-http-brotli-static >/dev/null; } || rc=$?
    [ -n "$made" ] && rm -f "$policy"
    return $rc
  else
    echo "The cluster test needs nginx: sudo apt-get install -y nginx-light libnginx-mod-http-brotli-static" >&2
    return 1
  fi
}
