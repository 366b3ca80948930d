//! The right answer to every lesson exercise, stage by stage in order ("swap" is the pie rule's
//! button): what the service tests and the browser's walk through the lessons both play.

/// Each stage's id and its exercises' answers, in order.
pub const ANSWERS: [(&str, &[&str]); 9] = [
    ("queen", &["d1-d6", "b2-f6", "g3-b8"]),
    ("shrink", &["c2-c6", "c6-f6"]),
    ("queen-two", &["d4xd7", "f2xf5"]),
    ("baby", &["c4-d5", "f3-f4"]),
    ("capture", &["c3xa1", "b3xb6"]),
    ("take-queen", &["d3xg6", "b4xf8"]),
    ("no-moves", &["h4-g5", "d5-d6"]),
    ("pie", &["swap"]),
    ("puzzles", &["e9xa9", "d4-l12", "j8-g5"]),
];
