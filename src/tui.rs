//! The terminal front end: the same [`App`] as the window, drawn as text.
//!
//! On a terminal the board is redrawn in place a few times a second under a
//! phase line, and keys (read by the command, handed in as [`Key`]s) drive
//! the [`App`] through the one binding table; into a pipe or file it is
//! printed once per phase instead. Used when there is no display, and with
//! `--tui` on purpose. [`play`] is play mode, one line of moves at a time.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use fifteen_core::board::{BLANK, Board, Pos, Tile};
use fifteen_view::anim::{Cue, Game, Pace, Player};
use fifteen_view::control::{App, CoachedReplay, Command, FrameBudget, Key, Mode, Tick, command_for, help_lines};

/// Boards wider or taller than this (in characters / lines) are shown as a
/// progress line only.
const MAX_TEXT_WIDTH: usize = 200;
const MAX_TEXT_ROWS: usize = 40;

/// How a terminal animation should go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TuiOptions {
    /// Redraw in place with ANSI escapes (a terminal); otherwise print a
    /// board per phase (a pipe or file).
    pub ansi: bool,
    /// Frames per second when redrawing in place.
    pub fps: f64,
    /// Stop after this many frames.
    pub frames: Option<u64>,
}

impl Default for TuiOptions {
    fn default() -> Self {
        TuiOptions { ansi: true, fps: 20.0, frames: None }
    }
}

/// What a terminal run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct TuiReport {
    /// Frames drawn (boards printed, in a pipe).
    pub frames: u64,
    /// Seconds the run took.
    pub seconds: f64,
    /// True when the board was solved at the end.
    pub solved: bool,
    /// The last game solved by hand in play mode, as a slidysim replay link.
    pub hand_solve: Option<String>,
}

/// True when the board is small enough to draw as text.
fn fits(board: &Board) -> bool {
    let width = cell_width(board) * board.cols();
    width <= MAX_TEXT_WIDTH && board.rows() <= MAX_TEXT_ROWS
}

fn cell_width(board: &Board) -> usize {
    (board.len() - 1).to_string().len().max(2) + 1
}

/// The phase line: what is being built (`row 1: tiles 1–2`), move k of N, speed.
pub(crate) fn status_line(player: &Player) -> String {
    let mut line = String::new();
    match (player.placement(), player.phase()) {
        (Some(p), _) => line.push_str(&player.timeline().title(p)),
        (None, _) if player.board().is_solved() => line.push_str("solved"),
        (None, Some(phase)) => line.push_str(&player.timeline().phase_name(phase.phase)),
        (None, None) => {}
    }
    // The window's words: "move k of N" (N once the solver has got that
    // far), then how far into the phase under way.
    let _ = write!(line, "  |  move {}", player.cursor());
    if let Some(total) = player.timeline().total() {
        let _ = write!(line, " of {total}");
    }
    match player.phase_progress() {
        Some((done, Some(len))) => {
            let _ = write!(line, ", {done} of {len} in this phase");
        }
        Some((done, None)) => {
            let _ = write!(line, ", {done} in this phase");
        }
        None => {}
    }
    let speed = player.speed();
    let speed = if speed < 10.0 && speed.fract() != 0.0 { format!("{speed:.1}") } else { format!("{speed:.0}") };
    match (player.timeline().person(), player.pace()) {
        (Some(person), Pace::RealTime) => {
            let _ = write!(line, "  |  {speed}× their pace, {}", person.about());
        }
        (Some(person), Pace::Steady) => {
            let _ = write!(line, "  |  {speed} moves/s, {}", person.about());
        }
        (None, _) => {
            let _ = write!(line, "  |  {speed} moves/s, {} solver", player.timeline().solver());
        }
    }
    line
}

/// Where the terminal animation's keys come from. The command reads the
/// keyboard in raw mode; tests script the keys.
pub(crate) trait KeySource {
    /// Waits up to `timeout` for a key; `None` when none came.
    fn wait(&mut self, timeout: Duration) -> io::Result<Option<Key>>;

    /// True when keys can come at all (the animation then shows which).
    fn live(&self) -> bool {
        true
    }
}

