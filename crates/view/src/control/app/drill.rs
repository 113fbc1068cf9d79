//! What the keys do while drills are practised, and what the screen shows:
//! the drill played by hand (its line outlined, the lines before it
//! shaded), or fifteen's way through it or the person's attempt watched.

use fifteen_core::board::{Moves, Pos};

use super::{App, by_size};
use crate::anim::{Player, Timeline};
use crate::control::command::{Command, Mode};
use crate::control::drill::DrillRun;
use crate::scene::{Focus, Frame, Row, watch_frame};

/// The name the timeline of fifteen's way is played under.
const WAY: &str = "fifteen's way";
/// The name the timeline of the person's attempt is played under.
const ATTEMPT: &str = "your attempt";

impl App {
    /// A window practising `run`'s drills one after another, from the
    /// first, at `speed` moves a second when a way is watched.
    pub fn drills(run: DrillRun, speed: f64) -> App {
        let board = run.board().clone();
        let mut player =
            Player::new(Timeline::from_moves(&board, &[], WAY).expect("an empty list of moves fits any board"));
        player.set_speed(speed);
        let mut app = App::with_player(player, board, Mode::Play, by_size());
        match run.attempt() {
            // An attempt made elsewhere: the board as it left it.
            Some(moves) => {
                for &mv in moves.iter() {
                    app.game.slide(mv);
                }
                app.game.advance(1.0);
            }
            None => {
                let line = run.current().drill.position.line.name();
                app.say(&format!("build {line}: the clock starts at your first move"));
            }
        }
        app.drill = Some(run);
        app
    }

    /// The drills practised, when they are.
    #[cfg(test)]
    pub(crate) fn drill_run(&self) -> Option<&DrillRun> {
        self.drill.as_ref()
    }

    /// Carries out `command` where a drill gives it its own meaning: R
    /// tries the drill again, S goes to the next, C watches fifteen's way
    /// through it, X the person's attempt, M back to the drill; slides
    /// are the attempt's. False for the commands that mean what they
    /// always do.
    pub(super) fn drill_command(&mut self, command: Command) -> bool {
        let Some(run) = &self.drill else { return false };
        let playing = run.is_playing();
        match (self.mode, command) {
            (_, Command::Slide(_) | Command::Click(_)) if self.goal => return false,
            (_, Command::Restart) => self.retry_drill(),
            (_, Command::NewScramble) => self.next_drill(),
            (_, Command::BetterWay) => self.watch_drill(WAY),
            (_, Command::BackToSolve) => self.watch_drill(ATTEMPT),
            (Mode::Watch, Command::SwitchMode) => self.back_to_drill(),
            (Mode::Play, Command::SwitchMode) => self.say("C watches fifteen's way through the line, X your moves"),
            (_, Command::Hint) => {
                self.say("no hints in a drill: C shows fifteen's way through the line, R tries again")
            }
            (Mode::Play, Command::Slide(_) | Command::Click(_)) if !playing => {
                self.say("the line is home: R tries it again, S goes to the next drill");
            }
            (Mode::Play, Command::Slide(mv)) => {
                if self.game.slide(mv).is_some() {
                    self.check_drill_done();
                }
            }
            (Mode::Play, Command::Click(pos)) => {
                if self.game.click(pos).is_some() {
                    self.check_drill_done();
                }
            }
            _ => return false,
        }
        true
    }

    /// After a slide: when the line is home, the attempt goes to be weighed.
    fn check_drill_done(&mut self) {
        let Some(run) = &mut self.drill else { return };
        if run.is_done(self.game.board()) {
            let moves = Moves(self.game.played().to_vec());
            run.finished(moves, self.game.last_slide_ms());
        }
    }

    /// R: the drill again from its board.
    fn retry_drill(&mut self) {
        let Some(run) = &mut self.drill else { return };
        run.retry();
        let board = run.board().clone();
        let line = run.current().drill.position.line.name();
        self.play_drill(board);
        self.say(&format!("{line} again: the clock starts at your first move"));
    }

    /// S: the next drill, played or not.
    fn next_drill(&mut self) {
        let Some(run) = &mut self.drill else { return };
        if run.is_weighing() {
            return self.say("a moment: the attempt is being weighed");
        }
        if !run.next() {
            return self.say("that was the plan's last drill: R tries it again, Esc stops");
        }
        let board = run.board().clone();
        let current = run.current();
        let said = format!("drill {}: build {}", current.number, current.drill.position.line.name());
        self.play_drill(board);
        self.say(&said);
    }

    /// A fresh attempt at the drill's board.
    fn play_drill(&mut self, board: fifteen_core::Board) {
        self.beside = None;
        self.game = crate::anim::Game::new(board.clone());
        self.play_start = board;
        self.mode = Mode::Play;
        self.goal = false;
    }

