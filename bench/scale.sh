#!/usr/bin/env bash
# The app's hot lists on a community 100 times the demo's (issue 22). See bench/README.md.
#
#   bench/scale.sh [--duration 5] [--members 50000] [--events 5000]
#                  [--notifications 200000] [--users 1000]
#
# The release server on a fresh embedded cluster with the app's migrations, policies and demo
# community; then, by SQL (generate_series, as the superuser), the member register grown to
# --members entries, --events events (most of them past), --users more accounts and
# --notifications notifications spread over every account. Then, with ONE client (wrk -c1),
# the exact requests the web app makes, each variant for --duration seconds:
#   admin member list   /admin/members as an admin: a page of 50 with the exact count
#                       (Prefer: count=exact), unfiltered and with each kind of filter
#   notifications       the bell's list of one member (50 newest)
#   public events       /events as a visitor: the past events (24) and the upcoming ones
# Target: p99 < 50 ms for every variant.
#
# Exit status: 0 when every target is met and every request succeeded, 1 when a target is
# missed or a request failed, 2 on a setup failure.
set -euo pipefail

DURATION=5
MEMBERS=50000
EVENTS=5000
NOTIFICATIONS=200000
USERS=1000
TARGET_MS=50
while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) DURATION="${2:-}"; shift 2 ;;
        --members) MEMBERS="${2:-}"; shift 2 ;;
        --events) EVENTS="${2:-}"; shift 2 ;;
        --notifications) NOTIFICATIONS="${2:-}"; shift 2 ;;
        --users) USERS="${2:-}"; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
for value in "$DURATION" "$MEMBERS" "$EVENTS" "$NOTIFICATIONS" "$USERS"; do
    [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "options take positive integers" >&2; exit 2; }
done
(( MEMBERS <= 79000 )) || { echo "--members: at most 79000 (HWT- numbers have five digits)" >&2; exit 2; }

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_NAME=scale
source "$REPO/bench/lib/server.sh"
bench_need curl wrk openssl
bench_pg_bin psql
bench_build_server "$REPO"
# MIGRATIONS_DIR, FUNCTIONS_DIR and POLICIES_DIR may name other folders (e.g. an older
# checkout's, for a before-and-after comparison; one from before functions/ existed takes an
# empty FUNCTIONS_DIR).
bench_start_server DEMO=1 MIGRATIONS_DIR="${MIGRATIONS_DIR:-$REPO/migrations}" \
    FUNCTIONS_DIR="${FUNCTIONS_DIR:-$REPO/functions}" POLICIES_DIR="${POLICIES_DIR:-$REPO/policies}" \
    SEED_DIR="$REPO/seed"

admin_id="$(bench_psql -c "select id from public.users where email = 'admin@demo.havyaka.org'")"
[[ -n "$admin_id" ]] || bench_die "the demo community has no admin@demo.havyaka.org"

echo "generating ${MEMBERS} members, ${EVENTS} events, ${USERS} accounts, ${NOTIFICATIONS} notifications" >&2
gen_start=$(date +%s)
# Triggers off (session_replication_role = replica): the rows are written as they would be
# after their triggers, with every reference valid; no notification fan-out, no audit rows.
bench_psql -v members="$MEMBERS" -v events="$EVENTS" -v notifications="$NOTIFICATIONS" \
    -v users="$USERS" -v admin="$admin_id" >/dev/null <<'SQL' || bench_die "generating the data failed"
set session_replication_role = replica;

insert into public.member_directory (
  unique_id, membership_no, full_name, email, mobile_number, member_type, date_of_birth, gotra,
  profession, address_line1, city, state, pincode, native_place, status, approval_status,
  approved_by, approved_at, sandesha_delivery_method, created_by, created_at, updated_at)
