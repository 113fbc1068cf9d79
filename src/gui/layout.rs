//! Where things go in the window: pure geometry, shared with the tests that
//! read screenshots.

use crate::board::Pos;

/// Height of the heads-up lines above the board, in pixels.
pub const HUD_HEIGHT: f32 = 58.0;
/// Space around the board, in pixels.
pub const MARGIN: f32 = 12.0;

/// The board's place in a window: whole-pixel cells so that tiles line up
/// with pixels at every size.
///
/// ```
/// use fifteen::gui::Layout;
/// use fifteen::Pos;
/// let layout = Layout::new(820.0, 880.0, 4, 4);
/// assert_eq!(layout.cell, 199.0);
/// let (x, y) = layout.center(Pos::new(1, 2));
/// assert_eq!(layout.cell_at(x, y), Some(Pos::new(1, 2)));
/// assert_eq!(layout.cell_at(0.0, 0.0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Left edge of the board.
    pub x: f32,
    /// Top edge of the board.
    pub y: f32,
    /// Side of a cell, in whole pixels.
    pub cell: f32,
    /// Space between neighbouring tiles, in whole pixels.
    pub gap: f32,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
}

impl Layout {
    /// The largest board that fits a `width` × `height` window under the
    /// heads-up lines, centred.
    pub fn new(width: f32, height: f32, rows: usize, cols: usize) -> Layout {
        let (rows, cols) = (rows.max(1), cols.max(1));
        let avail_w = (width - 2.0 * MARGIN).max(16.0);
        let avail_h = (height - HUD_HEIGHT - 2.0 * MARGIN).max(16.0);
        let fit = (avail_w / cols as f32).min(avail_h / rows as f32);
        // Whole pixels while a cell is at least one; huge boards shrink below that.
        let cell = if fit >= 1.0 { fit.floor() } else { fit };
        let gap = if cell >= 40.0 {
            (cell * 0.035).round()
        } else if cell >= 4.0 {
            1.0
        } else {
            0.0
        };
        let board_w = cell * cols as f32;
        let board_h = cell * rows as f32;
        let x = ((width - board_w) / 2.0).floor().max(0.0);
        let y = (HUD_HEIGHT + MARGIN + (avail_h - board_h) / 2.0).floor().max(HUD_HEIGHT);
        Layout { x, y, cell, gap, rows, cols }
    }

    /// Width of the whole board.
    pub fn width(&self) -> f32 {
        self.cell * self.cols as f32
    }

    /// Height of the whole board.
    pub fn height(&self) -> f32 {
        self.cell * self.rows as f32
    }

    /// Top-left corner of a tile drawn at a (possibly fractional) cell.
    pub fn tile_origin(&self, row: f32, col: f32) -> (f32, f32) {
        let half = (self.gap / 2.0).floor();
        (self.x + col * self.cell + half, self.y + row * self.cell + half)
    }

    /// Side of a tile: the cell less the gap (below a pixel on huge boards).
    pub fn tile_size(&self) -> f32 {
        self.cell - self.gap
    }

    /// The centre of a cell.
    pub fn center(&self, pos: Pos) -> (f32, f32) {
        (self.x + (pos.col as f32 + 0.5) * self.cell, self.y + (pos.row as f32 + 0.5) * self.cell)
    }

    /// The cell under a point, if it is on the board.
    pub fn cell_at(&self, x: f32, y: f32) -> Option<Pos> {
        let col = ((x - self.x) / self.cell).floor();
        let row = ((y - self.y) / self.cell).floor();
        if col < 0.0 || row < 0.0 || col >= self.cols as f32 || row >= self.rows as f32 {
            return None;
        }
        Some(Pos::new(row as usize, col as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_fit_the_window_in_whole_pixels() {
        for (w, h, r, c) in
            [(820.0, 880.0, 4, 4), (820.0, 880.0, 100, 100), (640.0, 480.0, 3, 9), (300.0, 200.0, 30, 30)]
        {
            let l = Layout::new(w, h, r, c);
            assert_eq!(l.cell, l.cell.floor());
            assert!(l.x + l.width() <= w && l.y + l.height() <= h);
            assert!(l.tile_size() >= 1.0);
        }
        assert_eq!(Layout::new(820.0, 880.0, 100, 100).cell, 7.0);
        // A 1000×1000 board still fits the window, at under a pixel a cell.
        let huge = Layout::new(820.0, 880.0, 1000, 1000);
        assert!(huge.cell < 1.0 && huge.x >= 0.0 && huge.x + huge.width() <= 820.0);
    }
}
