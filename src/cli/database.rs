//! `monkey-queen copy` and `monkey-queen backup`: moving a server's data to another database,
//! and a consistent copy of a SQLite database while the bot runs.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use crate::games::{GameService, ServiceConfig, SystemClock};
use crate::storage::{self, DEFAULT_DATABASE_URL};

/// Settings of `monkey-queen copy`.
#[derive(Debug, Clone, Args)]
pub struct CopyArgs {
    /// The database to copy (it is brought up to this build's schema first, as the bot would).
    #[arg(long)]
    from: String,
    /// The empty database to copy it into, e.g. `postgres://USER@HOST/DATABASE`.
    #[arg(long)]
    to: String,
}

/// Settings of `monkey-queen backup`.
#[derive(Debug, Clone, Args)]
pub struct BackupArgs {
    /// The new file to write the copy to (it must not exist).
    file: PathBuf,
    /// The SQLite database to back up.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    database_url: String,
}

/// Copies every game, move, challenge, rating and setting, refusing a target that holds data,
/// then checks the target: every table reads back equal, and every game replays from its moves
/// to its stored position. Run it with the bots stopped.
pub fn copy(args: &CopyArgs) -> Result<(), String> {
    runtime()?.block_on(async {
        let from = open(&args.from).await?;
        let to = open(&args.to).await?;
        let copied = storage::copy(&from, &to)
            .await
            .map_err(|e| format!("the copy failed: {e}"))?;
        for (table, rows) in &copied.tables {
            println!("{table:>16}  {rows} rows");
        }
        let service = GameService::new(to, Arc::new(SystemClock), ServiceConfig::default());
        let (replayed, mismatches) = service
            .verify_every_game()
            .await
            .map_err(|e| format!("could not check the copied games: {e}"))?;
        if let Some(first) = mismatches.first() {
            return Err(format!(
                "{} of {replayed} copied games do not replay to their stored position; the \
                 first: {first}",
                mismatches.len()
            ));
        }
        println!("every table reads back equal; all {replayed} games replay on the target");
        Ok(())
    })
}

/// Writes a consistent copy of the SQLite database to a new file, while the bot runs.
pub fn backup(args: &BackupArgs) -> Result<(), String> {
    let path = args
        .file
        .to_str()
        .ok_or("the backup's file name is not UTF-8")?;
    if args.file.exists() {
        return Err(format!("{path} exists already; give backup a new file"));
    }
    runtime()?.block_on(async {
        let db = open(&args.database_url).await?;
        storage::backup(&db, path)
            .await
            .map_err(|e| format!("the backup failed: {e}"))?;
        println!("backed up {} to {path}", args.database_url);
        Ok(())
    })
}

/// A runtime for a command's async work.
pub(super) fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Runtime::new().map_err(|e| format!("could not start the async runtime: {e}"))
}

/// The database at `url`, migrated.
pub(super) async fn open(url: &str) -> Result<storage::Db, String> {
    storage::connect(url)
        .await
        .map_err(|e| format!("could not open the database {url}: {e}"))
}
