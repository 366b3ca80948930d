//! A complete graph with settable edge weights and its maximum-weight matching, updated
//! from the previous one after each change: the role of `bbpPairings`'s matching computer.

use crate::dense_matching::DenseMatching;
use crate::matching::Weight;

/// Vertices `0..n`; a zero weight means no edge.
pub(super) struct Graph<W: Weight> {
    n: usize,
    matching: DenseMatching<W>,
}

impl<W: Weight> Graph<W> {
    /// `n` vertices, no edges.
    pub fn new(n: usize) -> Self {
        Graph {
            n,
            matching: DenseMatching::new(n),
        }
    }

    /// Sets the weight of the edge `a`–`b` (`a != b`).
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        self.matching.set(a, b, w);
    }

    /// A maximum-weight matching: `mate[v]` is `v`'s partner, or `v` itself if unmatched.
    /// Re-solved from the previous one, so it costs about one search per vertex whose
    /// weights changed since.
    pub fn matching(&mut self) -> Vec<usize> {
        self.matching.solve()
    }

    /// Locks `a` with `b`: their edge gets `w`, every other edge of theirs goes.
    pub fn finalize_pair(&mut self, a: usize, b: usize, w: W) {
        for v in 0..self.n {
            if v != a && v != b {
                self.set(a, v, W::ZERO);
                self.set(b, v, W::ZERO);
            }
        }
        self.set(a, b, w);
    }
}
