//! Where things go in a frame: the header, the board's viewport, the side
//! panel and the cells, for any window size and any rows × cols. Pure
//! geometry, shared by the window, the recordings and the tests that read
//! screenshots.

use fifteen_core::board::Pos;

/// A rectangle in pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle from its left, top, width and height.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// Right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// Bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// True when the point is inside.
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && y >= self.y && x < self.right() && y < self.bottom()
    }

    /// True when the two overlap.
    #[cfg(test)]
    pub(crate) fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.right() && other.x < self.right() && self.y < other.bottom() && other.y < self.bottom()
    }
}

/// Height of the header (the title of what is being built and the move
/// count) at scale 1, in pixels.
pub(crate) const HEADER_HEIGHT: f32 = 70.0;
/// Space around the board at scale 1, in pixels.
pub(crate) const MARGIN: f32 = 14.0;
/// Width of the side panel at scale 1, in pixels.
pub(crate) const PANEL_WIDTH: f32 = 290.0;
/// Height of the panel when it sits under a wide board, at scale 1.
pub(crate) const PANEL_HEIGHT: f32 = 190.0;
/// The largest cell the follow camera zooms to, at scale 1.
pub(crate) const MAX_ZOOMED_CELL: f32 = 56.0;

/// Which board cells the view centres on and how far it zooms in: the
/// follow camera's state, in cells, so it survives a window resize.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Magnification over the whole-board fit (1: the whole board).
    pub zoom: f32,
    /// The cell coordinate (column, row; fractional) at the viewport's centre.
    pub(crate) center: (f32, f32),
}

impl View {
    /// The whole board of `rows` × `cols`.
    pub fn whole(rows: usize, cols: usize) -> View {
        View { zoom: 1.0, center: (cols as f32 / 2.0, rows as f32 / 2.0) }
    }
}

/// A frame's places: header, board viewport and panel, and the board's
/// cells inside the viewport (zoomed and panned by a `View`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Pixels per point (2 on a high-DPI screen).
    pub(crate) scale: f32,
    /// The part of the window the layout fills (the whole window, or one
    /// half of a side-by-side pair).
    pub(crate) bounds: Rect,
    /// The title bar over the board.
    pub header: Rect,
    /// The side panel (right of the board, or under a wide board).
    pub(crate) panel: Rect,
    /// Where the board may be drawn; tiles outside it are clipped.
    pub viewport: Rect,
    /// Left edge of the board's cell (0, 0) (may lie outside the viewport when zoomed).
    pub(crate) x: f32,
    /// Top edge of cell (0, 0).
    pub(crate) y: f32,
    /// Side of a cell.
    pub cell: f32,
    /// Space between neighbouring tiles.
    pub(crate) gap: f32,
    /// Rows of the board.
    pub(crate) rows: usize,
    /// Columns of the board.
    pub(crate) cols: usize,
    /// The cell side that fits the whole board (zoom 1).
    pub(crate) fit: f32,
}

impl Layout {
    /// The whole board in a `width` × `height` window at scale 1.
    pub fn new(width: f32, height: f32, rows: usize, cols: usize) -> Layout {
        Layout::scaled(width, height, rows, cols, 1.0, View::whole(rows, cols))
    }

    /// The layout at `scale` pixels per point, showing `view` of the board.
    /// The panel goes beside the board or under it, whichever leaves the
    /// bigger cells, so a 2×30 board fills the width and a 60×3 the height.
    pub fn scaled(width: f32, height: f32, rows: usize, cols: usize, scale: f32, view: View) -> Layout {
        Layout::within(Rect::new(0.0, 0.0, width, height), rows, cols, scale, view)
    }

