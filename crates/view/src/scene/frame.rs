//! What a frame shows, built from the animation's state: the board, the
//! marks on it, the title of what is being built and the side panel's
//! numbers.

use crate::anim::{Game, Pace, Person, Player, Slide};
use fifteen_core::board::{Board, Pos, Tile};
use fifteen_core::human::Group;
use fifteen_core::slidysim::predicted_moves;

use super::graph::PanelGraph;

/// The placement under way: what the marks point at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Focus {
    /// The tile travelling now, if one is.
    pub(crate) tile: Option<Tile>,
    /// Where it is going (its home, or a parking cell for a pair).
    pub(crate) to: Option<Pos>,
    /// The tiles being placed: their homes are ringed (none for a
    /// person's solve, whose intent is not known).
    pub(crate) group: Option<Group>,
    /// The cells of the line being built `(top, left, bottom, right)`.
    pub(crate) area: Option<(usize, usize, usize, usize)>,
}

/// A line of the side panel.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    /// A section heading.
    Heading(String),
    /// A name and its number.
    Stat(String, String),
    /// A phase's split: its name, its moves, whether it is under way, and
    /// the move it starts at (a click jumps there).
    Split {
        /// The phase (`row 1`).
        name: String,
        /// Its moves (`17`, or `5 / 17` while under way).
        moves: String,
        /// True for the phase under way.
        current: bool,
        /// Its first move.
        start: usize,
    },
    /// A line of small text.
    Note(String),
    /// The par graph of a coached solve (a click jumps along it).
    Graph(Box<PanelGraph>),
}

/// A card over the board: the finished screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// Its big line.
    pub(crate) title: String,
    /// The lines under it.
    pub(crate) lines: Vec<String>,
}

/// Everything one frame shows, and nothing about pixels.
#[derive(Clone, Debug)]
pub struct Frame<'a> {
    /// The board.
    pub(crate) board: &'a Board,
    /// The tile sliding now.
    pub(crate) slide: Option<Slide>,
    /// Per tile, the moves after which it is locked, and the moves made:
    /// locked tiles are shaded.
    pub(crate) locks: Option<(&'a [usize], usize)>,
    /// The placement under way.
    pub(crate) focus: Option<Focus>,
    /// The blank's route ahead, starting at the blank.
    pub(crate) route: &'a [Pos],
    /// Draw the whole route rather than its next leg.
    pub(crate) whole_route: bool,
    /// A group that has just locked, and how strongly it glows (0–1).
    pub(crate) flash: Option<(Group, f32)>,
    /// Play mode: the tile the hint says to slide.
    pub(crate) hint: Option<Pos>,
    /// The header's big line: what is being built.
    pub title: String,
    /// The header's second line.
    pub subtitle: String,
    /// The side panel.
    pub(crate) panel: Vec<Row>,
    /// Numbers on the tiles (off in picture mode unless asked for).
    pub numbers: bool,
    /// Route, rings and outline shown.
    pub overlays: bool,
    /// The finished screen.
    pub(crate) card: Option<Card>,
    /// A passing message (hints, errors).
    pub(crate) message: Option<String>,
    /// The help overlay's lines.
    pub help: Option<&'a [&'a str]>,
    /// The follow camera frames the whole line being built rather than the
    /// travelling tile (set when tiles go home faster than a view can follow).
    pub(crate) follow_line: bool,
}

