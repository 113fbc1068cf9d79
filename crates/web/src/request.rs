//! The requests the page sends, as JSON objects named by `op`.

use fifteen_core::train::planned::PlannedDrill;
use serde::Deserialize;

/// One request of the page's (`{"op": "solve", …}`).
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum PageRequest {
    /// Text a person typed or pasted: a board in any notation the command
    /// reads, or a slidysim replay link (or its bare payload). Answers
    /// `{"board": {rows, cols, cells}}` or `{"link": {solves, rows, cols,
    /// event}}`.
    Read {
        /// The text.
        text: String,
    },
    /// A seeded board, as `fifteen scramble --rows R --cols C --seed S`
    /// (`--walk K` with `walk`) deals it. Answers `{rows, cols, cells}`.
    Scramble {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The seed.
        seed: u64,
        /// K random slides from the goal instead of a uniform board.
        #[serde(default)]
        walk: Option<u64>,
    },
    /// fifteen's solve of a board, as the viewer's data (`/watch`,
    /// `/solve`), or with `moves_only` just `{count, moves}` (the moves as
    /// letters, for the tests that compare them with the command's).
    Solve {
        /// The board.
        board: BoardGiven,
        /// `fast`, `normal`, `best` or `auto` (the default, as `fifteen
        /// solve`).
        #[serde(default)]
        effort: Option<String>,
        /// `rows`, `shells` or `free` (the default).
        #[serde(default)]
        order: Option<String>,
        /// `pairs` (the default) or `exact`.
        #[serde(default)]
        finish: Option<String>,
        /// Answer the moves alone.
        #[serde(default)]
        moves_only: bool,
    },
    /// A slidysim link's first solve beside fifteen's, coached: the data of
    /// `/replay?r=…`, with `solves` (how many the link holds).
    Replay {
        /// The link, its payload, or the query `r=…`.
        link: String,
    },
    /// The replay page's coaching again at the sharper par its data names
    /// (`coach.sharper`), worked out once the page is shown. Answers
    /// `{coach}`: the coach's part of the page's data, or null where no
    /// sharper par is worth finding.
    Sharper {
        /// The link, its payload, or the query `r=…`.
        link: String,
    },
    /// A link of several solves (an average's) as a session: every solve
    /// coached, the session's numbers above the first.
    Session {
        /// The link, its payload, or the query `r=…`.
        link: String,
    },
    /// The next move from a board, for play by hand: the human strategy's
    /// (`strategy`: its move and what it is building), and on boards of up
    /// to 16 cells the optimal distance and first optimal move (`optimal`).
    Hint {
        /// The board.
        board: BoardGiven,
    },
    /// The optimal solver's tables of a shape (the 4×4's 6-6-3): with
    /// `keep`, built now (reporting progress) and left as bytes for the
    /// page to keep; without, taken from the bytes the page gave. Answers
    /// `{bytes}` (their length) or the reason they cannot be used.
    Tables {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Build them and hand their bytes over, rather than take them.
        #[serde(default)]
        keep: bool,
    },
    /// The play page's game: the server's own (`fifteen_view::game`), its
    /// messages field for field. `start` deals it on a board; `message` is
    /// what a client sends the server's websocket (`{"Move":"left"}`,
    /// `{"Watch":250}`, `{"Optimal":true}`); `tick` makes the watched
    /// solver's next move. Answers `{messages, delay_ms}`: the texts the
    /// server would send, and while the solver is watched, the milliseconds
    /// to the next tick.
    Game {
        /// A new game on this board.
        #[serde(default)]
        start: Option<BoardGiven>,
        /// A client's message.
        #[serde(default)]
        message: Option<String>,
        /// The watched solver's next move.
        #[serde(default)]
        tick: bool,
    },
    /// A plan of drills from a person's solves (`/train`), as `fifteen
    /// train SOURCE… --plan --format json` makes it: every solve of `links`
    /// coached, the kinds of line by what they lost, and `drills` drills
    /// (fresh boards from `seed`), with the repetition boxes of `history`.
    /// Answers `{solves, seed, costs, drills}`, each drill `{planned, area,
    /// after}`: the drill as the command prints it, its line's cells, and
    /// the unsolved rectangle's corner once the line is home.
    TrainPlan {
        /// The person's links (or their payloads).
        links: Vec<String>,
        /// The attempts so far, one JSON line each.
        #[serde(default)]
        history: Vec<String>,
        /// Drills in the plan.
        #[serde(default = "ten")]
        drills: usize,
        /// The fresh boards' seed.
        seed: u64,
    },
    /// The move game (`fifteen train --move-game`): up to `limit` of the
    /// person's own boards where their next move lost par (boards of up to
    /// 16 cells). Answers `{questions}`, each `{solve, move_number, rows,
    /// cols, board, par, played, keeping}`: the move played and the moves
    /// that keep par, as letters.
    TrainMoveGame {
        /// The person's links (or their payloads).
        links: Vec<String>,
        /// Boards at most.
        #[serde(default = "ten")]
        limit: usize,
    },
    /// An attempt at a drill weighed as `fifteen train` weighs it: the
    /// moves must finish the line. Answers the attempt as the history keeps
    /// it (`attempt`, one JSON line) with its moves, par, par after and loss.
    TrainScore {
        /// The drill, as the plan gave it.
        drill: PlannedDrill,
        /// The moves, in the notation (`LLURD…`: where the blank goes).
        moves: String,
        /// From the first move to the line home.
        time_ms: u64,
        /// When it was played: seconds since 1970.
        when: i64,
    },
    /// The history's trend by kind, as `fifteen train --history --format
    /// json` gives it.
    TrainHistory {
        /// The attempts, one JSON line each.
        history: Vec<String>,
    },
    /// Text of JSON lines (`fifteen train --export`'s) read as attempts,
    /// every line checked. Answers `{attempts}`: the lines to keep.
    TrainImport {
        /// The text.
        text: String,
    },
    /// Which drills of a kept plan no attempt since it was made was made at.
    /// Answers `{left}`: their numbers.
    TrainUnplayed {
        /// The plan's drills.
        drills: Vec<PlannedDrill>,
        /// The attempts since the plan was made.
        played: Vec<String>,
    },
    /// The slidysim community's fewest-moves records and the limits here.
    About,
}

fn ten() -> usize {
    10
}

/// A board in a request: its cells, or a seed to deal it from.
#[derive(Debug, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum BoardGiven {
    /// The cells in reading order, 0 the blank.
    Cells {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The cells.
        cells: Vec<u32>,
    },
    /// The board `fifteen scramble` deals from this seed.
    Seeded {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The seed.
        seed: u64,
        /// K random slides from the goal instead of a uniform board.
        #[serde(default)]
        walk: Option<u64>,
    },
}
