//! The scene's [`Canvas`] on macroquad: shapes as anti-aliased triangles
//! (with the window's multisampling), text in the shipped TrueType font,
//! and tiles batched.
//!
//! Speed on big boards comes from batching: every tile is a quad in a few
//! large meshes sharing one texture (the tile sprite, rendered at the tile's
//! size in pixels), numbers are quads cut from an atlas rendered once per
//! size, and boards too fine for tiles are one texel a cell in one quad.

use macroquad::prelude::*;

use fifteen_core::board::Tile;
use fifteen_view::scene::{Canvas, FONT_BOLD, FONT_REGULAR, Rect as SceneRect, Rgba, TileDraw, Weight, tile_sprite};

use super::picture::Picture;

/// Quads per mesh: 4 vertices and 6 indices each, within the draw-call
/// capacity set in `mod.rs` and u16 indices.
const QUADS_PER_MESH: usize = 6_000;

fn color(c: Rgba) -> Color {
    Color::from_rgba(c[0], c[1], c[2], c[3])
}

/// Quads sharing one texture, split into meshes small enough for one draw call.
struct QuadBatch {
    meshes: Vec<Mesh>,
    used: usize,
    texture: Option<Texture2D>,
}

impl QuadBatch {
    fn new(texture: Option<Texture2D>) -> QuadBatch {
        QuadBatch { meshes: Vec::new(), used: 0, texture }
    }

    fn set_texture(&mut self, texture: Option<Texture2D>) {
        if self.texture != texture {
            *self = QuadBatch::new(texture);
        }
    }

    fn is_empty(&self) -> bool {
        self.meshes.first().is_none_or(|m| m.vertices.is_empty())
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

    /// Draws and empties the batch.
    fn flush(&mut self) {
        for mesh in &mut self.meshes {
            if !mesh.vertices.is_empty() {
                draw_mesh(mesh);
                mesh.vertices.clear();
                mesh.indices.clear();
            }
        }
        self.used = 0;
    }
}

/// Every tile's number rendered once into a texture at the size in use, so
/// a number costs one quad a frame, whatever its length.
struct Labels {
    texture: Texture2D,
    /// Kept alive: dropping a render target's pass deletes its texture.
    _target: RenderTarget,
    size: u16,
    max: Tile,
    rects: Vec<[f32; 4]>,
    width: f32,
    height: f32,
}

impl Labels {
    fn render(font: &Font, size: u16, max: Tile) -> Labels {
        let dims = measure_text("0123456789", Some(font), size, 1.0);
        let advance = (dims.width / 10.0).ceil();
        let pad = 2.0;
        let line = (size as f32 * 1.25 + 2.0 * pad).ceil();
        let digits = max.to_string().len() as f32;
        let widest = digits * advance + 2.0 * pad;
        let width = (widest * (max as f32).sqrt().ceil()).clamp(widest, 4096.0).ceil();
        let mut rects = vec![[0.0; 4]; max as usize + 1];
        let (mut x, mut y) = (0.0f32, 0.0f32);
        for tile in 1..=max {
            let w = measure_text(tile.to_string().as_str(), Some(font), size, 1.0).width.ceil() + 2.0 * pad;
            if x + w > width {
                x = 0.0;
                y += line;
            }
            rects[tile as usize] = [x, y, w, line];
            x += w;
        }
        let height = (y + line).min(8192.0);
        let target = render_target(width as u32, height as u32);
        target.texture.set_filter(FilterMode::Linear);
        let mut camera = Camera2D::from_display_rect(Rect::new(0.0, 0.0, width, height));
        camera.zoom.y = -camera.zoom.y;
        camera.render_target = Some(target.clone());
        set_camera(&camera);
        clear_background(Color::new(1.0, 1.0, 1.0, 0.0));
        let baseline = pad + size as f32 * 0.93;
        for tile in 1..=max {
            let [x, y, _, _] = rects[tile as usize];
            let params = TextParams { font: Some(font), font_size: size, color: WHITE, ..Default::default() };
            draw_text_ex(tile.to_string().as_str(), x + pad, y + baseline, params);
        }
        set_default_camera();
        Labels { texture: target.texture.clone(), _target: target, size, max, rects, width, height }
    }

