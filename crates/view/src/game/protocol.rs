//! The messages of the network game, field for field.
//!
//! The server sends a [`State`] as a JSON text frame:
//! `{"Board":[1,2,3,4,5,6,7,8,0],"Status":"playing","Score":0}`; the client
//! sends `{"Move":"left"}`, naming where the **blank** goes
//! ([`MoveNotation::Blank`]). Extra fields are allowed both ways; fifteen's
//! server adds the board's shape and, while it streams the human solver's
//! moves, what the solver is doing.
//!
//! A client that sends `{"Optimal":true}` also gets, on boards of up to 16
//! cells, an [`Optimal`] message after a state once the server knows that
//! position's optimal distance:
//! `{"Optimal":{"Score":3,"Moves":21,"Best":"left","Tile":7}}`. It comes
//! after the state it answers (same `Score`), only while that is still the
//! game's position, so a client shows it when its `Score` is the one on
//! screen. Clients that never ask get states only, exactly as before.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use fifteen_core::board::{Board, Move, MoveNotation, Tile};
use fifteen_core::human::{Corner, Group, Phase, PlacementTitle, Region, line_area};
use fifteen_core::search::distance::Distance;

/// Where the game stands, as the `Status` field says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// `"playing"`: not solved yet.
    Playing,
    /// `"complete"`: solved; the game is over.
    Complete,
    /// `"error: …"`: the last message was refused and changed nothing.
    Error(String),
}

impl Status {
    /// The status of a board: complete when solved, else playing.
    pub fn of(board: &Board) -> Status {
        if board.is_solved() { Status::Complete } else { Status::Playing }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Playing => f.write_str("playing"),
            Status::Complete => f.write_str("complete"),
            Status::Error(why) => write!(f, "error: {why}"),
        }
    }
}

impl Serialize for Status {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Status {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Status, D::Error> {
        let text = String::deserialize(deserializer)?;
        match text.as_str() {
            "playing" => Ok(Status::Playing),
            "complete" => Ok(Status::Complete),
            other => match other.strip_prefix("error:") {
                Some(why) => Ok(Status::Error(why.trim_start().to_string())),
                None => Err(serde::de::Error::custom(format!(
                    "unknown Status {other:?}: expected \"playing\", \"complete\" or \"error: …\""
                ))),
            },
        }
    }
}

/// The rectangle of cells a region covers, rows `top..bottom`, columns
/// `left..right` (ends excluded), for the page's outline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Area {
    /// `top-left`, `right-columns`, `bottom-rows`, `last-block` or `exact`.
    pub name: String,
    /// First row.
    pub top: usize,
    /// First column.
    pub left: usize,
    /// One past the last row.
    pub bottom: usize,
    /// One past the last column.
    pub right: usize,
}

impl Area {
    /// The cells of a placement's region on a `rows`×`cols` board, as
    /// `docs/strategy.md` draws them (see [`Region::area`]).
    pub(crate) fn of(region: Region, group: Group, rows: usize, cols: usize) -> Area {
        let (top, left, bottom, right) = region.area(group, rows, cols);
        Area { name: region.name().to_string(), top, left, bottom, right }
    }
}

/// What the human solver is doing, sent with each state it streams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Doing {
    /// The region the tiles go to.
    pub(crate) region: Region,
    /// The tile or pair (or the last block's three) being placed.
    pub(crate) group: Group,
    /// The line of the sweep they belong to (none before the first phase).
    pub(crate) line: Option<Phase>,
    /// Where the unsolved rectangle's corner was as that line began.
    pub(crate) corner: Corner,
    /// The tile on its way and the cell it is going to, when the solver
    /// has said (the travelling tile the viewer frames).
    pub(crate) travel: Option<Travel>,
}

/// A tile on its way: where the human solver takes it next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Travel {
    /// The tile.
    pub tile: Tile,
    /// The cell it goes to, in reading order (row × cols + column).
    pub to: usize,
}

