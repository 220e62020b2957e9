//! One pattern for the enums the page, the CLI and the Python package name by a word (the
//! comparison's methods, the samplers lab's, the spectrum's point sets, the editor's tools, the
//! built-in pictures): every variant in the lab's order, the name of each, and the variant of a
//! name, written once.

/// Implements `ALL`, `name` and `from_name` for a fieldless `Copy` enum from `Variant =>
/// "name"` pairs, listed in the order `ALL` keeps.
macro_rules! named {
    ($ty:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every variant, in the lab's order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// The name the page, the CLI and the Python package spell.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }

            /// The variant with this name, if any.
            pub fn from_name(name: &str) -> Option<$ty> {
                Self::ALL.into_iter().find(|v| v.name() == name)
            }
        }
    };
}
pub(crate) use named;
