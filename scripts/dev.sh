#!/usr/bin/env bash
# make dev: the server (debug build) on the embedded database, re-applying functions/ and
# policies/ when a file changes and applying a new migration once it holds SQL and has been
# left unchanged for 2 s (`server db watch`), plus Vite's dev server with hot reload
# proxying /rest, /auth, /storage and /api to it. Open the address Vite prints (default
# http://localhost:5173). Ctrl-C stops both.
#
#   PORT (server, default 8080), VITE_PORT (default 5173), and every server setting.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
cd "$root"

scripts/system-deps.sh run
ensure_cargo_on_path
if [ -f sdk-ts/package.json ] && [ ! -d sdk-ts/node_modules ]; then (cd sdk-ts && npm ci --no-audit --no-fund); fi
if [ ! -d client/node_modules ]; then (cd client && npm ci --no-audit --no-fund); fi

say "building the server (debug)"
cargo build --locked --bin server
choose_data_dir_for_root "$root"
use_app_settings

port="${PORT:-8080}"
vite_port="${VITE_PORT:-5173}"
export PORT="$port" SITE_URL="${SITE_URL:-http://localhost:$vite_port}"
# The server serves the API only: the app comes from Vite.
export CLIENT_DIR="${CLIENT_DIR:-$root/client/no-build-in-dev}"

app_settings
"$(cargo_target_dir)/debug/server" db watch &
server_pid=$!
stop() {
  if kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true; fi
}
trap stop EXIT INT TERM

say "Vite on http://localhost:$vite_port (API proxied to http://127.0.0.1:$port)"
cd client
API_URL="http://127.0.0.1:$port" node_modules/.bin/vite --port "$vite_port" --strictPort
