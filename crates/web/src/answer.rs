//! Each request answered: the board or link read and checked first (one
//! line naming what is wrong, before any work), then the served pages' own
//! work, on the page's clock, reporting to its progress bar.

use fifteen_core::board::{Board, Scramble};
use fifteen_core::coach::{self, CoachError, ParChoice};
use fifteen_core::human::{Context, Effort, Event, Finish, HumanOptions, Order, Phase, Planner, Recorder};
use fifteen_core::search::distance::{Answers, ShortestPath};
use fifteen_core::slidysim::{self, LinkLimits, Solve, records};
use fifteen_core::tables::Tables;
use fifteen_core::{Deadline, Move};
use fifteen_view::game::Session as GameSession;
use fifteen_view::game::protocol::{Optimal, Request as GameRequest};
use fifteen_view::web::{self, MAX_COACHED_CELLS, SessionEntry, Work};
use serde_json::{Value, json};

use crate::request::{BoardGiven, PageRequest};
use crate::train;
use crate::{Answered, Host, MAX_CELLS, Worker};

/// The answer to one request.
pub(crate) fn answer(worker: &Worker, request: PageRequest, host: &'static dyn Host) -> Answered {
    let deadline = Deadline::stoppable().with_clock(move || host.now());
    let progress = move |doing: &str, done: usize, of: usize| host.progress(doing, done, of);
    let work = Work { deadline: &deadline, progress: &progress };
    match request {
        PageRequest::Read { text } => read(&text),
        PageRequest::Scramble { rows, cols, seed, walk } => Ok(board_json(&seeded(rows, cols, seed, walk)?)),
        PageRequest::Solve { board, effort, order, finish, moves_only } => {
            let board = given(board)?;
            let effort = named(effort.as_deref(), &EFFORTS, Effort::name, "effort")?;
            let options = HumanOptions {
                effort: effort.unwrap_or_else(|| Effort::for_page(board.rows(), board.cols())),
                order: named(order.as_deref(), &ORDERS, Order::name, "order")?.unwrap_or_default(),
                finish: named(finish.as_deref(), &FINISHES, Finish::name, "finish")?.unwrap_or_default(),
                threads: 1,
            };
            solve(&board, (effort, &options), moves_only, work)
        }
        PageRequest::Replay { link } => replay(worker, &link, work),
        PageRequest::Sharper { link } => sharper(worker, &link, work),
        PageRequest::Session { link } => coach_session(worker, &link, work),
        PageRequest::Hint { board } => hint(worker, &given(board)?),
        PageRequest::Tables { rows, cols, keep } => tables(worker, rows, cols, keep, host),
        PageRequest::Game { start, message, tick } => game(worker, start, message, tick),
        PageRequest::TrainPlan { links, history, drills, seed } => {
            train::plan(worker.tables(), &linked_solves(&links)?, &history, (drills, seed), work)
        }
        PageRequest::TrainMoveGame { links, limit } => {
            train::move_game(worker.tables(), &linked_solves(&links)?, limit, work)
        }
        PageRequest::TrainScore { drill, moves, time_ms, when } => {
            train::score(worker.tables(), &drill, &moves, (time_ms, when), &deadline)
        }
        PageRequest::TrainHistory { history } => train::trend(&history),
        PageRequest::TrainImport { text } => train::import(&text),
        PageRequest::TrainUnplayed { drills, played } => train::unplayed(&drills, &played),
        PageRequest::About => Ok(about()),
    }
}

const EFFORTS: [Effort; 4] = [Effort::Fast, Effort::Normal, Effort::Best, Effort::Auto];
const ORDERS: [Order; 3] = [Order::Rows, Order::Shells, Order::Free];
const FINISHES: [Finish; 2] = [Finish::Pairs, Finish::Exact];

/// The one of `all` whose name is `name`, or an error listing them.
fn named<T: Copy>(
    name: Option<&str>,
    all: &[T],
    name_of: fn(T) -> &'static str,
    what: &str,
) -> Result<Option<T>, String> {
    let Some(name) = name else { return Ok(None) };
    all.iter().copied().find(|&t| name_of(t) == name.trim()).map(Some).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&t| name_of(t)).collect();
        format!("{what} {name:?} is not one: give {}", names.join(", "))
    })
}

