//! The dedicated threads password hashes run on: a few workers at the lowest priority of the
//! normal policy, each pinned to a CPU of its own at the end of the process's CPU list, taking
//! jobs from one bounded queue.
//!
//! Why this shape (measured with bench/auth.sh on a 2-core VM: REST p99 while 50 sign-ins run,
//! as a multiple of its idle value):
//!
//! - **nice 19, not SCHED_IDLE** (4.96× → 1.82×). SCHED_IDLE yields even more CPU, but the
//!   kernel counts a CPU that runs only SCHED_IDLE threads as idle when it places a waking
//!   thread, so request handling, PostgreSQL and the client woke on the hashing CPU and had to
//!   preempt the hash there instead of using the CPU that was really free; that preemption
//!   sometimes took milliseconds. A busy loop under SCHED_IDLE alone lifted the REST p99 from
//!   0.85 ms to 2.1–3.2 ms; the same loop at nice 19 left it at 0.45–0.90 ms. Next to a
//!   request's thread (weight 1024) a nice-19 worker (weight 15) gets about 1.5 % of a shared
//!   CPU, so hashes still use only the time nothing else wants.
//! - **Pinned** (medians of 1.46×, 1.99× and 1.72× over three 5-round runs, against 1.44× and
//!   1.82× unpinned: within the noise; but the loaded p99 is steadier, 1.03–1.46 ms per round
//!   against 1.20–2.19 ms). An unpinned worker is moved between CPUs by the load balancer and brings
//!   its 19 MiB of argon2 memory traffic to every cache it passes; pinned, the hashing happens
//!   on CPUs the scheduler learns to treat as busy. Workers are only pinned when they leave at
//!   least one CPU unpinned: with as many workers as CPUs, pinning would protect nothing.

use std::sync::{Arc, Mutex};

use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
use nix::unistd::Pid;
use tokio::sync::mpsc;

/// Nice value of the hashing threads: the lowest priority of the normal policy.
const WORKER_NICE: libc::c_int = 19;
/// Hashes waiting for a worker before callers wait to enqueue.
const QUEUE: usize = 1024;

pub type Job = Box<dyn FnOnce() + Send>;

/// Starts `concurrency` workers (at least one) and returns the queue they take jobs from. They
/// stop when every sender is dropped.
pub fn start(concurrency: usize) -> Result<mpsc::Sender<Job>, String> {
    let concurrency = concurrency.max(1);
    let (jobs, queue) = mpsc::channel::<Job>(QUEUE);
    let queue = Arc::new(Mutex::new(queue));
    let cpus = hashing_cpus(concurrency, &allowed_cpus());
    for index in 0..concurrency {
        let queue = Arc::clone(&queue);
        let cpu = cpus.get(index).copied();
        std::thread::Builder::new()
            .name(format!("password-hash-{index}"))
            .spawn(move || work(&queue, cpu))
            .map_err(|e| format!("cannot start a password hashing thread: {e}"))?;
    }
    Ok(jobs)
}

/// The CPUs this process may run on, in order (empty when they cannot be read).
fn allowed_cpus() -> Vec<usize> {
    match sched_getaffinity(Pid::from_raw(0)) {
        Ok(set) => (0..CpuSet::count()).filter(|&cpu| set.is_set(cpu).unwrap_or(false)).collect(),
        Err(error) => {
            tracing::debug!(%error, "cannot read the CPU affinity; password hashing workers are not pinned");
            Vec::new()
        }
    }
}

/// The CPU each worker is pinned to: the last `workers` allowed CPUs, the last one first; none
/// when that would leave no CPU free of hashing.
fn hashing_cpus(workers: usize, allowed: &[usize]) -> Vec<usize> {
    if workers >= allowed.len() {
        return Vec::new();
    }
    allowed.iter().rev().take(workers).copied().collect()
}

