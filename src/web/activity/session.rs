//! The Activity's sessions: after Discord has vouched for a person (their code exchanged, their
//! token's owner looked up, the instance's channel and people asked of Discord), the server
//! hands the page a session saying who they are, where they play, and until when. It is
//! signed with a key derived from the app's client secret, so every process of the bot
//! accepts it and nobody else can make one; the page sends it back with every request.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::model::{ChannelId, GuildId, Secret, UserId};

/// How long a session lasts: the page renews it well before (`POST /api/session`), each
/// time asking Discord whether its person is still in the Activity, so one who left keeps
/// it at most this long.
pub(crate) const LIFETIME_MS: i64 = 15 * 60 * 1000;

/// Who a session says the page's person is, and where their Activity runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Session {
    /// Their Discord id.
    #[serde(with = "text")]
    pub user: u64,
    /// The name they show.
    pub name: String,
    /// The channel the Activity runs in.
    #[serde(with = "text")]
    pub channel: u64,
    /// That channel's server, if any.
    #[serde(default, with = "optional_text")]
    pub guild: Option<u64>,
    /// The Activity's instance it was made in, asked of Discord again at each renewal.
    pub instance: String,
    /// When it lapses (unix milliseconds).
    pub expires_ms: i64,
}

impl Session {
    /// The person.
    pub(crate) fn user(&self) -> UserId {
        UserId(self.user)
    }

    /// The Activity's channel.
    pub(crate) fn channel(&self) -> ChannelId {
        ChannelId(self.channel)
    }

    /// The channel's server.
    pub(crate) fn guild(&self) -> Option<GuildId> {
        self.guild.map(GuildId)
    }
}

/// Ids as strings in JSON, as Discord writes them (they exceed JavaScript's exact integers).
mod text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(id: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&id.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// An optional id as a string.
mod optional_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(id: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match id {
            Some(id) => s.serialize_str(&id.to_string()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|id| id.parse().map_err(serde::de::Error::custom))
            .transpose()
    }
}

/// Signs and checks sessions.
#[derive(Clone)]
pub(crate) struct Sessions {
    key: Vec<u8>,
}

impl Sessions {
    /// The signer of the app whose client secret is `secret`.
    pub(crate) fn new(secret: &Secret) -> Sessions {
        // A key of its own, derived from the secret, so a session's signature says nothing
        // about the secret itself.
        let mut derive = mac(secret.expose().as_bytes());
        derive.update(b"monkey-queen activity session v1");
        Sessions {
            key: derive.finalize().into_bytes().to_vec(),
        }
    }

    /// The session as the page keeps it: its JSON and its signature, each in base64url.
    pub(crate) fn sign(&self, session: &Session) -> String {
        // Serializing numbers and a string cannot fail.
        let json = serde_json::to_vec(session).unwrap_or_default();
        let body = URL_SAFE_NO_PAD.encode(json);
        let mut signer = mac(&self.key);
        signer.update(body.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(signer.finalize().into_bytes());
        format!("{body}.{signature}")
    }

    /// The session `token` holds, if this server signed it and it has not lapsed at `now_ms`.
    pub(crate) fn check(&self, token: &str, now_ms: i64) -> Option<Session> {
        let (body, signature) = token.split_once('.')?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        let mut checker = mac(&self.key);
        checker.update(body.as_bytes());
        checker.verify_slice(&signature).ok()?;
        let json = URL_SAFE_NO_PAD.decode(body).ok()?;
        let session: Session = serde_json::from_slice(&json).ok()?;
        (session.expires_ms > now_ms).then_some(session)
    }
}

/// HMAC-SHA-256 keyed with `key` (any length is a valid key).
fn mac(key: &[u8]) -> Hmac<Sha256> {
    <Hmac<Sha256> as KeyInit>::new_from_slice(key).unwrap_or_else(|_| unreachable!())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session {
            user: 1_200_000_000_000_000_001,
            name: "Alice".into(),
            channel: 1_100_000_000_000_000_010,
            guild: Some(1_100_000_000_000_000_011),
            instance: "i-1-gc-2-3".into(),
            expires_ms: 2_000,
        }
    }

    #[test]
    fn a_signed_session_reads_back_until_it_lapses() {
        let sessions = Sessions::new(&Secret::new("shh"));
        let token = sessions.sign(&session());
        assert_eq!(sessions.check(&token, 1_999), Some(session()));
        assert_eq!(sessions.check(&token, 2_000), None, "lapsed");
    }

    #[test]
    fn a_session_of_another_secret_or_altered_is_refused() {
        let sessions = Sessions::new(&Secret::new("shh"));
        let other = Sessions::new(&Secret::new("other")).sign(&session());
        assert_eq!(sessions.check(&other, 0), None);
        let token = sessions.sign(&session());
        let (body, signature) = token.split_once('.').unwrap();
        let mut forged = session();
        forged.user = 1_200_000_000_000_000_002;
        let forged_body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).unwrap());
        assert_eq!(
            sessions.check(&format!("{forged_body}.{signature}"), 0),
            None
        );
        assert_eq!(sessions.check(body, 0), None);
        assert_eq!(sessions.check("", 0), None);
        assert_eq!(sessions.check("a.b.c", 0), None);
    }
}
