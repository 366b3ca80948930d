//! A maximum-weight matching over a dense graph whose edge weights change between solves,
//! re-solved from the previous optimum rather than from scratch: the role of `bbpPairings`'s
//! matching computer.
//!
//! The search is the primal-dual blossom algorithm of [`crate::matching`] (Van Rantwijk's,
//! after Galil 1986) over an adjacency matrix, generalised so that it may start from any
//! feasible dual solution and any matching of tight edges: every single vertex with a positive
//! dual is a root, a single vertex with a zero dual may end an augmenting path, and when an
//! S-vertex's dual reaches zero the path from its root to it is flipped (the root is matched,
//! the vertex left single). After weights change at a vertex, only that vertex is unmatched
//! (if its pair is no longer the best it can do), its blossom dissolved (blossom duals folded
//! into the vertex duals, which keeps every edge feasible) and its dual raised to make its
//! edges feasible, so a solve costs about one search per changed vertex instead of a whole
//! new matching. A change that keeps the optimum's conditions (a lighter edge outside the
//! matching and the blossoms) costs nothing.

use crate::matching::Weight;

const NONE: usize = usize::MAX;

/// A dense weighted graph on vertices `0..n` and its current maximum-weight matching.
/// A weight of zero (or less) means no edge.
pub(crate) struct DenseMatching<W: Weight> {
    n: usize,
    /// Twice the weight of `a`–`b` at `a * n + b`, symmetric.
    weights: Vec<W>,
    /// Twice the vertex duals (`0..n`), then the blossom duals (`n..2n`).
    dual: Vec<W>,
    /// The remote endpoint of each vertex's matched edge, or `NONE`. An endpoint `a * n + b`
    /// is the end at `b` of the edge `a`–`b`.
    mate: Vec<usize>,
    /// Vertices whose edge weights changed since the last solve.
    dirty: Vec<bool>,
    dirty_list: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossombase: Vec<usize>,
    blossomparent: Vec<usize>,
    bestedge: Vec<usize>,
    unusedblossoms: Vec<usize>,
    queue: Vec<usize>,
    blossombestedges: Vec<Vec<usize>>,
    blossomchilds: Vec<Vec<usize>>,
    blossomendps: Vec<Vec<usize>>,
}

