//! What the page sends to play: a move and a resignation, each at the ply the player saw, read
//! strictly (an unknown field is refused).

use serde::Deserialize;

/// A move, as the page sends it: the ply it was made at, and the move in any notation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoveAsked {
    /// The ply the page showed.
    pub(super) ply: u32,
    /// The move, in any notation the service reads.
    #[serde(rename = "move")]
    pub(super) text: String,
}

/// A resignation, at the ply the player confirmed it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ResignAsked {
    /// The ply the player confirmed at.
    pub(super) ply: u32,
}
