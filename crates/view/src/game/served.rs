//! One game: a board, its score, and the human solver when it is watched.
//!
//! Pure and synchronous: its host (the server, the site's worker) feeds it
//! messages and clock ticks, and sends what it returns. Nothing a client sends can change the board except
//! a legal move, and nothing it sends can make it panic.

use std::collections::VecDeque;

use fifteen_core::board::{Board, Move, MoveNotation};
use fifteen_core::human::{Context, Event, HumanOptions, Planner, Recorder};

use super::protocol::{BadRequest, Doing, Request, State, Status, Travel};

/// The slowest and fastest a watched solve may be streamed.
pub const WATCH_DELAY: std::ops::RangeInclusive<u64> = 1..=10_000;

/// One client's game in progress: its board, its score, and the solve it
/// watches, if any. The server keeps one a connection.
pub struct Session {
    board: Board,
    score: u64,
    watch: Option<Watch>,
}

/// The human solver streaming its moves.
struct Watch {
    recorder: Recorder,
    /// Moves planned but not yet made, each with what it is for.
    queue: VecDeque<(Move, Doing)>,
    /// The journey under way as the planner last said it (a placement
    /// starts with none).
    travel: Option<Travel>,
    /// Milliseconds between the streamed moves.
    delay_ms: u64,
}

impl Session {
    /// A new game on this board.
    pub fn new(board: Board) -> Session {
        Session { board, score: 0, watch: None }
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Moves made so far.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// True once the board is solved: the game is over and moves are ignored.
    pub fn is_complete(&self) -> bool {
        self.board.is_solved()
    }

    /// The state to send now.
    pub fn state(&self) -> State {
        let state = State::new(&self.board, self.score);
        match self.watch.as_ref().and_then(|w| w.queue.front()) {
            Some(&(_, doing)) => state.doing(doing),
            None => state,
        }
    }

    /// How many milliseconds to wait before the next streamed move, while
    /// watched.
    pub fn watch_delay_ms(&self) -> Option<u64> {
        self.watch.as_ref().map(|w| w.delay_ms)
    }

    /// Answers one text frame.
    #[cfg(test)]
    pub(crate) fn handle_text(&mut self, text: &str) -> State {
        self.handle(Request::parse(text))
    }

    /// Answers one message, or refuses a bad one with the unchanged board.
    pub fn handle(&mut self, request: Result<Request, BadRequest>) -> State {
        match request {
            Err(bad) => self.refuse(bad.to_string()),
            Ok(Request::Move(_)) if self.is_complete() => self.state(),
            Ok(Request::Move(mv)) => {
                if self.board.slide(mv).is_none() {
                    return self.refuse(off_board(mv));
                }
                self.watch = None;
                self.score += 1;
                self.state()
            }
            Ok(Request::Watch { delay_ms }) => {
                let delay = delay_ms.clamp(*WATCH_DELAY.start(), *WATCH_DELAY.end());
                let complete = self.is_complete();
                match &mut self.watch {
                    Some(watch) => watch.delay_ms = delay,
                    None if complete => {}
                    None => match Planner::new(&self.board, &HumanOptions::default()).map(Recorder::of) {
                        Ok(recorder) => {
                            self.watch =
                                Some(Watch { recorder, queue: VecDeque::new(), travel: None, delay_ms: delay });
                            if let Err(why) = self.plan_ahead() {
                                return self.refuse(why);
                            }
                        }
                        Err(e) => return self.refuse(e.to_string()),
                    },
                }
                self.state()
            }
            Ok(Request::Stop) => {
                self.watch = None;
                self.state()
            }
            // The answers are the server's (`net::optimal`): the game only
            // replies with its state, as to every message.
            Ok(Request::Optimal(_)) => self.state(),
        }
    }

    /// Makes the watched solver's next move and returns the state to send,
    /// or `None` when nothing is being watched.
    pub fn advance_watch(&mut self) -> Option<State> {
        // While watching, a move is always queued: `plan_ahead` runs after
        // every move and ends the watch when the planner is done.
        let Some((mv, doing)) = self.watch.as_mut()?.queue.pop_front() else {
            self.watch = None;
            return None;
        };
        if self.board.slide(mv).is_none() {
            // The planner works on a copy of this board: a mismatch is a bug.
            self.watch = None;
            return Some(self.refuse(format!("internal error: the solver's move {mv} is illegal here")));
        }
        self.score += 1;
        let mut state = State::new(&self.board, self.score).doing(doing);
        if let Err(why) = self.plan_ahead() {
            state.status = Status::Error(why);
        }
        Some(state)
    }

    /// Steps the watched planner until a move is queued or it is done.
    fn plan_ahead(&mut self) -> Result<(), String> {
        let cols = self.board.cols();
        let Some(watch) = self.watch.as_mut() else { return Ok(()) };
        while watch.queue.is_empty() {
            let (queue, travel) = (&mut watch.queue, &mut watch.travel);
            let more = watch.recorder.pull(&mut |event: &Event, at: &Context| match *event {
                Event::Placement { .. } => *travel = None,
                Event::TileTargeted { tile, to, .. } => *travel = Some(Travel { tile, to: to.row * cols + to.col }),
                Event::Moved { mv, .. } => {
                    if let Some((region, group)) = at.placement {
                        let doing = Doing { region, group, line: at.phase, corner: at.corner, travel: *travel };
                        queue.push_back((mv, doing));
                    }
                }
                _ => {}
            });
            if !more {
                let failed = watch.recorder.error().map(|e| e.to_string());
                self.watch = None;
                return failed.map_or(Ok(()), Err);
            }
        }
        Ok(())
    }

    /// The unchanged board with an error status; watching carries on.
    fn refuse(&self, why: String) -> State {
        let mut state = self.state();
        state.status = Status::Error(why);
        state
    }
}

/// Why the blank cannot go the way a move sends it: it is on that edge.
fn off_board(mv: Move) -> String {
    let named = MoveNotation::Blank.name(mv);
    let edge = match named {
        Move::Up => "top",
        Move::Down => "bottom",
        Move::Left => "left",
        Move::Right => "right",
    };
    format!("the blank cannot go {}: it is on the {edge} edge", named.word())
}

#[cfg(test)]
mod tests {
    use super::*;
    use fifteen_core::Scramble;

