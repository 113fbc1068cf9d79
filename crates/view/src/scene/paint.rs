//! Turning a [`Frame`] and a [`Layout`] into [`Canvas`] calls: the one
//! place the look is decided.

use fifteen_core::board::{BLANK, Pos, Tile, home_of};

use super::canvas::{Canvas, TileDraw, Weight, tile_shape};
use super::frame::{Focus, Frame, Row};
use super::graph::PanelGraph;
use super::layout::{Layout, Rect};
use super::palette::{
    ACCENT, BACKGROUND, BOARD, MARK, MUTED, OUTLINE, PANEL, Rgba, TEXT, faded, home_color, shaded, text_on,
};

/// Below this tile size (pixels) the board is drawn as flat cells with grid
/// lines: tiles that small have no rounded corners or edge anyway (see
/// [`tile_shape`]), and one texel a cell is what keeps a 100×100 board fast.
const MIN_TILE: f32 = 8.0;
/// Smallest number drawn on a tile, in pixels.
const MIN_DIGIT: f32 = 7.0;
/// The most cells the route's next leg shows.
const LEG_CELLS: usize = 10;
/// The route's colour.
const ROUTE: Rgba = [110, 240, 160, 255];

/// Something in the frame a click can act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A split: jump to this move.
    Seek(usize),
    /// A graph whose width spans moves 0 to this many: jump to the move
    /// under the pointer ([`PanelGraph::move_at`]).
    SeekAcross(usize),
}

impl Hit {
    /// The move a click at `x` inside `rect`, this hit's place, asks for.
    pub fn seek_to(self, rect: Rect, x: f32) -> usize {
        match self {
            Hit::Seek(at) => at,
            Hit::SeekAcross(moves) => PanelGraph::move_at(moves, rect, x),
        }
    }
}

/// Draws frames: keeps each tile's home colour for the board's shape and
/// scratch space, so a frame allocates little.
#[derive(Debug, Default)]
pub struct Painter {
    shape: (usize, usize),
    /// Each tile's colour on its home cell, and shaded as locked, for the
    /// board of `shape`.
    home: Vec<Rgba>,
    shaded_home: Vec<Rgba>,
    cells: Vec<Rgba>,
    /// Where the last frame put its clickable things.
    pub hits: Vec<(Rect, Hit)>,
}

/// The route's next leg: the cells ahead, at most [`LEG_CELLS`] and two
/// turns, stopping before the route turns back on itself, so a long loop
/// shows as the stretch the blank is about to take.
pub(crate) fn next_leg(route: &[Pos]) -> &[Pos] {
    let step = |i: usize| {
        (route[i].row as isize - route[i - 1].row as isize, route[i].col as isize - route[i - 1].col as isize)
    };
    let mut end = route.len().min(LEG_CELLS + 1);
    let mut turns = 0;
    for i in 1..end {
        if i >= 2 && step(i) != step(i - 1) {
            turns += 1;
        }
        if route[..i].contains(&route[i]) || turns > 2 {
            end = i;
            break;
        }
    }
    &route[..end]
}

impl Painter {
    /// A painter.
    pub fn new() -> Painter {
        Painter::default()
    }

    /// The colour of `tile` on its home cell (`picture`: per-cell colours of
    /// a picture instead of the gradient).
    pub(crate) fn fill(&mut self, tile: Tile, rows: usize, cols: usize, picture: Option<&[Rgba]>) -> Rgba {
        if let Some(colors) = picture {
            let home = home_of(tile, rows, cols);
            return colors.get(home.row * cols + home.col).copied().unwrap_or(BOARD);
        }
        self.colors_for(rows, cols);
        self.home[tile as usize]
    }

    /// Makes the home colours those of a rows × cols board.
    fn colors_for(&mut self, rows: usize, cols: usize) {
        if self.shape != (rows, cols) {
            self.shape = (rows, cols);
            self.home = (0..(rows * cols) as Tile).map(|t| home_color(t, rows, cols)).collect();
            self.shaded_home = self.home.iter().map(|&c| shaded(c)).collect();
        }
    }