    /// The layout in the part `bounds` of the window, as [`Layout::scaled`]
    /// lays out a whole window: two boards side by side each take a half.
    pub fn within(bounds: Rect, rows: usize, cols: usize, scale: f32, view: View) -> Layout {
        let (width, height) = (bounds.w, bounds.h);
        let (rows, cols) = (rows.max(1), cols.max(1));
        let s = scale.max(0.5);
        let (margin, header_h) = (MARGIN * s, HEADER_HEIGHT * s);
        let panel_w = (PANEL_WIDTH * s).min(width * 0.45);
        let panel_h = (PANEL_HEIGHT * s).min(height * 0.4);
        let fit_in = |w: f32, h: f32| ((w - 2.0 * margin) / cols as f32).min((h - 2.0 * margin) / rows as f32);
        let beside = fit_in(width - panel_w, height - header_h);
        let under = fit_in(width, height - header_h - panel_h);
        let (area, panel) = if beside >= under {
            (
                Rect::new(0.0, header_h, width - panel_w, height - header_h),
                Rect::new(width - panel_w, 0.0, panel_w, height),
            )
        } else {
            (
                Rect::new(0.0, header_h, width, height - header_h - panel_h),
                Rect::new(0.0, height - panel_h, width, panel_h),
            )
        };
        let (area, panel) = (shift(area, bounds), shift(panel, bounds));
        let fit = beside.max(under).max(0.05);
        // Whole pixels while a cell is at least one; huge boards shrink below that.
        let whole = |c: f32| if c >= 1.0 { c.floor() } else { c };
        let fit = whole(fit);
        let board_w = fit * cols as f32;
        let board_h = fit * rows as f32;
        let viewport = Rect::new(
            (area.x + (area.w - board_w) / 2.0).floor().max(area.x),
            (area.y + (area.h - board_h) / 2.0).floor().max(area.y),
            board_w.min(area.w),
            board_h.min(area.h),
        );
        let header = Rect::new(area.x, bounds.y, area.w, header_h);
        let zoom = view.zoom.max(1.0);
        let cell = whole(fit * zoom);
        let (x, y) = if zoom <= 1.0 {
            (viewport.x, viewport.y)
        } else {
            // The view's centre cell at the viewport's centre, kept so the
            // board still covers the viewport.
            let (bw, bh) = (cell * cols as f32, cell * rows as f32);
            let x = viewport.x + viewport.w / 2.0 - view.center.0 * cell;
            let y = viewport.y + viewport.h / 2.0 - view.center.1 * cell;
            (x.clamp(viewport.right() - bw, viewport.x).round(), y.clamp(viewport.bottom() - bh, viewport.y).round())
        };
        let gap = if cell >= 24.0 {
            (cell * 0.05).round()
        } else if cell >= 5.0 {
            1.0
        } else {
            0.0
        };
        Layout { scale: s, bounds, header, panel, viewport, x, y, cell, gap, rows, cols, fit }
    }

    /// The board's rectangle on screen, clipped to the viewport.
    #[cfg(test)]
    pub(crate) fn board_rect(&self) -> Rect {
        self.viewport
    }

    /// Width of the whole board (zoomed).
    pub fn width(&self) -> f32 {
        self.cell * self.cols as f32
    }

    /// Height of the whole board (zoomed).
    pub(crate) fn height(&self) -> f32 {
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

    /// The screen rectangle of the cells `(top, left, bottom, right)`,
    /// bottom and right exclusive.
    pub fn area(&self, (top, left, bottom, right): (usize, usize, usize, usize)) -> Rect {
        Rect::new(
            self.x + left as f32 * self.cell,
            self.y + top as f32 * self.cell,
            (right - left) as f32 * self.cell,
            (bottom - top) as f32 * self.cell,
        )
    }

    /// The rows and columns at least partly inside the viewport.
    pub(crate) fn visible(&self) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let span = |start: f32, len: f32, origin: f32, n: usize| {
            let first = ((start - origin) / self.cell).floor().max(0.0) as usize;
            let last = (((start + len - origin) / self.cell).ceil().max(0.0) as usize).min(n);
            first.min(last)..last
        };
        (
            span(self.viewport.y, self.viewport.h, self.y, self.rows),
            span(self.viewport.x, self.viewport.w, self.x, self.cols),
        )
    }

    /// The cell under a point, if it is on the board and in the viewport.
    pub fn cell_at(&self, x: f32, y: f32) -> Option<Pos> {
        if !self.viewport.contains(x, y) {
            return None;
        }
        let col = ((x - self.x) / self.cell).floor();
        let row = ((y - self.y) / self.cell).floor();
        if col < 0.0 || row < 0.0 || col >= self.cols as f32 || row >= self.rows as f32 {
            return None;
        }
        Some(Pos::new(row as usize, col as usize))
    }

