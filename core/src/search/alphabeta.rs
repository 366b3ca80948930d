//! Iterative deepening principal-variation search with a transposition table, null-move and
//! futility pruning, late-move reductions, and a quiescence search of safe captures that
//! answers threats to the queen with every saving move.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

use crate::color::Role;
use crate::moves::Move;
use crate::position::Position;

use super::eval::{attacks_queen, defended, evaluate, evasion_squares};
use super::ordering::{MAX_PLY, Ordering};
use super::tt::{Bound, Entry, PackedMove, Table};
use super::zobrist::{self, split_mix};
use super::{Limits, MATE, SearchResult, TopMoves};

const INFINITY: i32 = 2 * MATE;
/// Scores beyond this are forced wins or losses.
const MATE_BOUND: i32 = MATE - 1_000;
/// Plies of the quiescence search that still answer a threat to the queen with every move.
const QUIESCENCE_EVASIONS: u32 = 2;
/// Plies of captures the quiescence search looks at.
const QUIESCENCE_DEPTH: u32 = 4;
/// How far below alpha a frontier node's static value may stand before quiet moves are skipped.
const FUTILITY_MARGIN: i32 = 150;

/// One search: its budget, its tables and its counters.
pub struct Searcher {
    limits: Limits,
    seed: u64,
    start: Instant,
    nodes: u64,
    aborted: bool,
    tt: Table,
    ordering: Ordering,
    buffers: Vec<Vec<Move>>,
}

fn win_in(ply: usize) -> i32 {
    MATE - ply as i32
}

fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= MATE_BOUND => s + ply as i32,
        s if s <= -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= MATE_BOUND => s - ply as i32,
        s if s <= -MATE_BOUND => s + ply as i32,
        s => s,
    }
}

fn play(pos: &Position, m: Move) -> Position {
    let mut child = pos.clone();
    child.play_unchecked(m);
    child
}

impl Searcher {
    /// A searcher with a table sized for the budget.
    pub fn new(limits: Limits, seed: u64) -> Searcher {
        let capacity = usize::try_from(limits.nodes).unwrap_or(usize::MAX);
        Searcher {
            limits,
            seed,
            start: Instant::now(),
            nodes: 0,
            aborted: false,
            tt: Table::new(capacity),
            ordering: Ordering::new(),
            buffers: vec![Vec::new(); MAX_PLY + 1],
        }
    }

