#!/usr/bin/env bash
# Search across scripts at scale (issue 35 step 6). See bench/README.md.
#
#   bench/search.sh [--duration 5] [--members 50000]
#
# The release server on a fresh embedded cluster with the app's migrations, functions, policies
# and demo community; then, by SQL (as the superuser, as bench/scale.sh does), the member
# register grown to --members entries, about a third of the names written in Kannada and the
# rest in English spellings of Havyaka names. Then, with ONE client (wrk -c1), each request for
# --duration seconds:
#   baseline            a plain read of one row by its primary key (the demo member's own entry)
#   directory searches  get_member_network as the demo member (the member directory), in English
#                       spellings and in Kannada
#   public listing      get_public_members as a visitor, in Kannada
#   admin list          admin_member_directory_matches as an admin, with its exact count
# and prints p50/p95/p99 with each p50 as a multiple of the baseline's. Then the plans of the
# searches as they run inside their functions (auto_explain, nested statements): app.name_hits'
# one-word and two-word statements must each use the name key and skeleton trigram indexes.
#
# Exit status: 0 when every request succeeded and every search used its indexes, 1 otherwise,
# 2 on a setup failure.
set -euo pipefail

DURATION=5
MEMBERS=50000
while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) DURATION="${2:-}"; shift 2 ;;
        --members) MEMBERS="${2:-}"; shift 2 ;;
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
for value in "$DURATION" "$MEMBERS"; do
    [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "options take positive integers" >&2; exit 2; }
done
(( MEMBERS <= 79000 )) || { echo "--members: at most 79000 (HWT- numbers have five digits)" >&2; exit 2; }

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_NAME=search
source "$REPO/bench/lib/server.sh"
bench_need curl wrk openssl
bench_pg_bin psql
bench_build_server "$REPO"
bench_start_server DEMO=1 MIGRATIONS_DIR="${MIGRATIONS_DIR:-$REPO/migrations}" \
    FUNCTIONS_DIR="${FUNCTIONS_DIR:-$REPO/functions}" POLICIES_DIR="${POLICIES_DIR:-$REPO/policies}" \
    SEED_DIR="$REPO/seed"

admin_id="$(bench_psql -c "select id from public.users where email = 'admin@demo.havyaka.org'")"
member_id="$(bench_psql -c "select id from public.users where email = 'member@demo.havyaka.org'")"
own_entry="$(bench_psql -c "select id from public.member_directory where user_id = '$member_id' and approval_status = 'approved'")"
[[ -n "$admin_id" && -n "$own_entry" ]] || bench_die "the demo community has no admin, or no approved member@demo.havyaka.org"

echo "generating ${MEMBERS} members" >&2
gen_start=$(date +%s)
# Triggers off (session_replication_role = replica), as in bench/scale.sh; the generated name
# keys are computed all the same (they are columns, not triggers).
bench_psql -v members="$MEMBERS" -v admin="$admin_id" >/dev/null <<'SQL' || bench_die "generating the data failed"
set session_replication_role = replica;
insert into public.member_directory (unique_id, membership_no, full_name, email, mobile_number, member_type,
  city, native_place, status, approval_status, approved_by, approved_at, created_by, created_at, updated_at)
select
  'HWT-' || lpad((20000 + g)::text, 5, '0'),
  'HS-' || (20000 + g),
  case when g % 3 = 0
    then (array['ಗಣಪತಿ','ಸುಬ್ರಹ್ಮಣ್ಯ','ಮಹಾಬಲೇಶ್ವರ','ಗೋಪಾಲಕೃಷ್ಣ','ಶಂಕರನಾರಾಯಣ','ಲಕ್ಷ್ಮೀನಾರಾಯಣ','ಪರಮೇಶ್ವರ',
                'ಸಾವಿತ್ರಿ','ಸರಸ್ವತಿ','ಶಾರದಾ','ಗಾಯತ್ರಿ','ನಾರಾಯಣ','ಗಣೇಶ್','ಲಕ್ಷ್ಮೀ','ಶ್ರೀನಿವಾಸ','ವಿನಾಯಕ',
                'ರಾಘವೇಂದ್ರ','ಗೀತಾ','ಕೇಶವ','ಪದ್ಮಾವತಿ'])[1 + g % 20] || ' ' ||
         (array['ಹೆಗಡೆ','ಭಟ್','ಶಾಸ್ತ್ರಿ','ಜೋಶಿ','ಭಾಗವತ್','ಹೆಬ್ಬಾರ್','ಅಡಿಗ','ಉಪಾಧ್ಯಾಯ','ದೀಕ್ಷಿತ್','ಶರ್ಮ',
                'ಗಾಂವ್ಕರ್','ಕಾರಂತ'])[1 + (g / 20) % 12]
    else (array['Ganapathi','Subramanya','Mahabaleshwar','Gopalakrishna','Shankaranarayana','Laxminarayan',
                'Parameshwara','Savithri','Saraswati','Sharada','Gayatri','Narayan','Ganesh','Lakshmi',
                'Shrinivas','Vinayak','Raghavendra','Geetha','Keshav','Padmavathi'])[1 + g % 20] || ' ' ||
         (array['Hegde','Bhatt','Shastry','Joshi','Bhagwat','Hebbar','Adiga','Upadhya','Dixit','Sharma',
                'Gaonkar','Karanth'])[1 + (g / 20) % 12]
  end,
  'member' || g || '@example.org',
  '+91 9' || lpad(g::text, 9, '0'),
  (array['life','life','annual','patron'])[1 + g % 4],
  (array['Mumbai','Thane','Navi Mumbai','Pune','Bengaluru','Sirsi','Kumta','Sagar'])[1 + (g * 31) % 8],
  (array['Sirsi','Kumta','Honnavar','Yellapur','Siddapur','Sagar','Ankola','Gokarna'])[1 + (g * 17) % 8],
  s.status,
  case s.status when 'Yes' then 'approved' when 'No' then 'rejected' else 'pending' end,
  case when s.status <> 'Check' then :'admin'::uuid end,
  case when s.status <> 'Check' then now() - g * interval '90 minutes' + interval '1 day' end,
  :'admin'::uuid,
  now() - g * interval '90 minutes',
  now() - g * interval '90 minutes'