impl<'a> Frame<'a> {
    /// A plain frame of `board`: no marks, no panel.
    pub(crate) fn plain(board: &'a Board) -> Frame<'a> {
        Frame {
            board,
            slide: None,
            locks: None,
            focus: None,
            route: &[],
            whole_route: false,
            flash: None,
            hint: None,
            title: String::new(),
            subtitle: String::new(),
            panel: Vec::new(),
            numbers: true,
            overlays: true,
            card: None,
            message: None,
            help: None,
            follow_line: false,
        }
    }

    /// The cells the follow camera keeps in view: the travelling tile, the
    /// homes being filled and the blank.
    pub fn follow_cells(&self) -> Option<(f32, f32, f32, f32)> {
        let focus = self.focus?;
        if self.follow_line
            && let Some((top, left, bottom, right)) = focus.area
        {
            return Some((top as f32, left as f32, bottom as f32, right as f32));
        }
        // The homes change once a placement, so the view glides rather than jumps.
        let mut cells = vec![self.board.blank()];
        cells.extend(focus.tile.map(|tile| self.board.position_of(tile)));
        cells.extend(focus.group.iter().flat_map(|g| g.tiles()).map(|&t| self.board.home_of(t)));
        let top = cells.iter().map(|p| p.row).min()? as f32;
        let left = cells.iter().map(|p| p.col).min()? as f32;
        let bottom = cells.iter().map(|p| p.row).max()? as f32 + 1.0;
        let right = cells.iter().map(|p| p.col).max()? as f32 + 1.0;
        Some((top, left, bottom, right))
    }
}

/// A speed as people write it: `0.5`, `8`, `100000`.
pub(crate) fn format_speed(speed: f64) -> String {
    if speed < 10.0 && speed.fract() != 0.0 { format!("{speed:.1}") } else { format!("{speed:.0}") }
}

/// Above this many moves a second the follow camera frames the line being
/// built: a view chasing tiles that go home hundreds of times a second only
/// jitters.
const FOLLOW_TILES_UP_TO: f64 = 5_000.0;

/// The most splits the panel lists (the current one and those around it).
const SPLITS_SHOWN: usize = 12;

/// The frame of a solve being watched: the title of what is being built,
/// the marks, and the panel's numbers (moves, splits per phase, Manhattan
/// distance, moves per unit of it). `route` is scratch space for the
/// blank's route; `extra` rows go under the numbers (other front-end parts
/// add lines there).
pub fn watch_frame<'a>(player: &'a Player, route: &'a mut Vec<Pos>, extra: &[Row]) -> Frame<'a> {
    let timeline = player.timeline();
    let board = player.board();
    player.route_cells(route);
    let mut frame = Frame::plain(board);
    frame.slide = player.sliding();
    frame.locks = Some((timeline.lock_table(), player.cursor()));
    frame.follow_line = player.speed() > FOLLOW_TILES_UP_TO;
    frame.route = route;
    if let Some(placement) = player.placement() {
        let target = player.target();
        frame.focus = Some(Focus {
            tile: target.map(|t| t.tile),
            to: target.map(|t| t.to),
            group: Some(placement.group),
            area: placement.phase.and_then(|phase| timeline.line_area(phase)),
        });
        frame.title = timeline.title(placement);
    } else if player.is_finished() && board.is_solved() {
        frame.title = "solved".to_string();
    } else if let Some(phase) = player.phase() {
        frame.title = timeline.phase_name(phase.phase);
        if timeline.person().is_some() {
            // The line under way is outlined; nothing is ringed or routed,
            // and the follow camera frames the line.
            frame.focus = Some(Focus { tile: None, to: None, group: None, area: timeline.line_area(phase.phase) });
            frame.follow_line = true;
        }
    }
    let total = timeline.total();
    let total_text = total.map_or_else(|| "?".to_string(), |n| n.to_string());
    frame.subtitle = subtitle(player, &total_text);
    if let Some(err) = timeline.error() {
        frame.message = Some(err.to_string());
    }

    let (rows, cols) = (board.rows(), board.cols());
    let start_distance = player.start_manhattan();
    let mut panel = match timeline.person() {
        Some(person) => person_stats(player, person),
        None => vec![Row::Heading(format!("WATCH  {rows}×{cols}"))],
    };
    panel.extend([
        Row::Stat("moves".into(), format!("{} / {total_text}", player.cursor())),
        Row::Stat("Manhattan now".into(), player.manhattan().to_string()),
        Row::Stat("Manhattan at start".into(), start_distance.to_string()),
    ]);
    if let Some(total) = total.filter(|_| start_distance > 0) {
        let name = if timeline.person().is_some() { "MMD (moves / Manhattan)" } else { "moves / Manhattan" };
        panel.push(Row::Stat(name.into(), format!("{:.2}", total as f64 / start_distance as f64)));
    }
    panel.extend(split_rows(player));
    panel.extend(extra.iter().cloned());
    panel.push(Row::Note("Space play · ←→ step · ↑↓ phase".into()));
    panel.push(Row::Note("W route · F follow · ? help".into()));
    frame.panel = panel;
    frame
}

/// The line under the title: whose solve (for a person's), where the
/// playback is and how fast it goes.
fn subtitle(player: &Player, total_text: &str) -> String {
    let timeline = player.timeline();
    let state = if player.is_playing() { "playing" } else { "paused" };
    match (timeline.person(), player.pace()) {
        (Some(person), Pace::RealTime) => format!(
            "{}   move {} of {total_text}   {}× their pace   {state}",
            person.about(),
            player.cursor(),
            format_speed(player.speed())
        ),
        (Some(person), Pace::Steady) => format!(
            "{}   move {} of {total_text}   {} moves/s   {state}",
            person.about(),
            player.cursor(),
            format_speed(player.speed())
        ),
        (None, _) => format!(
            "move {} of {total_text}   {} moves/s   {state}   {} solver",
            player.cursor(),
            format_speed(player.speed()),
            timeline.solver()
        ),
    }
}

/// The splits per phase around the current one, each with its moves (and,
/// for a person's solve with move times, its seconds).
fn split_rows(player: &Player) -> Vec<Row> {
    let timeline = player.timeline();
    let phases = timeline.phases();
    let mut rows = Vec::new();
    if phases.is_empty() {
        return rows;
    }
    rows.push(Row::Heading("splits (click to jump)".into()));
    let current = timeline.phase_index_at(player.cursor()).unwrap_or(0);
    let first = current.saturating_sub(SPLITS_SHOWN - 4).min(phases.len().saturating_sub(SPLITS_SHOWN));
    for (i, mark) in phases.iter().enumerate().skip(first).take(SPLITS_SHOWN) {
        let now = i == current && !player.is_finished();
        let mut moves = match mark.end {
            Some(end) if !now => (end - mark.start).to_string(),
            Some(end) => format!("{} / {}", player.cursor().saturating_sub(mark.start), end - mark.start),
            None if now => format!("{} / …", player.cursor().saturating_sub(mark.start)),
            None => "…".to_string(),
        };
        // A person's split also takes the time it took, when the replay has move times.
        let seconds =
            timeline.person().and_then(|person| Some((person.seconds_at(mark.start)?, person.seconds_at(mark.end?)?)));
        if let Some((from, to)) = seconds {
            moves.push_str(&format!("  {:.2} s", to - from));
        }
        rows.push(Row::Split { name: timeline.phase_name(mark.phase), moves, current: now, start: mark.start });
    }
    rows
}

/// The top of the panel for a person's solve: who, what, their time and
/// tiles per second. The time runs with the playback when the replay has
/// move times (`now / whole`).
fn person_stats(player: &Player, person: &Person) -> Vec<Row> {
    let board = player.board();
    let mut rows = vec![Row::Heading(format!("REPLAY  {}×{}", board.rows(), board.cols()))];
    // The event names the player on leaderboard replays (`4×4 single by
    // someone`); the panel gives each its own row, short enough to fit.
    let mut event = person.event.as_str();
    if let Some(name) = &person.player {
        event = event.strip_suffix(name.as_str()).and_then(|e| e.strip_suffix(" by ")).unwrap_or(event);
        rows.push(Row::Stat("solver".into(), name.clone()));
    }
    rows.push(Row::Stat("event".into(), event.to_string()));
    let whole = person.time_ms.map(|ms| ms as f64 / 1000.0);
    let now = player.clock().map(|t| t.max(0.0)).or_else(|| person.seconds_at(player.cursor()));
    let time = match (now, whole) {
        (Some(now), Some(whole)) => Some(format!("{:.2} / {whole:.2} s", now.min(whole))),
        (None, Some(whole)) => Some(format!("{whole:.3} s")),
        (Some(now), None) => Some(format!("{now:.2} s")),
        (None, None) => None,
    };
    if let Some(time) = time {
        rows.push(Row::Stat("time".into(), time));
    }
    if let Some(ms) = person.time_ms.filter(|&ms| ms > 0) {
        let moves = player.timeline().total().unwrap_or(0);
        rows.push(Row::Stat("tiles / second".into(), format!("{:.2}", moves as f64 * 1000.0 / ms as f64)));
    }
    if let Some(ms) = person.time_as_4x4_ms {
        rows.push(Row::Stat("time as on a 4×4".into(), format!("{:.3} s", ms / 1000.0)));
    }
    rows.push(Row::Stat("multi-tile moves".into(), person.multi_tile.to_string()));
    let predicted = predicted_moves(player.cursor(), player.start_manhattan(), player.manhattan());
    if let Some(predicted) = predicted.filter(|_| player.cursor() > 0) {
        rows.push(Row::Stat("predicted moves".into(), format!("{predicted:.0}")));
    }
    rows
}

/// The panel and finished screen of a game being played: moves, a timer
/// from the first move, tiles per second, Manhattan distance and moves per
/// unit of it. `seconds` is the time since the first move (`None` before
/// it), `start_distance` the Manhattan distance the game started from.
pub fn play_panel(game: &Game, seconds: Option<f64>, start_distance: usize) -> (Vec<Row>, Option<Card>) {
    let board = game.board();
    let moves = game.moves();
    let time = seconds.unwrap_or(0.0);
    let tps = if time > 0.0 { moves as f64 / time } else { 0.0 };
    let mmd = if start_distance > 0 { moves as f64 / start_distance as f64 } else { 0.0 };
    let rows = vec![
        Row::Heading(format!("PLAY  {}×{}", board.rows(), board.cols())),
        Row::Stat("moves".into(), moves.to_string()),
        Row::Stat("time".into(), format!("{time:.1} s")),
        Row::Stat("tiles / second".into(), format!("{tps:.2}")),
        Row::Stat("Manhattan now".into(), board.manhattan().to_string()),
        Row::Stat("moves / Manhattan".into(), format!("{mmd:.2}")),
        Row::Note("click or arrows slide tiles".into()),
        Row::Note("I hint · G goal · L numbers".into()),
        Row::Note("R restart · M watch · ? help".into()),
    ];
    let card = (game.is_solved() && moves > 0).then(|| Card {
        title: "Solved!".to_string(),
        lines: vec![
            format!("time {time:.2} s"),
            if moves == 1 { "1 move".to_string() } else { format!("{moves} moves") },
            format!("{tps:.2} tiles / second"),
            format!("moves / Manhattan {mmd:.2}"),
            "its replay link is printed when the window closes".to_string(),
        ],
    });
    (rows, card)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fifteen_core::{HumanOptions, Scramble};

    #[test]
    fn a_watch_frame_names_the_line_and_marks_its_tile() {
        let board = Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap();
        let mut player = Player::solve(&board, &HumanOptions::default()).unwrap();
        let mut route = Vec::new();
        let frame = watch_frame(&player, &mut route, &[]);
        assert_eq!(frame.title, "row 1: tiles 1–2");
        let focus = frame.focus.unwrap();
        assert_eq!(focus.area, Some((0, 0, 1, 4)));
        assert!(frame.panel.iter().any(|r| matches!(r, Row::Split { current: true, .. })));
        player.seek(10_000, &mut |_: &crate::anim::Cue| {});
        let frame = watch_frame(&player, &mut route, &[Row::Note("optimal: 0 moves left".into())]);
        assert_eq!(frame.title, "solved");
        assert!(frame.panel.contains(&Row::Note("optimal: 0 moves left".into())));
        assert!(frame.panel.iter().any(|r| matches!(r, Row::Stat(name, _) if name == "moves / Manhattan")));
    }

    #[test]
    fn the_play_panel_times_from_the_first_move_and_finishes() {
        let mut game = Game::new("1 2 3\n4 5 6\n7 _ 8".parse().unwrap());
        let (_, card) = play_panel(&game, None, 1);
        assert!(card.is_none());
        game.click(Pos::new(2, 2));
        let (rows, card) = play_panel(&game, Some(2.0), 1);
        assert!(rows.contains(&Row::Stat("tiles / second".into(), "0.50".into())));
        let card = card.unwrap();
        assert_eq!(card.title, "Solved!");
        assert!(card.lines.contains(&"1 move".to_string()), "{card:?}");
    }
}

#[cfg(test)]
mod person_tests {
    // A person's solve, as the window's header and panel show it.
    use super::{Frame, Row, watch_frame};
    use crate::anim::{Cue, Player, Timeline};
    use fifteen_core::lines;
    use fifteen_core::slidysim::{self, Solve};

