//! Command, option and choice names and descriptions in every language, from each language's
//! `commands.ftl` (ids explained in `locales/en/commands.ftl`). The English names the Rust
//! attributes give are the registered ones, which routing and the tests rely on; English
//! descriptions and every other language come from the files.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::i18n::Lang;

use super::super::{Data, Error};

/// A poise localisation list.
type Localizations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// Sets every name and description of `commands` (and of their subcommands) from the Fluent
/// files.
pub fn localize(commands: &mut [poise::Command<Data, Error>]) {
    let choice_ids = choice_ids();
    for command in commands {
        let id = command.name.to_string();
        localize_command(command, &id, &choice_ids);
    }
}

/// Sets the names and descriptions of one command, its options and its subcommands, whose
/// ids start with `id` (`tournament`, `tournament-create`).
fn localize_command(
    command: &mut poise::Command<Data, Error>,
    id: &str,
    choice_ids: &HashMap<String, String>,
) {
    command.name_localizations = localizations(id);
    let description = format!("{id}-description");
    if let Some(text) = Lang::En.command_text(&description) {
        command.description = Some(text.into());
    }
    command.description_localizations = localizations(&description);
    for parameter in &mut command.parameters {
        let option = format!("{id}-{}", parameter.name);
        parameter.name_localizations = localizations(&option);
        let description = format!("{option}-description");
        if let Some(text) = Lang::En.command_text(&description) {
            parameter.description = Some(text.into());
        }
        parameter.description_localizations = localizations(&description);
        let mut choices = parameter.choices.to_vec();
        for choice in &mut choices {
            if let Some(id) = choice_ids.get(choice.name.as_ref()) {
                choice.localizations = localizations(id);
            }
        }
        parameter.choices = choices.into();
    }
    for subcommand in &mut command.subcommands {
        let sub_id = format!("{id}-{}", subcommand.name);
        localize_command(subcommand, &sub_id, choice_ids);
    }
}

/// The other languages' texts for `id`, under each of their Discord locales.
pub fn localizations(id: &str) -> Localizations {
    let mut out = Vec::new();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        if let Some(text) = lang.command_text(id) {
            for &locale in lang.discord_locales() {
                out.push((Cow::Borrowed(locale), Cow::Owned(text.clone())));
            }
        }
    }
    out.into()
}

/// The id of each choice, by its English name (the choices are declared with their English
/// names in Rust; a test checks that the Fluent files agree).
fn choice_ids() -> HashMap<String, String> {
    let source = crate::i18n::command_ids();
    source
        .into_iter()
        .filter(|id| id.starts_with("choice-"))
        .filter_map(|id| Lang::En.command_text(&id).map(|name| (name, id)))
        .collect()
}
