#!/usr/bin/env bash
# Starts the whole local stack on a fresh machine (installs what is missing first).
#   bash scripts/start.sh            chain + contracts + CMS + app, dev wallet on
#   bash scripts/start.sh --fresh    same, CMS database wiped and reseeded
#   bash scripts/start.sh --mainnet  only the app, against Polygon mainnet and the CMS in .env.production(.local)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
if [[ "${1:-}" == "--mainnet" ]]; then
  exec npx vite --mode production
fi
exec npx tsx scripts/stack/cli.ts "$@"