    fn person_fixture(name: &str) -> Vec<Solve> {
        let path = format!("{}/../../tests/data/slidysim/{name}", env!("CARGO_MANIFEST_DIR"));
        slidysim::parse_source(&std::fs::read_to_string(path).unwrap(), &slidysim::LinkLimits::DEFAULT).unwrap()
    }

    #[test]
    fn the_header_and_panel_say_whose_solve_and_which_line() {
        let solve = &person_fixture("4x4-single.txt")[0];
        let mut player = Player::new(Timeline::from_person(solve).unwrap());
        let mut route = Vec::new();
        let frame = watch_frame(&player, &mut route, &[]);
        let first = lines::detect(&solve.scramble, &solve.moves)[0];
        assert_eq!(frame.title, first.line.name());
        assert!(frame.subtitle.starts_with("4×4 single by dphdmn   move 0 of 26"), "{}", frame.subtitle);
        let focus = frame.focus.expect("the line under way is outlined");
        assert_eq!(focus.area, Some((0, 0, 4, 1)), "column 1 of a 4×4");
        assert!(focus.group.is_none() && focus.tile.is_none(), "no intent is invented");
        assert!(frame.route.is_empty());
        let stat = |frame: &Frame, name: &str| {
            frame.panel.iter().find_map(|row| match row {
                Row::Stat(n, value) if n == name => Some(value.clone()),
                _ => None,
            })
        };
        assert_eq!(stat(&frame, "solver").as_deref(), Some("dphdmn"));
        assert_eq!(stat(&frame, "event").as_deref(), Some("4×4 single"));
        assert_eq!(stat(&frame, "time").as_deref(), Some("0.00 / 0.91 s"));
        assert_eq!(stat(&frame, "tiles / second").as_deref(), Some("28.60"));
        let mmd = format!("{:.2}", solve.mmd().unwrap());
        assert_eq!(stat(&frame, "MMD (moves / Manhattan)"), Some(mmd));
        let splits: Vec<(String, String)> = frame
            .panel
            .iter()
            .filter_map(|row| match row {
                Row::Split { name, moves, .. } => Some((name.clone(), moves.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(splits[0], ("column 1".to_string(), "0 / 17  0.49 s".to_string()));
        assert_eq!(splits.last().unwrap().0, "last 2×2");

        // A split's click seeks to its start, where its line is under way.
        let row_1 = player.timeline().phases()[1].start;
        player.seek(row_1, &mut |_: &Cue| {});
        let frame = watch_frame(&player, &mut route, &[]);
        assert_eq!(frame.title, "row 1");
        assert_eq!(frame.focus.unwrap().area, Some((0, 1, 1, 4)), "row 1 right of the finished column");
        assert_eq!(stat(&frame, "time").as_deref(), Some("0.49 / 0.91 s"));
        player.seek(usize::MAX, &mut |_: &Cue| {});
        assert_eq!(watch_frame(&player, &mut route, &[]).title, "solved");
    }
}