    /// The zoom at which `cells` cells fill the viewport's shorter side,
    /// capped so a cell is at most [`MAX_ZOOMED_CELL`] points.
    pub(crate) fn zoom_for(&self, cells: f32) -> f32 {
        let want = (self.viewport.w.min(self.viewport.h) / cells.max(1.0)) / self.fit;
        want.min(MAX_ZOOMED_CELL * self.scale / self.fit).max(1.0)
    }
}

/// `rect` moved by the top-left corner of `bounds`.
fn shift(rect: Rect, bounds: Rect) -> Rect {
    Rect::new(rect.x + bounds.x, rect.y + bounds.y, rect.w, rect.h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_fit_the_window_beside_or_under_the_panel() {
        for (w, h, r, c) in [
            (1100.0, 800.0, 4, 4),
            (1100.0, 800.0, 100, 100),
            (640.0, 480.0, 3, 9),
            (500.0, 400.0, 30, 30),
            (1100.0, 800.0, 2, 30),
            (1100.0, 800.0, 60, 3),
        ] {
            let l = Layout::new(w, h, r, c);
            assert_eq!(l.cell, l.cell.floor());
            assert!(l.x >= 0.0 && l.x + l.width() <= w && l.y + l.height() <= h, "{w}×{h} {r}×{c}: {l:?}");
            assert!(l.tile_size() >= 1.0);
            assert!(!l.board_rect().overlaps(&l.panel) && !l.board_rect().overlaps(&l.header));
        }
        // A long board takes the panel under it and fills the width with legible cells.
        let strip = Layout::new(1100.0, 800.0, 2, 30);
        assert!(strip.cell >= 34.0, "{strip:?}");
        assert_eq!(strip.panel.x, 0.0);
        // A 1000×1000 board still fits, at under a pixel a cell.
        let huge = Layout::new(1100.0, 800.0, 1000, 1000);
        assert!(huge.cell < 1.0 && huge.x >= 0.0);
    }

    #[test]
    fn zooming_keeps_the_board_over_the_viewport() {
        let whole = Layout::new(1100.0, 800.0, 100, 100);
        let zoom = whole.zoom_for(12.0);
        let l = Layout::scaled(1100.0, 800.0, 100, 100, 1.0, View { zoom, center: (0.0, 0.0) });
        assert!(l.cell > whole.cell * 4.0);
        assert_eq!((l.x, l.y), (l.viewport.x, l.viewport.y), "clamped at the top-left corner");
        let (rows, cols) = l.visible();
        assert_eq!((rows.start, cols.start), (0, 0));
        assert!(rows.end < 30 && cols.end < 30);
        let far = Layout::scaled(1100.0, 800.0, 100, 100, 1.0, View { zoom, center: (100.0, 100.0) });
        assert!(far.x + far.width() >= far.viewport.right() - 0.5);
        assert_eq!(far.visible().0.end, 100);
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn layout_center_and_cell_at() {
        use crate::scene::Layout;
        use fifteen_core::Pos;
        let layout = Layout::new(1100.0, 800.0, 4, 4);
        let (x, y) = layout.center(Pos::new(1, 2));
        assert_eq!(layout.cell_at(x, y), Some(Pos::new(1, 2)));
        assert_eq!(layout.cell_at(0.0, 0.0), None);
        assert!(!layout.board_rect().overlaps(&layout.panel));
        assert!(!layout.board_rect().overlaps(&layout.header));
    }

    #[test]
    fn layout_within() {
        use crate::scene::{Layout, Rect, View};
        let right = Layout::within(Rect::new(550.0, 0.0, 550.0, 800.0), 4, 4, 1.0, View::whole(4, 4));
        let left = Layout::within(Rect::new(0.0, 0.0, 550.0, 800.0), 4, 4, 1.0, View::whole(4, 4));
        assert_eq!(right.viewport.x, left.viewport.x + 550.0);
        assert!(!right.board_rect().overlaps(&left.panel) && !left.board_rect().overlaps(&right.header));
    }
}
