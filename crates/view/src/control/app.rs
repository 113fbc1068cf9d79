//! The player's state and what each command does to it: input arrives as
//! [`Command`]s and time as seconds, so all of it is tested without a
//! display, and the window and the terminal drive the same one.

use crate::anim::{Cue, EventBatch, Game, Pace, Planning, Player, Slide, Timeline};
use crate::scene::{Camera, Frame, Layout, Row, play_panel, watch_frame};
use fifteen_core::board::{Board, Pos, Scramble};
use fifteen_core::human::{Effort, Group, HumanError, HumanOptions};

use super::coached::CoachedReplay;
use super::command::{Command, Mode};
use super::drill::DrillRun;
use super::move_game::MoveGame;

mod drill;
mod move_game;
use super::keys::help_lines;

/// How far ahead of the shown move a watched solve is planned, at most: a
/// huge board's timeline then grows only as fast as it is watched.
pub const PLANNING_HORIZON: usize = 5_000_000;
/// How long a freshly locked group glows, in seconds.
const FLASH_SECONDS: f64 = 0.6;
/// How much one step of the wheel zooms.
const ZOOM_STEP: f32 = 1.15;

/// Everything a front end shows, and nothing about how.
pub struct App {
    /// The solve being watched.
    pub(crate) player: Player,
    /// The board being played, in play mode.
    pub(crate) game: Game,
    /// Watch or play.
    pub(crate) mode: Mode,
    /// Route, rings, region outline and labels shown.
    pub(crate) overlays: bool,
    /// The help overlay shown.
    pub(crate) help: bool,
    /// Set by Esc; the window closes.
    pub(crate) quit: bool,
    /// A line shown under the heads-up line for a while (hints, errors).
    pub(crate) message: Option<String>,
    message_age: f64,
    /// The group locked last and how long ago, for a short glow.
    pub(crate) flash: Option<(Group, f64)>,
    /// The board play mode started from (R goes back to it).
    play_start: Board,
    /// Where the view looks (the follow camera on big boards).
    pub(crate) camera: Camera,
    /// The blank's whole route drawn, not only its next leg.
    pub(crate) whole_route: bool,
    /// Picture mode: numbers on the pieces (forced on when pieces look alike).
    pub(crate) numbers: bool,
    /// The goal board shown instead of the board.
    pub(crate) goal: bool,
    /// The optimal move shown after the optimal distance (where a front
    /// end shows the distance).
    pub(crate) best_move: bool,
    /// Lines other parts of the window add under the panel's numbers.
    pub(crate) extra_rows: Vec<Row>,
    goal_board: Board,
    /// How solves are planned: a new scramble's, or the solver's taking
    /// over from play mode. [`Effort::Auto`] here is the size table's
    /// watching column ([`Effort::for_watching`]): a watched solve must
    /// keep ahead of its playback.
    options: HumanOptions,
    /// The last game solved by hand (its start and moves) and its link.
    hand_link: Option<((Board, usize), String)>,
    /// Playing a person's solve (a replay): S has no new scramble to give.
    replay: bool,
    /// The steady speed to go back to when T leaves the person's pace.
    steady_speed: f64,
    /// Watched solves are planned by the front end's planner, not in
    /// [`App::plan_ahead`].
    plan_elsewhere: bool,
    /// The planner of the solve just started, for the front end to take.
    planning: Option<Planning>,
    /// The coaching of the person's solve played (`fifteen coach --watch`).
    coached: Option<CoachedReplay>,
    /// The seed of the next new scramble (S): a sequence started from the
    /// first board, so that the view draws no randomness of its own and a
    /// window started from a seeded board deals the same boards each time.
    next_seed: u64,
    /// The drills practised (`fifteen train`), when they are.
    drill: Option<DrillRun>,
    /// The second board played beside the first: fifteen's way through a
    /// drill beside the person's attempt, while both are watched.
    beside: Option<Player>,
    /// The move game played (`fifteen train --move-game`), when it is.
    move_game: Option<MoveGame>,
}

/// Where the sequence of S's seeds starts for a window opened on `board`:
/// its cells' hash (64-bit FNV-1a), the same on every machine.
fn board_seed(board: &Board) -> u64 {
    board.cells().iter().fold(0xcbf2_9ce4_8422_2325, |h, &t| (h ^ u64::from(t)).wrapping_mul(0x0100_0000_01b3))
}

/// The options of a solve watched when none are given: the strategy's
/// pairs, at the effort the size table gives a watched board.
fn by_size() -> HumanOptions {
    HumanOptions { effort: Effort::Auto, ..HumanOptions::default() }
}

/// `options` for watching `board`: [`Effort::Auto`] becomes the size
/// table's watching column, [`Effort::for_watching`].
fn watched(options: HumanOptions, board: &Board) -> HumanOptions {
    let effort = match options.effort {
        Effort::Auto => Effort::for_watching(board.rows(), board.cols()),
        chosen => chosen,
    };
    HumanOptions { effort, ..options }
}

