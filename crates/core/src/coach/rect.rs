//! The unsolved rectangle of a board as a board of its own, turned on its
//! side when asked, and moves carried back from it.

use crate::board::{Board, Move, Pos, Tile};
use crate::lines::Line;

/// The unsolved rectangle at the bottom right of `board`, from row `top`
/// and column `left`, as a board of its own: each tile renumbered by its
/// home in the rectangle, turned so rows become columns when `transposed`.
/// `None` when a tile of the rectangle belongs outside it (the lines above
/// and left of it are not all home).
pub(super) fn sub_board(board: &Board, top: usize, left: usize, transposed: bool) -> Option<Board> {
    let (rows, cols) = (board.rows() - top, board.cols() - left);
    let (out_rows, out_cols) = if transposed { (cols, rows) } else { (rows, cols) };
    let mut cells = vec![0 as Tile; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            let tile = board.tile_at(Pos::new(top + r, left + c));
            let (r2, c2) = if transposed { (c, r) } else { (r, c) };
            cells[r2 * out_cols + c2] = if tile == 0 {
                0
            } else {
                let home = board.home_of(tile);
                if home.row < top || home.col < left {
                    return None;
                }
                let (hr, hc) = (home.row - top, home.col - left);
                let (hr2, hc2) = if transposed { (hc, hr) } else { (hr, hc) };
                (hr2 * out_cols + hc2 + 1) as Tile
            };
        }
    }
    Board::from_cells(out_rows, out_cols, cells).ok()
}

/// A move on the transposed rectangle as the same slide on the board.
pub(super) fn untranspose(mv: Move) -> Move {
    match mv {
        Move::Up => Move::Left,
        Move::Left => Move::Up,
        Move::Down => Move::Right,
        Move::Right => Move::Down,
    }
}

/// The cells of `line` inside the rectangle from (`top`, `left`), in the
/// rectangle's own coordinates, turned when `transposed`.
pub(super) fn line_cells(line: Line, rows: usize, cols: usize, top: usize, left: usize, transposed: bool) -> Vec<Pos> {
    let (r0, c0, r1, c1) = line.area(rows, cols);
    let mut cells = Vec::with_capacity((r1 - r0) * (c1 - c0));
    for r in r0..r1 {
        for c in c0..c1 {
            let (r, c) = (r - top, c - left);
            cells.push(if transposed { Pos::new(c, r) } else { Pos::new(r, c) });
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rectangle_is_renumbered_and_turned() {
        let board: Board = "1 2 3\n4 6 8\n7 5 _".parse().unwrap();
        let sub = sub_board(&board, 1, 1, false).unwrap();
        assert_eq!(sub.cells(), &[2, 3, 1, 0]);
        let turned = sub_board(&board, 1, 1, true).unwrap();
        assert_eq!(turned.cells(), &[3, 1, 2, 0]);
        let unfinished: Board = "1 5 3\n4 2 6\n7 8 _".parse().unwrap();
        assert_eq!(sub_board(&unfinished, 1, 1, false), None, "tile 2 belongs above the rectangle");
    }
}
