use super::*;
use crate::board::{Moves, Scramble};
use crate::human::{self, Effort};

/// fifteen's own fast solve of `board` with `detours` wasted pairs (a
/// legal move and its undo) slipped in along it: a person's solve with
/// known slips.
fn person_solve(board: &Board, detours: usize) -> Moves {
    let fast = HumanOptions { effort: Effort::Fast, ..HumanOptions::default() };
    let plan = human::solve(board, &fast).unwrap();
    let mut moves = Vec::new();
    let mut replay = board.clone();
    let every = (plan.moves().len() / (detours + 1)).max(1);
    for (i, &mv) in plan.moves().iter().enumerate() {
        if i % every == every / 2 && moves.len() < plan.moves().len() + 2 * detours {
            let slip = replay.legal_moves().next().unwrap();
            moves.extend([slip, slip.opposite()]);
        }
        replay.slide(mv);
        moves.push(mv);
    }
    Moves(moves)
}

/// Every line's better way, made from the person's board where the line
/// began, finishes that line and leaves the lines before it home.
fn check_better_ways(scramble: &Board, moves: &[Move], coaching: &Coaching) {
    let mut board = scramble.clone();
    let mut made = 0;
    for line in &coaching.lines {
        board.apply(&moves[made..line.from_move]).unwrap();
        made = line.from_move;
        let mut better = board.clone();
        better.apply(&line.better.moves).unwrap();
        let (top, left) = (scramble.rows() - line.rows_left, scramble.cols() - line.cols_left);
        for (i, &tile) in better.cells().iter().enumerate() {
            let (r, c) = (i / scramble.cols(), i % scramble.cols());
            if (r < top || c < left) && line.rows_left != 0 {
                assert_eq!(tile as usize, i + 1, "{}: cell {i} is not home after the better way", line.line.name());
            }
        }
        if line.rows_left == 0 {
            assert!(better.is_solved(), "the last block's better way solves the board");
        }
    }
}

/// A way that loses nothing (when its search did not run out of its
/// budget) ends where the optimal distance is par less
/// its moves, and is no longer than a line of the person's that lost
/// nothing.
fn check_lossless_ways(scramble: &Board, moves: &[Move], coaching: &Coaching) {
    for line in coaching.lines.iter().filter(|l| l.better.way == Way::Lossless) {
        let mut board = scramble.clone();
        board.apply(&moves[..line.from_move]).unwrap();
        board.apply(&line.better.moves).unwrap();
        let left = optimal::solve(&board).unwrap().moves.len();
        assert_eq!(left + line.better.moves.len(), line.par_before, "{}", line.line.name());
        if line.loss() == 0 {
            assert!(line.better.moves.len() <= line.moves(), "{}", line.line.name());
        }
    }
}

#[test]
#[ignore = "seconds: coaches many small solves with slips; CI runs it"]
fn losses_add_up_and_every_mistake_costs_two_on_small_boards() {
    let cases = [(3, 3, 0..4), (2, 4, 0..2), (3, 4, 1..2), (4, 3, 2..3)];
    for (rows, cols, seeds) in cases {
        for seed in seeds {
            let scramble = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            let moves = person_solve(&scramble, 3);
            let coaching = coach(&scramble, &moves, Par::Optimal(Heuristic::ManhattanConflicts)).unwrap();
            let lost: i64 = coaching.lines.iter().map(LineCoaching::loss).sum();
            assert_eq!(lost, coaching.loss(), "{rows}×{cols} seed {seed}");
            assert_eq!(coaching.loss(), moves.len() as i64 - optimal::solve(&scramble).unwrap().moves.len() as i64);
            let mistakes = coaching.mistakes.as_ref().unwrap();
            assert_eq!(2 * mistakes.len() as i64, coaching.loss(), "{rows}×{cols} seed {seed}");
            assert!(mistakes.len() >= 3, "the three slips are mistakes");
            assert!(coaching.lines.iter().all(|l| l.loss() >= 0 && l.loss() % 2 == 0));
            if rows * cols <= 9 {
                assert!(coaching.lines.iter().all(|l| l.better.way == Way::Lossless), "{rows}×{cols} seed {seed}");
            }
            check_lossless_ways(&scramble, &moves, &coaching);
            check_better_ways(&scramble, &moves, &coaching);
        }
    }
}

