//! The queue as a front end uses it: a solve planned and played to the
//! end, stepped, planned ahead or in batches, and a person's solve played
//! as fifteen's own (its phases are the lines `lines::detect` finds, tiles
//! lock only on finished lines, and the real-time pace plays each move
//! when the person made it).

use super::{Cue, Pace, Player, Timeline, default_speed};
use fifteen_core::board::Tile;
use fifteen_core::lines;
use fifteen_core::slidysim::{self, Solve};
use fifteen_core::{Board, HumanOptions, Moves, Scramble};

/// The solves of a slidysim fixture file.
fn fixture(text: &str) -> Vec<Solve> {
    slidysim::parse_source(text, &slidysim::LinkLimits::DEFAULT).unwrap()
}

const FOUR_SINGLE: &str = include_str!("../../../../tests/data/slidysim/4x4-single.txt");
const TEN_SINGLE: &str = include_str!("../../../../tests/data/slidysim/10x10-single.txt");

#[test]
fn a_solve_played_with_the_time_passed_plays_every_move_to_the_goal() {
    let board = Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap();
    let mut player = Player::solve(&board, &HumanOptions::default()).unwrap();
    player.set_speed(50.0);
    player.play();
    let mut moved = 0;
    while !player.is_finished() {
        // A front end passes the time since its last frame.
        player.advance(1.0 / 60.0, &mut |cue: &Cue| {
            if let Cue::Moved { .. } = cue {
                moved += 1;
            }
        });
    }
    assert!(player.board().is_solved());
    assert_eq!(Some(moved), player.timeline().total());
}

#[test]
fn the_default_speed_shows_a_solve_in_about_45_seconds() {
    assert_eq!(default_speed(4, 4), 6.0);
    // 1000×1000: 1.8·10⁹ moves in 45 s.
    assert_eq!(default_speed(1000, 1000), 40_000_000.0);
}

#[test]
fn steps_forward_and_back_return_to_the_start_and_phases_jump() {
    let board = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
    let mut player = Player::solve(&board, &HumanOptions::default()).unwrap();
    let ignore = &mut |_: &Cue| {};
    player.step_forward(ignore);
    player.step_forward(ignore);
    player.step_back();
    player.step_back();
    assert_eq!(player.board(), &board);
    player.next_phase(ignore);
    assert_eq!(player.cursor(), player.timeline().phases()[1].start);
}

#[test]
fn planning_ahead_without_limit_plans_the_whole_solve() {
    let board = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
    let mut player = Player::new(Timeline::solve(&board, &HumanOptions::default()).unwrap());
    player.plan_ahead(usize::MAX, &mut || true);
    assert_eq!(player.timeline().total(), Some(player.timeline().len()));
}

#[test]
fn a_frame_with_time_for_everything_plays_all_that_is_planned() {
    let board = Board::scrambled(20, 20, Scramble::Uniform, 1).unwrap();
    let mut player = Player::solve(&board, &HumanOptions::default()).unwrap();
    player.set_speed(1_000_000.0);
    player.play();
    let planned = player.timeline().len();
    let done = player.advance_within(1.0, &mut |_: &Cue| {}, &mut || true);
    assert_eq!((done, player.timeline().len()), (planned, planned));
}

#[test]
fn a_timeline_plans_only_as_far_as_asked() {
    let board = Board::scrambled(5, 5, Scramble::Uniform, 2).unwrap();
    let mut timeline = Timeline::solve(&board, &HumanOptions::default()).unwrap();
    assert_eq!(timeline.len(), 0); // nothing planned yet
    timeline.pull_until(10); // plan just enough for ten moves
    assert!(timeline.len() >= 10 && timeline.total().is_none());
    timeline.finish();
    let mut replay = board.clone();
    replay.apply(timeline.moves()).unwrap();
    assert!(replay.is_solved());
    assert_eq!(timeline.total(), Some(timeline.len()));
}

#[test]
fn a_timeline_planned_elsewhere_takes_its_batches_to_the_goal() {
    let board = Board::scrambled(9, 9, Scramble::Uniform, 2).unwrap();
    let (mut timeline, mut planning) = Timeline::planned_elsewhere(&board, &HumanOptions::default()).unwrap();
    while let Some(batch) = planning.next_batch(100) {
        timeline.append(batch);
    }
    let mut replay = board.clone();
    replay.apply(timeline.moves()).unwrap();
    assert!(replay.is_solved());
    assert_eq!(timeline.total(), Some(timeline.len()));
}

#[test]
fn a_timeline_of_another_solvers_moves_refuses_illegal_ones() {
    let board: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
    let moves: Moves = "LL".parse().unwrap();
    let timeline = Timeline::from_moves(&board, &moves, "optimal").unwrap();
    assert_eq!(timeline.total(), Some(2));
    assert!(Timeline::from_moves(&board, &"RR".parse::<Moves>().unwrap(), "x").is_err());
}

