//! Slash commands and their suggestions that came to the interactions endpoint: their options
//! read by the names the commands are registered with (`declared`), checked as the gateway's
//! are (every option declared, none twice, each of its declared type), and handed to the same
//! handlers.
//!
//! poise reads the gateway's commands itself, but only with serenity's gateway context, which
//! an endpoint without a gateway connection does not have; here the same options are read
//! from the interaction as Discord sent it.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use poise::ChoiceParameter;
use poise::serenity_prelude as serenity;
use serenity::{CommandDataOptionValue, CreateAutocompleteResponse, ResolvedOption, ResolvedValue};

use super::level::LevelChoice;
use super::{
    analyse, challenge, colors, end, learn, play, puzzle, replay, rules, settings, standings,
    tournament, view,
};
use crate::discord::Error;
use crate::discord::context::Command;

/// Why a command's options can't be read: the command or one of its options is not the
/// one the bot registered (an old registration still cached by a client, or a forged payload).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unfit {
    /// The bot has no command by that name.
    UnknownCommand,
    /// An option is missing, undeclared, repeated or of another type.
    Malformed(&'static str),
}

/// The options each command (and each subcommand, as `tournament create`) declares, by the
/// names it is registered with.
static DECLARED: LazyLock<HashMap<String, HashSet<String>>> = LazyLock::new(|| {
    let mut declared: HashMap<String, HashSet<String>> = HashMap::new();
    for command in super::all() {
        let names = |c: &poise::Command<_, _>| -> HashSet<String> {
            c.parameters.iter().map(|p| p.name.to_string()).collect()
        };
        declared.insert(command.name.to_string(), names(&command));
        for subcommand in &command.subcommands {
            let name = format!("{} {}", command.name, subcommand.name);
            declared.insert(name, names(subcommand));
        }
    }
    declared
});

/// A command's options, as Discord resolved them, read by name.
struct Options<'a>(Vec<ResolvedOption<'a>>);

impl<'a> Options<'a> {
    fn value(&self, name: &str) -> Option<&ResolvedValue<'a>> {
        self.0.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    /// Reads option `name` with `read`; `None` when it was not given.
    fn read<T>(
        &self,
        name: &str,
        read: impl FnOnce(&ResolvedValue<'a>) -> Option<T>,
    ) -> Result<Option<T>, Unfit> {
        match self.value(name) {
            None => Ok(None),
            Some(value) => read(value)
                .map(Some)
                .ok_or(Unfit::Malformed("an option's type")),
        }
    }

    fn string(&self, name: &str) -> Result<Option<String>, Unfit> {
        self.read(name, |v| match v {
            ResolvedValue::String(text) => Some((*text).to_owned()),
            _ => None,
        })
    }

    fn integer<T: TryFrom<i64>>(&self, name: &str) -> Result<Option<T>, Unfit> {
        self.read(name, |v| match v {
            ResolvedValue::Integer(n) => T::try_from(*n).ok(),
            _ => None,
        })
    }

    fn boolean(&self, name: &str) -> Result<Option<bool>, Unfit> {
        self.read(name, |v| match v {
            ResolvedValue::Boolean(b) => Some(*b),
            _ => None,
        })
    }

    fn user(&self, name: &str) -> Result<Option<serenity::User>, Unfit> {
        self.read(name, |v| match v {
            ResolvedValue::User(user, _) => Some((*user).clone()),
            _ => None,
        })
    }

    fn channel(&self, name: &str) -> Result<Option<serenity::ChannelId>, Unfit> {
        self.read(name, |v| match v {
            ResolvedValue::Channel(channel) => Some(channel.id),
            _ => None,
        })
    }

    fn level(&self, name: &str) -> Result<Option<LevelChoice>, Unfit> {
        self.read(name, |v| match v {
            ResolvedValue::Integer(n) => LevelChoice::from_index(*n),
            _ => None,
        })
    }

    /// A choice, sent as its index among the declared choices (as poise registers them).
    fn choice<T: ChoiceParameter>(&self, name: &str) -> Result<Option<T>, Unfit> {
        self.read(name, |v| match v {
            ResolvedValue::Integer(n) => usize::try_from(*n).ok().and_then(T::from_index),
            _ => None,
        })
    }
}

/// An option the command requires.
fn required<T>(option: Result<Option<T>, Unfit>) -> Result<T, Unfit> {
    option?.ok_or(Unfit::Malformed("a required option"))
}

/// The command's registered name (`tournament create` for a subcommand) and its options,
/// once checked against what it declares.
fn read<'a>(ctx: &Command<'a>) -> Result<(String, Options<'a>), Unfit> {
    let interaction: &'a serenity::CommandInteraction = ctx.interaction;
    let data = &interaction.data;
    let (name, options) = match data.options.first() {
        Some(first) if matches!(first.value, CommandDataOptionValue::SubCommand(_)) => {
            let name = format!("{} {}", data.name, first.name);
            let ResolvedValue::SubCommand(options) = data
                .options()
                .into_iter()
                .next()
                .map(|o| o.value)
                .ok_or(Unfit::Malformed("a subcommand"))?
            else {
                return Err(Unfit::Malformed("a subcommand"));
            };
            (name, options)
        }
        _ => (data.name.clone(), data.options()),
    };
    let declared = DECLARED.get(&name).ok_or(Unfit::UnknownCommand)?;
    let mut seen = HashSet::new();
    let fits = options
        .iter()
        .all(|o| declared.contains(o.name) && seen.insert(o.name));
    if !fits {
        return Err(Unfit::Malformed("an option the command does not declare"));
    }
    Ok((name, Options(options)))
}

