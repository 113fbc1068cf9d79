use super::*;
use crate::board::{Moves, Pos, Scramble};
use crate::coach::session::{SessionReport, SessionSolve};
use crate::human::{self, Effort, HumanOptions};
use crate::search::Heuristic;

const EXACT: Par<'static> = Par::Optimal(Heuristic::ManhattanConflicts);

/// fifteen's fast solve of `board` with a wasted pair (a legal move and
/// its undo) slipped in every `every` moves: a person's solve with slips.
fn person_solve(board: &Board, every: usize) -> Moves {
    let fast = HumanOptions { effort: Effort::Fast, ..HumanOptions::default() };
    let plan = human::solve(board, &fast).unwrap();
    let mut replay = board.clone();
    let mut moves = Vec::new();
    for (i, &mv) in plan.moves().iter().enumerate() {
        if i % every == every / 2 {
            let slip = replay.legal_moves().next().unwrap();
            moves.extend([slip, slip.opposite()]);
        }
        replay.slide(mv);
        moves.push(mv);
    }
    Moves(moves)
}

struct PersonSolve {
    scramble: Board,
    moves: Moves,
    coaching: Coaching,
}

fn solved(rows: usize, cols: usize, seeds: std::ops::Range<u64>, par: Par<'_>) -> Vec<PersonSolve> {
    seeds
        .map(|seed| {
            let scramble = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            let moves = person_solve(&scramble, 5 + seed as usize % 7);
            let coaching = coach::coach(&scramble, &moves, par).unwrap();
            PersonSolve { scramble, moves, coaching }
        })
        .collect()
}

fn coached(solves: &[PersonSolve]) -> Vec<CoachedSolve<'_>> {
    solves
        .iter()
        .enumerate()
        .map(|(i, s)| CoachedSolve { number: i + 1, scramble: &s.scramble, moves: &s.moves, coaching: &s.coaching })
        .collect()
}

fn is_home(board: &Board, r: usize, c: usize) -> bool {
    board.tile_at(Pos::new(r, c)) == crate::board::tile_for(Pos::new(r, c), board.rows(), board.cols())
}

#[test]
fn a_fresh_board_has_exactly_the_lines_before_it_home_and_is_solvable() {
    for (rows, cols) in [(3, 3), (4, 4), (3, 5), (5, 3), (6, 6), (10, 10)] {
        let goal = Board::goal(rows, cols).unwrap();
        // Every line fifteen builds on this size, from its own solve.
        let scramble = Board::scrambled(rows, cols, Scramble::Uniform, 3).unwrap();
        let moves = human::solve(&scramble, &HumanOptions::default()).unwrap().moves().to_vec();
        for done in crate::lines::detect(&scramble, &moves) {
            for seed in 0..20 {
                let (board, used) = fresh_board(&goal, done.line, seed);
                assert!(used >= seed);
                assert_eq!(fresh_board(&goal, done.line, used), (board.clone(), used), "the seed made it");
                assert!(board.is_solvable(), "{rows}×{cols} {}: {board}", done.line.name());
                let (top, left) = coach::before_line(done.line);
                for r in 0..rows {
                    for c in 0..cols {
                        if r < top || c < left {
                            assert!(is_home(&board, r, c), "{} before the line is home", Pos::new(r, c));
                        }
                    }
                }
                let (r0, c0, r1, c1) = done.line.area(rows, cols);
                assert!(!(r0..r1).all(|r| (c0..c1).all(|c| is_home(&board, r, c))), "the line is left to build");
            }
        }
    }
}

#[test]
fn fresh_boards_of_a_rectangle_are_its_uniform_arrangements() {
    // The last 2×2 of a 3×3 has 12 solvable arrangements, 11 of them
    // unsolved: each should come about 1/11 of the time.
    let goal = Board::goal(3, 3).unwrap();
    let line = Line::LastBlock { row: 1, col: 1 };
    let mut seen: std::collections::HashMap<Board, usize> = std::collections::HashMap::new();
    let draws = 11_000;
    for seed in 0..draws {
        *seen.entry(fresh_board(&goal, line, seed * 1000).0).or_default() += 1;
    }
    assert_eq!(seen.len(), 11);
    for (board, count) in seen {
        assert!((800..1200).contains(&count), "{board} came {count} times in {draws}");
    }
}

