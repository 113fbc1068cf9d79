//! The scene's [`Canvas`] in software: tiny-skia for anti-aliased shapes,
//! fontdue for the shipped font, and the scene's tile sprite blended per
//! tile. No GPU and no display.

use std::collections::HashMap;

use tiny_skia::{FillRule, LineCap, Mask, Paint, PathBuilder, Pixmap, Stroke, Transform};

use crate::scene::{Canvas, FONT_BOLD, FONT_REGULAR, Rect, Rgba, TileDraw, Weight, tile_number_baseline, tile_sprite};

/// A frame being drawn in memory.
pub(crate) struct Raster {
    pixmap: Pixmap,
    regular: fontdue::Font,
    bold: fontdue::Font,
    glyphs: HashMap<(char, u32, bool), (fontdue::Metrics, Vec<u8>)>,
    sprite: Option<(usize, Vec<u8>)>,
    clip: Option<(Rect, Mask)>,
}

/// The shipped font could not be read, or the frame is empty.
#[derive(Debug, thiserror::Error)]
#[error("cannot set up the software renderer: {0}")]
pub struct RasterError(String);

impl From<String> for RasterError {
    fn from(message: String) -> RasterError {
        RasterError(message)
    }
}

impl Raster {
    /// A `width` × `height` frame.
    pub(crate) fn new(width: u32, height: u32) -> Result<Raster, RasterError> {
        let pixmap = Pixmap::new(width, height).ok_or_else(|| RasterError(format!("no {width}×{height} frame")))?;
        let (regular, bold) = shipped_fonts()?;
        Ok(Raster { pixmap, regular, bold, glyphs: HashMap::new(), sprite: None, clip: None })
    }

    /// Width in pixels.
    pub(crate) fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    pub(crate) fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// The pixels, RGBA, rows from the top (opaque, so premultiplying
    /// changed nothing).
    pub(crate) fn rgba(&self) -> &[u8] {
        self.pixmap.data()
    }

    /// The frame as PNG bytes.
    pub(crate) fn png(&self) -> Result<Vec<u8>, String> {
        self.pixmap.encode_png().map_err(|e| e.to_string())
    }

    fn paint(color: Rgba) -> Paint<'static> {
        let mut paint = Paint::default();
        paint.set_color_rgba8(color[0], color[1], color[2], color[3]);
        paint.anti_alias = true;
        paint
    }

    fn fill(&mut self, path: Option<tiny_skia::Path>, color: Rgba) {
        if let Some(path) = path {
            let paint = Raster::paint(color);
            let mask = self.clip.as_ref().map(|(_, m)| m);
            self.pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), mask);
        }
    }

    fn stroke(&mut self, path: Option<tiny_skia::Path>, width: f32, color: Rgba) {
        if let Some(path) = path {
            let paint = Raster::paint(color);
            let stroke = Stroke { width, line_cap: LineCap::Round, ..Stroke::default() };
            let mask = self.clip.as_ref().map(|(_, m)| m);
            self.pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), mask);
        }
    }

    /// Blends `color` at `coverage` (0–255) onto the pixel (x, y), inside the clip.
    fn blend(&mut self, x: i32, y: i32, color: Rgba, coverage: u8) {
        let (w, h) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        if x < 0 || y < 0 || x >= w || y >= h || coverage == 0 {
            return;
        }
        if let Some((r, _)) = &self.clip
            && !r.contains(x as f32 + 0.5, y as f32 + 0.5)
        {
            return;
        }
        let a = coverage as u32 * color[3] as u32 / 255;
        let i = ((y * w + x) * 4) as usize;
        let data = self.pixmap.data_mut();
        for k in 0..3 {
            let d = data[i + k] as u32;
            data[i + k] = ((color[k] as u32 * a + d * (255 - a) + 127) / 255) as u8;
        }
        data[i + 3] = 255;
    }

    /// Draws `text` with its baseline through `origin`, along it or, when
    /// `up`, turned a quarter left (the text laid flat, turned about the
    /// origin: its pixel `(u, v)` lands at `(v, -u)`).
    fn glyph_run(&mut self, text: &str, (x, y): (f32, f32), size: f32, color: Rgba, weight: Weight, up: bool) {
        let px = size.round().max(1.0);
        let bold = weight == Weight::Bold;
        // Along the text, as the flat text always counted it (from x).
        let mut pen = if up { 0.0 } else { x };
        for ch in text.chars() {
            let key = (ch, px as u32, bold);
            if !self.glyphs.contains_key(&key) {
                let glyph = self.font(weight).rasterize(ch, px);
                self.glyphs.insert(key, glyph);
            }
            let (metrics, bitmap) = self.glyphs[&key].clone();
            let along = pen + metrics.xmin as f32;
            let above = -(metrics.height as f32) - metrics.ymin as f32;
            let (left, top) = if up {
                ((x + above).round() as i32, (y - along).round() as i32)
            } else {
                (along.round() as i32, (y + above).round() as i32)
            };
            for gy in 0..metrics.height {
                for gx in 0..metrics.width {
                    let coverage = bitmap[gy * metrics.width + gx];
                    let (dx, dy) = if up { (gy as i32, -(gx as i32)) } else { (gx as i32, gy as i32) };
                    self.blend(left + dx, top + dy, color, coverage);
                }
            }
            pen += metrics.advance_width;
        }
    }

    fn font(&self, weight: Weight) -> &fontdue::Font {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }
}

