//! The elimination's max-heap: candidates by weight, heaviest on top, with decrease-key (a
//! candidate's weight only falls, as its neighbours go). A 4-ary heap that keeps each weight
//! beside its index, so a comparison reads the heap's own memory rather than a weight far away
//! (with a million candidates, those reads are cache misses), and each index's place, so a
//! lowered weight sifts down from where it is. Ties go to the lower index: the order is a
//! function of the weights alone, whatever the heap's shape.

/// Children per node: four weights and indices are one 64-byte cache line, and the tree is
/// half as deep as a binary one.
const ARITY: usize = 4;

/// A 4-ary max-heap of the indices `0..n` by weight; see the module docs.
#[derive(Debug, Clone, Default)]
pub(super) struct Heap {
    /// Weight and index, heap-ordered.
    items: Vec<(f64, u32)>,
    /// Where each index sits in `items`; `u32::MAX` once popped.
    place: Vec<u32>,
}

impl Heap {
    /// Every index of `weights` with its weight, heap-ordered (Floyd's bottom-up build).
    pub(super) fn new(weights: &[f64]) -> Self {
        let n = weights.len();
        let mut heap = Self {
            items: weights
                .iter()
                .zip(0..n as u32)
                .map(|(&w, i)| (w, i))
                .collect(),
            place: (0..n as u32).collect(),
        };
        for at in (0..n.div_ceil(ARITY)).rev() {
            heap.sift_down(at);
        }
        heap
    }

    /// How many indices are left.
    pub(super) fn len(&self) -> usize {
        self.items.len()
    }

    /// Removes and returns the heaviest index.
    pub(super) fn pop(&mut self) -> Option<usize> {
        let top = self.items.first()?.1;
        let last = self.items.pop().expect("not empty");
        self.place[top as usize] = u32::MAX;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.place[last.1 as usize] = 0;
            self.sift_down(0);
        }
        Some(top as usize)
    }

    /// Lowers index `i`'s weight by `by` (≥ 0) and moves it down to its place. Popped indices
    /// are left alone.
    #[inline]
    pub(super) fn lower(&mut self, i: usize, by: f64) {
        let at = self.place[i];
        if at != u32::MAX {
            self.items[at as usize].0 -= by;
            self.sift_down(at as usize);
        }
    }

    /// Whether `a` belongs above `b`.
    #[inline(always)]
    fn above(a: (f64, u32), b: (f64, u32)) -> bool {
        a.0 > b.0 || (a.0 == b.0 && a.1 < b.1)
    }

    fn sift_down(&mut self, mut at: usize) {
        let n = self.items.len();
        let item = self.items[at];
        loop {
            let first = ARITY * at + 1;
            if first >= n {
                break;
            }
            let mut child = first;
            for c in first + 1..(first + ARITY).min(n) {
                if Self::above(self.items[c], self.items[child]) {
                    child = c;
                }
            }
            if !Self::above(self.items[child], item) {
                break;
            }
            self.items[at] = self.items[child];
            self.place[self.items[at].1 as usize] = at as u32;
            at = child;
        }
        self.items[at] = item;
        self.place[item.1 as usize] = at as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::Heap;

    #[test]
    fn pops_heaviest_first_after_lowering() {
        let mut h = Heap::new(&[3.0, 9.0, 1.0, 7.0, 7.0, 0.5]);
        assert_eq!(h.pop(), Some(1));
        h.lower(3, 7.0);
        h.lower(1, 100.0); // popped: nothing happens
        let mut order = Vec::new();
        while let Some(i) = h.pop() {
            order.push(i);
        }
        assert_eq!(order, [4, 0, 2, 5, 3]);
        assert_eq!(h.len(), 0);
    }
}
