//! The dedicated threads password hashes run on: a few workers at the lowest priority of the
//! normal policy, each pinned to a CPU of its own at the end of the process's CPU list, taking
//! jobs from one bounded queue.
//!
//! Why this shape, in one line each (measured in bench/README.md, `auth.sh`, "Why the workers
//! run at nice 19 and pinned"):
//!
//! - **nice 19, not SCHED_IDLE**: the kernel counts a CPU running only SCHED_IDLE threads as
//!   idle and wakes requests there, behind the hash; at nice 19 it counts as busy.
//! - **Pinned**, when that leaves a CPU free: a worker that stays on its CPU keeps argon2's
//!   19 MiB of memory traffic in one cache, and the loaded REST p99 is steadier.

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