/// No keyboard: waiting is sleeping.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoKeys;

impl KeySource for NoKeys {
    fn wait(&mut self, timeout: Duration) -> io::Result<Option<Key>> {
        std::thread::sleep(timeout);
        Ok(None)
    }

    fn live(&self) -> bool {
        false
    }
}

/// The line under the animation when keys are live: the keys most wanted,
/// each as `BINDINGS` binds it (a test checks),
/// and `?` for the rest.
const KEYS_LINE: &str = "q quit   Space pause/play   n next phase   p previous phase   + - speed   ? all keys";

/// The board as text, one row per line. With `ansi`, locked tiles are dim
/// and the tiles being placed are in reverse video.
pub(crate) fn board_text(player: &Player, ansi: bool) -> String {
    let placing: &[Tile] = player.placement().map_or(&[], |p| p.group.tiles());
    tiles_text(player.board(), ansi, placing, &|tile| player.is_locked(tile))
}

fn tiles_text(board: &Board, ansi: bool, placing: &[Tile], locked: &dyn Fn(Tile) -> bool) -> String {
    let width = cell_width(board) - 1;
    let mut out = String::new();
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if col > 0 {
                out.push(' ');
            }
            let tile = board.tile_at(Pos::new(row, col));
            if tile == BLANK {
                out.push_str(&"_".repeat(width));
                continue;
            }
            let text = format!("{tile:>width$}");
            if !ansi {
                out.push_str(&text);
            } else if placing.contains(&tile) {
                let _ = write!(out, "\x1b[7m{text}\x1b[0m");
            } else if locked(tile) {
                let _ = write!(out, "\x1b[2m{text}\x1b[0m");
            } else {
                out.push_str(&text);
            }
        }
        out.push('\n');
    }
    out
}

/// Plays the app's watched solve to the end (or `options.frames` frames)
/// on `out`.
///
/// With `options.ansi`, redraws in place at `options.fps`, sleeping between
/// frames, at the player's speed. Without, prints the board at each phase
/// start and at the end, as fast as it can.
pub(crate) fn watch<W: Write>(app: &mut App, out: &mut W, options: &TuiOptions) -> io::Result<TuiReport> {
    watch_with_keys(app, out, options, &mut NoKeys)
}

/// [`watch`], answering keys from `keys` while redrawing in place, each as
/// [`command_for`] says (the window's keys): q or Esc quits, Space pauses
/// and plays, the arrows step and jump phases, + and - change the speed, M
/// plays the board yourself with the arrows, ? lists them all.
pub(crate) fn watch_with_keys<W: Write, K: KeySource + ?Sized>(
    app: &mut App,
    out: &mut W,
    options: &TuiOptions,
    keys: &mut K,
) -> io::Result<TuiReport> {
    let started = Instant::now();
    if app.mode() == Mode::Watch && !app.player().is_playing() {
        app.command(Command::Toggle);
    }
    let frames = if options.ansi {
        animate(app, out, options, keys)?
    } else {
        let (player, coached) = app.player_and_coaching();
        log(player, coached, out, options)?
    };
    out.flush()?;
    Ok(TuiReport {
        frames,
        seconds: started.elapsed().as_secs_f64(),
        solved: app.board().is_solved(),
        hand_solve: app.hand_solve(),
    })
}

/// True when the watched solve has played to its end (the animation then
/// stops).
fn watched_to_end(app: &App) -> bool {
    app.mode() == Mode::Watch && app.player().is_finished()
}

