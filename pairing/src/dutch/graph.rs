//! A complete graph with settable edge weights over which the maximum-weight matching is
//! recomputed, the role of `bbpPairings`'s matching computer.

use crate::matching::{Weight, max_weight_matching};

/// Vertices `0..n`; a zero weight means no edge.
pub(super) struct Graph<W: Weight> {
    n: usize,
    weights: Vec<W>,
    /// Pairs fixed by [`Graph::finalize_pair`]: left out of the matching, which is the same.
    locked: Vec<Option<usize>>,
}

impl<W: Weight> Graph<W> {
    /// `n` vertices, no edges.
    pub fn new(n: usize) -> Self {
        Graph {
            n,
            weights: vec![W::ZERO; n * n],
            locked: vec![None; n],
        }
    }

    /// Sets the weight of the edge `a`–`b` (`a != b`).
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        self.weights[a * self.n + b] = w;
        self.weights[b * self.n + a] = w;
    }

    /// A maximum-weight matching: `mate[v]` is `v`'s partner, or `v` itself if unmatched.
    pub fn matching(&self) -> Vec<usize> {
        let free: Vec<usize> = (0..self.n).filter(|&v| self.locked[v].is_none()).collect();
        let mut edges = Vec::new();
        for (i, &a) in free.iter().enumerate() {
            for (j, &b) in free.iter().enumerate().skip(i + 1) {
                let w = self.weights[a * self.n + b];
                if w > W::ZERO {
                    edges.push((i, j, w));
                }
            }
        }
        let mut mate: Vec<usize> = (0..self.n).map(|v| self.locked[v].unwrap_or(v)).collect();
        for (i, m) in max_weight_matching(free.len(), edges, false)
            .into_iter()
            .enumerate()
        {
            if let Some(j) = m {
                mate[free[i]] = free[j];
            }
        }
        mate
    }

    /// Locks `a` with `b`: their edge gets `w`, every other edge of theirs goes.
    pub fn finalize_pair(&mut self, a: usize, b: usize, w: W) {
        self.locked[a] = Some(b);
        self.locked[b] = Some(a);
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