    /// C or X: fifteen's way through the drill, or the person's attempt,
    /// played from the drill's board; after an attempt C plays the attempt
    /// with fifteen's way beside it.
    fn watch_drill(&mut self, asked: &'static str) {
        let Some(run) = &self.drill else { return };
        let way = &run.current().drill.par.better.moves;
        // C before an attempt is the way alone; after one, the attempt with
        // the way beside it; X is the attempt alone.
        let (what, moves, beside) = match (asked, run.attempt()) {
            (WAY, None) => (WAY, way, None),
            (_, Some(attempt)) => (ATTEMPT, attempt, (asked == WAY).then_some(way)),
            (_, None) => {
                return self.say("no attempt yet: your moves can be watched once the line is home (C: fifteen's way)");
            }
        };
        let timelines = Timeline::from_moves(run.board(), moves, what)
            .and_then(|first| Ok((first, beside.map(|way| Timeline::from_moves(run.board(), way, WAY)).transpose()?)));
        let count = moves.len();
        let abandoned = self.mode == Mode::Play && run.is_playing() && self.game.moves() > 0;
        match timelines {
            Ok((timeline, beside)) => {
                self.player.replace(timeline);
                self.player.play();
                self.mode = Mode::Watch;
                self.goal = false;
                let again =
                    if abandoned { "; M tries the drill again from its start" } else { "; M back to the drill" };
                self.beside = beside.map(|timeline| {
                    let mut player = Player::new(timeline);
                    player.set_speed(self.player.speed());
                    player.play();
                    player
                });
                let theirs = self.beside.as_ref().map(|way| format!(", beside {WAY}: {}", way.timeline().len()));
                self.say(&format!("{what}: {count} moves{}{again}", theirs.unwrap_or_default()));
            }
            Err(err) => self.say(&format!("{what} does not fit the board: {err}")),
        }
    }

    /// M while watching: back to the drill, its result if the line is
    /// home, else a fresh attempt.
    fn back_to_drill(&mut self) {
        let Some(run) = &self.drill else { return };
        if run.is_playing() {
            let board = run.board().clone();
            self.play_drill(board);
            self.say("the drill from its start: the clock starts at your first move");
        } else {
            self.beside = None;
            self.mode = Mode::Play;
        }
    }

    /// The board played beside the first, while there is one: fifteen's way
    /// through the drill, beside the person's attempt.
    pub fn beside(&self) -> Option<&Player> {
        self.beside.as_ref().filter(|_| self.mode == Mode::Watch)
    }

    /// The frame of the board beside the first ([`App::beside`]), its line
    /// outlined, or `None` when there is none.
    pub fn beside_frame<'a>(&'a self, route: &'a mut Vec<Pos>) -> Option<Frame<'a>> {
        let (player, run) = (self.beside()?, self.drill.as_ref()?);
        let position = &run.current().drill.position;
        let area = Some(position.line.area(position.board.rows(), position.board.cols()));
        let mut frame = watch_frame(player, route, &[]);
        let moves = format!("{} / {}", player.cursor(), player.timeline().len());
        let found_by = run.current().drill.par.better.way.name();
        frame.panel = vec![
            Row::Heading(WAY.to_uppercase()),
            Row::Stat("moves".into(), moves),
            Row::Stat("found by".into(), found_by.to_string()),
            Row::Note("played beside your attempt, at its speed".into()),
        ];
        frame.focus = Some(Focus { tile: None, to: None, group: None, area });
        frame.title = format!("{WAY} through {}", position.line.name());
        frame.subtitle = format!("{WAY}   move {} of {}", player.cursor(), player.timeline().len());
        Some(frame)
    }

