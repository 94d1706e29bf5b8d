#!/usr/bin/env bash
# A data directory made by an older server starts on a newer one with every row intact.
#
#   scripts/upgrade-test.sh <old server binary> <new server binary>
#
# The old binary (run outside the project, so it applies the SQL embedded in it when it was
# built) creates a data directory with the demo community and stops; the row count of every
# table is taken; the new binary (run from the project, so it reads migrations/, functions/ and
# policies/) starts on the same directory and stops; the counts must be the
# same, the ledger must list each migration once in its history, and every function, trigger,
# view and policy must read exactly as on a database the new binary makes from nothing.
# Prints `N passed, N failed`.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root="$(repo_root)"
old_bin="${1:?usage: scripts/upgrade-test.sh <old server binary> <new server binary>}"
new_bin="${2:?usage: scripts/upgrade-test.sh <old server binary> <new server binary>}"
pg_bin="${PG_BIN_DIR:-$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)}"
psql_exe="$pg_bin/psql"; [ -x "$psql_exe" ] || psql_exe="psql"

work="$(mktemp -d /tmp/hwt-upgrade.XXXXXX)"
chmod 755 "$work"
data_dir="$work/upgraded"
fresh_dir="$work/fresh"
mkdir -p "$data_dir" "$fresh_dir"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Starts $1 in the folder $4 on the data directory $data_dir, waits for it to serve, then runs
# $2 (a function) and stops it.
with_server() {
  local bin="$1" then="$2" log="$work/server-$3.out" from="$4"
  (cd "$from" && env -u DATABASE_URL -u MIGRATIONS_DIR -u FUNCTIONS_DIR -u POLICIES_DIR -u SEED_DIR DATA_DIR="$data_dir" PORT=0 HOST=127.0.0.1 \
    DEMO=1 LOG_LEVEL=warn CLIENT_DIR="$data_dir/no-client" "$bin") >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 900); do grep -q "running at" "$log" && break; kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  if ! grep -q "running at" "$log"; then echo "not ok - $bin did not start:"; cat "$log"; echo "0 passed, 1 failed"; exit 1; fi
  "$then"
  kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; server_pid=""
}

sql() { "$psql_exe" -X -q -At -v ON_ERROR_STOP=1 -h "$data_dir/postgres" -p 5432 -U postgres -d app -c "$1"; }
row_counts() {
  sql "select string_agg(t || ' ' || n, E'\n' order by t) from (
         select format('%I.%I', s.nspname, c.relname) t,
                (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', s.nspname, c.relname), false, true, '')))[1]::text n
           from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema', 'server_meta')) x"
}
# Every function (definition and privileges), trigger, view and policy of the app, one line each.
definitions() {
  sql "select string_agg(x, E'\n' order by x) from (
         select format('function %s %s %s', p.oid::regprocedure, md5(pg_get_functiondef(p.oid)), p.proacl) x
           from pg_proc p where p.pronamespace in ('app'::regnamespace, 'public'::regnamespace)
         union all select format('trigger %s', pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal
         union all select format('view %s %s', oid::regclass, md5(pg_get_viewdef(oid))) from pg_class
          where relkind = 'v' and relnamespace in ('app'::regnamespace, 'public'::regnamespace)
         union all select format('policy %s %s %s %s', polrelid::regclass, polname, pg_get_expr(polqual, polrelid),
                                 pg_get_expr(polwithcheck, polrelid)) from pg_policy) d"
}
take_before() { row_counts >"$work/before"; }
take_after() {
  row_counts >"$work/after"
  sql "select history || ' ' || name from server_meta.migrations order by history, name" >"$work/ledger"
  definitions >"$work/upgraded-definitions"
}
take_fresh() { definitions >"$work/fresh-definitions"; }

with_server "$old_bin" take_before old "$work"
with_server "$new_bin" take_after new "$root"
data_dir="$fresh_dir"
with_server "$new_bin" take_fresh fresh "$root"

passed=0 failed=0
check() { if eval "$2"; then echo "ok - $1"; passed=$((passed + 1)); else echo "not ok - $1"; failed=$((failed + 1)); fi; }
rows="$(awk '{ s += $2 } END { print s + 0 }' "$work/before")"
check "the old server made a data directory with rows ($rows rows in $(wc -l <"$work/before") tables)" '[ "$rows" -gt 0 ]'
# Tables that new migrations add are not compared; every table that was there must be unchanged.
check "every table keeps every row on the new server" '[ -z "$(comm -23 "$work/before" "$work/after" | tee /dev/stderr)" ]'
for file in "$root"/server/migrations/*.sql; do
  check "platform history: $(basename "$file")" 'grep -qx "platform $(basename "$file")" "$work/ledger"'
done
for file in "$root"/migrations/*.sql; do
  check "app history: $(basename "$file")" 'grep -qx "app $(basename "$file")" "$work/ledger"'
done
check "each migration is recorded once" '[ "$(wc -l <"$work/ledger")" -eq "$(ls "$root"/server/migrations/*.sql "$root"/migrations/*.sql | wc -l)" ]'
check "every function, trigger, view and policy reads as on a database made from nothing ($(wc -l <"$work/fresh-definitions") definitions)" \
  '[ -s "$work/fresh-definitions" ] && diff "$work/fresh-definitions" "$work/upgraded-definitions" >&2'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