/// A worker's life: lower its own priority, move to its CPU, then run jobs until the queue
/// closes.
fn work(queue: &Mutex<mpsc::Receiver<Job>>, cpu: Option<usize>) {
    lower_this_threads_priority();
    if let Some(cpu) = cpu {
        pin_this_thread(cpu);
    }
    loop {
        let job = match queue.lock() {
            Ok(mut queue) => queue.blocking_recv(),
            Err(_) => None,
        };
        match job {
            Some(job) => job(),
            None => return,
        }
    }
}

/// On Linux the nice value belongs to the calling thread only.
#[allow(unsafe_code, reason = "setpriority has no safe per-thread wrapper in nix or std")]
fn lower_this_threads_priority() {
    let thread_id = nix::unistd::gettid().as_raw() as libc::id_t;
    // SAFETY: setpriority only reads its three integer arguments.
    if unsafe { libc::setpriority(libc::PRIO_PROCESS, thread_id, WORKER_NICE) } != 0 {
        tracing::debug!(error = %std::io::Error::last_os_error(), "cannot lower the password hashing priority");
    }
}

/// Pid 0 is the calling thread: the other threads keep the process's affinity.
fn pin_this_thread(cpu: usize) {
    let mut set = CpuSet::new();
    let pinned = set.set(cpu).and_then(|()| sched_setaffinity(Pid::from_raw(0), &set));
    if let Err(error) = pinned {
        tracing::debug!(%error, cpu, "cannot pin a password hashing worker");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_take_the_last_cpus_and_leave_at_least_one_free() {
        assert_eq!(hashing_cpus(1, &[0, 1]), [1]);
        assert_eq!(hashing_cpus(2, &[0, 1, 2, 3]), [3, 2]);
        // A cpuset that is not 0..n: the allowed CPUs, not their count, decide.
        assert_eq!(hashing_cpus(2, &[2, 5, 7]), [7, 5]);
        assert!(hashing_cpus(2, &[0, 1]).is_empty(), "as many workers as CPUs: none pinned");
        assert!(hashing_cpus(1, &[0]).is_empty());
        assert!(hashing_cpus(1, &[]).is_empty(), "affinity unknown: none pinned");
    }

    /// (policy line of /proc/…/sched, nice, Cpus_allowed_list) of one thread of this process.
    fn thread_settings(thread_id: i32) -> (String, String, String) {
        let path = std::path::PathBuf::from(format!("/proc/self/task/{thread_id}"));
        let read = |file: &str| std::fs::read_to_string(path.join(file)).unwrap();
        let policy = read("sched").lines().find(|l| l.starts_with("policy")).unwrap().to_owned();
        // Fields from the third on follow the command name's closing parenthesis; nice is the
        // 19th.
        let stat = read("stat");
        let nice = stat.rsplit_once(") ").unwrap().1.split(' ').nth(19 - 3).unwrap().to_owned();
        let status = read("status");
        let cpus = status.lines().find_map(|l| l.strip_prefix("Cpus_allowed_list:")).unwrap().trim().to_owned();
        (policy, nice, cpus)
    }

    #[test]
    fn workers_run_at_nice_19_of_the_normal_policy_on_their_own_cpu() {
        let jobs = start(1).unwrap();
        // The job runs after the worker has set its own priority and affinity.
        let (done, ran) = std::sync::mpsc::channel();
        jobs.blocking_send(Box::new(move || done.send(nix::unistd::gettid().as_raw()).unwrap())).unwrap();
        let worker = ran.recv().unwrap();

        let (policy, nice, cpus) = thread_settings(worker);
        assert!(policy.ends_with(&format!(" {}", libc::SCHED_OTHER)), "{policy}");
        assert_eq!(nice, WORKER_NICE.to_string());
        let (_, _, own_cpus) = thread_settings(nix::unistd::gettid().as_raw());
        match hashing_cpus(1, &allowed_cpus())[..] {
            [cpu] => {
                assert_eq!(cpus, cpu.to_string(), "pinned to the last CPU");
                assert_ne!(own_cpus, cpus, "only the worker is pinned");
            }
            // One CPU: the worker keeps the process's affinity.
            _ => assert_eq!(cpus, own_cpus),
        }
    }
}
