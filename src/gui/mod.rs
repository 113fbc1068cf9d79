//! The window (feature `gui`): a macroquad front end on the animation queue.
//!
//! State, update and draw are kept apart: [`App`] (in [`fifteen_view::control`],
//! shared with the terminal) holds the state and changes only through
//! [`Command`]s and elapsed time; the renderer reads it and draws; the loop
//! here turns macroquad's keys into [`Key`]s, looks them up in the one
//! binding table, turns clicks into commands, reads the clock and passes the
//! frame time in. This is the only module that uses macroquad.

mod draw;
mod duo;
mod picture;

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use macroquad::miniquad::conf::{LinuxBackend, Platform};
use macroquad::prelude::*;

pub use duo::compare;
pub use fifteen_view::scene::Layout;
pub use picture::{Picture, look_alike};

use fifteen_core::human::HumanError;
use fifteen_core::tables::Tables;
use fifteen_view::control::{App, Command, FrameBudget, Key, Tick, command_for, oracle};
use fifteen_view::scene::{Frame, Painter, Rect, View};

/// How long a frame may spend planning the watched solve ahead (a few
/// milliseconds of a 60 Hz frame), and making its moves: with the drawing
/// a frame stays well within a 30 Hz frame even under a software renderer,
/// and the playback falls behind the asked speed instead (millions of
/// moves a second on a huge board).
const FRAME_BUDGET: FrameBudget = FrameBudget { planning: 0.004, playing: 0.010 };

/// The window's size when it opens, in pixels.
pub const WINDOW_SIZE: (i32, i32) = (1100, 820);

/// How a window run should go.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Moves per second.
    pub speed: f64,
    /// Picture mode with this picture.
    pub picture: Option<Picture>,
    /// Close after this many frames.
    pub frames: Option<u64>,
    /// Close once the board on screen is solved.
    pub until_solved: bool,
    /// Write the window to this PNG file when it closes.
    pub screenshot: Option<PathBuf>,
    /// Pattern databases for the "optimal: N moves left" line: the optimal
    /// distance on boards of up to 16 cells (without them the line still
    /// comes, more slowly on 4×4), the near solver's bounds on 17 to 49
    /// cells (without them those boards say "optimal: unavailable").
    pub oracle_tables: Option<Arc<dyn Tables>>,
}

/// What a window run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WindowReport {
    /// Frames drawn.
    pub frames: u64,
    /// Seconds from the first frame to the last.
    pub seconds: f64,
    /// True when the board on screen was solved at the end.
    pub solved: bool,
    /// The last game solved by hand in play mode, as a slidysim replay link.
    pub hand_solve: Option<String>,
}

impl WindowReport {
    /// Frames per second over the run.
    pub fn fps(&self) -> f64 {
        if self.seconds > 0.0 { self.frames as f64 / self.seconds } else { 0.0 }
    }
}