fn animate<W: Write, K: KeySource + ?Sized>(
    app: &mut App,
    out: &mut W,
    options: &TuiOptions,
    keys: &mut K,
) -> io::Result<u64> {
    // Lines end in "\r\n": the keyboard's raw mode leaves "\n" a bare line feed.
    let fits = fits(app.board());
    if !fits {
        write!(out, "(the board is too large to draw as text: showing progress only)\r\n")?;
    }
    let frame_time = Duration::from_secs_f64(1.0 / options.fps.clamp(1.0, 120.0));
    let mut last = Instant::now();
    let mut drawn_lines = 0usize;
    let mut frames = 0u64;
    let mut tick = Tick::start(app);
    let started = Instant::now();
    let clock = move || started.elapsed().as_secs_f64();
    // A quarter of each frame's time goes to planning ahead, a quarter to
    // making its moves: the frame is never held.
    let quarter = frame_time.as_secs_f64() / 4.0;
    let budget = FrameBudget { planning: quarter, playing: quarter };
    loop {
        let now = Instant::now();
        let dt = now.duration_since(last).as_secs_f64();
        last = now;
        tick.frame(app, dt, budget, &clock);
        drawn_lines = redraw(out, &screen(app, fits, keys.live()), drawn_lines)?;
        frames += 1;
        if app.wants_to_quit() || watched_to_end(app) || options.frames.is_some_and(|n| frames >= n) {
            break;
        }
        // Wait out the frame, answering keys as they come: at least one look,
        // however late the frame, so that a slow frame never delays a key.
        loop {
            let left = frame_time.saturating_sub(now.elapsed());
            let Some(key) = keys.wait(left)? else { break };
            if let Some(command) = command_for(app.mode(), key) {
                app.command(command);
            }
            if app.wants_to_quit() || left.is_zero() {
                break;
            }
        }
        if app.wants_to_quit() {
            // The screen left behind shows what the keys before q did.
            redraw(out, &screen(app, fits, keys.live()), drawn_lines)?;
            break;
        }
    }
    if watched_to_end(app) {
        write!(out, "\rSolved in {} moves.\r\n", app.player().cursor())?;
    } else if app.mode() == Mode::Play && app.game().is_solved() && app.game().moves() > 0 {
        write!(out, "\rSolved by hand in {} moves.\r\n", app.game().moves())?;
    }
    Ok(frames)
}

/// Draws `lines` over the `drawn` lines of the frame before; returns how
/// many it drew.
fn redraw<W: Write>(out: &mut W, lines: &[String], drawn: usize) -> io::Result<usize> {
    let mut frame = String::new();
    if drawn > 0 {
        let _ = write!(frame, "\x1b[{drawn}A");
    }
    for (k, line) in lines.iter().enumerate() {
        // Each line clears the rest of itself; the last, all below it too,
        // so fewer lines than last time (the help closed) leave none behind.
        let clear = if k + 1 == lines.len() { "\x1b[J" } else { "\x1b[K" };
        let _ = write!(frame, "\r{line}{clear}\r\n");
    }
    out.write_all(frame.as_bytes())?;
    out.flush()?;
    Ok(lines.len())
}

/// One frame's lines: a status line, the board or the help list in its
/// place (watching: the phase line, locked tiles dim and the tiles being
/// placed in reverse video; playing or showing the goal: the title and the
/// board plain), the app's message, then the keys line.
fn screen(app: &App, fits: bool, live: bool) -> Vec<String> {
    let watching = app.mode() == Mode::Watch && !app.goal_shown();
    let mut lines = Vec::new();
    if watching {
        let mut status = status_line(app.player());
        if !app.player().is_playing() && !app.player().is_finished() {
            status.push_str("  paused");
        }
        lines.push(status);
    } else {
        let mut route = Vec::new();
        let frame = app.frame(&mut route);
        lines.push(format!("{}  |  {}", frame.title, frame.subtitle));
    }
    if app.help_shown() {
        // In place of the board, as the window's help covers it: a tall
        // board and the help together could outgrow the terminal.
        lines.extend(help_lines().iter().map(|line| line.to_string()));
    } else if fits {
        let board =
            if watching { board_text(app.player(), true) } else { tiles_text(app.board(), true, &[], &|_| false) };
        lines.extend(board.lines().map(str::to_string));
        // The board beside the first (fifteen's way beside a drill's
        // attempt), under it: a terminal has no room for two across.
        if let Some(beside) = app.beside().filter(|_| watching) {
            lines.push(format!("{}: {}", beside.timeline().solver(), status_line(beside).trim_start_matches("  |  ")));
            lines.extend(board_text(beside, true).lines().map(str::to_string));
        }
    }
    if let Some(coached) = app.coached().filter(|_| watching) {
        lines.push(coached.status(app.player()));
    }
    lines.extend(app.message().map(str::to_string));
    if live && !app.help_shown() {
        lines.push(KEYS_LINE.to_string());
    }
    lines
}