    /// A quad for `tile`'s number centred at (cx, cy), its digits `h` pixels tall.
    fn number(&self, batch: &mut QuadBatch, tile: Tile, cx: f32, cy: f32, h: f32, tint: Rgba) {
        let Some(&[x, y, w, line]) = self.rects.get(tile as usize) else {
            return;
        };
        if y + line > self.height {
            // Past the largest texture: this number was not rendered.
            return;
        }
        let scale = h / self.size as f32;
        let (dw, dh) = (w * scale, line * scale);
        let uv = [x / self.width, y / self.height, (x + w) / self.width, (y + line) / self.height];
        // The atlas line holds the digits from its top pad to the baseline.
        let top = cy - (2.0 + self.size as f32 * 0.93 - self.size as f32 * 0.365) * scale;
        batch.quad([cx - dw / 2.0, top, dw, dh], uv, tint);
    }
}

/// Each cell's colour as one texel, drawn as one quad with nearest filtering.
struct CellTexture {
    texture: Texture2D,
    rows: usize,
    cols: usize,
    bytes: Vec<u8>,
}

/// The window's [`Canvas`]: owns the fonts, textures and meshes.
pub struct Screen {
    regular: Font,
    bold: Font,
    dpi: f32,
    /// Tile sprites by size in pixels, the most recent last.
    sprites: Vec<(usize, Texture2D)>,
    tiles: QuadBatch,
    numbers: QuadBatch,
    pictured: QuadBatch,
    labels: Option<Labels>,
    cells: Option<CellTexture>,
    /// The picture's texture and its crop, in picture mode.
    picture: Option<(Texture2D, [f32; 4])>,
    shape: (usize, usize),
    clip: Option<SceneRect>,
    shapes: Shapes,
    /// Numbers of boards too big for an atlas, drawn as text after their tiles.
    loose_numbers: Vec<(String, f32, f32, u16, Rgba)>,
    /// Picture mode: numbers on the pieces.
    pub picture_numbers: bool,
}

impl Screen {
    /// A screen; `picture` switches to picture mode.
    pub fn new(picture: Option<&Picture>) -> Screen {
        let load = |bytes: &[u8]| {
            let mut font = load_ttf_font_from_bytes(bytes).expect("the shipped font loads");
            font.set_filter(FilterMode::Linear);
            font
        };
        let picture = picture.map(|p| {
            let texture = Texture2D::from_rgba8(p.width, p.height, &p.rgba);
            texture.set_filter(FilterMode::Linear);
            (texture, [0.0; 4])
        });
        Screen {
            regular: load(FONT_REGULAR),
            bold: load(FONT_BOLD),
            dpi: 1.0,
            sprites: Vec::new(),
            tiles: QuadBatch::new(None),
            numbers: QuadBatch::new(None),
            pictured: QuadBatch::new(picture.as_ref().map(|(t, _)| t.clone())),
            labels: None,
            cells: None,
            picture,
            shape: (0, 0),
            clip: None,
            shapes: Shapes::new(),
            loose_numbers: Vec::new(),
            picture_numbers: false,
        }
    }

    /// Gets ready for a frame of a rows × cols board.
    pub fn begin(&mut self, rows: usize, cols: usize, picture: Option<&Picture>) {
        self.dpi = screen_dpi_scale().max(0.5);
        if self.shape != (rows, cols) {
            self.shape = (rows, cols);
            if let (Some((_, crop)), Some(p)) = (&mut self.picture, picture) {
                *crop = p.crop(rows, cols);
            }
        }
    }

    /// Draws what is still batched.
    pub fn finish(&mut self) {
        self.flush();
        self.shapes.flush();
    }