impl App {
    /// A window on this board, watching at `speed` moves per second its
    /// solve planned as `options` say ([`Effort::Auto`]: at the effort
    /// the size table gives a watched board, [`Effort::for_watching`]).
    pub fn new(board: Board, speed: f64, mode: Mode, options: HumanOptions) -> Result<App, HumanError> {
        let mut player = Player::solve(&board, &watched(options, &board))?;
        player.set_speed(speed);
        if mode == Mode::Watch {
            player.play();
        }
        Ok(App::with_player(player, board, mode, options))
    }

    /// A window playing a person's solve at `speed` moves a second, or at
    /// `speed` times their own pace with [`Pace::RealTime`] (when the
    /// timeline has no move times it plays steadily at the default speed).
    pub fn replay(timeline: Timeline, speed: f64, pace: Pace) -> App {
        let board = timeline.start().clone();
        let mut player = Player::new(timeline);
        let steady =
            if pace == Pace::RealTime { crate::anim::default_speed(board.rows(), board.cols()) } else { speed };
        player.set_speed(steady);
        if pace == Pace::RealTime && player.set_pace(Pace::RealTime) {
            player.set_speed(speed);
        }
        player.play();
        let mut app = App::with_player(player, board, Mode::Watch, by_size());
        app.replay = true;
        app.steady_speed = steady;
        app
    }

    /// A window playing a person's solve with its coaching: the panel
    /// shows each line's loss and the par graph, C plays fifteen's way
    /// through the line under way, X goes back to the person's solve.
    pub fn coach(timeline: Timeline, coached: CoachedReplay, speed: f64) -> App {
        let mut app = App::replay(timeline, speed, Pace::Steady);
        app.coached = Some(coached);
        app
    }

    /// Takes a sharper coaching of the solve in the shown one's place if
    /// it has come ([`CoachedReplay::sharpening`]); the mid-end's tick asks
    /// every frame.
    pub(crate) fn receive_sharper_coaching(&mut self) {
        if let Some(coached) = &mut self.coached
            && coached.receive_sharper()
        {
            let said = format!("par sharpened: {}", coached.par_name());
            self.say(&said);
        }
    }

    /// The coaching shown, when the solve played is a coached one.
    pub fn coached(&self) -> Option<&CoachedReplay> {
        self.coached.as_ref()
    }

    /// The player to drive, and the coaching to show beside it.
    pub fn player_and_coaching(&mut self) -> (&mut Player, Option<&CoachedReplay>) {
        (&mut self.player, self.coached.as_ref())
    }

    /// Watching a solve already made (playing, at its speed); a new
    /// scramble or the solver taking over from play mode solves with the
    /// strategy's pairs, at the effort for the board's size.
    pub fn watching(mut player: Player) -> App {
        let board = player.timeline().start().clone();
        player.play();
        App::with_player(player, board, Mode::Watch, by_size())
    }

    fn with_player(player: Player, board: Board, mode: Mode, options: HumanOptions) -> App {
        let next_seed = board_seed(&board);
        App {
            steady_speed: player.speed(),
            player,
            game: Game::new(board.clone()),
            mode,
            overlays: true,
            help: false,
            quit: false,
            message: None,
            message_age: 0.0,
            flash: None,
            camera: Camera::new(board.rows(), board.cols()),
            whole_route: false,
            numbers: false,
            goal: false,
            best_move: false,
            extra_rows: Vec::new(),
            goal_board: Board::goal(board.rows(), board.cols()).unwrap_or_else(|_| board.clone()),
            play_start: board,
            options,
            replay: false,
            hand_link: None,
            plan_elsewhere: false,
            planning: None,
            coached: None,
            next_seed,
            drill: None,
            beside: None,
            move_game: None,
        }
    }

    /// The board on screen.
    pub fn board(&self) -> &Board {
        if self.goal {
            return &self.goal_board;
        }
        match self.mode {
            Mode::Watch => self.player.board(),
            Mode::Play => self.game.board(),
        }
    }

    /// The tile sliding on screen.
    pub fn sliding(&self) -> Option<Slide> {
        if self.goal {
            return None;
        }
        match self.mode {
            Mode::Watch => self.player.sliding(),
            Mode::Play => self.game.sliding(),
        }
    }

    /// True when the board on screen is solved and nothing is moving or
    /// glowing.
    pub fn shows_goal(&self) -> bool {
        self.board().is_solved() && self.sliding().is_none() && self.flash.is_none()
    }

    /// The solve being watched.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The board played by hand, in play mode.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Watching or playing.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether Esc (or Q) asked the front end to close.
    pub fn wants_to_quit(&self) -> bool {
        self.quit
    }

    /// Whether the help is shown (over the board).
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// The line shown under the heads-up line for a while (a hint, an
    /// error), if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Picture mode: whether the pieces carry their numbers.
    pub fn numbers_shown(&self) -> bool {
        self.numbers
    }

    /// Whether the goal board is shown in place of the board.
    pub fn goal_shown(&self) -> bool {
        self.goal
    }

    /// Whether the optimal move is to be shown after the optimal distance
    /// (B), where a front end shows the distance.
    pub fn best_move_shown(&self) -> bool {
        self.best_move
    }

    /// Where the view looks.
    pub fn camera(&self) -> Camera {
        self.camera
    }

