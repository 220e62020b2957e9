//! What a class run hands over: the points with their classes.

use crate::base::point::Item;
use crate::base::point::Point;

/// Points with their classes, in the order they were placed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClassedPoints {
    /// The points; each carries its class's radius ([`super::ClassTable::radius`]).
    pub points: Vec<Point>,
    /// Their classes (indices into [`super::ClassParams::classes`]), in the same order.
    pub classes: Vec<u16>,
}

impl ClassedPoints {
    /// How many points.
    pub fn len(&self) -> usize {
        self.points.len()
    }
    /// True when there is none.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
    /// How many points of class `class`.
    pub fn count(&self, class: u16) -> usize {
        self.classes.iter().filter(|&&c| c == class).count()
    }
    /// The points as an editable set's items, ids `0, 1, …` in order: what
    /// [`crate::EditableSet::with_items`] takes.
    pub fn items(&self) -> impl Iterator<Item = Item> + '_ {
        self.points
            .iter()
            .zip(&self.classes)
            .zip(0..)
            .map(|((&point, &class), id)| Item { id, class, point })
    }
}
