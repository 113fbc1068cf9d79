//! The scene's [`Canvas`] as an SVG document: each call one element, text
//! measured with the shipped font (DejaVu Sans, named first in the text's
//! font family so that a viewer that has it lays the text out as measured).

use std::fmt::Write;

use super::raster::{RasterError, shipped_fonts, text_width};
use crate::scene::{Canvas, Rect, Rgba, TileDraw, Weight, tile_number_baseline, tile_shape};

/// The font family the text asks for.
const FAMILY: &str = "DejaVu Sans, sans-serif";

/// An SVG picture being drawn.
pub(crate) struct Svg {
    body: String,
    width: u32,
    height: u32,
    regular: fontdue::Font,
    bold: fontdue::Font,
    /// Clip paths made so far (each gets its own id), and whether a clipped
    /// group is open.
    clips: usize,
    clipped: bool,
}

impl Svg {
    /// A `width` × `height` picture.
    pub(crate) fn new(width: u32, height: u32) -> Result<Svg, RasterError> {
        let (regular, bold) = shipped_fonts()?;
        Ok(Svg { body: String::new(), width, height, regular, bold, clips: 0, clipped: false })
    }

    /// The document.
    pub(crate) fn finish(mut self) -> String {
        self.clip(None);
        let (w, h) = (self.width, self.height);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n{}</svg>\n",
            self.body
        )
    }

    /// A `<rect>` with rounded corners when `radius` is above 0, drawn as
    /// `look` says (its fill or stroke attributes).
    fn rect_element(&mut self, rect: Rect, radius: f32, look: &str) {
        let corner = if radius > 0.0 { format!(" rx=\"{}\"", num(radius)) } else { String::new() };
        let _ = writeln!(
            self.body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{corner} {look}/>",
            num(rect.x),
            num(rect.y),
            num(rect.w.max(0.0)),
            num(rect.h.max(0.0)),
        );
    }

    fn font(&self, weight: Weight) -> &fontdue::Font {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    fn text_element(&mut self, text: &str, (x, y): (f32, f32), size: f32, color: Rgba, weight: Weight, turn: &str) {
        let bold = if weight == Weight::Bold { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-family=\"{FAMILY}\" font-size=\"{}\"{bold} {}{turn}>{}</text>",
            num(x),
            num(y),
            num(size.round().max(1.0)),
            paint("fill", color),
            escape(text)
        );
    }
}

/// A coordinate with at most two decimals.
fn num(v: f32) -> String {
    let rounded = (v * 100.0).round() / 100.0;
    format!("{rounded}")
}

