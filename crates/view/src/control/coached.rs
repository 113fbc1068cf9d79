//! A person's solve watched with its coaching (`fifteen coach --watch`):
//! the loss of the line under way and in all, the par graph, and fifteen's
//! way through a line played as a branch from the person's own board (C),
//! with X going back to their solve.

use crate::anim::{Player, Timeline};
use crate::scene::{PanelGraph, Row};
use fifteen_core::coach::{Coaching, LineCoaching};
use std::sync::mpsc::{Receiver, TryRecvError};

/// The most splits a coached panel lists.
const SPLITS_COACHED: usize = 7;

/// The coaching of the person's solve the app plays, and what is shown in
/// its place when fifteen's way through one of its lines plays.
pub struct CoachedReplay {
    coaching: Coaching,
    /// What par is (`optimal`, `fifteen at best`).
    par_name: String,
    /// The graph as the solve draws it, all but the cursor.
    graph: PanelGraph,
    /// The person's solve while something else plays in its place.
    set_aside: Option<Timeline>,
    /// The line whose better way plays now.
    branch: Option<usize>,
    /// A sharper coaching of the same solve under way on a thread of its
    /// own, which takes this one's place when it comes.
    sharper: Option<Receiver<(Coaching, String)>>,
}

impl CoachedReplay {
    /// The coaching of the solve about to be played; `par_name` says what
    /// par is.
    pub fn new(coaching: Coaching, par_name: String) -> CoachedReplay {
        let graph = PanelGraph {
            moves: coaching.moves,
            par: coaching.par,
            points: coaching.graph_points(),
            line_ends: coaching.lines.iter().map(|line| line.to_move).collect(),
            mistakes: coaching.mistakes.clone().unwrap_or_default(),
            cursor: 0,
            branch: None,
        };
        CoachedReplay { coaching, par_name, graph, set_aside: None, branch: None, sharper: None }
    }

    /// The same, while `sharper` finds a sharper coaching of the same solve
    /// on a thread of its own (a par at a stronger effort, which takes
    /// seconds to minutes where this one took a moment): it takes this
    /// one's place when it comes, the mid-end's tick asking every frame.
    /// `None` from the job keeps this coaching.
    pub fn sharpening(
        mut self,
        sharper: impl FnOnce() -> Option<(Coaching, String)> + Send + 'static,
    ) -> CoachedReplay {
        let (outbox, inbox) = std::sync::mpsc::sync_channel(1);
        let started = std::thread::Builder::new().name("sharper par".into()).spawn(move || {
            if let Some(found) = sharper() {
                // The window may be closed by then: nobody to tell.
                let _ = outbox.send(found);
            }
        });
        // A thread that cannot start leaves the coaching as it is.
        self.sharper = started.ok().map(|_| inbox);
        self
    }

    /// What par is (`optimal`, `fifteen at best`).
    pub fn par_name(&self) -> &str {
        &self.par_name
    }

    /// Whether a sharper coaching is still being found.
    pub fn is_sharpening(&self) -> bool {
        self.sharper.is_some()
    }

    /// Takes the sharper coaching in this one's place if it has come: the
    /// graph and the numbers are its own from then on, and a way through a
    /// line playing now plays on. True when it did.
    pub(crate) fn receive_sharper(&mut self) -> bool {
        let Some(inbox) = &self.sharper else { return false };
        match inbox.try_recv() {
            Ok((coaching, par_name)) => {
                let CoachedReplay { set_aside, branch, .. } =
                    std::mem::replace(self, CoachedReplay::new(coaching, par_name));
                (self.set_aside, self.branch) = (set_aside, branch);
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.sharper = None;
                false
            }
        }
    }

    /// C: plays fifteen's way through the line under way (or the one whose
    /// way is playing, from its start again). Returns what to say.
    pub(crate) fn play_better_way(&mut self, player: &mut Player) -> String {
        let Some(index) = self.branch.or_else(|| self.line_under_way(player)) else {
            return "X first: back to the person's solve, then C plays fifteen's way through its line".into();
        };
        let person = self.set_aside.as_ref().filter(|_| self.branch.is_some()).unwrap_or(player.timeline());
        let line = &self.coaching.lines[index];
        let name = line.line.name();
        let about = format!("fifteen's way through {name}");
        let way = match person.way_through(index, &line.better.moves, about) {
            Some(Ok(way)) => way,
            Some(Err(err)) => return format!("fifteen's way through {name} does not fit the board: {err}"),
            None => return format!("no line {} in this solve", index + 1),
        };
        let replaced = player.replace(way);
        if self.branch.is_none() {
            self.set_aside = Some(replaced);
        }
        self.branch = Some(index);
        player.play();
        format!(
            "fifteen's way through {name}: {} moves against the person's {} ({}); X goes back",
            line.better.moves.len(),
            line.moves(),
            line.better.way.name()
        )
    }

