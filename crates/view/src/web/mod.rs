//! The browser viewer's data and its page as one file: a solve (fifteen's,
//! from the planner's events, or a person's, with the lines
//! `lines::detect` reads) packed small enough that a 100×100 solve
//! fits a page of under a megabyte, and the page that inlines it beside
//! `assets/web/viewer.js` and `viewer.css`. No I/O: the command writes the
//! page to a file, the server sends it.
//!
//! The data is one JSON object (`docs/browser.md` lists its fields). The
//! long parts are packed: the moves two bits each (`U D L R` as 0–3, four
//! to a byte, the first in the low bits) and the integer lists as
//! LEB128 varints (most of them differences, so that they are small),
//! each deflated (zlib) and in standard base64, which the browser inflates
//! itself. The page never plans: every mark it draws is one the planner
//! reported.

use std::io::Write;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use flate2::Compression;
use flate2::write::ZlibEncoder;

use crate::anim::Timeline;
use fifteen_core::Deadline;
use fifteen_core::board::{Board, IllegalMove, Move, Moves};
use fifteen_core::human::{
    Context, Event, Finish, HumanError, HumanOptions, Phase, PlacementTitle, Planner, Recorder, line_area,
};
use fifteen_core::slidysim::Solve;

mod compare;
mod data;
mod pages;

pub use compare::{CoachOnPage, MAX_COACHED_CELLS, compare_data};
pub use data::{
    CoachData, CoachLine, DuoData, DuoStageData, PersonStats, PhaseData, SessionData, SessionListing, Split, ViewerData,
};
pub use pages::{COACHING, SESSION, SessionEntry, replay_page, session_page, sharper_coach, solve_page};

/// How long a page's work may take and where it reports how far it has
/// come: the [`Deadline`] it stops at, and `progress(doing, done, of)`
/// (what is under way, `fifteen's solve` or `coaching`, and `done` of its
/// `of` steps: tiles placed, pars and ways found), called from any thread.
#[derive(Clone, Copy)]
pub struct Work<'a> {
    /// When the work must stop.
    pub deadline: &'a Deadline,
    /// Where it reports how far it has come.
    pub progress: &'a (dyn Fn(&str, usize, usize) + Sync),
}

/// No deadline, for work that runs until it is done.
static NO_DEADLINE: Deadline = Deadline::NONE;

impl<'a> Work<'a> {
    /// Work until `deadline`, reporting nothing.
    pub fn until(deadline: &'a Deadline) -> Work<'a> {
        Work { deadline, progress: &|_, _, _| {} }
    }
}

impl Default for Work<'_> {
    /// Work with no deadline, reporting nothing.
    fn default() -> Self {
        Work::until(&NO_DEADLINE)
    }
}

/// The most cells a board of a page may have: 300×300. A page keeps every
/// move of the solve (a 300×300's are about 75 million), and the viewer
/// draws up to this size.
pub const MAX_PAGE_CELLS: usize = 90_000;

/// What a solve's progress is reported as ([`Work::progress`]).
pub const SOLVING: &str = "fifteen's solve";

/// The viewer, inlined in every page.
const VIEWER_JS: &str = include_str!("../../../../assets/web/viewer.js");
/// The viewer's look.
const VIEWER_CSS: &str = include_str!("../../../../assets/web/viewer.css");
/// The game page's script (`fifteen serve`'s `/`), which draws with the viewer's parts.
const GAME_JS: &str = include_str!("../../../../assets/web/game.js");

/// The version of the data's layout, `v` in the object: 2 since the packed
/// fields are deflated and the marks' numbers are differences.
const DATA_VERSION: u32 = 2;

/// What a solve of fifteen's is called on a page and in a window:
/// `human`, or `exact stages` for [`Finish::Exact`].
pub fn solver_name(finish: Finish) -> &'static str {
    match finish {
        Finish::Exact => "exact stages",
        _ => "human",
    }
}

