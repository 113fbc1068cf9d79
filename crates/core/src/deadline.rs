//! When work must stop: one [`Deadline`] for every solver, the planner and
//! the coach.
//!
//! A deadline says two things. **Stop**: a flag any of its clones can trip
//! (a server's client hung up, the user pressed Ctrl-C): nobody waits for
//! the answer any more, and every solver gives up at once with a
//! `Stopped` error. **Time**: how long the work may take, read through a
//! clock the caller passes (the core reads none): past it the searches
//! that always hold an answer (the near solver) give the best found so
//! far, and the others give up as on a stop.
//!
//! Work asks [`Deadline::is_over`] every few thousand nodes, states or
//! placements, so a stop is honoured within milliseconds.
//!
//! ```
//! use std::time::Instant;
//! use fifteen_core::Deadline;
//!
//! // The caller's clock: seconds since it began.
//! let start = Instant::now();
//! let deadline = Deadline::stoppable().with_clock(move || start.elapsed().as_secs_f64()).within(5.0);
//! assert!(!deadline.is_over());
//! assert!(deadline.seconds_left().is_some_and(|left| left > 4.0));
//! // A part of the work may get less time, never more.
//! assert!(deadline.within(0.5).seconds_left().is_some_and(|left| left <= 0.5));
//!
//! // Any clone stops them all.
//! let handle = deadline.clone();
//! handle.stop();
//! assert!(deadline.is_stopped() && deadline.is_over());
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// When work must stop: a stop flag shared by its clones, and a time limit
/// read through the caller's clock (see the [module](self)).
#[derive(Clone)]
pub struct Deadline {
    /// Tripped once nobody waits for the answer; shared by the clones.
    stop: Option<Arc<StopFlag>>,
    /// The caller's clock: seconds since a point of its choosing.
    clock: Option<Arc<dyn Fn() -> f64 + Send + Sync>>,
    /// When the time is up, on `clock` (infinite: no time limit).
    ends_at: f64,
}

/// A stop flag, stopped too when the flag it was made under is.
struct StopFlag {
    stopped: AtomicBool,
    under: Option<Arc<StopFlag>>,
}

impl StopFlag {
    fn new(stopped: bool, under: Option<Arc<StopFlag>>) -> Arc<StopFlag> {
        Arc::new(StopFlag { stopped: AtomicBool::new(stopped), under })
    }

    fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed) || self.under.as_ref().is_some_and(|under| under.is_stopped())
    }
}

impl Deadline {
    /// No deadline: work runs until it is done.
    pub const NONE: Deadline = Deadline { stop: None, clock: None, ends_at: f64::INFINITY };

    /// A deadline with no time limit that [`Deadline::stop`], on it or on
    /// any of its clones, trips.
    pub fn stoppable() -> Deadline {
        Deadline { stop: Some(StopFlag::new(false, None)), ..Deadline::NONE }
    }

    /// A deadline already stopped: every solver given it returns at once
    /// with its `Stopped` error.
    pub fn stopped() -> Deadline {
        Deadline { stop: Some(StopFlag::new(true, None)), ..Deadline::NONE }
    }

    /// A part of this deadline with a stop flag of its own: stopped when
    /// this one is, and also by its own [`Deadline::stop`], which does not
    /// reach this one (a server stops one request's work, not the others').
    pub fn with_own_stop(&self) -> Deadline {
        Deadline { stop: Some(StopFlag::new(false, self.stop.clone())), ..self.clone() }
    }

    /// The same deadline read through `clock` (seconds since any point the
    /// caller likes, never going back), so that [`Deadline::within`] can
    /// set time limits.
    pub fn with_clock(self, clock: impl Fn() -> f64 + Send + Sync + 'static) -> Deadline {
        Deadline { clock: Some(Arc::new(clock)), ..self }
    }