/// The window could not do its job.
#[derive(Debug, thiserror::Error)]
pub enum WindowError {
    /// No window could be opened (no display, no OpenGL): callers fall back
    /// to the terminal.
    #[error("cannot open a window: {0}")]
    Unavailable(String),
    /// The window opened, then failed.
    #[error("the window failed: {0}")]
    Failed(String),
    /// The board cannot be solved.
    #[error(transparent)]
    Solve(#[from] HumanError),
    /// The screenshot could not be written.
    #[error("cannot write screenshot {path}: {reason}")]
    Screenshot {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
}

/// True when the environment names a display a window could open on.
pub fn display_available() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"].iter().any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

#[derive(Default)]
struct WindowShared {
    opened: bool,
    report: WindowReport,
    error: Option<WindowError>,
}

/// Opens the window on an app its caller made (fifteen's solve, a
/// person's with its coaching, play mode) and runs until Esc, the window
/// is closed, or the options say stop.
///
/// Fails with [`WindowError::Unavailable`] (and no panic message) when the
/// window cannot open, so the caller can fall back to the terminal.
pub fn run_app(app: App, options: Options) -> Result<WindowReport, WindowError> {
    open(WINDOW_SIZE, move |shared| main_loop(app, options, shared))
}

/// Opens a window of `size` and runs the loop `run` makes until it returns;
/// the loop reports through the shared state.
fn open<F, L>(size: (i32, i32), run: F) -> Result<WindowReport, WindowError>
where
    F: FnOnce(Rc<RefCell<WindowShared>>) -> L,
    L: Future<Output = ()> + 'static,
{
    let shared = Rc::new(RefCell::new(WindowShared::default()));
    let x11 = std::env::var_os("DISPLAY").is_some_and(|s| !s.is_empty());
    let conf = macroquad::conf::Conf {
        miniquad_conf: macroquad::miniquad::conf::Conf {
            window_title: "fifteen".to_string(),
            window_width: size.0,
            window_height: size.1,
            window_resizable: true,
            high_dpi: true,
            // Shapes are feathered and text and tiles come anti-aliased from
            // their textures, so no multisampling: under a software renderer
            // 4× multisampling cost more than half the frame rate.
            sample_count: 1,
            platform: Platform {
                linux_backend: if x11 { LinuxBackend::X11Only } else { LinuxBackend::WaylandOnly },
                ..Default::default()
            },
            ..Default::default()
        },
        update_on: None,
        default_filter_mode: FilterMode::Linear,
        // Room for a 6 000-quad mesh in one draw call (u16 indices).
        draw_call_vertex_capacity: 30_000,
        draw_call_index_capacity: 45_000,
    };

    // miniquad panics when it cannot open a window; catch that quietly and
    // report it as an error instead.
    let message = Arc::new(Mutex::new(None::<String>));
    let hook_message = Arc::clone(&message);
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".to_string());
        if let Ok(mut slot) = hook_message.lock() {
            *slot = Some(text);
        }
    }));
    let state = Rc::clone(&shared);
    let outcome = catch_unwind(AssertUnwindSafe(move || {
        macroquad::Window::from_config(conf, run(state));
    }));
    std::panic::set_hook(previous_hook);

    let mut shared = shared.borrow_mut();
    if outcome.is_err() {
        let text = message.lock().ok().and_then(|m| m.clone()).unwrap_or_else(|| "unknown failure".to_string());
        return Err(if shared.opened { WindowError::Failed(text) } else { WindowError::Unavailable(text) });
    }
    match shared.error.take() {
        Some(err) => Err(err),
        None => Ok(shared.report.clone()),
    }
}

