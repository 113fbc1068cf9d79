//! Play mode: the user slides the tiles; the strategy gives hints.

use fifteen_core::board::{Board, Move, Moves, Pos, Tile};
use fifteen_core::human::{Event, HumanError, HumanOptions, Planner};

use super::player::Slide;

/// How long a slide takes on screen in play mode, in seconds.
const SLIDE_SECONDS: f64 = 0.09;

/// The strategy's next move from `board`: the first move the human planner
/// would make from here (`None` when the board is solved).
pub(crate) fn hint(board: &Board) -> Result<Option<Move>, HumanError> {
    let mut planner = Planner::new(board, &HumanOptions::default())?;
    let mut first = None;
    loop {
        let more = planner.step(&mut |event: &Event| {
            if let (Event::Moved { mv, .. }, None) = (event, first) {
                first = Some(*mv);
            }
        })?;
        if first.is_some() || !more {
            return Ok(first);
        }
    }
}

/// A board the user plays on: slides by direction or by clicking a tile
/// next to the blank, a short tween for the last slide, a move count, and
/// the strategy's hint on request.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    start: Board,
    moves: usize,
    slide: Option<Slide>,
    hint: Option<Move>,
    /// Seconds since the first slide (`None` before it); it stops at the solve.
    clock: Option<f64>,
    /// Every slide made, and when (milliseconds from the first), so that
    /// the game can be written as a replay link.
    played: Vec<Move>,
    times_ms: Vec<u64>,
}

impl Game {
    /// A game on this board.
    pub fn new(board: Board) -> Game {
        Game {
            start: board.clone(),
            board,
            moves: 0,
            slide: None,
            hint: None,
            clock: None,
            played: Vec::new(),
            times_ms: Vec::new(),
        }
    }

    /// The board the game started from.
    pub(crate) fn start(&self) -> &Board {
        &self.start
    }

    /// Seconds from the first slide to now, or to the solve (`None` before
    /// the first slide). Time passes only through [`Game::advance`].
    pub(crate) fn seconds(&self) -> Option<f64> {
        self.clock
    }

    /// The slides made so far.
    pub(crate) fn played(&self) -> &[Move] {
        &self.played
    }

    /// When the last slide was made, in milliseconds from the first (0
    /// before any).
    pub(crate) fn last_slide_ms(&self) -> u64 {
        self.times_ms.last().copied().unwrap_or(0)
    }

    /// The game, once solved by hand, as a link slidysim's replay page
    /// opens, with the time of every slide.
    pub fn replay_link(&self) -> Option<String> {
        // A game whose clock never ran (moves read from a pipe) has no times.
        let times = (self.times_ms.last() > Some(&0)).then_some(self.times_ms.as_slice());
        (self.is_solved() && !self.played.is_empty())
            .then(|| fifteen_core::slidysim::replay_link(&self.start, &Moves(self.played.clone()), times))
    }

    /// The board now (the last slide already made).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Slides made so far.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// True when every tile is home.
    pub fn is_solved(&self) -> bool {
        self.board.is_solved()
    }

    /// Slides a tile into the blank; returns it, or `None` when no tile can
    /// slide that way.
    pub fn slide(&mut self, mv: Move) -> Option<Tile> {
        let to = self.board.blank();
        let tile = self.board.slide(mv)?;
        self.moves += 1;
        let clock = *self.clock.get_or_insert(0.0);
        self.played.push(mv);
        self.times_ms.push((clock * 1000.0).round() as u64);
        self.hint = None;
        self.slide = Some(Slide { tile, from: self.board.blank(), to, t: 0.0 });
        Some(tile)
    }

    /// Slides the tile at `pos` if it is next to the blank.
    pub fn click(&mut self, pos: Pos) -> Option<Tile> {
        self.slide(self.move_at(pos)?)
    }

    /// The move that slides the tile at `pos`, if it is next to the blank.
    pub(crate) fn move_at(&self, pos: Pos) -> Option<Move> {
        let blank = self.board.blank();
        let dr = blank.row as isize - pos.row as isize;
        let dc = blank.col as isize - pos.col as isize;
        Move::from_tile_step(dr, dc)
    }