from generate_series(1, greatest(:members - (select count(*) from public.member_directory), 0)::int) g
cross join lateral (
  select case when g % 25 < 20 then 'Yes' when g % 25 < 23 then 'Check' else 'No' end as status
) s;
reset session_replication_role;
vacuum analyze;
SQL
gen_s=$(( $(date +%s) - gen_start ))
n_members="$(bench_psql -c "select count(*) from public.member_directory")"
n_kannada="$(bench_psql -c "select count(*) from public.member_directory where full_name ~ '[ಀ-೿]'")"

ADMIN_JWT="$(bench_user_jwt "$admin_id")"
MEMBER_JWT="$(bench_user_jwt "$member_id")"
BENCH_SETUP_DONE=1

# Percent-encoding, byte by byte (URLSearchParams encodes Kannada the same way).
urlencode() {
    local LC_ALL=C s="$1" out="" c i
    for ((i = 0; i < ${#s}; i++)); do
        c="${s:i:1}"
        case "$c" in
            [a-zA-Z0-9.~_-]) out+="$c" ;;
            *) out+="$(printf '%%%02X' "'$c")" ;;
        esac
    done
    printf '%s\n' "$out"
}
NETWORK='/rest/v1/rpc/get_member_network?only_connections=false&page_limit=50&page_offset=0'
declare -a NAMES PATHS_ JWTS PREFERS
add() { NAMES+=("$1"); PATHS_+=("$2"); JWTS+=("$3"); PREFERS+=("$4"); }
add "baseline: one row by primary key" "/rest/v1/member_directory?select=*&id=eq.$own_entry" "$MEMBER_JWT" ""
add "directory: no search" "$NETWORK" "$MEMBER_JWT" ""
for q in hegde ಹೆಗಡೆ bhat ಭಟ್ shastry subramanya 'ಗಣಪತಿ ಹೆಗಡೆ' 'Gopalkrishna Bhagavat'; do
    add "directory: search \"$q\"" "$NETWORK&search=$(urlencode "$q")" "$MEMBER_JWT" ""
done
add "public listing: search \"ಭಟ್\"" "/rest/v1/rpc/get_public_members?search=$(urlencode 'ಭಟ್')" "$ANON_KEY" ""
add "admin list: search \"ಹೆಗಡೆ\" (count)" "/rest/v1/rpc/admin_member_directory_matches?search=$(urlencode 'ಹೆಗಡೆ')&offset=0&limit=50" "$ADMIN_JWT" count=exact

failed=0
declare -a CHECKS
for i in "${!NAMES[@]}"; do
    prefer=()
    [[ -n "${PREFERS[$i]}" ]] && prefer=(-H "Prefer: ${PREFERS[$i]}")
    out="$(curl -s -o "$WORK/check.json" -w '%{http_code}' -H "apikey: $ANON_KEY" \
        -H "Authorization: Bearer ${JWTS[$i]}" "${prefer[@]}" "$BASE${PATHS_[$i]}")"
    rows="$(grep -o '"id"' "$WORK/check.json" | wc -l || true)"
    if [[ "$out" != 200 && "$out" != 206 ]] || (( rows == 0 )); then
        failed=1
        echo "${NAMES[$i]}: answered $out with $rows rows: $(head -c 300 "$WORK/check.json")" >&2
    fi
    CHECKS[$i]="$rows rows"
done

echo
echo "search benchmark: ${n_members} members, ${n_kannada} of them written in Kannada (generated in ${gen_s} s)"
echo "one client (wrk -t1 -c1), ${DURATION} s per request, ${SERVER_KIND}"
printf '  %-44s %8s %8s %8s %8s %9s  %s\n' request req/s p50_ms p95_ms p99_ms 'p50/base' rows
base_p50=""
ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }
for i in "${!NAMES[@]}"; do
    printf '%s\n' "${PATHS_[$i]}" >"$WORK/paths.txt"
    line="$(BENCH_APIKEY="$ANON_KEY" BENCH_JWT="${JWTS[$i]}" BENCH_PREFER="${PREFERS[$i]}" \
        BENCH_WRK_DIR="$REPO/bench/wrk" BENCH_PATHS="$WORK/paths.txt" \
        wrk -t1 -c1 -d"${DURATION}s" --timeout 10s -s "$REPO/bench/wrk/scale.lua" "$BASE" | grep '^WRK ' || true)"
    [[ -n "$line" ]] || { failed=1; echo "${NAMES[$i]}: wrk printed no summary" >&2; continue; }
    field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$line"; }
    errors=$(( $(field err_connect) + $(field err_read) + $(field err_write) + $(field err_timeout) + $(field err_status) ))
    (( errors == 0 )) || { failed=1; echo "${NAMES[$i]}: $errors errors" >&2; }
    p50="$(field p50_us)"
    [[ -n "$base_p50" ]] || base_p50="$p50"
    ratio="$(awk -v a="$p50" -v b="$base_p50" 'BEGIN { printf "%.1fx", (b > 0 ? a / b : 0) }')"
    printf '  %-44s %8s %8s %8s %8s %9s  %s\n' "${NAMES[$i]}" "$(field rps)" "$(ms "$p50")" \
        "$(ms "$(field p95_us)")" "$(ms "$(field p99_us)")" "$ratio" "${CHECKS[$i]}"
