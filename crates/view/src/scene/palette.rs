//! Colours: each tile is coloured by its home, so the solved part of the
//! board reads as a gradient and the scrambled part as the same gradient
//! shuffled; locked tiles are shaded a little.

use fifteen_core::board::{Tile, home_of};

/// An sRGB colour with alpha, 0–255 each.
pub type Rgba = [u8; 4];

/// Behind everything.
pub(crate) const BACKGROUND: Rgba = [22, 24, 30, 255];
/// The board's frame and the blank cell.
pub const BOARD: Rgba = [38, 42, 52, 255];
/// The side panel's background.
pub(crate) const PANEL: Rgba = [30, 33, 41, 255];
/// Main text.
pub const TEXT: Rgba = [236, 238, 244, 255];
/// Secondary text.
pub(crate) const MUTED: Rgba = [150, 156, 172, 255];
/// The line being built: its outline and its name.
pub const ACCENT: Rgba = [90, 210, 255, 255];
/// The tile being placed, its home and the route's arrow.
pub const MARK: Rgba = [255, 206, 64, 255];
/// Dark edge drawn under marks so they show on any tile colour.
pub(crate) const OUTLINE: Rgba = [12, 13, 18, 255];
/// How much of its colour a locked tile keeps.
pub(crate) const LOCKED_SHADE: f32 = 0.72;
/// How much of its colour a tile's lower edge keeps (the tile's depth).
pub(crate) const SIDE_SHADE: f32 = 0.68;

/// The colour of a tile, from where it belongs: the hue runs across the
/// columns and the lightness down the rows.
///
/// ```
/// use fifteen_view::scene::home_color;
/// assert_ne!(home_color(1, 4, 4), home_color(2, 4, 4));
/// assert_eq!(home_color(5, 4, 4)[3], 255);
/// ```
pub fn home_color(tile: Tile, rows: usize, cols: usize) -> Rgba {
    let home = home_of(tile, rows, cols);
    let fx = if cols > 1 { home.col as f32 / (cols - 1) as f32 } else { 0.0 };
    let fy = if rows > 1 { home.row as f32 / (rows - 1) as f32 } else { 0.0 };
    let hue = 8.0 + 280.0 * (0.75 * fx + 0.25 * fy);
    let lightness = 0.68 - 0.22 * fy;
    hsl(hue, 0.66, lightness)
}

/// A locked tile's colour: its home colour, shaded.
pub(crate) fn shaded(color: Rgba) -> Rgba {
    scaled(color, LOCKED_SHADE)
}

/// `color` with its alpha scaled by `alpha` (0–1).
pub(crate) fn faded(color: Rgba, alpha: f32) -> Rgba {
    [color[0], color[1], color[2], (color[3] as f32 * alpha.clamp(0.0, 1.0)).round() as u8]
}

/// `color` scaled towards black by `k` (0–1).
pub(crate) fn scaled(color: Rgba, k: f32) -> Rgba {
    let s = |c: u8| (c as f32 * k).round().clamp(0.0, 255.0) as u8;
    [s(color[0]), s(color[1]), s(color[2]), color[3]]
}

/// Dark text on light tiles, light text on dark ones.
pub(crate) fn text_on(color: Rgba) -> Rgba {
    let luma = 0.299 * color[0] as f32 + 0.587 * color[1] as f32 + 0.114 * color[2] as f32;
    if luma > 140.0 { [20, 22, 28, 255] } else { [245, 245, 245, 255] }
}

fn hsl(hue: f32, saturation: f32, lightness: f32) -> Rgba {
    let c = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let h = (hue.rem_euclid(360.0)) / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = lightness - c / 2.0;
    let to = |v: f32| ((v + m).clamp(0.0, 1.0) * 255.0).round() as u8;
    [to(r), to(g), to(b), 255]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_differ_and_shading_darkens() {
        for (r, c) in [(4, 4), (10, 10), (3, 7)] {
            for t in 1..(r * c - 1) as Tile {
                let a = home_color(t, r, c);
                let b = shaded(a);
                assert!(b.iter().take(3).zip(a.iter()).all(|(x, y)| x <= y));
                assert_ne!(a, BOARD);
            }
        }
        assert_ne!(home_color(1, 4, 4), home_color(2, 4, 4));
        assert_ne!(home_color(1, 4, 4), home_color(5, 4, 4));
    }
}
