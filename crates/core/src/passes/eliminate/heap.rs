//! The elimination's priority queue: candidates by weight, heaviest first, with decrease-key (a
//! candidate's weight only falls, as its neighbours go). A tournament tree over the candidates
//! in their own order: each inner node holds the winner of its two halves, the weights stay in
//! one array by candidate. The candidates are numbered by cell, so a removed point's neighbours
//! are near in that array and their paths to the root soon meet; and lowering a weight replays
//! only the nodes that candidate had won, where a heap with decrease-key sifts each lowered
//! neighbour from a random place of its array (BENCHMARKS.md, "Exact counts"). Ties go to the
//! lower index: the order is a function of the weights alone.

/// A max-tournament of the indices `0..n` by weight; see the module docs.
#[derive(Debug, Clone, Default)]
pub(super) struct Heap {
    /// Leaves: a power of two, at least one; leaf `i` is node `size + i`.
    size: usize,
    /// Each index's weight (−∞ once popped, and for the padding past `n`).
    weights: Vec<f64>,
    /// The winner of each inner node `1..size` (node 0 unused).
    wins: Vec<u32>,
    left: usize,
}

impl Heap {
    /// Every index of `weights` with its weight (none NaN).
    pub(super) fn new(weights: Vec<f64>) -> Self {
        let n = weights.len();
        let size = n.next_power_of_two().max(1);
        let mut heap = Self {
            size,
            weights,
            wins: vec![0; size],
            left: n,
        };
        heap.weights.resize(size, f64::NEG_INFINITY);
        for node in (1..size).rev() {
            heap.wins[node] = heap.play(node);
        }
        heap
    }

    /// How many indices are left.
    pub(super) fn len(&self) -> usize {
        self.left
    }

    /// Removes and returns the heaviest index.
    pub(super) fn pop(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        let top = self.winner(1);
        self.weights[top as usize] = f64::NEG_INFINITY;
        self.left -= 1;
        let mut node = (self.size + top as usize) / 2;
        while node >= 1 {
            self.wins[node] = self.play(node);
            node /= 2;
        }
        Some(top as usize)
    }

    /// Lowers index `i`'s weight by `by` (≥ 0) and replays the nodes it had won. Popped
    /// indices are left alone.
    #[inline]
    pub(super) fn lower(&mut self, i: usize, by: f64) {
        if self.weights[i] == f64::NEG_INFINITY {
            return;
        }
        self.weights[i] -= by;
        let mut node = (self.size + i) / 2;
        while node >= 1 && self.wins[node] == i as u32 {
            self.wins[node] = self.play(node);
            node /= 2;
        }
    }

    /// The indices not popped, ascending.
    pub(super) fn rest(&self) -> Vec<usize> {
        (0..self.weights.len())
            .filter(|&i| self.weights[i] != f64::NEG_INFINITY)
            .collect()
    }

    /// The winner held at `node` (a leaf is its own index).
    #[inline(always)]
    fn winner(&self, node: usize) -> u32 {
        if node >= self.size {
            (node - self.size) as u32
        } else {
            self.wins[node]
        }
    }

    /// The winner of inner `node`'s two children: the heavier, at a tie the lower index.
    #[inline(always)]
    fn play(&self, node: usize) -> u32 {
        let (a, b) = (self.winner(2 * node), self.winner(2 * node + 1));
        let (wa, wb) = (self.weights[a as usize], self.weights[b as usize]);
        if wa > wb || (wa == wb && a < b) {
            a
        } else {
            b
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Heap;

    #[test]
    fn pops_heaviest_first_after_lowering() {
        let mut h = Heap::new(vec![3.0, 9.0, 1.0, 7.0, 7.0, 0.5]);
        assert_eq!(h.pop(), Some(1));
        h.lower(3, 7.0);
        h.lower(1, 100.0); // popped: nothing happens
        assert_eq!(h.rest(), [0, 2, 3, 4, 5]);
        let mut order = Vec::new();
        while let Some(i) = h.pop() {
            order.push(i);
        }
        assert_eq!(order, [4, 0, 2, 5, 3]);
        assert_eq!(h.len(), 0);
        assert_eq!(Heap::new(Vec::new()).pop(), None);
    }

    /// The tournament pops what sorting the weights (after every lowering) gives.
    #[test]
    fn agrees_with_sorting() {
        let mut s = 99u64;
        let mut next = || {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
            (s >> 40) as f64 / 1024.0
        };
        let mut w: Vec<f64> = (0..300).map(|_| (next() * 4.0).floor()).collect();
        let mut h = Heap::new(w.clone());
        let mut gone = vec![false; w.len()];
        for step in 0..300 {
            let best = (0..w.len())
                .filter(|&i| !gone[i])
                .max_by(|&a, &b| w[a].total_cmp(&w[b]).then(b.cmp(&a)))
                .unwrap();
            assert_eq!(h.pop(), Some(best), "step {step}");
            gone[best] = true;
            for k in 1..4 {
                let j = (best * 7 + k * 13) % w.len();
                let by = (next() * 2.0).floor();
                h.lower(j, by);
                if !gone[j] {
                    w[j] -= by;
                }
            }
        }
        assert_eq!(h.pop(), None);
    }
}
