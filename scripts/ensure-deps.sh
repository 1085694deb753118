#!/usr/bin/env bash
# Installs the root npm dependencies when node_modules is missing or package-lock.json changed
# since the last install. Safe to run on every start; a no-op on a warm machine.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.install-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$marker" ] || [ "$(cat "$marker")" != "$want" ]; then
  echo "› installing npm dependencies…"
  # The registry mirror here lacks some other platforms' optional binaries, so the lock file has
  # no entries for them and `npm ci` refuses it; `npm install --no-save` installs the same locked
  # versions without rewriting the lock.
  npm ci --no-audit --no-fund --loglevel=error 2>/dev/null || npm install --no-save --no-audit --no-fund --loglevel=error
  echo "$want" > "$marker"
fi
