#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs, then runs every check and
# every test layer (npm test). This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm test
