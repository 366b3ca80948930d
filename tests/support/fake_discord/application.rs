//! The bot's application as Discord documents it (`developers/resources/application.mdx`),
//! answered to the bot's token by `GET /applications/@me` and `GET /oauth2/applications/@me`
//! (a `PrivateApplicationResponse`, with the bot user): what the Developer Portal sets, which
//! tests change with [`super::FakeDiscord::edit_application`]: the install contexts, the
//! interactions endpoint URL; its `EMBEDDED` flag follows whether Activities are enabled.

use serde_json::{Value, json};

use super::access::permission::INVITED;
use super::{APPLICATION_ID, BOT_NAME, bot_user};

/// The application flag of an app with Activities enabled.
pub const EMBEDDED: u64 = 1 << 17;

/// What the Developer Portal sets for the app.
#[derive(Debug, Clone)]
pub struct Application {
    /// Servers may install it (`GUILD_INSTALL`, key `0` of `integration_types_config`).
    pub guild_install: bool,
    /// Users may install it (`USER_INSTALL`, key `1`).
    pub user_install: bool,
    /// The Interactions Endpoint URL; `None` (interactions over the gateway) by default.
    pub interactions_endpoint_url: Option<String>,
    /// The public key interactions are signed with (hex).
    pub verify_key: String,
}

/// The public key every fake application has.
pub const VERIFY_KEY: &str = "5c1e0a356058d627ca38a5c8c9648818061d49e49bd9da9e3ab17d98ad4d6b2a";

impl Default for Application {
    fn default() -> Application {
        Application {
            guild_install: true,
            user_install: true,
            interactions_endpoint_url: None,
            verify_key: VERIFY_KEY.to_owned(),
        }
    }
}

impl Application {
    /// The application object, with Activities `embedded` or not.
    pub fn object(&self, embedded: bool) -> Value {
        let flags = if embedded { EMBEDDED } else { 0 };
        let mut contexts = serde_json::Map::new();
        if self.guild_install {
            contexts.insert(
                "0".to_owned(),
                json!({ "oauth2_install_params": {
                    "scopes": ["applications.commands", "bot"],
                    "permissions": INVITED.to_string(),
                } }),
            );
        }
        if self.user_install {
            contexts.insert(
                "1".to_owned(),
                json!({ "oauth2_install_params": {
                    "scopes": ["applications.commands"],
                    "permissions": "0",
                } }),
            );
        }
        json!({
            "id": APPLICATION_ID.to_string(),
            "name": BOT_NAME,
            "icon": null,
            "description": "",
            "type": null,
            "bot": bot_user(),
            "is_monetized": false,
            "is_verified": false,
            "is_discoverable": false,
            "bot_public": true,
            "bot_require_code_grant": false,
            "verify_key": self.verify_key,
            "flags": flags,
            "flags_new": flags.to_string(),
            "redirect_uris": [],
            "interactions_endpoint_url": self.interactions_endpoint_url,
            "integration_types_config": contexts,
            "role_connections_verification_url": null,
            "owner": {
                "id": "1100000000000000099",
                "username": "developer",
                "discriminator": "0",
                "global_name": null,
                "avatar": null,
                "public_flags": 0,
            },
            "approximate_guild_count": 1,
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "team": null,
            "eligible_oauth2_scopes": [],
        })
    }
}
