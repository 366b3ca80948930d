//! The one-line text form of a position, and a readable diagram.
//!
//! The text form has seven fields separated by spaces:
//!
//! ```text
//! 5q6/12/12/12/12/12/12/12/12/12/12/6Q5 w 20 20 0 20 -
//! ```
//!
//! 1. the board, from the top rank (Black's side) down to rank 1, ranks separated by `/`, each
//!    rank from file `a`: `Q` White's queen, `B` a White baby, `q`/`b` Black's, and a number for
//!    a run of empty squares;
//! 2. the side to move, `w` or `b`;
//! 3. and 4. White's and Black's queen heights (`0` for a captured queen);
//! 5. the number of plies played;
//! 6. the starting queen height of the game;
//! 7. `pie` if the game uses the pie rule, otherwise `-`.

use std::fmt::Write;

use crate::color::{Color, Piece, Role};
use crate::error::SetupError;
use crate::options::GameOptions;
use crate::position::{Position, Setup};
use crate::square::Square;

impl Position {
    /// The one-line text form (see the [module docs](self)); [`Position::from_text`] reads it
    /// back to an equal position.
    #[must_use]
    pub fn to_text(&self) -> String {
        let n = self.size();
        let mut out = String::new();
        for rank in (0..n).rev() {
            let mut empty = 0;
            for file in 0..n {
                match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let heights = Color::ALL.map(|c| self.height(c).unwrap_or(0));
        let options = self.options();
        let pie = if options.pie() { "pie" } else { "-" };
        let _ = write!(
            out,
            " {} {} {} {} {} {pie}",
            self.turn().letter(),
            heights[0],
            heights[1],
            self.ply(),
            options.queen_height()
        );
        out
    }

    /// Reads the one-line text form written by [`Position::to_text`].
    ///
    /// # Errors
    /// [`SetupError`] when the text is malformed or describes an impossible position.
    pub fn from_text(text: &str) -> Result<Position, SetupError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [
            board,
            turn,
            white_height,
            black_height,
            ply,
            start_height,
            pie,
        ] = fields[..]
        else {
            return Err(syntax("expected 7 fields separated by spaces"));
        };
        let ranks: Vec<&str> = board.split('/').collect();
        let size = u8::try_from(ranks.len()).map_err(|_| syntax("too many ranks"))?;
        let pie = match pie {
            "pie" => true,
            "-" => false,
            other => return Err(syntax(&format!("`{other}` should be `pie` or `-`"))),
        };
        let options = GameOptions::new(size, number(start_height)?, pie)?;
        let mut pieces = Vec::new();
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = size - 1 - row as u8;
            let mut file: u32 = 0;
            let mut digits = String::new();
            for c in rank_text.chars().chain(std::iter::once('.')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    file += u32::from(number(&digits)?);
                    digits.clear();
                }
                if c == '.' {
                    break;
                }
                let piece = Piece::from_letter(c)
                    .ok_or_else(|| syntax(&format!("`{c}` is not a piece letter")))?;
                let sq = u8::try_from(file)
                    .ok()
                    .and_then(|f| Square::new(f, rank))
                    .filter(|sq| sq.is_on_board(size))
                    .ok_or_else(|| syntax(&format!("rank {} is too long", rank + 1)))?;
                pieces.push((sq, piece));
                file += 1;
            }
            if file != u32::from(size) {
                return Err(syntax(&format!(
                    "rank {} has {file} squares, not {size}",
                    rank + 1
                )));
            }
        }
        let turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(syntax(&format!("`{other}` should be `w` or `b`"))),
        };
        let ply = ply
            .parse()
            .map_err(|_| syntax(&format!("`{ply}` is not a ply number")))?;
        Position::from_setup(&Setup {
            options,
            pieces,
            heights: [number(white_height)?, number(black_height)?],
            turn,
            ply,
        })
    }

    /// A readable text board with coordinates, White at the bottom. Babies are `B`/`b`,
    /// queens `Q`/`q` followed by their height; the last line says who is to move.
    #[must_use]
    pub fn diagram(&self) -> String {
        let n = self.size();
        let files: String = (0..n)
            .map(|f| format!(" {:<3}", (b'a' + f) as char))
            .collect();
        let header = format!("    {}", files.trim_end());
        let mut out = format!("{header}\n");
        for rank in (0..n).rev() {
            let _ = write!(out, "{:>3} ", rank + 1);
            for file in 0..n {
                let cell = match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    None => ".".to_owned(),
                    Some(
                        p @ Piece {
                            role: Role::Queen, ..
                        },
                    ) => format!("{}{}", p.letter(), self.height(p.color).unwrap_or(0)),
                    Some(p) => p.letter().to_string(),
                };
                let _ = write!(out, " {cell:<3}");
            }
            let _ = writeln!(out, " {}", rank + 1);
        }
        let _ = writeln!(out, "{header}");
        match self.outcome() {
            Some(outcome) => {
                let _ = write!(out, "ply {}: {outcome}", self.ply());
            }
            None => {
                let _ = write!(out, "ply {}: {} to move", self.ply(), self.turn());
            }
        }
        out
    }
}

fn syntax(msg: &str) -> SetupError {
    SetupError::Syntax(msg.to_owned())
}

fn number(text: &str) -> Result<u8, SetupError> {
    text.parse()
        .map_err(|_| syntax(&format!("`{text}` is not a small number")))
}