async fn main_loop(mut app: App, options: Options, shared: Rc<RefCell<WindowShared>>) {
    shared.borrow_mut().opened = true;
    let (rows, cols) = (app.board().rows(), app.board().cols());
    let mut screen = draw::Screen::new(options.picture.as_ref());
    let mut painter = Painter::new();
    // Picture mode colours small tiles by their piece's average colour, and
    // numbers the pieces always when some look alike.
    let averages = options.picture.as_ref().map(|p| p.cell_colors(rows, cols));
    let forced_numbers = averages.as_deref().is_some_and(look_alike);
    let mut route = Vec::new();
    // The board beside the first (fifteen's way beside a drill's attempt).
    let (mut beside_painter, mut beside_route) = (Painter::new(), Vec::new());
    let mut drag: Option<(f32, f32)> = None;
    // The cells the follow camera keeps in view, from the frame drawn last.
    let mut follow = None;
    let started = Instant::now();
    let mut frames = 0u64;
    // The near hints' searches are timed by the window's clock.
    let near_deadline = fifteen_core::Deadline::NONE.with_clock(move || started.elapsed().as_secs_f64());
    let oracle = oracle::Oracle::new(options.oracle_tables.clone(), Some(near_deadline));
    let mut tick = Tick::start(&mut app).with_oracle(oracle);
    let clock = move || started.elapsed().as_secs_f64();
    loop {
        let (width, height) = (screen_width(), screen_height());
        let (rows, cols) = (app.board().rows(), app.board().cols());
        let whole = Layout::new(width, height, rows, cols);
        let layout = Layout::scaled(width, height, rows, cols, 1.0, app.camera().view);
        for command in commands(&app, &layout, &painter) {
            app.command(command);
        }
        pointer(&mut app, &layout, &mut drag);
        // A stalled frame (window dragged, machine busy) should not jump the
        // solve ahead by seconds.
        let dt = (get_frame_time() as f64).clamp(0.0, 0.25);
        tick.frame(&mut app, dt, FRAME_BUDGET, &clock);
        // Towards what the frame before showed: a frame's lag in a glide
        // that takes a fifth of a second.
        app.follow_camera(&whole, follow, dt);
        screen.picture_numbers = app.numbers_shown() || forced_numbers;
        {
            let mut frame = app.frame(&mut route);
            frame.numbers = options.picture.is_none() || screen.picture_numbers;
            follow = frame.follow_cells();
            screen.begin(rows, cols, options.picture.as_ref());
            match app.beside_frame(&mut beside_route) {
                None => {
                    let layout = Layout::scaled(width, height, rows, cols, 1.0, app.camera().view);
                    painter.paint(&frame, &layout, &mut screen, averages.as_deref());
                }
                Some(beside) => {
                    let painters = [&mut painter, &mut beside_painter];
                    paint_side_by_side([&frame, &beside], painters, &mut screen, averages.as_deref(), (rows, cols));
                }
            }
            screen.finish();
        }
        frames += 1;
        let done = app.wants_to_quit()
            || options.frames.is_some_and(|n| frames >= n)
            || (options.until_solved && app.shows_goal());
        let report = WindowReport {
            frames,
            seconds: started.elapsed().as_secs_f64(),
            solved: app.board().is_solved(),
            hand_solve: app.hand_solve(),
        };
        if end_frame(&shared, &options, report, done) {
            break;
        }
        next_frame().await;
    }
}

/// Two frames of one board's shape, each whole in its half of the window
/// (fifteen's way beside a drill's attempt), a rule between them.
fn paint_side_by_side(
    frames: [&Frame; 2],
    painters: [&mut Painter; 2],
    screen: &mut draw::Screen,
    averages: Option<&[[u8; 4]]>,
    (rows, cols): (usize, usize),
) {
    let (width, height) = (screen_width(), screen_height());
    let half = width / 2.0;
    let view = View::whole(rows, cols);
    let halves = [Rect::new(0.0, 0.0, half, height), Rect::new(half, 0.0, width - half, height)];
    for ((frame, painter), area) in frames.into_iter().zip(painters).zip(halves) {
        painter.paint(frame, &Layout::within(area, rows, cols, 1.0, view), screen, averages);
    }
    draw_line(half, 0.0, half, height, 2.0, Color::from_rgba(70, 76, 92, 255));
}

/// Keeps what the run has done so far for the caller and, on its last
/// frame (`done`), writes the screenshot the options ask for. Returns
/// `done`.
fn end_frame(shared: &RefCell<WindowShared>, options: &Options, report: WindowReport, done: bool) -> bool {
    shared.borrow_mut().report = report;
    if done
        && let Some(path) = &options.screenshot
        && let Err(err) = screenshot(path)
    {
        shared.borrow_mut().error = Some(err);
    }
    done
}

/// The mouse wheel zooms on the pointer; dragging the board pans it.
fn pointer(app: &mut App, layout: &Layout, drag: &mut Option<(f32, f32)>) {
    let (x, y) = mouse_position();
    let (_, wheel) = mouse_wheel();
    let window = (screen_width().round() as u32, screen_height().round() as u32);
    if wheel != 0.0 && layout.viewport.contains(x, y) {
        app.command(Command::Zoom { zoom_in: wheel > 0.0, at: (x.round() as i32, y.round() as i32), window });
    }
    if is_mouse_button_down(MouseButton::Left) {
        if let Some((px, py)) = *drag {
            let by = ((x - px).round() as i32, (y - py).round() as i32);
            if by != (0, 0) {
                app.command(Command::Pan { by, window });
            }
        }
        *drag = Some((x, y));
    } else {
        *drag = None;
    }
}