    /// Moves the follow camera towards `cells` (a frame's
    /// [`follow_cells`](crate::scene::Frame::follow_cells)) over `seconds`,
    /// `whole` being the whole board's layout in the window: part of the
    /// front end's frame, as playing is.
    pub fn follow_camera(&mut self, whole: &Layout, cells: Option<(f32, f32, f32, f32)>, seconds: f64) {
        self.camera.aim(whole, cells, seconds);
    }

    /// The wheel's and a drag's commands, in every mode; false for the others.
    fn camera_command(&mut self, command: Command) -> bool {
        match command {
            Command::Zoom { zoom_in, at, window } => {
                let layout = self.layout_in(window);
                let factor = if zoom_in { ZOOM_STEP } else { 1.0 / ZOOM_STEP };
                self.camera.zoom_at(&layout, factor, (at.0 as f32, at.1 as f32));
            }
            Command::Pan { by, window } if self.camera.view.zoom > 1.0 => {
                let layout = self.layout_in(window);
                self.camera.pan(&layout, by.0 as f32, by.1 as f32);
            }
            Command::Pan { .. } => {}
            _ => return false,
        }
        true
    }

    /// The layout of the board in a window `window` pixels wide and high,
    /// as the camera shows it now.
    fn layout_in(&self, (width, height): (u32, u32)) -> Layout {
        let (rows, cols) = (self.board().rows(), self.board().cols());
        Layout::scaled(width as f32, height as f32, rows, cols, 1.0, self.camera.view)
    }

    /// The rows the tick's oracle (the optimal-distance line) adds under
    /// the panel's numbers, until it sets others.
    pub(crate) fn set_extra_rows(&mut self, rows: Vec<Row>) {
        self.extra_rows = rows;
    }

    /// Carries out one command.
    pub fn command(&mut self, command: Command) {
        if self.camera_command(command) || self.drill_command(command) || self.move_game_command(command) {
            return;
        }
        let ignore = &mut |_: &Cue| {};
        match (self.mode, command) {
            (_, Command::Quit) if self.help => self.help = false,
            (_, Command::Quit) => self.quit = true,
            (_, Command::Help) => self.help = !self.help,
            (_, Command::Overlays) => self.overlays = !self.overlays,
            (_, Command::Faster) => self.player.faster(),
            (_, Command::Slower) => self.player.slower(),
            (_, Command::SwitchMode) => self.switch_mode(),
            (_, Command::NewScramble) if self.replay => self.say("a person's solve: no new scramble"),
            (_, Command::NewScramble) => {
                let seed = self.take_seed();
                self.new_scramble(seed);
            }
            (Mode::Watch, Command::RealTime) => self.toggle_pace(),
            (Mode::Play, Command::RealTime) => {}
            (_, Command::Follow) => {
                let (rows, cols) = (self.board().rows(), self.board().cols());
                self.camera.toggle_follow(rows, cols);
            }
            (_, Command::WholeRoute) => self.whole_route = !self.whole_route,
            (_, Command::Numbers) => self.numbers = !self.numbers,
            (_, Command::Goal) => self.goal = !self.goal,
            (_, Command::BestMove) => self.best_move = !self.best_move,
            (Mode::Watch, Command::Seek(at)) => {
                self.player.pause();
                self.player.seek(at, ignore);
            }
            (Mode::Play, Command::Seek(_)) => {}
            (Mode::Watch, Command::Toggle) => self.player.toggle(),
            (Mode::Watch, Command::Forward) => {
                self.player.step_forward(ignore);
            }
            (Mode::Watch, Command::Back) => {
                self.player.step_back();
            }
            (Mode::Watch, Command::NextPhase) => self.player.next_phase(ignore),
            (Mode::Watch, Command::PreviousPhase) => self.player.previous_phase(),
            (Mode::Watch, Command::Restart) => self.player.restart(),
            (Mode::Watch, Command::BetterWay) => match &mut self.coached {
                Some(coached) => {
                    let said = coached.play_better_way(&mut self.player);
                    self.say(&said);
                }
                None => self.say("C plays fifteen's way through a line of a person's solve (fifteen coach --watch)"),
            },
            (Mode::Watch, Command::BackToSolve) => match &mut self.coached {
                Some(coached) => {
                    let said = coached.back_to_solve(&mut self.player);
                    self.say(&said);
                }
                None => self.say("X goes back to a person's solve from fifteen's way (fifteen coach --watch)"),
            },
            (Mode::Play, Command::BetterWay | Command::BackToSolve) => self.say("M first: back to watching"),
            (Mode::Watch, Command::Slide(_) | Command::Click(_) | Command::Hint) => {
                self.say("press M to play yourself");
            }
            (Mode::Play, _) if self.goal => self.say("showing the goal: G to play on"),
            (Mode::Play, Command::Slide(mv)) => {
                self.game.slide(mv);
            }
            (Mode::Play, Command::Click(pos)) => {
                self.game.click(pos);
            }
            (Mode::Play, Command::Hint) => self.hint(),
            (Mode::Play, Command::Restart) => {
                self.game = Game::new(self.play_start.clone());
            }
            (Mode::Play, Command::Toggle) => self.say("play mode: arrows or clicks slide tiles; M to watch the solver"),
            (Mode::Play, Command::Forward | Command::Back | Command::NextPhase | Command::PreviousPhase) => {}
            // Taken by `camera_command` before this match.
            (_, Command::Zoom { .. } | Command::Pan { .. }) => {}
        }
    }

