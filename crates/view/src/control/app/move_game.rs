//! What the keys do in the move game, and what the screen shows: the
//! person's board, the move chosen on it, and whether it kept par.

use super::{App, by_size};
use crate::anim::{Game, Player, Timeline};
use crate::control::command::{Command, Mode};
use crate::control::move_game::MoveGame;
use crate::scene::Frame;

impl App {
    /// A window dealing `game`'s questions one after another.
    pub fn move_game(game: MoveGame) -> App {
        let board = game.board().clone();
        let player =
            Player::new(Timeline::from_moves(&board, &[], "move game").expect("an empty list of moves fits any board"));
        let mut app = App::with_player(player, board, Mode::Play, by_size());
        app.say("your next move here lost par: slide the tile that keeps it");
        app.move_game = Some(game);
        app
    }

    /// Carries out `command` where the move game gives it its own
    /// meaning: a slide answers, R asks again, S deals the next board.
    /// False for the commands that mean what they always do.
    pub(super) fn move_game_command(&mut self, command: Command) -> bool {
        let Some(game) = &mut self.move_game else { return false };
        let mv = match command {
            Command::Slide(mv) => Some(mv),
            Command::Click(pos) => self.game.move_at(pos),
            _ => None,
        };
        match command {
            Command::Slide(_) | Command::Click(_) if self.goal => return false,
            Command::Slide(_) | Command::Click(_) if game.is_answered() => {
                self.say("answered: R asks again, S deals the next board");
            }
            Command::Slide(_) | Command::Click(_) => {
                if let Some(mv) = mv.filter(|&mv| self.game.slide(mv).is_some()) {
                    let said = game.answer(mv);
                    self.say(&said);
                }
            }
            Command::Restart => {
                game.retry();
                let board = game.board().clone();
                self.game = Game::new(board);
            }
            Command::NewScramble => {
                if game.next() {
                    let board = game.board().clone();
                    self.game = Game::new(board.clone());
                    self.play_start = board;
                } else {
                    self.say("that was the last board: R asks it again, Esc stops");
                }
            }
            Command::Hint | Command::SwitchMode | Command::BetterWay | Command::BackToSolve => {
                self.say("the move game: slide the tile that keeps par; R again, S next board");
            }
            _ => return false,
        }
        true
    }

    /// The move game's frame: the board as the chosen move left it.
    pub(super) fn move_game_frame(&self) -> Frame<'_> {
        let game = self.move_game.as_ref().expect("a move game frame is asked for in the move game");
        let mut frame = Frame::plain(self.game.board());
        frame.slide = self.game.sliding();
        frame.title = game.title();
        frame.subtitle = "slide the tile that keeps par   R again   S next board   Esc stop".into();
        frame.panel = game.rows();
        frame
    }
}

#[cfg(test)]
mod tests {
    use fifteen_core::board::Board;
    use fifteen_core::coach::{self, Par};
    use fifteen_core::search::Heuristic;
    use fifteen_core::train::{CoachedSolve, moves::move_questions};
    use fifteen_core::{Deadline, HumanOptions, human};

    use super::*;

    #[test]
    fn a_slide_answers_and_says_whether_it_keeps_par() {
        let par = Par::Optimal(Heuristic::ManhattanConflicts);
        let scramble: Board = "4 1 3\n2 5 6\n7 8 _".parse().unwrap();
        let slip = scramble.legal_moves().next().unwrap();
        let mut moves = vec![slip, slip.opposite()];
        moves.extend(human::solve(&scramble, &HumanOptions::default()).unwrap().moves());
        let coaching = coach::coach(&scramble, &moves, par).unwrap();
        let solve = CoachedSolve { number: 1, scramble: &scramble, moves: &moves, coaching: &coaching };
        let questions = move_questions(&[solve], par, 10, &Deadline::NONE).unwrap();
        // The slip or its undo lost par.
        let first = questions[0].clone();
        assert!(first.move_number <= 2 && [slip, slip.opposite()].contains(&first.played), "{first:?}");
        let mut a = App::move_game(MoveGame::new(questions.clone()).unwrap());
        assert_eq!(a.board(), &first.board);
        assert_eq!(a.title(), format!("which move? 1 of {}", questions.len()));
        a.command(Command::Slide(first.played));
        assert_eq!(a.title(), "loses par");
        assert!(a.message.as_deref().unwrap().contains("loses par"), "{:?}", a.message);
        a.command(Command::Slide(first.played.opposite()));
        assert_eq!(a.game.moves(), 1, "answered: no more slides");
        a.command(Command::Restart);
        assert_eq!((a.board(), a.title().starts_with("which move?")), (&first.board, true));
        a.command(Command::Slide(first.keeping[0]));
        assert_eq!(a.title(), "keeps par");
        let panel = format!("{:?}", a.frame(&mut Vec::new()).panel);
        assert!(panel.contains("\"1 of 2\""), "one of two answers kept par: {panel}");
        for _ in 0..questions.len() {
            a.command(Command::NewScramble);
        }
        let last = questions.last().unwrap();
        let panel = format!("{:?}", a.frame(&mut Vec::new()).panel);
        assert!(panel.contains(&format!("move {}", last.move_number)), "{panel}");
        assert!(a.message.as_deref().unwrap().starts_with("that was the last board"));
    }
}
