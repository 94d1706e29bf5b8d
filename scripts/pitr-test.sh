#!/usr/bin/env bash
# Point-in-time recovery with pgBackRest, as deploy/README.md describes it, on a throwaway
# cluster: WAL archived to a filesystem repository, a full backup, a write, the moment T, a
# second write, then the cluster restored to T: the first write is there, the second is not.
# Ends with "N passed, N failed". Run by `make test`; alone: scripts/pitr-test.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(repo_root)"
scripts/system-deps.sh test

pg_bin="${PG_BIN_DIR:-$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1)}"
work="$(mktemp -d /tmp/hwt-pitr-XXXXXX)"
chmod 755 "$work"
pgdata="$work/pgdata"
conf="$work/pgbackrest.conf"
mkdir -p "$pgdata" "$work/repo" "$work/log" "$work/lock" "$work/spool" "$work/run"
chmod 700 "$pgdata"
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$work"
passed=0
failed=0
check() { # name, condition result (0 = ok), detail
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok $((passed + failed)) - $1"
  else failed=$((failed + 1)); echo "not ok $((passed + failed)) - $1: $3"; fi
}
cleanup() {
  as_pg "$pg_bin/pg_ctl" -D "$pgdata" -m immediate stop >/dev/null 2>&1 || true
  if [ "$failed" -eq 0 ]; then rm -rf "$work"; else echo "kept $work"; fi
}
trap cleanup EXIT

cat > "$conf" <<CONF
[global]
repo1-path=$work/repo
repo1-retention-full=2
log-path=$work/log
lock-path=$work/lock
spool-path=$work/spool
log-level-console=warn
start-fast=y

[havyaka]
pg1-path=$pgdata
pg1-socket-path=$work/run
CONF
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$conf"
br() { as_pg pgbackrest --config="$conf" --stanza=havyaka "$@"; }
sql() { as_pg "$pg_bin/psql" -X -q -t -A -v ON_ERROR_STOP=1 -h "$work/run" -d postgres -c "$1"; }

as_pg "$pg_bin/initdb" -D "$pgdata" -U "$(id -un | sed 's/^root$/postgres/')" --auth=trust -E UTF8 --locale=C --no-instructions >/dev/null
cat >> "$pgdata/postgresql.conf" <<PGCONF
listen_addresses = ''
unix_socket_directories = '$work/run'
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --config=$conf --stanza=havyaka archive-push %p'
max_wal_senders = 3
PGCONF
as_pg "$pg_bin/pg_ctl" -D "$pgdata" -l "$work/postgres.log" -w start >/dev/null
br stanza-create
br check
br backup --type=full
check "a full backup is in the repository" "$(br info | grep -c 'full backup' >/dev/null; echo $?)" "$(br info)"

sql "create table ledger (id int primary key, note text); insert into ledger values (1, 'before T');"
sleep 1
target="$(sql "select now()")"
sleep 1
sql "insert into ledger values (2, 'after T');"
sql "select pg_switch_wal();" >/dev/null
br check
as_pg "$pg_bin/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null

br --delta --type=time "--target=$target" --target-action=promote restore
as_pg "$pg_bin/pg_ctl" -D "$pgdata" -l "$work/postgres.log" -w start >/dev/null
for _ in $(seq 1 100); do
  [ "$(sql "select pg_is_in_recovery()")" = "f" ] && break
  sleep 0.1
done
rows="$(sql "select string_agg(id || '=' || note, ',' order by id) from ledger")"
check "the cluster restored to T has the write before T" "$([ "${rows#1=before T}" != "$rows" ]; echo $?)" "rows: $rows"
check "and not the write after T" "$([ "$rows" = "1=before T" ]; echo $?)" "rows: $rows"
sql "insert into ledger values (3, 'after the restore');"
check "the restored cluster takes writes (promoted)" "$([ "$(sql "select count(*) from ledger")" = "2" ]; echo $?)" "$(sql "select count(*) from ledger")"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
