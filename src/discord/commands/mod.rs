//! The slash commands, one file per command or family.

pub mod abandoned;
pub mod analyse;
pub mod challenge;
pub mod end;
mod level;
mod paging;
pub mod pick;
mod play;
mod rating_chart;
pub mod rematch;
pub mod replay;
mod rules;
mod settings;
pub mod standings;
pub mod view;

use poise::serenity_prelude::{InstallationContext, InteractionContext};

use super::{Data, Error};

/// Every command the bot registers, in the order Discord lists them. Each can be used where the
/// app is installed in a server and where a user installed it ("Add to my apps"): server
/// channels, the bot's DM, group DMs and DMs between users. `/settings` is for servers that
/// invited the bot.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        challenge::challenge(),
        play::play_move(),
        view::board(),
        view::moves(),
        end::resign(),
        end::abort(),
        view::games(),
        standings::stats(),
        standings::leaderboard(),
        standings::history(),
        replay::replay(),
        analyse::analyse(),
        settings::settings(),
        rules::rules(),
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
    commands
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// Discord's rule for command and option names, kept to ASCII as we chose.
    fn valid_name(name: &str) -> bool {
        (1..=32).contains(&name.len())
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    }

    /// Checks one command or option: a valid name and description in English and Spanish.
    fn check_localized(item: &Value, what: &str) {
        let name = item["name"].as_str().unwrap();
        let es_name = item["name_localizations"]["es-ES"]
            .as_str()
            .unwrap_or_else(|| panic!("{what} `{name}` has no es-ES name"));
        assert!(valid_name(name), "{what} `{name}`");
        assert!(
            valid_name(es_name),
            "{what} `{name}`: es-ES name `{es_name}`"
        );
        let description = item["description"].as_str().unwrap();
        let es_description = item["description_localizations"]["es-ES"]
            .as_str()
            .unwrap_or_else(|| panic!("{what} `{name}` has no es-ES description"));
        for text in [description, es_description] {
            assert!(
                (1..=100).contains(&text.chars().count()),
                "{what} `{name}`: description `{text}` must be 1 to 100 characters"
            );
        }
        assert_ne!(
            description, es_description,
            "{what} `{name}` is not translated"
        );
    }

    #[test]
    fn every_command_option_and_choice_has_a_spanish_name_and_description() {
        let commands = poise::builtins::create_application_commands(&super::all());
        let mut es_names = Vec::new();
        for command in &commands {
            let command = serde_json::to_value(command).unwrap();
            check_localized(&command, "command");
            es_names.push(command["name_localizations"]["es-ES"].clone());
            let options = command["options"].as_array().cloned().unwrap_or_default();
            let mut option_names = Vec::new();
            for option in &options {
                check_localized(option, "option");
                option_names.push(option["name_localizations"]["es-ES"].clone());
                for choice in option["choices"].as_array().into_iter().flatten() {
                    assert!(
                        choice["name_localizations"]["es-ES"].is_string(),
                        "choice {choice} of `{}` has no es-ES name",
                        option["name"]
                    );
                }
            }
            let count = option_names.len();
            option_names.dedup();
            assert_eq!(count, option_names.len(), "{}", command["name"]);
        }
        let count = es_names.len();
        es_names.sort_by_key(ToString::to_string);
        es_names.dedup();
        assert_eq!(count, es_names.len(), "two commands share a Spanish name");
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
