//! The terminal front end: the same [`Player`] as the window, drawn as text.
//!
//! On a terminal the board is redrawn in place a few times a second under a
//! phase line; into a pipe or file it is printed once per phase instead.
//! Used when there is no display, and with `--tui` on purpose. [`play`] is play mode, one line of moves at a time.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use crate::anim::{Cue, Game, Pace, Player};
use crate::board::{BLANK, Board, Pos, Tile};

/// Boards wider or taller than this (in characters / lines) are shown as a
/// progress line only.
const MAX_TEXT_WIDTH: usize = 200;
const MAX_TEXT_ROWS: usize = 40;
/// How far ahead of the shown move the solve is planned (a quarter of each
/// frame's time goes to planning, until the total is known).
const PLANNING_HORIZON: usize = 5_000_000;

/// How a terminal animation should go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TuiOptions {
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
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TuiReport {
    /// Frames drawn (boards printed, in a pipe).
    pub frames: u64,
    /// Seconds the run took.
    pub seconds: f64,
    /// True when the board was solved at the end.
    pub solved: bool,
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
///
/// ```
/// use fifteen::anim::Player;
/// use fifteen::{Board, Scramble, SolveOptions};
/// let player = Player::solve(&Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap(), &SolveOptions::default()).unwrap();
/// let line = fifteen::tui::status_line(&player);
/// assert!(line.starts_with("row 1: tiles 1–2  |  move 0, 0 in this phase  |"), "{line}");
/// ```
pub fn status_line(player: &Player) -> String {
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

/// A key the terminal animation answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TuiKey {
    /// Stop the animation (q, Esc, Ctrl-C).
    Quit,
    /// Play or pause (Space).
    Pause,
    /// Jump to the start of the next phase (n, ↓).
    NextPhase,
    /// Jump back to the start of this or the previous phase (p, ↑).
    PreviousPhase,
    /// Faster (+).
    Faster,
    /// Slower (-).
    Slower,
}

/// Where the terminal animation's keys come from. The command reads the
/// keyboard in raw mode; tests script the keys.
pub trait KeySource {
    /// Waits up to `timeout` for a key; `None` when none came.
    fn wait(&mut self, timeout: Duration) -> io::Result<Option<TuiKey>>;

    /// True when keys can come at all (the animation then shows which).
    fn live(&self) -> bool {
        true
    }
}

/// No keyboard: waiting is sleeping.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoKeys;

impl KeySource for NoKeys {
    fn wait(&mut self, timeout: Duration) -> io::Result<Option<TuiKey>> {
        std::thread::sleep(timeout);
        Ok(None)
    }

    fn live(&self) -> bool {
        false
    }
}

/// The line under the animation when keys are live.
const KEYS_LINE: &str = "q quit   Space pause/play   n next phase   p previous phase   + - speed";

/// The board as text, one row per line. With `ansi`, locked tiles are dim
/// and the tiles being placed are in reverse video.
pub(crate) fn board_text(player: &Player, ansi: bool) -> String {
    let board = player.board();
    let width = cell_width(board) - 1;
    let placing: &[Tile] = player.placement().map_or(&[], |p| p.group.tiles());
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
            } else if player.is_locked(tile) {
                let _ = write!(out, "\x1b[2m{text}\x1b[0m");
            } else {
                out.push_str(&text);
            }
        }
        out.push('\n');
    }
    out
}

/// Plays the player to the end (or `options.frames` frames) on `out`.
///
/// With `options.ansi`, redraws in place at `options.fps`, sleeping between
/// frames, at the player's speed. Without, prints the board at each phase
/// start and at the end, as fast as it can.
pub fn watch<W: Write>(player: &mut Player, out: &mut W, options: &TuiOptions) -> io::Result<TuiReport> {
    watch_with_keys(player, out, options, &mut NoKeys)
}