/// Writes what is on screen now to a PNG file.
fn screenshot(path: &std::path::Path) -> Result<(), WindowError> {
    let image = get_screen_data();
    let (w, h) = (image.width as usize, image.height as usize);
    // The screen comes bottom row first.
    let mut rows = Vec::with_capacity(w * h * 4);
    for y in (0..h).rev() {
        rows.extend_from_slice(&image.bytes[y * w * 4..(y + 1) * w * 4]);
    }
    for alpha in rows.iter_mut().skip(3).step_by(4) {
        *alpha = 255;
    }
    image::save_buffer(path, &rows, w as u32, h as u32, image::ColorType::Rgba8)
        .map_err(|e| WindowError::Screenshot { path: path.display().to_string(), reason: e.to_string() })
}

/// macroquad's keys as fifteen's: the arrows, Space, Esc and the letters
/// by key code, so that a held modifier does not change them.
const KEY_CODES: [(KeyCode, Key); 23] = [
    (KeyCode::Right, Key::Right),
    (KeyCode::Left, Key::Left),
    (KeyCode::Down, Key::Down),
    (KeyCode::Up, Key::Up),
    (KeyCode::Space, Key::Space),
    (KeyCode::Escape, Key::Esc),
    (KeyCode::B, Key::B),
    (KeyCode::C, Key::C),
    (KeyCode::F, Key::F),
    (KeyCode::G, Key::G),
    (KeyCode::H, Key::H),
    (KeyCode::I, Key::I),
    (KeyCode::L, Key::L),
    (KeyCode::M, Key::M),
    (KeyCode::N, Key::N),
    (KeyCode::O, Key::O),
    (KeyCode::P, Key::P),
    (KeyCode::Q, Key::Q),
    (KeyCode::R, Key::R),
    (KeyCode::S, Key::S),
    (KeyCode::T, Key::T),
    (KeyCode::W, Key::W),
    (KeyCode::X, Key::X),
];

/// This frame's keys, and clicks, as commands.
fn commands(app: &App, layout: &Layout, painter: &Painter) -> Vec<Command> {
    let mut out: Vec<Command> = pressed_keys().into_iter().filter_map(|key| command_for(app.mode(), key)).collect();
    if is_mouse_button_pressed(MouseButton::Left) {
        let (x, y) = mouse_position();
        if let Some(pos) = layout.cell_at(x, y) {
            out.push(Command::Click(pos));
        }
        for (rect, hit) in &painter.hits {
            if rect.contains(x, y) {
                out.push(Command::Seek(hit.seek_to(*rect, x)));
            }
        }
    }
    out
}

/// The keys pressed this frame (the arrows again every so often while
/// held).
fn pressed_keys() -> Vec<Key> {
    let mut keys = Vec::new();
    for (code, key) in KEY_CODES {
        let arrow = matches!(key, Key::Up | Key::Down | Key::Left | Key::Right);
        if is_key_pressed(code) || (arrow && repeated(code)) {
            keys.push(key);
        }
    }
    // `+`, `-` and `?` by the character typed: where they are depends on the layout.
    while let Some(c) = get_char_pressed() {
        keys.extend(Key::from_char(c).filter(|k| matches!(k, Key::Plus | Key::Minus | Key::Question)));
    }
    keys
}

thread_local! {
    static HELD: RefCell<Vec<(KeyCode, f64)>> = const { RefCell::new(Vec::new()) };
}

/// True every 60 ms while `key` has been held for more than 300 ms.
fn repeated(key: KeyCode) -> bool {
    let now = get_time();
    HELD.with(|held| {
        let mut held = held.borrow_mut();
        if !is_key_down(key) {
            held.retain(|(k, _)| *k != key);
            return false;
        }
        match held.iter_mut().find(|(k, _)| *k == key) {
            None => {
                held.push((key, now + 0.3));
                false
            }
            Some((_, next)) if now >= *next => {
                *next = now + 0.06;
                true
            }
            Some(_) => false,
        }
    })
}
