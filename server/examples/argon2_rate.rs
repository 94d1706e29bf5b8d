//! The raw argon2id verify rate of this machine: the ceiling of sign-ins per second.
//!
//! Hashes one password once with the server's own parameters (`Passwords::hash`), then runs
//! `--threads N` OS threads that each call `verify_blocking` in a loop for `--seconds S` and
//! prints the verifies per second of all threads together. No HTTP, no database, no pool, no
//! lowered priority: the work a sign-in cannot avoid. `bench/auth.sh` compares the server's
//! sign-ins per second with this rate at the same number of threads as hashing workers.
//!
//! ```text
//! cargo run --release -p server --example argon2_rate -- --threads 2 --seconds 10
//! ```
//!
//! Output: one line for people, then one machine-readable line starting with `ARGON2 `.

use std::process::ExitCode;
use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use server::auth::password::{Passwords, verify_blocking};

const PASSWORD: &str = "bench-password-0123456789";

struct Args {
    threads: usize,
    seconds: f64,
}

fn usage() -> String {
    "usage: argon2_rate [--threads N] [--seconds S]\n  \
     --threads N   OS threads verifying in parallel (default: the number of CPUs)\n  \
     --seconds S   how long they run (default 10)"
        .to_string()
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args { threads: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1), seconds: 10.0 };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.to_string())),
            None => (arg.clone(), None),
        };
        match name.as_str() {
            "-h" | "--help" => return Err(usage()),
            "--threads" | "--seconds" => {
                let value = match inline.or_else(|| it.next()) {
                    Some(value) => value,
                    None => return Err(format!("{name} needs a value\n{}", usage())),
                };
                if name == "--threads" {
                    args.threads = match value.parse::<usize>() {
                        Ok(n) if n > 0 => n,
                        _ => return Err(format!("--threads must be a positive integer, got '{value}'")),
                    };
                } else {
                    args.seconds = match value.parse::<f64>() {
                        Ok(s) if s.is_finite() && s > 0.0 => s,
                        _ => return Err(format!("--seconds must be a positive number, got '{value}'")),
                    };
                }
            }
            _ => return Err(format!("unknown argument: {arg}\n{}", usage())),
        }
    }
    Ok(args)
}

/// Verifies completed by one thread and the time from the common start to the end of its
/// last one: the rate counts finished work only, and no thread is charged for the verify it
/// was in the middle of when the time ran out.
struct ThreadResult {
    verifies: u64,
    busy: Duration,
    mismatches: u64,
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };

    // The hash the server would store, made by the server's own code.
    let hash = {
        let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(runtime) => runtime,
            Err(e) => {
                eprintln!("argon2_rate: cannot start a runtime: {e}");
                return ExitCode::from(2);
            }
        };
        let made = runtime.block_on(async {
            let passwords = Passwords::new(8, 1)?;
            passwords.hash(PASSWORD.to_string()).await
        });
        match made {
            Ok(hash) => hash,
            Err(e) => {
                eprintln!("argon2_rate: hashing failed: {e}");
                return ExitCode::from(2);
            }
        }
    };
    if !verify_blocking(PASSWORD, &hash) {
        eprintln!("argon2_rate: the password does not verify against its own hash");
        return ExitCode::from(2);
    }

    let stop = AtomicBool::new(false);
    let barrier = Barrier::new(args.threads + 1);
    let window = Duration::from_secs_f64(args.seconds);
    let results: Vec<ThreadResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..args.threads)
            .map(|_| {
                let (stop, barrier, hash) = (&stop, &barrier, hash.as_str());
                scope.spawn(move || {
                    barrier.wait();
                    let start = Instant::now();
                    let mut result = ThreadResult { verifies: 0, busy: Duration::ZERO, mismatches: 0 };
                    while !stop.load(Ordering::Relaxed) {
                        if !verify_blocking(PASSWORD, hash) {
                            result.mismatches += 1;
                        }
                        let elapsed = start.elapsed();
                        if elapsed > window {
                            // Finished after the window closed: not counted.
                            break;
                        }
                        result.verifies += 1;
                        result.busy = elapsed;
                    }
                    result
                })
            })
            .collect();
        barrier.wait();
        std::thread::sleep(window);
        stop.store(true, Ordering::Relaxed);
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(ThreadResult { verifies: 0, busy: Duration::ZERO, mismatches: 1 }))
            .collect()
    });

    let verifies: u64 = results.iter().map(|r| r.verifies).sum();
    let mismatches: u64 = results.iter().map(|r| r.mismatches).sum();
    // Sum of the per-thread rates, each over the time its counted verifies took.
    let rate: f64 = results
        .iter()
        .filter(|r| r.verifies > 0)
        .map(|r| r.verifies as f64 / r.busy.as_secs_f64().max(f64::MIN_POSITIVE))
        .sum();
    let per_verify_ms = if rate > 0.0 { 1000.0 * args.threads as f64 / rate } else { 0.0 };
    println!(
        "argon2id m=19456 t=2 p=1: {rate:.1} verifies/s with {} thread(s) over {:.1} s \
         ({verifies} verifies, {per_verify_ms:.1} ms each)",
        args.threads, args.seconds
    );
    println!(
        "ARGON2 threads={} seconds={} verifies={verifies} rate={rate:.2} ms_per_verify={per_verify_ms:.2} mismatches={mismatches}",
        args.threads, args.seconds
    );
    if mismatches > 0 || verifies == 0 {
        eprintln!("argon2_rate: {mismatches} verifies failed, {verifies} counted");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