select
  'HWT-' || lpad((20000 + g)::text, 5, '0'),
  'HM-' || (20000 + g),
  (array['Narayan','Ganapati','Shreya','Ananya','Subraya','Ravi','Lakshmi','Savitri','Mahesh',
         'Gopal','Vinayak','Sharada','Keshav','Padma','Shankar','Anita','Raghavendra','Kavya',
         'Srinivas','Gayatri'])[1 + g % 20] || ' ' ||
  (array['Bhat','Hegde','Rao','Joshi','Shastri','Bhagwat','Sharma','Kamath','Gaonkar',
         'Upadhya','Dixit','Karanth'])[1 + (g / 20) % 12],
  'member' || g || '@example.org',
  '+91 9' || lpad(g::text, 9, '0'),
  (array['life','life','life','life','life','life','life','annual','annual','patron'])[1 + g % 10],
  date '1940-01-01' + (g * 7919) % 25000,
  (array['Kashyapa','Bharadwaja','Vasishtha','Vishwamitra','Jamadagni','Atri','Gautama'])[1 + g % 7],
  (array['Teacher','Engineer','Doctor','Accountant','Priest','Farmer','Business','Retired'])[1 + g % 8],
  g || ' Temple Road',
  (array['Mumbai','Mumbai','Mumbai','Mumbai','Thane','Thane','Navi Mumbai','Pune','Bengaluru',
         'Sirsi','Kumta','Honnavar','Yellapur','Siddapur','Sagar','Shivamogga','Mangaluru',
         'Udupi','Hubballi','Dharwad','Belagavi','Karwar','Ankola','Bhatkal','Mysuru',
         'Nashik','Nagpur','Goa','Hyderabad','Chennai'])[1 + (g * 31) % 30],
  'Maharashtra',
  '400' || lpad((g % 1000)::text, 3, '0'),
  (array['Sirsi','Kumta','Honnavar','Yellapur','Siddapur','Sagar','Ankola','Gokarna','Bhatkal',
         'Karwar','Mundgod','Haliyal','Sorab','Hosanagara','Thirthahalli','Puttur','Sullia',
         'Vitla','Bantwal','Kasaragod'])[1 + (g * 17) % 20],
  s.status,
  case s.status when 'Yes' then 'approved' when 'No' then 'rejected' else 'pending' end,
  case when s.status <> 'Check' then :'admin'::uuid end,
  case when s.status <> 'Check' then now() - g * interval '90 minutes' + interval '1 day' end,
  (array['post','post','email','whatsapp','hand',null])[1 + g % 6],
  :'admin'::uuid,
  now() - g * interval '90 minutes',
  now() - g * interval '90 minutes'
from generate_series(1, greatest(:members - (select count(*) from public.member_directory), 0)::int) g
cross join lateral (
  select case when g % 25 < 20 then 'Yes' when g % 25 < 23 then 'Check' else 'No' end as status
) s;

-- Events: one a day backwards from today, a few weeks ahead; every 30th cancelled.
insert into public.events (title, description, event_date, event_time, location, event_type,
  status, organizer, created_by, created_at, updated_at)
select
  'Community event ' || g,
  'A gathering of the community, number ' || g || '.',
  current_date + 30 - g,
  time '18:00' - (g % 5) * interval '1 hour',
  (array['Matunga hall','Dombivli hall','Thane hall','Vashi hall'])[1 + g % 4],
  (array['cultural','educational','social','religious','health','sports','business','other'])[1 + g % 8],
  case when g % 30 = 0 then 'cancelled'
       when current_date + 30 - g >= current_date then (array['upcoming','published'])[1 + g % 2]
       else (array['completed','published'])[1 + g % 2] end,
  'Havyaka Trust',
  :'admin'::uuid,
  now() - g * interval '1 day',
  now() - g * interval '1 day'
from generate_series(1, greatest(:events - (select count(*) from public.events), 0)::int) g;

-- More accounts (members), then the notifications spread over every account, newest first.
with new_users as (
  insert into auth.users (email, email_confirmed_at, created_at, updated_at)
  select 'bench.member' || g || '@example.org', now(), now(), now()
  from generate_series(1, :users) g
  returning id, email
)
insert into public.users (id, email, type, status, approval_status, full_name, role)
select id, email, 'member', 'approved', 'approved', 'Bench Member', 'member' from new_users;

