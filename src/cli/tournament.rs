//! `monkey-queen tournament pair --trf FILE`: the next Swiss round (FIDE Dutch, see
//! `docs/pairing.md`) of the tournament a TRF file describes, so that any outside pairing
//! program can be compared on the same input. `monkey-queen tournament crosstable`: the
//! crosstable picture of a tournament the bot ran.

use std::path::PathBuf;
use std::sync::Arc;

use clap::{Args, Subcommand};
use monkey_queen_pairing::{
    Colour, PairingError, PlayerId, Round, Tournament, pair_swiss, read_trf,
};

use super::database::{open, runtime};
use crate::games::{GameService, ServiceConfig, SystemClock, TournamentId};
use crate::i18n::{Lang, Msg, crosstable_texts};
use crate::render::Renderer;
use crate::storage::DEFAULT_DATABASE_URL;

/// The tournament subcommands.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Print the next round's pairings of the tournament in a TRF-16 file: one board a line,
    /// White's and Black's starting ranks and names, then the bye if any.
    Pair(PairArgs),
    /// Draw the crosstable of a tournament stored in the bot's database as a PNG.
    Crosstable(CrosstableArgs),
}

/// Which tournament to draw, and where.
#[derive(Debug, Args)]
pub struct CrosstableArgs {
    /// The tournament's number.
    #[arg(long)]
    tournament: i64,
    /// The language of the headers (`en`, `fr`, `de`, `es`, `pt-BR`).
    #[arg(long, default_value = "en")]
    lang: String,
    /// The PNG file to write.
    #[arg(long)]
    out: PathBuf,
    /// The bot's database.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    database_url: String,
}

/// Which tournament to pair.
#[derive(Debug, Args)]
pub struct PairArgs {
    /// The TRF-16 file of the rounds so far.
    #[arg(long)]
    trf: std::path::PathBuf,
}

/// Runs a tournament subcommand.
pub fn run(command: &TournamentCommand) -> Result<(), String> {
    match command {
        TournamentCommand::Pair(args) => {
            let text = std::fs::read_to_string(&args.trf)
                .map_err(|e| format!("cannot read {}: {e}", args.trf.display()))?;
            let tournament = read_trf(&text).map_err(|e| format!("{}: {e}", args.trf.display()))?;
            let round = next_round(&tournament).map_err(|e| format!("no pairing: {e}"))?;
            print!("{}", pairings(&tournament, &round));
            Ok(())
        }
        TournamentCommand::Crosstable(args) => crosstable(args),
    }
}

/// Draws the stored tournament's crosstable into `args.out`.
fn crosstable(args: &CrosstableArgs) -> Result<(), String> {
    let lang = Lang::from_tag(&args.lang).ok_or_else(|| format!("no language {}", args.lang))?;
    let view = runtime()?.block_on(async {
        let db = open(&args.database_url).await?;
        let service = GameService::new(db, Arc::new(SystemClock), ServiceConfig::default());
        service
            .tournaments()
            .find(TournamentId(args.tournament))
            .await
            .map_err(|e| format!("tournament #{}: {e}", args.tournament))
    })?;
    let texts = crosstable_texts(lang, view.tie_break_names());
    let table = view.crosstable(texts, lang.text(&Msg::CrosstableSubtitle(&view)));
    let renderer = Renderer::new().map_err(|e| format!("could not load the fonts: {e}"))?;
    let png = renderer
        .crosstable_png(&table)
        .map_err(|e| format!("could not draw the crosstable: {e}"))?;
    std::fs::write(&args.out, png)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}

/// The next round of `tournament`, with the initial colour of its `XXC` line (White without
/// one, as `py4swiss` assumes; `bbpPairings` asks for it).
fn next_round(tournament: &Tournament) -> Result<Round, PairingError> {
    let initial = tournament.initial_colour.unwrap_or(Colour::White);
    pair_swiss(&tournament.players, &tournament.history, initial)
}

/// The round as text: `1. 3 Carol - 7 Gus` per board (starting ranks), then `bye: 5 Eve`.
fn pairings(tournament: &Tournament, round: &Round) -> String {
    let who = |id: PlayerId| {
        let name = tournament
            .names
            .get(id.0)
            .cloned()
            .unwrap_or_else(|| format!("Player {}", id.0 + 1));
        format!("{} {name}", id.0 + 1)
    };
    let mut out = String::new();
    for (board, game) in round.games.iter().enumerate() {
        out.push_str(&format!(
            "{}. {} - {}\n",
            board + 1,
            who(game.white),
            who(game.black)
        ));
    }
    for bye in &round.byes {
        out.push_str(&format!("bye: {}\n", who(*bye)));
    }
    out
}

#[cfg(test)]
mod tests {
    use monkey_queen_pairing::{History, Player, TieBreaks, write_trf};

    use super::*;

    /// A first round of five players read back from its TRF: top half against bottom half,
    /// and the bye for the lowest; player 1 gets the initial colour of the `XXC` line, White
    /// without one.
    #[test]
    fn a_trf_file_gives_the_next_rounds_pairings() {
        let names = ["Ana", "Ben", "Cy", "Di", "Ed"];
        for (initial, expected) in [
            (None, "1. 1 Ana - 3 Cy\n2. 4 Di - 2 Ben\nbye: 5 Ed\n"),
            (
                Some(Colour::White),
                "1. 1 Ana - 3 Cy\n2. 4 Di - 2 Ben\nbye: 5 Ed\n",
            ),
            (
                Some(Colour::Black),
                "1. 3 Cy - 1 Ana\n2. 2 Ben - 4 Di\nbye: 5 Ed\n",
            ),
        ] {
            let tournament = Tournament {
                name: "Club".to_owned(),
                players: (0..5)
                    .map(|i| Player::new(i, 2000.0 - 10.0 * i as f64))
                    .collect(),
                names: names.map(str::to_owned).to_vec(),
                history: History::new(),
                initial_colour: initial,
            };
            let trf = write_trf(&tournament, TieBreaks::Swiss).unwrap();
            let read = read_trf(&trf).unwrap();
            let round = next_round(&read).unwrap();
            let text = pairings(&read, &round);
            assert_eq!(text, expected, "{initial:?}: {text}");
        }
    }
}