/// `fill="#RRGGBB"` (or stroke), with its opacity when it is not opaque.
fn paint(what: &str, [r, g, b, a]: Rgba) -> String {
    let colour = format!("{what}=\"#{r:02X}{g:02X}{b:02X}\"");
    if a == 255 { colour } else { format!("{colour} {what}-opacity=\"{}\"", num(a as f32 / 255.0)) }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

impl Canvas for Svg {
    fn rect(&mut self, rect: Rect, color: Rgba) {
        self.round_rect(rect, 0.0, color);
    }

    fn round_rect(&mut self, rect: Rect, radius: f32, color: Rgba) {
        self.rect_element(rect, radius, &paint("fill", color));
    }

    fn stroke_round_rect(&mut self, rect: Rect, radius: f32, width: f32, color: Rgba) {
        let look = format!("fill=\"none\" {} stroke-width=\"{}\"", paint("stroke", color), num(width));
        self.rect_element(rect, radius, &look);
    }

    fn ring(&mut self, cx: f32, cy: f32, radius: f32, width: f32, color: Rgba) {
        let _ = writeln!(
            self.body,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" {} stroke-width=\"{}\"/>",
            num(cx),
            num(cy),
            num(radius),
            paint("stroke", color),
            num(width)
        );
    }

    fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, color: Rgba) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {} stroke-width=\"{}\" stroke-linecap=\"round\"/>",
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1),
            paint("stroke", color),
            num(width)
        );
    }

    fn triangle(&mut self, a: (f32, f32), b: (f32, f32), c: (f32, f32), color: Rgba) {
        let _ = writeln!(
            self.body,
            "<polygon points=\"{},{} {},{} {},{}\" {}/>",
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            num(c.0),
            num(c.1),
            paint("fill", color)
        );
    }

    fn text(&mut self, text: &str, x: f32, y: f32, size: f32, color: Rgba, weight: Weight) {
        self.text_element(text, (x, y), size, color, weight, "");
    }

    fn text_up(&mut self, text: &str, x: f32, y: f32, size: f32, color: Rgba, weight: Weight) {
        let turn = format!(" transform=\"rotate(-90 {} {})\"", num(x), num(y));
        self.text_element(text, (x, y), size, color, weight, &turn);
    }

    fn text_width(&mut self, text: &str, size: f32, weight: Weight) -> f32 {
        text_width(self.font(weight), text, size)
    }

    /// A tile as a rounded square in its colour with its number: the
    /// sprite's shading is left to the raster.
    fn tile(&mut self, tile: &TileDraw) {
        let r = tile.rect;
        let (radius, _) = tile_shape(r.w);
        self.round_rect(r, radius, tile.fill);
        if let Some((h, ink)) = tile.label {
            let text = tile.tile.to_string();
            let w = self.text_width(&text, h, Weight::Bold);
            self.text(&text, r.x + r.w / 2.0 - w / 2.0, tile_number_baseline(r, h), h, ink, Weight::Bold);
        }
    }

    fn cells(&mut self, rect: Rect, rows: usize, cols: usize, colors: &[Rgba]) {
        let (w, h) = (rect.w / cols.max(1) as f32, rect.h / rows.max(1) as f32);
        for (i, &color) in colors.iter().enumerate().take(rows * cols) {
            let (row, col) = (i / cols, i % cols);
            self.rect(Rect::new(rect.x + col as f32 * w, rect.y + row as f32 * h, w, h), color);
        }
    }

    fn clip(&mut self, rect: Option<Rect>) {
        if self.clipped {
            self.body.push_str("</g>\n");
            self.clipped = false;
        }
        if let Some(r) = rect {
            self.clips += 1;
            let id = self.clips;
            let _ = writeln!(
                self.body,
                "<clipPath id=\"clip{id}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n<g clip-path=\"url(#clip{id})\">",
                num(r.x),
                num(r.y),
                num(r.w.max(0.0)),
                num(r.h.max(0.0))
            );
            self.clipped = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_call_is_one_element_and_text_is_escaped() {
        let mut svg = Svg::new(100, 50).unwrap();
        svg.rect(Rect::new(0.0, 0.0, 100.0, 50.0), [255, 255, 255, 255]);
        svg.clip(Some(Rect::new(10.0, 10.0, 20.0, 20.0)));
        svg.line((0.0, 0.0), (10.5, 3.333), 2.0, [0x1F, 0x6F, 0xC4, 128]);
        svg.text_up("a < b & c", 5.0, 40.0, 12.0, [0, 0, 0, 255], Weight::Bold);
        let text = svg.finish();
        assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50\""));
        assert!(text.contains("<rect x=\"0\" y=\"0\" width=\"100\" height=\"50\" fill=\"#FFFFFF\"/>"), "{text}");
        assert!(text.contains("x2=\"10.5\" y2=\"3.33\" stroke=\"#1F6FC4\" stroke-opacity=\"0.5\""), "{text}");
        assert!(text.contains("transform=\"rotate(-90 5 40)\">a &lt; b &amp; c</text>"), "{text}");
        assert_eq!(text.matches("<g ").count(), text.matches("</g>").count(), "the clipped group is closed");
        assert!(Svg::new(1, 1).unwrap().text_width("10×10", 15.0, Weight::Regular) > 30.0);
    }
}
