//! Writing solutions as text: letters, words, boards after every move, JSON.
//!
//! [`MoveWriter`] takes moves one at a time and writes them as they come, so
//! a solution of billions of moves streams through a buffer instead of
//! living in memory. Only JSON keeps the letters, because the object holds
//! them as one string.

use std::io::{self, Write};

use serde::Serialize;

use fifteen_core::board::{Board, Move, MoveNotation, Moves};
use fifteen_core::human::PhaseTotal;

/// How a solution is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `ULDR…` on one line.
    #[value(help = "ULDR… on one line")]
    #[default]
    Letters,
    /// `up, left, down, …`.
    #[value(help = "up, left, down, …")]
    Words,
    /// The board after every move, numbered.
    #[value(help = "the board after every move")]
    Steps,
    /// One JSON object with the moves, the count and moves per phase.
    #[value(help = "one JSON object with the moves and moves per phase")]
    Json,
    /// The JSON object without the moves: for huge boards.
    #[value(help = "the JSON object without the moves (for huge boards)")]
    Summary,
    /// One `{"Move":"left"}` object per line, blank notation (the network game's messages).
    #[value(help = "one {\"Move\":\"left\"} object per line (with --notation blank: what `fifteen serve` reads)")]
    JsonStream,
    /// A replay link slidysim's replay page opens (always in tile notation,
    /// as slidysim names moves).
    #[value(help = "a replay link slidysim's replay page opens (https://slidysim.github.io/replay?r=…)")]
    Slidysim,
}

/// How moves are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Metric {
    /// Every tile's slide is a move (single-tile metric).
    #[default]
    Stm,
    /// A run of one letter, several tiles of a row or column slid at once,
    /// is one move (multi-tile metric): letters are written with counts
    /// (`R3U2L`), JSON's `count` is in it, `single_tile_count` beside.
    Mtm,
}

/// What the JSON and summary formats say besides the moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    /// Solver name: `human`, `bfs`, …
    pub solver: String,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Number of moves.
    pub count: u64,
    /// The moves as letters (absent in summaries).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    /// Moves per phase, in order.
    pub phases: Vec<PhaseTotal>,
    /// Wall time of the solve, in milliseconds.
    pub elapsed_ms: f64,
    /// No solution is shorter than this (the near solver's proven bound).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u32>,
    /// `mtm` when `count` is in the multi-tile metric (`--metric mtm`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<&'static str>,
    /// With `--metric mtm`: every tile's slide counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub single_tile_count: Option<u64>,
}

/// Writes moves in a [`Format`] as they arrive.
pub struct MoveWriter<W: Write> {
    out: W,
    format: Format,
    notation: MoveNotation,
    count: u64,
    /// Steps format: the board being replayed.
    replay: Option<Board>,
    /// JSON format: the letters so far.
    letters: String,
    /// Slidysim format: the start board and the moves so far.
    link: Option<(Board, Vec<Move>)>,
    metric: Metric,
    /// The run of one letter under way (the multi-tile metric's move) and
    /// its length; the runs so far.
    run: Option<(Move, u64)>,
    runs: u64,
}

impl<W: Write> MoveWriter<W> {
    /// A writer for a solution of `start`. The steps format prints `start` first.
    pub fn new(out: W, format: Format, notation: MoveNotation, start: &Board) -> MoveWriter<W> {
        let replay = (format == Format::Steps).then(|| start.clone());
        let link = (format == Format::Slidysim).then(|| (start.clone(), Vec::new()));
        MoveWriter {
            out,
            format,
            notation,
            count: 0,
            replay,
            letters: String::new(),
            link,
            metric: Metric::Stm,
            run: None,
            runs: 0,
        }
    }

