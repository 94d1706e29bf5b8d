#!/usr/bin/env python3
"""Where a server's CPU goes, by stage of the request path, from `perf script` output of a
`perf record --call-graph dwarf` run (bench/rest.sh --perf).

    perf script -i a.data -F comm,tid,ip,sym | bench/lib/perf-breakdown.py [--us-per-request N]

Each sample is assigned once. Kernel samples go to the system call they are under (or to
"kernel: interrupts and preemption" when under none); user samples go to the innermost frame
of the request path that names a stage (allocator and memcpy frames are charged to their
caller's stage). With --us-per-request, shares are also shown in µs per request.
"""
import re
import sys

# (stage, pattern) in order: the first stage matched walking from the leaf outwards wins.
USER_STAGES = [
    ("auth: API key and token", r"server::auth::(caller|jwt|verified_tokens)|jsonwebtoken::"),
    ("rest: query parsing", r"server::rest::request::"),
    ("rest: context (headers, preferences)", r"server::rest::handler::context::"),
    ("rest: planning", r"server::rest::plan::"),
    ("rest: SQL building", r"server::rest::sql::"),
    ("rest: response shaping", r"server::rest::handler::respond|server::rest::response::"),
    ("db: transaction and pool", r"server::db::"),
    ("postgres client (tokio-postgres)", r"tokio_postgres::|postgres_protocol::|postgres_types::"),
    ("http: hyper (parse, encode, dispatch)", r"hyper::|httparse::"),
    ("http: middleware and routing (axum, tower-http)", r"tower_http::|axum::|tower::|server::http::|matchit::"),
    ("rest: handler", r"server::rest::handler::"),
    ("async runtime (tokio)", r"tokio::runtime::|mio::"),
]
# Kernel samples, by the first user-space frame under them (the C library's call), which says
# which system call they serve, including the preemption that happens on the way out of it.
KERNEL_SYSCALLS = [
    ("kernel: write response to client (TCP writev)", r"writev"),
    ("kernel: send to PostgreSQL (unix send)", r"__libc_send|^send$|sendto|sendmsg"),
    ("kernel: receive (recv)", r"__libc_recv|^recv|^read$|__libc_read"),
    ("kernel: wait for events (epoll_wait)", r"epoll_wait|epoll_pwait"),
    ("kernel: thread wake-ups (futex)", r"^syscall$|futex|pthread_cond|__lll_lock"),
    ("kernel: wake the event loop (eventfd write)", r"^__libc_write|^write$"),
    ("kernel: random bytes (getrandom)", r"getrandom"),
]
SKIP = re.compile(r"^(mi_|_mi_|__memmove|__memcpy|__memset|__memcmp|malloc|free|realloc|core::ptr::drop_in_place|alloc::)")


def stage_of(frames):
    if frames and frames[0][0].startswith("ffffffff"):
        user = next((sym for ip, sym in frames if not ip.startswith("ffffffff")), "")
        for name, pattern in KERNEL_SYSCALLS:
            if re.search(pattern, user):
                return name
        if any("entry_SYSCALL" in sym for _, sym in frames):
            return f"kernel: other system calls ({user or '?'})"
        return "kernel: interrupts and preemption"
    for _, sym in frames:
        if SKIP.match(sym):
            continue
        for name, pattern in USER_STAGES:
            if re.search(pattern, sym):
                return name
    leaf = frames[0][1] if frames else "?"
    if SKIP.match(leaf):
        return "allocator and copies (caller unknown)"
    return "other user code"


def main():
    per_request = None
    if "--us-per-request" in sys.argv:
        per_request = float(sys.argv[sys.argv.index("--us-per-request") + 1])
    counts, total, frames = {}, 0, []

    def flush():
        nonlocal total, frames
        if frames:
            stage = stage_of(frames)
            counts[stage] = counts.get(stage, 0) + 1
            total += 1
        frames = []

    for line in sys.stdin:
        if not line.strip():
            flush()
            continue
        if not line[0].isspace():
            flush()
            continue
        parts = line.strip().split(None, 1)
        frames.append((parts[0], parts[1] if len(parts) > 1 else "?"))
    flush()
    if not total:
        print("no samples")
        return
    print(f"{total} samples" + (f", {per_request:.1f} µs of server CPU per request" if per_request else ""))
    for stage, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        share = n / total
        us = f"  {share * per_request:5.1f} µs" if per_request else ""
        print(f"  {100 * share:5.1f} %{us}  {stage}")


if __name__ == "__main__":
    main()
