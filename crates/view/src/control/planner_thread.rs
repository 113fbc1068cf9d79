//! The planner's own thread and the mid-end's part of every frame
//! ([`Tick`]): a big board's watched solve (or one whose lines a wide beam
//! plans) is planned beside the drawing, and `fifteen solve`'s moves beside
//! their writing, sent in batches over a bounded channel ([`batch_channel`],
//! [`send_batches`]), so that neither side waits for the other and memory
//! stays bounded. The window and the terminal call [`Tick::frame`] once a
//! frame and only map keys to commands and draw.

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use crate::anim::{EventBatch, Planning};

use super::App;
use super::oracle::Oracle;
use crate::scene::Row;

/// Boards of this many cells or more are planned on a thread of their
/// own while watched: a placement of theirs can take longer than a frame.
/// Smaller ones plan a placement in microseconds within the frame, so a
/// step or a phase jump there never waits for a planner elsewhere.
const PLAN_ELSEWHERE_FROM_CELLS: usize = 10_000;

/// True when a front end watching `app`'s board should plan it on a
/// thread of its own (as [`Tick`] does): a big board, or one whose lines
/// a wide beam plans at the effort it is watched at (a line of a 20×20 at
/// `best` takes a good part of a second, which the window would spend
/// frozen).
pub fn plans_elsewhere(app: &App) -> bool {
    let board = app.board();
    board.len() >= PLAN_ELSEWHERE_FROM_CELLS
        || app.watching_effort(board).plans_lines_slowly(board.rows(), board.cols())
}

/// The most events a planner thread sends at once: few messages a frame
/// even at millions of moves a second, and about 2 MB each. A smaller
/// board's batches hold about as many events as it has cells, so that a
/// line planned by a beam reaches the playback as soon as it is planned.
const EVENTS_PER_BATCH: usize = 1 << 15;

/// How many batches a planner thread may have sent and not yet been taken:
/// it waits beyond that, so memory stays bounded.
const BATCHES_IN_FLIGHT: usize = 4;

/// The channel a planner thread sends its batches over: at most
/// `BATCHES_IN_FLIGHT` wait to be taken.
pub fn batch_channel<T>() -> (SyncSender<T>, Receiver<T>) {
    sync_channel(BATCHES_IN_FLIGHT)
}

/// Sends `outbox` the batches `next` makes until it makes none (true) or
/// nobody takes them any more (false: the receiver was dropped, and no
/// more are planned).
pub fn send_batches<T>(outbox: &SyncSender<T>, mut next: impl FnMut() -> Option<T>) -> bool {
    while let Some(batch) = next() {
        if outbox.send(batch).is_err() {
            return false;
        }
    }
    true
}

/// Runs `planning` on a thread of its own, sending its events in batches
/// of up to `EVENTS_PER_BATCH` with at most `BATCHES_IN_FLIGHT` waiting, so
/// that it plans ahead of the playback in bounded memory. The thread ends
/// when the solve is planned or the receiver is dropped (a new scramble,
/// the window closing); it is never joined, so quitting never waits for a
/// placement being planned. `None` when no thread can be started.
fn planner_thread(mut planning: Planning) -> Option<Receiver<EventBatch>> {
    let (outbox, inbox) = batch_channel();
    let events = planning.cells().min(EVENTS_PER_BATCH);
    let spawned = std::thread::Builder::new()
        .name("planner".into())
        .spawn(move || send_batches(&outbox, || planning.next_batch(events)));
    spawned.ok().map(|_| inbox)
}

/// Hands the watched solve the batches that have come, while it wants more.
fn receive_plans(app: &mut App, inbox: &Receiver<EventBatch>) {
    while app.wants_plans()
        && let Ok(batch) = inbox.try_recv()
    {
        app.receive(batch);
    }
}