/// [`watch`], answering keys from `keys` while redrawing in place: q quits,
/// Space pauses and plays, n and p jump between phases, + and - change the
/// speed.
pub fn watch_with_keys<W: Write, K: KeySource + ?Sized>(
    player: &mut Player,
    out: &mut W,
    options: &TuiOptions,
    keys: &mut K,
) -> io::Result<TuiReport> {
    let started = Instant::now();
    player.play();
    let frames = if options.ansi { animate(player, out, options, keys)? } else { log(player, out, options)? };
    out.flush()?;
    Ok(TuiReport { frames, seconds: started.elapsed().as_secs_f64(), solved: player.board().is_solved() })
}

fn animate<W: Write, K: KeySource + ?Sized>(
    player: &mut Player,
    out: &mut W,
    options: &TuiOptions,
    keys: &mut K,
) -> io::Result<u64> {
    // Lines end in "\r\n": the keyboard's raw mode leaves "\n" a bare line feed.
    let fits = fits(player.board());
    if !fits {
        write!(out, "(the board is too large to draw as text: showing progress only)\r\n")?;
    }
    let frame_time = Duration::from_secs_f64(1.0 / options.fps.clamp(1.0, 120.0));
    let mut last = Instant::now();
    let mut drawn_lines = 0usize;
    let mut frames = 0u64;
    let mut quit = false;
    loop {
        let now = Instant::now();
        let dt = now.duration_since(last).as_secs_f64();
        last = now;
        let planning = Instant::now();
        player.plan_ahead(PLANNING_HORIZON, &mut || planning.elapsed() < frame_time / 4);
        player.advance(dt, &mut |_: &Cue| {});
        let mut frame = String::new();
        if drawn_lines > 0 {
            let _ = write!(frame, "\x1b[{drawn_lines}A");
        }
        let mut status = status_line(player);
        if !player.is_playing() && !player.is_finished() {
            status.push_str("  paused");
        }
        let mut lines = vec![status];
        if fits {
            lines.extend(board_text(player, true).lines().map(str::to_string));
        }
        if keys.live() {
            lines.push(KEYS_LINE.to_string());
        }
        for line in &lines {
            let _ = write!(frame, "\r{line}\x1b[K\r\n");
        }
        drawn_lines = lines.len();
        out.write_all(frame.as_bytes())?;
        out.flush()?;
        frames += 1;
        if quit || player.is_finished() || options.frames.is_some_and(|n| frames >= n) {
            break;
        }
        // Wait out the frame, answering keys as they come.
        while let Some(left) = frame_time.checked_sub(now.elapsed()) {
            match keys.wait(left)? {
                None => break,
                Some(TuiKey::Quit) => {
                    quit = true;
                    break;
                }
                Some(key) => answer(player, key),
            }
        }
        if quit {
            break;
        }
    }
    if player.is_finished() {
        write!(out, "\rSolved in {} moves.\r\n", player.cursor())?;
    }
    Ok(frames)
}

/// What a key does to the player (all but quitting).
fn answer(player: &mut Player, key: TuiKey) {
    match key {
        TuiKey::Pause => player.toggle(),
        TuiKey::NextPhase => player.next_phase(&mut |_: &Cue| {}),
        TuiKey::PreviousPhase => player.previous_phase(),
        TuiKey::Faster => player.faster(),
        TuiKey::Slower => player.slower(),
        TuiKey::Quit => {}
    }
}

