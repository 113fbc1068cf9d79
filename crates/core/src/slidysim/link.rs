//! Replay links: `https://slidysim.github.io/replay?r=PAYLOAD`, the payload
//! being URL-encoded standard base64 of zlib-compressed JSON, in one of two
//! shapes (a custom replay, or a leaderboard replay of one or several
//! solves). `docs/people.md` describes both.

use std::io::Read;

use base64::Engine;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use flate2::Compression;
use flate2::read::ZlibDecoder;
use flate2::write::ZlibEncoder;
use serde_json::Value;

use super::limits::{Budget, MAX_BOARD_CELLS, count_moves};
use super::{SlidysimError, Solve, board_notation, check_solution};
use crate::board::{Board, IllegalMove, Moves};

/// slidysim's replay page; a link is this with `?r=` and the payload.
pub(crate) const PAGE: &str = "https://slidysim.github.io/replay";

/// The speed slidysim plays a replay that has no move times at, in tiles
/// per second × 1000 (its own default for custom replays is 15 tiles a second).
const DEFAULT_TPS_MILLI: u64 = 15_000;

/// Standard base64, reading payloads with or without their `=` padding.
const BASE64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// Characters `encodeURIComponent` leaves alone; every other byte of the
/// payload (`+`, `/`, `=`) is written as `%XX`, as slidysim writes it.
const URI_COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// A link slidysim's replay page opens, playing `moves` from `scramble`:
/// a custom replay with the moves written run-length (`R3U2L`). With
/// `move_times_ms` (one per move, from the first) the page plays at that
/// pace; without, at 15 tiles a second.
pub fn replay_link(scramble: &Board, moves: &Moves, move_times_ms: Option<&[u64]>) -> String {
    let times = move_times_ms.filter(|t| t.len() == moves.len() && !t.is_empty());
    let tps_milli = match times {
        Some(t) if t[t.len() - 1] > 0 => moves.len() as u64 * 1_000_000 / t[t.len() - 1],
        _ => DEFAULT_TPS_MILLI,
    };
    let times_json = times.map_or(Value::from(-1), |t| Value::from(t.to_vec()));
    let json = Value::Array(vec![
        Value::from(moves.run_length()),
        Value::from(tps_milli),
        Value::from(board_notation(scramble)),
        times_json,
    ]);
    format!("{PAGE}?r={}", encode_payload(&json.to_string()))
}

/// `text` zlib-compressed, base64-encoded and URL-encoded.
fn encode_payload(text: &str) -> String {
    use std::io::Write;
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(text.as_bytes()).expect("writing to memory");
    let packed = encoder.finish().expect("writing to memory");
    percent_encoding::utf8_percent_encode(&BASE64.encode(packed), URI_COMPONENT).to_string()
}

/// The text a payload packs: URL-decoded, base64-decoded, inflated; no
/// more than `limit` bytes of it are inflated.
fn decode_payload(payload: &str, limit: usize) -> Result<String, SlidysimError> {
    let unescaped = percent_encoding::percent_decode_str(payload).decode_utf8_lossy();
    // A `+` decoded as a space by a form decoder is the base64 `+` again.
    let cleaned: String = unescaped.trim().chars().map(|c| if c == ' ' { '+' } else { c }).collect();
    let packed = BASE64.decode(cleaned.as_bytes()).map_err(|e| SlidysimError::NotBase64(e.to_string()))?;
    let mut text = Vec::new();
    ZlibDecoder::new(packed.as_slice())
        .take(limit as u64 + 1)
        .read_to_end(&mut text)
        .map_err(|e| SlidysimError::NotZlib(e.to_string()))?;
    if text.len() > limit {
        return Err(SlidysimError::TooLarge { limit });
    }
    String::from_utf8(text).map_err(|e| SlidysimError::NotJson(format!("not UTF-8 text: {e}")))
}

/// The solves of one link or payload that `budget` has room for; `first`
/// numbers the first of them in error messages.
pub(super) fn read(line: &str, first: usize, budget: &mut Budget) -> Result<Vec<Solve>, SlidysimError> {
    let payload = match line.find("r=") {
        Some(at) => line[at + 2..].split(['&', '#']).next().unwrap_or(""),
        None => line,
    };
    let text = decode_payload(payload, budget.limits.unpacked_bytes)?;
    let json: Value = serde_json::from_str(&text).map_err(|e| SlidysimError::NotJson(e.to_string()))?;
    let Value::Array(items) = json else {
        return Err(SlidysimError::UnknownShape(format!("expected an array, found {}", kind(&json))));
    };
    match items.first() {
        Some(Value::Object(_)) => read_leaderboard(&items, first, budget),
        Some(Value::String(_)) => Ok(vec![read_custom(&items, first, budget)?]),
        Some(other) => Err(SlidysimError::UnknownShape(format!(
            "an array starting with {} (a custom replay starts with its solution, a leaderboard replay with an object)",
            kind(other)
        ))),
        None => Err(SlidysimError::UnknownShape("an empty array".into())),
    }
}