/// The mid-end's part of every frame, which each front end calls once a
/// frame after handing the keys' commands to the [`App`] and before
/// drawing it: it starts the planner's thread when the app hands over its
/// planning, takes the plans that have come, plans ahead and plays. The
/// front end passes its clock in (the mid-end reads none): the seconds
/// since a fixed start.
pub struct Tick {
    /// The planner thread's batches, once one runs.
    inbox: Option<Receiver<EventBatch>>,
    /// The optimal distance of the board shown, when the front end has
    /// one (the window): its line goes under the panel's numbers.
    oracle: Option<Oracle>,
}

/// How long one frame may spend planning and playing, by the front end's
/// clock.
#[derive(Clone, Copy, Debug)]
pub struct FrameBudget {
    /// Seconds of the frame the mid-end may plan ahead in.
    pub planning: f64,
    /// Seconds of the frame it may make moves in (the frame is never held
    /// for them: the playback falls behind instead).
    pub playing: f64,
}

impl Tick {
    /// The mid-end's ticks for `app`, which plans elsewhere from the start
    /// when its board calls for it ([`plans_elsewhere`]).
    pub fn start(app: &mut App) -> Tick {
        if plans_elsewhere(app) {
            app.plan_elsewhere();
        }
        Tick { inbox: None, oracle: None }
    }

    /// The same, with `oracle` giving the board's optimal distance (and,
    /// when the app shows it, the best move) under the panel's numbers.
    pub fn with_oracle(mut self, oracle: Oracle) -> Tick {
        self.oracle = Some(oracle);
        self
    }

    /// One frame: `dt` seconds of playback, within `budget` by `clock`.
    pub fn frame(&mut self, app: &mut App, dt: f64, budget: FrameBudget, clock: &dyn Fn() -> f64) {
        if let Some(planning) = app.take_planning() {
            // The planner before, if any, stops at its next send.
            self.inbox = planner_thread(planning);
        }
        if let Some(inbox) = &self.inbox {
            receive_plans(app, inbox);
        }
        let planning = clock();
        app.plan_ahead(&mut || clock() - planning < budget.planning);
        let playing = clock();
        app.update_within(dt, &mut || clock() - playing < budget.playing);
        if let Some(oracle) = &mut self.oracle {
            app.set_extra_rows(oracle_rows(oracle, app));
        }
        app.receive_sharper_coaching();
    }
}

