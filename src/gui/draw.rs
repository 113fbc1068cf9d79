//! Drawing a frame with macroquad: reads the [`App`], draws, changes nothing.
//!
//! Speed on big boards comes from batching: every tile is a quad in a few
//! large meshes (one texture each), numbers are quads cut from a digit atlas
//! rendered once, and numbers are skipped when they would be too small to
//! read. A 100×100 board is about 10 000 quads in two draw calls.

use macroquad::prelude::*;

use crate::board::{BLANK, Pos, Tile};
use crate::human::{Group, Region};

use super::app::{App, HELP, Mode};
use super::layout::Layout;
use super::palette::{self, Rgba};
use super::picture::Picture;

/// Quads per mesh: 4 vertices and 6 indices each, within the draw-call
/// capacity set in `mod.rs` and u16 indices.
const QUADS_PER_MESH: usize = 6_000;
/// Smallest digit height drawn, in pixels.
const MIN_DIGIT_HEIGHT: f32 = 7.0;

fn color(c: Rgba) -> Color {
    Color::from_rgba(c[0], c[1], c[2], c[3])
}

/// Quads sharing one texture, split into meshes small enough for one draw call.
struct Batch {
    meshes: Vec<Mesh>,
    used: usize,
    texture: Option<Texture2D>,
}

impl Batch {
    fn new(texture: Option<Texture2D>) -> Batch {
        Batch { meshes: Vec::new(), used: 0, texture }
    }

    fn clear(&mut self) {
        for mesh in &mut self.meshes {
            mesh.vertices.clear();
            mesh.indices.clear();
        }
        self.used = 0;
    }

    /// A rectangle at (x, y, w, h) showing the texture's (u0, v0)–(u1, v1),
    /// tinted by `tint`.
    fn quad(&mut self, rect: [f32; 4], uv: [f32; 4], tint: Rgba) {
        if self.used == self.meshes.len() {
            self.meshes.push(Mesh {
                vertices: Vec::with_capacity(QUADS_PER_MESH * 4),
                indices: Vec::with_capacity(QUADS_PER_MESH * 6),
                texture: self.texture.clone(),
            });
        }
        let mesh = &mut self.meshes[self.used];
        let [x, y, w, h] = rect;
        let [u0, v0, u1, v1] = uv;
        let base = mesh.vertices.len() as u16;
        let vertex = |x: f32, y: f32, u: f32, v: f32| Vertex {
            position: vec3(x, y, 0.0),
            uv: vec2(u, v),
            color: tint,
            normal: Vec4::ZERO,
        };
        mesh.vertices.extend_from_slice(&[
            vertex(x, y, u0, v0),
            vertex(x + w, y, u1, v0),
            vertex(x + w, y + h, u1, v1),
            vertex(x, y + h, u0, v1),
        ]);
        mesh.indices.extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
        if mesh.vertices.len() >= QUADS_PER_MESH * 4 {
            self.used += 1;
        }
    }

    fn draw(&self) {
        for mesh in &self.meshes {
            if !mesh.vertices.is_empty() {
                draw_mesh(mesh);
            }
        }
    }
}

/// Every tile's number rendered once into a texture at the size in use, so
/// a number costs one quad (two triangles) a frame, whatever its length.
struct Labels {
    texture: Texture2D,
    /// Kept alive: dropping a render target's pass deletes its texture.
    _target: RenderTarget,
    /// Font size they were rendered at.
    size: u16,
    /// The largest tile number rendered.
    max: Tile,
    /// Per tile (index = tile): its label's rectangle in the atlas, pixels.
    rects: Vec<[f32; 4]>,
    /// Atlas size in pixels.
    width: f32,
    height: f32,
}