    /// The frame of a drill: played (its line outlined, the lines before it
    /// shaded, the attempt's numbers in the panel and, once the line is
    /// home, the result on a card) or a way through it watched.
    pub(super) fn drill_frame<'a>(&'a self, route: &'a mut Vec<Pos>) -> Frame<'a> {
        let run = self.drill.as_ref().expect("a drill frame is asked for while drilling");
        let position = &run.current().drill.position;
        let (rows, cols) = (position.board.rows(), position.board.cols());
        let area = Some(position.line.area(rows, cols));
        let panel = run.rows(self.game.moves(), self.game.seconds());
        match self.mode {
            Mode::Play => {
                let game = &self.game;
                let mut frame = Frame::plain(game.board());
                frame.slide = game.sliding();
                frame.locks = Some((run.locks(), game.moves()));
                frame.focus = Some(Focus { tile: None, to: None, group: None, area });
                frame.title = run.title();
                frame.subtitle =
                    format!("moves {}   R again   S next drill   C fifteen's way   Esc stop", game.moves());
                frame.panel = panel;
                frame.card = run.card();
                frame
            }
            Mode::Watch => {
                let mut heading = vec![Row::Heading(self.player.timeline().solver().to_uppercase())];
                heading.extend(panel);
                let mut frame = watch_frame(&self.player, route, &heading);
                if self.beside().is_some() {
                    // Half the window's panel has room for the result alone.
                    const RESULT: [&str; 5] = ["moves", "time", "the board's par", "par of the board left", "lost"];
                    let result = heading.into_iter().filter(|row| match row {
                        Row::Stat(name, _) => RESULT.contains(&name.as_str()),
                        _ => false,
                    });
                    frame.panel = std::iter::once(Row::Heading(ATTEMPT.to_uppercase())).chain(result).collect();
                }
                frame.focus = Some(Focus { tile: None, to: None, group: None, area });
                frame.title = format!("{} through {}", self.player.timeline().solver(), position.line.name());
                frame.subtitle = format!(
                    "move {} of {}   Space play / pause   M back to the drill   R again",
                    self.player.cursor(),
                    self.player.timeline().len()
                );
                frame
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;
    use std::sync::Arc;

    use fifteen_core::board::{Board, Move};
    use fifteen_core::coach::{self, Coaching, Par};
    use fifteen_core::search::Heuristic;
    use fifteen_core::train::{self, Boxes, CoachedSolve, DrillOrigin, PlanOptions};
    use fifteen_core::{Deadline, HumanOptions, human};

    use super::*;
    use crate::control::drill::{PlanDrill, PlayedDrill, Scorer};

    const PAR: Par<'static> = Par::Optimal(Heuristic::ManhattanConflicts);

    /// A person's 3×3 solve (fifteen's, with a slip and its undo first), its
    /// coaching, and the plan's drills with their par.
    fn plan() -> (Vec<Move>, Coaching, Vec<PlanDrill>) {
        let scramble: Board = "4 1 3\n2 5 6\n7 8 _".parse().unwrap();
        let slip = scramble.legal_moves().next().unwrap();
        let mut moves = vec![slip, slip.opposite()];
        moves.extend(human::solve(&scramble, &HumanOptions::default()).unwrap().moves());
        let coaching = coach::coach(&scramble, &moves, PAR).unwrap();
        let solve = CoachedSolve { number: 1, scramble: &scramble, moves: &moves, coaching: &coaching };
        let made = train::plan(&[solve], &Boxes::default(), &PlanOptions { drills: 3, seed: 7 });
        let drills = made
            .drills
            .iter()
            .enumerate()
            .map(|(i, p)| PlanDrill { number: i + 1, drill: train::drill(p, PAR, &Deadline::NONE).unwrap() })
            .collect();
        (moves, coaching, drills)
    }

    /// The app on `drills`, and what its keeper was handed.
    fn drilling(drills: Vec<PlanDrill>) -> (App, Rc<RefCell<Vec<PlayedDrill>>>) {
        let kept = Rc::new(RefCell::new(Vec::new()));
        let keeper_kept = Rc::clone(&kept);
        let scorer: Scorer =
            Arc::new(|drill, moves| train::score(drill, moves, PAR, &Deadline::NONE).map_err(|e| e.to_string()));
        let keeper = Box::new(move |played: &PlayedDrill| {
            keeper_kept.borrow_mut().push(played.clone());
            Ok(())
        });
        let of = drills.len();
        let run = DrillRun::new(drills, of, scorer, keeper).expect("drills");
        (App::drills(run, 10.0), kept)
    }

    /// Lets time pass until the attempt on screen is weighed.
    fn until_weighed(app: &mut App) {
        assert!(app.drill_run().unwrap().is_weighing(), "the line is home");
        if let Some(said) = app.drill.as_mut().unwrap().wait() {
            app.say(&said);
        }
        assert!(!app.drill_run().unwrap().is_weighing());
    }

    #[test]
    fn the_persons_own_moves_played_by_commands_are_kept_with_the_coachs_loss() {
        let (moves, coaching, drills) = plan();
        let DrillOrigin::Own { line, loss, .. } = drills[0].drill.position.origin else {
            panic!("the costliest kind's first drill is the person's own board");
        };
        let (mut a, kept) = drilling(drills);
        let done = &coaching.lines[line];
        let theirs = &moves[done.from_move..done.to_move];
        assert_eq!(a.mode, Mode::Play);
        assert!(a.title().starts_with("drill 1 of 3: "), "{}", a.title());
        for (k, &mv) in theirs.iter().enumerate() {
            a.command(Command::Slide(mv));
            if k == 0 {
                a.update(1.25);
            }
        }
        until_weighed(&mut a);
        let kept = kept.borrow();
        assert_eq!(kept.len(), 1, "one attempt kept");
        assert_eq!(kept[0].number, 1);
        assert_eq!(kept[0].moves.0, theirs);
        assert_eq!(kept[0].score.loss, loss, "the loss the coach gave that line");
        assert_eq!(kept[0].time_ms, if theirs.len() > 1 { 1250 } else { 0 }, "from the first move to the last");
        let card = a.frame(&mut Vec::new()).card.expect("the result on a card");
        assert!(card.lines.iter().any(|l| l.contains(&format!("lost {loss}"))), "{card:?}");
    }

    #[test]
    fn fifteens_way_played_is_weighed_as_the_core_weighs_it_and_the_keys_move_between_drills() {
        let (_, _, drills) = plan();
        let way = drills[0].drill.par.better.moves.clone();
        let expected = train::score(&drills[0].drill, &way, PAR, &Deadline::NONE).unwrap();
        let (mut a, kept) = drilling(drills.clone());
        // X before any attempt has nothing to show; a hint is refused.
        a.command(Command::BackToSolve);
        assert_eq!(a.mode, Mode::Play);
        a.command(Command::Hint);
        assert!(a.message.as_deref().unwrap().starts_with("no hints in a drill"));
        for &mv in way.iter() {
            a.command(Command::Slide(mv));
        }
        until_weighed(&mut a);
        assert_eq!(kept.borrow()[0].score, expected);
        // The line home, slides wait for R or S.
        let board = a.board().clone();
        a.command(Command::Slide(board.legal_moves().next().unwrap()));
        assert_eq!(a.board(), &board);
        // X watches the attempt alone, C the attempt with fifteen's way
        // beside it, M comes back to the result.
        a.command(Command::BackToSolve);
        assert_eq!((a.mode, a.player.timeline().len()), (Mode::Watch, way.len()));
        assert!(a.title().starts_with("your attempt through "), "{}", a.title());
        assert!(a.beside().is_none(), "the attempt alone");
        a.command(Command::BetterWay);
        assert!(a.title().starts_with("your attempt through "), "{}", a.title());
        let mut route = Vec::new();
        let beside = a.beside_frame(&mut route).expect("fifteen's way beside the attempt");
        assert!(beside.title.starts_with("fifteen's way through "), "{}", beside.title);
        a.player.set_speed(1000.0);
        a.update(1.0);
        assert!(train::is_done(&drills[0].drill.position, a.board()), "the attempt builds the line");
        let way_played = a.beside().unwrap();
        assert!(way_played.is_finished(), "the way played at the attempt's speed");
        assert!(train::is_done(&drills[0].drill.position, way_played.board()), "the way builds the line");
        a.command(Command::SwitchMode);
        assert_eq!(a.mode, Mode::Play);
        assert!(a.beside().is_none(), "one board again");
        assert!(a.frame(&mut Vec::new()).card.is_some(), "the result again");
        // R: the same drill from its board; S: the next; at the last, S stays.
        a.command(Command::Restart);
        assert_eq!((a.board(), a.game.moves()), (&drills[0].drill.position.board, 0));
        assert!(a.frame(&mut Vec::new()).card.is_none());
        a.command(Command::NewScramble);
        assert_eq!(a.board(), &drills[1].drill.position.board);
        assert!(a.title().starts_with("drill 2 of 3"), "{}", a.title());
        a.command(Command::NewScramble);
        a.command(Command::NewScramble);
        assert_eq!(a.board(), &drills[2].drill.position.board);
        assert!(a.message.as_deref().unwrap().starts_with("that was the plan's last drill"));
        assert_eq!(kept.borrow().len(), 1, "skipped drills keep nothing");
    }

    #[test]
    fn a_drill_frame_outlines_the_line_and_shades_the_lines_before_it() {
        let (_, _, drills) = plan();
        let position = drills[0].drill.position.clone();
        let (a, _) = drilling(drills);
        let mut route = Vec::new();
        let frame = a.frame(&mut route);
        let (rows, cols) = (position.board.rows(), position.board.cols());
        assert_eq!(frame.focus.unwrap().area, Some(position.line.area(rows, cols)));
        let (locks, at) = frame.locks.unwrap();
        let (top, left) = position.corner();
        for r in 0..rows {
            for c in 0..cols {
                let tile = fifteen_core::board::tile_for(Pos::new(r, c), rows, cols);
                if tile != 0 {
                    assert_eq!(locks[tile as usize] <= at, r < top || c < left, "tile {tile}");
                }
            }
        }
        let panel = format!("{:?}", frame.panel);
        assert!(panel.contains("DRILL 1 of 3") && panel.contains("par"), "{panel}");
    }
}