#[test]
fn a_drills_par_is_the_coachs_par_of_that_board() {
    let solves = solved(3, 4, 0..4, EXACT);
    let plan = plan(&coached(&solves), &Boxes::default(), &PlanOptions { drills: 12, seed: 5 });
    assert_eq!(plan.drills.len(), 12);
    assert!(plan.drills.iter().any(Position::is_own) && plan.drills.iter().any(|d| !d.is_own()));
    for position in &plan.drills {
        let drill = drill(position, EXACT, &Deadline::NONE).unwrap();
        // The coach's par of the board, whatever solve is coached from it.
        let way = human::solve(&position.board, &HumanOptions::default()).unwrap();
        let coaching = coach::coach(&position.board, way.moves(), EXACT).unwrap();
        assert_eq!(drill.par.par, coaching.par, "{}", position.board);
        assert_eq!(drill.par.margin, 0, "an exact par has no margin");
        // As kept and read back (the command's store, the browser's plan).
        let kept = planned::PlannedDrill::new(1, &drill, &plan.costs);
        let read: planned::PlannedDrill = serde_json::from_str(&serde_json::to_string(&kept).unwrap()).unwrap();
        let back = read.to_drill().unwrap();
        assert_eq!((&back.position.board, back.position.line, &back.par), (&position.board, position.line, &drill.par));
        if let DrillOrigin::Fresh { seed } = position.origin {
            assert!(seed < 1 << 53, "a fresh seed a JavaScript number holds exactly: {seed}");
        }
        if let DrillOrigin::Own { solve, line, .. } = position.origin {
            let coached_line = &solves[solve - 1].coaching.lines[line];
            assert_eq!(drill.par.par, coached_line.par_before);
            let mut board = solves[solve - 1].scramble.clone();
            board.apply(&solves[solve - 1].moves[..coached_line.from_move]).unwrap();
            assert_eq!(board, position.board, "the person's own board where the line began");
        }
        // fifteen's way finishes the drill; one that loses nothing does.
        let score = score(&drill, &drill.par.better.moves, EXACT, &Deadline::NONE).unwrap();
        if drill.par.better.way == coach::Way::Lossless {
            assert_eq!(score.loss, 0, "{}: {}", position.line.name(), position.board);
        }
    }
}

#[test]
fn the_persons_own_moves_score_what_the_coach_said_they_lost() {
    let solves = solved(3, 4, 10..13, EXACT);
    let plan = plan(&coached(&solves), &Boxes::default(), &PlanOptions { drills: 20, seed: 1 });
    let mut checked = 0;
    for position in plan.drills.iter().filter(|p| p.is_own()) {
        let DrillOrigin::Own { solve, line, loss, .. } = position.origin else { unreachable!() };
        let solved = &solves[solve - 1];
        let coached_line = &solved.coaching.lines[line];
        assert_eq!(loss, coached_line.loss());
        assert!(coached_line.lost_more_than_margin(), "own boards are of lines that lost");
        let drill = drill(position, EXACT, &Deadline::NONE).unwrap();
        let moves = &solved.moves[coached_line.from_move..coached_line.to_move];
        let score = score(&drill, moves, EXACT, &Deadline::NONE).unwrap();
        assert_eq!((score.moves, score.loss), (coached_line.moves(), loss));
        assert!(score.lost_more_than_margin);
        checked += 1;
    }
    assert!(checked > 0);
    let drill = drill(&plan.drills[0], EXACT, &Deadline::NONE).unwrap();
    assert!(matches!(score(&drill, &[], EXACT, &Deadline::NONE), Err(ScoreError::NotDone { .. })));
}

#[test]
fn the_plans_order_follows_the_sessions_losses_by_kind() {
    for (rows, cols, par) in [(3, 4, EXACT), (6, 6, Par::Human(Effort::Fast))] {
        let solves = solved(rows, cols, 20..26, par);
        let session = SessionReport::new(
            solves.iter().map(|s| SessionSolve { number: 0, time_ms: None, coaching: &s.coaching }).collect(),
        );
        let plan = plan(&coached(&solves), &Boxes::default(), &PlanOptions { drills: 10, seed: 0 });
        let mut expected: Vec<(LineKind, f64)> = session
            .by_kind
            .iter()
            .map(|k| (k.kind, k.loss_mean * k.lines as f64 / solves.len() as f64))
            .filter(|&(_, per_solve)| per_solve > 0.0)
            .collect();
        expected.sort_by(|a, b| b.1.total_cmp(&a.1));
        let got: Vec<(LineKind, f64)> = plan.costs.iter().map(|c| (c.kind, c.loss_per_solve)).collect();
        assert_eq!(got.len(), expected.len());
        for ((kind, per_solve), (want_kind, want)) in got.iter().zip(&expected) {
            assert!((per_solve - want).abs() < 1e-9, "{kind:?}: {per_solve} against {want}");
            assert_eq!(kind, want_kind);
        }
        assert_eq!(plan.costs.iter().map(|c| c.drills).sum::<usize>(), 10);
        let drilled: Vec<LineKind> = plan.drills.iter().map(|d| d.kind).collect();
        let mut runs = drilled.clone();
        runs.dedup();
        let with_drills: Vec<LineKind> = plan.costs.iter().filter(|c| c.drills > 0).map(|c| c.kind).collect();
        assert_eq!(runs, with_drills, "the drills come kind by kind, the costliest first");
        assert!(plan.costs.windows(2).all(|w| w[0].drills >= w[1].drills));
    }
}