    /// This deadline, but over at the latest `seconds` from now by its
    /// clock; sharing its stop flag. Without a clock there is no "now":
    /// the deadline is returned unchanged.
    pub fn within(&self, seconds: f64) -> Deadline {
        let ends_at = match &self.clock {
            Some(clock) => self.ends_at.min(clock() + seconds.max(0.0)),
            None => self.ends_at,
        };
        Deadline { ends_at, ..self.clone() }
    }

    /// This deadline without its time limit: over only when stopped. What
    /// an anytime search's helpers get that must finish to be of use (the
    /// near solver's first solution, which its answer is never longer
    /// than).
    pub fn untimed(&self) -> Deadline {
        Deadline { ends_at: f64::INFINITY, ..self.clone() }
    }

    /// Trips the stop flag of this deadline and all its clones (nothing,
    /// on a deadline made without one: [`Deadline::NONE`] or one made from
    /// it by [`Deadline::with_clock`]).
    pub fn stop(&self) {
        if let Some(stop) = &self.stop {
            stop.stopped.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the stop flag is tripped: the answer is wanted no more.
    pub fn is_stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|stop| stop.is_stopped())
    }

    /// Whether work must end now: stopped, or out of time.
    pub fn is_over(&self) -> bool {
        self.is_stopped() || self.seconds_left().is_some_and(|left| left <= 0.0)
    }

    /// The seconds left by the clock, when there is a time limit.
    pub fn seconds_left(&self) -> Option<f64> {
        let clock = self.clock.as_ref().filter(|_| self.ends_at.is_finite())?;
        Some(self.ends_at - clock())
    }
}

impl Default for Deadline {
    /// [`Deadline::NONE`].
    fn default() -> Deadline {
        Deadline::NONE
    }
}

impl std::fmt::Debug for Deadline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deadline")
            .field("stopped", &self.is_stopped())
            .field("seconds_left", &self.seconds_left())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    /// A clock the test moves by hand, in whole seconds.
    fn hand_clock() -> (Arc<AtomicU64>, impl Fn() -> f64 + Send + Sync + 'static) {
        let now = Arc::new(AtomicU64::new(0));
        let read = Arc::clone(&now);
        (now, move || read.load(Ordering::Relaxed) as f64)
    }

    #[test]
    fn time_limits_are_read_through_the_callers_clock() {
        let (now, clock) = hand_clock();
        let deadline = Deadline::NONE.with_clock(clock).within(10.0);
        assert_eq!(deadline.seconds_left(), Some(10.0));
        now.store(4, Ordering::Relaxed);
        let part = deadline.within(3.0);
        assert_eq!(part.seconds_left(), Some(3.0));
        // Never more than the whole.
        assert_eq!(deadline.within(60.0).seconds_left(), Some(6.0));
        now.store(7, Ordering::Relaxed);
        assert!(part.is_over() && !deadline.is_over());
        now.store(10, Ordering::Relaxed);
        assert!(deadline.is_over() && !deadline.is_stopped());
    }

    #[test]
    fn a_stop_reaches_every_clone_and_part() {
        let (_, clock) = hand_clock();
        let deadline = Deadline::stoppable().with_clock(clock);
        let part = deadline.within(5.0);
        assert!(!part.is_over());
        deadline.clone().stop();
        assert!(part.is_stopped() && deadline.is_over());
        assert!(Deadline::stopped().is_over());
    }

    #[test]
    fn a_part_with_its_own_stop_stops_alone_or_with_the_whole() {
        let whole = Deadline::stoppable();
        let (one, other) = (whole.with_own_stop(), whole.with_own_stop());
        one.stop();
        assert!(one.is_stopped() && !other.is_stopped() && !whole.is_stopped());
        whole.stop();
        assert!(other.is_stopped());
        // Under no deadline at all, a part still has its own.
        let part = Deadline::NONE.with_own_stop();
        part.stop();
        assert!(part.is_over());
    }

    #[test]
    fn no_deadline_is_never_over_and_cannot_be_stopped() {
        let none = Deadline::NONE;
        none.stop();
        assert!(!none.is_over() && none.seconds_left().is_none());
        // Without a clock a time limit cannot be read.
        assert!(none.within(0.0).seconds_left().is_none());
    }
}
