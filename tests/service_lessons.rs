//! The lessons in the services layer: every exercise of every stage solved by its answer, a
//! typical wrong try refused with its reason and the squares to show, stars, and progress
//! stored and read back.

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use common::*;
use monkey_queen::games::UserId;
use monkey_queen::games::lessons::{
    CORNER, Exercise, Judged, Mark, MarkKind, STAGES, Stage, Why, judge, opening_marks, stars,
};
use monkey_queen_core::{IllegalMove, Square};

#[path = "support/lesson_answers.rs"]
mod lesson_answers;

use lesson_answers::ANSWERS;

fn stage(id: &str) -> &'static Stage {
    Stage::by_id(id).unwrap()
}

fn sq(text: &str) -> Square {
    Square::parse(text, 12).unwrap()
}

/// The reason and marks of a wrong try; panics on a right one.
fn refused(exercise: &Exercise, text: &str) -> (Why, Vec<Mark>) {
    match judge(exercise, text) {
        Judged::Wrong { why, marks } => (why, marks),
        Judged::Right { mv, .. } => panic!("{text} was taken as right ({mv})"),
    }
}

fn marked(marks: &[Mark], kind: MarkKind) -> Vec<Square> {
    marks
        .iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.square)
        .collect()
}

#[test]
fn every_exercise_is_solved_by_its_answer_and_every_stage_is_answered() {
    assert_eq!(
        STAGES.map(|s| s.id),
        ANSWERS.map(|(id, _)| id),
        "the stages, in order"
    );
    for (id, answers) in ANSWERS {
        let stage = stage(id);
        assert_eq!(stage.exercises.len(), answers.len(), "{id}");
        for (exercise, answer) in stage.exercises.iter().zip(answers) {
            assert!(
                matches!(judge(exercise, answer), Judged::Right { .. }),
                "{id}: {answer} at {}",
                exercise.position
            );
        }
    }
}

#[test]
fn the_first_stages_are_played_in_the_corner_and_the_puzzles_on_the_whole_board() {
    for id in [
        "queen",
        "shrink",
        "queen-two",
        "baby",
        "capture",
        "take-queen",
    ] {
        for exercise in stage(id).exercises {
            assert_eq!(exercise.shown_size(), CORNER, "{id}");
        }
    }
    for exercise in stage("puzzles")
        .exercises
        .iter()
        .chain(stage("pie").exercises)
    {
        assert_eq!(exercise.shown_size(), 12);
    }
}

#[test]
fn a_queen_goes_in_straight_lines_to_the_marked_square_and_leaves_a_baby() {
    let first = &stage("queen").exercises[0];
    assert_eq!(
        opening_marks(first),
        vec![
            Mark {
                square: sq("d1"),
                kind: MarkKind::Piece,
                distance: None
            },
            Mark {
                square: sq("d6"),
                kind: MarkKind::Target,
                distance: None
            },
        ]
    );
    let (why, marks) = refused(first, "d1-e3");
    assert_eq!(
        why,
        Why::Illegal(IllegalMove::NotStraightLine {
            from: sq("d1"),
            to: sq("e3")
        })
    );
    assert_eq!(marked(&marks, MarkKind::Tried), [sq("e3")]);
    assert!(marked(&marks, MarkKind::Allowed).contains(&sq("d6")));
    let (why, marks) = refused(first, "d1-d4");
    assert_eq!(why, Why::Elsewhere);
    assert_eq!(marked(&marks, MarkKind::Target), [sq("d6")]);
    let Judged::Right { after, .. } = judge(first, "d1d6") else {
        panic!("d1d6 is the answer")
    };
    assert_eq!(
        after.piece_at(sq("d1")).map(|p| p.role),
        Some(monkey_queen_core::Role::Baby),
        "a baby is born where the queen stood"
    );
    let third = &stage("queen").exercises[2];
    let (why, marks) = refused(third, "g3-a3");
    assert_eq!(
        why,
        Why::Illegal(IllegalMove::PathBlocked {
            from: sq("g3"),
            to: sq("a3"),
            blocker: sq("c3")
        })
    );
    assert_eq!(marked(&marks, MarkKind::Blocker), [sq("c3")]);
    assert_eq!(refused(third, "c3-d4").0, Why::OtherPiece(sq("g3")));
}

#[test]
fn the_stack_shrinks_by_one_with_every_birth() {
    for (exercise, answer, height) in stage("shrink")
        .exercises
        .iter()
        .zip(["c2-c6", "c6-f6"])
        .zip([3, 2])
        .map(|((e, a), h)| (e, a, h))
    {
        let Judged::Right { after, .. } = judge(exercise, answer) else {
            panic!("{answer}")
        };
        assert_eq!(after.height(monkey_queen_core::Color::White), Some(height));
    }
}

#[test]
fn a_queen_of_two_is_refused_a_quiet_move_and_shown_its_captures() {
    let exercise = &stage("queen-two").exercises[0];
    let (why, marks) = refused(exercise, "d4-d5");
    assert_eq!(why, Why::Illegal(IllegalMove::QueenMustCapture(sq("d4"))));
    let mut allowed = marked(&marks, MarkKind::Allowed);
    allowed.sort();
    let mut captures = vec![sq("d7"), sq("a4")];
    captures.sort();
    assert_eq!(allowed, captures, "only its captures");
    assert!(matches!(judge(exercise, "d4xa4"), Judged::Right { .. }));
}

