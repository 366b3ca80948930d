//! A complete graph with settable edge weights and its maximum-weight matching, updated
//! from the previous one after each change: the role of `bbpPairings`'s matching computer.
//!
//! With an odd number of vertices the matching gets one more vertex, joined to every other
//! by edges of one weight, as heavy as the lightest pair: the vertex left single (the bye) is
//! matched to it, so every optimum is a perfect matching. All matchings that leave one
//! vertex single gain the same weight, so the optimum among them is unchanged; but the bye's
//! receiver no longer needs a zero dual, which forced every other vertex's dual up to its
//! edge to the bye and made most re-solves of an odd field take several dual steps over the
//! whole graph (in round 6 of a 201-player Swiss: 550 dual steps with the bye's edges
//! weighing 1, 76 with them as heavy as the lightest pair, 29 for 200 players).

use crate::dense_matching::DenseMatching;
use crate::matching::Weight;

/// Vertices `0..n`; a zero weight means no edge.
pub(super) struct Graph<W: Weight> {
    n: usize,
    /// The matching's vertices: `n`, and the bye's vertex `n` when `n` is odd.
    size: usize,
    matching: DenseMatching<W>,
}

impl<W: Weight> Graph<W> {
    /// `n` vertices, no edges; with an odd `n`, the bye's vertex joined to each by an edge
    /// of weight `bye` (positive).
    pub fn new(n: usize, bye: W) -> Self {
        let size = n + n % 2;
        let mut matching = DenseMatching::new(size);
        if n % 2 == 1 {
            for v in 0..n {
                matching.set(v, n, bye);
            }
        }
        Graph { n, size, matching }
    }

    /// Sets the weight of the edge `a`–`b` (`a != b`).
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        self.matching.set(a, b, w);
    }

    /// A maximum-weight matching: `mate[v]` is `v`'s partner, or `v` itself if unmatched.
    /// Re-solved from the previous one, so it costs about one search per vertex whose
    /// weights changed since.
    pub fn matching(&mut self) -> Vec<usize> {
        let mut mate = self.matching.solve();
        mate.truncate(self.n);
        for (v, m) in mate.iter_mut().enumerate() {
            if *m >= self.n {
                *m = v;
            }
        }
        mate
    }

    /// Locks `a` with `b`: their edge gets `w`, every other edge of theirs goes (the one to
    /// the bye's vertex too).
    pub fn finalize_pair(&mut self, a: usize, b: usize, w: W) {
        for v in 0..self.size {
            if v != a && v != b {
                self.set(a, v, W::ZERO);
                self.set(b, v, W::ZERO);
            }
        }
        self.set(a, b, w);
    }
}
