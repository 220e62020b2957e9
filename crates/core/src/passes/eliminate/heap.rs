//! The elimination's max-heap: candidates by weight, heaviest on top, with decrease-key (a
//! candidate's weight only falls, as its neighbours go). A binary heap over indices, with each
//! index's place kept so a lowered weight sifts down from where it is. Ties go to the lower
//! index, so the order is a function of the weights alone.

/// A binary max-heap of the indices `0..n` by `weights`; see the module docs.
#[derive(Debug, Clone, Default)]
pub(super) struct Heap {
    /// The indices, heap-ordered.
    items: Vec<u32>,
    /// Where each index sits in `items`; `u32::MAX` once popped.
    place: Vec<u32>,
}

impl Heap {
    /// Every index of `weights`, heap-ordered (Floyd's bottom-up build).
    pub(super) fn new(weights: &[f64]) -> Self {
        let n = weights.len();
        let mut heap = Self {
            items: (0..n as u32).collect(),
            place: (0..n as u32).collect(),
        };
        for at in (0..n / 2).rev() {
            heap.sift_down(at, weights);
        }
        heap
    }

    /// How many indices are left.
    pub(super) fn len(&self) -> usize {
        self.items.len()
    }

    /// Removes and returns the heaviest index.
    pub(super) fn pop(&mut self, weights: &[f64]) -> Option<usize> {
        let top = *self.items.first()?;
        let last = self.items.pop().expect("not empty");
        self.place[top as usize] = u32::MAX;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.place[last as usize] = 0;
            self.sift_down(0, weights);
        }
        Some(top as usize)
    }

    /// Index `i`'s weight fell: moves it down to its place. Popped indices are left alone.
    pub(super) fn lowered(&mut self, i: usize, weights: &[f64]) {
        let at = self.place[i];
        if at != u32::MAX {
            self.sift_down(at as usize, weights);
        }
    }

    /// Whether index `a` belongs above index `b`.
    #[inline(always)]
    fn above(a: u32, b: u32, weights: &[f64]) -> bool {
        let (wa, wb) = (weights[a as usize], weights[b as usize]);
        wa > wb || (wa == wb && a < b)
    }

    fn sift_down(&mut self, mut at: usize, weights: &[f64]) {
        let n = self.items.len();
        let item = self.items[at];
        loop {
            let left = 2 * at + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && Self::above(self.items[right], self.items[left], weights) {
                right
            } else {
                left
            };
            if !Self::above(self.items[child], item, weights) {
                break;
            }
            self.items[at] = self.items[child];
            self.place[self.items[at] as usize] = at as u32;
            at = child;
        }
        self.items[at] = item;
        self.place[item as usize] = at as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::Heap;

    #[test]
    fn pops_heaviest_first_after_lowering() {
        let mut w = vec![3.0, 9.0, 1.0, 7.0, 7.0, 0.5];
        let mut h = Heap::new(&w);
        assert_eq!(h.pop(&w), Some(1));
        w[3] = 0.0;
        h.lowered(3, &w);
        let mut order = Vec::new();
        while let Some(i) = h.pop(&w) {
            order.push(i);
        }
        assert_eq!(order, [4, 0, 2, 5, 3]);
        assert_eq!(h.len(), 0);
    }
}