    /// The colour of every cell of a board whose tiles are too small to
    /// draw one by one: a loop over every cell each frame (a million on a
    /// 1000×1000), so it only reads two tables a tile.
    fn cell_colors(&mut self, frame: &Frame, picture: Option<&[Rgba]>) -> Vec<Rgba> {
        let board = frame.board;
        let (rows, cols) = (board.rows(), board.cols());
        let mut cells = std::mem::take(&mut self.cells);
        cells.clear();
        let (locks, at) = frame.locks.unwrap_or((&[], 0));
        let sliding = frame.slide.map_or(BLANK, |s| s.tile);
        if let Some(picture) = picture {
            for &tile in board.cells() {
                let locked = locks.get(tile as usize).is_some_and(|&t| t <= at);
                cells.push(match self.fill(tile, rows, cols, Some(picture)) {
                    _ if tile == BLANK || tile == sliding => BOARD,
                    fill if locked => shaded(fill),
                    fill => fill,
                });
            }
            return cells;
        }
        self.colors_for(rows, cols);
        for &tile in board.cells() {
            let t = tile as usize;
            cells.push(if tile == BLANK || tile == sliding {
                BOARD
            } else if locks.get(t).is_some_and(|&l| l <= at) {
                self.shaded_home[t]
            } else {
                self.home[t]
            });
        }
        cells
    }

    /// Draws `frame` laid out by `layout` on `canvas`. `picture` gives each
    /// home cell's colour in picture mode; the window draws the picture's
    /// pieces itself on top.
    pub fn paint<C: Canvas>(&mut self, frame: &Frame, layout: &Layout, canvas: &mut C, picture: Option<&[Rgba]>) {
        self.hits.clear();
        canvas.rect(layout.bounds, BACKGROUND);
        let pad = layout.gap.max(2.0 * layout.scale);
        let v = layout.viewport;
        canvas.round_rect(Rect::new(v.x - pad, v.y - pad, v.w + 2.0 * pad, v.h + 2.0 * pad), 8.0 * layout.scale, BOARD);
        canvas.clip(Some(v));
        self.tiles(frame, layout, canvas, picture);
        if frame.overlays {
            self.marks(frame, layout, canvas);
        }
        canvas.clip(None);
        self.header(frame, layout, canvas);
        self.panel(frame, layout, canvas);
        if let Some(card) = &frame.card {
            card_box(canvas, layout, &card.title, &card.lines);
        }
        if let Some(message) = &frame.message {
            message_box(canvas, layout, message);
        }
        if let Some(help) = frame.help {
            help_box(canvas, layout, help);
        }
    }

    fn tiles<C: Canvas>(&mut self, frame: &Frame, layout: &Layout, canvas: &mut C, picture: Option<&[Rgba]>) {
        let board = frame.board;
        let (rows, cols) = (board.rows(), board.cols());
        let size = layout.tile_size();
        let locked =
            |tile: Tile| frame.locks.is_some_and(|(table, at)| table.get(tile as usize).is_some_and(|&t| t <= at));
        let sliding = frame.slide.map(|s| s.tile);
        if size < MIN_TILE {
            let cells = self.cell_colors(frame, picture);
            canvas.cells(Rect::new(layout.x, layout.y, layout.width(), layout.height()), rows, cols, &cells);
            self.cells = cells;
            if layout.gap > 0.0 {
                let v = layout.viewport;
                let (visible_rows, visible_cols) = layout.visible();
                for col in visible_cols.start..=visible_cols.end {
                    let x = layout.x + col as f32 * layout.cell - layout.gap / 2.0;
                    canvas.rect(Rect::new(x, v.y, layout.gap, v.h), BOARD);
                }
                for row in visible_rows.start..=visible_rows.end {
                    let y = layout.y + row as f32 * layout.cell - layout.gap / 2.0;
                    canvas.rect(Rect::new(v.x, y, v.w, layout.gap), BOARD);
                }
            }
            return;
        }
        let widest = digits((rows * cols - 1) as Tile) as f32;
        let digit = (size * 0.42).min(size * 0.78 / (widest * 0.62)).floor();
        let label = frame.numbers && digit >= MIN_DIGIT * layout.scale.min(1.5);
        let draw = |painter: &mut Painter, tile: Tile, row: f32, col: f32, canvas: &mut C| {
            let (x, y) = layout.tile_origin(row, col);
            let base = painter.fill(tile, rows, cols, picture);
            let fill = if locked(tile) { shaded(base) } else { base };
            let label = label.then(|| (digit, text_on(fill)));
            canvas.tile(&TileDraw { tile, rect: Rect::new(x, y, size, size), fill, label });
        };
        let (visible_rows, visible_cols) = layout.visible();
        for row in visible_rows {
            for col in visible_cols.clone() {
                let tile = board.cells()[row * cols + col];
                if tile != BLANK && Some(tile) != sliding {
                    draw(self, tile, row as f32, col as f32, canvas);
                }
            }
        }
        if let Some(s) = frame.slide {
            let t = ease(s.t.clamp(0.0, 1.0));
            let row = s.from.row as f32 + (s.to.row as f32 - s.from.row as f32) * t;
            let col = s.from.col as f32 + (s.to.col as f32 - s.from.col as f32) * t;
            draw(self, s.tile, row, col, canvas);
        }
    }

