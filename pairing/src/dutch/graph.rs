//! A complete graph with settable edge weights over which the maximum-weight matching is
//! recomputed, the role of `bbpPairings`'s matching computer.

use crate::matching::{Weight, max_weight_matching};

/// Vertices `0..n`; a zero weight means no edge.
pub(super) struct Graph<W: Weight> {
    n: usize,
    weights: Vec<W>,
}

impl<W: Weight> Graph<W> {
    /// `n` vertices, no edges.
    pub fn new(n: usize) -> Self {
        Graph {
            n,
            weights: vec![W::ZERO; n * n],
        }
    }

    /// Sets the weight of the edge `a`–`b` (`a != b`).
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        self.weights[a * self.n + b] = w;
        self.weights[b * self.n + a] = w;
    }

    /// A maximum-weight matching: `mate[v]` is `v`'s partner, or `v` itself if unmatched.
    pub fn matching(&self) -> Vec<usize> {
        let mut edges = Vec::new();
        for a in 0..self.n {
            for b in a + 1..self.n {
                let w = self.weights[a * self.n + b];
                if w > W::ZERO {
                    edges.push((a, b, w));
                }
            }
        }
        max_weight_matching(self.n, edges, false)
            .into_iter()
            .enumerate()
            .map(|(v, m)| m.unwrap_or(v))
            .collect()
    }

    /// Locks `a` with `b`: their edge gets `w`, every other edge of theirs goes.
    pub fn finalize_pair(&mut self, a: usize, b: usize, w: W) {
        for v in 0..self.n {
            if v != a {
                self.set(a, v, if v == b { w } else { W::ZERO });
            }
            if v != b {
                self.set(b, v, if v == a { w } else { W::ZERO });
            }
        }
    }
}
