//! The page workers: a fixed number of threads of their own and a short
//! queue in front of them. A page that finds the queue full is refused at
//! once (the caller answers 503), never left to wait; a job whose deadline
//! is over by the time a worker takes it (its client gone, or it waited
//! longer than a page may take) is dropped unrun. The games never touch
//! this pool, so no amount of page work holds up a game's moves.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fifteen_core::Deadline;
use prometheus_client::metrics::gauge::Gauge;

/// One page's work: run by a worker with the page's deadline, its time
/// limit counted from when the worker starts it; or, dropped unrun, with
/// none (it waited too long, or its deadline was over before it began).
pub(crate) type PageWorkItem = Box<dyn FnOnce(Option<&Deadline>) + Send>;

struct Job {
    deadline: Deadline,
    queued_at: Instant,
    work: PageWorkItem,
}

/// How many workers are busy and how many jobs wait, for `/healthz` and
/// `/metrics`.
#[derive(Clone, Default)]
pub(crate) struct PoolGauges {
    pub(crate) queued: Gauge,
    pub(crate) busy: Gauge,
}

/// The worker threads and their queue.
pub(crate) struct PagePool {
    sender: Mutex<Option<SyncSender<Job>>>,
    workers: Mutex<Vec<std::thread::JoinHandle<()>>>,
    gauges: PoolGauges,
    closed: Arc<AtomicBool>,
    seconds: f64,
}

/// Why a job was not queued.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Busy {
    /// The queue is full.
    Full,
    /// The pool is shutting down.
    Closed,
}

impl PagePool {
    /// `workers` threads (at least one) and room for `queue` jobs waiting
    /// (none: a page is taken only when a worker is free). Each job gets
    /// `seconds` of work from when a worker starts it, and is dropped if
    /// it waited longer than that.
    pub(crate) fn new(workers: usize, queue: usize, seconds: f64, gauges: PoolGauges) -> std::io::Result<PagePool> {
        // A rendezvous channel (0) hands a job over only to a waiting
        // worker; `queue` more may wait in it.
        let (sender, receiver) = sync_channel::<Job>(queue);
        let receiver = Arc::new(Mutex::new(receiver));
        let closed = Arc::new(AtomicBool::new(false));
        let mut handles = Vec::new();
        for i in 0..workers.max(1) {
            let (receiver, gauges, closed) = (receiver.clone(), gauges.clone(), closed.clone());
            let handle = std::thread::Builder::new()
                .name(format!("fifteen-page-{i}"))
                .spawn(move || work(&receiver, &gauges, seconds, &closed))?;
            handles.push(handle);
        }
        Ok(PagePool { sender: Mutex::new(Some(sender)), workers: Mutex::new(handles), gauges, closed, seconds })
    }

    /// The seconds each job gets.
    pub(crate) fn seconds(&self) -> f64 {
        self.seconds
    }

    /// Queues `work` under `deadline`, or says why not.
    pub(crate) fn submit(&self, deadline: Deadline, work: PageWorkItem) -> Result<(), Busy> {
        let sender = self.sender.lock().unwrap_or_else(|p| p.into_inner());
        let Some(sender) = sender.as_ref() else {
            return Err(Busy::Closed);
        };
        // Counted before it is sent, so a worker never takes it off a
        // count that does not hold it yet.
        self.gauges.queued.inc();
        match sender.try_send(Job { deadline, queued_at: Instant::now(), work }) {
            Ok(()) => Ok(()),
            Err(e) => {
                self.gauges.queued.dec();
                Err(match e {
                    TrySendError::Full(_) => Busy::Full,
                    TrySendError::Disconnected(_) => Busy::Closed,
                })
            }
        }
    }