#[test]
fn a_kind_played_at_par_climbs_a_box_and_weighs_half() {
    assert_eq!((next_box(1, true), next_box(4, true), next_box(5, true), next_box(3, false)), (2, 5, 5, 1));
    let solves = solved(3, 4, 30..33, EXACT);
    let first = plan(&coached(&solves), &Boxes::default(), &PlanOptions { drills: 8, seed: 2 });
    let top = &first.costs[0];
    let position = &first.drills[0];
    let drill = drill(position, EXACT, &Deadline::NONE).unwrap();
    let at_par = drill.par.better.moves.clone();
    let score = score(&drill, &at_par, EXACT, &Deadline::NONE).unwrap();
    // Played at par, whatever fifteen's way lost.
    let attempt = history::Attempt { loss: 0, ..history::Attempt::new(&drill, &at_par, &score, 1000, 0) };
    let boxes = Boxes::from_attempts([&attempt, &attempt]);
    assert_eq!(boxes.level(top.kind, 3, 4), 3);
    assert_eq!(boxes.position_level(&position.board), 3);
    let after = plan(&coached(&solves), &boxes, &PlanOptions { drills: 8, seed: 2 });
    let again = after.costs.iter().find(|c| c.kind == top.kind).unwrap();
    assert_eq!((again.level, again.weight), (3, top.loss_per_solve / 4.0));
    let lost = history::Attempt { loss: drill.par.margin as i64 + 1, ..attempt.clone() };
    let back = Boxes::from_attempts([&attempt, &attempt, &lost]);
    assert_eq!((back.level(top.kind, 3, 4), back.position_level(&position.board)), (1, 1));
}

use repeat::next_box;

#[test]
fn an_attempt_goes_to_one_line_of_json_and_back_checked() {
    let solves = solved(3, 3, 0..2, EXACT);
    let plan = plan(&coached(&solves), &Boxes::default(), &PlanOptions { drills: 1, seed: 2 });
    let drill = drill(&plan.drills[0], EXACT, &Deadline::NONE).unwrap();
    let moves = drill.par.better.moves.clone();
    let score = score(&drill, &moves, EXACT, &Deadline::NONE).unwrap();
    let attempt = history::Attempt::new(&drill, &moves, &score, 2500, 1_790_000_000);
    let line = attempt.to_json();
    assert!(!line.contains('\n'));
    assert_eq!(history::Attempt::from_json(&line).unwrap(), attempt);
    assert_eq!(attempt.board().unwrap(), drill.position.board);
    let bad_kind = line.replace(&format!("\"kind\":\"{}\"", attempt.kind), "\"kind\":\"diagonals\"");
    assert!(history::Attempt::from_json(&bad_kind).unwrap_err().to_string().contains("diagonals"));
    let wrong_size = line.replace("\"rows\":3", "\"rows\":4");
    assert!(history::Attempt::from_json(&wrong_size).unwrap_err().to_string().contains("not the 4×3"));
    assert!(history::Attempt::from_json("{\"kind\":1}").is_err());
}

#[test]
fn the_move_games_questions_are_the_persons_mistakes_and_their_answers_keep_the_optimal_distance() {
    let all = crate::search::bfs::distances_from_goal(3, 3).unwrap();
    let distance = |board: &Board| all.distance(board).unwrap() as usize;
    let solves = solved(3, 3, 0..6, EXACT);
    let read = coached(&solves);
    let questions = moves::move_questions(&read, EXACT, 1000, &Deadline::NONE).unwrap();
    // One question a mistake, but for a move off the solved board.
    let mistakes: usize = solves
        .iter()
        .map(|s| {
            s.coaching
                .mistakes
                .as_ref()
                .unwrap()
                .iter()
                .filter(|&&i| s.coaching.par_by_move.as_ref().unwrap()[i - 1] > 0)
                .count()
        })
        .sum();
    assert!(mistakes >= 6, "{mistakes}");
    assert_eq!(questions.len(), mistakes);
    for q in &questions {
        let solve = &solves[q.solve - 1];
        let mut before = solve.scramble.clone();
        before.apply(&solve.moves[..q.move_number - 1]).unwrap();
        assert_eq!((&q.board, q.played), (&before, solve.moves[q.move_number - 1]));
        assert_eq!(q.par, distance(&before));
        assert!(!q.keeps_par(q.played), "the person's move was a mistake");
        assert!(!q.keeping.is_empty(), "some move is always one nearer: {q:?}");
        for mv in before.legal_moves() {
            let mut after = before.clone();
            after.slide(mv);
            assert_eq!(q.keeps_par(mv), distance(&after) + 1 == q.par, "{mv:?}");
        }
    }
    let first_two = moves::move_questions(&read, EXACT, 2, &Deadline::NONE).unwrap();
    assert_eq!(first_two, questions[..2]);
    let big = solved(6, 6, 0..1, Par::Human(Effort::Fast));
    let refused = moves::move_questions(&coached(&big), Par::Human(Effort::Fast), 5, &Deadline::NONE);
    assert!(matches!(refused, Err(moves::MoveGameError::NotExact { rows: 6, cols: 6 })), "{refused:?}");
}