/// The shipped font, regular and bold.
pub(crate) fn shipped_fonts() -> Result<(fontdue::Font, fontdue::Font), RasterError> {
    let font = |bytes: &[u8]| {
        fontdue::Font::from_bytes(bytes, fontdue::FontSettings::default()).map_err(|e| RasterError(e.to_string()))
    };
    Ok((font(FONT_REGULAR)?, font(FONT_BOLD)?))
}

/// The width of `text` in `font` at `size` pixels, as both software
/// canvases measure it.
pub(crate) fn text_width(font: &fontdue::Font, text: &str, size: f32) -> f32 {
    let px = size.round().max(1.0);
    text.chars().map(|ch| font.metrics(ch, px).advance_width).sum()
}

/// A rounded rectangle's outline as a path.
fn rounded(rect: Rect, radius: f32) -> Option<tiny_skia::Path> {
    let r = radius.min(rect.w / 2.0).min(rect.h / 2.0).max(0.0);
    let (x0, y0, x1, y1) = (rect.x, rect.y, rect.right(), rect.bottom());
    if rect.w <= 0.0 || rect.h <= 0.0 {
        return None;
    }
    // Cubic arcs: 0.5523 is the usual circle constant.
    let k = r * (1.0 - 0.552_284_8);
    let mut pb = PathBuilder::new();
    pb.move_to(x0 + r, y0);
    pb.line_to(x1 - r, y0);
    pb.cubic_to(x1 - k, y0, x1, y0 + k, x1, y0 + r);
    pb.line_to(x1, y1 - r);
    pb.cubic_to(x1, y1 - k, x1 - k, y1, x1 - r, y1);
    pb.line_to(x0 + r, y1);
    pb.cubic_to(x0 + k, y1, x0, y1 - k, x0, y1 - r);
    pb.line_to(x0, y0 + r);
    pb.cubic_to(x0, y0 + k, x0 + k, y0, x0 + r, y0);
    pb.close();
    pb.finish()
}

impl Canvas for Raster {
    fn rect(&mut self, rect: Rect, color: Rgba) {
        if let Some(r) = tiny_skia::Rect::from_xywh(rect.x, rect.y, rect.w, rect.h) {
            let paint = Raster::paint(color);
            let mask = self.clip.as_ref().map(|(_, m)| m);
            self.pixmap.fill_rect(r, &paint, Transform::identity(), mask);
        }
    }

    fn round_rect(&mut self, rect: Rect, radius: f32, color: Rgba) {
        self.fill(rounded(rect, radius), color);
    }

    fn stroke_round_rect(&mut self, rect: Rect, radius: f32, width: f32, color: Rgba) {
        self.stroke(rounded(rect, radius), width, color);
    }