    /// Stops taking jobs, drops those waiting (their deadlines are stopped
    /// by the server's stop) and waits up to `wait` for the workers to end.
    pub(crate) fn shut_down(&self, wait: Duration) {
        self.closed.store(true, Ordering::Relaxed);
        drop(self.sender.lock().unwrap_or_else(|p| p.into_inner()).take());
        let handles = std::mem::take(&mut *self.workers.lock().unwrap_or_else(|p| p.into_inner()));
        let until = Instant::now() + wait;
        for handle in handles {
            while !handle.is_finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(5));
            }
            if handle.is_finished() {
                let _ = handle.join();
            }
        }
    }
}

impl Drop for PagePool {
    fn drop(&mut self) {
        self.shut_down(Duration::from_secs(1));
    }
}

/// A worker: takes jobs until the pool closes. A job whose deadline is over
/// or that waited longer than `seconds` is not run (it is told so).
fn work(receiver: &Mutex<Receiver<Job>>, gauges: &PoolGauges, seconds: f64, closed: &AtomicBool) {
    loop {
        let job = {
            let receiver = receiver.lock().unwrap_or_else(|p| p.into_inner());
            receiver.recv()
        };
        let Ok(job) = job else { return };
        gauges.queued.dec();
        if closed.load(Ordering::Relaxed) || job.deadline.is_over() || job.queued_at.elapsed().as_secs_f64() > seconds {
            (job.work)(None);
            continue;
        }
        gauges.busy.inc();
        let deadline = job.deadline.within(seconds);
        // A page that panics loses its answer (its caller says so), not
        // the worker.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (job.work)(Some(&deadline))));
        gauges.busy.dec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[test]
    fn jobs_past_the_queue_are_refused_and_stopped_ones_never_run() {
        let gauges = PoolGauges::default();
        let pool = PagePool::new(1, 1, 60.0, gauges.clone()).unwrap();
        // The worker holds the first job until told to go on.
        let (go, wait) = channel::<()>();
        let (ran, ran_rx) = channel::<&'static str>();
        let first = ran.clone();
        pool.submit(
            Deadline::stoppable(),
            Box::new(move |_| {
                let _ = wait.recv();
                first.send("first").unwrap();
            }),
        )
        .unwrap();
        // Wait until the worker has taken it, so the queue is empty.
        while gauges.busy.get() == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        let stopped = Deadline::stoppable();
        let second = ran.clone();
        pool.submit(
            stopped.clone(),
            Box::new(move |d| second.send(if d.is_some() { "second" } else { "dropped" }).unwrap()),
        )
        .unwrap();
        assert_eq!(gauges.queued.get(), 1);
        assert_eq!(pool.submit(Deadline::stoppable(), Box::new(|_| {})), Err(Busy::Full));
        stopped.stop();
        let third = ran.clone();
        go.send(()).unwrap();
        assert_eq!(ran_rx.recv().unwrap(), "first");
        assert_eq!(ran_rx.recv().unwrap(), "dropped", "the stopped job is told, not run");
        // The queue is empty again: the next job waits in it and runs.
        pool.submit(Deadline::stoppable(), Box::new(move |_| third.send("third").unwrap())).unwrap();
        assert_eq!(ran_rx.recv().unwrap(), "third");
        pool.shut_down(Duration::from_secs(5));
        assert_eq!(pool.submit(Deadline::stoppable(), Box::new(|_| {})), Err(Busy::Closed));
    }

    #[test]
    fn a_job_gets_its_time_from_when_it_starts() {
        let pool = PagePool::new(1, 4, 30.0, PoolGauges::default()).unwrap();
        let start = Instant::now();
        let deadline = Deadline::stoppable().with_clock(move || start.elapsed().as_secs_f64());
        let (left, left_rx) = channel();
        pool.submit(
            deadline,
            Box::new(move |d: Option<&Deadline>| left.send(d.and_then(Deadline::seconds_left)).unwrap()),
        )
        .unwrap();
        let left = left_rx.recv().unwrap().expect("a time limit");
        assert!(left > 29.0 && left <= 30.0, "{left}");
    }
}