impl Doing {
    /// The phase as the page names it: `top rows`, `right pair`, `bottom pair` or `last block`.
    pub(crate) const fn phase(&self) -> &'static str {
        match self.region {
            Region::TopLeft => "top rows",
            Region::RightColumns => "right pair",
            Region::BottomRows => "bottom pair",
            Region::LastBlock => "last block",
            Region::Exact => "exact stage",
            _ => "placing",
        }
    }
}

/// One game state as the server sends it.
///
/// The first three fields are the core protocol; the rest are extras old
/// clients ignore.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Cells in reading order, `0` for the blank.
    #[serde(rename = "Board")]
    pub board: Vec<Tile>,
    /// `playing`, `complete` or `error: …`.
    #[serde(rename = "Status")]
    pub status: Status,
    /// Moves made so far.
    #[serde(rename = "Score")]
    pub score: u64,
    /// Rows of the board (extra: the flat `Board` does not say).
    #[serde(rename = "Rows", default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<usize>,
    /// Columns of the board (extra).
    #[serde(rename = "Cols", default, skip_serializing_if = "Option::is_none")]
    pub cols: Option<usize>,
    /// While the human solver is watched: its phase (`top rows`, `right pair`,
    /// `bottom pair`, `last block`).
    #[serde(rename = "Phase", default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// While watched: the tile or tiles being placed.
    #[serde(rename = "Target", default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Vec<Tile>>,
    /// While watched: the region those tiles belong to.
    #[serde(rename = "Region", default, skip_serializing_if = "Option::is_none")]
    pub region: Option<Area>,
    /// While watched: what is being built, as the window and the terminal
    /// name it (`row 1: end pair 3 + 4`).
    #[serde(rename = "Title", default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// While watched: the tile on its way and the cell it goes to.
    #[serde(rename = "Travel", default, skip_serializing_if = "Option::is_none")]
    pub travel: Option<Travel>,
}

impl State {
    /// The state of a board after `score` moves.
    pub fn new(board: &Board, score: u64) -> State {
        State {
            board: board.cells().to_vec(),
            status: Status::of(board),
            score,
            rows: Some(board.rows()),
            cols: Some(board.cols()),
            phase: None,
            target: None,
            region: None,
            title: None,
            travel: None,
        }
    }

    /// The same state with what the solver is doing attached.
    pub(crate) fn doing(mut self, doing: Doing) -> State {
        let (rows, cols) = (self.rows.unwrap_or(0), self.cols.unwrap_or(0));
        self.phase = Some(doing.phase().to_string());
        self.target = Some(doing.group.tiles().to_vec());
        self.region = Some(Area::of(doing.region, doing.group, rows, cols));
        self.travel = doing.travel;
        if let Some(line) = doing.line {
            let (region, group, corner) = (doing.region, doing.group, doing.corner);
            self.title = Some(PlacementTitle { phase: line, region, group, shape: (rows, cols), corner }.to_string());
            // Outline the line the title names, as the window does.
            if let Some((top, left, bottom, right)) = line_area(line, rows, cols, doing.corner) {
                self.region = Some(Area { name: "line".to_string(), top, left, bottom, right });
            }
        }
        self
    }

    /// The state as the JSON text the server sends.
    pub fn to_json(&self) -> String {
        // A struct of numbers and strings always serializes.
        serde_json::to_string(self)
            .unwrap_or_else(|e| serde_json::json!({ "Status": format!("error: {e}") }).to_string())
    }

    /// The board's shape: the `Rows` and `Cols` extras when present, else the
    /// square a bare 3×3 board implies. `None` when neither fits.
    pub fn shape(&self) -> Option<(usize, usize)> {
        match (self.rows, self.cols) {
            (Some(r), Some(c)) if r.checked_mul(c) == Some(self.board.len()) => Some((r, c)),
            (None, None) => {
                let n = self.board.len().isqrt();
                (n * n == self.board.len()).then_some((n, n))
            }
            _ => None,
        }
    }
}

/// The optimal distance of a game's position, sent after its state to a
/// client that asked with `{"Optimal":true}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Optimal {
    /// The `Score` of the state it answers.
    pub score: u64,
    /// Moves of a shortest solution from there (0 when solved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<usize>,
    /// Its first move, naming where the blank goes like a `Move` message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// The tile that move slides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<Tile>,
    /// Why there is no distance (the search failed), instead of `Moves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The envelope: `{"Optimal":{…}}`, which no state has.
