//! The `level` option of `/challenge`: the engine's own [`Level`], offered at the levels a game
//! in a chat is played at and named in each language by `commands.ftl`.

use poise::serenity_prelude as serenity;
use poise::{SlashArgError, SlashArgument};
use serenity::{CommandInteraction, CommandOptionType, CreateCommandOption, ResolvedValue};

use crate::games::Level;
use crate::i18n::Lang;

/// The levels `/challenge` offers, in the order Discord lists them; a choice's value is its
/// index here. `max` is left out: it may think for seconds a move, too long for a chat game.
pub const OFFERED: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

/// A level picked among [`OFFERED`]. poise describes an option by its type, and the engine's
/// type is not ours to describe, so this carries it through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelChoice(pub Level);

impl LevelChoice {
    /// The level offered at `index` (a choice's value), if any.
    #[must_use]
    pub fn from_index(index: i64) -> Option<LevelChoice> {
        let level = OFFERED.get(usize::try_from(index).ok()?)?;
        Some(LevelChoice(*level))
    }
}

#[poise::async_trait]
impl SlashArgument for LevelChoice {
    async fn extract(
        _: &serenity::Context,
        _: &CommandInteraction,
        value: &ResolvedValue<'_>,
    ) -> Result<LevelChoice, SlashArgError> {
        let ResolvedValue::Integer(index) = value else {
            return Err(SlashArgError::new_command_structure_mismatch(
                "expected an integer",
            ));
        };
        LevelChoice::from_index(*index)
            .ok_or_else(|| SlashArgError::new_command_structure_mismatch("no such level"))
    }

    fn create(builder: CreateCommandOption) -> CreateCommandOption {
        let builder = builder.kind(CommandOptionType::Integer);
        (0..).zip(OFFERED).fold(builder, |builder, (index, level)| {
            let id = format!("choice-level-{}", level.name());
            let name = Lang::En
                .command_text(&id)
                .unwrap_or_else(|| level.name().to_owned());
            let localized = super::localize::localizations(&id).into_owned();
            builder.add_int_choice_localized(name, index, localized)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_option_offers_easy_medium_and_hard_named_in_both_languages() {
        let option = LevelChoice::create(CreateCommandOption::new(
            CommandOptionType::String,
            "level",
            "x",
        ));
        let option = serde_json::to_value(option).unwrap();
        assert_eq!(option["type"], 4, "an integer option");
        let choices: Vec<_> = option["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap().to_owned(),
                    c["value"].as_i64().unwrap(),
                    c["name_localizations"]["es-ES"]
                        .as_str()
                        .unwrap()
                        .to_owned(),
                )
            })
            .collect();
        assert_eq!(
            choices,
            [
                ("easy".to_owned(), 0, "fácil".to_owned()),
                ("medium".to_owned(), 1, "medio".to_owned()),
                ("hard".to_owned(), 2, "difícil".to_owned()),
            ]
        );
    }
}
