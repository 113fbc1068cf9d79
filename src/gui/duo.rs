//! The side-by-side window of `fifteen compare --watch`: two solves of one
//! board, each in its half of the window, kept in step stage by stage by a
//! [`Duo`].

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use macroquad::prelude::*;

use fifteen_view::anim::{Duo, Side};
use fifteen_view::scene::{DUO_HELP, Layout, Painter, Rect, View, duo_frame};

use super::{Options, WindowError, WindowReport, WindowShared, draw, end_frame, open, pressed_keys};
use fifteen_view::control::{Command, Mode, command_for};

/// The window's size when it opens, in pixels: wide enough for two boards
/// with their panels under them.
pub const DUO_WINDOW_SIZE: (i32, i32) = (1400, 860);

/// What the two solves are called, and more about each for its panel.
#[derive(Clone, Debug)]
struct Names {
    short: [String; 2],
    about: [String; 2],
}

/// Opens the side-by-side window on `duo` and runs until Esc, the window is
/// closed, or the options say stop (`until_solved`: both boards solved).
/// `names` call the two solves as a sentence would (`the person`,
/// `fifteen`); `about` heads each
/// one's panel (`dphdmn's 10×10 single`, `fifteen, normal`). Options that
/// belong to one board (play mode, pictures, the solver's effort) are
/// ignored.
pub fn compare(
    duo: Duo,
    names: [String; 2],
    about: [String; 2],
    options: Options,
) -> Result<WindowReport, WindowError> {
    let names = Names { short: names, about };
    open(DUO_WINDOW_SIZE, move |shared| duo_loop(duo, names, options, shared))
}

/// What the keys and clicks of a frame ask of the duo.
#[derive(Default)]
struct Asked {
    overlays: bool,
    help: bool,
    quit: bool,
}

async fn duo_loop(mut duo: Duo, names: Names, options: Options, shared: Rc<RefCell<WindowShared>>) {
    shared.borrow_mut().opened = true;
    duo.set_speed(options.speed);
    duo.play();
    let (rows, cols) = (duo.player(Side::First).board().rows(), duo.player(Side::First).board().cols());
    let mut screen = draw::Screen::new(None);
    let mut painters = [Painter::new(), Painter::new()];
    let mut routes = [Vec::new(), Vec::new()];
    let (mut overlays, mut help) = (true, false);
    let started = Instant::now();
    let mut frames = 0u64;
    loop {
        let (width, height) = (screen_width(), screen_height());
        let half = width / 2.0;
        let layouts = [
            Layout::within(Rect::new(0.0, 0.0, half, height), rows, cols, 1.0, View::whole(rows, cols)),
            Layout::within(Rect::new(half, 0.0, width - half, height), rows, cols, 1.0, View::whole(rows, cols)),
        ];
        let mut asked = keys(&mut duo, &painters);
        overlays ^= asked.overlays;
        help ^= asked.help;
        // Esc closes the help first, as in the one-board window.
        if asked.quit && help {
            (help, asked.quit) = (false, false);
        }
        let dt = (get_frame_time() as f64).clamp(0.0, 0.25);
        duo.advance(dt);
        screen.begin(rows, cols, None);
        for (side, ((painter, route), layout)) in
            Side::BOTH.into_iter().zip(painters.iter_mut().zip(&mut routes).zip(&layouts))
        {
            let i = side as usize;
            let names_now = [names.short[0].as_str(), names.short[1].as_str()];
            let mut frame = duo_frame(&duo, side, names_now, &names.about[i], route);
            frame.overlays = overlays;
            frame.help = (help && side == Side::First).then_some(DUO_HELP);
            painter.paint(&frame, layout, &mut screen, None);
        }
        // A rule between the halves.
        draw_line(half, 0.0, half, height, 2.0, Color::from_rgba(70, 76, 92, 255));
        screen.finish();
        frames += 1;
        let solved = duo.is_finished();
        let done = asked.quit || options.frames.is_some_and(|n| frames >= n) || (options.until_solved && solved);
        let report = WindowReport { frames, seconds: started.elapsed().as_secs_f64(), solved, hand_solve: None };
        if end_frame(&shared, &options, report, done) {
            break;
        }
        next_frame().await;
    }
}

/// This frame's keys and clicks, applied to the duo; what is left for the
/// loop comes back. The keys mean what they mean when watching one board
/// (the one table in `BINDINGS`), a stage
/// standing in for a phase and for a move.
fn keys(duo: &mut Duo, painters: &[Painter; 2]) -> Asked {
    let mut asked = Asked::default();
    for command in pressed_keys().into_iter().filter_map(|key| command_for(Mode::Watch, key)) {
        match command {
            Command::Toggle => duo.toggle(),
            Command::Forward | Command::NextPhase => duo.next_stage(),
            Command::Back | Command::PreviousPhase => duo.previous_stage(),
            Command::Restart => duo.restart(),
            Command::Faster => duo.faster(),
            Command::Slower => duo.slower(),
            Command::Overlays => asked.overlays = true,
            Command::Help => asked.help = true,
            Command::Quit => asked.quit = true,
            _ => {}
        }
    }
    if is_mouse_button_pressed(MouseButton::Left) {
        let (x, y) = mouse_position();
        for (side, painter) in Side::BOTH.into_iter().zip(painters) {
            for (rect, hit) in &painter.hits {
                if rect.contains(x, y) {
                    seek_to_stage_starting_at(duo, side, hit.seek_to(*rect, x));
                }
            }
        }
    }
    asked
}

/// Jumps both boards to the start of the first stage that `side` starts at
/// move `at` (a click on a stage's row).
fn seek_to_stage_starting_at(duo: &mut Duo, side: Side, at: usize) {
    let start = |index: usize| index.checked_sub(1).map_or(0, |before| duo.end_of(side, before));
    if let Some(index) = (0..duo.stages().len()).find(|&index| start(index) == at) {
        duo.seek_stage(index.checked_sub(1));
    }
}