fn log<W: Write>(
    player: &mut Player,
    coached: Option<&CoachedReplay>,
    out: &mut W,
    options: &TuiOptions,
) -> io::Result<u64> {
    let fits = fits(player.board());
    let mut frames = 0u64;
    let mut phase_started = false;
    let show = |player: &Player, out: &mut W| -> io::Result<()> {
        writeln!(out, "{}", status_line(player))?;
        if let Some(coached) = coached.filter(|_| !player.is_finished()) {
            writeln!(out, "{}", coached.status(player))?;
        }
        if fits {
            writeln!(out, "{}", board_text(player, false))?;
        }
        Ok(())
    };
    show(player, out)?;
    frames += 1;
    // The phase already printed: the first phase's start is announced after
    // the first move, and is printed once, at move 0.
    let mut shown = player.phase().map(|p| p.start);
    while !player.is_finished() && options.frames.is_none_or(|n| frames < n) {
        player.step_forward(&mut |cue: &Cue| {
            if let Cue::PhaseStarted(_) = cue {
                phase_started = true;
            }
        });
        let new_phase = std::mem::take(&mut phase_started) && player.phase().map(|p| p.start) != shown;
        if new_phase || player.is_finished() {
            shown = player.phase().map(|p| p.start);
            show(player, out)?;
            frames += 1;
        }
    }
    if player.is_finished() {
        writeln!(out, "Solved in {} moves.", player.cursor())?;
    }
    Ok(frames)
}

/// What [`play`] takes, for `?` or `h`.
const LINE_HELP: &str = "letters U D L R slide tiles that way (several at once: ULDR), a tile number slides \
that tile, i asks the strategy for a hint, q quits";

/// Play mode in a terminal: reads lines of moves (`U D L R` letters, or a
/// tile number to slide that tile), `i` for a hint, `?` or `h` for help,
/// `q` to stop; prints the board after each line. Returns true when the
/// board ends solved.
pub(crate) fn play<R: BufRead, W: Write>(game: &mut Game, input: R, out: &mut W) -> io::Result<bool> {
    const PROMPT: &str = "move (letters U D L R, a tile number, i for a hint, q to quit): ";
    write!(out, "{}\n{PROMPT}", game.board())?;
    out.flush()?;
    for line in input.lines() {
        let line = line?;
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            break;
        }
        if line == "?" || line.eq_ignore_ascii_case("h") {
            // As in the window, ? and H are help, I the hint.
            writeln!(out, "{LINE_HELP}")?;
        } else if line.eq_ignore_ascii_case("i") {
            match game.request_hint() {
                Ok(Some(mv)) => {
                    let tile = game.tile_for(mv).map_or(0, |(t, _)| t);
                    writeln!(out, "hint: {} (slide {tile} {})", mv.letter(), mv.word())?;
                }
                Ok(None) => writeln!(out, "already solved")?,
                Err(err) => writeln!(out, "{err}")?,
            }
        } else if let Ok(tile) = line.parse::<Tile>() {
            let at = (tile > 0 && (tile as usize) < game.board().len()).then(|| game.board().position_of(tile));
            if at.and_then(|pos| game.click(pos)).is_none() {
                writeln!(out, "tile {tile} is not next to the blank")?;
            }
        } else {
            match line.parse::<fifteen_core::Moves>() {
                Ok(moves) => {
                    for (k, &mv) in moves.iter().enumerate() {
                        if game.slide(mv).is_none() {
                            writeln!(out, "move {} ({}) is illegal here; stopped", k + 1, mv.letter())?;
                            break;
                        }
                    }
                }
                Err(err) => writeln!(out, "{err}")?,
            }
        }
        if game.is_solved() {
            writeln!(out, "{}\nSolved in {} moves.", game.board(), game.moves())?;
            return Ok(true);
        }
        write!(out, "{}\nmoves: {}\n{PROMPT}", game.board(), game.moves())?;
        out.flush()?;
    }
    writeln!(out)?;
    Ok(game.is_solved())
}