fn log<W: Write>(player: &mut Player, out: &mut W, options: &TuiOptions) -> io::Result<u64> {
    let fits = fits(player.board());
    let mut frames = 0u64;
    let mut phase_started = false;
    let show = |player: &Player, out: &mut W| -> io::Result<()> {
        writeln!(out, "{}", status_line(player))?;
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

/// Play mode in a terminal: reads lines of moves (`U D L R` letters, or a
/// tile number to slide that tile), `i` for a hint, `q` to stop; prints the
/// board after each line. Returns true when the board ends solved.
pub fn play<R: BufRead, W: Write>(game: &mut Game, input: R, out: &mut W) -> io::Result<bool> {
    const PROMPT: &str = "move (letters U D L R, a tile number, i for a hint, q to quit): ";
    write!(out, "{}\n{PROMPT}", game.board())?;
    out.flush()?;
    for line in input.lines() {
        let line = line?;
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            break;
        }
        if line.eq_ignore_ascii_case("i") || line == "?" {
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
            match line.parse::<crate::Moves>() {
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
pub(crate) fn move_for_tile(board: &Board, tile: Tile) -> Option<crate::board::Move> {
    let at = board.position_of(tile);
    let blank = board.blank();
    crate::board::Move::from_tile_step(blank.row as isize - at.row as isize, blank.col as isize - at.col as isize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::{Scramble, SolveOptions};

    fn player(n: usize, seed: u64) -> Player {
        Player::solve(&Board::scrambled(n, n, Scramble::Uniform, seed).unwrap(), &SolveOptions::default()).unwrap()
    }

    #[test]
    fn piped_output_shows_each_phase_and_the_solved_board() {
        let mut p = player(4, 7);
        let mut out = Vec::new();
        let report = watch(&mut p, &mut out, &TuiOptions { ansi: false, ..TuiOptions::default() }).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(report.solved);
        assert!(text.contains("row 1: tiles 1–2"), "{text}");
        assert!(text.contains("last 2×2"));
        assert!(text.contains(" 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15 __\n"));
        let moves =
            crate::human::solve(&Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap(), &SolveOptions::default())
                .unwrap()
                .len();
        assert!(text.ends_with(&format!("Solved in {moves} moves.\n")), "{text}");
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn the_animation_redraws_in_place_and_stops_at_the_frame_limit() {
        let mut p = player(5, 1);
        p.set_speed(10.0);
        let mut out = Vec::new();
        let options = TuiOptions { ansi: true, fps: 120.0, frames: Some(3) };
        let report = watch(&mut p, &mut out, &options).unwrap();
        assert_eq!(report.frames, 3);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("\x1b[6A").count(), 2, "frames after the first move up over the last one");
    }

    /// Keys handed out one per wait, then nothing.
    struct Script(Vec<TuiKey>);

    impl KeySource for Script {
        fn wait(&mut self, _: Duration) -> io::Result<Option<TuiKey>> {
            Ok(if self.0.is_empty() { None } else { Some(self.0.remove(0)) })
        }
    }

    #[test]
    fn keys_pause_jump_a_phase_and_quit() {
        let mut p = player(4, 7);
        p.set_speed(1.0);
        let mut out = Vec::new();
        let options = TuiOptions { ansi: true, fps: 120.0, frames: Some(50) };
        let mut keys = Script(vec![TuiKey::Pause, TuiKey::NextPhase]);
        let report = watch_with_keys(&mut p, &mut out, &options, &mut keys).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(report.frames, 50, "paused, it keeps drawing until the frame limit");
        assert!(text.contains("paused"), "{text}");
        assert!(text.contains(KEYS_LINE));
        assert!(p.cursor() > 0, "n jumped to the next phase while paused");
        let mut p = player(4, 7);
        let mut out = Vec::new();
        let report = watch_with_keys(&mut p, &mut out, &options, &mut Script(vec![TuiKey::Quit])).unwrap();
        assert_eq!(report.frames, 1, "q stops after the frame it was pressed in");
        assert!(!report.solved);
    }

    #[test]
    fn huge_boards_show_progress_only() {
        let mut p = player(60, 1);
        p.set_speed(100_000.0);
        let mut out = Vec::new();
        watch(&mut p, &mut out, &TuiOptions { ansi: true, fps: 120.0, frames: Some(2) }).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("(the board is too large"));
        assert!(text.lines().count() <= 3);
    }

    #[test]
    fn terminal_play_reads_moves_tiles_and_hints() {
        let mut game = Game::new("1 2 3\n4 5 6\n_ 7 8".parse().unwrap());
        let mut out = Vec::new();
        let solved = play(&mut game, "x\ni\n7\n9\nL\n".as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(solved, "{text}");
        assert!(text.contains("`x` is not a move"));
        assert!(text.contains("hint: L (slide 7 left)"));
        assert!(text.contains("tile 9 is not next to the blank"));
        assert!(text.ends_with("Solved in 2 moves.\n"));
        assert_eq!(move_for_tile(game.board(), 8), Some(Move::Right));
        assert_eq!(move_for_tile(game.board(), 1), None);
    }
}
