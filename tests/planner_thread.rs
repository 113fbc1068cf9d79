//! A watched solve planned on a thread of its own, as the window plans it:
//! batches over a bounded channel, the playback on this thread.

use std::sync::mpsc::sync_channel;
use std::time::{Duration, Instant};

use fifteen::anim::{Cue, Player, Timeline};
use fifteen::{Board, Scramble};

#[test]
fn a_solve_planned_on_another_thread_plays_to_the_goal_with_every_move() {
    let board = Board::scrambled(40, 30, Scramble::Uniform, 6).unwrap();
    let (timeline, mut planning) = Timeline::planned_elsewhere(&board, &fifteen::SolveOptions::default()).unwrap();
    let (outbox, inbox) = sync_channel(2);
    let planner = std::thread::spawn(move || {
        while let Some(batch) = planning.next_batch(4_096) {
            if outbox.send(batch).is_err() {
                break;
            }
        }
    });
    let mut player = Player::new(timeline);
    player.set_speed(1_000_000.0);
    player.play();
    let mut replay = board.clone();
    let mut next = 0usize;
    let deadline = Instant::now() + Duration::from_secs(120);
    while !player.is_finished() {
        while player.wants_plans(50_000)
            && let Ok(batch) = inbox.try_recv()
        {
            player.receive(batch);
        }
        player.advance_within(
            1.0 / 60.0,
            &mut |cue: &Cue| {
                if let Cue::Moved { index, mv, .. } = *cue {
                    assert_eq!(index, next);
                    replay.slide(mv).unwrap();
                    next += 1;
                }
            },
            &mut || true,
        );
        assert!(Instant::now() < deadline, "the playback stalled at move {next}");
        std::thread::sleep(Duration::from_micros(200));
    }
    assert!(replay.is_solved() && player.board().is_solved());
    assert_eq!(Some(next), player.timeline().total());
    planner.join().unwrap();
}

#[test]
fn dropping_the_receiver_stops_the_planner_thread() {
    let board = Board::scrambled(200, 200, Scramble::Uniform, 1).unwrap();
    let (_, mut planning) = Timeline::planned_elsewhere(&board, &fifteen::SolveOptions::default()).unwrap();
    let (outbox, inbox) = sync_channel(1);
    let planner = std::thread::spawn(move || {
        let mut sent = 0;
        while let Some(batch) = planning.next_batch(1_000) {
            if outbox.send(batch).is_err() {
                return (sent, false);
            }
            sent += 1;
        }
        (sent, true)
    });
    inbox.recv().unwrap();
    drop(inbox);
    let (sent, planned_all) = planner.join().unwrap();
    assert!(!planned_all, "a 200×200 solve stops long before its end once no one listens");
    assert!(sent >= 1);
}
