//! Trying a tile's trip several ways and making the best.
//!
//! One tile at a time, a trip's steps are chosen a step (or a plan of a
//! few steps) at a time: of its equally short trips the tile takes whichever
//! its first steps favour. A person with time looks at a few whole ways of
//! bringing the tile home and picks the one that leaves the other tiles
//! best placed; so does the planner at `best` on boards too big for the
//! beam: it makes the trip in each [`TripStyle`] of a short list, weighs each by its
//! moves less what its pushes are worth (the same worth as the router
//! gives them, see `push`), takes each back, and then makes the best one,
//! reporting its events as always. A try costs about a trip, so `n` tries
//! make a tile about `n + 1` times as slow.

use crate::board::{Tile, home_of};

use super::push::{MOVE_COST, gain_along};
use super::scratch::{Scratch, TripStyle};
use super::transport::transport;
use crate::human::event::Event;
use crate::human::grid::PaddedGrid;

/// The styles tried, in this order: the plain rule, then vertical steps
/// made dearer or cheaper by one move, by two, by about half a move
/// (docs/fewest-moves.md has what each number of tries gains).
const STYLES: [TripStyle; 7] = [
    TripStyle::PLAIN,
    TripStyle { vertical_bias: -5, ..TripStyle::PLAIN },
    TripStyle { vertical_bias: 5, ..TripStyle::PLAIN },
    TripStyle { vertical_bias: -10, ..TripStyle::PLAIN },
    TripStyle { vertical_bias: 10, ..TripStyle::PLAIN },
    TripStyle { vertical_bias: -3, ..TripStyle::PLAIN },
    TripStyle { vertical_bias: 3, ..TripStyle::PLAIN },
];

/// The most tries a tile gets.
pub(in crate::human) const MAX_TRIES: usize = STYLES.len();

/// Tries the first `tries` styles for bringing `tile` to `dest` (nothing is
/// reported, and each try is taken back) and returns the best: fewest
/// moves less the worth of its pushes. Every style plans ahead as the
/// one in `scratch` says, which is left as it was. That style with fewer
/// than two tries, or when no try got the tile there.
pub(in crate::human) fn best_style(
    grid: &mut PaddedGrid,
    scratch: &mut Scratch,
    tile: Tile,
    dest: usize,
    tries: usize,
) -> TripStyle {
    let base = scratch.style;
    if tries < 2 {
        return base;
    }
    let (rows, cols) = (grid.rows, grid.cols);
    let moves_before = grid.moves;
    let mut trail = std::mem::take(&mut scratch.trail);
    let mut best: Option<(i64, TripStyle)> = None;
    for &style in STYLES.iter().take(tries) {
        let style = TripStyle { vertical_bias: style.vertical_bias, ..base };
        scratch.style = style;
        trail.clear();
        let arrived = transport(grid, scratch, tile, dest, &mut |event: &Event| {
            if let Event::Moved { tile, from, to, .. } = *event {
                trail.push((tile, from, to));
            }
        });
        // What the pushes are worth, by the router's own rule.
        let worth: i64 = trail
            .iter()
            .map(|&(tile, from, to)| {
                let home = home_of(tile, rows, cols);
                let weight = scratch.weights.of(home.row + 1, home.col + 1);
                let (dr, dc) = (to.row as isize - from.row as isize, to.col as isize - from.col as isize);
                let gain = if dc == 0 {
                    gain_along(from.row, home.row, dr, weight)
                } else {
                    gain_along(from.col, home.col, dc, weight)
                };
                i64::from(gain)
            })
            .sum();
        let cost = trail.len() as i64 * i64::from(MOVE_COST) - worth;
        if arrived && best.is_none_or(|(least, _)| cost < least) {
            best = Some((cost, style));
        }
        // Take the try back: the blank retraces its steps.
        for &(_, _, to) in trail.iter().rev() {
            let back = grid.index(to.row, to.col);
            let dir = grid.dir_between(grid.blank, back);
            grid.slide(dir, &mut |_: &Event| {});
        }
        grid.moves = moves_before;
    }
    scratch.trail = trail;
    scratch.style = base;
    best.map_or(base, |(_, style)| style)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Pos, Scramble, tile_for};

    #[test]
    fn trying_takes_every_try_back() {
        for seed in 1..20 {
            let board = Board::scrambled(9, 11, Scramble::Uniform, seed).unwrap();
            let mut grid = PaddedGrid::new(&board);
            let mut scratch = Scratch::default();
            let tile = tile_for(Pos::new(0, 0), 9, 11);
            let home = grid.index(0, 0);
            let style = best_style(&mut grid, &mut scratch, tile, home, MAX_TRIES);
            assert_eq!(grid.to_board(), board, "seed {seed}: the board is as it was");
            assert_eq!(grid.moves, 0);
            assert!(STYLES.contains(&style));
            assert_eq!(scratch.style, TripStyle::PLAIN);
        }
    }

    #[test]
    fn one_try_is_the_plain_trip_and_moves_nothing() {
        let board = Board::scrambled(5, 5, Scramble::Uniform, 3).unwrap();
        let mut grid = PaddedGrid::new(&board);
        let mut scratch = Scratch::default();
        let home = grid.index(0, 0);
        assert_eq!(best_style(&mut grid, &mut scratch, 1, home, 1), TripStyle::PLAIN);
        assert_eq!(grid.to_board(), board);
    }
}