/// `[solution, tps × 1000, scramble, move times or -1]`.
fn read_custom(items: &[Value], solve: usize, budget: &mut Budget) -> Result<Solve, SlidysimError> {
    let field = |i: usize, what: &str| {
        items.get(i).ok_or_else(|| {
            SlidysimError::UnknownShape(format!(
                "a custom replay needs [solution, tps, scramble, …]; {what} is missing"
            ))
        })
    };
    let solution = as_text(field(0, "the solution")?, "the solution")?;
    let tps_milli = as_number(field(1, "the speed")?, "the speed")?;
    let scramble_text = as_text(field(2, "the scramble")?, "the scramble")?;
    // The board's cells are counted from its text before it is built.
    let cells = scramble_text.split(|c: char| c.is_whitespace() || c == '/' || c == ',').filter(|t| !t.is_empty());
    budget.take(solve, cells.count(), count_moves(solution))?;
    let scramble: Board = scramble_text.parse().map_err(|source| SlidysimError::BadScramble { solve, source })?;
    let moves = read_moves(solution, solve)?;
    check_solution(&scramble, &moves, solve)?;
    let move_times_ms = items.get(3).and_then(|t| move_times(t, moves.len()));
    let time_ms = match &move_times_ms {
        Some(times) => times.last().copied(),
        None if tps_milli > 0.0 => Some((moves.len() as f64 * 1e6 / tps_milli).round() as u64),
        None => None,
    };
    Ok(Solve { scramble, moves, time_ms, move_times_ms, player: None, event: "custom replay".into() })
}

/// `[{width, height, nameFilter, avglen, gameMode, …}, packed solve data, …]`,
/// the solve data being `solutions;times;moves;tps;bld;[move times]` with
/// one entry per solve, comma-separated, and no scrambles: each is the goal
/// with its solution undone. The solves `budget` has room for are read,
/// their sizes all taken from it before the first is expanded.
fn read_leaderboard(items: &[Value], first: usize, budget: &mut Budget) -> Result<Vec<Solve>, SlidysimError> {
    let board = LeaderboardInfo::of(&items[0])?;
    let packed = items.get(1).and_then(Value::as_str).ok_or_else(|| {
        SlidysimError::UnknownShape("a leaderboard replay's second item is not its packed solve data".into())
    })?;
    let data = decode_payload(packed, budget.limits.unpacked_bytes)?;
    let (fields, times_part) = match (data.find('['), data.rfind(']')) {
        (Some(open), Some(close)) if open < close => {
            (format!("{}{}", &data[..open], &data[close + 1..]), Some(&data[open + 1..close]))
        }
        _ => (data.clone(), None),
    };
    let parts: Vec<&str> = fields.split(';').collect();
    let solutions: Vec<&str> = parts[0].split(',').map(str::trim).collect();
    if solutions.iter().all(|s| s.is_empty() || *s == "-1") {
        return Err(SlidysimError::UnknownShape("the leaderboard replay carries no solutions".into()));
    }
    let times: Vec<Option<f64>> =
        parts.get(1).map_or(Vec::new(), |t| t.split(',').map(|x| x.trim().parse::<f64>().ok()).collect());
    let move_times: Vec<&str> = times_part.map_or(Vec::new(), |t| t.split(';').collect());
    let count = solutions.len();
    let read = count.min(budget.solves_left());
    // Every solve's size is weighed before any is expanded.
    for (k, solution) in solutions.iter().take(read).enumerate() {
        let (solve, (rows, cols)) = (first + k, board.shape(k));
        if rows.saturating_mul(cols) > MAX_BOARD_CELLS {
            return Err(SlidysimError::TooBig { solve, rows, cols, limit: MAX_BOARD_CELLS });
        }
        budget.take(solve, rows * cols, count_moves(solution))?;
    }
    let mut solves = Vec::with_capacity(read);
    for (k, solution) in solutions.into_iter().take(read).enumerate() {
        let solve = first + k;
        let (rows, cols) = board.shape(k);
        let goal = Board::goal(rows, cols).map_err(|source| SlidysimError::BadSize { solve, source })?;
        let moves = read_moves(solution, solve)?;
        let scramble = undo(goal, &moves).map_err(|source| SlidysimError::IllegalMove { solve, source })?;
        let move_times_ms = move_times.get(k).and_then(|t| parse_times(t, moves.len()));
        let time_ms = times
            .get(k)
            .copied()
            .flatten()
            .filter(|t| *t >= 0.0)
            .map(|t| (t * 1000.0).round() as u64)
            .or_else(|| move_times_ms.as_ref().and_then(|t| t.last().copied()));
        let event = board.event(k, count);
        solves.push(Solve { scramble, moves, time_ms, move_times_ms, player: board.player.clone(), event });
    }
    Ok(solves)
}