    /// Counts a node; says whether the search must stop (node budget or time cap reached).
    fn tick(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.limits.nodes
            || (self.nodes.is_multiple_of(512) && self.start.elapsed() >= self.limits.time)
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The static evaluation plus this search's seeded noise, the same for the same position.
    fn evaluate(&self, pos: &Position, hash: u64) -> i32 {
        let noise = self.limits.noise;
        let mut value = evaluate(pos, &self.limits.weights);
        if noise > 0 {
            let mut state = hash ^ self.seed;
            let r = split_mix(&mut state);
            value += (r % (2 * noise as u64 + 1)) as i32 - noise;
        }
        value
    }

    /// Picks a move for the side to move, or `None` when the game is over.
    pub fn run(self, pos: &Position) -> Option<SearchResult> {
        let ranked = self.run_ranked(pos, 1);
        let &(mv, score) = ranked.moves.first()?;
        Some(SearchResult {
            mv,
            score,
            depth: ranked.depth,
            nodes: ranked.nodes,
            elapsed: ranked.elapsed,
        })
    }

    /// The best `k` root moves with their values, best first (see [`TopMoves`]); with `k = 1`
    /// exactly the move [`Searcher::run`] picks. Empty when the game is over or `k` is 0.
    pub fn run_ranked(mut self, pos: &Position, k: usize) -> TopMoves {
        self.start = Instant::now();
        let moves = pos.legal_moves();
        let mut ranked = TopMoves {
            moves: Vec::new(),
            depth: 1,
            nodes: 0,
            elapsed: self.start.elapsed(),
        };
        if moves.is_empty() || k == 0 {
            return ranked;
        }
        let hash = zobrist::hash(pos);
        // Immediate wins: take the queen (R7.1) or leave the opponent without a move (R7.2).
        let (mut wins, rest): (Vec<Move>, Vec<Move>) =
            moves.iter().partition(|&&m| captures_queen(m));
        let (no_moves, rest): (Vec<Move>, Vec<Move>) = rest
            .into_iter()
            .partition(|&m| !play(pos, m).has_legal_move());
        wins.extend(no_moves);
        ranked.moves = wins.iter().take(k).map(|&m| (m, win_in(1))).collect();
        if ranked.moves.len() == k || rest.is_empty() {
            return ranked;
        }
        // Immediate losses: moves after which the opponent takes our queen, unless all are.
        // They are ranked last, with the value a search gives them.
        let (mut root, mut losing): (Vec<Move>, Vec<Move>) = rest.iter().partition(|&&m| {
            let child = play(pos, m);
            !attacks_queen(&child, child.turn())
        });
        if root.is_empty() {
            root = std::mem::take(&mut losing);
        }
        root.shuffle(&mut SmallRng::seed_from_u64(self.seed));
        let _ = self.ordering.sort(pos, &mut root, None, 0);
        let wanted = (k - ranked.moves.len()).min(root.len());
        // Until an iteration completes, the first moves carry the position's static value.
        let mut best: Vec<(Move, i32)> = root[..wanted]
            .iter()
            .map(|&m| (m, self.evaluate(pos, hash)))
            .collect();
        let mut completed = 0;
        for depth in 1..=self.limits.max_depth {
            // The `wanted` best of this iteration as (root index, exact score), best first.
            let mut top: Vec<(usize, i32)> = Vec::with_capacity(wanted + 1);
            for (i, &m) in root.iter().enumerate() {
                let child = play(pos, m);
                let child_hash = zobrist::after(pos, hash, m);
                let d = depth as i32 - 1;
                let mut score = if top.len() < wanted {
                    -self.negamax(&child, child_hash, d, -INFINITY, INFINITY, 1)
                } else {
                    // Only a move that beats the last of the best needs an exact value.
                    let floor = top[wanted - 1].1;
                    let s = -self.negamax(&child, child_hash, d, -floor - 1, -floor, 1);
                    if s > floor && !self.aborted {
                        -self.negamax(&child, child_hash, d, -INFINITY, -floor, 1)
                    } else {
                        s
                    }
                };
                if self.aborted {
                    break;
                }
                if top.len() < wanted || score > top[wanted - 1].1 {
                    score = score.min(MATE);
                    let at = top.partition_point(|&(_, s)| s >= score);
                    top.insert(at, (i, score));
                    top.truncate(wanted);
                }
            }
            // An unfinished iteration counts when it ranked as many moves as wanted.
            if top.len() == wanted {
                best = top.iter().map(|&(i, s)| (root[i], s)).collect();
                completed = if self.aborted { depth - 1 } else { depth };
                // The best first, in rank order; the others keep theirs.
                let mut order: Vec<Move> = best.iter().map(|&(m, _)| m).collect();
                order.extend(root.iter().filter(|m| !best.iter().any(|b| b.0 == **m)));
                root = order;
            }
            let decided = best.iter().all(|&(_, s)| s.abs() >= MATE_BOUND);
            if self.aborted || (top.len() == wanted && decided) {
                break;
            }
        }
        ranked.moves.extend(best);
        let room = k - ranked.moves.len();
        ranked
            .moves
            .extend(losing.into_iter().take(room).map(|m| (m, -win_in(1))));
        ranked.depth = completed;
        ranked.nodes = self.nodes;
        ranked.elapsed = self.start.elapsed();
        ranked
    }

    fn negamax(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let us = pos.turn();
        if attacks_queen(pos, us) {
            return win_in(ply);
        }
        let in_check = attacks_queen(pos, us.other());
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, hash, alpha, beta, ply, 0);
        }
        let entry = self.tt.probe(hash);
        if let Some(e) = entry
            && i32::from(e.depth) >= depth
            && beta - alpha == 1
        {
            let score = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        let null_window = beta - alpha == 1;
        let mut futile = false;
        if null_window && !in_check && alpha.abs() < MATE_BOUND {
            let stand = self.evaluate(pos, hash);
            if depth <= 2 {
                futile = stand + FUTILITY_MARGIN * depth <= alpha;
            } else if stand >= beta && self.may_pass(pos) {
                let reduction = 2 + depth / 4;
                let passed = pos.passed();
                let score = -self.negamax(
                    &passed,
                    zobrist::after_pass(hash),
                    depth - 1 - reduction,
                    -beta,
                    -beta + 1,
                    ply + 1,
                );
                if self.aborted {
                    return 0;
                }
                if score >= beta && score < MATE_BOUND {
                    return score;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -win_in(ply);
        }
        if in_check {
            keep_evasions(pos, &mut moves);
            if moves.is_empty() {
                self.buffers[ply] = moves;
                return -win_in(ply + 1);
            }
        }
        let quiet_from = self
            .ordering
            .sort(pos, &mut moves, entry.and_then(|e| e.mv), ply);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = moves[0];
        for (i, &m) in moves.iter().enumerate() {
            let quiet = i >= quiet_from.max(1) && !in_check;
            if quiet && futile {
                continue;
            }
            let child = play(pos, m);
            let child_hash = zobrist::after(pos, hash, m);
            let score = if i == 0 {
                -self.negamax(&child, child_hash, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduction = if quiet && depth >= 3 {
                    late_move_reduction(depth, i).min(depth - 2)
                } else {
                    0
                };
                let mut s = -self.negamax(
                    &child,
                    child_hash,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(&child, child_hash, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, child_hash, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        self.ordering.reward(pos, m, ply, depth);
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if best == -INFINITY {
            // Every move was futile: the static value is an upper bound.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key: hash,
            mv: Some(PackedMove::of(best_move)),
            score: to_table(best, ply),
            depth: depth.clamp(0, i32::from(i8::MAX)) as i8,
            bound,
        });
        best
    }

    /// Whether a null move is a safe test here: not where the pie rule's `swap` depends on the
    /// ply, nor where the mover is short of moves (a queen of height 4 or less, R5.2, R7.2),
    /// since passing would hide a shortage of moves.
    fn may_pass(&self, pos: &Position) -> bool {
        !(pos.options().pie() && pos.ply() <= 1) && pos.height(pos.turn()).is_some_and(|h| h > 4)
    }

    /// Captures only, except that a threatened queen is answered with every move for the
    /// first few plies.
    fn quiesce(
        &mut self,
        pos: &Position,
        hash: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let us = pos.turn();
        if attacks_queen(pos, us) {
            return win_in(ply);
        }
        if !pos.has_legal_move() {
            return -win_in(ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, hash);
        }
        let evading = qply < QUIESCENCE_EVASIONS && attacks_queen(pos, us.other());
        let mut best = -INFINITY;
        if !evading {
            best = self.evaluate(pos, hash);
            if best >= beta || qply >= QUIESCENCE_DEPTH {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.legal_moves_into(&mut moves);
        if evading {
            keep_evasions(pos, &mut moves);
        } else {
            // Only captures that win a baby outright: onto a square no enemy piece sees.
            let them = us.other();
            moves.retain(|m| match *m {
                Move::Normal {
                    from,
                    to,
                    capture: Some(_),
                    ..
                } => !defended(pos, to, them, from),
                _ => false,
            });
        }
        let _ = self.ordering.sort(pos, &mut moves, None, ply);
        for &m in &moves {
            let child = play(pos, m);
            if attacks_queen(&child, child.turn()) {
                // The queen is left en prise: lost at once (R7.1).
                best = best.max(-win_in(ply + 1));
                continue;
            }
            let child_hash = zobrist::after(pos, hash, m);
            let score = -self.quiesce(&child, child_hash, -beta, -alpha, ply + 1, qply + 1);
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }
}

/// Keeps only the moves that might save the threatened queen of the side to move: queen moves,
/// and captures or blocks on the line of a single attacker.
fn keep_evasions(pos: &Position, moves: &mut Vec<Move>) {
    if let Some(squares) = evasion_squares(pos, pos.turn()) {
        moves.retain(|m| match *m {
            Move::Normal { role, to, .. } => role == Role::Queen || squares.contains(to),
            Move::Swap => false,
        });
    }
}

/// How many plies to cut from the search of the `index`th move at `depth`.
fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let product = f64::from(depth).ln() * (index as f64).ln();
    (0.75 + product / 2.25) as i32
}

/// Whether move `m` captures the enemy queen (R7.1).
fn captures_queen(m: Move) -> bool {
    matches!(
        m,
        Move::Normal {
            capture: Some(Role::Queen),
            ..
        }
    )
}