/// The viewer's data for fifteen's own solve of `board`, planned whole
/// from the planner's events as a [`Recorder`] hands them on, within
/// `work` (its deadline over, it gives up with [`HumanError::Stopped`];
/// the tiles placed are its progress, as [`SOLVING`]).
pub fn solve_data(board: &Board, options: &HumanOptions, title: &str, work: Work) -> Result<ViewerData, HumanError> {
    Ok(planned_data(board, options, title, work)?.0)
}

/// [`solve_data`] with the moves it packed.
fn planned_data(
    board: &Board,
    options: &HumanOptions,
    title: &str,
    work: Work,
) -> Result<(ViewerData, Moves), HumanError> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut recorder = Recorder::of(Planner::new(board, options)?.until(work.deadline.clone()));
    let mut marks = Marks::default();
    let (tiles, mut placed) = (board.len() - 1, 0);
    (work.progress)(SOLVING, 0, tiles);
    while recorder.pull(&mut |event: &Event, at: &Context| {
        if let Event::Locked { group } = event {
            placed += group.tiles().len();
        }
        marks.on(event, at, rows, cols);
    }) {
        (work.progress)(SOLVING, placed.min(tiles), tiles);
    }
    if let Some(err) = recorder.error() {
        return Err(err.clone());
    }
    let solver = solver_name(options.finish);
    let moves = Moves::from(marks.moves.clone());
    let mut data = marks.data(board, solver, title);
    data.mtm = Some(moves.multi_tile_count());
    Ok((data, moves))
}

/// The viewer's data for a person's solve: one phase a line, as
/// `fifteen replay` splits it (the same names, moves and times).
pub fn person_data(solve: &Solve, title: &str) -> Result<ViewerData, IllegalMove> {
    let timeline = Timeline::from_person(solve)?;
    let mut marks = Marks { moves: solve.moves.to_vec(), ..Marks::default() };
    for mark in timeline.phases() {
        let area = timeline.line_area(mark.phase).map(|(t, l, b, r)| [t, l, b, r]);
        let end = mark.end.unwrap_or(solve.moves.len());
        marks.phases.push(OpenPhase { name: timeline.phase_name(mark.phase), start: mark.start, end: Some(end), area });
    }
    let mut data = marks.data(&solve.scramble, "person", title);
    data.mtm = Some(solve.moves.multi_tile_count());
    let times = solve.move_times_ms.as_ref().filter(|t| t.len() == solve.moves.len());
    let time_at = |moves: usize| -> Option<u64> {
        let times = times?;
        Some(if moves == 0 { 0 } else { times[moves.min(times.len()) - 1] })
    };
    let mut before = 0;
    let splits = fifteen_core::lines::detect(&solve.scramble, &solve.moves)
        .iter()
        .map(|done| {
            let split = Split {
                name: done.line.name(),
                start: before,
                at: done.at,
                moves: done.at - before,
                time_ms: time_at(done.at).zip(time_at(before)).map(|(t1, t0)| t1.saturating_sub(t0)),
            };
            before = done.at;
            split
        })
        .collect();
    data.splits = Some(splits);
    // The time between moves, for playing the solve at the person's pace.
    if let Some(times) = times {
        let mut before = 0;
        data.times = Some(pack_numbers(times.iter().map(|&t| {
            let gap = t.saturating_sub(before);
            before = before.max(t);
            gap
        })));
    }
    data.person = Some(PersonStats {
        player: solve.player.clone(),
        event: solve.event.clone(),
        time_ms: solve.time_ms,
        tps: solve.tps(),
        mmd: solve.mmd(),
        time_as_4x4_ms: solve.time_as_4x4_ms(),
    });
    Ok(data)
}

