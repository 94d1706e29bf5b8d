#!/usr/bin/env bash
# Storage throughput and memory (the storage issue's benchmark). See bench/README.md.
#
#   bench/storage.sh [--size-mb 5] [--runs 100] [--big-mb 50]
#
# On one disk (the server's DATA_DIR under /tmp), with the release server and its local
# backend (which syncs every file before acknowledging it):
#   upload ratio   = upload MB/s ÷ durable raw copy MB/s (dd conv=fsync of the same file)
#   download ratio = download MB/s ÷ raw copy MB/s (cp of the stored file; a plain read, cat,
#                    is shown too)
# Both sides move the same bytes the same number of times; HTTP is timed by curl's own
# clock (time_total), so process start-up is not counted. Then the server's peak resident
# memory during one upload of --size-mb and one of --big-mb (VmHWM, reset before each via
# /proc/PID/clear_refs, after a warm-up upload): a streaming server peaks at about the same
# level for both, a buffering one about (big - size) MiB higher for the big file.
#
# 100 runs by default: with 20 (0.1 s of disk time per side) the ratio of one binary ranged
# from 0.71 to 1.18 between runs on this VM's disk; with 100, 0.93 to 1.09.
#
# Targets (issue 22): upload ratio ≥ 0.80; the big upload's peak at most 8 MiB above the
# small one's (memory flat). The upload and dd run in turns, so load on a shared machine
# weighs on both alike.
#
# Exit status: 0 when every request succeeded and both targets are met, 1 when a request
# failed or a target was missed, 2 on a setup failure.
set -euo pipefail

SIZE_MB=5
RUNS=100
BIG_MB=50
UPLOAD_TARGET=0.80
FLAT_MIB=8
while [[ $# -gt 0 ]]; do
    case "$1" in
        --size-mb) SIZE_MB="${2:-}"; shift 2 ;;
        --runs) RUNS="${2:-}"; shift 2 ;;
        --big-mb) BIG_MB="${2:-}"; shift 2 ;;
        -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
for value in "$SIZE_MB" "$RUNS" "$BIG_MB"; do
    [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "options take positive integers" >&2; exit 2; }
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_NAME=storage
source "$REPO/bench/lib/server.sh"
bench_need curl
bench_build_server "$REPO"
# The big upload must fit the server's limit.
bench_start_server STORAGE_MAX_FILE_SIZE="$(( BIG_MB + 1 ))MB"

auth=(-H "apikey: $SERVICE_KEY" -H "authorization: Bearer $SERVICE_KEY")
code="$(curl -s -o /dev/null -w '%{http_code}' "${auth[@]}" -H 'content-type: application/json' \
    -d '{"id":"bench"}' "$BASE/storage/v1/bucket")"
[[ "$code" == 200 ]] || bench_die "creating the bucket answered $code"

FILE="$WORK/file.bin"
BIG="$WORK/big.bin"
head -c "$(( SIZE_MB * 1024 * 1024 ))" /dev/urandom >"$FILE"
head -c "$(( BIG_MB * 1024 * 1024 ))" /dev/urandom >"$BIG"
BYTES=$(( SIZE_MB * 1024 * 1024 * RUNS ))
failed=0
BENCH_SETUP_DONE=1

now_ns() { date +%s%N; }
mbps() { awk -v b="$1" -v ns="$2" 'BEGIN { printf "%.1f", (b / 1048576) / (ns / 1e9) }'; }