#[derive(Serialize, Deserialize)]
struct OptimalMessage {
    #[serde(rename = "Optimal")]
    optimal: Optimal,
}

impl Optimal {
    /// The distance of `board`, the position after `score` moves.
    pub fn of(board: &Board, score: u64, distance: Distance) -> Optimal {
        Optimal {
            score,
            moves: Some(distance.moves_left),
            best: distance.best.map(|mv| MoveNotation::Blank.name(mv).word().to_string()),
            tile: distance.best_tile(board),
            error: None,
        }
    }

    /// No distance for the position after `score` moves, and why.
    pub fn failed(score: u64, why: String) -> Optimal {
        Optimal { score, moves: None, best: None, tile: None, error: Some(why) }
    }

    /// The best move in fifteen's tile notation, ready for [`Board::slide`].
    pub fn best_move(&self) -> Option<Move> {
        self.best.as_deref().and_then(Move::from_word).map(|mv| MoveNotation::Blank.read(mv))
    }

    /// The message as the JSON text the server sends.
    pub fn to_json(&self) -> String {
        let message = OptimalMessage { optimal: self.clone() };
        // Numbers and strings always serialize.
        serde_json::to_string(&message)
            .unwrap_or_else(|e| serde_json::json!({ "Optimal": { "Error": e.to_string() } }).to_string())
    }

    /// Reads a text frame that is an `Optimal` message; `None` for any other.
    pub fn parse(text: &str) -> Option<Optimal> {
        serde_json::from_str::<OptimalMessage>(text).ok().map(|m| m.optimal)
    }
}

/// A message the server sends: a state, or an optimal distance.
pub enum ServerMessage {
    /// A game state.
    State(State),
    /// The optimal distance of one.
    Optimal(Optimal),
}

impl ServerMessage {
    /// Reads a text frame: an `Optimal` message, else a state.
    pub fn parse(text: &str) -> Result<ServerMessage, serde_json::Error> {
        match Optimal::parse(text) {
            Some(answer) => Ok(ServerMessage::Optimal(answer)),
            None => serde_json::from_str(text).map(ServerMessage::State),
        }
    }
}

/// A message a client may send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// `{"Move":"left"}`: the blank goes left. Held here in fifteen's tile
    /// notation (the tile slides right), ready for [`Board::slide`].
    Move(Move),
    /// `{"Watch":250}`: solve the board with the human strategy and stream
    /// its moves, one every this many milliseconds (sent again: new speed).
    Watch {
        /// Milliseconds between moves.
        delay_ms: u64,
    },
    /// `{"Stop":true}`: stop streaming.
    Stop,
    /// `{"Optimal":true}`: send an [`Optimal`] message after each state
    /// (boards of up to 16 cells); `{"Optimal":false}`: stop.
    Optimal(bool),
}

/// Why a client's message was refused. Its text follows `error: ` in the reply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadRequest {
    /// Not JSON at all.
    #[error("not JSON ({0}); send {{\"Move\":\"left\"}}")]
    NotJson(String),
    /// JSON, but no `Move` (or `Watch`, `Stop`) in an object.
    #[error("no \"Move\" in the message; send {{\"Move\":\"left\"}}")]
    NoMove,
    /// A `Move` that names no direction.
    #[error("unknown move {0}; send \"left\", \"right\", \"up\" or \"down\"")]
    UnknownMove(String),
    /// A `Watch` whose speed is not a number of milliseconds.
    #[error("\"Watch\" takes the milliseconds between moves, like {{\"Watch\":250}}, not {0}")]
    BadWatch(String),
    /// An `Optimal` that is not `true` or `false`.
    #[error("\"Optimal\" takes true or false, like {{\"Optimal\":true}}, not {0}")]
    BadOptimal(String),
    /// A binary frame.
    #[error("binary frames are not accepted; send JSON text like {{\"Move\":\"left\"}}")]
    Binary,
    /// A text frame over the size limit.
    #[error("message of {len} bytes is over the {max}-byte limit")]
    TooLarge {
        /// Its size.
        len: usize,
        /// The limit.
        max: usize,
    },
}

