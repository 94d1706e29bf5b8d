#!/usr/bin/env bash
# The multi-replica deployment of compose.yaml, started with real programs and no Docker: one
# external PostgreSQL cluster, moto's S3 server, two server replicas (the debug build) and
# Caddy balancing them; scripts/cluster/run.mjs proves each point of it (see there) and ends
# with "N passed, N failed". Run by `make test`; alone: scripts/cluster-test.sh [SERVER_BIN].
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
cd "$root"

server_bin="${1:-$(cargo_target_dir)/debug/server}"
if [ ! -x "$server_bin" ]; then
  ensure_cargo_on_path
  say "building the server (debug) for the cluster test"
  cargo build --bin server
fi
scripts/system-deps.sh test
moto="$(scripts/moto.sh)"
pg_bin="${PG_BIN_DIR:-$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)}"
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "error: PostgreSQL's programs were not found (set PG_BIN_DIR)" >&2
  exit 1
fi
exec node scripts/cluster/run.mjs --server "$server_bin" --moto "$moto" --caddy "$(command -v caddy)" --pg-bin "$pg_bin"
