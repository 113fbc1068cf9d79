//! The par graph in the panel: par (the moves still needed) against the
//! moves made, the person's solve as a line, the ideal (one less a move)
//! beside it, the lines' ends marked, the mistakes dotted; a click jumps
//! to the move under the pointer.

use super::canvas::{Canvas, Weight};
use super::layout::Rect;
use super::palette::{ACCENT, MARK, MUTED, Rgba, TEXT, faded};

/// Where the mistakes are dotted.
const MISTAKE: Rgba = [255, 96, 96, 255];

/// What the par graph shows.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelGraph {
    /// The person's moves in all (the x axis runs from 0 to this).
    pub(crate) moves: usize,
    /// Par at the start.
    pub(crate) par: usize,
    /// `(moves made, par then)`, in order: after every move where par is
    /// exact, else where each line ended.
    pub(crate) points: Vec<(usize, usize)>,
    /// The moves at which a line was finished.
    pub(crate) line_ends: Vec<usize>,
    /// The moves that raised par (each one is dotted).
    pub(crate) mistakes: Vec<usize>,
    /// The move shown now.
    pub(crate) cursor: usize,
    /// fifteen's way through the line being shown instead, when it is:
    /// the move it starts from, its moves made, and how many it has.
    pub(crate) branch: Option<(usize, usize, usize)>,
}

impl PanelGraph {
    /// The move a click at `x` inside `rect` (the graph's plot) asks for.
    pub(crate) fn move_at(moves: usize, rect: Rect, x: f32) -> usize {
        let t = ((x - rect.x) / rect.w.max(1.0)).clamp(0.0, 1.0);
        (t * moves as f32).round() as usize
    }

    /// The moves the x axis spans: the person's, or par when that is more.
    pub(crate) fn span(&self) -> usize {
        self.moves.max(self.par).max(1)
    }

    fn par_at(&self, at: usize) -> usize {
        match self.points.binary_search_by_key(&at, |&(m, _)| m) {
            Ok(i) => self.points[i].1,
            Err(0) => self.par,
            Err(i) => self.points[i - 1].1,
        }
    }

    /// Draws the graph in `rect` (its caption included) at scale `s`, and
    /// returns the plot's rectangle, where a click seeks.
    pub(crate) fn paint<C: Canvas>(&self, rect: Rect, s: f32, canvas: &mut C) -> Rect {
        let caption = 14.0 * s;
        let plot = Rect::new(rect.x, rect.y + caption + 4.0 * s, rect.w, rect.h - caption - 14.0 * s);
        canvas.rect(plot, faded(MUTED, 0.08));
        let top = self.points.iter().map(|&(_, p)| p).max().unwrap_or(0).max(self.par).max(1) as f32;
        let width = self.span() as f32;
        let at = |moves: usize, par: usize| {
            (plot.x + plot.w * moves as f32 / width, plot.bottom() - plot.h * par as f32 / top)
        };
        for &end in &self.line_ends {
            let (x, _) = at(end, 0);
            canvas.line((x, plot.y), (x, plot.bottom()), 1.0 * s, faded(MUTED, 0.25));
        }
        // The ideal: a move nearer the goal each move, from par to 0.
        canvas.line(at(0, self.par), at(self.par, 0), 1.5 * s, faded(MUTED, 0.8));
        let mut from = at(0, self.par);
        for &(moves, par) in &self.points {
            let to = at(moves, par);
            canvas.line(from, to, 2.0 * s, ACCENT);
            from = to;
        }
        for &mistake in &self.mistakes {
            let (x, y) = at(mistake, self.par_at(mistake));
            canvas.ring(x, y, 2.5 * s, 2.0 * s, MISTAKE);
        }
        if let Some((start, made, len)) = self.branch {
            // fifteen's way, drawn as a straight run from the line's start.
            let par = self.par_at(start);
            let end = at(start + len, par.saturating_sub(len));
            canvas.line(at(start, par), end, 2.0 * s, faded(MARK, 0.8));
            let (x, y) = at(start + made, par.saturating_sub(made));
            canvas.ring(x, y, 3.5 * s, 2.0 * s, MARK);
        } else {
            let (x, _) = at(self.cursor.min(self.moves), 0);
            canvas.line((x, plot.y), (x, plot.bottom()), 1.5 * s, MARK);
        }
        let label = format!("par {} → 0 over {} moves", self.par, self.moves);
        canvas.text(&label, rect.x, rect.y + caption, 12.0 * s, MUTED, Weight::Regular);
        if self.branch.is_none() {
            let now = format!("par {}", self.par_at(self.cursor));
            let w = canvas.text_width(&now, 12.0 * s, Weight::Bold);
            canvas.text(&now, rect.right() - w, rect.y + caption, 12.0 * s, TEXT, Weight::Bold);
        }
        plot
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_maps_across_the_plot_to_a_move() {
        let plot = Rect::new(10.0, 0.0, 100.0, 50.0);
        assert_eq!(PanelGraph::move_at(40, plot, 10.0), 0);
        assert_eq!(PanelGraph::move_at(40, plot, 60.0), 20);
        assert_eq!(PanelGraph::move_at(40, plot, 500.0), 40, "clamped to the end");
    }

    #[test]
    fn par_between_points_is_the_last_known() {
        let graph = PanelGraph {
            moves: 10,
            par: 8,
            points: vec![(4, 6), (10, 0)],
            line_ends: vec![4, 10],
            mistakes: vec![],
            cursor: 5,
            branch: None,
        };
        assert_eq!((graph.par_at(0), graph.par_at(3), graph.par_at(4), graph.par_at(7)), (8, 8, 6, 6));
    }
}
