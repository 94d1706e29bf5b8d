#!/usr/bin/env bash
# The database's own tests: pgTAP files in policies/tests (lints, the access matrix of
# policies/README.md cell by cell, behaviour rules), run by pg_prove against the real server's
# embedded cluster, then a check that re-applying the policies changes nothing.
#
#   scripts/policy-tests.sh <path to the server binary>
#
# Prints every TAP line, then `N passed, N failed` (one per assertion, plus one for the
# re-application check). Exits non-zero when anything failed.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
server_bin="${1:?usage: scripts/policy-tests.sh <server binary>}"

pg_bin="${PG_BIN_DIR:-$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)}"
psql_exe="$pg_bin/psql"
[ -x "$psql_exe" ] || psql_exe="psql"
command -v pg_prove >/dev/null 2>&1 || { echo "error: pg_prove is missing (scripts/system-deps.sh test)" >&2; echo "0 passed, 1 failed"; exit 1; }

data_dir="$(mktemp -d /tmp/hwt-pgtap.XXXXXX)"
chmod 755 "$data_dir"
log="$data_dir/server.out"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null
    for _ in $(seq 1 200); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$data_dir"
}
trap cleanup EXIT

# The server creates the cluster, applies the migrations and policies, and serves; the tests
# talk to its cluster over the Unix socket as the cluster's superuser.
env -u DATABASE_URL DATA_DIR="$data_dir" PORT=0 HOST=127.0.0.1 DEMO=0 LOG_LEVEL=warn \
  JWT_SECRET=policy-tests-secret-0123456789-abcdefghijklmnop CLIENT_DIR="$data_dir/no-client" \
  "$server_bin" >"$log" 2>&1 &
server_pid=$!
for _ in $(seq 1 600); do
  grep -q "running at" "$log" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if ! grep -q "running at" "$log"; then
  echo "error: the server did not start:" >&2; cat "$log" >&2
  echo "0 passed, 1 failed"; exit 1
fi

socket_dir="$data_dir/postgres"
export PGHOST="$socket_dir" PGPORT=5432 PGUSER=postgres PGDATABASE=app
export PGOPTIONS="-c search_path=public,extensions,tests -c client_min_messages=warning"
psql() { "$psql_exe" -X -q -v ON_ERROR_STOP=1 "$@"; }

setup_failed() { echo "error: $1" >&2; echo "0 passed, 1 failed"; exit 1; }
psql -c "create extension if not exists pgtap with schema extensions" >/dev/null || setup_failed "cannot create the pgtap extension"
for file in "$root"/policies/tests/setup/*.sql; do
  psql -f "$file" >/dev/null || setup_failed "setup file $file failed"
done

# The matrix: every row of the README's table whose second column is an operation.
matrix_sql() {
  awk -F'|' '
    function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
    /^\| table \| op \|/ { for (i = 4; i < NF - 1; i++) col[i] = trim($i); header = 1; next }
    header && /^\|/ {
      op = trim($3)
      if (op !~ /^(select|insert|update|delete)$/) next
      for (i = 4; i < NF - 1; i++)
        printf "insert into tests.matrix values (%s, %s, %s, %s);\n", q(trim($2)), q(op), q(col[i]), q(trim($i))
    }
    function q(s) { gsub(/'\''/, "'\'''\''", s); return "'\''" s "'\''" }
  ' "$root/policies/README.md"
}
{ echo "truncate tests.matrix;"; matrix_sql; } | psql >/dev/null || setup_failed "cannot load the matrix from policies/README.md"
cells="$(psql -At -c "select count(*) from tests.matrix")"
[ "${cells:-0}" -gt 0 ] || setup_failed "no matrix rows found in policies/README.md"

tap="$data_dir/tap.out"
pg_prove --verbose --ext .sql "$root"/policies/tests/*.sql 2>&1 | tee "$tap"
prove_status=${PIPESTATUS[0]}
passed="$(grep -cE '^ *ok [0-9]+' "$tap")"
failed="$(grep -cE '^ *not ok [0-9]+' "$tap")"
if [ "$prove_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi

# Re-applying the policies (as every start does) leaves the catalogue as it was.
fingerprint() {
  psql -At -c "
    select md5(string_agg(x, E'\n' order by x)) from (
      select format('policy %s %s %s %s %s %s', schemaname, tablename, policyname, cmd, roles, coalesce(qual, '') || coalesce(with_check, '')) x from pg_policies
      union all
      select format('function %s %s %s', p.oid::regprocedure, md5(p.prosrc), p.proacl) from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'app', 'auth', 'storage')
      union all
      select format('table %s %s %s %s', c.oid::regclass, c.relrowsecurity, c.relforcerowsecurity, c.relacl) from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'app', 'storage') and c.relkind = 'r'
    ) s"
}
before="$(fingerprint)"
policy_args=()
for file in "$root"/policies/*.sql; do policy_args+=(-f "$file"); done
if psql -1 "${policy_args[@]}" >/dev/null && [ "$(fingerprint)" = "$before" ] && [ -n "$before" ]; then
  echo "ok - re-applying the policies changes nothing"
  passed=$((passed + 1))
else
  echo "not ok - re-applying the policies changes nothing"
  failed=$((failed + 1))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