# The upload and its baseline, a durable copy of the file, run in turns (the machine's load
# then weighs on both alike); then a plain copy.
upload_s=0
copy_ns=0
for i in $(seq 1 "$RUNS"); do
    start=$(now_ns)
    dd if="$FILE" of="$WORK/copy.bin" bs=1M conv=fsync status=none
    copy_ns=$(( copy_ns + $(now_ns) - start ))
    out="$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "${auth[@]}" -H 'x-upsert: true' \
        -H 'content-type: application/octet-stream' --data-binary @"$FILE" "$BASE/storage/v1/object/bench/file.bin")"
    [[ "${out% *}" == 200 ]] || { failed=1; echo "upload answered ${out% *}" >&2; }
    upload_s="$(awk -v a="$upload_s" -v b="${out#* }" 'BEGIN { print a + b }')"
done
start=$(now_ns)
for i in $(seq 1 "$RUNS"); do cp "$FILE" "$WORK/copy.bin"; done
cp_ns=$(( $(now_ns) - start ))
upload_ns="$(awk -v s="$upload_s" 'BEGIN { printf "%d", s * 1e9 }')"

stored="$(find "$DATA_DIR/storage/objects" -type f | head -n 1)"
[[ -n "$stored" ]] || bench_die "no stored file found"
start=$(now_ns)
for i in $(seq 1 "$RUNS"); do cat "$stored" >/dev/null; done
read_ns=$(( $(now_ns) - start ))
download_s=0
for i in $(seq 1 "$RUNS"); do
    out="$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "${auth[@]}" "$BASE/storage/v1/object/bench/file.bin")"
    [[ "${out% *}" == 200 ]] || { failed=1; echo "download answered ${out% *}" >&2; }
    download_s="$(awk -v a="$download_s" -v b="${out#* }" 'BEGIN { print a + b }')"
done
download_ns="$(awk -v s="$download_s" 'BEGIN { printf "%d", s * 1e9 }')"

# Peak resident memory (VmHWM, reset first) while one upload runs, in MiB.
kib_to_mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
peak_during() {
    local file="$1" name="$2"
    echo 5 >"/proc/$SERVER_PID/clear_refs" 2>/dev/null || bench_die "cannot reset the peak RSS (run as root)"
    out="$(curl -s -o /dev/null -w '%{http_code}' "${auth[@]}" -H 'x-upsert: true' \
        -H 'content-type: application/octet-stream' --data-binary @"$file" "$BASE/storage/v1/object/bench/$name")"
    [[ "$out" == 200 ]] || { failed=1; echo "upload of $name answered $out" >&2; }
    kib_to_mib "$(awk '/^VmHWM/ { print $2 }' "/proc/$SERVER_PID/status")"
}
peak_during "$BIG" warm.bin >/dev/null
idle_rss="$(kib_to_mib "$(awk '/^VmRSS/ { print $2 }' "/proc/$SERVER_PID/status")")"
small_peak="$(peak_during "$FILE" small.bin)"
big_peak="$(peak_during "$BIG" big.bin)"

upload_mbps="$(mbps "$BYTES" "$upload_ns")"
copy_mbps="$(mbps "$BYTES" "$copy_ns")"
cp_mbps="$(mbps "$BYTES" "$cp_ns")"
download_mbps="$(mbps "$BYTES" "$download_ns")"
read_mbps="$(mbps "$BYTES" "$read_ns")"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo
echo "storage benchmark: ${RUNS} × ${SIZE_MB} MB, ${SERVER_KIND}, local backend on $(df -P "$WORK" | awk 'NR==2 { print $1 }')"
printf '  upload     %8s MB/s   durable copy (dd conv=fsync) %8s MB/s   ratio %s   (plain cp %s MB/s, ratio %s)\n' \
    "$upload_mbps" "$copy_mbps" "$(ratio "$upload_mbps" "$copy_mbps")" "$cp_mbps" "$(ratio "$upload_mbps" "$cp_mbps")"
printf '  download   %8s MB/s   raw copy (cp)                 %8s MB/s   ratio %s   (raw read, cat: %s MB/s)\n' \
    "$download_mbps" "$cp_mbps" "$(ratio "$download_mbps" "$cp_mbps")" "$read_mbps"
printf '  server RSS: %s MiB idle; peak %s MiB during a %s MB upload, %s MiB during a %s MB upload\n' \
    "$idle_rss" "$small_peak" "$SIZE_MB" "$big_peak" "$BIG_MB"
printf '  peak growth over idle: %s MiB vs %s MiB (a buffering server would add about %s MiB more for the big file)\n' \
    "$(awk -v a="$small_peak" -v b="$idle_rss" 'BEGIN { printf "%.1f", a - b }')" \
    "$(awk -v a="$big_peak" -v b="$idle_rss" 'BEGIN { printf "%.1f", a - b }')" \
    "$(( BIG_MB - SIZE_MB ))"

# The targets (issue 22): uploads at least UPLOAD_TARGET of the durable copy, and memory flat
# from --size-mb to --big-mb (the big upload's peak at most FLAT_MIB above the small one's).
missed=0
upload_ratio="$(ratio "$upload_mbps" "$copy_mbps")"
growth="$(awk -v a="$big_peak" -v b="$small_peak" 'BEGIN { printf "%.1f", a - b }')"
if awk -v r="$upload_ratio" -v t="$UPLOAD_TARGET" 'BEGIN { exit !(r >= t) }'; then
    echo "  pass: upload ratio $upload_ratio ≥ $UPLOAD_TARGET"
else
    echo "  FAIL: upload ratio $upload_ratio < $UPLOAD_TARGET"; missed=1
fi
if awk -v g="$growth" -v t="$FLAT_MIB" 'BEGIN { exit !(g <= t) }'; then
    echo "  pass: memory flat (the ${BIG_MB} MB upload peaks $growth MiB above the ${SIZE_MB} MB one, ≤ $FLAT_MIB)"
else
    echo "  FAIL: memory grows with the file (the ${BIG_MB} MB upload peaks $growth MiB above the ${SIZE_MB} MB one, > $FLAT_MIB)"; missed=1
fi
(( failed )) && exit 1
exit "$missed"
