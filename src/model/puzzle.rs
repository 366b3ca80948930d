//! The daily puzzle's solvers, as its post lists them.

use super::UserId;

/// Someone who solved a daily puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailySolver {
    /// Who.
    pub user: UserId,
    /// Their display name.
    pub name: String,
    /// Wrong moves before they solved it.
    pub tries: u32,
    /// When they solved it.
    pub finished_ms: i64,
}