    #[test]
    fn an_illegal_move_is_refused_and_a_legal_one_scored() {
        let board = Board::from_cells(2, 2, vec![1, 2, 0, 3]).unwrap();
        let mut game = Session::new(board);
        let refused = game.handle_text(r#"{"Move":"down"}"#);
        assert_eq!(refused.status.to_string(), "error: the blank cannot go down: it is on the bottom edge");
        let state = game.handle_text(r#"{"Move":"right"}"#);
        assert_eq!((state.status, state.score), (Status::Complete, 1));
    }

    fn watched(board: &Board, delay_ms: u64) -> (Session, Vec<State>) {
        let mut game = Session::new(board.clone());
        let first = game.handle(Ok(Request::Watch { delay_ms }));
        let mut states = vec![first];
        while let Some(state) = game.advance_watch() {
            states.push(state);
        }
        (game, states)
    }

    #[test]
    fn a_watched_solve_streams_every_move_with_its_phase_and_target() {
        let board = Board::scrambled(4, 4, Scramble::Uniform, 5).unwrap();
        let (game, states) = watched(&board, 100);
        let plan = fifteen_core::human::solve(&board, &HumanOptions::default()).unwrap();
        assert_eq!(states.len(), plan.moves().len() + 1, "the Watch reply, then one state per move");
        let mut replay = board.clone();
        for (state, &mv) in states[1..].iter().zip(plan.moves().iter()) {
            replay.slide(mv).unwrap();
            assert_eq!(state.board, replay.cells());
            let phase = state.phase.as_deref().unwrap();
            assert!(["top rows", "right pair", "bottom pair", "last block"].contains(&phase), "{phase}");
            assert!(state.target.as_ref().is_some_and(|t| !t.is_empty()));
            assert!(state.region.is_some());
        }
        assert_eq!(states[0].phase.as_deref(), Some("top rows"));
        // The same names as the window and the terminal.
        assert_eq!(states[1].title.as_deref(), Some("row 1: tiles 1–2"));
        assert_eq!(states.last().unwrap().title.as_deref(), Some("last 2×2"));
        assert_eq!(states.last().unwrap().status, Status::Complete);
        assert_eq!(states.last().unwrap().phase.as_deref(), Some("last block"));
        assert_eq!(game.score(), plan.moves().len() as u64);
        assert_eq!(game.watch_delay_ms(), None, "the watch ends with the solve");
    }

    #[test]
    fn a_watched_solve_names_the_tile_on_its_way_where_the_solver_does() {
        // An 8×8 is solved tile by tile at first (a 4×4's lines are
        // searched whole, with no journeys to name).
        let board = Board::scrambled(8, 8, Scramble::Uniform, 1).unwrap();
        let (_, states) = watched(&board, 100);
        let mut named = 0;
        for state in &states {
            let Some(travel) = state.travel else { continue };
            named += 1;
            assert!(travel.to < 64 && (1..64).contains(&travel.tile), "{travel:?}");
            assert!(state.target.as_ref().is_some_and(|t| !t.is_empty()));
        }
        assert!(named * 2 > states.len(), "most moves carry a journey: {named} of {}", states.len());
    }

    #[test]
    fn a_move_takes_over_from_the_solver_and_speed_can_change() {
        let board = Board::scrambled(3, 3, Scramble::Uniform, 2).unwrap();
        let mut game = Session::new(board);
        game.handle(Ok(Request::Watch { delay_ms: 0 }));
        assert_eq!(game.watch_delay_ms(), Some(1), "clamped");
        game.handle(Ok(Request::Watch { delay_ms: 99_999 }));
        assert_eq!(game.watch_delay_ms(), Some(10_000));
        game.advance_watch().unwrap();
        let bad = game.handle_text("nope");
        assert!(matches!(bad.status, Status::Error(_)));
        assert!(game.watch_delay_ms().is_some(), "bad input does not stop the watch");
        let mv = game.board().legal_moves().next().unwrap();
        let state = game.handle(Ok(Request::Move(mv)));
        assert_eq!(state.phase, None);
        assert_eq!(game.watch_delay_ms(), None);
        assert_eq!(game.score(), 2);
        assert_eq!(game.advance_watch(), None);
    }

    #[test]
    fn bad_input_never_changes_the_board() {
        let board = Board::scrambled(3, 3, Scramble::Walk(6), 1).unwrap();
        let mut game = Session::new(board.clone());
        let blank_at_edge: Vec<String> =
            Move::ALL.into_iter().filter(|&mv| !board.can_slide(mv)).map(crate::game::protocol::move_message).collect();
        let mut frames: Vec<&str> = vec!["", "nope", "{", "[]", "{}", "7", r#"{"Move":"north"}"#, r#"{"Move":null}"#];
        frames.extend(blank_at_edge.iter().map(String::as_str));
        for frame in frames {
            let state = game.handle_text(frame);
            assert!(matches!(state.status, Status::Error(_)), "{frame:?} gave {:?}", state.status);
            assert_eq!(state.board, board.cells(), "{frame:?}");
            assert_eq!(state.score, 0);
        }
        assert_eq!(game.board(), &board);
    }

    #[test]
    fn a_complete_game_ignores_moves_and_watching() {
        let mut game = Session::new(Board::goal(3, 3).unwrap());
        let state = game.handle_text(r#"{"Move":"left"}"#);
        assert_eq!((state.status, state.score), (Status::Complete, 0));
        game.handle(Ok(Request::Watch { delay_ms: 10 }));
        assert_eq!(game.advance_watch(), None);
    }
}