impl Labels {
    fn render(size: u16, max: Tile) -> Labels {
        let dims = measure_text("0123456789", None, size, 1.0);
        let advance = (dims.width / 10.0).ceil();
        let pad = 2.0;
        let line = (dims.height + 2.0 * pad).ceil();
        let widest = digits_in(max) as f32 * advance + 2.0 * pad;
        let width = (widest * (max as f32).sqrt().ceil()).clamp(widest, 4096.0).ceil();
        let mut rects = vec![[0.0; 4]; max as usize + 1];
        let (mut x, mut y) = (0.0f32, 0.0f32);
        for tile in 1..=max {
            let w = digits_in(tile) as f32 * advance + 2.0 * pad;
            if x + w > width {
                x = 0.0;
                y += line;
            }
            rects[tile as usize] = [x, y, w, line];
            x += w;
        }
        let height = y + line;
        let target = render_target(width as u32, height as u32);
        target.texture.set_filter(FilterMode::Linear);
        let mut camera = Camera2D::from_display_rect(Rect::new(0.0, 0.0, width, height));
        // Render targets come out upside down with a display-rect camera.
        camera.zoom.y = -camera.zoom.y;
        camera.render_target = Some(target.clone());
        set_camera(&camera);
        clear_background(Color::new(1.0, 1.0, 1.0, 0.0));
        for tile in 1..=max {
            let [x, y, _, _] = rects[tile as usize];
            draw_text(tile.to_string(), x + pad, y + pad + dims.offset_y, size as f32, WHITE);
        }
        set_default_camera();
        Labels { texture: target.texture.clone(), _target: target, size, max, rects, width, height }
    }

    /// A quad for `tile`'s number centred at (cx, cy), `h` pixels tall.
    fn number(&self, batch: &mut Batch, tile: Tile, cx: f32, cy: f32, h: f32, tint: Rgba) {
        let Some(&[x, y, w, line]) = self.rects.get(tile as usize) else {
            return;
        };
        let scale = h / line;
        let (dw, dh) = (w * scale, h);
        let uv = [x / self.width, y / self.height, (x + w) / self.width, (y + line) / self.height];
        batch.quad([cx - dw / 2.0, cy - dh / 2.0, dw, dh], uv, tint);
    }
}

/// Cells at least this many pixels wide show their picture fragment; smaller
/// ones show its average colour.
const MIN_FRAGMENT_CELL: f32 = 20.0;

/// The board as a texture with one texel per cell, drawn as a single quad
/// with nearest filtering: two triangles for any board size, which is what
/// keeps a 100×100 board fast on a software renderer.
struct CellTexture {
    texture: Texture2D,
    rows: usize,
    cols: usize,
    bytes: Vec<u8>,
}

impl CellTexture {
    fn new(rows: usize, cols: usize) -> CellTexture {
        let bytes = vec![0u8; rows * cols * 4];
        let texture = Texture2D::from_rgba8(cols as u16, rows as u16, &bytes);
        texture.set_filter(FilterMode::Nearest);
        CellTexture { texture, rows, cols, bytes }
    }
}

/// Draws frames; owns the GPU-side things (meshes, textures).
pub struct Renderer {
    cells: Option<CellTexture>,
    pictured: Batch,
    numbers: Batch,
    labels: Option<Labels>,
    /// The picture's texture, its crop, and each tile's average colour.
    picture: Option<(Texture2D, [f32; 4], Vec<Rgba>)>,
    /// Each tile's home colour (index = tile), computed once per board shape.
    home_colors: Vec<Rgba>,
    route: Vec<Pos>,
}

impl Renderer {
    /// A renderer; `picture` switches to picture mode.
    pub fn new(picture: Option<&Picture>) -> Renderer {
        let picture = picture.map(|p| {
            let texture = Texture2D::from_rgba8(p.width, p.height, &p.rgba);
            texture.set_filter(FilterMode::Linear);
            (texture, [0.0; 4], Vec::new())
        });
        Renderer {
            cells: None,
            pictured: Batch::new(picture.as_ref().map(|(t, _, _)| t.clone())),
            numbers: Batch::new(None),
            labels: None,
            picture,
            home_colors: Vec::new(),
            route: Vec::new(),
        }
    }

    /// Draws the whole window for the app's state now; `picture` is the
    /// picture-mode image (used to colour small tiles).
    pub fn draw(&mut self, app: &App, picture: Option<&Picture>) {
        let board = app.board();
        let (rows, cols) = (board.rows(), board.cols());
        let layout = Layout::new(screen_width(), screen_height(), rows, cols);
        if let (Some((_, crop, averages)), Some(p)) = (&mut self.picture, picture)
            && averages.len() != rows * cols
        {
            *crop = p.crop(rows, cols);
            *averages = p.cell_colors(rows, cols);
        }
        if self.home_colors.len() != rows * cols {
            self.home_colors = (0..(rows * cols) as Tile).map(|t| palette::home_color(t, rows, cols)).collect();
        }
        clear_background(color(palette::BACKGROUND));
        draw_rectangle(layout.x, layout.y, layout.width(), layout.height(), color(palette::BOARD));
        self.draw_tiles(app, &layout);
        if app.overlays {
            self.draw_overlays(app, &layout);
        }
        self.draw_hud(app);
        if app.help {
            draw_help();
        }
    }