#[test]
fn a_persons_phases_are_the_lines_in_the_order_they_finished() {
    let scramble: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
    let moves: Moves = "L".parse().unwrap();
    let solve =
        &slidysim::parse_source(&slidysim::replay_link(&scramble, &moves, None), &slidysim::LinkLimits::DEFAULT)
            .unwrap()[0];
    let timeline = Timeline::from_person(solve).unwrap();
    let names: Vec<String> = timeline.phases().iter().map(|p| timeline.phase_name(p.phase)).collect();
    assert_eq!(names, ["row 1", "column 1", "last 2×2"]);
    assert_eq!(timeline.locked_at(1), Some(0));
    assert_eq!(timeline.locked_at(8), Some(1));
}

#[test]
fn a_persons_timeline_replays_to_the_goal_its_phases_are_the_lines_and_only_finished_lines_lock() {
    for solve in fixture(FOUR_SINGLE).iter().chain(&fixture(TEN_SINGLE)) {
        let timeline = Timeline::from_person(solve).unwrap();
        let found = lines::detect(&solve.scramble, &solve.moves);
        let phases = timeline.phases();
        assert_eq!(phases.len(), found.len());
        let mut start = 0;
        for (mark, done) in phases.iter().zip(&found) {
            assert_eq!(timeline.phase_name(mark.phase), done.line.name());
            assert_eq!((mark.start, mark.end), (start, Some(done.at)));
            start = done.at;
        }
        assert!(timeline.placements().is_empty() && timeline.targets().is_empty() && timeline.routes().is_empty());

        // Played through with uneven frame times, every move comes once, in
        // order; each tile that locks is home from then to the end, and it
        // locks when a line holding its home is finished.
        let mut player = Player::new(timeline);
        player.set_speed(977.0);
        player.play();
        let mut board = solve.scramble.clone();
        let mut next = 0;
        let mut dt = 0.004;
        let mut locks = Vec::new();
        while !player.is_finished() {
            player.advance(dt, &mut |cue: &Cue| match *cue {
                Cue::Moved { index, mv, .. } => {
                    assert_eq!((index, mv), (next, solve.moves[next]));
                    board.slide(mv).unwrap();
                    next += 1;
                }
                Cue::Locked(group) => {
                    assert!(found.iter().any(|d| d.at == next), "tiles lock when a line is done");
                    for &tile in group.tiles() {
                        assert_eq!(board.position_of(tile), board.home_of(tile), "tile {tile} locked away from home");
                        locks.push((tile, next));
                    }
                }
                _ => {}
            });
            dt = (dt * 1.9) % 0.05 + 0.001;
        }
        assert_eq!(next, solve.moves.len());
        assert!(player.board().is_solved() && board.is_solved());
        let timeline = player.timeline();
        assert_eq!(locks.len(), solve.scramble.len() - 1, "every tile locks once");
        for (tile, at) in locks {
            assert_eq!(timeline.locked_at(tile), Some(at));
        }
        let mut replay = solve.scramble.clone();
        for k in 0..=solve.moves.len() {
            for tile in 1..replay.len() as Tile {
                if timeline.is_locked(tile, k) {
                    assert_eq!(replay.position_of(tile), replay.home_of(tile), "tile {tile} locked at move {k}");
                }
            }
            if k < solve.moves.len() {
                replay.slide(solve.moves[k]).unwrap();
            }
        }
        assert!((1..replay.len() as Tile).all(|t| timeline.locked_at(t).is_some()), "every tile locks by the end");
    }
}

#[test]
fn real_time_plays_each_move_when_the_person_made_it() {
    let solve = &fixture(TEN_SINGLE)[0];
    let times = solve.move_times_ms.clone().expect("this replay has move times");
    let mut player = Player::new(Timeline::from_person(solve).unwrap());
    assert!(player.set_pace(Pace::RealTime));
    player.set_speed(1.0);
    player.play();
    // Sixty frames a second of the person's 51 s: at each frame, the moves
    // made are those they had made by then.
    let mut frames = 0;
    while !player.is_finished() {
        player.advance(1.0 / 60.0, &mut |_: &Cue| {});
        frames += 1;
        let clock = player.clock().unwrap();
        let made = times.iter().filter(|&&ms| ms as f64 / 1000.0 <= clock).count();
        assert_eq!(player.cursor(), made, "at {clock:.3} s");
    }
    let seconds = frames as f64 / 60.0;
    let last = *times.last().unwrap() as f64 / 1000.0;
    assert!((seconds - last).abs() < 0.1, "played in {seconds:.2} s, the person took {last:.2} s");
    // Paused, stepped and sped up as usual.
    player.restart();
    player.set_speed(10.0);
    player.play();
    player.advance(1.0, &mut |_: &Cue| {});
    let made = times.iter().filter(|&&ms| ms as f64 <= 10_000.0 - 60.0).count();
    assert!(player.cursor().abs_diff(made) <= 1, "{} vs {made}", player.cursor());
    player.pause();
    let at = player.cursor();
    player.advance(5.0, &mut |_: &Cue| {});
    assert_eq!(player.cursor(), at, "paused");
    player.step_forward(&mut |_: &Cue| {});
    assert_eq!(player.cursor(), at + 1);
    assert_eq!(player.clock(), Some(times[at] as f64 / 1000.0));
}
