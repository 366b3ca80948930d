//! Discord's interaction JSON shapes (as built by `support::payloads`) deserialize into
//! serenity 0.12.5's models, with the kind, options and custom_id the handlers read.

mod support;

use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{
    CommandDataOptionValue, ComponentInteractionDataKind, GatewayEvent, Interaction, UserId,
};
use support::payloads::{
    ALICE, BOB, CHANNEL_ID, GUILD_ID, autocomplete, bot_message, button_click, focused_string,
    integer_option, slash_command, string_option, token, user_option, with_resolved_user,
};

fn parse(payload: serde_json::Value) -> Interaction {
    serde_json::from_value(payload).expect("payload should deserialize into Interaction")
}

#[test]
fn slash_command_with_options_is_a_command_interaction() {
    let payload = slash_command(101, ALICE, "move", vec![string_option("move", "g1-g7")]);
    let Interaction::Command(command) = parse(payload) else {
        panic!("expected a command interaction");
    };
    assert_eq!(command.data.name, "move");
    assert_eq!(command.data.options.len(), 1);
    assert_eq!(command.data.options[0].name, "move");
    assert_eq!(
        command.data.options[0].value,
        CommandDataOptionValue::String("g1-g7".into())
    );
    assert_eq!(command.token, token(101));
    assert_eq!(command.guild_id.map(|g| g.get()), Some(GUILD_ID));
    assert_eq!(command.channel_id.get(), CHANNEL_ID);
    // serenity copies the member's user into `user` when the interaction is in a server.
    assert_eq!(command.user.id, UserId::new(ALICE.id));
    assert_eq!(
        command.member.as_ref().map(|m| m.user.id),
        Some(UserId::new(ALICE.id))
    );
    assert_eq!(command.locale, "en-US");
    assert!(command.app_permissions.is_some());
}

#[test]
fn choice_options_arrive_as_integers() {
    let payload = slash_command(102, BOB, "challenge", vec![integer_option("color", 1)]);
    let Interaction::Command(command) = parse(payload) else {
        panic!("expected a command interaction");
    };
    assert_eq!(
        command.data.options[0].value,
        CommandDataOptionValue::Integer(1)
    );
}

#[test]
fn user_options_resolve_to_users() {
    let payload = with_resolved_user(
        slash_command(103, ALICE, "challenge", vec![user_option("opponent", BOB)]),
        &[BOB],
    );
    let Interaction::Command(command) = parse(payload) else {
        panic!("expected a command interaction");
    };
    assert_eq!(
        command.data.options[0].value,
        CommandDataOptionValue::User(UserId::new(BOB.id))
    );
    assert_eq!(
        command.data.resolved.users[&UserId::new(BOB.id)].name,
        "bob"
    );
}

#[test]
fn autocomplete_names_the_focused_option() {
    let payload = autocomplete(104, ALICE, "move", vec![focused_string("move", "g1")]);
    let Interaction::Autocomplete(typing) = parse(payload) else {
        panic!("expected an autocomplete interaction");
    };
    let focused = typing.data.autocomplete().expect("a focused option");
    assert_eq!(focused.name, "move");
    assert_eq!(focused.value, "g1");
}

#[test]
fn button_click_carries_custom_id_and_message() {
    let message = bot_message(900, "a challenge", &["accept:1", "cancel:1"]);
    let payload = button_click(105, BOB, "accept:1", message);
    let Interaction::Component(click) = parse(payload) else {
        panic!("expected a component interaction");
    };
    assert_eq!(click.data.custom_id, "accept:1");
    assert!(matches!(
        click.data.kind,
        ComponentInteractionDataKind::Button
    ));
    assert_eq!(click.message.id.get(), 900);
    assert_eq!(click.message.components[0].components.len(), 2);
    assert_eq!(click.user.id, UserId::new(BOB.id));
}

#[test]
fn gateway_frames_parse_into_interaction_create_events() {
    let frame = json!({
        "op": 0, "s": 7, "t": "INTERACTION_CREATE",
        "d": slash_command(106, ALICE, "rules", vec![]),
    });
    let event: GatewayEvent = serde_json::from_value(frame).unwrap();
    let GatewayEvent::Dispatch(7, serenity::Event::InteractionCreate(created)) = event else {
        panic!("expected an INTERACTION_CREATE dispatch, got {event:?}");
    };
    assert!(matches!(created.interaction, Interaction::Command(_)));
}

#[test]
fn serenity_0_12_5_requires_attachment_size_limit() {
    let mut payload = slash_command(107, ALICE, "rules", vec![]);
    payload
        .as_object_mut()
        .unwrap()
        .remove("attachment_size_limit");
    let error = serde_json::from_value::<Interaction>(payload).unwrap_err();
    assert!(
        error.to_string().contains("attachment_size_limit"),
        "{error}"
    );
}