    /// The fill of a tile: its home colour (or picture colour), shaded when locked.
    fn fill(&self, tile: Tile, locked: bool, rows: usize, cols: usize) -> Rgba {
        let base = match &self.picture {
            Some((_, _, averages)) if !averages.is_empty() => {
                let home = crate::board::home_of(tile, rows, cols);
                averages[home.row * cols + home.col]
            }
            _ => match self.home_colors.get(tile as usize) {
                Some(&c) => c,
                None => palette::home_color(tile, rows, cols),
            },
        };
        if locked { palette::shaded(base) } else { base }
    }

    fn draw_tiles(&mut self, app: &App, layout: &Layout) {
        let board = app.board();
        let (rows, cols) = (board.rows(), board.cols());
        let slide = app.sliding();
        let size = layout.tile_size();
        let fragments = self.picture.is_some() && layout.cell >= MIN_FRAGMENT_CELL;
        // Digits at about 40% of a tile, drawn only when the widest number fits.
        let widest = digits_in((rows * cols - 1) as Tile) as f32;
        let digit_h = (size * 0.42).min(size * 0.8 / (widest * 0.55)).floor();
        let numbered = self.picture.is_none() && digit_h >= MIN_DIGIT_HEIGHT;
        let max = (rows * cols - 1) as Tile;
        if numbered && self.labels.as_ref().is_none_or(|l| l.size != digit_h as u16 || l.max != max) {
            self.labels = Some(Labels::render(digit_h as u16, max));
        }
        if self.numbers.texture.as_ref() != self.labels.as_ref().map(|l| &l.texture) {
            self.numbers = Batch::new(self.labels.as_ref().map(|l| l.texture.clone()));
        }
        self.pictured.clear();
        self.numbers.clear();
        if self.cells.as_ref().is_none_or(|c| (c.rows, c.cols) != (rows, cols)) {
            self.cells = Some(CellTexture::new(rows, cols));
        }
        let sliding = slide.map(|s| s.tile);

        // 1. Every resting tile: one texel per cell, or a picture fragment per tile.
        let mut bytes = self.cells.as_mut().map(|c| std::mem::take(&mut c.bytes)).unwrap_or_default();
        for (index, &tile) in board.cells().iter().enumerate() {
            let texel = &mut bytes[index * 4..index * 4 + 4];
            if tile == BLANK || Some(tile) == sliding {
                texel.copy_from_slice(&palette::BOARD);
                continue;
            }
            let locked = app.is_locked(tile);
            texel.copy_from_slice(&self.fill(tile, locked, rows, cols));
            let (r, c) = ((index / cols) as f32, (index % cols) as f32);
            let (x, y) = layout.tile_origin(r, c);
            if fragments && let Some((_, crop, _)) = &self.picture {
                let tint = if locked { [150, 150, 150, 255] } else { [255, 255, 255, 255] };
                self.pictured.quad([x, y, size, size], fragment(*crop, tile, rows, cols), tint);
            }
            if numbered && let Some(labels) = &self.labels {
                let ink = palette::text_on(self.fill(tile, locked, rows, cols));
                labels.number(&mut self.numbers, tile, x + size / 2.0, y + size / 2.0, digit_h, ink);
            }
        }
        if let Some(cells) = &mut self.cells {
            cells.bytes = bytes;
            cells.texture.update_from_bytes(cols as u32, rows as u32, &cells.bytes);
            if !fragments {
                let params =
                    DrawTextureParams { dest_size: Some(vec2(layout.width(), layout.height())), ..Default::default() };
                draw_texture_ex(&cells.texture, layout.x, layout.y, WHITE, params);
            }
        }
        // 2. The gaps between tiles: one thin rectangle per grid line.
        if layout.gap > 0.0 && !fragments {
            let board_color = color(palette::BOARD);
            let half = (layout.gap / 2.0).floor();
            for c in 0..=cols {
                let x = layout.x + c as f32 * layout.cell + half - layout.gap;
                draw_rectangle(x.max(layout.x), layout.y, layout.gap, layout.height(), board_color);
            }
            for r in 0..=rows {
                let y = layout.y + r as f32 * layout.cell + half - layout.gap;
                draw_rectangle(layout.x, y.max(layout.y), layout.width(), layout.gap, board_color);
            }
        }
        self.pictured.draw();

        // 3. The sliding tile, on top, part-way between its two cells.
        let mut sliding_rect = None;
        if let Some(s) = slide {
            let ease = |t: f32| t * t * (3.0 - 2.0 * t);
            let t = ease(s.t.clamp(0.0, 1.0));
            let r = s.from.row as f32 + (s.to.row as f32 - s.from.row as f32) * t;
            let c = s.from.col as f32 + (s.to.col as f32 - s.from.col as f32) * t;
            let (x, y) = layout.tile_origin(r, c);
            let locked = app.is_locked(s.tile);
            let fill = self.fill(s.tile, locked, rows, cols);
            match &self.picture {
                Some((_, crop, _)) if fragments => {
                    self.pictured.clear();
                    self.pictured.quad([x, y, size, size], fragment(*crop, s.tile, rows, cols), [255; 4]);
                    self.pictured.draw();
                }
                _ => draw_rectangle(x, y, size, size, color(fill)),
            }
            if numbered && let Some(labels) = &self.labels {
                labels.number(
                    &mut self.numbers,
                    s.tile,
                    x + size / 2.0,
                    y + size / 2.0,
                    digit_h,
                    palette::text_on(fill),
                );
            }
            sliding_rect = Some([x, y, size, size]);
        }
        self.numbers.draw();
        // The moving tile gets a thin outline, so a slide reads at any size.
        if let Some([x, y, w, h]) = sliding_rect.filter(|_| layout.cell >= 12.0) {
            draw_rectangle_lines(x, y, w, h, (layout.cell * 0.04).max(1.5), Color::new(1.0, 1.0, 1.0, 0.8));
        }
    }