    /// X: back to the person's solve, at the start of the line whose way
    /// was playing. Returns what to say.
    pub(crate) fn back_to_solve(&mut self, player: &mut Player) -> String {
        let Some(person) = self.set_aside.take() else {
            return "this is the person's solve: C plays fifteen's way through the line under way".into();
        };
        player.replace(person);
        player.pause();
        let at = self.branch.take().map_or(0, |index| self.coaching.lines[index].from_move);
        player.seek(at, &mut |_| {});
        let line = self.coaching.lines.iter().find(|line| line.from_move == at);
        match line {
            Some(line) => {
                format!("back to the person's {}: Space plays their {} moves", line.line.name(), line.moves())
            }
            None => "back to the person's solve".into(),
        }
    }

    /// The player's solve was replaced by another (the solver taking over
    /// from play mode): keeps the person's, to go back to.
    pub(crate) fn replaced(&mut self, old: Timeline) {
        if self.branch.take().is_none() && self.set_aside.is_none() {
            self.set_aside = Some(old);
        }
    }

    /// The line of the person's solve under way at the player's move, when
    /// it is the person's solve that plays.
    fn line_under_way(&self, player: &Player) -> Option<usize> {
        if self.set_aside.is_some() {
            return None;
        }
        let last = self.coaching.lines.len().checked_sub(1)?;
        let cursor = player.cursor();
        Some(self.coaching.lines.iter().position(|line| cursor < line.to_move).unwrap_or(last))
    }

    /// The panel's rows about the coaching, for the move the player shows.
    pub(crate) fn rows(&self, player: &Player) -> Vec<Row> {
        let mut graph = self.graph.clone();
        let mut rows = Vec::new();
        match (self.branch, self.line_under_way(player)) {
            (Some(index), _) => {
                let line = &self.coaching.lines[index];
                graph.cursor = line.from_move;
                graph.branch = Some((line.from_move, player.cursor(), line.better.moves.len()));
                rows.push(Row::Heading(format!("FIFTEEN'S WAY  {}", line.line.name())));
                rows.push(Row::Stat("par before → after".into(), format!("{} → {}", line.par_before, line.par_after)));
                rows.push(Row::Stat(
                    "the person's moves".into(),
                    format!("{}, {}", line.moves(), line_loss_text(line)),
                ));
                rows.push(Row::Stat(
                    "fifteen's".into(),
                    format!("{} ({})", line.better.moves.len(), line.better.way.name()),
                ));
                rows.push(Row::Graph(Box::new(graph)));
                rows.push(Row::Note("X: back to the person's solve · C: again".into()));
            }
            (None, Some(index)) => {
                let line = &self.coaching.lines[index];
                graph.cursor = player.cursor();
                rows.push(Row::Heading(format!("COACH  {}", line.line.name())));
                rows.push(Row::Stat("par before → after".into(), format!("{} → {}", line.par_before, line.par_after)));
                rows.push(Row::Stat("moves".into(), format!("{}, {}", line.moves(), line_loss_text(line))));
                rows.push(Row::Stat("fifteen's way (C plays it)".into(), line.better.moves.len().to_string()));
                rows.push(Row::Graph(Box::new(graph)));
                rows.push(Row::Note(format!(
                    "par ({}) {} at the start; {} in all",
                    self.par_name,
                    self.coaching.par,
                    loss_text(self.coaching.loss())
                )));
                if !self.graph.mistakes.is_empty() {
                    rows.push(Row::Note(format!("mistakes (red): moves {}", move_list(&self.graph.mistakes))));
                }
                if self.is_sharpening() {
                    rows.push(Row::Note("a sharper par is being found; the numbers change when it comes".into()));
                }
            }
            (None, None) => {
                rows.push(Row::Heading("COACH".into()));
                rows.push(Row::Note("X: back to the person's solve".into()));
            }
        }
        rows
    }

