//! Two solves of one board played side by side, kept in step line by line:
//! what `fifteen compare --watch` shows.

use fifteen_core::lines::Stage;

use super::{Cue, Player};

/// One of the two solves of a [`Duo`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The solve lined up first (a person's, in `compare`).
    First,
    /// The solve lined up second (fifteen's, in `compare`).
    Second,
}

impl Side {
    /// Both sides, first first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    pub(crate) fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Two players of one board kept in step by [`Stage`]s (from
/// [`lines::line_up`](fifteen_core::lines::line_up)): both play at one speed to the
/// end of the stage under way (the same unsolved rectangle left behind),
/// and the one that gets there first waits for the other. So the boards
/// always show the same lines finished, and the waiting shows who spent more
/// moves on them.
#[derive(Debug)]
pub struct Duo {
    players: [Player; 2],
    stages: Vec<Stage>,
    /// The stage both are playing towards (`stages.len()` once both are done).
    stage: usize,
}

impl Duo {
    /// The two solves, paused at their start. `stages` are theirs lined up,
    /// `first` the solve `line_up` was given first.
    pub fn new(first: Player, second: Player, stages: Vec<Stage>) -> Duo {
        let mut duo = Duo { players: [first, second], stages, stage: 0 };
        let speed = duo.players[0].speed();
        duo.set_speed(speed);
        for player in &mut duo.players {
            player.pause();
        }
        duo.settle();
        duo
    }

    /// One side's player.
    pub fn player(&self, side: Side) -> &Player {
        &self.players[side.index()]
    }

    /// The stages the two are kept in step by.
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// The stage under way (the first one not both have finished), or
    /// `None` once both are done.
    pub(crate) fn stage(&self) -> Option<usize> {
        (self.stage < self.stages.len()).then_some(self.stage)
    }

    /// The moves `side` had made at the end of stage `index`.
    pub fn end_of(&self, side: Side, index: usize) -> usize {
        let stage = &self.stages[index];
        match side {
            Side::First => stage.first,
            Side::Second => stage.second,
        }
    }

    /// True while `side` has finished the stage under way and waits for the
    /// other.
    pub(crate) fn is_waiting(&self, side: Side) -> bool {
        self.is_playing() && self.player(side).is_held()
    }

    /// True once both have made all their moves.
    pub fn is_finished(&self) -> bool {
        self.players.iter().all(Player::is_finished)
    }

    /// True while playing.
    pub(crate) fn is_playing(&self) -> bool {
        self.players.iter().any(Player::is_playing)
    }

    /// Moves per second, the same for both.
    pub fn speed(&self) -> f64 {
        self.players[0].speed()
    }

    /// Sets both players' speed.
    pub fn set_speed(&mut self, moves_per_second: f64) {
        for player in &mut self.players {
            player.set_speed(moves_per_second);
        }
    }

    /// A step up the speed ladder, for both.
    pub fn faster(&mut self) {
        self.players[0].faster();
        let speed = self.speed();
        self.set_speed(speed);
    }

    /// A step down the speed ladder, for both.
    pub fn slower(&mut self) {
        self.players[0].slower();
        let speed = self.speed();
        self.set_speed(speed);
    }

    /// Plays both (from the start again once both are done).
    pub fn play(&mut self) {
        if self.is_finished() {
            self.restart();
        }
        for player in &mut self.players {
            if !player.is_finished() {
                player.play();
            }
        }
    }

    /// Pauses both.
    pub(crate) fn pause(&mut self) {
        for player in &mut self.players {
            player.pause();
        }
    }

    /// Play or pause.
    pub fn toggle(&mut self) {
        if self.is_playing() { self.pause() } else { self.play() }
    }

    /// Lets `seconds` pass for both; the stage under way moves on once both
    /// have finished it.
    pub fn advance(&mut self, seconds: f64) {
        for player in &mut self.players {
            player.advance(seconds, &mut |_: &Cue| {});
        }
        self.settle();
    }

    /// Jumps both to the end of the stage under way.
    pub fn next_stage(&mut self) {
        if let Some(stage) = self.stage() {
            self.seek_stage(Some(stage));
        }
    }

    /// Jumps both back to the latest stage end behind them (the start of
    /// the stage under way, or of the one before when both are there
    /// already), or to the start.
    pub fn previous_stage(&mut self) {
        let behind = |duo: &Duo, index: usize| {
            let ends = Side::BOTH.map(|side| (duo.end_of(side, index), duo.player(side).cursor()));
            ends.iter().all(|(end, cursor)| end <= cursor) && ends.iter().any(|(end, cursor)| end < cursor)
        };
        let target = (0..self.stages.len()).rev().find(|&index| behind(self, index));
        self.seek_stage(target);
    }

    /// Both back to their first move, keeping the speed and play state.
    pub fn restart(&mut self) {
        self.seek_stage(None);
    }

    /// Moves both to the end of stage `index` (`None`: the start), keeping
    /// the speed and play state.
    pub fn seek_stage(&mut self, index: Option<usize>) {
        for side in Side::BOTH {
            let target = index.map_or(0, |i| self.end_of(side, i));
            let player = &mut self.players[side.index()];
            player.set_stop(None);
            player.seek(target, &mut |_: &Cue| {});
        }
        self.stage = 0;
        self.settle();
    }

