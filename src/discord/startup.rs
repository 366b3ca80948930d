//! Checks made once the bot is connected: every active game replays to its stored position.

use tracing::{error, info};

use super::Data;

/// Replays every active game and logs any whose stored position disagrees with its moves.
pub async fn check_games(data: &Data) {
    match data.service.verify_games().await {
        Ok(mismatches) if mismatches.is_empty() => info!("every active game replays cleanly"),
        Ok(mismatches) => {
            for mismatch in mismatches {
                error!(%mismatch, "a stored game does not replay to its snapshot");
            }
        }
        Err(e) => error!(error = %e, "could not check the stored games"),
    }
}