#[test]
fn on_bigger_boards_par_is_fifteens_own_solve_and_losses_still_add_up() {
    for (rows, cols, seed) in [(5, 5, 1), (6, 4, 2), (4, 7, 3), (2, 9, 4)] {
        let scramble = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
        let moves = person_solve(&scramble, 4);
        let coaching = coach(&scramble, &moves, Par::Human(Effort::Normal)).unwrap();
        let normal = HumanOptions { effort: Effort::Normal, ..HumanOptions::default() };
        // fifteen's solve, or shorter where the person's way from some line
        // on was.
        assert!(coaching.par <= human::solve(&scramble, &normal).unwrap().moves().len());
        let lost: i64 = coaching.lines.iter().map(LineCoaching::loss).sum();
        assert_eq!(lost, moves.len() as i64 - coaching.par as i64, "{rows}×{cols}");
        assert_eq!(coaching.mistakes, None);
        assert_eq!(coaching.lines.last().unwrap().par_after, 0);
        check_better_ways(&scramble, &moves, &coaching);
    }
}

#[test]
fn line_kinds_follow_the_rectangle() {
    let scramble = Board::scrambled(4, 5, Scramble::Uniform, 7).unwrap();
    let moves = person_solve(&scramble, 0);
    let coaching = coach(&scramble, &moves, Par::Human(Effort::Fast)).unwrap();
    let kinds: Vec<LineKind> = coaching.lines.iter().map(|l| l.kind).collect();
    assert_eq!(kinds.last(), Some(&LineKind::LastBlock));
    assert!(kinds.contains(&LineKind::Row) && kinds.contains(&LineKind::Column));
    assert!(kinds.contains(&LineKind::EndPair) || kinds.contains(&LineKind::BottomPair));
}

#[test]
fn a_solve_that_does_not_reach_the_goal_is_refused() {
    let scramble: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
    let short: Moves = "L".parse().unwrap();
    assert!(matches!(coach(&scramble, &short, Par::Human(Effort::Fast)), Err(CoachError::NotSolved { misplaced: 1 })));
    let illegal: Moves = "R".parse().unwrap();
    assert!(matches!(coach(&scramble, &illegal, Par::Human(Effort::Fast)), Err(CoachError::IllegalMove(_))));
}

#[test]
fn progress_counts_every_piece_of_work_once() {
    use std::sync::Mutex;
    for (par, scramble) in [
        (Par::Optimal(Heuristic::ManhattanConflicts), Board::scrambled(3, 3, Scramble::Uniform, 5).unwrap()),
        (Par::Human(Effort::Fast), Board::scrambled(5, 4, Scramble::Uniform, 5).unwrap()),
    ] {
        let moves = person_solve(&scramble, 1);
        let seen = Mutex::new(Vec::new());
        let coaching = CoachRun::new(&scramble, &moves, par)
            .progress(&|done, of| seen.lock().unwrap().push((done, of)))
            .run()
            .unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        let of = seen[0].1;
        let expected = if par.is_exact() { moves.len() + 1 } else { coaching.lines.len() } + coaching.lines.len();
        assert_eq!(of, expected);
        assert_eq!(seen, (1..=of).map(|done| (done, of)).collect::<Vec<_>>());
    }
}

/// A deadline whose clock moves a second each time it is read: the near
/// solver's budget counted in questions, not time (the library reads no
/// clock, not even in tests).
fn counting_clock() -> Deadline {
    let asked = AtomicUsize::new(0);
    Deadline::NONE.with_clock(move || asked.fetch_add(1, Ordering::Relaxed) as f64)
}

#[test]
fn a_stopped_deadline_stops_the_coach_at_once() {
    let scramble = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
    let moves = person_solve(&scramble, 1);
    for par in [Par::Optimal(Heuristic::ManhattanConflicts), Par::Human(Effort::Best)] {
        let stopped = CoachRun::new(&scramble, &moves, par).until(Deadline::stopped()).run();
        assert!(matches!(stopped, Err(CoachError::Stopped)), "{}", par.name());
    }
}