#[test]
fn a_baby_that_does_not_come_closer_is_told_the_distances_and_shown_where_it_may_go() {
    let exercise = &stage("baby").exercises[0];
    let (why, marks) = refused(exercise, "c4-b4");
    assert_eq!(
        why,
        Why::Illegal(IllegalMove::BabyNotCloser {
            from: sq("c4"),
            to: sq("b4"),
            queen: sq("g7"),
            before: 25,
            after: 34
        })
    );
    let tried = marks.iter().find(|m| m.kind == MarkKind::Tried).unwrap();
    assert_eq!((tried.square, tried.distance), (sq("b4"), Some(34)));
    assert_eq!(marked(&marks, MarkKind::EnemyQueen), [sq("g7")]);
    let piece = marks.iter().find(|m| m.kind == MarkKind::Piece).unwrap();
    assert_eq!((piece.square, piece.distance), (sq("c4"), Some(25)));
    let allowed: Vec<&Mark> = marks
        .iter()
        .filter(|m| m.kind == MarkKind::Allowed)
        .collect();
    assert!(!allowed.is_empty());
    for mark in allowed {
        assert!(mark.distance.unwrap() < 25, "{} is closer", mark.square);
    }
}

#[test]
fn a_baby_captures_even_moving_away_and_a_quiet_move_there_is_refused() {
    let exercise = &stage("capture").exercises[0];
    assert!(matches!(
        refused(exercise, "c3-b2").0,
        Why::Illegal(IllegalMove::BabyNotCloser { .. })
    ));
    let queen = &stage("capture").exercises[1];
    let (why, marks) = refused(queen, "b3-b5");
    assert_eq!(why, Why::NoCapture);
    assert_eq!(marked(&marks, MarkKind::Allowed), [sq("b6")]);
}

#[test]
fn a_move_that_leaves_the_queen_standing_or_the_opponent_a_move_does_not_win() {
    let take = &stage("take-queen").exercises[0];
    let (why, marks) = refused(take, "d3-e4");
    assert_eq!(why, Why::QueenNotTaken);
    assert_eq!(marked(&marks, MarkKind::EnemyQueen), [sq("g6")]);
    let stall = &stage("no-moves").exercises[0];
    let (why, marks) = refused(stall, "b1-b5");
    let Why::OpponentCanMove(reply) = why else {
        panic!("{why:?}")
    };
    assert_eq!(reply.to_string(), "h8xh4");
    assert_eq!(marked(&marks, MarkKind::Reply), [sq("h8"), sq("h4")]);
}

#[test]
fn the_pie_rule_asks_for_a_swap_and_a_puzzle_for_its_move() {
    let pie = &stage("pie").exercises[0];
    assert_eq!(refused(pie, "f12-f7").0, Why::NotSwap);
    let puzzle = &stage("puzzles").exercises[1];
    let wrong = puzzle
        .start()
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .find(|m| m != "d4-l12")
        .unwrap();
    let (why, marks) = refused(puzzle, &wrong);
    assert_eq!(why, Why::NotTheWin);
    assert_eq!(marked(&marks, MarkKind::Piece), [sq("d4")], "a hint");
    assert!(matches!(refused(puzzle, "j9").0, Why::Unreadable(_)));
}

#[test]
fn stars_count_wrong_tries() {
    assert_eq!([0, 1, 2, 9].map(stars), [3, 2, 1, 1]);
}

#[tokio::test]
async fn progress_keeps_each_players_best_stars_and_survives_a_restart() {
    let f = Fixture::new().await;
    let lessons = f.service.lessons();
    let (ann, bo) = (UserId(1), UserId(2));
    assert!(
        lessons
            .progress(ann)
            .await
            .unwrap()
            .iter()
            .all(|p| p.stars.is_none())
    );
    assert_eq!(lessons.finish(ann, stage("queen"), 1).await.unwrap(), 2);
    assert_eq!(
        lessons.finish(ann, stage("queen"), 5).await.unwrap(),
        2,
        "the best is kept"
    );
    assert_eq!(lessons.finish(ann, stage("queen"), 0).await.unwrap(), 3);
    assert_eq!(lessons.finish(ann, stage("baby"), 3).await.unwrap(), 1);
    assert_eq!(lessons.finish(bo, stage("pie"), 0).await.unwrap(), 3);
    let reopened = service_on(&f.url, f.clock.clone()).await;
    let progress = reopened.lessons().progress(ann).await.unwrap();
    let shown: Vec<(&str, Option<u8>)> = progress.iter().map(|p| (p.stage.id, p.stars)).collect();
    assert_eq!(shown.len(), STAGES.len());
    assert_eq!(shown[0], ("queen", Some(3)));
    assert_eq!(shown[3], ("baby", Some(1)));
    assert_eq!(
        shown.iter().filter(|(_, s)| s.is_some()).count(),
        2,
        "only Ann's stages: {shown:?}"
    );
}
