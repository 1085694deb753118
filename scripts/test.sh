#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs (npm packages, the CMS's own
# packages, Debian's Chromium), then runs every check and every test layer (npm test):
# lint, typecheck, vitest (app + contracts + chain + CMS contract), size budget, Playwright e2e.
# This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
bash scripts/ensure-deps.sh
apt_install() {
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq "$@" >/dev/null; else sudo apt-get update -qq && sudo apt-get install -y -qq "$@" >/dev/null; fi
}
if ! command -v "${CHROMIUM_PATH:-/usr/bin/chromium}" >/dev/null 2>&1; then
  echo "› installing Debian's chromium for the browser tests…"
  apt_install chromium
fi
# The e2e stack serves the production build with nginx and the generated production config
# (scripts/delivery/nginx.ts), precompressed brotli included.
if ! command -v "${NGINX_PATH:-/usr/sbin/nginx}" >/dev/null 2>&1 || [ ! -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then
  echo "› installing Debian's nginx (with the brotli_static module) for the browser tests…"
  apt_install nginx libnginx-mod-http-brotli-static
fi
node -e "import('./cms/harness.mjs').then((h) => h.ensureCmsInstalled({ log: (l) => console.log('[cms] ' + l) }))"
npm test
echo "test suite finished in $(( $(date +%s) - started )) s"