    /// Asks the strategy for the next move from here and keeps it as the
    /// hint until the next slide.
    pub fn request_hint(&mut self) -> Result<Option<Move>, HumanError> {
        self.hint = hint(&self.board)?;
        Ok(self.hint)
    }

    /// The hint asked for since the last slide, if any.
    pub(crate) fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// The tile a move would slide from here, and the cell it is in.
    pub fn tile_for(&self, mv: Move) -> Option<(Tile, Pos)> {
        let mut copy = self.board.clone();
        let tile = copy.slide(mv)?;
        Some((tile, copy.blank()))
    }

    /// Lets `seconds` pass for the tween of the last slide.
    pub(crate) fn advance(&mut self, seconds: f64) {
        if let Some(clock) = self.clock.as_mut().filter(|_| !self.board.is_solved()) {
            *clock += seconds.max(0.0);
        }
        if let Some(slide) = &mut self.slide {
            slide.t += (seconds.max(0.0) / SLIDE_SECONDS) as f32;
            if slide.t >= 1.0 {
                self.slide = None;
            }
        }
    }

    /// The tile still sliding on screen, if any.
    pub(crate) fn sliding(&self) -> Option<Slide> {
        self.slide
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fifteen_core::Scramble;

    #[test]
    fn following_the_hints_solves_the_board() {
        for seed in 0..5 {
            let mut game = Game::new(Board::scrambled(4, 5, Scramble::Uniform, seed).unwrap());
            let mut guard = 0;
            while let Some(mv) = game.request_hint().unwrap() {
                assert!(game.slide(mv).is_some());
                guard += 1;
                assert!(guard < 10_000);
            }
            assert!(game.is_solved());
        }
    }

    #[test]
    fn the_slide_tweens_then_ends() {
        let mut game = Game::new(Board::goal(3, 3).unwrap());
        assert_eq!(game.slide(Move::Down), Some(6));
        let s = game.sliding().unwrap();
        assert_eq!((s.from, s.to, s.t), (Pos::new(1, 2), Pos::new(2, 2), 0.0));
        game.advance(SLIDE_SECONDS / 2.0);
        assert!((game.sliding().unwrap().t - 0.5).abs() < 1e-3);
        game.advance(SLIDE_SECONDS);
        assert!(game.sliding().is_none());
        assert_eq!(game.tile_for(Move::Up), Some((6, Pos::new(2, 2))));
        assert_eq!(game.slide(Move::Down), Some(3));
        assert_eq!(game.moves(), 2);
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn hint() {
        use fifteen_core::{Board, Move};
        let board: Board = "1 2 3\n4 5 6\n7 _ 8".parse().unwrap();
        assert_eq!(super::hint(&board).unwrap(), Some(Move::Left));
        assert_eq!(super::hint(&Board::goal(3, 3).unwrap()).unwrap(), None);
    }

    #[test]
    fn game_slides() {
        use crate::anim::Game;
        use fifteen_core::{Move, Pos};

        let mut game = Game::new("1 2 3\n4 5 6\n7 _ 8".parse().unwrap());
        assert_eq!(game.click(Pos::new(0, 0)), None); // not next to the blank
        assert_eq!(game.request_hint().unwrap(), Some(Move::Left));
        assert_eq!(game.click(Pos::new(2, 2)), Some(8));
        assert!(game.is_solved());
        assert_eq!(game.moves(), 1);
    }

    #[test]
    fn game_from_person() {
        use crate::anim::Game;
        use fifteen_core::{Move, slidysim};

        let mut game = Game::new("1 2 3\n4 5 6\n_ 7 8".parse().unwrap());
        game.slide(Move::Left);
        game.advance(0.25);
        game.slide(Move::Left);
        let link = game.replay_link().unwrap();
        let solve = &slidysim::parse_source(&link, &slidysim::LinkLimits::DEFAULT).unwrap()[0];
        assert_eq!(solve.moves.to_string(), "LL");
        assert_eq!(solve.move_times_ms, Some(vec![0, 250]));
    }
}