/// Runs the command `ctx` holds with its options, as its poise declaration would: the
/// handler's own failure is `Ok(Err(_))`.
///
/// # Errors
/// The command or its options do not fit what the bot registered.
pub async fn run(ctx: Command<'_>) -> Result<Result<(), Error>, Unfit> {
    let (name, o) = read(&ctx)?;
    Ok(match name.as_str() {
        "challenge" => {
            let (opponent, size, height) =
                (o.user("opponent")?, o.choice("size")?, o.integer("height")?);
            let (color, pie, clock) = (o.choice("color")?, o.boolean("pie")?, o.choice("clock")?);
            let (rated, level) = (o.boolean("rated")?, o.level("level")?);
            challenge::challenge(ctx, opponent, size, height, color, pie, clock, rated, level).await
        }
        "move" => play::play_move(ctx, required(o.string("move"))?, o.integer("game")?).await,
        "board" => view::board(ctx, o.integer("game")?, o.boolean("private")?).await,
        "moves" => view::moves(ctx, required(o.string("square"))?, o.integer("game")?).await,
        "resign" => end::resign(ctx, o.integer("game")?).await,
        "abort" => end::abort(ctx, o.integer("game")?).await,
        "games" => view::games(ctx).await,
        "stats" => standings::stats(ctx, o.user("user")?).await,
        "leaderboard" => standings::leaderboard(ctx, o.choice("scope")?).await,
        "history" => standings::history(ctx, o.user("user")?).await,
        "replay" => replay::replay(ctx, required(o.integer("game"))?).await,
        "analyse" => analyse::analyse(ctx, required(o.integer("game"))?).await,
        "puzzle" => puzzle::puzzle(ctx, o.boolean("daily")?).await,
        "learn" => learn::learn(ctx, o.choice("stage")?).await,
        "colours" => colors::colors(ctx, o.choice("theme")?).await,
        "settings" => {
            let (threads, clock) = (o.boolean("threads")?, o.choice("clock")?);
            let (orientation, colors) = (o.choice("orientation")?, o.choice("colours")?);
            let organisers = o.boolean("organisers")?;
            let (channel, off) = (o.channel("puzzle-channel")?, o.boolean("puzzle-off")?);
            settings::settings(
                ctx,
                threads,
                clock,
                orientation,
                colors,
                organisers,
                channel,
                off,
            )
            .await
        }
        "rules" => rules::rules(ctx).await,
        "tournament create" => {
            let (name, format) = (required(o.string("name"))?, o.choice("format")?);
            let (rounds, size, height) = (
                o.integer("rounds")?,
                o.choice("size")?,
                o.integer("height")?,
            );
            let (pie, clock, rated) = (o.boolean("pie")?, o.choice("clock")?, o.boolean("rated")?);
            let (players, start) = (o.integer("players")?, o.choice("start")?);
            tournament::create::create(
                ctx, name, format, rounds, size, height, pie, clock, rated, players, start,
            )
            .await
        }
        "tournament join" => tournament::entry::join(ctx, required(o.integer("tournament"))?).await,
        "tournament leave" => {
            tournament::entry::leave(ctx, required(o.integer("tournament"))?).await
        }
        "tournament start" => {
            tournament::organise::start(ctx, required(o.integer("tournament"))?).await
        }
        "tournament withdraw" => {
            let (id, player) = (
                required(o.integer("tournament"))?,
                required(o.user("player"))?,
            );
            tournament::organise::withdraw(ctx, id, player).await
        }
        "tournament result" => {
            let (id, round) = (
                required(o.integer("tournament"))?,
                required(o.integer("round"))?,
            );
            let (board, winner) = (required(o.integer("board"))?, required(o.user("winner"))?);
            tournament::organise::result(ctx, id, round, board, winner).await
        }
        "tournament standings" => {
            tournament::show::standings(ctx, required(o.integer("tournament"))?).await
        }
        "tournament list" => tournament::show::list(ctx).await,
        "tournament export" => {
            tournament::show::export(ctx, required(o.integer("tournament"))?).await
        }
        _ => return Err(Unfit::UnknownCommand),
    })
}

/// The suggestions for the option being typed in the command `ctx` holds, as its poise
/// declaration gives them; none for an option that offers none.
///
/// # Errors
/// The command or its options do not fit what the bot registered.
pub async fn suggest(ctx: Command<'_>) -> Result<CreateAutocompleteResponse, Unfit> {
    let (name, options) = read(&ctx)?;
    let Some((option, typed)) = options.0.iter().find_map(|o| match o.value {
        ResolvedValue::Autocomplete { value, .. } => Some((o.name, value)),
        _ => None,
    }) else {
        return Err(Unfit::Malformed("no option being typed"));
    };
    Ok(match (name.as_str(), option) {
        ("move", "move") => play::autocomplete_move(ctx, typed).await,
        ("move", "game") => play::autocomplete_game(ctx, typed).await,
        (_, "tournament") if name.starts_with("tournament ") => {
            tournament::autocomplete_tournament(ctx, typed).await
        }
        _ => CreateAutocompleteResponse::new(),
    })
}