/// Refuses a board too big for a browser's tab before anything is made.
fn check_size(rows: usize, cols: usize) -> Result<(), String> {
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(format!(
            "a {rows}×{cols} board is too big for a browser tab: at most {MAX_CELLS} cells (300×300); \
             the `fifteen` command takes up to 10000×10000"
        ));
    }
    Ok(())
}

fn seeded(rows: usize, cols: usize, seed: u64, walk: Option<u64>) -> Result<Board, String> {
    check_size(rows, cols)?;
    let how = walk.map_or(Scramble::Uniform, Scramble::Walk);
    Board::scrambled(rows, cols, how, seed).map_err(|e| e.to_string())
}

/// The board a request gives, checked: its shape, a permutation, solvable.
fn given(board: BoardGiven) -> Result<Board, String> {
    match board {
        BoardGiven::Seeded { rows, cols, seed, walk } => seeded(rows, cols, seed, walk),
        BoardGiven::Cells { rows, cols, cells } => {
            check_size(rows, cols)?;
            let board = Board::from_cells(rows, cols, cells).map_err(|e| e.to_string())?;
            board.check_solvable().map_err(|e| format!("unsolvable board: {e}"))?;
            Ok(board)
        }
    }
}

fn board_json(board: &Board) -> Value {
    json!({ "rows": board.rows(), "cols": board.cols(), "cells": board.cells() })
}

/// The limits a link is read within here: the command's for a link from
/// anyone, each board at most [`MAX_CELLS`].
fn link_limits() -> LinkLimits {
    LinkLimits { cells: LinkLimits::DEFAULT.cells.max(MAX_CELLS), ..LinkLimits::DEFAULT }
}

/// Whether text looks meant as a link rather than a board: a URL, a query,
/// or one long word (a bare payload).
fn looks_like_link(text: &str) -> bool {
    let text = text.trim();
    text.contains("://") || text.contains("r=") || (text.len() > 40 && !text.contains(char::is_whitespace))
}

/// A board or a link, as the person typed it.
fn read(text: &str) -> Answered {
    if text.trim().is_empty() {
        return Err("nothing to read: type a board (rows on lines or split by /) or paste a replay link".into());
    }
    if !looks_like_link(text) {
        let board: Board = text.parse().map_err(|e: fifteen_core::ParseBoardError| e.to_string())?;
        check_size(board.rows(), board.cols())?;
        board.check_solvable().map_err(|e| format!("unsolvable board: {e}"))?;
        return Ok(json!({ "board": board_json(&board) }));
    }
    let solves = solves(text)?;
    let first = &solves[0];
    Ok(json!({ "link": {
        "solves": solves.len(),
        "rows": first.scramble.rows(),
        "cols": first.scramble.cols(),
        "event": first.event,
    }}))
}

/// Every solve of a link, read as `fifteen replay` reads one from anyone.
fn solves(link: &str) -> Result<Vec<Solve>, String> {
    let solves = slidysim::parse_source(link.trim(), &link_limits()).map_err(|e| e.to_string())?;
    for solve in &solves {
        check_size(solve.scramble.rows(), solve.scramble.cols())?;
    }
    Ok(solves)
}

/// Every solve of every link, in order; at least one.
fn linked_solves(links: &[String]) -> Result<Vec<Solve>, String> {
    let mut read = Vec::new();
    for link in links {
        read.extend(solves(link)?);
    }
    if read.is_empty() {
        return Err("no solves to train from: give a slidysim replay link".into());
    }
    Ok(read)
}

/// `asked`: the effort the request named, and the options it makes.
fn solve(board: &Board, (asked, options): (Option<Effort>, &HumanOptions), moves_only: bool, work: Work) -> Answered {
    let failed = |e: fifteen_core::human::HumanError| e.to_string();
    if moves_only {
        let plan = fifteen_core::human::solve(board, options).map_err(failed)?;
        let moves: String = plan.moves().iter().map(|mv| mv.letter()).collect();
        return Ok(json!({ "count": moves.len(), "moves": moves }));
    }
    let default = HumanOptions { effort: options.effort, threads: 1, ..HumanOptions::default() };
    let mut data = if *options == default {
        web::solve_page(board, asked, work).map_err(failed)?
    } else {
        let (rows, cols) = (board.rows(), board.cols());
        web::solve_data(board, options, &format!("fifteen: a {rows}×{cols} solve"), work).map_err(failed)?
    };
    // Whether the page can ask for the fewest possible moves (`hint`).
    data.has_distance = Some(fifteen_core::search::distance::has_distance(board.len()));
    page_answer(&data)
}