/// The oracle's line for the board `app` shows now, and the key that
/// shows or hides the best move; it posts the board to the oracle when it
/// is new.
fn oracle_rows(oracle: &mut Oracle, app: &App) -> Vec<Row> {
    oracle.observe(app.board());
    oracle.show_move = app.best_move_shown();
    let Some(line) = oracle.line(app.board()) else { return Vec::new() };
    let (name, value) = line.split_once(": ").unwrap_or(("optimal", line.as_str()));
    let key = if oracle.show_move { "B hides the best move" } else { "B shows the best move" };
    vec![Row::Stat(name.to_string(), value.to_string()), Row::Stat(key.to_string(), String::new())]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::{Cue, Player, Timeline};
    use fifteen_core::board::{Board, Scramble};
    use fifteen_core::human::HumanOptions;

    /// Runs `frames` frames of the mid-end's tick on `app` at a million
    /// moves a second, until `enough` says so; every seventh frame's clock
    /// runs a second a look, so its budget is spent at once, the others'
    /// stands still.
    fn tick_until(app: &mut App, frames: usize, enough: &dyn Fn(&App) -> bool) {
        // Planning elsewhere starts the watched solve anew, at the app's speed.
        let mut tick = Tick::start(app);
        app.player.set_speed(1_000_000.0);
        app.player.play();
        let budget = FrameBudget { planning: 0.004, playing: 0.010 };
        for frame in 0..frames {
            if enough(app) {
                return;
            }
            let now = std::cell::Cell::new(0.0);
            let step = if frame % 7 == 0 { 1.0 } else { 0.0 };
            tick.frame(app, 0.05, budget, &|| {
                now.set(now.get() + step);
                now.get()
            });
            std::thread::yield_now();
        }
    }

    // The window's and the terminal's frames as they run them: a 4×4,
    // planned within the frame, plays to the goal through the tick alone;
    // a 100×100's moves come from the planner's thread the tick starts
    // (the frames wait for it by turning over, a bounded number of them, so
    // that a planner that sends nothing fails rather than hangs).
    #[test]
    fn frames_of_the_tick_play_a_watched_solve() {
        let board = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
        let mut app = App::watching(Player::solve(&board, &HumanOptions::default()).unwrap());
        tick_until(&mut app, 2_000, &|app| app.board().is_solved());
        assert!(app.board().is_solved(), "the 4×4 plays to the goal");
        let board = Board::scrambled(100, 100, Scramble::Uniform, 3).unwrap();
        let mut app = App::watching(Player::solve(&board, &HumanOptions::default()).unwrap());
        assert!(plans_elsewhere(&app));
        tick_until(&mut app, 50_000_000, &|app| app.player.cursor() >= 100_000);
        assert!(app.player.cursor() >= 100_000, "moves planned on the other thread were played");
        let mut replay = board.clone();
        replay.apply(&app.player.timeline().moves()[..app.player.cursor()]).unwrap();
        assert_eq!(&replay, app.board());
    }

    // A watched solve planned on a thread of its own, as the window plans
    // it: batches over a bounded channel, the playback on this thread.
    #[test]
    fn a_solve_planned_on_another_thread_plays_to_the_goal_with_every_move() {
        let board = Board::scrambled(40, 30, Scramble::Uniform, 6).unwrap();
        let (timeline, mut planning) = Timeline::planned_elsewhere(&board, &HumanOptions::default()).unwrap();
        let (outbox, inbox) = batch_channel();
        let planner = std::thread::spawn(move || send_batches(&outbox, || planning.next_batch(4_096)));
        let mut player = Player::new(timeline);
        player.set_speed(1_000_000.0);
        player.play();
        let mut replay = board.clone();
        let mut next = 0usize;
        // A bound on the rounds instead of a clock: a stalled playback fails.
        let mut rounds = 0u64;
        while !player.is_finished() {
            while player.wants_plans(50_000)
                && let Ok(batch) = inbox.try_recv()
            {
                player.receive(batch);
            }
            player.advance_within(
                1.0 / 60.0,
                &mut |cue: &Cue| {
                    if let Cue::Moved { index, mv, .. } = *cue {
                        assert_eq!(index, next);
                        replay.slide(mv).unwrap();
                        next += 1;
                    }
                },
                &mut || true,
            );
            rounds += 1;
            assert!(rounds < 20_000_000, "the playback stalled at move {next}");
            std::thread::yield_now();
        }
        assert!(replay.is_solved() && player.board().is_solved());
        assert_eq!(Some(next), player.timeline().total());
        assert!(planner.join().unwrap(), "every batch was taken");
    }

    #[test]
    fn dropping_the_receiver_stops_the_planner_thread() {
        let board = Board::scrambled(200, 200, Scramble::Uniform, 1).unwrap();
        let (_, mut planning) = Timeline::planned_elsewhere(&board, &HumanOptions::default()).unwrap();
        let (outbox, inbox) = batch_channel();
        let planner = std::thread::spawn(move || {
            let mut made = 0;
            let planned_all = send_batches(&outbox, || planning.next_batch(1_000).inspect(|_| made += 1));
            (made, planned_all)
        });
        inbox.recv().unwrap();
        drop(inbox);
        let (made, planned_all) = planner.join().unwrap();
        assert!(!planned_all, "a 200×200 solve stops long before its end once no one listens");
        // The batches in flight, the one taken, and the one refused.
        assert!(made <= BATCHES_IN_FLIGHT + 2, "{made} batches made");
    }
}