/// A solve's moves and marks as the viewer reads them, gathered from the
/// planner's events: the integer lists are kept as their packed numbers.
#[derive(Default)]
struct Marks {
    moves: Vec<Move>,
    /// The phases so far; the last has no end until it finishes.
    phases: Vec<OpenPhase>,
    /// Each distinct placement title, once.
    titles: Vec<String>,
    /// The placements in order; one is open until its tiles lock.
    placements: Vec<PagePlacement>,
    open: bool,
    /// Each tile's journey: its first move, the tile, the cell it goes to
    /// (row × cols + col).
    targets: Vec<(usize, u32, usize)>,
    /// A route of the blank: its first move (from the previous route's),
    /// its length in moves.
    routes: Vec<u64>,
    last_route: usize,
}

impl Marks {
    fn on(&mut self, event: &Event, context: &Context, rows: usize, cols: usize) {
        let at = context.moves as usize;
        match *event {
            Event::PhaseStarted(phase) => {
                let area = line_area(phase, rows, cols, context.corner).map(|(t, l, b, r)| [t, l, b, r]);
                self.phases.push(OpenPhase { name: phase.to_string(), start: at, end: None, area });
            }
            Event::PhaseFinished(_) => {
                if let Some(last) = self.phases.last_mut() {
                    last.end = Some(at);
                }
            }
            Event::Placement { region, group } => {
                let phase = context.phase.unwrap_or(Phase::Rest);
                let (shape, corner) = ((rows, cols), context.corner);
                let title = PlacementTitle { phase, region, group, shape, corner }.to_string();
                let index = self.titles.iter().rposition(|t| *t == title).unwrap_or_else(|| {
                    self.titles.push(title);
                    self.titles.len() - 1
                });
                self.open = true;
                self.placements.push(PagePlacement { start: at, end: at, title: index, tiles: group.tiles().to_vec() });
            }
            Event::Locked { .. } => {
                if let Some(last) = self.placements.last_mut().filter(|_| self.open) {
                    last.end = at;
                }
                self.open = false;
            }
            Event::TileTargeted { tile, to, .. } => self.targets.push((at, tile, to.row * cols + to.col)),
            Event::BlankRouted { path } if !path.is_empty() => {
                self.routes.extend([(at - self.last_route) as u64, path.len() as u64]);
                self.last_route = at;
            }
            Event::Moved { mv, .. } => self.moves.push(mv),
            // The page draws none of the rest.
            _ => {}
        }
    }

    /// The data object: `board`, the moves, the marks and the splits (a
    /// phase each).
    fn data(self, board: &Board, solver: &str, title: &str) -> ViewerData {
        let (rows, cols) = (board.rows(), board.cols());
        let count = self.moves.len();
        let moves = pack_moves(&self.moves);
        // The routes are dropped when they would cost more than a quarter
        // of the moves (on trips tile by tile there is one every few moves);
        // the viewer then draws the blank's way to the travelling tile from
        // the moves themselves.
        let mut routes = pack_numbers(self.routes);
        if routes.len() > moves.len() / 4 {
            routes.clear();
        }
        ViewerData {
            v: DATA_VERSION,
            title: title.to_string(),
            solver: solver.to_string(),
            rows,
            cols,
            start: Some(pack_numbers(board.cells().iter().map(|&t| u64::from(t)))),
            count,
            speed: crate::anim::default_speed(rows, cols),
            moves,
            phases: self
                .phases
                .into_iter()
                .map(|p| PhaseData(p.name, p.start, p.end.unwrap_or(count), p.area))
                .collect(),
            titles: self.titles,
            placements: pack_numbers(placement_numbers(&self.placements)),
            targets: pack_numbers(target_numbers(&self.targets)),
            routes,
            mtm: None,
            splits: None,
            times: None,
            person: None,
            effort: None,
            duo: None,
            coach: None,
            coach_note: None,
            session: None,
            has_distance: None,
            solves: None,
        }
    }
}

/// A phase as the marks gather it: its end comes when it finishes.
struct OpenPhase {
    name: String,
    start: usize,
    end: Option<usize>,
    area: Option<[usize; 4]>,
}

/// A placement as the page marks it: its moves `start..end`, its title (an
/// index into the titles) and its tiles.
struct PagePlacement {
    start: usize,
    end: usize,
    title: usize,
    tiles: Vec<u32>,
}