fn coach_failed(e: CoachError) -> String {
    e.to_string()
}

/// `/replay?r=…`: the first solve beside fifteen's, coached.
fn replay(worker: &Worker, link: &str, work: Work) -> Answered {
    let solves = solves(link)?;
    let mut data = web::replay_page(&solves[0], worker.tables(), work).map_err(coach_failed)?;
    data.solves = Some(solves.len());
    page_answer(&data)
}

/// The replay page's coaching at its sharper par, once the page is shown.
fn sharper(worker: &Worker, link: &str, work: Work) -> Answered {
    let solves = solves(link)?;
    let coach = web::sharper_coach(&solves[0], worker.tables(), work).map_err(coach_failed)?;
    Ok(json!({ "coach": coach }))
}

/// A link of several solves as a session, each coached with the par the
/// command gives it.
fn coach_session(worker: &Worker, link: &str, work: Work) -> Answered {
    let solves = solves(link)?;
    let (rows, cols) = (solves[0].scramble.rows(), solves[0].scramble.cols());
    if solves.len() < 2 {
        return Err("this link holds one solve, not a session: open it as a replay".into());
    }
    if solves.iter().any(|s| (s.scramble.rows(), s.scramble.cols()) != (rows, cols)) {
        return Err("the link's solves are of several sizes: a session is of one".into());
    }
    if rows * cols > MAX_COACHED_CELLS {
        return Err(format!(
            "a session of {rows}×{cols} solves is too big to coach here: at most {MAX_COACHED_CELLS} cells"
        ));
    }
    let tables: &dyn Tables = worker.tables();
    let chosen =
        coach::par_for(&solves[0].scramble, ParChoice::Auto, Effort::Auto, tables).map_err(|e| e.to_string())?;
    let mut coached = Vec::with_capacity(solves.len());
    for (done, solve) in solves.iter().enumerate() {
        (work.progress)(web::COACHING, done, solves.len());
        let coaching = coach::CoachRun::new(&solve.scramble, &solve.moves, chosen.par())
            .until(work.deadline.clone())
            .run()
            .map_err(coach_failed)?;
        coached.push(coaching);
    }
    let entries: Vec<SessionEntry> = solves
        .iter()
        .zip(&coached)
        .enumerate()
        .map(|(i, (solve, coaching))| SessionEntry { number: i + 1, solve, coaching, chosen: &chosen })
        .collect();
    let heading = format!("{rows}×{cols} from this link");
    page_answer(&web::session_page(&entries, &heading, Effort::for_page(rows, cols), work).map_err(coach_failed)?)
}

/// A page's data as the worker answers it.
fn page_answer(data: &web::ViewerData) -> Answered {
    serde_json::to_value(data).map_err(|e| format!("the page's data: {e}"))
}

/// The next move of the human strategy from `board`, with the placement it
/// makes, and on boards of up to 16 cells the optimal distance.
fn hint(worker: &Worker, board: &Board) -> Answered {
    let (rows, cols) = (board.rows(), board.cols());
    let planner =
        Planner::new(board, &HumanOptions { threads: 1, ..HumanOptions::default() }).map_err(|e| e.to_string())?;
    let mut recorder = Recorder::of(planner);
    let (mut first, mut title): (Option<Move>, Option<String>) = (None, None);
    while first.is_none() {
        let more = recorder.pull(&mut |event: &Event, at: &Context| match *event {
            Event::Placement { region, group } if first.is_none() => {
                let phase = at.phase.unwrap_or(Phase::Rest);
                let (shape, corner) = ((rows, cols), at.corner);
                title = Some(fifteen_core::human::PlacementTitle { phase, region, group, shape, corner }.to_string());
            }
            Event::Moved { mv, .. } if first.is_none() => first = Some(mv),
            _ => {}
        });
        if !more {
            break;
        }
    }
    let tile = |mv: Move| board.clone().slide(mv);
    let strategy = first.map(|mv| json!({ "move": mv.letter().to_string(), "tile": tile(mv), "title": title }));
    let optimal = if fifteen_core::search::distance::has_distance(board.len()) {
        let tables = worker.tables().optimal(rows, cols);
        let path =
            ShortestPath::search(board, tables.as_deref(), &fifteen_core::Deadline::NONE).map_err(|e| e.to_string())?;
        let distance = path.lookup(board).expect("the path starts at the board");
        let best = distance.best;
        Some(json!({
            "moves": distance.moves_left,
            "move": best.map(|mv| mv.letter().to_string()),
            "tile": best.and_then(tile),
        }))
    } else {
        None
    };
    Ok(json!({ "solved": board.is_solved(), "strategy": strategy, "optimal": optimal }))
}