done

# The plans inside the functions, as the member and the admin run them.
echo
echo "plans (auto_explain of the statements inside the functions):"
plans="$(bench_psql 2>&1 <<SQL || true
load 'auto_explain';
set auto_explain.log_min_duration = 0;
set auto_explain.log_nested_statements = on;
set auto_explain.log_analyze = on;
set auto_explain.log_timing = off;
set auto_explain.log_level = notice;
set client_min_messages = notice;
begin;
select set_config('request.jwt.claims', json_build_object('sub', '$member_id', 'role', 'authenticated')::text, true);
set local role authenticated;
select count(*) from public.get_member_network('ಹೆಗಡೆ', false, 50, 0);
select count(*) from public.get_member_network('Gopalkrishna Bhagavat', false, 50, 0);
select count(*) from public.get_public_members('ಭಟ್');
commit;
begin;
select set_config('request.jwt.claims', json_build_object('sub', '$admin_id', 'role', 'authenticated')::text, true);
set local role authenticated;
select count(*) from public.admin_member_directory_matches('ಹೆಗಡೆ');
commit;
SQL
)"
printf '%s\n' "$plans" >"$WORK/plans.txt"
check_plan() {
    local name="$1" marker="$2" block
    # The logged plans are blocks, each starting at its "duration:" line; take the one whose
    # query text holds the marker.
    block="$(awk -v m="$marker" '
        /duration: .* plan:/ { if (keep) printf "%s", text; text = ""; keep = 0 }
        { text = text $0 "\n"; if (index($0, m)) keep = 1 }
        END { if (keep) printf "%s", text }' "$WORK/plans.txt")"
    if grep -q 'member_directory_name_key_trgm' <<<"$block" && grep -q 'member_directory_name_skel_trgm' <<<"$block"; then
        echo "  $name: uses member_directory_name_key_trgm and member_directory_name_skel_trgm"
    else
        failed=1
        echo "  $name: does NOT use both name indexes; its plan:"
        sed 's/^/    /' <<<"$block"
    fi
}
# The three functions find names through app.name_hits (functions/07_name_search.sql): its
# one-word statement and its two-word one (each word through both indexes, intersected).
check_plan "one word (app.name_hits)" '<<%) t.name_key or $2'
check_plan "two words (app.name_hits)" '<%) t.name_key or $4'
if [[ -n "${BENCH_SEARCH_PLANS:-}" ]]; then cp "$WORK/plans.txt" "$BENCH_SEARCH_PLANS"; fi

if (( failed )); then echo "FAIL: a request failed or a search did not use its indexes"; exit 1; fi
echo "pass: every search answered and used the name indexes"