/// A signed difference as an unsigned number, small either way (zigzag:
/// 0, −1, 1, −2, … as 0, 1, 2, 3, …).
fn zigzag(difference: i64) -> u64 {
    ((difference << 1) ^ (difference >> 63)) as u64
}

/// The placements as numbers, five or more each: the moves since the
/// previous one ended (0 when it starts at once), its length, its title,
/// the number of its tiles, and each tile as the difference from the tile
/// before it (zigzag; the tiles of a line follow each other, so mostly 1).
fn placement_numbers(placements: &[PagePlacement]) -> Vec<u64> {
    let (mut numbers, mut end, mut tile) = (Vec::new(), 0, 0i64);
    for p in placements {
        numbers.extend([(p.start - end) as u64, (p.end - p.start) as u64, p.title as u64, p.tiles.len() as u64]);
        for &t in &p.tiles {
            numbers.push(zigzag(i64::from(t) - tile));
            tile = i64::from(t);
        }
        end = p.end;
    }
    numbers
}

/// The journeys as numbers, three each: the moves since the previous
/// journey began, the tile as the difference from the previous journey's
/// (zigzag), and the cell it goes to as the difference from the tile's
/// home (zigzag: 0 for a journey home, most of them).
fn target_numbers(targets: &[(usize, u32, usize)]) -> Vec<u64> {
    let (mut numbers, mut at, mut tile) = (Vec::with_capacity(3 * targets.len()), 0, 0i64);
    for &(start, t, to) in targets {
        let home = i64::from(t) - 1;
        numbers.extend([(start - at) as u64, zigzag(i64::from(t) - tile), zigzag(to as i64 - home)]);
        (at, tile) = (start, i64::from(t));
    }
    numbers
}

/// Bytes as the page holds them: deflated (zlib) and in base64.
fn pack_bytes(bytes: &[u8]) -> String {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes).expect("writing to memory");
    STANDARD.encode(encoder.finish().expect("writing to memory"))
}

/// What [`pack_bytes`] packed.
fn unpack_bytes(packed: &str) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    flate2::read::ZlibDecoder::new(&STANDARD.decode(packed).ok()?[..]).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// The moves, two bits each, four to a byte (the first in the low bits),
/// deflated, in base64.
pub(crate) fn pack_moves(moves: &[Move]) -> String {
    let mut bytes = vec![0u8; moves.len().div_ceil(4)];
    for (i, &mv) in moves.iter().enumerate() {
        let code = match mv {
            Move::Up => 0,
            Move::Down => 1,
            Move::Left => 2,
            Move::Right => 3,
        };
        bytes[i / 4] |= code << (2 * (i % 4));
    }
    pack_bytes(&bytes)
}

/// The moves of a solve in the viewer's data, as the page unpacks them;
/// `None` when they do not unpack to its `count` moves.
pub fn moves_of(solve: &ViewerData) -> Option<fifteen_core::Moves> {
    unpack_moves(&solve.moves, solve.count).map(Into::into)
}

/// What [`pack_moves`] packed: `count` moves.
fn unpack_moves(packed: &str, count: usize) -> Option<Vec<Move>> {
    let bytes = unpack_bytes(packed)?;
    (bytes.len() == count.div_ceil(4)).then_some(())?;
    Some(
        (0..count)
            .map(|i| match (bytes[i / 4] >> (2 * (i % 4))) & 3 {
                0 => Move::Up,
                1 => Move::Down,
                2 => Move::Left,
                _ => Move::Right,
            })
            .collect(),
    )
}

/// Numbers as LEB128 varints (seven bits a byte, low first, the high bit
/// set on all but a number's last byte), deflated, in base64.
pub(crate) fn pack_numbers(numbers: impl IntoIterator<Item = u64>) -> String {
    let mut bytes = Vec::new();
    for mut n in numbers {
        while n >= 0x80 {
            bytes.push((n as u8 & 0x7f) | 0x80);
            n >>= 7;
        }
        bytes.push(n as u8);
    }
    pack_bytes(&bytes)
}