/// What a leaderboard replay's first object says of its solves.
struct LeaderboardInfo {
    width: usize,
    height: usize,
    player: Option<String>,
    mode: String,
    avglen: u64,
    /// A relay goes down a size each solve.
    relay: bool,
}

impl LeaderboardInfo {
    fn of(info: &Value) -> Result<LeaderboardInfo, SlidysimError> {
        let dimension = |key: &str| {
            info.get(key).and_then(Value::as_u64).map(|n| n as usize).ok_or_else(|| {
                SlidysimError::UnknownShape(format!("a leaderboard replay's first object has no whole `{key}`"))
            })
        };
        let mode = info.get("gameMode").and_then(Value::as_str).unwrap_or("Standard").to_string();
        Ok(LeaderboardInfo {
            width: dimension("width")?,
            height: dimension("height")?,
            player: info.get("nameFilter").and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string),
            relay: mode.to_ascii_lowercase().contains("relay"),
            mode,
            avglen: info.get("avglen").and_then(Value::as_u64).unwrap_or(1),
        })
    }

    /// The rows and columns of solve `k` (from 0).
    fn shape(&self, k: usize) -> (usize, usize) {
        let shrink = if self.relay { k } else { 0 };
        (self.height.saturating_sub(shrink), self.width.saturating_sub(shrink))
    }

    /// What solve `k` (from 0) of `count` was: `4×4 ao5, solve 2 of 5 by NAME`.
    fn event(&self, k: usize, count: usize) -> String {
        let (rows, cols) = self.shape(k);
        let (width, height, mode) = (self.width, self.height, &self.mode);
        let size = format!("{rows}×{cols}");
        let mut event = match (self.avglen, self.relay) {
            (_, true) => format!("{width}×{height} {mode}, {size}"),
            (1, false) if mode == "Standard" => format!("{size} single"),
            (1, false) => format!("{size} {mode}"),
            (n, false) => format!("{size} ao{n}"),
        };
        if count > 1 {
            event.push_str(&format!(", solve {} of {count}", k + 1));
        }
        if let Some(name) = &self.player {
            event.push_str(&format!(" by {name}"));
        }
        event
    }
}

/// A solution's moves (its size already taken from the budget, so that
/// expanding them is bounded).
fn read_moves(solution: &str, solve: usize) -> Result<Moves, SlidysimError> {
    solution.parse().map_err(|source| SlidysimError::BadMoves { solve, source })
}

/// The board that `moves` solve: the goal with the moves taken back, last
/// first. A move that cannot be taken back is named by its place in the
/// solution.
fn undo(goal: Board, moves: &Moves) -> Result<Board, IllegalMove> {
    let mut board = goal;
    for (i, &mv) in moves.iter().enumerate().rev() {
        if board.slide(mv.opposite()).is_none() {
            return Err(IllegalMove { index: i + 1, mv, blank: board.blank() });
        }
    }
    Ok(board)
}

/// Move times as JSON (an array of numbers, or -1 for none), kept only when
/// there is one per move, counted from the first.
fn move_times(value: &Value, moves: usize) -> Option<Vec<u64>> {
    let times: Vec<f64> = value.as_array()?.iter().map(Value::as_f64).collect::<Option<_>>()?;
    from_first(times, moves)
}

/// Move times as text (`0,5,28,…`), kept only when there is one per move.
fn parse_times(text: &str, moves: usize) -> Option<Vec<u64>> {
    let times: Vec<f64> = text.split(',').map(|t| t.trim().parse::<f64>().ok()).collect::<Option<_>>()?;
    from_first(times, moves)
}

fn from_first(times: Vec<f64>, moves: usize) -> Option<Vec<u64>> {
    if times.len() != moves || moves == 0 || times.iter().any(|t| !t.is_finite()) {
        return None;
    }
    let start = times[0];
    // Times never run backwards: a later stamp below an earlier one is read
    // as the same instant.
    let mut last = 0u64;
    Some(
        times
            .iter()
            .map(|&t| {
                last = last.max((t - start).max(0.0).round() as u64);
                last
            })
            .collect(),
    )
}

fn as_text<'a>(value: &'a Value, what: &str) -> Result<&'a str, SlidysimError> {
    value.as_str().ok_or_else(|| SlidysimError::UnknownShape(format!("{what} is {}, not text", kind(value))))
}

/// A number, or text holding one (slidysim writes the speed either way).
fn as_number(value: &Value, what: &str) -> Result<f64, SlidysimError> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .ok_or_else(|| SlidysimError::UnknownShape(format!("{what} is {}, not a number", kind(value))))
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