impl Request {
    /// Reads one text frame.
    pub fn parse(text: &str) -> Result<Request, BadRequest> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| BadRequest::NotJson(e.to_string()))?;
        let Some(object) = value.as_object() else {
            return Err(BadRequest::NoMove);
        };
        if let Some(named) = object.get("Move") {
            let mv = named.as_str().and_then(Move::from_word).ok_or_else(|| BadRequest::UnknownMove(brief(named)))?;
            return Ok(Request::Move(MoveNotation::Blank.read(mv)));
        }
        if let Some(speed) = object.get("Watch") {
            let delay_ms = speed.as_u64().ok_or_else(|| BadRequest::BadWatch(brief(speed)))?;
            return Ok(Request::Watch { delay_ms });
        }
        if object.contains_key("Stop") {
            return Ok(Request::Stop);
        }
        if let Some(wanted) = object.get("Optimal") {
            let wanted = wanted.as_bool().ok_or_else(|| BadRequest::BadOptimal(brief(wanted)))?;
            return Ok(Request::Optimal(wanted));
        }
        Err(BadRequest::NoMove)
    }
}

/// A JSON value in an error message, cut short.
fn brief(value: &serde_json::Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// The message a client sends for a move given in tile notation.
pub fn move_message(mv: Move) -> String {
    serde_json::json!({ "Move": MoveNotation::Blank.name(mv).word() }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_sent_as_the_seeds_json_and_moves_name_the_blanks_way() {
        let state = State::new(&Board::goal(3, 3).unwrap(), 0);
        assert_eq!(state.status, Status::Complete);
        let json = serde_json::to_string(&state).unwrap();
        assert!(json.starts_with(r#"{"Board":[1,2,3,4,5,6,7,8,0],"Status":"complete","Score":0"#));
        // "left" sends the blank left: the tile on its left slides right.
        assert_eq!(Request::parse(r#"{"Move":"left"}"#), Ok(Request::Move(Move::Right)));
        assert_eq!(move_message(Move::Right), r#"{"Move":"left"}"#);
    }

    #[test]
    fn requests_are_read_or_refused_with_the_reason() {
        assert_eq!(Request::parse(r#"{"Watch":100}"#), Ok(Request::Watch { delay_ms: 100 }));
        assert_eq!(Request::parse("{}"), Err(BadRequest::NoMove));
        assert!(matches!(Request::parse(r#"{"Move":"sideways"}"#), Err(BadRequest::UnknownMove(_))));
    }

    #[test]
    fn states_round_trip_and_keep_the_seed_field_names() {
        let board = Board::from_cells(3, 3, vec![1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
        let state = State::new(&board, 7);
        let json = state.to_json();
        assert!(json.starts_with(r#"{"Board":[1,2,3,4,5,6,7,0,8],"Status":"playing","Score":7,"Rows":3,"Cols":3"#));
        assert_eq!(serde_json::from_str::<State>(&json).unwrap(), state);
        let seed: State =
            serde_json::from_str(r#"{"Board":[1,2,3,4,5,6,7,8,0],"Status":"complete","Score":0}"#).unwrap();
        assert_eq!(seed.shape(), Some((3, 3)));
        assert_eq!(seed.status, Status::Complete);
    }

    #[test]
    fn optimal_messages_round_trip_and_are_no_state() {
        let board = Board::goal(3, 3).unwrap();
        let solved = Optimal::of(&board, 9, Distance { moves_left: 0, best: None });
        let json = solved.to_json();
        assert_eq!(json, r#"{"Optimal":{"Score":9,"Moves":0}}"#);
        assert_eq!(Optimal::parse(&json), Some(solved));
        assert!(serde_json::from_str::<State>(&json).is_err(), "an old client's state parser skips it");
        assert_eq!(Optimal::parse(&State::new(&board, 0).to_json()), None);
        let failed = Optimal::failed(2, "out of memory".into());
        assert_eq!(failed.to_json(), r#"{"Optimal":{"Score":2,"Error":"out of memory"}}"#);
    }

    #[test]
    fn error_statuses_read_back() {
        let mut state = State::new(&Board::goal(2, 2).unwrap(), 0);
        state.status = Status::Error("no \"Move\"".into());
        let json = state.to_json();
        assert!(json.contains(r#""Status":"error: no \"Move\"""#), "{json}");
        assert_eq!(serde_json::from_str::<State>(&json).unwrap().status, state.status);
        assert!(serde_json::from_str::<State>(r#"{"Board":[1,2,3,0],"Status":"won","Score":0}"#).is_err());
    }

    #[test]
    fn every_blank_direction_reads_as_the_opposite_tile_move() {
        for (word, tile) in [("left", Move::Right), ("right", Move::Left), ("up", Move::Down), ("down", Move::Up)] {
            assert_eq!(Request::parse(&format!(r#"{{"Move":"{word}"}}"#)), Ok(Request::Move(tile)));
            assert_eq!(move_message(tile), format!(r#"{{"Move":"{word}"}}"#));
        }
    }

    #[test]
    fn bad_messages_say_what_was_wrong() {
        assert!(matches!(Request::parse("hello"), Err(BadRequest::NotJson(_))));
        assert_eq!(Request::parse("[1,2]"), Err(BadRequest::NoMove));
        assert_eq!(Request::parse(r#"{"move":"left"}"#), Err(BadRequest::NoMove));
        assert_eq!(Request::parse(r#"{"Move":7}"#), Err(BadRequest::UnknownMove("7".into())));
        assert!(matches!(Request::parse(r#"{"Watch":"fast"}"#), Err(BadRequest::BadWatch(_))));
        assert_eq!(Request::parse(r#"{"Optimal":true}"#), Ok(Request::Optimal(true)));
        assert_eq!(Request::parse(r#"{"Optimal":false}"#), Ok(Request::Optimal(false)));
        assert_eq!(
            Request::parse(r#"{"Optimal":"yes"}"#).unwrap_err().to_string(),
            r#""Optimal" takes true or false, like {"Optimal":true}, not "yes""#
        );
        let long = format!(r#"{{"Move":"{}"}}"#, "x".repeat(100));
        let err = Request::parse(&long).unwrap_err().to_string();
        assert!(err.len() < 120 && err.contains('…'), "{err}");
    }

    #[test]
    fn areas_follow_the_strategy_regions() {
        let (r, c) = (5, 6);
        let area = |region| {
            let a = Area::of(region, Group::new(&[1]), r, c);
            (a.top, a.left, a.bottom, a.right)
        };
        assert_eq!(area(Region::TopLeft), (0, 0, 3, 4));
        assert_eq!(area(Region::RightColumns), (0, 4, 3, 6));
        assert_eq!(area(Region::BottomRows), (3, 0, 5, 4));
        assert_eq!(area(Region::LastBlock), (3, 4, 5, 6));
        let column = Area::of(Region::Exact, Group::new(&[1, 7, 13, 19]), r, c);
        assert_eq!((column.top, column.left, column.bottom, column.right), (0, 0, 4, 1));
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn optimal_names_the_blank_s_way_and_the_tile() {
        use crate::game::protocol::Optimal;
        use fifteen_core::search::distance::Distance;
        use fifteen_core::{Board, Move};

        let board = Board::from_cells(2, 2, vec![1, 2, 0, 3]).unwrap();
        let optimal = Optimal::of(&board, 4, Distance { moves_left: 1, best: Some(Move::Left) });
        // Tile 3 slides left: the blank goes right, as a client would send it.
        assert_eq!(optimal.to_json(), r#"{"Optimal":{"Score":4,"Moves":1,"Best":"right","Tile":3}}"#);
        assert_eq!(optimal.best_move(), Some(Move::Left));
    }

    // What were examples in the docs of items only the crate uses.

    #[test]
    fn area_of() {
        use crate::game::protocol::Area;
        use fifteen_core::human::{Group, Region};
        let a = Area::of(Region::RightColumns, Group::new(&[3, 4]), 4, 4);
        assert_eq!((a.top, a.left, a.bottom, a.right), (0, 2, 2, 4));
    }
}