    /// Each split of the person's solve with the moves its line lost; at
    /// most [`SPLITS_COACHED`] of them, around the one under way, so that
    /// the coaching below them fits.
    pub(crate) fn annotate(&self, rows: &mut Vec<Row>) {
        if self.set_aside.is_some() {
            return;
        }
        let splits: Vec<usize> = (0..rows.len()).filter(|&i| matches!(rows[i], Row::Split { .. })).collect();
        if splits.len() > SPLITS_COACHED {
            let current = splits.iter().position(|&i| matches!(rows[i], Row::Split { current: true, .. }));
            let first = current.unwrap_or(0).saturating_sub(2).min(splits.len() - SPLITS_COACHED);
            let keep = &splits[first..first + SPLITS_COACHED];
            let mut index = 0;
            rows.retain(|_| {
                index += 1;
                !splits.contains(&(index - 1)) || keep.contains(&(index - 1))
            });
        }
        for row in rows {
            match row {
                Row::Heading(text) if text.starts_with("splits") => *text = "splits · lost (click to jump)".into(),
                Row::Split { moves, start, .. } => {
                    if let Some(line) = self.line_starting_at(*start) {
                        moves.push_str(&format!("  {:+}", line.loss()));
                    }
                }
                _ => {}
            }
        }
    }

    /// One line for the terminal: the line under way and its loss, or
    /// fifteen's way playing.
    pub fn status(&self, player: &Player) -> String {
        match (self.branch, self.line_under_way(player)) {
            (Some(index), _) => {
                let line = &self.coaching.lines[index];
                format!(
                    "fifteen's way through {}: move {} of {} (the person's: {}, {})   X: back",
                    line.line.name(),
                    player.cursor(),
                    line.better.moves.len(),
                    line.moves(),
                    line_loss_text(line)
                )
            }
            (None, Some(index)) => {
                let line = &self.coaching.lines[index];
                format!(
                    "{}: {} moves, par {} → {} ({}): {}; {} lost in all   C: fifteen's way ({} moves)",
                    line.line.name(),
                    line.moves(),
                    line.par_before,
                    line.par_after,
                    self.par_name,
                    line_loss_text(line),
                    self.coaching.loss(),
                    line.better.moves.len()
                )
            }
            (None, None) => "X: back to the person's solve".into(),
        }
    }

    fn line_starting_at(&self, start: usize) -> Option<&LineCoaching> {
        self.coaching.lines.iter().find(|line| line.from_move == start)
    }
}

/// `lost 6`, `lost none`, `beat par by 2`.
fn loss_text(loss: i64) -> String {
    match loss {
        0 => "lost none".into(),
        l if l > 0 => format!("lost {l}"),
        l => format!("beat par by {}", -l),
    }
}

/// A line's loss with par's margin: `lost 6`, `lost 30 ±12`, `lost 4 ±12
/// (within par's error)`.
fn line_loss_text(line: &LineCoaching) -> String {
    match line.margin {
        0 => loss_text(line.loss()),
        margin if line.lost_more_than_margin() => format!("{} ±{margin}", loss_text(line.loss())),
        margin => format!("{} ±{margin} (within par's error)", loss_text(line.loss())),
    }
}