/// The move that slides `tile` into the blank, if it is next to it.
#[cfg(test)]
pub(crate) fn move_for_tile(board: &Board, tile: Tile) -> Option<fifteen_core::board::Move> {
    let at = board.position_of(tile);
    let blank = board.blank();
    fifteen_core::board::Move::from_tile_step(
        blank.row as isize - at.row as isize,
        blank.col as isize - at.col as isize,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use fifteen_core::board::Move;
    use fifteen_core::{HumanOptions, Scramble};
    use std::time::Duration;

    #[test]
    fn the_status_line_names_the_placement_and_the_moves() {
        let player =
            Player::solve(&Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap(), &HumanOptions::default()).unwrap();
        let line = status_line(&player);
        assert!(line.starts_with("row 1: tiles 1–2  |  move 0, 0 in this phase  |"), "{line}");
    }

    fn app(n: usize, seed: u64) -> App {
        at_speed(n, seed, None)
    }

    /// The app watching the `n`×`n` of `seed`, at `speed` moves a second.
    fn at_speed(n: usize, seed: u64, speed: Option<f64>) -> App {
        let board = Board::scrambled(n, n, Scramble::Uniform, seed).unwrap();
        let mut player = Player::solve(&board, &HumanOptions::default()).unwrap();
        if let Some(speed) = speed {
            player.set_speed(speed);
        }
        App::watching(player)
    }

    #[test]
    fn piped_output_shows_each_phase_and_the_solved_board() {
        let mut p = app(4, 7);
        let mut out = Vec::new();
        let report = watch(&mut p, &mut out, &TuiOptions { ansi: false, ..TuiOptions::default() }).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(report.solved);
        assert!(text.contains("row 1: tiles 1–2"), "{text}");
        assert!(text.contains("last 2×2"));
        assert!(text.contains(" 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15 __\n"));
        let moves = fifteen_core::human::solve(
            &Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap(),
            &HumanOptions::default(),
        )
        .unwrap()
        .len();
        assert!(text.ends_with(&format!("Solved in {moves} moves.\n")), "{text}");
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn the_animation_redraws_in_place_and_stops_at_the_frame_limit() {
        let mut p = at_speed(5, 1, Some(10.0));
        let mut out = Vec::new();
        let options = TuiOptions { ansi: true, fps: 120.0, frames: Some(3) };
        let report = watch(&mut p, &mut out, &options).unwrap();
        assert_eq!(report.frames, 3);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("\x1b[6A").count(), 2, "frames after the first move up over the last one");
    }

    /// Keys handed out one per wait, then nothing.
    struct Script(Vec<Key>);

    impl KeySource for Script {
        fn wait(&mut self, _: Duration) -> io::Result<Option<Key>> {
            Ok(if self.0.is_empty() { None } else { Some(self.0.remove(0)) })
        }
    }

    #[test]
    fn keys_pause_jump_a_phase_and_quit() {
        let mut p = at_speed(4, 7, Some(1.0));
        let mut out = Vec::new();
        let options = TuiOptions { ansi: true, fps: 120.0, frames: Some(50) };
        let mut keys = Script(vec![Key::Space, Key::N]);
        let report = watch_with_keys(&mut p, &mut out, &options, &mut keys).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(report.frames, 50, "paused, it keeps drawing until the frame limit");
        assert!(text.contains("paused"), "{text}");
        assert!(text.contains(KEYS_LINE));
        assert!(p.player().cursor() > 0, "n jumped to the next phase while paused");
        let mut p = app(4, 7);
        let mut out = Vec::new();
        let report = watch_with_keys(&mut p, &mut out, &options, &mut Script(vec![Key::Q])).unwrap();
        assert_eq!(report.frames, 1, "q stops after the frame it was pressed in");
        assert!(!report.solved);
    }

    #[test]
    fn a_big_board_planned_on_its_own_thread_quits_at_once_and_plays_on_otherwise() {
        let mut p = app(100, 3);
        assert!(fifteen_view::control::plans_elsewhere(&p));
        let options = TuiOptions { ansi: true, fps: 120.0, frames: Some(400) };
        let report = watch_with_keys(&mut p, &mut Vec::new(), &options, &mut Script(vec![Key::Q])).unwrap();
        assert_eq!(report.frames, 1, "q does not wait for the planner");
        let mut p = at_speed(100, 3, Some(1_000_000.0));
        let started = p.player().timeline().len();
        let options = TuiOptions { ansi: true, fps: 120.0, frames: Some(240) };
        watch(&mut p, &mut Vec::new(), &options).unwrap();
        assert!(p.player().cursor() > started, "moves planned on the other thread were played");
        let mut replay = p.player().timeline().start().clone();
        replay.apply(&p.player().timeline().moves()[..p.player().cursor()]).unwrap();
        assert_eq!(&replay, p.player().board());
    }

    #[test]
    fn huge_boards_show_progress_only() {
        let mut p = at_speed(60, 1, Some(100_000.0));
        let mut out = Vec::new();
        watch(&mut p, &mut out, &TuiOptions { ansi: true, fps: 120.0, frames: Some(2) }).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("(the board is too large"));
        assert!(text.lines().count() <= 3, "{text:?}");
    }

    #[test]
    fn terminal_play_reads_moves_tiles_and_hints() {
        let mut game = Game::new("1 2 3\n4 5 6\n_ 7 8".parse().unwrap());
        let mut out = Vec::new();
        let solved = play(&mut game, "x\n?\ni\n7\n9\nL\n".as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(solved, "{text}");
        assert!(text.contains("`x` is not a move"));
        assert!(text.contains("hint: L (slide 7 left)"));
        assert!(text.contains(LINE_HELP));
        assert!(text.contains("tile 9 is not next to the blank"));
        assert!(text.ends_with("Solved in 2 moves.\n"));
        assert_eq!(move_for_tile(game.board(), 8), Some(Move::Right));
        assert_eq!(move_for_tile(game.board(), 1), None);
    }

    #[test]
    fn the_keys_line_says_what_the_binding_table_does() {
        use fifteen_view::control::Command;
        let said = [
            ("q quit", Command::Quit),
            ("Space pause/play", Command::Toggle),
            ("n next phase", Command::NextPhase),
            ("p previous phase", Command::PreviousPhase),
            ("? all keys", Command::Help),
        ];
        for (words, command) in said {
            assert!(KEYS_LINE.contains(words), "{words}");
            let name = words.split(' ').next().unwrap();
            let key = if name == "Space" { Key::Space } else { Key::from_char(name.chars().next().unwrap()).unwrap() };
            assert_eq!(command_for(Mode::Watch, key), Some(command), "{words}");
        }
        assert!(KEYS_LINE.contains("+ - speed"));
        assert_eq!(command_for(Mode::Watch, Key::Plus), Some(Command::Faster));
        assert_eq!(command_for(Mode::Watch, Key::Minus), Some(Command::Slower));
    }

    #[test]
    fn the_window_keys_step_list_the_help_and_play_in_the_terminal() {
        let options = TuiOptions { ansi: true, fps: 120.0, frames: Some(20) };
        let mut p = app(4, 7);
        let mut keys = Script(vec![Key::Space, Key::Right, Key::Right, Key::Left]);
        watch_with_keys(&mut p, &mut Vec::new(), &options, &mut keys).unwrap();
        assert_eq!(p.player().cursor(), 1, "paused, two moves forward and one back");
        let mut p = app(4, 7);
        let mut keys = Script(vec![Key::M, Key::Up, Key::Down, Key::Left, Key::Right, Key::Question]);
        let mut out = Vec::new();
        watch_with_keys(&mut p, &mut out, &options, &mut keys).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(p.mode(), Mode::Play);
        assert!(p.game().moves() > 0, "the arrows slid tiles");
        assert!(text.contains("play 4×4  |  moves"), "{text}");
        assert!(text.contains("close the help, or quit"), "the help list: {text}");
    }
}
