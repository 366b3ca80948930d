//! The computer opponent from the command line (issue 6): `bestmove`, `play` with piped
//! stdin, and `match`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_monkey-queen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn bestmove_prints_a_legal_move_last() {
    let out = run(&["bestmove", "--level", "easy", "g1-g7", "f12-f6"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mv = stdout.lines().last().unwrap();
    let legal = run(&["moves", "g1-g7", "f12-f6"], "");
    assert!(text(&legal.stdout).lines().any(|l| l == mv), "{mv}");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("depth") && stderr.contains("nodes"),
        "{stderr}"
    );
}

#[test]
fn bestmove_takes_the_queen() {
    // R7.1: after g1-g6 f12-f7, White's queen on g6 sees f7 diagonally.
    let out = run(&["bestmove", "--level", "easy", "g1-g6", "f12-f7"], "");
    assert_eq!(text(&out.stdout).lines().last(), Some("g6xf7"));
}

#[test]
fn bestmove_refuses_a_finished_game_and_bad_input() {
    let out = run(&["bestmove", "g1-g6", "f12-f7", "g6xf7"], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("over"), "{}", text(&out.stderr));
    let out = run(&["bestmove", "--level", "genius"], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("not a level"));
}

#[test]
fn play_reads_piped_moves_and_explains_mistakes() {
    let out = run(
        &["play", "--vs", "easy", "--color", "white"],
        "g1-g7\nhello\ng1-a1\nmoves\nquit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("white plays g1-g7"), "{stdout}");
    assert!(stdout.contains("computer (easy) plays"), "{stdout}");
    assert!(
        stdout.contains("not played: `hello` is not a move"),
        "{stdout}"
    );
    assert!(stdout.contains("game abandoned"), "{stdout}");
    assert!(stdout.contains("Q19"), "{stdout}");
}

#[test]
fn play_against_a_person_to_the_end() {
    // Two people at one keyboard; White takes Black's queen at move 2 (R7.1).
    let out = run(&["play", "--vs", "human"], "g1-g6\nf12-f7\ng6xf7\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("white wins by queen capture"), "{stdout}");
    assert!(stdout.contains("Game over."), "{stdout}");
}

#[test]
fn play_as_black_and_stop_at_end_of_input() {
    let out = run(&["play", "--vs", "easy", "--color", "black"], "");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("computer (easy) plays"), "{stdout}");
    assert!(stdout.contains("end of input"), "{stdout}");
}

#[test]
fn match_prints_the_score_and_elo() {
    let out = run(
        &[
            "match", "--a", "greedy", "--b", "random", "--games", "4", "--seed", "3",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("greedy vs random: 4 games"), "{stdout}");
    assert!(
        stdout.contains("Elo difference greedy - random"),
        "{stdout}"
    );
    assert_eq!(text(&out.stderr).lines().count(), 4);
}