/// `3, 4, 12` (at most eight, then `…`).
fn move_list(moves: &[usize]) -> String {
    let mut text = moves.iter().take(8).map(usize::to_string).collect::<Vec<_>>().join(", ");
    if moves.len() > 8 {
        text.push_str(", …");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::{App, Command, Mode};
    use fifteen_core::board::{Board, Move, Scramble};
    use fifteen_core::coach::{self, Par};
    use fifteen_core::human::{self, Effort, HumanOptions};
    use fifteen_core::search::Heuristic;
    use fifteen_core::slidysim::Solve;

    /// A 3×3 person's solve (fifteen's fast one with two wasted pairs of
    /// moves) in a coached app, paused at the start, and its coaching.
    fn coached_app() -> (App, Coaching, Solve) {
        let scramble = Board::scrambled(3, 3, Scramble::Uniform, 5).unwrap();
        let fast = HumanOptions { effort: Effort::Fast, ..HumanOptions::default() };
        let mut moves: Vec<Move> = human::solve(&scramble, &fast).unwrap().moves().to_vec();
        let mut board = scramble.clone();
        let slip = board.legal_moves().next().unwrap();
        moves.splice(0..0, [slip, slip.opposite()]);
        board.slide(slip);
        let slip = board.legal_moves().last().unwrap();
        moves.splice(1..1, [slip, slip.opposite()]);
        let solve = Solve {
            scramble: scramble.clone(),
            moves: moves.clone().into(),
            time_ms: None,
            move_times_ms: None,
            player: Some("someone".into()),
            event: "3×3 single".into(),
        };
        let coaching = coach::coach(&scramble, &moves, Par::Optimal(Heuristic::ManhattanConflicts)).unwrap();
        let timeline = Timeline::from_person(&solve).unwrap();
        let mut app = App::coach(timeline, CoachedReplay::new(coaching.clone(), "optimal".into()), 1000.0);
        app.command(Command::Toggle);
        (app, coaching, solve)
    }

    fn board_after(solve: &Solve, moves: usize) -> Board {
        let mut board = solve.scramble.clone();
        board.apply(&solve.moves[..moves]).unwrap();
        board
    }

    fn play_to_end(app: &mut App) {
        app.player.play();
        for _ in 0..1000 {
            app.update(0.05);
        }
        assert!(app.player.is_finished());
    }

    /// Asks for the sharper coaching as the tick does, turning the thread
    /// over in between, until it has come or the job has ended (a bounded
    /// number of turns, so that a job that never ends fails the test).
    fn receive_while_sharpening(app: &mut App) {
        for _ in 0..50_000_000 {
            app.receive_sharper_coaching();
            if !app.coached().unwrap().is_sharpening() {
                return;
            }
            std::thread::yield_now();
        }
    }

    /// The notes of the panel the app shows now.
    fn panel_notes(app: &mut App) -> Vec<String> {
        let panel = app.frame(&mut Vec::new()).panel;
        panel.into_iter().filter_map(|row| if let Row::Note(note) = row { Some(note) } else { None }).collect()
    }

    // The window's `coach --watch`: the coaching shown first, a sharper one
    // of the same solve found on its own thread, taking its place through
    // the tick's question each frame, the way playing on.
    #[test]
    fn a_sharper_coaching_takes_the_shown_ones_place_when_it_comes() {
        let (_, coaching, solve) = coached_app();
        let sharper = coach::coach(&solve.scramble, &solve.moves, Par::Human(Effort::Best)).unwrap();
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let found = sharper.clone();
        let shown = CoachedReplay::new(coaching, "fifteen at normal".into()).sharpening(move || {
            wait.recv().ok()?;
            Some((found, "fifteen at best".into()))
        });
        let mut app = App::coach(Timeline::from_person(&solve).unwrap(), shown, 1000.0);
        app.command(Command::Toggle);
        app.command(Command::Seek(3));
        app.receive_sharper_coaching();
        assert!(app.coached().unwrap().is_sharpening());
        assert!(panel_notes(&mut app).iter().any(|n| n.starts_with("a sharper par is being found")));
        go.send(()).unwrap();
        receive_while_sharpening(&mut app);
        let coached = app.coached().unwrap();
        assert_eq!((coached.par_name(), coached.is_sharpening()), ("fifteen at best", false));
        assert_eq!(coached.coaching.par, sharper.par);
        assert_eq!(app.message.as_deref(), Some("par sharpened: fifteen at best"));
        assert_eq!(app.player.cursor(), 3, "the solve plays on where it was");
        let notes = panel_notes(&mut app);
        assert!(notes.iter().any(|n| n.starts_with("par (fifteen at best)")), "{notes:?}");
        assert!(!notes.iter().any(|n| n.starts_with("a sharper par")), "{notes:?}");
    }

    // A job that finds nothing leaves the coaching as it was.
    #[test]
    fn a_sharpening_that_finds_nothing_keeps_the_coaching() {
        let (_, coaching, solve) = coached_app();
        let shown = CoachedReplay::new(coaching.clone(), "optimal".into()).sharpening(|| None);
        let mut app = App::coach(Timeline::from_person(&solve).unwrap(), shown, 1000.0);
        receive_while_sharpening(&mut app);
        let coached = app.coached().unwrap();
        assert!(!coached.is_sharpening());
        assert_eq!((coached.par_name(), coached.coaching.par), ("optimal", coaching.par));
        assert_eq!(app.message, None);
    }

    #[test]
    fn c_plays_fifteens_way_through_the_line_under_way_and_x_goes_back() {
        let (mut app, coaching, solve) = coached_app();
        let line = &coaching.lines[1];
        assert!(coaching.loss() > 0, "the slips lost moves");
        app.command(Command::Seek(line.from_move + 1));
        app.command(Command::BetterWay);
        assert!(app.message.as_deref().unwrap().starts_with(&format!("fifteen's way through {}", line.line.name())));
        assert_eq!(app.player.cursor(), 0, "from the line's start");
        assert_eq!(app.player.timeline().start(), &board_after(&solve, line.from_move), "the person's own board");
        assert_eq!(app.player.timeline().moves(), &line.better.moves[..]);
        play_to_end(&mut app);
        // The line is home, and so are the lines before it.
        let (rows, cols) = (solve.scramble.rows(), solve.scramble.cols());
        let after = board_after(&solve, line.to_move);
        for (top, left, bottom, right) in coaching.lines[..2].iter().map(|l| l.line.area(rows, cols)) {
            for row in top..bottom {
                for col in left..right {
                    let at = fifteen_core::board::Pos::new(row, col);
                    assert_eq!(app.board().tile_at(at), after.tile_at(at), "{at:?}");
                }
            }
        }
        let panel = app.frame(&mut Vec::new()).panel;
        assert!(panel.iter().any(|r| matches!(r, Row::Heading(h) if h.starts_with("FIFTEEN'S WAY"))));
        // C again plays it again from the start.
        app.command(Command::BetterWay);
        assert_eq!((app.player.cursor(), app.player.timeline().moves()), (0, &line.better.moves[..]));
        app.command(Command::BackToSolve);
        assert_eq!(app.player.timeline().moves(), &solve.moves[..], "the person's solve again");
        assert_eq!(app.player.cursor(), line.from_move, "at the start of the line");
        assert!(!app.player.is_playing());
        app.command(Command::BackToSolve);
        assert!(app.message.as_deref().unwrap().starts_with("this is the person's solve"));
    }

    #[test]
    fn the_panel_shows_the_line_under_way_its_loss_and_the_par_graph() {
        let (mut app, coaching, _) = coached_app();
        let panel = app.frame(&mut Vec::new()).panel;
        let first = &coaching.lines[0];
        assert!(panel.contains(&Row::Heading(format!("COACH  {}", first.line.name()))));
        let graph = panel.iter().find_map(|r| match r {
            Row::Graph(graph) => Some(graph.clone()),
            _ => None,
        });
        let graph = graph.expect("a par graph");
        assert_eq!((graph.moves, graph.par, graph.cursor), (coaching.moves, coaching.par, 0));
        assert_eq!(graph.points, coaching.graph_points(), "par after every move on a 3×3");
        assert_eq!(graph.points.len(), coaching.moves + 1);
        assert_eq!(graph.mistakes, coaching.mistakes.clone().unwrap());
        // Every split carries its line's loss.
        let splits: Vec<String> = panel
            .iter()
            .filter_map(|r| match r {
                Row::Split { moves, .. } => Some(moves.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(splits.len(), coaching.lines.len());
        for (split, line) in splits.iter().zip(&coaching.lines) {
            assert!(split.ends_with(&format!("{}  {:+}", line.moves(), line.loss())), "{split}");
        }
        app.command(Command::Seek(coaching.lines[1].from_move));
        let status = app.coached().unwrap().status(&app.player);
        assert!(status.starts_with(&format!("{}: ", coaching.lines[1].line.name())), "{status}");
    }

    #[test]
    fn a_long_list_of_splits_is_cut_to_those_around_the_one_under_way() {
        let (app, _, _) = coached_app();
        let split =
            |i: usize| Row::Split { name: format!("line {i}"), moves: "1".into(), current: i == 8, start: 100 + i };
        let mut rows: Vec<Row> = vec![Row::Heading("splits (click to jump)".into())];
        rows.extend((0..12).map(split));
        rows.push(Row::Note("keys".into()));
        app.coached().unwrap().annotate(&mut rows);
        let kept: Vec<String> = rows
            .iter()
            .filter_map(|r| match r {
                Row::Split { name, .. } => Some(name.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(kept, (5..12).map(|i| format!("line {i}")).collect::<Vec<_>>());
        assert_eq!(rows.first(), Some(&Row::Heading("splits · lost (click to jump)".into())));
        assert_eq!(rows.last(), Some(&Row::Note("keys".into())));
    }

    #[test]
    fn the_persons_solve_is_kept_when_the_solver_takes_over_from_play_mode() {
        let (mut app, _, solve) = coached_app();
        app.command(Command::SwitchMode);
        app.command(Command::SwitchMode);
        assert_eq!(app.mode, Mode::Watch);
        assert!(app.player.timeline().person().is_none(), "the solver plays from the board");
        app.command(Command::BetterWay);
        assert!(app.message.as_deref().unwrap().starts_with("X first"));
        app.command(Command::BackToSolve);
        assert_eq!(app.player.timeline().moves(), &solve.moves[..]);
        assert_eq!(app.player.cursor(), 0);
    }
}