/// What [`pack_numbers`] packed.
#[cfg(test)]
pub(crate) fn unpack_numbers(packed: &str) -> Option<Vec<u64>> {
    let bytes = unpack_bytes(packed)?;
    let (mut out, mut n, mut shift) = (Vec::new(), 0u64, 0);
    for b in bytes {
        n |= u64::from(b & 0x7f) << shift;
        shift += 7;
        if b & 0x80 == 0 {
            out.push(n);
            (n, shift) = (0, 0);
        }
    }
    (shift == 0).then_some(out)
}

/// `value` as JSON that is safe inside a `<script>` element and inside
/// HTML: `<`, `>` and `&` written as `\u003c`, `\u003e`, `\u0026` (which
/// JSON reads back as the same characters), so no string a link carries
/// can close the element or open a comment.
pub(crate) fn script_json(value: &impl serde::Serialize) -> String {
    // Plain structs, strings and numbers: serde_json writes them infallibly.
    let text = serde_json::to_string(value).unwrap_or_default();
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// `text` escaped for HTML text and attribute values.
pub(crate) fn html_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// One self-contained page: the viewer's style and script and `data`
/// inlined, opening from `file://` with no network.
pub fn page(data: &ViewerData) -> String {
    page_parts(&html_text(&data.title), &script_json(data), true)
}

/// The served viewer's page: the same markup, its script and style from
/// the server (`/viewer.js`, `/viewer.css`, so that the Content-Security-Policy
/// allows only the page's own script), and the data inlined as JSON (not
/// run: a `type="application/json"` element).
pub fn served_page(data: &ViewerData) -> String {
    page_parts(&html_text(&data.title), &script_json(data), false)
}

/// A page that shows only `message` (a link that cannot be read), in the
/// viewer's look.
pub fn error_page(message: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>fifteen: {m}</title>\
         <link rel=\"stylesheet\" href=\"/viewer.css\"></head>\n<body class=\"fifteen-viewer\">\
         <p class=\"error\" id=\"error\">{m}</p></body></html>\n",
        m = html_text(message)
    )
}

/// The viewer's script, for the server.
pub fn viewer_js() -> &'static str {
    VIEWER_JS
}

/// The viewer's style, for the server.
pub fn viewer_css() -> &'static str {
    VIEWER_CSS
}

/// The game page's script, for the server.
pub fn game_js() -> &'static str {
    GAME_JS
}

/// The game page (`fifteen serve`'s `/`): the viewer's style, and the game's
/// script, which imports the viewer's and builds the page on the states
/// the server's websocket sends.
pub const GAME_PAGE: &str = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
     <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
     <title>fifteen</title>\n<link rel=\"stylesheet\" href=\"/viewer.css\">\n</head>\n\
     <body class=\"fifteen-viewer\">\n<script type=\"module\" src=\"/game.js\"></script>\n</body></html>\n";

fn page_parts(title: &str, data: &str, inline: bool) -> String {
    // A served page's data says so: its viewer asks the server for more
    // (the sharper par); a saved page has nobody to ask.
    let host = if inline { "" } else { " data-host=\"server\"" };
    let (style, script) = if inline {
        (format!("<style>\n{VIEWER_CSS}</style>"), format!("<script type=\"module\">\n{VIEWER_JS}</script>"))
    } else {
        (
            "<link rel=\"stylesheet\" href=\"/viewer.css\">".to_string(),
            "<script type=\"module\" src=\"/viewer.js\"></script>".to_string(),
        )
    };
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title>\n{style}\n</head>\n<body class=\"fifteen-viewer\">\n\
         <script type=\"application/json\" id=\"fifteen-data\"{host}>{data}</script>\n{script}\n</body></html>\n"
    )
}

#[cfg(test)]
pub(crate) mod tests;
