//! Fresh boards for a drill: the lines before it home, the rest random.

use crate::board::{self, Board, Pos, Scramble, Tile};
use crate::coach;
use crate::lines::Line;

/// A board of `like`'s size on which everything above and left of
/// `line`'s rectangle is home and the rectangle is a uniformly random
/// solvable arrangement of its own tiles, with `line` not already home;
/// from `seed` (the seed that made it is returned: the first of `seed`,
/// `seed + 1`, … whose arrangement leaves the line to build). The
/// rectangle's parity decides the whole board's, since the blank's home
/// is its corner, so the board is solvable.
pub fn fresh_board(like: &Board, line: Line, seed: u64) -> (Board, u64) {
    let (rows, cols) = (like.rows(), like.cols());
    let (top, left) = coach::before_line(line);
    let (r0, c0, r1, c1) = line.area(rows, cols);
    let mut seed = seed;
    loop {
        let rest = Board::scrambled(rows - top, cols - left, Scramble::Uniform, seed)
            .expect("a rectangle of a board that exists fits");
        let mut cells: Vec<Tile> = (1..=(rows * cols) as u64).map(|t| t as Tile).collect();
        cells[rows * cols - 1] = 0;
        for r in 0..rows - top {
            for c in 0..cols - left {
                let tile = rest.tile_at(Pos::new(r, c));
                cells[(top + r) * cols + left + c] = if tile == 0 {
                    0
                } else {
                    let home = rest.home_of(tile);
                    ((top + home.row) * cols + left + home.col + 1) as Tile
                };
            }
        }
        let board = Board::from_cells(rows, cols, cells).expect("a permutation of the goal's tiles");
        let home = |r, c| board.tile_at(Pos::new(r, c)) == board::tile_for(Pos::new(r, c), rows, cols);
        let line_home = (r0..r1).all(|r| (c0..c1).all(|c| home(r, c)));
        if !line_home {
            return (board, seed);
        }
        seed = seed.wrapping_add(1);
    }
}
