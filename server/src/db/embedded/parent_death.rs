//! Makes a child process stop when the server dies, even by `kill -9`.

use std::process::Command;

/// Asks the kernel to send SIGINT (PostgreSQL's fast shutdown) to the child when the thread
/// that spawned it exits. Call it from the main thread, which lives as long as the server.
#[expect(unsafe_code, reason = "pre_exec runs async-signal-safe prctl/getppid/kill between fork and exec")]
pub fn stop_when_parent_dies(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: the closure only calls async-signal-safe functions and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGINT as libc::c_ulong, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The parent may have died between fork and prctl.
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
}