    /// Plans the watched solve ahead, a placement at a time while
    /// `more_time()` says the frame has time left, so "move k of N" learns N
    /// while the animation plays. The front end measures the time: planning
    /// at `best` costs far more a move than at `fast`, so a budget in moves
    /// would stall the frames of a big board.
    pub fn plan_ahead(&mut self, more_time: &mut dyn FnMut() -> bool) {
        if self.mode != Mode::Watch {
            return;
        }
        self.player.plan_ahead(PLANNING_HORIZON, more_time);
    }

    /// From now on the watched solves (this one, from its start, and every
    /// new one) are planned by a planner the front end runs, on a thread of
    /// its own say: it takes each from [`App::take_planning`] and hands its
    /// batches to [`App::receive`]. A person's solve, all known, is kept.
    pub fn plan_elsewhere(&mut self) {
        self.plan_elsewhere = true;
        if self.mode == Mode::Watch && self.player.timeline().plans_itself() {
            let start = self.player.timeline().start().clone();
            self.watch_from(&start);
        }
    }

    /// The planner of the watched solve just started, once: the front end
    /// runs it and drops the one before, whose moves are no longer wanted.
    pub fn take_planning(&mut self) -> Option<Planning> {
        self.planning.take()
    }

    /// True while the watched solve wants more planned moves: it is not
    /// all planned and fewer than `PLANNING_HORIZON` moves are planned
    /// beyond the one shown.
    pub fn wants_plans(&self) -> bool {
        self.player.wants_plans(PLANNING_HORIZON)
    }

    /// Adds moves a planner elsewhere planned to the watched solve.
    pub fn receive(&mut self, batch: EventBatch) {
        self.player.receive(batch);
    }

    /// The game on screen, when it was solved by hand in play mode, as a
    /// slidysim replay link.
    /// Made once per solved game: the window asks every frame.
    pub fn hand_solve(&mut self) -> Option<String> {
        if self.mode != Mode::Play || !self.game.is_solved() || self.game.moves() == 0 {
            return None;
        }
        let moves = self.game.moves();
        let known = self.hand_link.as_ref().is_some_and(|((start, n), _)| *n == moves && start == self.game.start());
        if !known {
            let key = (self.game.start().clone(), moves);
            self.hand_link = self.game.replay_link().map(|link| (key, link));
        }
        self.hand_link.as_ref().map(|(_, link)| link.clone())
    }

    /// Lets `seconds` pass, planning the watched solve as far as it plays
    /// however long that takes (the tests' way: the front ends pass a
    /// budget to [`App::update_within`]).
    #[cfg(test)]
    pub(crate) fn update(&mut self, seconds: f64) {
        self.update_by(seconds, None);
    }

    /// Lets `seconds` pass without holding the frame: the watched solve
    /// plays only moves already planned ([`App::plan_ahead`] plans them),
    /// and only while `more_time()` says the frame has time left (see
    /// `Player::advance_within`); when it cannot keep up it falls behind
    /// the asked speed.
    pub fn update_within(&mut self, seconds: f64, more_time: &mut dyn FnMut() -> bool) {
        self.update_by(seconds, Some(more_time));
    }

    fn update_by(&mut self, seconds: f64, more_time: Option<&mut dyn FnMut() -> bool>) {
        match self.mode {
            Mode::Watch => {
                let mut locked = None;
                let sink = &mut |cue: &Cue| {
                    if let Cue::Locked(group) = cue {
                        locked = Some(*group);
                    }
                };
                match more_time {
                    Some(more_time) => self.player.advance_within(seconds, sink, more_time),
                    None => self.player.advance(seconds, sink),
                };
                if let Some(group) = locked {
                    self.flash = Some((group, 0.0));
                }
                // The board beside keeps the first's speed, and its pause.
                let (speed, going) = (self.player.speed(), self.player.is_playing() || self.player.is_finished());
                if let Some(beside) = self.beside.as_mut().filter(|_| going) {
                    beside.set_speed(speed);
                    beside.advance(seconds, &mut |_: &Cue| {});
                }
            }
            Mode::Play => {
                self.game.advance(seconds);
            }
        }
        if let Some((_, age)) = &mut self.flash {
            *age += seconds;
            if *age > FLASH_SECONDS {
                self.flash = None;
            }
        }
        if let Some(said) = self.drill.as_mut().and_then(DrillRun::poll) {
            self.say(&said);
        }
        if self.message.is_some() {
            self.message_age += seconds;
            if self.message_age > 4.0 {
                self.message = None;
            }
        }
    }

    /// How strongly the last locked group glows, from 1 down to 0.
    pub fn flash_strength(&self) -> f32 {
        self.flash.map_or(0.0, |(_, age)| (1.0 - age / FLASH_SECONDS).max(0.0) as f32)
    }