#[test]
fn near_par_is_at_most_the_human_par_at_every_line_and_losses_add_up() {
    use crate::search::near;
    // Groups of 3: tables built in a moment (the command uses groups of 5).
    let tables = PatternDatabase::build(near::partition(5, 5, 3).unwrap(), 2, |_| {});
    let deadline = counting_clock();
    for seed in [1, 2] {
        let scramble = Board::scrambled(5, 5, Scramble::Uniform, seed).unwrap();
        let moves = person_solve(&scramble, 2);
        let near_par = NearPar { tables: &tables, seconds: 20.0, effort: Effort::Fast };
        let by_near = CoachRun::new(&scramble, &moves, Par::Near(near_par)).until(deadline.clone()).run().unwrap();
        let by_human = coach(&scramble, &moves, Par::Human(Effort::Fast)).unwrap();
        assert_eq!(by_near.lines.len(), by_human.lines.len());
        for (near_line, human_line) in by_near.lines.iter().zip(&by_human.lines) {
            assert!(near_line.par_before <= human_line.par_before, "seed {seed}: {}", near_line.line.name());
            assert!(near_line.par_before > 0, "seed {seed}: a line begins on an unsolved board");
        }
        // The near par of the scramble is a real solution's length: at
        // least the optimum's lower bound, and here shorter than fifteen's fast
        // solve (so the near solver's, not the human one it is weighed against).
        let no_time = Deadline::NONE.with_clock(|| 0.0).within(0.0);
        let bound = near::solve(&scramble, &tables, near::NearOptions::default(), &no_time).unwrap().lower_bound;
        assert!(by_near.par >= bound as usize && by_near.par < by_human.par, "seed {seed}: {}", by_near.par);
        let lost: i64 = by_near.lines.iter().map(LineCoaching::loss).sum();
        assert_eq!(lost, by_near.loss(), "seed {seed}");
        assert_eq!(by_near.loss(), moves.len() as i64 - by_near.par as i64);
        assert_eq!(by_near.lines.last().unwrap().par_after, 0);
        assert_eq!((by_near.mistakes.as_ref(), Par::Near(near_par).name()), (None, "near solver".to_string()));
        for line in &by_near.lines {
            // The proven margin where it is smaller than the measured one.
            assert!(line.margin <= Par::Near(near_par).loss_margin(line.par_before), "seed {seed}");
        }
        let proven = by_near.lower_bound.expect("the near solver proves a bound");
        assert!(proven <= by_near.par, "seed {seed}: the bound {proven} is below par {}", by_near.par);
        check_better_ways(&scramble, &moves, &by_near);
    }
}

#[test]
fn par_after_every_move_is_the_optimal_distance_and_the_graph_runs_from_par_to_the_goal() {
    let scramble = Board::scrambled(3, 3, Scramble::Uniform, 11).unwrap();
    let moves = person_solve(&scramble, 3);
    let coaching = coach(&scramble, &moves, Par::Optimal(Heuristic::ManhattanConflicts)).unwrap();
    let by_move = coaching.par_by_move.as_ref().unwrap();
    let mut board = scramble.clone();
    for (i, &par) in by_move.iter().enumerate() {
        assert_eq!(par, optimal::solve(&board).unwrap().moves.len(), "after move {i}");
        if let Some(&mv) = moves.get(i) {
            board.slide(mv);
        }
    }
    let points = coaching.graph_points();
    assert_eq!((points.first(), points.last()), (Some(&(0, coaching.par)), Some(&(moves.len(), 0))));
    assert_eq!(points.len(), moves.len() + 1);
    assert_eq!(coaching.line_losses().iter().sum::<i64>(), coaching.loss());
    assert_eq!(coaching.lower_bound, Some(coaching.par), "an exact par is its own bound");
    // Without an exact par: a point where each line ended.
    let human = coach(&scramble, &moves, Par::Human(Effort::Fast)).unwrap();
    let ends: Vec<(usize, usize)> = human.lines.iter().map(|l| (l.to_move, l.par_after)).collect();
    assert_eq!(human.graph_points(), [vec![(0, human.par)], ends].concat());
    assert_eq!(human.lower_bound, Some(human.par), "a board of up to 12 cells gets its optimal distance");
}

/// Tables for a 5×5 near par built in a moment (groups of 3), none for
/// the optimal solver.
struct SmallNearTables(std::sync::Arc<PatternDatabase>);

impl crate::tables::Tables for SmallNearTables {
    fn optimal(&self, _: usize, _: usize) -> Option<std::sync::Arc<PatternDatabase>> {
        None
    }

    fn near(&self, rows: usize, cols: usize) -> Result<std::sync::Arc<PatternDatabase>, crate::tables::TablesError> {
        match (rows, cols) {
            (5, 5) => Ok(self.0.clone()),
            _ => crate::tables::NO_TABLES.near(rows, cols),
        }
    }
}