impl<W: Weight> DenseMatching<W> {
    /// `n` vertices, no edges, the empty matching.
    pub fn new(n: usize) -> Self {
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        DenseMatching {
            n,
            weights: vec![W::ZERO; n * n],
            dual: vec![W::ZERO; 2 * n],
            mate: vec![NONE; n],
            dirty: vec![false; n],
            dirty_list: Vec::new(),
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossombase,
            blossomparent: vec![NONE; 2 * n],
            bestedge: vec![NONE; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            queue: Vec::new(),
            blossombestedges: vec![Vec::new(); 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossomendps: vec![Vec::new(); 2 * n],
        }
    }

    /// The weight of the edge `a`–`b`.
    #[cfg(test)]
    pub fn weight(&self, a: usize, b: usize) -> W {
        self.weights[a * self.n + b].half()
    }

    /// Sets the weight of the edge `a`–`b` (`a != b`); `a` will be re-solved.
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        let n = self.n;
        let w = w.max(W::ZERO).double();
        if self.weights[a * n + b] == w {
            return;
        }
        self.weights[a * n + b] = w;
        self.weights[b * n + a] = w;
        // A lighter edge outside the matching and outside any blossom changes nothing.
        let matched = self.mate[a] == a * n + b;
        let feasible = w <= self.dual[a] + self.dual[b];
        let internal = self.inblossom[a] == self.inblossom[b];
        if (matched || !feasible || internal) && !self.dirty[a] {
            self.dirty[a] = true;
            self.dirty_list.push(a);
        }
    }

    /// A maximum-weight matching for the current weights: `mate[v]` is `v`'s partner, or `v`
    /// itself if single.
    pub fn solve(&mut self) -> Vec<usize> {
        self.prepare();
        self.search();
        (0..self.n)
            .map(|v| {
                if self.mate[v] == NONE {
                    v
                } else {
                    self.mate[v] % self.n
                }
            })
            .collect()
    }

    #[inline]
    fn endpoint(&self, p: usize) -> usize {
        p % self.n
    }

    #[inline]
    fn flip(&self, p: usize) -> usize {
        (p % self.n) * self.n + p / self.n
    }

    /// Twice the slack of the edge of endpoint `p` (meaningless inside a blossom).
    #[inline]
    fn slack(&self, p: usize) -> W {
        let (i, j) = (p / self.n, p % self.n);
        self.dual[i] + self.dual[j] - self.weights[p]
    }

    /// Restores the starting conditions after weight changes. The blossoms holding a changed
    /// vertex are dissolved; each changed vertex keeps its partner only if their edge can be
    /// made tight with every other edge feasible, and gets the smallest dual doing so. Single
    /// vertices get even duals, so that all roots share a parity and the half-slack steps
    /// stay integral (a single blossom whose base has an odd dual is dissolved for this).
    fn prepare(&mut self) {
        let n = self.n;
        if self.mate.iter().all(|&p| p == NONE) {
            // Nothing to keep: the usual start, each dual its vertex's largest weight.
            for b in n..2 * n {
                if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                    self.dissolve(b);
                }
            }
            for v in 0..n {
                self.mate[v] = NONE;
                self.dirty[v] = false;
                let row = &self.weights[v * n..(v + 1) * n];
                self.dual[v] = row.iter().copied().fold(W::ZERO, W::max).half();
            }
            self.dirty_list.clear();
        }
        let dirty = std::mem::take(&mut self.dirty_list);
        for &v in &dirty {
            if self.inblossom[v] >= n {
                self.dissolve(self.inblossom[v]);
            }
        }
        for &v in &dirty {
            self.dirty[v] = false;
            let partner = if self.mate[v] == NONE {
                NONE
            } else {
                self.mate[v] % n
            };
            let mut need = W::ZERO;
            for j in 0..n {
                let w = self.weights[v * n + j];
                if j != v && j != partner && w > W::ZERO {
                    need = need.max(w - self.dual[j]);
                }
            }
            if partner != NONE {
                let w = self.weights[v * n + partner];
                let tight = w - self.dual[partner];
                if w > W::ZERO && tight >= need {
                    self.dual[v] = tight;
                    continue;
                }
                self.mate[v] = NONE;
                self.mate[partner] = NONE;
                if w > W::ZERO {
                    need = need.max(w - self.dual[partner]);
                }
            }
            self.dual[v] = need;
        }
        for v in 0..n {
            let b = self.inblossom[v];
            if b >= n && self.mate[v] == NONE && self.dual[v] != self.dual[v].half().double() {
                self.dissolve(b);
            }
        }
        for v in 0..n {
            if self.mate[v] == NONE && self.dual[v] != self.dual[v].half().double() {
                self.dual[v] += W::from_u64(1);
            }
        }
        // Pair single vertices along tight edges first: each saves a stage of the search.
        for v in 0..n {
            if self.mate[v] != NONE || self.inblossom[v] != v || self.dual[v] <= W::ZERO {
                continue;
            }
            for u in 0..n {
                let p = v * n + u;
                if u != v
                    && self.mate[u] == NONE
                    && self.inblossom[u] == u
                    && self.weights[p] > W::ZERO
                    && self.slack(p) == W::ZERO
                {
                    self.mate[v] = p;
                    self.mate[u] = u * n + v;
                    break;
                }
            }
        }
    }