with accounts as (
  select id, row_number() over (order by id) - 1 as i, count(*) over () as n from public.users
)
insert into public.notifications (user_id, type, title, message, data, is_read, created_at)
select a.id,
  (array['event','photo','sandesha','registration','other'])[1 + g % 5],
  'Notification ' || g,
  'Something happened in the community (' || g || ').',
  '{}'::jsonb,
  g % 3 <> 0,
  now() - g * interval '3 minutes'
from generate_series(1, :notifications) g
join accounts a on a.i = g % a.n;

reset session_replication_role;
-- A register that grew over years has been vacuumed by autovacuum (its visibility map set, the
-- trigram indexes' pending lists merged); without this, the first minute's figures depended on
-- when autovacuum happened to pass (index-only scans visit the table until it has).
vacuum analyze;
SQL
gen_s=$(( $(date +%s) - gen_start ))

counts="$(bench_psql -F ' ' -c "select (select count(*) from public.member_directory), (select count(*) from public.events),
  (select count(*) from public.users), (select count(*) from public.notifications)")"
read -r n_members n_events n_users n_notifications <<<"$counts"
probe_user="$(bench_psql -c "select id from public.users where email = 'bench.member1@example.org'")"
probe_notes="$(bench_psql -c "select count(*) from public.notifications where user_id = '$probe_user'")"
today="$(bench_psql -c "select current_date")"

ADMIN_JWT="$(bench_user_jwt "$admin_id")"
MEMBER_JWT="$(bench_user_jwt "$probe_user")"
BENCH_SETUP_DONE=1

# The requests, as @havyaka/sdk builds them (URLSearchParams encoding): see
# client/src/features/members/api/admin-directory.ts, notifications/api/notifications.ts and
# events/api/events.ts.
LIST='/rest/v1/member_directory?select=*'
# A search or a partial city or native place: the rows come from the admin search function
# (migrations/0072; admin-directory.ts), the other filters, order and page apply to them.
MATCHES='/rest/v1/rpc/admin_member_directory_matches'
ORDER='order=created_at.desc.nullslast%2Cid.asc'
PAGE1='offset=0&limit=50'
declare -a NAMES PATHS_ JWTS PREFERS
add() { NAMES+=("$1"); PATHS_+=("$2"); JWTS+=("$3"); PREFERS+=("$4"); }
add "members: page 1, no filter" "$LIST&$ORDER&$PAGE1" "$ADMIN_JWT" count=exact
add "members: page 20, no filter" "$LIST&$ORDER&offset=950&limit=50" "$ADMIN_JWT" count=exact
add "members: status=Yes" "$LIST&status=eq.Yes&$ORDER&$PAGE1" "$ADMIN_JWT" count=exact
add "members: status=Check, type=life" "$LIST&status=eq.Check&member_type=eq.life&$ORDER&$PAGE1" "$ADMIN_JWT" count=exact
add "members: city *thane*" "$MATCHES?city=thane&$ORDER&$PAGE1" "$ADMIN_JWT" count=exact
add "members: native place *sirsi*, status=Yes" "$MATCHES?native_place=sirsi&status=eq.Yes&$ORDER&$PAGE1" "$ADMIN_JWT" count=exact
add "members: delivery=post" "$LIST&sandesha_delivery_method=eq.post&$ORDER&$PAGE1" "$ADMIN_JWT" count=exact
add "members: delivery none" "$LIST&sandesha_delivery_method=is.null&$ORDER&$PAGE1" "$ADMIN_JWT" count=exact
add "members: search \"hegde\"" "$MATCHES?search=hegde&$ORDER&$PAGE1" "$ADMIN_JWT" count=exact
add "members: sort by name" "$LIST&order=full_name.asc.nullslast%2Cid.asc&$PAGE1" "$ADMIN_JWT" count=exact
add "notifications: one member's 50 newest" "/rest/v1/notifications?select=*&user_id=eq.$probe_user&order=created_at.desc&limit=50" "$MEMBER_JWT" ""
add "events: past (24)" "/rest/v1/events?select=*&status=neq.cancelled&event_date=lt.$today&order=event_date.desc%2Cevent_time.desc&limit=24" "$ANON_KEY" ""
add "events: upcoming" "/rest/v1/events?select=*&status=neq.cancelled&status=in.%28upcoming%2Cpublished%29&event_date=gte.$today&order=event_date.asc%2Cevent_time.asc" "$ANON_KEY" ""

if [[ -n "${BENCH_SCALE_HOLD:-}" ]]; then
    # For investigating plans: the cluster stays up until this file is removed.
    printf 'psql -h %s -p %s -U postgres -d app\nADMIN_JWT=%s\nMEMBER=%s\nBASE=%s\n' "$SOCKET_DIR" "$PG_SOCKET_PORT" \
        "$ADMIN_JWT" "$probe_user" "$BASE" >"$BENCH_SCALE_HOLD"
    while [[ -e "$BENCH_SCALE_HOLD" ]]; do sleep 1; done
fi

failed=0
missed=0
declare -a CHECKS
# Each request once with curl: its status and rows.
for i in "${!NAMES[@]}"; do
    prefer=()
    [[ -n "${PREFERS[$i]}" ]] && prefer=(-H "Prefer: ${PREFERS[$i]}")
    out="$(curl -s -o "$WORK/check.json" -D "$WORK/check.head" -w '%{http_code}' -H "apikey: $ANON_KEY" \
        -H "Authorization: Bearer ${JWTS[$i]}" "${prefer[@]}" "$BASE${PATHS_[$i]}")"
    rows="$(grep -o '"id"' "$WORK/check.json" | wc -l || true)"
    range="$(grep -i '^content-range:' "$WORK/check.head" | tr -d '\r' | sed 's/^[^:]*: //' || true)"
    if [[ "$out" != 200 && "$out" != 206 ]] || (( rows == 0 )); then
        failed=1
        echo "${NAMES[$i]}: answered $out with $rows rows: $(head -c 300 "$WORK/check.json")" >&2
    fi
    CHECKS[$i]="$rows rows${range:+, Content-Range $range}"
done

echo
echo "scale benchmark: ${n_members} members, ${n_events} events, ${n_users} accounts, ${n_notifications} notifications (generated in ${gen_s} s); the probed member has ${probe_notes}"
echo "one client (wrk -t1 -c1), ${DURATION} s per request, ${SERVER_KIND}; target p99 < ${TARGET_MS} ms"
printf '  %-44s %8s %8s %8s %8s  %s\n' request req/s p50_ms p99_ms max_ms result
for i in "${!NAMES[@]}"; do
    printf '%s\n' "${PATHS_[$i]}" >"$WORK/paths.txt"
    line="$(BENCH_APIKEY="$ANON_KEY" BENCH_JWT="${JWTS[$i]}" BENCH_PREFER="${PREFERS[$i]}" \
        BENCH_WRK_DIR="$REPO/bench/wrk" BENCH_PATHS="$WORK/paths.txt" \
        wrk -t1 -c1 -d"${DURATION}s" --timeout 10s -s "$REPO/bench/wrk/scale.lua" "$BASE" | grep '^WRK ' || true)"
    [[ -n "$line" ]] || { failed=1; echo "${NAMES[$i]}: wrk printed no summary" >&2; continue; }
    field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$line"; }
    errors=$(( $(field err_connect) + $(field err_read) + $(field err_write) + $(field err_timeout) + $(field err_status) ))
    (( errors == 0 )) || { failed=1; echo "${NAMES[$i]}: $errors errors" >&2; }
    ms() { awk -v us="$1" 'BEGIN { printf "%.1f", us / 1000 }'; }
    result=pass
    if (( $(field p99_us) >= TARGET_MS * 1000 )); then result=FAIL; missed=1; fi
    printf '  %-44s %8s %8s %8s %8s  %s (%s)\n' "${NAMES[$i]}" "$(field rps)" "$(ms "$(field p50_us)")" \
        "$(ms "$(field p99_us)")" "$(ms "$(field max_us)")" "$result" "${CHECKS[$i]}"
done
if (( failed )); then echo "FAIL: a request failed"; exit 1; fi
if (( missed )); then echo "FAIL: a p99 is at or above ${TARGET_MS} ms"; exit 1; fi
echo "pass: every p99 under ${TARGET_MS} ms"
