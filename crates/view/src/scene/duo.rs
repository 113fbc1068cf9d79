//! What one half of a side-by-side frame shows: one solve of a [`Duo`],
//! its board and marks as when watched alone, and a panel of the stages the
//! two solves are kept in step by.

use crate::anim::{Duo, Side};
use fifteen_core::board::Pos;
use fifteen_core::lines::{self, Stage};

use super::frame::{Card, Frame, Row, format_speed, watch_frame};

/// The stages listed around the one under way.
const STAGES_SHOWN: usize = 5;

/// A stage's name longer than this is shown by the rectangle it leaves.
const LONGEST_STAGE_NAME: usize = 18;

/// The keys of the side-by-side window as its help lists them (keys, two
/// spaces, what they do): the one-board window's keys
/// (`BINDINGS`), a stage standing in for a
/// phase and for a move.
pub const DUO_HELP: &[&str] = &[
    "Space  play / pause",
    "→ ↓ N  to the end of the stage (the lines both finish next)",
    "← ↑ P  back a stage",
    "+ -  faster / slower, both boards",
    "R  from the start",
    "O  overlays on / off",
    "? H  this help",
    "Esc Q  close the help, or quit",
    "click  a stage to jump there",
];

/// The frame of `side` of `duo`: the board, marks and header of that solve
/// played alone, the header saying when it waits for the other, and a panel
/// of its moves against the other's, stage by stage. `names` name the two
/// solves as a sentence names them (`["the person", "fifteen"]`), `about` says more of this one for the
/// panel's heading.
pub fn duo_frame<'a>(duo: &'a Duo, side: Side, names: [&str; 2], about: &str, route: &'a mut Vec<Pos>) -> Frame<'a> {
    let player = duo.player(side);
    let mut frame = watch_frame(player, route, &[]);
    let (name, other) = (names[side as usize], names[side.other() as usize]);
    let state = if duo.is_playing() { "playing" } else { "paused" };
    let total = player.timeline().total().map_or_else(|| "?".to_string(), |n| n.to_string());
    frame.subtitle =
        format!("{name}   move {} of {total}   {} moves/s   {state}", player.cursor(), format_speed(duo.speed()));
    if duo.is_waiting(side)
        && let Some(stage) = duo.stage()
    {
        // Waiting is what this board is doing now: the title says so.
        let start = |s: Side| stage.checked_sub(1).map_or(0, |before| duo.end_of(s, before));
        let (mine, theirs) =
            (duo.end_of(side, stage) - start(side), duo.end_of(side.other(), stage) - start(side.other()));
        frame.title = format!("waits for {other}");
        frame.subtitle = format!(
            "{name} finished {} in {mine} moves; {other} has made {} of {theirs}",
            stage_name(&duo.stages()[stage]),
            duo.player(side.other()).cursor() - start(side.other())
        );
        frame.focus = None;
    }
    if duo.is_finished() {
        let (mine, theirs) = (player.cursor(), duo.player(side.other()).cursor());
        let versus = match mine.cmp(&theirs) {
            std::cmp::Ordering::Equal => format!("as many as {other}"),
            std::cmp::Ordering::Less => format!("{} fewer than {other}", theirs - mine),
            std::cmp::Ordering::Greater => format!("{} more than {other}", mine - theirs),
        };
        frame.card = Some(Card { title: "solved".into(), lines: vec![format!("{mine} moves"), versus] });
    }
    let board = player.board();
    let mut panel = vec![
        Row::Heading(format!("{}  {}×{}", about.to_uppercase(), board.rows(), board.cols())),
        Row::Stat("moves".into(), format!("{} / {total}", player.cursor())),
    ];
    let this_stage = match duo.stage() {
        Some(stage) => {
            let start = stage.checked_sub(1).map_or(0, |before| duo.end_of(side, before));
            let stretch = duo.end_of(side, stage) - start;
            format!("{} / {stretch}", player.cursor().saturating_sub(start))
        }
        None => "all done".to_string(),
    };
    panel.push(Row::Stat("this stage".into(), this_stage));
    let (mine, theirs) = moves_at(duo, side);
    let ahead = mine as i64 - theirs as i64;
    let lead = match ahead {
        0 => "level".to_string(),
        more if more > 0 => format!("{more} more"),
        fewer => format!("{} fewer", -fewer),
    };
    panel.push(Row::Stat(format!("vs {other} so far"), lead));
    let manhattan = player.timeline().start().manhattan();
    if let Some(total) = player.timeline().total().filter(|_| manhattan > 0) {
        panel.push(Row::Stat("moves / Manhattan".into(), format!("{:.2}", total as f64 / manhattan as f64)));
    }
    panel.push(Row::Note("Space play · →← stage · +- speed · H help".into()));
    panel.extend(stage_rows(duo, side));
    frame.panel = panel;
    frame
}

/// The moves each side made up to the last stage both finished: what the
/// two spent on the same lines so far.
fn moves_at(duo: &Duo, side: Side) -> (usize, usize) {
    let done = duo.stage().unwrap_or(duo.stages().len()).checked_sub(1);
    done.map_or((0, 0), |index| (duo.end_of(side, index), duo.end_of(side.other(), index)))
}

/// A stage by the lines it finished (`row 3`), or the rectangle it leaves
/// when they are many.
fn stage_name(stage: &Stage) -> String {
    let names = lines::names(&stage.finished);
    if stage.rows_left == 0 {
        "solved".to_string()
    } else if names.chars().count() > LONGEST_STAGE_NAME || names.is_empty() {
        format!("to {}×{} left", stage.rows_left, stage.cols_left)
    } else {
        names
    }
}

/// The stages around the one under way, each with the moves this side made
/// on it and how many more or fewer than the other.
fn stage_rows(duo: &Duo, side: Side) -> Vec<Row> {
    let stages = duo.stages();
    let mut rows = vec![Row::Heading("stages (click to jump)".into())];
    let current = duo.stage();
    let around = current.unwrap_or(stages.len());
    let first = around.saturating_sub(STAGES_SHOWN / 2).min(stages.len().saturating_sub(STAGES_SHOWN));
    for (index, stage) in stages.iter().enumerate().skip(first).take(STAGES_SHOWN) {
        let start = |s: Side| index.checked_sub(1).map_or(0, |before| duo.end_of(s, before));
        let mine = duo.end_of(side, index) - start(side);
        let theirs = duo.end_of(side.other(), index) - start(side.other());
        let name = stage_name(stage);
        let moves =
            if mine == theirs { mine.to_string() } else { format!("{mine} ({:+})", mine as i64 - theirs as i64) };
        rows.push(Row::Split { name, moves, current: current == Some(index), start: start(side) });
    }
    rows
}