    fn draw_overlays(&mut self, app: &App, layout: &Layout) {
        let board = app.board();
        let cell = layout.cell;
        let line = (cell * 0.06).clamp(1.5, 5.0);
        match app.mode {
            Mode::Watch => {
                let player = &app.player;
                if let Some(placement) = player.placement() {
                    draw_region(layout, placement.region, placement.group, line);
                    // The tiles being placed, outlined where they are; rings on their homes.
                    for &tile in placement.group.tiles() {
                        let home = board.home_of(tile);
                        let (hx, hy) = layout.center(home);
                        draw_circle_lines(hx, hy, (cell * 0.36).max(5.0), line, Color::new(1.0, 0.86, 0.3, 0.9));
                        let at = board.position_of(tile);
                        let (x, y) = layout.tile_origin(at.row as f32, at.col as f32);
                        let s = layout.tile_size();
                        draw_rectangle_lines(x, y, s, s, line, Color::new(1.0, 0.86, 0.3, 1.0));
                    }
                    if let Some(target) = player.target() {
                        // A parking cell (a pair's first step) gets its own ring.
                        let (tx, ty) = layout.center(target.to);
                        draw_circle_lines(tx, ty, (cell * 0.44).max(7.0), line * 1.3, Color::new(1.0, 1.0, 1.0, 0.95));
                    }
                }
                player.route_cells(&mut self.route);
                draw_route(layout, &self.route, line);
                let glow = app.flash_strength();
                if let Some((group, _)) = app.flash.filter(|_| glow > 0.0) {
                    for &tile in group.tiles() {
                        let at = board.position_of(tile);
                        let (x, y) = layout.tile_origin(at.row as f32, at.col as f32);
                        let s = layout.tile_size();
                        draw_rectangle(x, y, s, s, Color::new(1.0, 1.0, 1.0, 0.45 * glow));
                    }
                }
            }
            Mode::Play => {
                if let Some((_, at)) = app.game.hint().and_then(|mv| app.game.tile_for(mv)) {
                    let (x, y) = layout.center(at);
                    draw_circle_lines(x, y, cell * 0.42, line * 1.3, Color::new(1.0, 0.86, 0.3, 1.0));
                }
            }
        }
    }