    fn flush(&mut self) {
        if !self.tiles.is_empty() || !self.pictured.is_empty() || !self.numbers.is_empty() {
            self.tiles.flush();
            self.pictured.flush();
            self.numbers.flush();
        }
        for (text, x, y, size, ink) in self.loose_numbers.drain(..) {
            let params =
                TextParams { font: Some(&self.bold), font_size: size, color: color(ink), ..Default::default() };
            draw_text_ex(&text, x, y, params);
        }
    }

    fn font(&self, weight: Weight) -> &Font {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// The tile sprite for tiles `size` pixels wide. While the follow
    /// camera glides the size changes every frame, so sprites are kept by
    /// size (a few dozen at most) rather than redrawn.
    fn sprite_for(&mut self, size: f32) -> Texture2D {
        let px = ((size * self.dpi).round() as usize).clamp(2, 512);
        if let Some(i) = self.sprites.iter().position(|(n, _)| *n == px) {
            let entry = self.sprites.remove(i);
            self.sprites.push(entry);
        } else {
            let texture = Texture2D::from_rgba8(px as u16, px as u16, &tile_sprite(px));
            texture.set_filter(FilterMode::Linear);
            if self.sprites.len() >= 48 {
                self.sprites.remove(0);
            }
            self.sprites.push((px, texture));
        }
        self.sprites.last().map(|(_, t)| t.clone()).expect("just pushed")
    }
}

/// Boards with more tiles than this number them as text instead of from an
/// atlas: an atlas of every number would outgrow the largest texture.
const MAX_ATLAS_TILES: Tile = 20_000;

/// The sizes number atlases are rendered at: about 12 % apart, so a gliding
/// camera renders a new atlas now and then, not every frame (numbers are
/// drawn scaled from the nearest size at or above).
fn atlas_size(px: f32) -> u16 {
    let mut size = 7.0f32;
    while size < px {
        size = (size * 1.12).ceil();
    }
    size as u16
}

/// Fringe width of feathered shapes, in pixels: edges fade out over it, so
/// shapes are smooth without multisampling (which costs a software
/// renderer more than the rest of the frame).
const FRINGE: f32 = 1.0;

/// Points along a rounded rectangle's edge, clockwise from the top-left,
/// `steps` segments a corner.
fn rounded_outline(rect: SceneRect, radius: f32, steps: usize) -> Vec<(f32, f32)> {
    let r = radius.min(rect.w / 2.0).min(rect.h / 2.0).max(0.0);
    let corners = [
        (rect.right() - r, rect.y + r, -90.0f32),
        (rect.right() - r, rect.bottom() - r, 0.0),
        (rect.x + r, rect.bottom() - r, 90.0),
        (rect.x + r, rect.y + r, 180.0),
    ];
    let mut points = Vec::with_capacity(4 * (steps + 1));
    for (cx, cy, start) in corners {
        for i in 0..=steps {
            let a = (start + 90.0 * i as f32 / steps as f32).to_radians();
            points.push((cx + r * a.cos(), cy + r * a.sin()));
        }
    }
    points
}

fn corner_steps(radius: f32) -> usize {
    ((radius * 0.6).ceil() as usize).clamp(2, 12)
}

fn grown(rect: SceneRect, by: f32) -> SceneRect {
    SceneRect::new(rect.x - by, rect.y - by, (rect.w + 2.0 * by).max(0.0), (rect.h + 2.0 * by).max(0.0))
}

fn circle(cx: f32, cy: f32, r: f32, steps: usize) -> Vec<(f32, f32)> {
    (0..steps)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / steps as f32;
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// Untextured triangles with a colour per vertex, drawn in one call.
struct Shapes {
    mesh: Mesh,
}

impl Shapes {
    fn new() -> Shapes {
        Shapes { mesh: Mesh { vertices: Vec::new(), indices: Vec::new(), texture: None } }
    }

    fn vertex(&mut self, (x, y): (f32, f32), color: Rgba) -> u16 {
        self.mesh.vertices.push(Vertex { position: vec3(x, y, 0.0), uv: vec2(0.0, 0.0), color, normal: Vec4::ZERO });
        (self.mesh.vertices.len() - 1) as u16
    }

    fn room(&mut self, vertices: usize) {
        if self.mesh.vertices.len() + vertices > 20_000 {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if !self.mesh.vertices.is_empty() {
            draw_mesh(&self.mesh);
            self.mesh.vertices.clear();
            self.mesh.indices.clear();
        }
    }

    /// The closed band between two rings of points, each point with its colour.
    fn band(&mut self, outer: &[(f32, f32)], outer_color: Rgba, inner: &[(f32, f32)], inner_color: Rgba) {
        let n = outer.len().min(inner.len());
        self.room(2 * n);
        let base = self.mesh.vertices.len() as u16;
        for i in 0..n {
            self.vertex(outer[i], outer_color);
            self.vertex(inner[i], inner_color);
        }
        for i in 0..n as u16 {
            let j = (i + 1) % n as u16;
            let (o1, i1, o2, i2) = (base + 2 * i, base + 2 * i + 1, base + 2 * j, base + 2 * j + 1);
            self.mesh.indices.extend_from_slice(&[o1, o2, i2, o1, i2, i1]);
        }
    }

    /// A filled convex ring of points (a fan from its first point).
    fn fan(&mut self, points: &[(f32, f32)], color: Rgba) {
        self.room(points.len());
        let base = self.mesh.vertices.len() as u16;
        for &p in points {
            self.vertex(p, color);
        }
        for i in 1..points.len().saturating_sub(1) as u16 {
            self.mesh.indices.extend_from_slice(&[base, base + i, base + i + 1]);
        }
    }

    /// A filled shape whose edge at distance d outward is `at(d)`: solid up
    /// to half a fringe inside, fading to nothing half a fringe outside.
    fn feathered_fill(&mut self, at: impl Fn(f32) -> Vec<(f32, f32)>, color: Rgba) {
        let inner = at(-FRINGE / 2.0);
        let outer = at(FRINGE / 2.0);
        self.fan(&inner, color);
        self.band(&outer, [color[0], color[1], color[2], 0], &inner, color);
    }

    /// A band `width` wide centred on the edge `at(0)`, feathered both sides.
    fn feathered_band(&mut self, at: impl Fn(f32) -> Vec<(f32, f32)>, width: f32, color: Rgba) {
        let clear = [color[0], color[1], color[2], 0];
        let h = (width / 2.0).max(FRINGE / 2.0);
        let (o2, o1) = (at(h + FRINGE / 2.0), at(h - FRINGE / 2.0));
        let (i1, i2) = (at(-h + FRINGE / 2.0), at(-h - FRINGE / 2.0));
        self.band(&o2, clear, &o1, color);
        self.band(&o1, color, &i1, color);
        self.band(&i1, color, &i2, clear);
    }
}

impl Screen {
    /// Makes room for textured drawing: shapes already queued go first.
    fn shapes_first(&mut self) {
        self.shapes.flush();
    }

    /// Text with its baseline through `(x, y)`, turned by `rotation` radians.
    fn turned_text(&mut self, text: &str, (x, y): (f32, f32), size: f32, c: Rgba, weight: Weight, rotation: f32) {
        self.flush();
        self.shapes.flush();
        let params = TextParams {
            font: Some(self.font(weight)),
            font_size: size.round().max(1.0) as u16,
            color: color(c),
            rotation,
            ..Default::default()
        };
        draw_text_ex(text, x, y, params);
    }
}

impl Canvas for Screen {
    fn rect(&mut self, rect: SceneRect, c: Rgba) {
        self.flush();
        if rect.x <= 0.0 && rect.y <= 0.0 && rect.right() >= screen_width() && rect.bottom() >= screen_height() {
            // The whole frame: a clear costs nothing on a software renderer.
            self.shapes.flush();
            clear_background(color(c));
            return;
        }
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.right(), rect.bottom());
        self.shapes.fan(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)], c);
    }

