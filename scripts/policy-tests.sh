#!/usr/bin/env bash
# The database's own tests: pgTAP files in policies/tests (lints, the access matrix of
# policies/README.md cell by cell, behaviour rules), run by pg_prove on a throwaway cluster
# with the platform's and the project's SQL, then a check that re-applying the functions and
# policies changes nothing. The work is `server db test` (server/src/dev/pgtap.rs); this
# script runs it on this project's folders.
#
#   scripts/policy-tests.sh <path to the server binary> [file or part of a name …]
#
# Prints every TAP line, then `N passed, N failed` (one per assertion, plus one for the
# re-application check). Exits non-zero when anything failed.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
server_bin="${1:?usage: scripts/policy-tests.sh <server binary>}"
server_bin="$(cd "$(dirname "$server_bin")" && pwd)/$(basename "$server_bin")"

cd "$root"
shift
exec env -u DATABASE_URL MIGRATIONS_DIR="$root/migrations" FUNCTIONS_DIR="$root/functions" \
  POLICIES_DIR="$root/policies" LOG_LEVEL=warn "$server_bin" db test "$@"