    /// Dissolves the top-level blossom `b`: its duals and its sub-blossoms' are folded into
    /// its vertices' duals (every edge stays feasible), and the pairs whose edge is then no
    /// longer tight are unmatched.
    fn dissolve(&mut self, b: usize) {
        let n = self.n;
        let leaves = self.leaves(b);
        for &v in &leaves {
            let mut t = self.blossomparent[v];
            while t != NONE {
                let z = self.dual[t];
                self.dual[v] += z;
                t = self.blossomparent[t];
            }
        }
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < n {
                continue;
            }
            stack.extend(self.blossomchilds[x].iter().copied());
            self.dual[x] = W::ZERO;
            self.blossomparent[x] = NONE;
            self.blossombase[x] = NONE;
            self.label[x] = 0;
            self.bestedge[x] = NONE;
            self.blossomchilds[x].clear();
            self.blossomendps[x].clear();
            self.blossombestedges[x].clear();
            self.unusedblossoms.push(x);
        }
        for &v in &leaves {
            self.blossomparent[v] = NONE;
            self.inblossom[v] = v;
        }
        for &v in &leaves {
            let p = self.mate[v];
            if p != NONE && self.slack(p) != W::ZERO {
                self.mate[v] = NONE;
                self.mate[p % n] = NONE;
            }
        }
    }

    /// The leaf vertices of blossom `b`.
    fn blossom_leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.blossom_leaves(t, out);
            }
        }
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.blossom_leaves(b, &mut out);
        out
    }

    /// Labels the top-level blossom of `w` with `t` (1: S, 2: T), reached through remote
    /// endpoint `p`.
    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        debug_assert!(self.label[w] == 0 && self.label[b] == 0);
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let mut leaves = std::mem::take(&mut self.queue);
            self.blossom_leaves(b, &mut leaves);
            self.queue = leaves;
        } else {
            let base = self.blossombase[b];
            let mbase = self.mate[base];
            debug_assert!(mbase != NONE);
            let e = self.endpoint(mbase);
            let f = self.flip(mbase);
            self.assign_label(e, 1, f);
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or `NONE` for an
    /// augmenting path.
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endpoint(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    /// A new S-blossom with base `base` through the edge `v`–`w` between two S-vertices.
    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let n = self.n;
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("at most n/2 blossoms");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut childs = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            childs.push(bv);
            endps.push(self.labelend[bv]);
            let x = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[x];
        }
        childs.push(bb);
        childs.reverse();
        endps.reverse();
        endps.push(w * n + v);
        while bw != bb {
            self.blossomparent[bw] = b;
            childs.push(bw);
            endps.push(self.flip(self.labelend[bw]));
            let x = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[x];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = W::ZERO;
        self.blossomchilds[b] = childs.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        // The least-slack edges to other S-blossoms.
        let mut bestedgeto = vec![NONE; 2 * n];
        for &sub in &childs {
            let list: Vec<usize> = if self.blossombestedges[sub].is_empty() {
                let mut list = Vec::new();
                for v in self.leaves(sub) {
                    for j in 0..n {
                        if j != v && self.weights[v * n + j] > W::ZERO {
                            list.push(v * n + j);
                        }
                    }
                }
                list
            } else {
                std::mem::take(&mut self.blossombestedges[sub])
            };
            for k in list {
                let (i, j) = (k / n, k % n);
                let j = if self.inblossom[j] == b { i } else { j };
                let bj = self.inblossom[j];
                if bj != b
                    && self.label[bj] == 1
                    && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                {
                    bestedgeto[bj] = k;
                }
            }
            self.blossombestedges[sub].clear();
            self.bestedge[sub] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &list {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = list;
    }

    /// Expands the top-level blossom `b`.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let n = self.n;
        for s in self.blossomchilds[b].clone() {
            self.blossomparent[s] = NONE;
            if s < n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint(self.flip(self.labelend[b]))];
            let len = self.blossomchilds[b].len() as i64;
            let mut j = self.blossomchilds[b]
                .iter()
                .position(|&r| r == entrychild)
                .expect("entry child in blossom") as i64;
            let (jstep, endptrick) = if j & 1 != 0 {
                j -= len;
                (1i64, true)
            } else {
                (-1i64, false)
            };
            let endp = |s: &Self, j: i64| -> usize {
                let e = pos_neg(&s.blossomendps[b], if endptrick { j } else { j - 1 });
                if endptrick { e } else { s.flip(e) }
            };
            let mut p = self.labelend[b];
            while j != 0 {
                let e = self.endpoint(self.flip(p));
                self.label[e] = 0;
                let q = endp(self, j);
                let e2 = self.endpoint(self.flip(q));
                self.label[e2] = 0;
                self.assign_label(e, 2, p);
                j += jstep;
                p = endp(self, j);
                j += jstep;
            }
            let bv = pos_neg(&self.blossomchilds[b], j);
            let e = self.endpoint(self.flip(p));
            self.label[e] = 2;
            self.label[bv] = 2;
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while pos_neg(&self.blossomchilds[b], j) != entrychild {
                let bv = pos_neg(&self.blossomchilds[b], j);
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut v = NONE;
                for t in self.leaves(bv) {
                    v = t;
                    if self.label[v] != 0 {
                        break;
                    }
                }
                if v != NONE && self.label[v] != 0 {
                    self.label[v] = 0;
                    let m = self.endpoint(self.mate[self.blossombase[bv]]);
                    self.label[m] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossombase[b] = NONE;
        self.bestedge[b] = NONE;
        self.dual[b] = W::ZERO;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombestedges[b].clear();
        self.unusedblossoms.push(b);
    }

    /// Swaps matched and unmatched edges along the path in blossom `b` from `v` to its base,
    /// making `v` the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let n = self.n;
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= n {
            self.augment_blossom(t, v);
        }
        let i = self.blossomchilds[b]
            .iter()
            .position(|&r| r == t)
            .expect("child in blossom");
        let len = self.blossomchilds[b].len() as i64;
        let mut j = i as i64;
        let (jstep, endptrick) = if i & 1 != 0 {
            j -= len;
            (1i64, true)
        } else {
            (-1i64, false)
        };
        while j != 0 {
            j += jstep;
            let t = pos_neg(&self.blossomchilds[b], j);
            let e = pos_neg(&self.blossomendps[b], if endptrick { j } else { j - 1 });
            let p = if endptrick { e } else { self.flip(e) };
            if t >= n {
                let x = self.endpoint(p);
                self.augment_blossom(t, x);
            }
            j += jstep;
            let t = pos_neg(&self.blossomchilds[b], j);
            if t >= n {
                let x = self.endpoint(self.flip(p));
                self.augment_blossom(t, x);
            }
            let (a, c) = (self.endpoint(p), self.endpoint(self.flip(p)));
            self.mate[a] = self.flip(p);
            self.mate[c] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
        debug_assert!(self.blossombase[b] == v);
    }

    /// Matches `s` to remote endpoint `p` (or leaves it single if `p == NONE`) and flips the
    /// alternating path from `s`'s blossom back to its root.
    fn flip_to_root(&mut self, mut s: usize, mut p: usize) {
        let n = self.n;
        loop {
            let bs = self.inblossom[s];
            if bs >= n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.endpoint(self.labelend[bt]);
            let j = self.endpoint(self.flip(self.labelend[bt]));
            if bt >= n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.flip(self.labelend[bt]);
        }
    }

    /// The search: stages until no single vertex has a positive dual.
    fn search(&mut self) {
        let n = self.n;
        loop {
            for b in 0..2 * n {
                self.label[b] = 0;
                self.bestedge[b] = NONE;
            }
            for b in n..2 * n {
                self.blossombestedges[b].clear();
            }
            self.queue.clear();
            let mut roots = false;
            // Roots that are blossoms are labelled first: the queue is a stack, so the roots
            // that are plain vertices are scanned before them, and a large blossom whose base
            // is single (in an odd field, the players below the current bracket with the
            // bye's vertex) only when they find no augmenting path. Scanned first, it took 814
            // of the 815 vertex scans of most stages in a 1,001-player round's brackets.
            for in_blossom in [true, false] {
                for v in 0..n {
                    if self.mate[v] == NONE
                        && (self.inblossom[v] >= n) == in_blossom
                        && self.label[self.inblossom[v]] == 0
                        && self.dual[v] > W::ZERO
                    {
                        self.assign_label(v, 1, NONE);
                        roots = true;
                    }
                }
            }
            if !roots {
                return;
            }
            let mut done = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    for w in 0..n {
                        let p = v * n + w;
                        if w == v || self.weights[p] <= W::ZERO {
                            continue;
                        }
                        let bw = self.inblossom[w];
                        if self.inblossom[v] == bw {
                            continue;
                        }
                        let kslack = self.slack(p);
                        if kslack <= W::ZERO {
                            if self.label[bw] == 0 {
                                if self.mate[self.blossombase[bw]] == NONE {
                                    // A single vertex with a zero dual: augment to it.
                                    self.augment_to_single(v, w);
                                    done = true;
                                    break;
                                }
                                self.assign_label(w, 2, self.flip(p));
                            } else if self.label[bw] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, v, w);
                                } else {
                                    self.flip_to_root(v, p);
                                    self.flip_to_root(w, self.flip(p));
                                    done = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = self.flip(p);
                            }
                        } else if self.label[bw] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = p;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = p;
                        }
                    }
                    if done {
                        break;
                    }
                }
                if done {
                    break;
                }
                // No augmenting path with tight edges: the dual step.
                let mut deltatype = 1;
                let mut delta = W::ZERO;
                let mut deltavertex = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 1
                        && (deltavertex == NONE || self.dual[v] < delta)
                    {
                        delta = self.dual[v];
                        deltavertex = v;
                    }
                }
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && (b < n || self.blossombase[b] != NONE)
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dual[b] < delta
                    {
                        delta = self.dual[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dual[v] -= delta,
                        2 => self.dual[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dual[b] += delta,
                            2 => self.dual[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => {
                        // An S-vertex's dual reached zero: leave it single, match its root.
                        self.flip_to_root(deltavertex, NONE);
                        break;
                    }
                    2 => {
                        let (mut i, j) = (deltaedge / n, deltaedge % n);
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.queue.push(deltaedge / n);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// Augments along the path from S-vertex `v`'s root through the tight edge `v`–`w` to
    /// `w`, single and unlabelled.
    fn augment_to_single(&mut self, v: usize, w: usize) {
        let n = self.n;
        let bw = self.inblossom[w];
        if bw >= n {
            self.augment_blossom(bw, w);
        }
        self.mate[w] = w * n + v;
        self.flip_to_root(v, v * n + w);
    }
}

/// `v[i]`, counting from the end for negative `i` (as Python does).
fn pos_neg(v: &[usize], i: i64) -> usize {
    if i >= 0 {
        v[i as usize]
    } else {
        v[v.len() - i.unsigned_abs() as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::DenseMatching;
    use crate::matching::max_weight_matching;

    /// xorshift64*, enough for test data.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn total(m: &DenseMatching<i128>, mate: &[usize]) -> i128 {
        (0..mate.len())
            .filter(|&v| mate[v] > v)
            .map(|v| m.weight(v, mate[v]))
            .sum()
    }

    fn reference(m: &DenseMatching<i128>, n: usize) -> i128 {
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if m.weight(a, b) > 0 {
                    edges.push((a, b, m.weight(a, b)));
                }
            }
        }
        let mate = max_weight_matching(n, edges, false);
        (0..n)
            .filter_map(|v| mate[v].filter(|&w| w > v).map(|w| m.weight(v, w)))
            .sum()
    }

    #[test]
    fn warm_solves_match_fresh_solves() {
        let mut rng = 0x1234_5678_9abc_def1u64;
        for case in 0..300 {
            let n = 2 + (case % 37);
            let range = [3u64, 10, 1000][case % 3];
            let density = 1 + next(&mut rng) % 4;
            let mut m = DenseMatching::<i128>::new(n);
            for a in 0..n {
                for b in 0..a {
                    let w = if next(&mut rng).is_multiple_of(density) {
                        0
                    } else {
                        (next(&mut rng) % range) as i128
                    };
                    m.set(a, b, w);
                }
            }
            for _ in 0..12 {
                let mate = m.solve();
                for v in 0..n {
                    assert_eq!(mate[mate[v]], v);
                    assert!(mate[v] == v || m.weight(v, mate[v]) > 0);
                }
                assert_eq!(total(&m, &mate), reference(&m, n), "case {case}");
                let changed = 1 + (next(&mut rng) % 3) as usize;
                for _ in 0..changed {
                    let a = (next(&mut rng) % n as u64) as usize;
                    for b in 0..n {
                        if b != a && next(&mut rng).is_multiple_of(2) {
                            let w = if next(&mut rng).is_multiple_of(density) {
                                0
                            } else {
                                (next(&mut rng) % range) as i128
                            };
                            m.set(a, b, w);
                        }
                    }
                }
            }
        }
    }
}
