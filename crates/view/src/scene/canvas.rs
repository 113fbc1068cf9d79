//! The drawing calls a frame is made of, which each back end implements:
//! the window with macroquad, recordings with a software rasteriser. The
//! scene decides what goes where and in which colour; a back end only puts
//! pixels down, so both show the same picture.

use fifteen_core::board::Tile;

use super::layout::Rect;
use super::palette::{Rgba, SIDE_SHADE};

/// Regular or bold text (both from the shipped font).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Panel text.
    Regular,
    /// Titles and tile numbers.
    Bold,
}

/// One tile: a rounded body with a shaded lower edge, its number on top.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileDraw {
    /// The tile.
    pub tile: Tile,
    /// Its square on screen.
    pub rect: Rect,
    /// Its face colour.
    pub fill: Rgba,
    /// Its number's height in pixels and colour, when it is shown.
    pub label: Option<(f32, Rgba)>,
}

/// What a frame is drawn with. Coordinates are pixels from the top-left;
/// text is placed by its baseline.
pub trait Canvas {
    /// Fills a rectangle.
    fn rect(&mut self, rect: Rect, color: Rgba);
    /// Fills a rectangle with rounded corners.
    fn round_rect(&mut self, rect: Rect, radius: f32, color: Rgba);
    /// Strokes a rectangle with rounded corners, the line centred on its edge.
    fn stroke_round_rect(&mut self, rect: Rect, radius: f32, width: f32, color: Rgba);
    /// Strokes a circle.
    fn ring(&mut self, cx: f32, cy: f32, radius: f32, width: f32, color: Rgba);
    /// A straight line with round ends.
    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, color: Rgba);
    /// Fills a triangle.
    fn triangle(&mut self, a: (f32, f32), b: (f32, f32), c: (f32, f32), color: Rgba);
    /// Draws text with its baseline at `y`.
    fn text(&mut self, text: &str, x: f32, y: f32, size: f32, color: Rgba, weight: Weight);
    /// Draws text turned a quarter left, running up from `y` with its
    /// baseline at `x` (an axis's name).
    fn text_up(&mut self, text: &str, x: f32, y: f32, size: f32, color: Rgba, weight: Weight);
    /// The width `text` takes at `size`.
    fn text_width(&mut self, text: &str, size: f32, weight: Weight) -> f32;
    /// Draws one tile (see [`tile_sprite`] for its shape).
    fn tile(&mut self, tile: &TileDraw);
    /// Draws every cell of a board too fine for tiles as one flat square of
    /// colour each (`colors` in reading order), filling `rect`.
    fn cells(&mut self, rect: Rect, rows: usize, cols: usize, colors: &[Rgba]);
    /// Restricts drawing to `rect` (`None`: the whole frame).
    fn clip(&mut self, rect: Option<Rect>);
}

/// Corner radius of a tile, as a fraction of its side.
pub(crate) const TILE_RADIUS: f32 = 0.13;
/// Height of a tile's shaded lower edge, as a fraction of its side.
pub(crate) const TILE_DEPTH: f32 = 0.065;

/// The corner radius and edge height of a tile `size` pixels wide: no
/// rounding or edge below a few pixels, where they would only blur it.
pub fn tile_shape(size: f32) -> (f32, f32) {
    let radius = if size >= 8.0 { (size * TILE_RADIUS).max(1.5) } else { 0.0 };
    let depth = if size >= 14.0 { (size * TILE_DEPTH).max(1.0).round() } else { 0.0 };
    (radius, depth)
}

/// Where a tile's number of `height` pixels sits in `rect`: its baseline,
/// the digits centred on the face above the shaded edge (0.365 of the
/// height is half the digits' height in the shipped bold font). Every
/// canvas numbers tiles here.
pub fn tile_number_baseline(rect: Rect, height: f32) -> f32 {
    let (_, depth) = tile_shape(rect.w);
    rect.y + (rect.h - depth) / 2.0 + height * 0.365
}

/// A tile's shape as an image `size` × `size` pixels (RGBA, rows from the
/// top): white face, its lower edge grey (`SIDE_SHADE`), anti-aliased
/// rounded corners in the alpha. Tinting it by a tile's colour gives the
/// tile; the window uses it as a texture and recordings blend it, so both
/// draw the same tile.
pub fn tile_sprite(size: usize) -> Vec<u8> {
    let s = size as f32;
    let (radius, depth) = tile_shape(s);
    let mut out = vec![0u8; size * size * 4];
    let side = (255.0 * SIDE_SHADE).round();
    for y in 0..size {
        for x in 0..size {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let body = coverage(px, py, 0.0, 0.0, s, s, radius);
            if body <= 0.0 {
                continue;
            }
            let face = coverage(px, py, 0.0, 0.0, s, s - depth, radius);
            // A faint light-to-dark sweep down the face gives it some volume.
            let light = 255.0 - 18.0 * (py / s);
            let grey = side + (light - side) * face;
            let i = (y * size + x) * 4;
            out[i..i + 3].fill(grey.round() as u8);
            out[i + 3] = (body * 255.0).round() as u8;
        }
    }
    out
}

/// How much of the pixel centred at (px, py) a rounded rectangle covers,
/// from its signed distance (one pixel of anti-aliasing).
fn coverage(px: f32, py: f32, x: f32, y: f32, w: f32, h: f32, radius: f32) -> f32 {
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let (hx, hy) = (w / 2.0 - radius, h / 2.0 - radius);
    let (dx, dy) = (((px - cx).abs() - hx).max(0.0), ((py - cy).abs() - hy).max(0.0));
    let outside = (dx * dx + dy * dy).sqrt() - radius;
    let inside = ((px - cx).abs() - w / 2.0).max((py - cy).abs() - h / 2.0);
    let distance = if dx > 0.0 || dy > 0.0 { outside } else { inside };
    (0.5 - distance).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sprite_has_round_corners_a_white_face_and_a_shaded_edge() {
        let n = 64;
        let sprite = tile_sprite(n);
        let at = |x: usize, y: usize| &sprite[(y * n + x) * 4..(y * n + x) * 4 + 4];
        assert_eq!(at(0, 0)[3], 0, "corner cut away");
        assert_eq!(at(32, 32)[3], 255);
        assert!(at(32, 10)[0] > 240, "face near white");
        assert!((at(32, n - 2)[0] as f32 - 255.0 * SIDE_SHADE).abs() < 3.0, "lower edge shaded");
        // Tiny tiles are plain squares.
        assert_eq!(tile_shape(5.0), (0.0, 0.0));
        assert!(tile_sprite(4).chunks(4).all(|p| p[3] == 255));
    }
}