#[test]
fn par_for_picks_by_size_and_choice_in_one_place() {
    use crate::search::near;
    use crate::tables::NO_TABLES;
    let board = |rows, cols| Board::scrambled(rows, cols, Scramble::Uniform, 1).unwrap();
    let small = par_for(&board(3, 3), ParChoice::Auto, Effort::Auto, &NO_TABLES).unwrap();
    assert!(small.is_exact() && matches!(small.par(), Par::Optimal(Heuristic::ManhattanConflicts)));
    assert_eq!(small.name(), "optimal");
    // 17 to 49 cells without the near solver's tables: fifteen at best,
    // unless the near solver was asked for by name.
    let five = par_for(&board(5, 5), ParChoice::Auto, Effort::Auto, &NO_TABLES).unwrap();
    assert!(matches!(five.par(), Par::Human(Effort::Best)) && !five.is_exact());
    assert!(par_for(&board(5, 5), ParChoice::Near, Effort::Auto, &NO_TABLES).is_err());
    let tables =
        SmallNearTables(std::sync::Arc::new(PatternDatabase::build(near::partition(5, 5, 3).unwrap(), 2, |_| {})));
    let near = par_for(&board(5, 5), ParChoice::Auto, Effort::Auto, &tables).unwrap();
    let half_a_second = crate::search::near_seconds(crate::search::NearPurpose::Par, 25);
    assert!(matches!(near.par(), Par::Near(NearPar { seconds, effort: Effort::Best, .. }) if seconds == half_a_second));
    assert!(near.name().starts_with("near solver"));
    let human = par_for(&board(5, 5), ParChoice::Human, Effort::Auto, &tables).unwrap();
    assert!(matches!(human.par(), Par::Human(Effort::Best)));
    // Bigger boards: the coach's effort by size, or the one asked for.
    for (rows, effort) in
        [(7, Effort::Best), (10, Effort::Normal), (30, Effort::Normal), (31, Effort::Fast), (100, Effort::Fast)]
    {
        assert_eq!(Effort::for_par(rows, rows), effort, "{rows}×{rows}");
    }
    // The scramble's own par at the page's effort when the coach picks.
    let ten = par_for(&board(10, 10), ParChoice::Near, Effort::Auto, &NO_TABLES).unwrap();
    assert_eq!(ten.effort(), Effort::Normal);
    assert!(matches!(ten.par(), Par::HumanGraded { scramble: Effort::Best, lines: Effort::Normal }));
    assert_eq!(ten.name(), "fifteen at best for the scramble, normal after");
    let twelve = par_for(&board(12, 12), ParChoice::Auto, Effort::Auto, &NO_TABLES).unwrap();
    assert!(matches!(twelve.par(), Par::HumanGraded { scramble: Effort::Best, lines: Effort::Normal }));
    for (rows, effort) in [(13, Effort::Normal), (30, Effort::Normal), (31, Effort::Fast), (100, Effort::Fast)] {
        let chosen = par_for(&board(rows, rows), ParChoice::Auto, Effort::Auto, &NO_TABLES).unwrap();
        assert!(matches!(chosen.par(), Par::Human(e) if e == effort), "{rows}×{rows}");
    }
    let asked = par_for(&board(10, 10), ParChoice::Auto, Effort::Normal, &NO_TABLES).unwrap();
    assert!(matches!(asked.par(), Par::Human(Effort::Normal)), "an effort asked for is every par's");
}

/// With the scramble's par at `best` and the rest at `fast`, the scramble's
/// par is `best`'s solve of it (or the person's, shorter) and every later
/// one is `fast`'s: the losses still add up.
#[test]
fn a_graded_par_solves_the_scramble_at_its_own_effort() {
    let scramble = Board::scrambled(6, 6, Scramble::Uniform, 9).unwrap();
    let moves = person_solve(&scramble, 3);
    let graded = coach(&scramble, &moves, Par::HumanGraded { scramble: Effort::Best, lines: Effort::Fast }).unwrap();
    let fast = coach(&scramble, &moves, Par::Human(Effort::Fast)).unwrap();
    let best = HumanOptions { effort: Effort::Best, ..HumanOptions::default() };
    let best_len = human::solve(&scramble, &best).unwrap().moves().len();
    let first = &graded.lines[0];
    assert_eq!(graded.par, best_len.min(first.moves() + first.par_after));
    assert!(graded.par < fast.par, "the test needs `best` to beat `fast` on the scramble");
    for (g, f) in graded.lines.iter().zip(&fast.lines).skip(1) {
        assert_eq!(g.par_before, f.par_before, "{}", g.line.name());
    }
    assert_eq!(graded.line_losses().iter().sum::<i64>(), graded.loss());
}