    fn ring(&mut self, cx: f32, cy: f32, radius: f32, width: f32, color: Rgba) {
        self.stroke(PathBuilder::from_circle(cx, cy, radius.max(0.1)), width, color);
    }

    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, color: Rgba) {
        let mut pb = PathBuilder::new();
        pb.move_to(from.0, from.1);
        pb.line_to(to.0, to.1);
        self.stroke(pb.finish(), width, color);
    }

    fn triangle(&mut self, a: (f32, f32), b: (f32, f32), c: (f32, f32), color: Rgba) {
        let mut pb = PathBuilder::new();
        pb.move_to(a.0, a.1);
        pb.line_to(b.0, b.1);
        pb.line_to(c.0, c.1);
        pb.close();
        self.fill(pb.finish(), color);
    }

    fn text(&mut self, text: &str, x: f32, y: f32, size: f32, color: Rgba, weight: Weight) {
        self.glyph_run(text, (x, y), size, color, weight, false);
    }

    fn text_up(&mut self, text: &str, x: f32, y: f32, size: f32, color: Rgba, weight: Weight) {
        self.glyph_run(text, (x, y), size, color, weight, true);
    }

    fn text_width(&mut self, text: &str, size: f32, weight: Weight) -> f32 {
        text_width(self.font(weight), text, size)
    }

    fn tile(&mut self, tile: &TileDraw) {
        let r = tile.rect;
        let n = (r.w.round() as usize).max(1);
        if self.sprite.as_ref().is_none_or(|(size, _)| *size != n) {
            self.sprite = Some((n, tile_sprite(n)));
        }
        let Some((_, sprite)) = self.sprite.take() else { return };
        let (x0, y0) = (r.x.round() as i32, r.y.round() as i32);
        let fill = tile.fill;
        for sy in 0..n {
            for sx in 0..n {
                let i = (sy * n + sx) * 4;
                let (grey, alpha) = (sprite[i] as u32, sprite[i + 3]);
                let c = [
                    (fill[0] as u32 * grey / 255) as u8,
                    (fill[1] as u32 * grey / 255) as u8,
                    (fill[2] as u32 * grey / 255) as u8,
                    255,
                ];
                self.blend(x0 + sx as i32, y0 + sy as i32, c, alpha);
            }
        }
        self.sprite = Some((n, sprite));
        if let Some((h, ink)) = tile.label {
            let text = tile.tile.to_string();
            let w = self.text_width(&text, h, Weight::Bold);
            let baseline = tile_number_baseline(r, h);
            self.text(&text, r.x + r.w / 2.0 - w / 2.0, baseline, h, ink, Weight::Bold);
        }
    }

    fn cells(&mut self, rect: Rect, rows: usize, cols: usize, colors: &[Rgba]) {
        let (w, h) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        let clip = self.clip.as_ref().map(|(r, _)| *r).unwrap_or(Rect::new(0.0, 0.0, w as f32, h as f32));
        let x0 = rect.x.max(clip.x).max(0.0) as i32;
        let y0 = rect.y.max(clip.y).max(0.0) as i32;
        let x1 = (rect.right().min(clip.right()).ceil() as i32).min(w);
        let y1 = (rect.bottom().min(clip.bottom()).ceil() as i32).min(h);
        let data = self.pixmap.data_mut();
        for y in y0..y1 {
            let row = (((y as f32 + 0.5 - rect.y) / rect.h * rows as f32) as usize).min(rows - 1);
            for x in x0..x1 {
                let col = (((x as f32 + 0.5 - rect.x) / rect.w * cols as f32) as usize).min(cols - 1);
                let i = ((y * w + x) * 4) as usize;
                data[i..i + 4].copy_from_slice(&colors[row * cols + col]);
            }
        }
    }

    fn clip(&mut self, rect: Option<Rect>) {
        self.clip = rect.and_then(|r| {
            let mut mask = Mask::new(self.pixmap.width(), self.pixmap.height())?;
            let path = PathBuilder::from_rect(tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h)?);
            mask.fill_path(&path, FillRule::Winding, false, Transform::identity());
            Some((r, mask))
        });
    }
}
