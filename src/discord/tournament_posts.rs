//! A tournament's messages. Its own message lists its settings and players, with Join and
//! Leave while it takes sign-ups, and is edited as it changes (a player joins or leaves, a
//! round starts, it ends). Where the server gives games threads, the tournament gets one too,
//! started from its message, and its rounds and end are posted there. Each round's pairings
//! mention the players who play (a long round takes several messages); the end names and
//! mentions the winner, with the final standings and the crosstable picture. When the pages
//! are reachable from outside (`PUBLIC_URL`), each of them links the tournament's page.

use poise::serenity_prelude as serenity;
use serenity::{
    AutoArchiveDuration, ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateMessage, CreateThread, EditMessage, Http,
};
use tracing::warn;

use super::board::service_failure;
use super::custom_id::ComponentId;
use super::delivery::reply::clip;
use super::delivery::retry::{Retry, retry};
use super::{Data, Error};
use crate::games::{ChannelId, MessageId, PairingResult, TournamentStatus, TournamentView, UserId};
use crate::i18n::{Button, Lang, Msg};

/// Discord's limit on a message's text.
const MAX_MESSAGE_CHARS: usize = 2_000;
/// Discord's limit on a thread name.
const MAX_THREAD_NAME: usize = 100;
/// File name of the crosstable picture.
pub const CROSSTABLE_FILE: &str = "crosstable.png";

/// The tournament's message: its text, Join and Leave while it takes sign-ups, and the link
/// to its page at `page` (see [`Data::tournament_page_url`]).
pub fn message(
    view: &TournamentView,
    lang: Lang,
    page: Option<&str>,
) -> (String, Vec<CreateActionRow>) {
    let text = lang.text(&Msg::TournamentPosted(view));
    let mut row = Vec::new();
    if view.tournament.status == TournamentStatus::SignUp {
        let id = view.tournament.id;
        let button = |id: ComponentId, label: Button, style: ButtonStyle| {
            CreateButton::new(id.to_string())
                .label(lang.text(&Msg::Label(label)))
                .style(style)
        };
        row.push(button(
            ComponentId::JoinTournament { tournament: id },
            Button::JoinTournament,
            ButtonStyle::Success,
        ));
        row.push(button(
            ComponentId::LeaveTournament { tournament: id },
            Button::LeaveTournament,
            ButtonStyle::Secondary,
        ));
    }
    row.extend(page.map(|url| page_button(url, lang)));
    if row.is_empty() {
        return (text, Vec::new());
    }
    (text, vec![CreateActionRow::Buttons(row)])
}

/// The link button to the tournament's page at `url`.
fn page_button(url: &str, lang: Lang) -> CreateButton {
    CreateButton::new_link(url).label(lang.text(&Msg::Label(Button::WebPage)))
}

/// Edits the tournament's message to show `view`, where it was posted. A failure is only
/// logged: the next change edits it again.
pub async fn refresh(http: &Http, data: &Data, view: &TournamentView) {
    let t = &view.tournament;
    let Some(posted) = t.message else {
        return;
    };
    let page = data.tournament_page_url(t.id).await;
    let (text, buttons) = message(view, t.lang, page.as_deref());
    let edit = EditMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new());
    let channel = serenity::ChannelId::new(t.channel.0);
    let edited = retry("editing a tournament's message", Retry::EDIT, || {
        channel.edit_message(http, serenity::MessageId::new(posted.0), edit.clone())
    })
    .await;
    if let Err(e) = edited {
        warn!(tournament = %t.id, error = %e, "could not edit the tournament's message");
    }
}

/// Remembers where the tournament's message is and, when the server gives games threads,
/// starts the tournament's thread from it. A thread that can't be made (a missing
/// permission, say) is no failure: the rounds go to the channel.
///
/// # Errors
/// Only if the message could not be remembered.
pub async fn remember_message(
    http: &Http,
    data: &Data,
    view: &TournamentView,
    message: MessageId,
) -> Result<(), Error> {
    let t = &view.tournament;
    let threads = match data.service.settings(t.guild).await {
        Ok(settings) => settings.threads,
        Err(e) => {
            warn!(tournament = %t.id, error = %e, "could not read the server's settings");
            false
        }
    };
    let mut thread = None;
    if threads {
        let name = clip(
            &t.lang.text(&Msg::TournamentThreadName(t)),
            MAX_THREAD_NAME - 1,
        );
        let made = serenity::ChannelId::new(t.channel.0)
            .create_thread_from_message(
                http,
                serenity::MessageId::new(message.0),
                CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneWeek),
            )
            .await;
        match made {
            Ok(made) => thread = Some(ChannelId(made.id.get())),
            Err(e) => {
                warn!(tournament = %t.id, error = %e, "could not open the tournament's thread")
            }
        }
    }
    data.service
        .tournaments()
        .set_message(t.id, message, thread)
        .await
        .map_err(service_failure)
}