/// The person's solve is fifteen's own at `best`, coached against `fast`'s
/// par: where the person's way from a board is shorter than fifteen's fast
/// solve from there, par is lowered to it, so no line loses less than
/// nothing, the pars still chain (a line's par after is the next one's par
/// before) and add up, and each loss carries a margin.
#[test]
fn an_upper_bound_par_is_lowered_to_the_persons_own_way_and_no_line_beats_it() {
    for (rows, cols, seed) in [(6, 6, 1), (5, 7, 2), (8, 8, 3)] {
        let scramble = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
        let best = HumanOptions { effort: Effort::Best, ..HumanOptions::default() };
        let moves = human::solve(&scramble, &best).unwrap().moves().to_vec();
        let coaching = coach(&scramble, &moves, Par::Human(Effort::Fast)).unwrap();
        let fast = HumanOptions { effort: Effort::Fast, ..HumanOptions::default() };
        let fast_par = human::solve(&scramble, &fast).unwrap().moves().len();
        assert!(moves.len() < fast_par, "{rows}×{cols}: the test needs `best` to beat `fast`");
        assert_eq!(coaching.par, moves.len(), "{rows}×{cols}: par is the person's own shorter solve");
        for (i, line) in coaching.lines.iter().enumerate() {
            assert!(line.loss() >= 0, "{rows}×{cols}: {} lost {}", line.line.name(), line.loss());
            assert!(line.par_before <= line.moves() + line.par_after);
            if let Some(next) = coaching.lines.get(i + 1) {
                assert_eq!(line.par_after, next.par_before);
            }
            let rule = (par::margin_per_root(Effort::Fast) * (line.par_before as f64).sqrt()).ceil() as usize;
            assert!(line.margin <= rule, "{rows}×{cols}: {}", line.line.name());
            assert!(line.par_before > 0 && !line.lost_more_than_margin());
        }
        let first = &coaching.lines[0];
        assert_eq!(
            first.margin,
            (par::margin_per_root(Effort::Fast) * (first.par_before as f64).sqrt()).ceil() as usize
        );
        assert_eq!(coaching.lines.last().unwrap().margin, 0, "the last 2×2's pars are exact");
        let lost: i64 = coaching.lines.iter().map(LineCoaching::loss).sum();
        assert_eq!(lost, coaching.loss());
        assert_eq!(coaching.loss(), 0);
        check_better_ways(&scramble, &moves, &coaching);
    }
}

#[test]
fn an_exact_par_has_no_margin() {
    let scramble = Board::scrambled(3, 3, Scramble::Uniform, 4).unwrap();
    let moves = person_solve(&scramble, 2);
    let coaching = coach(&scramble, &moves, Par::Optimal(Heuristic::ManhattanConflicts)).unwrap();
    assert!(coaching.lines.iter().all(|l| l.margin == 0));
    assert!(coaching.lines.iter().any(LineCoaching::lost_more_than_margin), "the slips lost moves");
}

#[test]
fn a_par_is_sharpened_only_where_it_is_fifteens_below_best_on_boards_of_up_to_900_cells() {
    use crate::tables::NO_TABLES;
    let sharper = |rows, cols, effort| {
        let board = Board::scrambled(rows, cols, Scramble::Uniform, 1).unwrap();
        par_for(&board, ParChoice::Auto, effort, &NO_TABLES).unwrap().sharper()
    };
    // Exact, or at best already: nothing sharper to find.
    assert_eq!(sharper(4, 4, Effort::Auto), None);
    assert_eq!(sharper(5, 5, Effort::Auto), None);
    assert_eq!(sharper(10, 10, Effort::Best), None);
    // The default's lines at normal up to 30×30: best's par takes their place.
    assert_eq!(sharper(10, 10, Effort::Auto), Some(Effort::Best));
    assert_eq!(sharper(30, 30, Effort::Fast), Some(Effort::Best));
    // Past 30×30, best's coaching takes far longer than a solve is watched.
    assert_eq!(sharper(31, 30, Effort::Auto), None);
}
