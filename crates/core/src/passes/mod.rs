//! Passes over point sets: exact counts by weighted sample elimination ([`eliminate`]).

pub mod eliminate;
