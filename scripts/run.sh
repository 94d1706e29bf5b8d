#!/usr/bin/env bash
# `make run`: builds what is needed (the web app when it exists, the server in release mode)
# and starts the product. Honours PORT, DATA_DIR, JWT_SECRET, DATABASE_URL and every other
# setting in `target/release/server --help`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
cd "$root"

scripts/system-deps.sh run
ensure_cargo_on_path

if [ -f client/package.json ]; then
  say "building the web app"
  if [ -f sdk-ts/package.json ]; then
    (cd sdk-ts && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run --if-present build)
  fi
  (cd client && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build)
fi

say "building the server (release)"
cargo build --release --locked -p server

# As root the embedded PostgreSQL runs as an unprivileged account, which must be able to
# reach the data directory. A clone below /root (mode 0700) cannot: use /var/lib instead.
choose_data_dir_for_root "$root"
use_app_settings

app_settings
exec target/release/server serve
