//! Waits for SIGINT (Ctrl-C) or SIGTERM.

pub async fn signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut stream) => {
                stream.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        () = interrupt => tracing::info!("SIGINT received: shutting down"),
        () = terminate => tracing::info!("SIGTERM received: shutting down"),
    }
}

/// A background task that stops when asked (the push and documents workers, the scheduler): it
/// watches a stop flag, and is cut if it has not ended within a grace period.
pub struct Stoppable {
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Stoppable {
    /// Spawns `run`, handing it the flag it watches: `true` (and a change) means stop.
    pub fn spawn<F>(run: impl FnOnce(tokio::sync::watch::Receiver<bool>) -> F) -> Self
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let (stop, flag) = tokio::sync::watch::channel(false);
        Self { stop, task: tokio::spawn(run(flag)) }
    }

    /// Asks the task to stop and waits up to `grace`; a task still running then is cut, and
    /// the answer is `false`.
    pub async fn stop(mut self, grace: std::time::Duration) -> bool {
        let _ = self.stop.send(true);
        if tokio::time::timeout(grace, &mut self.task).await.is_err() {
            self.task.abort();
            return false;
        }
        true
    }

    /// Ends the task at once, as a crash would.
    pub fn abort(self) {
        self.task.abort();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::Stoppable;

    #[tokio::test]
    async fn a_task_that_watches_the_flag_ends_within_the_grace() {
        let task = Stoppable::spawn(|mut stop| async move {
            while !*stop.borrow() {
                if stop.changed().await.is_err() {
                    break;
                }
            }
        });
        assert!(task.stop(Duration::from_secs(5)).await);
    }

    #[tokio::test]
    async fn a_task_still_running_after_the_grace_is_cut() {
        let (dropped, was_dropped) = tokio::sync::oneshot::channel::<()>();
        let task = Stoppable::spawn(|_stop| async move {
            let _held = dropped;
            std::future::pending::<()>().await;
        });
        assert!(!task.stop(Duration::from_millis(20)).await);
        assert!(was_dropped.await.is_err(), "the cut task was dropped");
    }
}
