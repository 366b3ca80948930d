//! The application's Activity, as Discord documents it: whether Activities are enabled (they
//! are not until a test says so), and its instances.
//!
//! An instance runs in one channel; a user who launches the Activity there (from the App
//! Launcher, or through an interaction answered with `LAUNCH_ACTIVITY`, callback type 12) joins
//! the instance running in that channel, or starts one. When its last user leaves, the instance
//! is over and its id is never used again (`developers/activities/development-guides/
//! multiplayer-experience.mdx`, "Semantics of instanceId"). Ids are shaped like the docs'
//! example: `i-<launch id>-gc-<guild>-<channel>` in a server channel, `i-<launch id>-pc-<channel>`
//! in a DM or group DM.
//!
//! `LAUNCH_ACTIVITY` answers only `APPLICATION_COMMAND`, `MESSAGE_COMPONENT` and `MODAL_SUBMIT`
//! interactions (`developers/activities/how-activities-work.mdx`), of an app with Activities
//! enabled (the callback type table). Discord does not document its answer to either mistake;
//! the fake refuses both as a body Discord will not take: 400 Invalid Form Body (50035), with the
//! reason under `type` (the code there is the fake's own: Discord documents none).

use std::collections::HashMap;

use serde_json::{Value, json};

use super::APPLICATION_ID;
use super::refusal::Refusal;
use super::schema::error_tree;

/// Interaction types `LAUNCH_ACTIVITY` may answer: `APPLICATION_COMMAND` (2),
/// `MESSAGE_COMPONENT` (3) and `MODAL_SUBMIT` (5).
const LAUNCHED_BY: [u64; 3] = [2, 3, 5];

/// One running instance of the Activity.
#[derive(Debug, Clone)]
struct Instance {
    launch_id: u64,
    channel: u64,
    guild: Option<u64>,
    /// The users connected to it, in the order they joined.
    users: Vec<u64>,
}

/// Whether the app has Activities, and the instances running now.
#[derive(Debug, Default)]
pub struct Activities {
    enabled: bool,
    /// The running instances, by id.
    instances: HashMap<String, Instance>,
}

impl Activities {
    /// Enables Activities for the app.
    pub fn enable(&mut self) {
        self.enabled = true;
    }

    /// Whether the app has Activities enabled.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Checks a `LAUNCH_ACTIVITY` answer to an interaction of type `kind`.
    pub fn check_launch(&self, kind: u64) -> Result<(), Refusal> {
        let reason = if !self.enabled {
            "LAUNCH_ACTIVITY is only available for apps with Activities enabled"
        } else if !LAUNCHED_BY.contains(&kind) {
            "LAUNCH_ACTIVITY only answers application command, message component and modal \
             submit interactions"
        } else {
            return Ok(());
        };
        let errors = [(
            "/type".into(),
            "INTERACTION_CALLBACK_TYPE_INVALID".into(),
            reason.into(),
        )];
        Err(Refusal::invalid_form_body(error_tree(&errors)))
    }

    /// Launches the Activity for `user` in `channel` (of `guild`, if any): joins the instance
    /// running there, or starts one whose launch is `launch_id`. Returns the instance's id.
    pub fn launch(
        &mut self,
        channel: u64,
        guild: Option<u64>,
        user: u64,
        launch_id: u64,
    ) -> String {
        let id = match self.in_channel(channel) {
            Some(id) => id,
            None => {
                let instance = Instance {
                    launch_id,
                    channel,
                    guild,
                    users: Vec::new(),
                };
                let id = format!("i-{launch_id}-{}", instance.location_id());
                self.instances.insert(id.clone(), instance);
                id
            }
        };
        if let Some(instance) = self.instances.get_mut(&id)
            && !instance.users.contains(&user)
        {
            instance.users.push(user);
        }
        id
    }

    /// `user` leaves instance `id`; the instance is over when nobody is left.
    pub fn leave(&mut self, id: &str, user: u64) {
        if let Some(instance) = self.instances.get_mut(id) {
            instance.users.retain(|u| *u != user);
            if instance.users.is_empty() {
                self.instances.remove(id);
            }
        }
    }

    /// The id of the instance running in `channel`, if any.
    pub fn in_channel(&self, channel: u64) -> Option<String> {
        self.instances
            .iter()
            .find(|(_, instance)| instance.channel == channel)
            .map(|(id, _)| id.clone())
    }

    /// The activity instance object of instance `id` (`GET /applications/{app}/activity-
    /// instances/{id}`), if it is running.
    pub fn instance(&self, id: &str) -> Option<Value> {
        let instance = self.instances.get(id)?;
        let mut location = json!({
            "id": instance.location_id(),
            "kind": if instance.guild.is_some() { "gc" } else { "pc" },
            "channel_id": instance.channel.to_string(),
        });
        if let Some(guild) = instance.guild {
            location["guild_id"] = json!(guild.to_string());
        }
        let users: Vec<String> = instance.users.iter().map(u64::to_string).collect();
        Some(json!({
            "application_id": APPLICATION_ID.to_string(),
            "instance_id": id,
            "launch_id": instance.launch_id.to_string(),
            "location": location,
            "users": users,
        }))
    }
}

impl Instance {
    /// The location's id: `gc-<guild>-<channel>` or `pc-<channel>`.
    fn location_id(&self) -> String {
        match self.guild {
            Some(guild) => format!("gc-{guild}-{}", self.channel),
            None => format!("pc-{}", self.channel),
        }
    }
}