    /// Moves the stage under way past every stage both have finished, and
    /// holds each player at the new one's end.
    fn settle(&mut self) {
        while self.stage < self.stages.len()
            && Side::BOTH.iter().all(|&side| self.player(side).cursor() >= self.end_of(side, self.stage))
        {
            self.stage += 1;
        }
        for side in Side::BOTH {
            let stop = self.stage().map(|index| self.end_of(side, index));
            self.players[side.index()].set_stop(stop);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::Timeline;
    use fifteen_core::board::{Board, Scramble};
    use fifteen_core::human::{self, Effort, HumanOptions};
    use fifteen_core::lines;

    /// A solve of `board` by the one-tile path, another with look-ahead:
    /// two solves that finish the same lines at different moves.
    fn duo(board: &Board) -> Duo {
        let solve = |effort| human::solve(board, &HumanOptions { effort, ..HumanOptions::default() });
        let (fast, normal) = (solve(Effort::Fast).unwrap(), solve(Effort::Normal).unwrap());
        let stages = lines::line_up(&lines::detect(board, fast.moves()), &lines::detect(board, normal.moves()));
        let player = |moves| Player::new(Timeline::from_moves(board, moves, "test").unwrap());
        Duo::new(player(fast.moves()), player(normal.moves()), stages)
    }

    #[test]
    fn the_two_boards_finish_every_stage_together() {
        for seed in 0..6 {
            let board = Board::scrambled(5, 6, Scramble::Uniform, seed).unwrap();
            let mut duo = duo(&board);
            duo.set_speed(37.0);
            duo.play();
            let mut waited = [false; 2];
            let mut frames = 0;
            while !duo.is_finished() {
                duo.advance(1.0 / 60.0);
                frames += 1;
                assert!(frames < 100_000, "seed {seed}: the duo stalled");
                let Some(stage) = duo.stage() else {
                    assert!(duo.is_finished(), "seed {seed}: a stage is under way until both finish");
                    continue;
                };
                for side in Side::BOTH {
                    // Neither goes beyond the stage under way.
                    assert!(duo.player(side).cursor() <= duo.end_of(side, stage), "seed {seed}");
                    waited[side as usize] |= duo.is_waiting(side);
                }
                assert!(!(duo.is_waiting(Side::First) && duo.is_waiting(Side::Second)), "seed {seed}");
            }
            for side in Side::BOTH {
                assert!(duo.player(side).board().is_solved(), "seed {seed}");
            }
            assert!(waited[0] || waited[1], "seed {seed}: one solve should wait for the other somewhere");
        }
    }

    #[test]
    fn stepping_by_stage_lands_on_stage_ends() {
        let board = Board::scrambled(5, 5, Scramble::Uniform, 3).unwrap();
        let mut duo = duo(&board);
        let count = duo.stages().len();
        let mut visited = Vec::new();
        while let Some(stage) = duo.stage() {
            duo.next_stage();
            for side in Side::BOTH {
                assert_eq!(duo.player(side).cursor(), duo.end_of(side, stage));
            }
            visited.push(stage);
        }
        assert!(duo.is_finished());
        assert!(visited.len() <= count && visited.windows(2).all(|w| w[0] < w[1]));
        // Back stage by stage to the start, each step a stage end behind.
        let mut steps = 0;
        let moves = |duo: &Duo| Side::BOTH.map(|side| duo.player(side).cursor());
        while moves(&duo) != [0, 0] {
            let before = moves(&duo);
            duo.previous_stage();
            let after = moves(&duo);
            assert!(after[0] <= before[0] && after[1] <= before[1] && after != before);
            steps += 1;
            assert!(steps <= count + 1);
        }
        duo.next_stage();
        duo.restart();
        assert_eq!((duo.player(Side::First).cursor(), duo.player(Side::Second).cursor()), (0, 0));
        assert_eq!(duo.player(Side::First).board(), &board);
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn duo_plays_both_sides() {
        use crate::anim::{Duo, Player, Side, Timeline};
        use fifteen_core::{Board, Moves, lines};

        let scramble: Board = "1 2 3/4 5 6/0 7 8".parse().unwrap();
        let direct: Moves = "LL".parse().unwrap();
        let detour: Moves = "DULL".parse().unwrap();
        let stages = lines::line_up(&lines::detect(&scramble, &detour), &lines::detect(&scramble, &direct));
        let player = |moves: &Moves| Player::new(Timeline::from_moves(&scramble, moves, "test").unwrap());
        let mut duo = Duo::new(player(&detour), player(&direct), stages);
        duo.set_speed(10.0);
        duo.play();
        duo.advance(0.2); // two moves' time: the direct solve finished its stage and waits
        assert_eq!((duo.player(Side::First).cursor(), duo.player(Side::Second).cursor()), (2, 1));
        assert!(duo.is_waiting(Side::Second));
        while !duo.is_finished() {
            duo.advance(0.1);
        }
        assert!(duo.player(Side::First).board().is_solved() && duo.player(Side::Second).board().is_solved());
    }
}