    fn draw_hud(&self, app: &App) {
        let [first, second] = app.status_lines();
        let size = 22.0;
        draw_text(&first, 12.0, 22.0, size, Color::from_rgba(235, 235, 240, 255));
        draw_text(&second, 12.0, 46.0, size, Color::from_rgba(170, 175, 190, 255));
        let help = "? help";
        let w = measure_text(help, None, size as u16, 1.0).width;
        draw_text(help, screen_width() - w - 12.0, 22.0, size, Color::from_rgba(120, 125, 140, 255));
        if let Some(message) = &app.message {
            let w = measure_text(message, None, size as u16, 1.0).width;
            let x = (screen_width() - w - 24.0).max(0.0) / 2.0;
            let y = screen_height() - 40.0;
            draw_rectangle(x, y, w + 24.0, 30.0, Color::new(0.0, 0.0, 0.0, 0.75));
            draw_text(message, x + 12.0, y + 21.0, size, Color::from_rgba(255, 220, 120, 255));
        }
    }
}

/// The texture coordinates of a tile's home fragment of the picture.
fn fragment(crop: [f32; 4], tile: Tile, rows: usize, cols: usize) -> [f32; 4] {
    let home = crate::board::home_of(tile, rows, cols);
    let [u0, v0, u1, v1] = crop;
    let du = (u1 - u0) / cols as f32;
    let dv = (v1 - v0) / rows as f32;
    let u = u0 + home.col as f32 * du;
    let v = v0 + home.row as f32 * dv;
    [u, v, u + du, v + dv]
}

fn digits_in(mut n: Tile) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

/// The region's rectangle outlined, and its name.
fn draw_region(layout: &Layout, region: Region, group: Group, line: f32) {
    let (top, left, bottom, right) = region.area(group, layout.rows, layout.cols);
    if bottom <= top || right <= left {
        return;
    }
    let x = layout.x + left as f32 * layout.cell;
    let y = layout.y + top as f32 * layout.cell;
    let w = (right - left) as f32 * layout.cell;
    let h = (bottom - top) as f32 * layout.cell;
    let accent = Color::new(0.35, 0.85, 1.0, 0.95);
    draw_rectangle_lines(x, y, w, h, line * 1.2, accent);
    let name = region.to_string();
    let size = 18.0;
    let tw = measure_text(&name, None, size as u16, 1.0).width;
    let (lx, ly) = (x + line * 1.2, y + line * 1.2);
    draw_rectangle(lx, ly, tw + 10.0, 22.0, Color::new(0.0, 0.0, 0.0, 0.7));
    draw_text(&name, lx + 5.0, ly + 16.0, size, accent);
}

/// The blank's planned route: a line through the cells still ahead, with a
/// dot where it ends.
fn draw_route(layout: &Layout, cells: &[Pos], line: f32) {
    if cells.len() < 2 {
        return;
    }
    let ink = Color::new(0.2, 1.0, 0.55, 0.9);
    for pair in cells.windows(2) {
        let (x1, y1) = layout.center(pair[0]);
        let (x2, y2) = layout.center(pair[1]);
        draw_line(x1, y1, x2, y2, line, ink);
    }
    if let Some(&last) = cells.last() {
        let (x, y) = layout.center(last);
        draw_circle(x, y, (layout.cell * 0.08).max(2.0), ink);
    }
}

fn draw_help() {
    let size = 22.0;
    let line_h = 28.0;
    let w = 640.0f32.min(screen_width() - 40.0);
    let h = line_h * (HELP.len() as f32 + 2.0);
    let x = (screen_width() - w) / 2.0;
    let y = ((screen_height() - h) / 2.0).max(10.0);
    draw_rectangle(x, y, w, h, Color::new(0.05, 0.06, 0.08, 0.92));
    draw_rectangle_lines(x, y, w, h, 2.0, Color::new(0.35, 0.85, 1.0, 0.95));
    draw_text("fifteen: controls", x + 20.0, y + line_h, size, Color::new(0.35, 0.85, 1.0, 1.0));
    for (i, text) in HELP.iter().enumerate() {
        draw_text(text, x + 20.0, y + line_h * (i as f32 + 2.0), size, WHITE);
    }
}