    fn marks<C: Canvas>(&mut self, frame: &Frame, layout: &Layout, canvas: &mut C) {
        let board = frame.board;
        let size = layout.tile_size().max(0.5);
        let s = layout.scale;
        let line = (size * 0.07).clamp(2.0 * s, 6.0 * s);
        if let Some(focus) = frame.focus {
            if let Some(area) = focus.area {
                // Inset by half the line, so the outline stays inside the board's edge.
                let r = layout.area(area);
                let inset = line * 0.5 + layout.scale;
                let outline = Rect::new(r.x + inset, r.y + inset, r.w - 2.0 * inset, r.h - 2.0 * inset);
                canvas.stroke_round_rect(outline, 6.0 * s, line + 2.0 * s, faded(OUTLINE, 0.8));
                canvas.stroke_round_rect(outline, 6.0 * s, line, ACCENT);
            }
            // Homes of the tiles still to place, ringed.
            for &tile in focus.group.iter().flat_map(|g| g.tiles()) {
                let home = board.home_of(tile);
                if board.position_of(tile) == home && Some(tile) != focus.tile {
                    continue;
                }
                let (cx, cy) = layout.center(home);
                let radius = (size * 0.40).max(7.0 * s);
                ring_with_edge(canvas, cx, cy, radius, line, MARK, s);
            }
            if let (Some(tile), Some(to)) = (focus.tile, focus.to)
                && to != board.home_of(tile)
            {
                // A parking cell (a pair's first step) gets a white ring.
                let (cx, cy) = layout.center(to);
                ring_with_edge(canvas, cx, cy, (size * 0.34).max(6.0 * s), line * 0.8, TEXT, s);
            }
        }
        self.route(frame, layout, canvas, line);
        // The blank: a hollow ring, so it reads as the empty slot at any size.
        let (bx, by) = layout.center(board.blank());
        let blank_radius = if size >= 16.0 { size * 0.16 } else { (size * 0.8).max(6.0 * s) };
        ring_with_edge(canvas, bx, by, blank_radius, (line * 0.6).max(1.5 * s), faded(TEXT, 0.85), s);
        // The tile being placed (or, while a group is placed by search, each
        // of its tiles not yet home): a thick bright frame, or on small cells
        // a bright square with a big ring round it.
        let marked: &[Tile] = match frame.focus {
            Some(Focus { tile: Some(ref tile), .. }) => std::slice::from_ref(tile),
            Some(Focus { group: Some(ref group), .. }) => group.tiles(),
            Some(_) => &[],
            None => &[],
        };
        for &tile in marked {
            if frame.focus.is_some_and(|f| f.tile.is_none()) && board.position_of(tile) == board.home_of(tile) {
                continue;
            }
            let (row, col) = tile_place(frame, tile);
            let (x, y) = layout.tile_origin(row, col);
            let r = Rect::new(x, y, size, size);
            if size >= 16.0 {
                let (radius, _) = tile_shape(size);
                let w = (size * 0.09).clamp(3.0 * s, 8.0 * s);
                let glow = Rect::new(r.x - w * 0.2, r.y - w * 0.2, r.w + w * 0.4, r.h + w * 0.4);
                canvas.stroke_round_rect(glow, radius, w + 3.0 * s, faded(OUTLINE, 0.9));
                canvas.stroke_round_rect(glow, radius, w, MARK);
            } else {
                canvas.rect(r, MARK);
                let (cx, cy) = (x + size / 2.0, y + size / 2.0);
                ring_with_edge(canvas, cx, cy, (size * 1.1).max(11.0 * s), 2.5 * s, MARK, s);
            }
        }
        if let Some((group, glow)) = frame.flash {
            for &tile in group.tiles() {
                let at = board.position_of(tile);
                let (x, y) = layout.tile_origin(at.row as f32, at.col as f32);
                let (radius, _) = tile_shape(size);
                canvas.round_rect(Rect::new(x, y, size, size), radius, faded(TEXT, 0.5 * glow));
            }
        }
        if let Some(at) = frame.hint {
            let (cx, cy) = layout.center(at);
            ring_with_edge(canvas, cx, cy, (size * 0.44).max(7.0 * s), line * 1.2, MARK, s);
        }
    }