    fn round_rect(&mut self, rect: SceneRect, radius: f32, c: Rgba) {
        self.flush();
        let steps = corner_steps(radius);
        self.shapes.feathered_fill(|d| rounded_outline(grown(rect, d), radius + d, steps), c);
    }

    fn stroke_round_rect(&mut self, rect: SceneRect, radius: f32, width: f32, c: Rgba) {
        self.flush();
        let steps = corner_steps(radius + width);
        self.shapes.feathered_band(|d| rounded_outline(grown(rect, d), (radius + d).max(0.0), steps), width, c);
    }

    fn ring(&mut self, cx: f32, cy: f32, radius: f32, width: f32, c: Rgba) {
        self.flush();
        let steps = ((radius * 0.9).ceil() as usize).clamp(20, 120);
        self.shapes.feathered_band(|d| circle(cx, cy, (radius + d).max(0.0), steps), width, c);
    }

    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, c: Rgba) {
        self.flush();
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len <= 0.0 {
            return;
        }
        // Round-ish ends: the line runs half its width past each point.
        let (ux, uy) = (dx / len, dy / len);
        let h = width / 2.0;
        let (a, b) = ((from.0 - ux * h, from.1 - uy * h), (to.0 + ux * h, to.1 + uy * h));
        let quad = |d: f32| {
            let (nx, ny) = (-uy * (h + d), ux * (h + d));
            let (ex, ey) = (ux * d, uy * d);
            vec![
                (a.0 + nx - ex, a.1 + ny - ey),
                (b.0 + nx + ex, b.1 + ny + ey),
                (b.0 - nx + ex, b.1 - ny + ey),
                (a.0 - nx - ex, a.1 - ny - ey),
            ]
        };
        self.shapes.feathered_fill(quad, c);
    }

