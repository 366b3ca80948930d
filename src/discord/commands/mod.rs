//! The slash commands, one file per command or family.

pub mod abandoned;
pub mod analyse;
pub mod challenge;
mod colors;
mod declared;
pub mod end;
pub mod learn;
mod level;
pub mod localize;
pub mod over_http;
mod paging;
pub mod pick;
mod play;
pub mod puzzle;
mod rating_chart;
pub mod rematch;
pub mod replay;
mod rules;
mod settings;
pub mod standings;
pub mod tournament;
pub mod view;

use poise::serenity_prelude::{InstallationContext, InteractionContext};

use super::{Data, Error};

/// Every command the bot registers, in the order Discord lists them. Each can be used where the
/// app is installed in a server and where a user installed it ("Add to my apps"): server
/// channels, the bot's DM, group DMs and DMs between users. `/settings` is for servers that
/// invited the bot.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        declared::challenge(),
        declared::play_move(),
        declared::board(),
        declared::moves(),
        declared::resign(),
        declared::abort(),
        declared::games(),
        declared::stats(),
        declared::leaderboard(),
        declared::history(),
        declared::replay(),
        declared::analyse(),
        declared::puzzle(),
        declared::learn(),
        declared::colors(),
        declared::settings(),
        declared::tournament(),
        declared::rules(),
    ];
    for command in &mut commands {
        let server_only = command.name == "settings";
        command.install_context = Some(if server_only {
            vec![InstallationContext::Guild]
        } else {
            vec![InstallationContext::Guild, InstallationContext::User]
        });
        command.interaction_context = Some(if server_only {
            vec![InteractionContext::Guild]
        } else {
            vec![
                InteractionContext::Guild,
                InteractionContext::BotDm,
                InteractionContext::PrivateChannel,
            ]
        });
    }
    localize::localize(&mut commands);
    commands
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// Discord's rule for command and option names, as its documentation gives it: the regex
    /// `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, and lowercase wherever a letter has a
    /// lowercase form. Accented letters (`tamaño`, `größe`) are letters.
    fn valid_name(name: &str) -> bool {
        static NAME: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
            regex::Regex::new(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$").unwrap()
        });
        NAME.is_match(name) && name.to_lowercase() == name
    }

    #[test]
    fn names_are_checked_against_discords_own_rule() {
        for good in [
            "tamaño",
            "estadísticas",
            "relógio",
            "größe",
            "échange",
            "rock'n'roll",
            "x_1-2",
        ] {
            assert!(valid_name(good), "{good}");
        }
        for bad in ["", "Tamaño", "two words", "g1→g7", "a.b", &"a".repeat(33)] {
            assert!(!valid_name(bad), "{bad}");
        }
    }

    /// The Discord locales every name and description must be given in, besides English.
    fn locales() -> Vec<&'static str> {
        crate::i18n::Lang::ALL
            .into_iter()
            .skip(1)
            .flat_map(|lang| lang.discord_locales().iter().copied())
            .collect()
    }

    /// Checks one command or option: a valid name and description in English and in every
    /// other locale, translated.
    fn check_localized(item: &Value, what: &str) {
        let name = item["name"].as_str().unwrap();
        assert!(valid_name(name), "{what} `{name}`");
        let description = item["description"].as_str().unwrap();
        assert!(
            (1..=100).contains(&description.chars().count()),
            "{what} `{name}`"
        );
        for locale in locales() {
            let local_name = item["name_localizations"][locale]
                .as_str()
                .unwrap_or_else(|| panic!("{what} `{name}` has no {locale} name"));
            assert!(
                valid_name(local_name),
                "{what} `{name}`: {locale} name `{local_name}`"
            );
            let local = item["description_localizations"][locale]
                .as_str()
                .unwrap_or_else(|| panic!("{what} `{name}` has no {locale} description"));
            assert!(
                (1..=100).contains(&local.chars().count()),
                "{what} `{name}`: {locale} description `{local}` must be 1 to 100 characters"
            );
            assert_ne!(description, local, "{what} `{name}` is not translated");
        }
    }

    /// Checks `options` (a command's or a subcommand's) in `locale`: each named and described
    /// in every language, no two sharing a name, every choice named; subcommands' own
    /// options likewise.
    fn check_options(options: &[Value], locale: &str, command: &Value) {
        let local = |item: &Value| {
            item["name_localizations"][locale]
                .as_str()
                .or(item["name"].as_str())
                .map(str::to_owned)
        };
        let mut option_names = Vec::new();
        for option in options {
            check_localized(option, "option");
            option_names.push(local(option));
            // Subcommands (type 1) carry options of their own.
            if option["type"] == 1 {
                let inner = option["options"].as_array().cloned().unwrap_or_default();
                check_options(&inner, locale, option);
            }
            for choice in option["choices"].as_array().into_iter().flatten() {
                let name = if locale == "en-US" {
                    &choice["name"]
                } else {
                    &choice["name_localizations"][locale]
                };
                let name = name.as_str().unwrap_or_else(|| {
                    panic!(
                        "choice {choice} of `{}` has no {locale} name",
                        option["name"]
                    )
                });
                assert!((1..=100).contains(&name.chars().count()), "{name}");
            }
        }
        let count = option_names.len();
        option_names.sort();
        option_names.dedup();
        assert_eq!(count, option_names.len(), "{locale} {}", command["name"]);
    }

    #[test]
    fn every_command_option_and_choice_is_named_and_described_in_every_language() {
        let commands = poise::builtins::create_application_commands(&super::all());
        for locale in std::iter::once("en-US").chain(locales()) {
            let mut names = Vec::new();
            for command in &commands {
                let command = serde_json::to_value(command).unwrap();
                check_localized(&command, "command");
                names.push(
                    command["name_localizations"][locale]
                        .as_str()
                        .or(command["name"].as_str())
                        .map(str::to_owned),
                );
                let options = command["options"].as_array().cloned().unwrap_or_default();
                check_options(&options, locale, &command);
            }
            let count = names.len();
            names.sort();
            names.dedup();
            assert_eq!(count, names.len(), "two commands share a {locale} name");
        }
    }

    /// Checks that `commands.ftl` names `command` (whose ids start with `id`), its options and
    /// its subcommands as they are registered.
    fn check_registered_names(command: &poise::Command<super::Data, super::Error>, id: &str) {
        let en = crate::i18n::Lang::En;
        assert_eq!(en.command_text(id).as_deref(), Some(&*command.name), "{id}");
        for parameter in &command.parameters {
            let option = format!("{id}-{}", parameter.name);
            assert_eq!(
                en.command_text(&option).as_deref(),
                Some(&*parameter.name),
                "{option}"
            );
            for choice in parameter.choices.iter() {
                assert!(
                    !choice.localizations.is_empty(),
                    "choice `{}` of {option} is not in commands.ftl",
                    choice.name
                );
            }
        }
        for subcommand in &command.subcommands {
            check_registered_names(subcommand, &format!("{id}-{}", subcommand.name));
        }
    }

    /// The English names registered are the ones `commands.ftl` gives, so the file is the
    /// whole truth for translators.
    #[test]
    fn the_english_file_names_every_command_as_it_is_registered() {
        for command in super::all() {
            check_registered_names(&command, &command.name);
        }
    }

    #[test]
    fn every_command_works_where_a_user_installed_the_app_except_settings() {
        let commands = poise::builtins::create_application_commands(&super::all());
        for command in &commands {
            let command = serde_json::to_value(command).unwrap();
            let (types, contexts) = if command["name"] == "settings" {
                (serde_json::json!([0]), serde_json::json!([0]))
            } else {
                (serde_json::json!([0, 1]), serde_json::json!([0, 1, 2]))
            };
            assert_eq!(command["integration_types"], types, "{}", command["name"]);
            assert_eq!(command["contexts"], contexts, "{}", command["name"]);
        }
    }

    #[test]
    fn settings_are_hidden_from_members_who_cannot_manage_the_server() {
        let commands = poise::builtins::create_application_commands(&super::all());
        let settings = commands
            .iter()
            .map(|c| serde_json::to_value(c).unwrap())
            .find(|c| c["name"] == "settings")
            .unwrap();
        // MANAGE_GUILD is 1 << 5.
        assert_eq!(settings["default_member_permissions"], "32");
    }
}