/// The optimal solver's tables built and handed over, or taken back.
fn tables(worker: &Worker, rows: usize, cols: usize, keep: bool, host: &dyn Host) -> Answered {
    if keep {
        let progress = |p: fifteen_core::tables::BuildProgress| {
            host.progress("tables", p.done as usize, p.total as usize);
        };
        let bytes = worker
            .tables()
            .saved_optimal(rows, cols, progress)
            .ok_or_else(|| format!("a {rows}×{cols} has no pattern databases"))?;
        let length = bytes.len();
        worker.give_bytes(bytes);
        Ok(json!({ "bytes": length }))
    } else {
        let bytes = worker.take_bytes();
        let length = bytes.len();
        worker.tables().add_saved_optimal(rows, cols, bytes).map_err(|e| e.to_string())?;
        Ok(json!({ "bytes": length }))
    }
}

/// The community's records and this build's limits.
fn about() -> Value {
    let records: Vec<Value> = records::FEWEST_MOVES
        .iter()
        .map(|r| json!({ "size": r.size, "moves": r.moves, "mean_of": r.mean_of }))
        .collect();
    json!({
        "records": records,
        "max_cells": MAX_CELLS,
        "max_coached_cells": MAX_COACHED_CELLS,
        "max_optimal_cells": fifteen_core::search::MAX_OPTIMAL_CELLS,
    })
}

/// The play page's game, and the optimal distances it has found.
pub(crate) struct Played {
    game: GameSession,
    /// Whether the page asked for the optimal distance after each state.
    optimal: bool,
    answers: Answers,
}

/// The play page's game: dealt, told a client's message, or ticked.
fn game(worker: &Worker, start: Option<BoardGiven>, message: Option<String>, tick: bool) -> Answered {
    let mut held = worker.game();
    if let Some(board) = start {
        let board = given(board)?;
        *held = Some(Played { game: GameSession::new(board), optimal: false, answers: Answers::new() });
    }
    let Some(played) = held.as_mut() else {
        return Err("no game: start one with a board first".into());
    };
    let state = match (&message, tick) {
        (Some(text), _) => {
            let request = GameRequest::parse(text);
            if let Ok(GameRequest::Optimal(wanted)) = request {
                played.optimal = wanted;
            }
            Some(played.game.handle(request))
        }
        (None, true) => played.game.advance_watch(),
        (None, false) => Some(played.game.state()),
    };
    let mut messages = Vec::new();
    if let Some(state) = state {
        messages.push(state.to_json());
        if played.optimal && fifteen_core::search::distance::has_distance(played.game.board().len()) {
            messages.push(optimal_of(worker, played).to_json());
        }
    }
    Ok(json!({ "messages": messages, "delay_ms": played.game.watch_delay_ms() }))
}

/// The optimal distance of the game's position, from the solutions found
/// before when one passes it (a player following the best moves), else
/// searched.
fn optimal_of(worker: &Worker, played: &mut Played) -> Optimal {
    let (board, score) = (played.game.board().clone(), played.game.score());
    if let Some(distance) = played.answers.answer(&board) {
        return Optimal::of(&board, score, distance);
    }
    let tables = worker.tables().optimal(board.rows(), board.cols());
    match ShortestPath::search(&board, tables.as_deref(), &fifteen_core::Deadline::NONE) {
        Ok(path) => {
            let distance = path.lookup(&board).expect("the path starts at the board");
            played.answers.learn(path);
            Optimal::of(&board, score, distance)
        }
        Err(e) => Optimal::failed(score, e.to_string()),
    }
}