    fn triangle(&mut self, a: (f32, f32), b: (f32, f32), c: (f32, f32), fill: Rgba) {
        self.flush();
        let (gx, gy) = ((a.0 + b.0 + c.0) / 3.0, (a.1 + b.1 + c.1) / 3.0);
        // Grown about the centroid: close enough to an offset for small triangles.
        let at = |d: f32| {
            [a, b, c]
                .iter()
                .map(|&(x, y)| {
                    let (vx, vy) = (x - gx, y - gy);
                    let l = (vx * vx + vy * vy).sqrt().max(1e-3);
                    (x + vx / l * d * 2.0, y + vy / l * d * 2.0)
                })
                .collect()
        };
        self.shapes.feathered_fill(at, fill);
    }

    fn text(&mut self, text: &str, x: f32, y: f32, size: f32, c: Rgba, weight: Weight) {
        self.turned_text(text, (x, y), size, c, weight, 0.0);
    }

    fn text_up(&mut self, text: &str, x: f32, y: f32, size: f32, c: Rgba, weight: Weight) {
        self.turned_text(text, (x, y), size, c, weight, -std::f32::consts::FRAC_PI_2);
    }

    fn text_width(&mut self, text: &str, size: f32, weight: Weight) -> f32 {
        measure_text(text, Some(self.font(weight)), size.round().max(1.0) as u16, 1.0).width
    }