    /// The blank's route: its next leg (or all of it), fading with
    /// distance, with an arrowhead where it ends.
    fn route<C: Canvas>(&mut self, frame: &Frame, layout: &Layout, canvas: &mut C, line: f32) {
        let cells = if frame.whole_route { frame.route } else { next_leg(frame.route) };
        if cells.len() < 2 {
            return;
        }
        let n = cells.len() - 1;
        let points: Vec<(f32, f32)> = cells.iter().map(|&p| layout.center(p)).collect();
        let width = line * 0.9;
        for (i, pair) in points.windows(2).enumerate() {
            let fade = if frame.whole_route { 0.85 } else { 1.0 - 0.6 * i as f32 / n as f32 };
            canvas.line(pair[0], pair[1], width + 2.0 * layout.scale, faded(OUTLINE, 0.6 * fade));
            canvas.line(pair[0], pair[1], width, faded(ROUTE, fade));
        }
        let (from, to) = (points[n - 1], points[n]);
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        let (ux, uy) = (dx / len, dy / len);
        let head = (layout.cell * 0.32).max(width * 3.2);
        let tip = (to.0 + ux * head * 0.5, to.1 + uy * head * 0.5);
        let back = (tip.0 - ux * head, tip.1 - uy * head);
        let (px, py) = (-uy * head * 0.6, ux * head * 0.6);
        let fade: f32 = if frame.whole_route { 0.85 } else { 0.7 };
        canvas.triangle(tip, (back.0 + px, back.1 + py), (back.0 - px, back.1 - py), faded(ROUTE, fade));
    }

    fn header<C: Canvas>(&mut self, frame: &Frame, layout: &Layout, canvas: &mut C) {
        let s = layout.scale;
        let h = layout.header;
        let x = layout.viewport.x.max(h.x + 14.0 * s);
        let room = (h.right() - x - 14.0 * s).max(40.0);
        if !frame.title.is_empty() {
            canvas.round_rect(Rect::new(x, h.y + 14.0 * s, 6.0 * s, 28.0 * s), 3.0 * s, ACCENT);
            let size = fit_text(canvas, &frame.title, 26.0 * s, room - 16.0 * s, Weight::Bold);
            canvas.text(&frame.title, x + 16.0 * s, h.y + 38.0 * s, size, TEXT, Weight::Bold);
        }
        let size = fit_text(canvas, &frame.subtitle, 15.0 * s, room, Weight::Regular);
        canvas.text(&frame.subtitle, x, h.y + 62.0 * s, size, MUTED, Weight::Regular);
    }

    fn panel<C: Canvas>(&mut self, frame: &Frame, layout: &Layout, canvas: &mut C) {
        let s = layout.scale;
        let p = layout.panel;
        canvas.rect(p, PANEL);
        let pad = 18.0 * s;
        let column_w = (260.0 * s).min(p.w - 2.0 * pad);
        let (mut x, mut y) = (p.x + pad, p.y + pad);
        for row in &frame.panel {
            let height = match row {
                Row::Heading(_) => 34.0 * s,
                Row::Stat(..) | Row::Split { .. } => 24.0 * s,
                Row::Note(_) => 21.0 * s,
                Row::Graph(_) => 132.0 * s,
            };
            if y + height > p.bottom() - pad * 0.5 {
                x += column_w + pad;
                y = p.y + pad;
                if x + column_w > p.right() {
                    break;
                }
            }
            let base = y + height - 7.0 * s;
            match row {
                Row::Heading(text) => {
                    canvas.text(text, x, base, 14.0 * s, ACCENT, Weight::Bold);
                }
                Row::Stat(name, value) => {
                    canvas.text(name, x, base, 15.0 * s, MUTED, Weight::Regular);
                    // The value keeps clear of the name, smaller if it must.
                    let room = column_w - canvas.text_width(name, 15.0 * s, Weight::Regular) - 10.0 * s;
                    let size = fit_text(canvas, value, 16.0 * s, room, Weight::Bold);
                    let w = canvas.text_width(value, size, Weight::Bold);
                    canvas.text(value, x + column_w - w, base, size, TEXT, Weight::Bold);
                }
                Row::Split { name, moves, current, start } => {
                    let r = Rect::new(x - 6.0 * s, y + 1.0 * s, column_w + 12.0 * s, height - 2.0 * s);
                    if *current {
                        canvas.round_rect(r, 5.0 * s, faded(ACCENT, 0.22));
                    }
                    let ink = if *current { TEXT } else { MUTED };
                    canvas.text(name, x, base, 15.0 * s, ink, Weight::Regular);
                    let room = column_w - canvas.text_width(name, 15.0 * s, Weight::Regular) - 10.0 * s;
                    let size = fit_text(canvas, moves, 15.0 * s, room, Weight::Bold);
                    let w = canvas.text_width(moves, size, Weight::Bold);
                    canvas.text(moves, x + column_w - w, base, size, ink, Weight::Bold);
                    self.hits.push((r, Hit::Seek(*start)));
                }
                Row::Note(text) => {
                    let size = fit_text(canvas, text, 13.0 * s, column_w, Weight::Regular);
                    canvas.text(text, x, base, size, MUTED, Weight::Regular);
                }
                Row::Graph(graph) => {
                    let plot = graph.paint(Rect::new(x, y + 4.0 * s, column_w, height - 4.0 * s), s, canvas);
                    self.hits.push((plot, Hit::SeekAcross(graph.span())));
                }
            }
            y += height;
        }
    }
}

