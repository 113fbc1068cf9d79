//! The look of a frame, shared by the window and the recordings.
//!
//! The split follows Simon Tatham's puzzle collection: a middle end that
//! knows the game and decides what a frame shows, and front ends that only
//! know how to put shapes on a screen. Here the middle end is this module:
//! `Frame` is what to show (built from the animation queue's `Player` or `Game`),
//! [`Layout`] is where it goes for a window of any size and a board of any
//! shape, and `Painter` turns the two into calls on a `Canvas`. The
//! window (`gui`, macroquad) and `fifteen record` (a software rasteriser)
//! implement `Canvas`, so a recording looks like the window. Nothing here
//! draws, reads a clock or does I/O.

mod camera;
mod canvas;
mod chart;
mod duo;
mod frame;
mod graph;
mod layout;
mod paint;
mod palette;

pub(crate) use camera::Camera;
pub use canvas::{Canvas, TileDraw, Weight, tile_number_baseline, tile_shape, tile_sprite};
pub use chart::{Chart, Trend};
pub use duo::{DUO_HELP, duo_frame};
pub(crate) use frame::{Card, Focus};
pub use frame::{Frame, Row, play_panel, watch_frame};
pub(crate) use graph::PanelGraph;
pub use layout::View;
pub use layout::{Layout, Rect};
pub use paint::Painter;
pub use paint::solved_samples;
#[cfg(test)]
pub(crate) use palette::BACKGROUND;
pub use palette::{ACCENT, BOARD, MARK, Rgba, TEXT, home_color};

/// The shipped font for panel text: DejaVu Sans (Bitstream Vera licence,
/// see `assets/fonts/LICENSE-DejaVu.txt`).
pub const FONT_REGULAR: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans.ttf");
/// The shipped font for titles and tile numbers: DejaVu Sans Bold.
pub const FONT_BOLD: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans-Bold.ttf");