    fn tile(&mut self, tile: &TileDraw) {
        self.shapes_first();
        let r = tile.rect;
        let (rows, cols) = self.shape;
        match &self.picture {
            Some((_, crop)) if r.w >= 20.0 => {
                let uv = fragment(*crop, tile.tile, rows, cols);
                self.pictured.quad([r.x, r.y, r.w, r.h], uv, [255; 4]);
            }
            _ => {
                let sprite = self.sprite_for(r.w);
                self.tiles.set_texture(Some(sprite));
                self.tiles.quad([r.x, r.y, r.w, r.h], [0.0, 0.0, 1.0, 1.0], tile.fill);
            }
        }
        let show = tile.label.filter(|_| self.picture.is_none() || self.picture_numbers);
        if let Some((h, ink)) = show {
            let max = (self.shape.0 * self.shape.1).saturating_sub(1) as Tile;
            if max > MAX_ATLAS_TILES {
                // Only the visible tiles (the follow camera is zoomed in) are numbered:
                // as text, from the font's own glyph cache.
                let text = tile.tile.to_string();
                let size = h.round().max(1.0) as u16;
                let w = measure_text(&text, Some(&self.bold), size, 1.0).width;
                let baseline = fifteen_view::scene::tile_number_baseline(r, h);
                self.loose_numbers.push((text, r.x + (r.w - w) / 2.0, baseline, size, ink));
                return;
            }
            // In points: macroquad scales text by the display's DPI itself.
            let px = atlas_size(h);
            if self.labels.as_ref().is_none_or(|l| l.size != px || l.max != max) {
                // Rendering the atlas changes the camera: draw what is batched first.
                self.flush();
                self.shapes.flush();
                self.labels = Some(Labels::render(&self.bold, px, max));
                self.apply_clip();
            }
            let Some(labels) = &self.labels else { return };
            self.numbers.set_texture(Some(labels.texture.clone()));
            let (radius_shift, _) = fifteen_view::scene::tile_shape(r.w);
            let cy = r.y + r.h / 2.0 - radius_shift * 0.15;
            let ink = if self.picture.is_some() { [255, 255, 255, 255] } else { ink };
            if self.picture.is_some() {
                labels.number(&mut self.numbers, tile.tile, r.x + r.w / 2.0 + 1.0, cy + 1.0, h, [0, 0, 0, 230]);
            }
            labels.number(&mut self.numbers, tile.tile, r.x + r.w / 2.0, cy, h, ink);
        }
    }

    fn cells(&mut self, rect: SceneRect, rows: usize, cols: usize, colors: &[Rgba]) {
        self.flush();
        self.shapes.flush();
        if self.cells.as_ref().is_none_or(|c| (c.rows, c.cols) != (rows, cols)) {
            let bytes = vec![0u8; rows * cols * 4];
            let texture = Texture2D::from_rgba8(cols as u16, rows as u16, &bytes);
            texture.set_filter(FilterMode::Nearest);
            self.cells = Some(CellTexture { texture, rows, cols, bytes });
        }
        let Some(cells) = &mut self.cells else { return };
        for (texel, c) in cells.bytes.chunks_exact_mut(4).zip(colors) {
            texel.copy_from_slice(c);
        }
        cells.texture.update_from_bytes(cols as u32, rows as u32, &cells.bytes);
        let params = DrawTextureParams { dest_size: Some(vec2(rect.w, rect.h)), ..Default::default() };
        draw_texture_ex(&cells.texture, rect.x, rect.y, WHITE, params);
    }

    fn clip(&mut self, rect: Option<SceneRect>) {
        self.flush();
        self.shapes.flush();
        self.clip = rect;
        self.apply_clip();
    }
}

impl Screen {
    /// Clips by drawing through a camera whose viewport is the clip
    /// rectangle: the GPU drops everything outside it.
    fn apply_clip(&self) {
        match self.clip {
            None => set_default_camera(),
            Some(r) => {
                let d = self.dpi;
                let height = screen_height() * d;
                let (x, y) = ((r.x * d).floor() as i32, (r.y * d).floor() as i32);
                let (w, h) = ((r.w * d).ceil() as i32, (r.h * d).ceil() as i32);
                let mut camera = Camera2D {
                    viewport: Some((x, height as i32 - y - h, w, h)),
                    ..Camera2D::from_display_rect(Rect::new(x as f32 / d, y as f32 / d, w as f32 / d, h as f32 / d))
                };
                // from_display_rect is set up for render targets; the screen's y runs the other way.
                camera.zoom.y = -camera.zoom.y;
                set_camera(&camera);
            }
        }
    }
}

/// The texture coordinates of a tile's home piece of the picture.
fn fragment(crop: [f32; 4], tile: Tile, rows: usize, cols: usize) -> [f32; 4] {
    let home = fifteen_core::board::home_of(tile, rows, cols);
    let [u0, v0, u1, v1] = crop;
    let du = (u1 - u0) / cols as f32;
    let dv = (v1 - v0) / rows as f32;
    let u = u0 + home.col as f32 * du;
    let v = v0 + home.row as f32 * dv;
    [u, v, u + du, v + dv]
}