/// Where a frame of the solved board (`width` × `height`, whole board in
/// view) shows each cell's colour, and which colour: a point on each tile's
/// face away from its number and corners, the tile shaded as locked, the
/// blank the board's colour. For tests that read screenshots and recordings.
pub fn solved_samples(width: f32, height: f32, rows: usize, cols: usize) -> Vec<((f32, f32), Rgba)> {
    let layout = Layout::new(width, height, rows, cols);
    let inset = layout.tile_size() * 0.2;
    (0..rows * cols)
        .map(|i| {
            let (row, col) = (i / cols, i % cols);
            let tile = fifteen_core::board::tile_for(Pos::new(row, col), rows, cols);
            let expected = if tile == BLANK { BOARD } else { shaded(home_color(tile, rows, cols)) };
            let (x, y) = layout.tile_origin(row as f32, col as f32);
            ((x + inset, y + inset), expected)
        })
        .collect()
}

/// Where `tile` is drawn now: mid-slide or at its cell.
fn tile_place(frame: &Frame, tile: Tile) -> (f32, f32) {
    match frame.slide.filter(|s| s.tile == tile) {
        Some(s) => {
            let t = ease(s.t.clamp(0.0, 1.0));
            (
                s.from.row as f32 + (s.to.row as f32 - s.from.row as f32) * t,
                s.from.col as f32 + (s.to.col as f32 - s.from.col as f32) * t,
            )
        }
        None => {
            let at = frame.board.position_of(tile);
            (at.row as f32, at.col as f32)
        }
    }
}

/// Smoothstep: slides start and end gently.
fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

fn ring_with_edge<C: Canvas>(canvas: &mut C, cx: f32, cy: f32, radius: f32, width: f32, color: Rgba, scale: f32) {
    canvas.ring(cx, cy, radius, width + 2.0 * scale, faded(OUTLINE, 0.85));
    canvas.ring(cx, cy, radius, width, color);
}

/// The largest size up to `size` at which `text` fits in `room` pixels.
fn fit_text<C: Canvas>(canvas: &mut C, text: &str, size: f32, room: f32, weight: Weight) -> f32 {
    let w = canvas.text_width(text, size, weight);
    if w <= room || w <= 0.0 { size } else { (size * room / w).max(6.0) }
}

fn digits(mut n: Tile) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

fn centered_box<C: Canvas>(canvas: &mut C, layout: &Layout, w: f32, h: f32) -> Rect {
    let v = layout.viewport;
    let bounds = layout.bounds;
    let w = w.min(bounds.w - 20.0);
    let r = Rect::new((v.x + (v.w - w) / 2.0).max(bounds.x + 10.0), (v.y + (v.h - h) / 2.0).max(bounds.y + 10.0), w, h);
    canvas.round_rect(r, 12.0 * layout.scale, [14, 16, 22, 235]);
    canvas.stroke_round_rect(r, 12.0 * layout.scale, 2.0 * layout.scale, ACCENT);
    r
}