    /// The next seed of the sequence [`App::new_scramble`]'s S deals from
    /// (SplitMix64's step: every seed once before any repeats).
    fn take_seed(&mut self) -> u64 {
        self.next_seed = self.next_seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.next_seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Replaces the board with a new uniform scramble of the same shape.
    pub fn new_scramble(&mut self, seed: u64) {
        let (rows, cols) = (self.board().rows(), self.board().cols());
        let Ok(board) = Board::scrambled(rows, cols, Scramble::Uniform, seed) else {
            return;
        };
        self.play_start = board.clone();
        self.game = Game::new(board.clone());
        if self.mode == Mode::Watch {
            self.watch_from(&board);
            self.player.play();
        }
    }

    fn switch_mode(&mut self) {
        match self.mode {
            Mode::Watch => {
                let board = self.player.board().clone();
                self.play_start = board.clone();
                self.game = Game::new(board);
                self.mode = Mode::Play;
                self.say("play mode: click a tile next to the blank or use the arrows; I for a hint");
            }
            Mode::Play => {
                let board = self.game.board().clone();
                self.watch_from(&board);
                self.mode = Mode::Watch;
                self.player.play();
                self.say("watching the strategy solve from here");
            }
        }
    }

    /// The effort a solve of `board` is watched at: the one asked for, or
    /// the size table's watching column.
    pub fn watching_effort(&self, board: &Board) -> Effort {
        watched(self.options, board).effort
    }

    fn watch_from(&mut self, board: &Board) {
        let options = watched(self.options, board);
        let made = if self.plan_elsewhere {
            Timeline::planned_elsewhere(board, &options).map(|(timeline, planning)| {
                self.planning = Some(planning);
                timeline
            })
        } else {
            Timeline::solve(board, &options)
        };
        match made {
            Ok(timeline) => {
                // The strategy's solve plays steadily: a person's pace (a
                // multiple of theirs) means nothing to it.
                if self.player.pace() == Pace::RealTime {
                    self.player.set_speed(self.steady_speed);
                }
                let old = self.player.replace(timeline);
                if let Some(coached) = &mut self.coached {
                    coached.replaced(old);
                }
            }
            Err(err) => self.say(&err.to_string()),
        }
    }

    /// T: a person's solve at their own pace (1×), or back to the steady
    /// speed it had.
    fn toggle_pace(&mut self) {
        match self.player.pace() {
            Pace::RealTime => {
                self.player.set_pace(Pace::Steady);
                self.player.set_speed(self.steady_speed);
                self.say("steady pace");
            }
            Pace::Steady if self.player.set_pace(Pace::RealTime) => {
                self.steady_speed = self.player.speed();
                self.player.set_speed(1.0);
                self.say("the person's own pace: + and - speed it up or slow it down");
            }
            Pace::Steady if self.player.timeline().person().is_some() => {
                self.say("this replay has no move times: it plays at a steady pace")
            }
            Pace::Steady => self.say("T plays a person's solve at their pace (fifteen replay)"),
        }
    }

    fn hint(&mut self) {
        match self.game.request_hint() {
            Ok(Some(mv)) => {
                let text = match self.game.tile_for(mv) {
                    Some((tile, _)) => format!("hint: slide {tile} {}", mv.word()),
                    None => format!("hint: {}", mv.word()),
                };
                self.say(&text);
            }
            Ok(None) => self.say("solved!"),
            Err(err) => self.say(&err.to_string()),
        }
    }

    fn say(&mut self, text: &str) {
        self.message = Some(text.to_string());
        self.message_age = 0.0;
    }

    /// What the window shows now. `route` is scratch space for the blank's route.
    pub fn frame<'a>(&'a self, route: &'a mut Vec<Pos>) -> Frame<'a> {
        let mut frame = match self.mode {
            _ if self.drill.is_some() => self.drill_frame(route),
            _ if self.move_game.is_some() => self.move_game_frame(),
            Mode::Watch => match &self.coached {
                Some(coached) => {
                    let mut extra = coached.rows(&self.player);
                    extra.extend(self.extra_rows.iter().cloned());
                    let mut frame = watch_frame(&self.player, route, &extra);
                    coached.annotate(&mut frame.panel);
                    frame
                }
                None => watch_frame(&self.player, route, &self.extra_rows),
            },
            Mode::Play => {
                let game = &self.game;
                let mut frame = Frame::plain(game.board());
                frame.slide = game.sliding();
                frame.hint = game.hint().and_then(|mv| game.tile_for(mv)).map(|(_, at)| at);
                let (rows, cols) = (game.board().rows(), game.board().cols());
                let (panel, card) = play_panel(game, game.seconds(), self.play_start.manhattan());
                frame.panel = panel;
                frame.panel.extend(self.extra_rows.iter().cloned());
                frame.card = card;
                frame.title = if game.is_solved() { "solved!".into() } else { format!("play {rows}×{cols}") };
                frame.subtitle = format!("moves {}   I hint   G goal   M watch the solver", game.moves());
                frame
            }
        };
        if self.goal {
            frame = Frame { board: &self.goal_board, title: "the goal".into(), ..Frame::plain(&self.goal_board) };
            frame.subtitle = "G: back to the board".into();
            frame.panel = Vec::new();
        }
        if self.mode == Mode::Watch {
            frame.whole_route = self.whole_route;
        }
        frame.flash = self.flash.map(|(group, _)| (group, self.flash_strength())).filter(|(_, s)| *s > 0.0);
        frame.overlays = self.overlays && !self.goal;
        frame.message = self.message.clone().or(frame.message);
        frame.help = self.help.then_some(help_lines());
        frame
    }

    /// The heads-up title: what is being built, or the game's state.
    #[cfg(test)]
    pub fn title(&self) -> String {
        self.frame(&mut Vec::new()).title
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::keys::BINDINGS;
    use crate::control::{Key, command_for};
    use fifteen_core::board::Move;

    fn app() -> App {
        App::new(Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap(), 10.0, Mode::Watch, HumanOptions::default())
            .unwrap()
    }

    #[test]
    fn the_wheel_zooms_about_the_pointer_and_a_drag_pans_only_when_zoomed() {
        // Big enough to zoom into (a 4×4's tiles are already as big as they get).
        let board = Board::scrambled(40, 40, Scramble::Uniform, 3).unwrap();
        let mut a = App::new(board, 10.0, Mode::Watch, HumanOptions::default()).unwrap();
        let window = (1280, 720);
        let whole = a.camera().view;
        a.command(Command::Pan { by: (40, 0), window });
        assert_eq!(a.camera().view, whole, "a whole board does not pan");
        a.command(Command::Zoom { zoom_in: true, at: (300, 300), window });
        let zoomed = a.camera().view;
        assert!(zoomed.zoom > whole.zoom && !a.camera().follow, "{zoomed:?}");
        a.command(Command::Pan { by: (40, 0), window });
        assert!(a.camera().view.center.0 < zoomed.center.0, "dragged right, the view looks further left");
        a.command(Command::Zoom { zoom_in: false, at: (300, 300), window });
        a.command(Command::Zoom { zoom_in: false, at: (300, 300), window });
        assert_eq!(a.camera().view.zoom, 1.0, "never out past the whole board");
    }

    #[test]
    fn planning_elsewhere_hands_out_each_new_solves_planner_once() {
        let board = Board::scrambled(12, 12, Scramble::Uniform, 2).unwrap();
        let mut a = App::new(board.clone(), 100_000.0, Mode::Watch, HumanOptions::default()).unwrap();
        a.plan_elsewhere();
        let mut planning = a.take_planning().expect("the solve being watched starts over, planned elsewhere");
        assert!(a.take_planning().is_none(), "handed out once");
        assert_eq!((a.player.cursor(), a.player.timeline().start()), (0, &board));
        a.plan_ahead(&mut || true);
        assert!(a.player.timeline().is_empty(), "plan_ahead leaves it to the planner");
        while a.wants_plans()
            && let Some(batch) = planning.next_batch(500)
        {
            a.receive(batch);
            a.update_within(0.01, &mut || true);
        }
        while !a.player.is_finished() {
            a.update_within(0.01, &mut || true);
        }
        assert!(a.board().is_solved());
        a.command(Command::NewScramble);
        assert!(a.take_planning().is_some(), "a new scramble, a new planner");
        a.command(Command::SwitchMode);
        assert!(a.take_planning().is_none(), "play mode plans nothing");
        a.command(Command::SwitchMode);
        assert!(a.take_planning().is_some(), "watching again from the board played");
    }

    #[test]
    fn watching_within_a_budget_plays_only_planned_moves_to_the_goal() {
        let board = Board::scrambled(40, 40, Scramble::Uniform, 3).unwrap();
        let mut a = App::new(board, 1_000_000.0, Mode::Watch, HumanOptions::default()).unwrap();
        let planned = a.player.timeline().len();
        a.update_within(0.25, &mut || true);
        assert_eq!((a.player.cursor(), a.player.timeline().len()), (planned, planned), "no planning while playing");
        a.update_within(0.25, &mut || false);
        assert_eq!(a.player.cursor(), planned, "no time, no moves");
        let mut frames = 0;
        while !a.player.is_finished() {
            let mut placements = 0;
            a.plan_ahead(&mut || {
                placements += 1;
                placements <= 3
            });
            a.update_within(1.0 / 30.0, &mut || true);
            frames += 1;
            assert!(frames < 10_000, "the playback stalled");
        }
        assert!(a.board().is_solved());
        a.command(Command::Restart);
        assert_eq!(a.player.cursor(), 0);
    }

    #[test]
    fn controls_drive_the_player() {
        let mut a = app();
        assert!(a.player.is_playing());
        a.command(Command::Toggle);
        assert!(!a.player.is_playing());
        a.command(Command::Forward);
        a.command(Command::Forward);
        assert_eq!(a.player.cursor(), 2);
        a.command(Command::Back);
        assert_eq!(a.player.cursor(), 1);
        a.command(Command::NextPhase);
        let start = a.player.cursor();
        assert_eq!(a.player.phase().unwrap().start, start);
        a.command(Command::PreviousPhase);
        assert_eq!(a.player.cursor(), 0);
        a.command(Command::Faster);
        assert_eq!(a.player.speed(), 20.0);
        a.command(Command::Slower);
        a.command(Command::Slower);
        assert_eq!(a.player.speed(), 5.0);
        a.command(Command::Help);
        assert!(a.help);
        a.command(Command::Quit);
        assert!(!a.help && !a.quit);
        a.command(Command::Overlays);
        assert!(!a.overlays);
        a.command(Command::Quit);
        assert!(a.quit);
    }

    #[test]
    fn watching_to_the_end_shows_the_goal() {
        let mut a = app();
        a.player.set_speed(1000.0);
        for _ in 0..100 {
            a.update(1.0 / 30.0);
        }
        assert!(a.shows_goal());
        assert_eq!(a.title(), "solved");
        let total = a.player.timeline().len();
        assert!(total > 0);
        let subtitle = a.frame(&mut Vec::new()).subtitle;
        assert!(subtitle.starts_with(&format!("move {total} of {total}")), "{subtitle}");
        a.command(Command::Restart);
        assert_eq!(a.player.cursor(), 0);
    }

    #[test]
    fn planning_ahead_stops_when_the_frame_has_no_time_left_and_learns_the_total() {
        let mut a = app();
        a.plan_ahead(&mut || false);
        assert_eq!(a.player.timeline().total(), None, "no time, no planning");
        let before = a.player.timeline().placements().len();
        let mut calls = 0;
        a.plan_ahead(&mut || {
            calls += 1;
            calls <= 1
        });
        assert_eq!(a.player.timeline().placements().len(), before + 1, "one placement a slice of time");
        a.plan_ahead(&mut || true);
        let total = a.player.timeline().total().expect("the whole solve planned");
        assert_eq!(total, a.player.timeline().len());
        assert_eq!(a.player.cursor(), 0, "planning ahead does not move the animation");
    }

    #[test]
    fn play_mode_slides_hints_and_hands_back_to_the_solver() {
        let mut a = app();
        a.command(Command::SwitchMode);
        assert_eq!(a.mode, Mode::Play);
        let before = a.board().clone();
        a.command(Command::Hint);
        let hint = a.game.hint().unwrap();
        assert!(a.message.as_deref().unwrap().starts_with("hint: slide"));
        a.command(Command::Slide(hint));
        assert_ne!(a.board(), &before);
        assert_eq!(a.game.moves(), 1);
        // A click next to the blank slides that tile.
        let blank = a.board().blank();
        let next = if blank.col > 0 { Pos::new(blank.row, blank.col - 1) } else { Pos::new(blank.row, blank.col + 1) };
        a.command(Command::Click(next));
        assert_eq!(a.board().blank(), next);
        let reached = a.board().clone();
        a.command(Command::SwitchMode);
        assert_eq!(a.mode, Mode::Watch);
        assert_eq!(a.player.timeline().start(), &reached);
        a.player.set_speed(100_000.0);
        a.update(1.0);
        assert!(a.player.board().is_solved());
    }

    #[test]
    fn play_mode_times_from_the_first_move_and_shows_a_finished_card() {
        let board: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
        let mut a = App::new(board, 10.0, Mode::Play, by_size()).unwrap();
        a.update(5.0);
        let time = |a: &App| {
            a.frame(&mut Vec::new()).panel.iter().find_map(|row| match row {
                Row::Stat(name, value) if name == "time" => Some(value.clone()),
                _ => None,
            })
        };
        assert_eq!(time(&a).as_deref(), Some("0.0 s"), "no clock before the first move");
        a.command(Command::Slide(Move::Left));
        a.update(1.5);
        assert_eq!(time(&a).as_deref(), Some("1.5 s"));
        assert!(a.frame(&mut Vec::new()).card.is_none());
        a.command(Command::Slide(Move::Left));
        a.update(3.0);
        let card = a.frame(&mut Vec::new()).card.expect("a finished card");
        assert!(card.lines.contains(&"time 1.50 s".to_string()), "{card:?}");
        assert!(card.lines.iter().any(|l| l.contains("1.33 tiles / second")), "{card:?}");
        // The game solved by hand is a replay link with its move times.
        let link = a.hand_solve().expect("a solved game has a link");
        let solve =
            &fifteen_core::slidysim::parse_source(&link, &fifteen_core::slidysim::LinkLimits::DEFAULT).unwrap()[0];
        assert_eq!(solve.moves.to_string(), "LL");
        assert_eq!(solve.move_times_ms, Some(vec![0, 1500]));
        // G shows the goal instead, and back.
        a.command(Command::Goal);
        assert_eq!(a.title(), "the goal");
        a.command(Command::Goal);
        assert_eq!(a.title(), "solved!");
    }

    #[test]
    fn a_click_on_a_split_jumps_there() {
        let mut a = app();
        a.command(Command::NextPhase);
        a.command(Command::NextPhase);
        let start = a.player.timeline().phases()[1].start;
        a.command(Command::Seek(start));
        assert_eq!(a.player.cursor(), start);
        assert!(!a.player.is_playing());
    }

    #[test]
    fn a_replay_plays_the_persons_solve_and_t_switches_to_their_pace() {
        let solve = fifteen_core::slidysim::Solve {
            scramble: "1 2 3/4 5 6/0 7 8".parse().unwrap(),
            moves: "LL".parse().unwrap(),
            time_ms: Some(500),
            move_times_ms: Some(vec![0, 500]),
            player: Some("someone".into()),
            event: "3×3 single".into(),
        };
        let mut a = App::replay(Timeline::from_person(&solve).unwrap(), 4.0, Pace::Steady);
        assert_eq!((a.player.pace(), a.player.speed()), (Pace::Steady, 4.0));
        assert!(a.frame(&mut Vec::new()).subtitle.starts_with("3×3 single by someone"));
        a.command(Command::NewScramble);
        assert_eq!(a.board(), &solve.scramble, "a replay has no new scramble");
        a.command(Command::RealTime);
        assert_eq!((a.player.pace(), a.player.speed()), (Pace::RealTime, 1.0));
        a.command(Command::RealTime);
        assert_eq!((a.player.pace(), a.player.speed()), (Pace::Steady, 4.0));
        // Played on by hand, then handed to the strategy: it plays steadily.
        a.command(Command::RealTime);
        a.command(Command::SwitchMode);
        a.command(Command::SwitchMode);
        assert_eq!((a.player.pace(), a.player.speed()), (Pace::Steady, 4.0));
        assert!(a.player.timeline().person().is_none());
        a.player.replace(Timeline::from_person(&solve).unwrap());
        a.update(1.0);
        assert!(a.board().is_solved());
        assert_eq!(a.title(), "solved");
    }

    #[test]
    fn new_scramble_keeps_the_shape() {
        let mut a = app();
        a.new_scramble(99);
        assert_eq!((a.board().rows(), a.board().cols()), (4, 4));
        assert_eq!(a.board(), &Board::scrambled(4, 4, Scramble::Uniform, 99).unwrap());
        assert!(a.frame(&mut Vec::new()).subtitle.contains("human solver"));
    }

    /// What a command can change, as text: two differ when it did something.
    fn state(a: &App) -> String {
        format!(
            "{:?} {} {} {} {} {} {} {} {} {} {} {} {:?} {} {} {:?}",
            a.mode,
            a.player.cursor(),
            a.player.speed(),
            a.player.is_playing(),
            a.help,
            a.quit,
            a.overlays,
            a.camera.follow,
            a.whole_route,
            a.numbers,
            a.goal,
            a.best_move,
            a.message,
            a.board(),
            a.game.moves(),
            a.player.pace(),
        )
    }

    /// An app in `mode` where every key has something to do: watching,
    /// paused a phase in; playing a 5×5 one move in, the blank away from
    /// the edges so that all four slides are legal.
    fn app_in(mode: Mode) -> App {
        let mut a = match mode {
            Mode::Watch => app(),
            Mode::Play => {
                let mut board = Board::goal(5, 5).unwrap();
                for mv in [Move::Down, Move::Down, Move::Right, Move::Right] {
                    board.slide(mv).unwrap();
                }
                App::new(board, 10.0, Mode::Play, HumanOptions::default()).unwrap()
            }
        };
        match mode {
            Mode::Watch => {
                a.command(Command::Toggle);
                a.command(Command::NextPhase);
            }
            Mode::Play => a.command(Command::Slide(Move::Down)),
        }
        a.message = None;
        a
    }

    #[test]
    fn every_binding_reaches_the_app_and_does_something_there() {
        let mut reached = 0;
        for binding in BINDINGS {
            for mode in [Mode::Watch, Mode::Play].into_iter().filter(|m| binding.mode.is_none_or(|b| b == *m)) {
                for &key in binding.keys {
                    assert_eq!(command_for(mode, key), Some(binding.command), "{key:?} in {mode:?}: another binding");
                    let mut a = app_in(mode);
                    let before = state(&a);
                    a.command(binding.command);
                    assert_ne!(state(&a), before, "{key:?} ({:?}) in {mode:?} did nothing", binding.command);
                    reached += 1;
                }
            }
        }
        assert!(reached > BINDINGS.len(), "{reached}");
        for key in Key::ALL {
            let bound = [Mode::Watch, Mode::Play].iter().any(|&m| command_for(m, key).is_some());
            assert!(bound, "{key:?} is in Key::ALL but bound to nothing");
        }
    }

    #[test]
    fn the_arrows_step_when_watching_and_slide_when_playing() {
        let mut a = app_in(Mode::Watch);
        let at = a.player.cursor();
        a.command(command_for(Mode::Watch, Key::Right).unwrap());
        assert_eq!(a.player.cursor(), at + 1);
        let mut a = app_in(Mode::Play);
        let blank = a.board().blank();
        a.command(command_for(Mode::Play, Key::Left).unwrap());
        assert_eq!(a.board().blank(), Pos::new(blank.row, blank.col + 1), "the tile right of the blank slid left");
        assert_eq!(a.game.moves(), 2);
    }
}
