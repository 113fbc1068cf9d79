//! The follow camera: on big boards the view zooms on the tile being placed,
//! its destination and the blank, and glides as they move.

use super::layout::{Layout, View};

/// Boards with at least this many rows or columns start with the camera
/// following the action.
pub(crate) const FOLLOW_FROM: usize = 30;
/// The fewest cells the followed view shows across.
const MIN_SPAN: f32 = 14.0;
/// Cells of context around the followed cells.
const PADDING: f32 = 3.0;
/// How quickly the view catches up, per second (exponential easing).
const EASE_PER_SECOND: f64 = 5.0;

/// Where the view looks, and whether it follows the action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// True while the view follows the action.
    pub(crate) follow: bool,
    /// The view now.
    pub view: View,
}

impl Camera {
    /// The whole board; following from [`FOLLOW_FROM`] rows or columns up.
    pub(crate) fn new(rows: usize, cols: usize) -> Camera {
        Camera { follow: rows.max(cols) >= FOLLOW_FROM, view: View::whole(rows, cols) }
    }

    /// Moves the view towards the cells `(top, left, bottom, right)` (bottom
    /// and right exclusive) over `seconds`; `whole` is the layout of the
    /// whole board in this window. With nothing to follow, towards the
    /// whole board.
    pub fn aim(&mut self, whole: &Layout, cells: Option<(f32, f32, f32, f32)>, seconds: f64) {
        if !self.follow {
            return;
        }
        let target = match cells {
            Some((top, left, bottom, right)) => {
                let span = ((bottom - top).max(right - left) + 2.0 * PADDING).max(MIN_SPAN);
                let zoom = whole.zoom_for(span);
                View { zoom, center: ((left + right) / 2.0, (top + bottom) / 2.0) }
            }
            None => View::whole(whole.rows, whole.cols),
        };
        let k = (1.0 - (-EASE_PER_SECOND * seconds.max(0.0)).exp()) as f32;
        let v = &mut self.view;
        // Zoom eases in log space so zooming in and out feel alike.
        v.zoom = (v.zoom.ln() + (target.zoom.ln() - v.zoom.ln()) * k).exp();
        v.center.0 += (target.center.0 - v.center.0) * k;
        v.center.1 += (target.center.1 - v.center.1) * k;
    }

    /// Jumps straight to where [`Camera::aim`] is heading (for stills).
    #[cfg(test)]
    pub(crate) fn settle(&mut self, whole: &Layout, cells: Option<(f32, f32, f32, f32)>) {
        self.aim(whole, cells, 1e6);
    }

    /// Zooms by `factor` (mouse wheel), keeping the cell under the pointer
    /// still; stops following.
    pub fn zoom_at(&mut self, now: &Layout, factor: f32, pointer: (f32, f32)) {
        self.follow = false;
        let under = ((pointer.0 - now.x) / now.cell, (pointer.1 - now.y) / now.cell);
        let zoom = (self.view.zoom * factor).clamp(1.0, (64.0 * now.scale / now.fit).max(1.0));
        let cell = now.fit * zoom;
        let vc = (now.viewport.x + now.viewport.w / 2.0, now.viewport.y + now.viewport.h / 2.0);
        self.view = View { zoom, center: (under.0 + (vc.0 - pointer.0) / cell, under.1 + (vc.1 - pointer.1) / cell) };
        self.clamp(now);
    }

    /// Pans by a drag of (dx, dy) pixels; stops following.
    pub fn pan(&mut self, now: &Layout, dx: f32, dy: f32) {
        self.follow = false;
        self.view.center.0 -= dx / now.cell;
        self.view.center.1 -= dy / now.cell;
        self.clamp(now);
    }

    /// Turns following on or off (F); off shows the whole board again.
    pub(crate) fn toggle_follow(&mut self, rows: usize, cols: usize) {
        self.follow = !self.follow;
        if !self.follow {
            self.view = View::whole(rows, cols);
        }
    }

    fn clamp(&mut self, now: &Layout) {
        let (cols, rows) = (now.cols as f32, now.rows as f32);
        self.view.center = (self.view.center.0.clamp(0.0, cols), self.view.center.1.clamp(0.0, rows));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_camera_follows_big_boards_and_glides() {
        assert!(!Camera::new(10, 10).follow);
        let mut camera = Camera::new(100, 100);
        assert!(camera.follow);
        let whole = Layout::new(1100.0, 800.0, 100, 100);
        camera.aim(&whole, Some((40.0, 40.0, 41.0, 41.0)), 1.0 / 60.0);
        let first = camera.view;
        assert!(first.zoom > 1.0 && first.zoom < 2.0, "glides, not jumps: {first:?}");
        camera.settle(&whole, Some((40.0, 40.0, 41.0, 41.0)));
        assert!(camera.view.zoom > 4.0);
        assert!((camera.view.center.0 - 40.5).abs() < 0.01);
        camera.toggle_follow(100, 100);
        assert_eq!(camera.view, View::whole(100, 100));
    }
}