    /// The same writer counting moves in `metric`. The multi-tile metric
    /// writes letters (with counts) and JSON; the other formats are per
    /// tile and refuse it.
    pub fn in_metric(mut self, metric: Metric) -> io::Result<MoveWriter<W>> {
        let counted = matches!(self.format, Format::Letters | Format::Json | Format::Summary);
        if metric == Metric::Mtm && !counted {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "--metric mtm writes letters, JSON or a summary (--format letters, json or summary)",
            ));
        }
        self.metric = metric;
        Ok(self)
    }

    /// Ends the run of one letter under way: counts it, and in the
    /// multi-tile metric writes its letter with its count.
    fn end_run(&mut self) -> io::Result<()> {
        let Some((mv, len)) = self.run.take() else { return Ok(()) };
        self.runs += 1;
        if self.metric == Metric::Mtm && self.format == Format::Letters {
            let letter = self.notation.name(mv).letter();
            if len > 1 {
                write!(self.out, "{letter}{len}")?;
            } else {
                write!(self.out, "{letter}")?;
            }
        }
        Ok(())
    }

    /// Writes the opening, if the format has one (the start board for steps).
    pub fn begin(&mut self) -> io::Result<()> {
        if let Some(board) = &self.replay {
            write!(self.out, "{board}")?;
        }
        Ok(())
    }

    /// Writes one move.
    #[inline]
    pub fn push(&mut self, mv: Move) -> io::Result<()> {
        let named = self.notation.name(mv);
        self.count += 1;
        match self.run {
            Some((run, ref mut len)) if run == mv => *len += 1,
            _ => {
                self.end_run()?;
                self.run = Some((mv, 1));
            }
        }
        match self.format {
            Format::Letters if self.metric == Metric::Mtm => {}
            Format::Letters => self.out.write_all(&[named.letter() as u8])?,
            Format::Words => {
                if self.count > 1 {
                    self.out.write_all(b", ")?;
                }
                self.out.write_all(named.word().as_bytes())?;
            }
            Format::Steps => {
                let board = self.replay.as_mut().expect("steps keep a board");
                board.slide(mv);
                write!(self.out, "\nMove {} ({}): {}\n{board}", self.count, mv.letter(), named.word())?;
            }
            Format::Json => self.letters.push(named.letter()),
            Format::Summary => {}
            Format::JsonStream => {
                serde_json::to_writer(&mut self.out, &serde_json::json!({ "Move": named.word() }))?;
                self.out.write_all(b"\n")?;
            }
            Format::Slidysim => self.link.as_mut().expect("slidysim keeps the moves").1.push(mv),
        }
        Ok(())
    }

    /// Ends the output: a newline, the closing line of steps, or the JSON
    /// object built from `report` (required for JSON and summary).
    pub fn finish(mut self, report: Option<SolveReport>) -> io::Result<W> {
        self.end_run()?;
        match self.format {
            Format::Letters | Format::Words => self.out.write_all(b"\n")?,
            Format::Steps => writeln!(self.out, "\nSolved in {} moves.", self.count)?,
            Format::Json | Format::Summary => {
                let mut report = report.expect("JSON output needs a report");
                report.count = self.count;
                if self.metric == Metric::Mtm {
                    report.count = self.runs;
                    report.metric = Some("mtm");
                    report.single_tile_count = Some(self.count);
                }
                if self.format == Format::Json {
                    report.moves = Some(std::mem::take(&mut self.letters));
                }
                serde_json::to_writer(&mut self.out, &report)?;
                self.out.write_all(b"\n")?;
            }
            Format::JsonStream => {}
            Format::Slidysim => {
                let (start, moves) = self.link.take().expect("slidysim keeps the moves");
                writeln!(self.out, "{}", fifteen_core::slidysim::replay_link(&start, &Moves(moves), None))?;
            }
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(format: Format, notation: MoveNotation, moves: &[Move]) -> String {
        let board = Board::goal(2, 2).unwrap();
        let mut out = Vec::new();
        let mut w = MoveWriter::new(&mut out, format, notation, &board);
        w.begin().unwrap();
        for &mv in moves {
            w.push(mv).unwrap();
        }
        let report = SolveReport {
            solver: "human".into(),
            rows: 2,
            cols: 2,
            count: 0,
            moves: None,
            phases: vec![PhaseTotal { phase: "last-block", moves: 2, placements: 1 }],
            elapsed_ms: 0.5,
            lower_bound: None,
            metric: None,
            single_tile_count: None,
        };
        w.finish(Some(report)).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn letters_words_and_blank_notation() {
        assert_eq!(write(Format::Letters, MoveNotation::Tile, &[Move::Down, Move::Right]), "DR\n");
        assert_eq!(write(Format::Letters, MoveNotation::Blank, &[Move::Down, Move::Right]), "UL\n");
        assert_eq!(write(Format::Words, MoveNotation::Tile, &[]), "\n");
        assert_eq!(
            write(Format::JsonStream, MoveNotation::Blank, &[Move::Down]),
            "{\"Move\":\"up\"}\n",
            "the blank goes up when the tile above it slides down"
        );
    }

    #[test]
    fn steps_show_every_board() {
        let text = write(Format::Steps, MoveNotation::Tile, &[Move::Down]);
        assert_eq!(text, " 1  2\n 3 __\n\nMove 1 (D): down\n 1 __\n 3  2\n\nSolved in 1 moves.\n");
    }

    #[test]
    fn slidysim_writes_a_link_that_reads_back() {
        let link = write(Format::Slidysim, MoveNotation::Blank, &[Move::Down, Move::Up]);
        let solves = fifteen_core::slidysim::parse_source(&link, &fifteen_core::slidysim::LinkLimits::DEFAULT).unwrap();
        assert_eq!(solves[0].moves.to_string(), "DU", "slidysim names the tile's direction whatever the notation");
        assert_eq!(solves[0].scramble, Board::goal(2, 2).unwrap());
    }

    #[test]
    fn json_holds_the_moves_and_summary_does_not() {
        let json: serde_json::Value =
            serde_json::from_str(&write(Format::Json, MoveNotation::Tile, &[Move::Down, Move::Up])).unwrap();
        assert_eq!(json["moves"], "DU");
        assert_eq!(json["count"], 2);
        assert_eq!(json["phases"][0]["phase"], "last-block");
        let summary: serde_json::Value =
            serde_json::from_str(&write(Format::Summary, MoveNotation::Tile, &[Move::Down])).unwrap();
        assert!(summary.get("moves").is_none());
        assert_eq!(summary["count"], 1);
    }

    #[test]
    fn the_multi_tile_metric_counts_runs_of_one_letter() {
        let moves = [Move::Right, Move::Right, Move::Right, Move::Up, Move::Up, Move::Left];
        let board = Board::goal(3, 3).unwrap();
        let mut out = Vec::new();
        let mut w =
            MoveWriter::new(&mut out, Format::Letters, MoveNotation::Tile, &board).in_metric(Metric::Mtm).unwrap();
        moves.iter().for_each(|&mv| w.push(mv).unwrap());
        w.finish(None).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "R3U2L\n");
        let mut out = Vec::new();
        let mut w =
            MoveWriter::new(&mut out, Format::Summary, MoveNotation::Tile, &board).in_metric(Metric::Mtm).unwrap();
        moves.iter().for_each(|&mv| w.push(mv).unwrap());
        let report = SolveReport {
            solver: "human".into(),
            rows: 3,
            cols: 3,
            count: 0,
            moves: None,
            phases: Vec::new(),
            elapsed_ms: 0.0,
            lower_bound: None,
            metric: None,
            single_tile_count: None,
        };
        w.finish(Some(report)).unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!((json["count"].as_u64(), json["single_tile_count"].as_u64()), (Some(3), Some(6)));
        assert_eq!(json["count"].as_u64(), Some(Moves(moves.to_vec()).multi_tile_count() as u64));
        assert!(MoveWriter::new(Vec::new(), Format::Words, MoveNotation::Tile, &board).in_metric(Metric::Mtm).is_err());
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn move_writer() {
        use crate::output::{Format, MoveWriter};
        use fifteen_core::{Board, Move, MoveNotation};

        let board = Board::goal(2, 2).unwrap();
        let mut out = Vec::new();
        let mut writer = MoveWriter::new(&mut out, Format::Words, MoveNotation::Tile, &board);
        writer.push(Move::Down).unwrap();
        writer.push(Move::Right).unwrap();
        writer.finish(None).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "down, right\n");
    }
}