/// Posts the pairings of round `round`, mentioning those who play it, and shows the round on
/// the tournament's message.
///
/// # Errors
/// What Discord answered; the announcement is retried then (a long round's messages already
/// posted are posted again).
pub async fn deliver_round(
    http: &Http,
    data: &Data,
    view: &TournamentView,
    round: u32,
    lang: Lang,
) -> Result<(), Error> {
    let text = lang.text(&Msg::TournamentRound {
        tournament: view,
        round,
    });
    let playing: Vec<UserId> = view
        .round_pairings(round)
        .filter(|p| matches!(p.result, PairingResult::Pending | PairingResult::Bye))
        .flat_map(|p| std::iter::once(p.white).chain(p.black))
        .collect();
    let page = data.tournament_page_url(view.tournament.id).await;
    let link = page.map(|url| page_button(&url, lang));
    post(http, view, &text, &playing, None, link).await?;
    refresh(http, data, view).await;
    Ok(())
}

/// Posts the end of the tournament, mentioning the winner, with `picture` (the crosstable)
/// attached, and shows the end on the tournament's message.
///
/// # Errors
/// As [`deliver_round`].
pub async fn deliver_final(
    http: &Http,
    data: &Data,
    view: &TournamentView,
    picture: Option<Vec<u8>>,
    lang: Lang,
) -> Result<(), Error> {
    let text = lang.text(&Msg::TournamentFinal(view));
    let winner: Vec<UserId> = view.winner().map(|w| w.user).into_iter().collect();
    let page = data.tournament_page_url(view.tournament.id).await;
    let link = page.map(|url| page_button(&url, lang));
    post(http, view, &text, &winner, picture, link).await?;
    refresh(http, data, view).await;
    Ok(())
}

/// Posts `text` where the tournament is followed (its thread, else its channel), in as many
/// messages as it takes, each pinging those of `pinged` it mentions; `picture` goes with the
/// first, and `link` (to the tournament's page) with the last.
async fn post(
    http: &Http,
    view: &TournamentView,
    text: &str,
    pinged: &[UserId],
    mut picture: Option<Vec<u8>>,
    link: Option<CreateButton>,
) -> Result<(), Error> {
    let t = &view.tournament;
    let channel = serenity::ChannelId::new(t.thread.unwrap_or(t.channel).0);
    let parts = split(text, MAX_MESSAGE_CHARS);
    let last = parts.len().saturating_sub(1);
    for (i, part) in parts.into_iter().enumerate() {
        let users = pinged
            .iter()
            .filter(|u| part.contains(&format!("<@{u}>")))
            .map(|u| serenity::UserId::new(u.0));
        let mut message = CreateMessage::new()
            .content(part.clone())
            .allowed_mentions(CreateAllowedMentions::new().users(users));
        if let Some(png) = picture.take() {
            message = message.add_file(CreateAttachment::bytes(png, CROSSTABLE_FILE));
        }
        if let Some(link) = link.clone().filter(|_| i == last) {
            message = message.components(vec![CreateActionRow::Buttons(vec![link])]);
        }
        retry("posting a tournament's news", Retry::BOARD, || {
            channel.send_message(http, message.clone())
        })
        .await?;
    }
    Ok(())
}

/// The crosstable picture of `view` in `lang`, drawn on a blocking thread once a round has
/// been played (`None` before).
///
/// # Errors
/// Only if drawing failed.
pub async fn crosstable_picture(
    data: &Data,
    view: &TournamentView,
    lang: Lang,
) -> Result<Option<Vec<u8>>, Error> {
    let t = &view.tournament;
    let played = t.round >= 2 || (t.round == 1 && t.status == TournamentStatus::Finished);
    if !played {
        return Ok(None);
    }
    let texts = crate::i18n::crosstable_texts(lang, view.tie_break_names());
    let table = view.crosstable(texts, lang.text(&Msg::CrosstableSubtitle(view)));
    let renderer = data.renderer.clone();
    let png = data
        .cpu_work(move || renderer.crosstable_png(&table))
        .await??;
    Ok(Some(png))
}

/// `text` cut at line ends into parts of at most `max` characters (a line longer than that
/// is cut where it must).
fn split(text: &str, max: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut part = String::new();
    for line in text.lines() {
        let line = clip(line, max - 1);
        let needed = part.chars().count() + line.chars().count() + 1;
        if !part.is_empty() && needed > max {
            parts.push(std::mem::take(&mut part));
        }
        if !part.is_empty() {
            part.push('\n');
        }
        part.push_str(&line);
    }
    if !part.is_empty() || parts.is_empty() {
        parts.push(part);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn long_texts_are_cut_at_line_ends_into_messages_that_fit() {
        let line = "x".repeat(300);
        let text = [line.as_str(); 10].join("\n");
        let parts = split(&text, 2_000);
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(|p| p.chars().count() <= 2_000));
        assert_eq!(parts.join("\n"), text);
        assert_eq!(split("short", 2_000), vec!["short".to_owned()]);
        let long = "y".repeat(5_000);
        assert!(split(&long, 2_000)[0].chars().count() <= 2_000);
    }
}
