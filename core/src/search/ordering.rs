//! Move ordering: the table's move, captures, moves that threaten the enemy queen, killer
//! moves, then quiet moves by their history.

use crate::color::Role;
use crate::moves::Move;
use crate::position::Position;

use super::eval::{defended, queen_lines};
use super::tt::PackedMove;

/// The deepest ply the search tracks killers for.
pub const MAX_PLY: usize = 96;
/// The ordering score of the second killer, the lowest that is not a quiet move.
const KILLER: i32 = 299_000;

/// Quiet moves that caused cut-offs: two killers per ply and a history table.
pub struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Ordering {
    /// Empty tables.
    pub fn new() -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; 2 * 256 * 256],
        }
    }

    fn history_index(pos: &Position, m: Move) -> Option<usize> {
        match m {
            Move::Normal { from, to, .. } => {
                Some((pos.turn().index() * 256 + from.index()) * 256 + to.index())
            }
            Move::Swap => None,
        }
    }

    /// Records that quiet move `m` refuted the position at `ply`, searched to `depth`.
    pub fn reward(&mut self, pos: &Position, m: Move, ply: usize, depth: i32) {
        if m.is_capture() {
            return;
        }
        if let Some(slot) = self.killers.get_mut(ply)
            && slot[0] != Some(m)
        {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        if let Some(i) = Self::history_index(pos, m) {
            let h = &mut self.history[i];
            *h = (*h + depth * depth).min(100_000);
        }
    }

    /// Sorts `moves` best first for the position at `ply`; returns how many come before the
    /// quiet moves (the table's move, captures, threats and killers).
    pub fn sort(
        &self,
        pos: &Position,
        moves: &mut [Move],
        tt_move: Option<PackedMove>,
        ply: usize,
    ) -> usize {
        let lines = queen_lines(pos, pos.turn().other());
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let score = |m: Move| {
            let Move::Normal {
                role,
                from,
                to,
                capture,
            } = m
            else {
                return 0;
            };
            if tt_move.is_some_and(|t| t.matches(m)) {
                return 1_000_000;
            }
            // A baby on a line to the enemy queen threatens it; a queen there would be taken
            // first (R4.4).
            let threat = role == Role::Baby && lines.contains(to);
            match capture {
                Some(Role::Queen) => 900_000,
                Some(Role::Baby) => {
                    let safe = !defended(pos, to, pos.turn().other(), from);
                    match (safe, role) {
                        (true, _) => 600_000 + if threat { 5_000 } else { 0 },
                        (false, Role::Baby) => 500_000 + if threat { 5_000 } else { 0 },
                        // The queen would be recaptured (R7.1).
                        (false, Role::Queen) => -1,
                    }
                }
                None if threat => 400_000,
                None if killers[0] == Some(m) => 300_000,
                None if killers[1] == Some(m) => KILLER,
                None => Self::history_index(pos, m).map_or(0, |i| self.history[i]),
            }
        };
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(score(m)));
        moves.iter().take_while(|&&m| score(m) >= KILLER).count()
    }
}