fn card_box<C: Canvas>(canvas: &mut C, layout: &Layout, title: &str, lines: &[String]) {
    let s = layout.scale;
    let r = centered_box(canvas, layout, 340.0 * s, (78.0 + 30.0 * lines.len() as f32) * s);
    let w = canvas.text_width(title, 36.0 * s, Weight::Bold);
    canvas.text(title, r.x + (r.w - w) / 2.0, r.y + 52.0 * s, 36.0 * s, MARK, Weight::Bold);
    for (i, line) in lines.iter().enumerate() {
        let w = canvas.text_width(line, 18.0 * s, Weight::Regular);
        canvas.text(line, r.x + (r.w - w) / 2.0, r.y + (88.0 + 30.0 * i as f32) * s, 18.0 * s, TEXT, Weight::Regular);
    }
}

fn message_box<C: Canvas>(canvas: &mut C, layout: &Layout, message: &str) {
    let s = layout.scale;
    let v = layout.viewport;
    let size = 16.0 * s;
    let w = canvas.text_width(message, size, Weight::Regular) + 28.0 * s;
    let r = Rect::new((v.x + (v.w - w) / 2.0).max(layout.bounds.x + 4.0), v.bottom() - 44.0 * s, w, 34.0 * s);
    canvas.round_rect(r, 8.0 * s, [0, 0, 0, 200]);
    canvas.text(message, r.x + 14.0 * s, r.y + 23.0 * s, size, MARK, Weight::Regular);
}

/// The help list: each line's keys, up to its first two spaces, in a
/// column of their own, since the font's spaces do not line them up.
fn help_box<C: Canvas>(canvas: &mut C, layout: &Layout, help: &[&str]) {
    let s = layout.scale;
    let line = 26.0 * s;
    let r = centered_box(canvas, layout, 600.0 * s, line * (help.len() as f32 + 2.2));
    canvas.text("fifteen: controls", r.x + 22.0 * s, r.y + line * 1.2, 18.0 * s, ACCENT, Weight::Bold);
    let keys_width = 130.0 * s;
    for (i, text) in help.iter().enumerate() {
        let y = r.y + line * (i as f32 + 2.2);
        let (keys, what) = match text.split_once("  ") {
            Some((keys, what)) => (keys, what.trim_start()),
            None => ("", *text),
        };
        let x = if keys.is_empty() { r.x + 22.0 * s } else { r.x + 22.0 * s + keys_width };
        if !keys.is_empty() {
            canvas.text(keys, r.x + 22.0 * s, y, 16.0 * s, ACCENT, Weight::Regular);
        }
        let size = fit_text(canvas, what, 16.0 * s, r.right() - 22.0 * s - x, Weight::Regular);
        canvas.text(what, x, y, size, TEXT, Weight::Regular);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_boards_cells_are_home_colours_shaded_where_locked() {
        let board = fifteen_core::board::Board::scrambled(30, 40, fifteen_core::board::Scramble::Uniform, 1).unwrap();
        // Every third tile locked after 5 moves; the frame shows move 10.
        let locks: Vec<usize> = (0..board.len()).map(|t| if t % 3 == 0 { 5 } else { usize::MAX }).collect();
        let mut frame = Frame::plain(&board);
        frame.locks = Some((&locks, 10));
        let cells = Painter::new().cell_colors(&frame, None);
        assert_eq!(cells.len(), board.len());
        for (&tile, &got) in board.cells().iter().zip(&cells) {
            let home = home_color(tile, 30, 40);
            let want = match tile {
                BLANK => BOARD,
                t if t % 3 == 0 => shaded(home),
                _ => home,
            };
            assert_eq!(got, want, "tile {tile}");
        }
    }

    #[test]
    fn the_next_leg_stops_before_the_route_turns_back() {
        let p = |r, c| Pos::new(r, c);
        let route = [p(0, 0), p(0, 1), p(1, 1), p(1, 0), p(0, 0), p(0, 1)];
        assert_eq!(next_leg(&route), &route[..4]);
        let snake = [p(0, 0), p(0, 1), p(1, 1), p(1, 2), p(2, 2), p(2, 3)];
        assert_eq!(next_leg(&snake), &snake[..4], "two turns at most");
        let long: Vec<Pos> = (0..30).map(|c| p(0, c)).collect();
        assert_eq!(next_leg(&long).len(), LEG_CELLS + 1);
        assert!(next_leg(&[]).is_empty());
    }
}
