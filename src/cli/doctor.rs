//! `monkey-queen doctor`: checks the bot's settings against Discord, the database and the
//! pages' public address, and says in plain words what is wrong and how to fix it. Exits 0
//! only if all is well.

use clap::Args;

use super::bot::BotArgs;
use crate::app::doctor::{self, DoctorAsked};

/// What the doctor looks at: the bot's settings (as `monkey-queen bot` reads them), and more.
#[derive(Debug, Args)]
pub struct DoctorArgs {
    #[command(flatten)]
    bot: BotArgs,
    /// A channel (its id) to check the bot's permissions in.
    #[arg(long)]
    channel: Option<u64>,
}

/// Runs the checks and prints each finding; an error if any is not well.
pub fn run(args: &DoctorArgs) -> Result<(), String> {
    let config = args.bot.config()?;
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("could not start the async runtime: {e}"))?;
    let asked = DoctorAsked {
        channel: args.channel,
        // The bot's own setting, compared with the application's.
        public_key: args.bot.public_key().map(str::to_owned),
    };
    let findings = runtime.block_on(doctor::examine(&config, args.bot.database_url(), &asked));
    let mut ill = 0;
    for finding in &findings {
        let mark = if finding.ok { "ok  " } else { "FIX " };
        println!("{mark} {}: {}", finding.check, finding.said);
        ill += usize::from(!finding.ok);
    }
    if ill == 0 {
        println!("All is well.");
        Ok(())
    } else {
        Err(format!(
            "{ill} of {} checks need fixing (see above)",
            findings.len()
        ))
    }
}
