//! `/replay` and the Replay button of finished games: the animated GIF, rendered on a blocking
//! thread, with the game's record as text (its options and every move).

use poise::serenity_prelude::{
    CreateAllowedMentions, CreateAttachment, CreateInteractionResponseFollowup,
    EditInteractionResponse,
};

use crate::discord::context::{Click, Command, Deferred, Outcome, Privacy, split};
use crate::discord::{Data, Error, board};
use crate::games::{BoardColors, GameId, GameRecord, GameView, Heavy, UserId, Viewer};
use crate::i18n::{BoardShown, Button, Lang, Msg};
use crate::render::Players;

/// Discord's limit on a message's text.
const MAX_MESSAGE_CHARS: usize = 2000;

/// Post the animated replay of a game and its record (its options and every move).
pub async fn replay(ctx: Command<'_>, game: i64) -> Result<(), Error> {
    let work = record_for(ctx.data(), ctx.viewer(), ctx.user(), GameId(game));
    // Checks that wait defer the command privately (a refusal may come): the replay then
    // follows as a public message of its own.
    let record = match ctx.unless_quick(work, Privacy::Private).await? {
        Ok(record) => record,
        Err(refusal) => return ctx.refuse(&refusal).await,
    };
    let late = ctx.is_deferred();
    if !late {
        ctx.defer(Privacy::Public).await?;
    }
    // For everyone in the channel: the server's colours.
    let colors = board::public_colors(ctx.data(), ctx.viewer().guild).await;
    let replay = render(ctx.data(), record, ctx.lang(), colors).await?;
    if late {
        return ctx.follow_up_publicly(replay.follow_up()).await;
    }
    ctx.interaction
        .edit_response(ctx.http(), replay.edit())
        .await?;
    Ok(())
}

/// The Replay button: the same, shown only to the clicker.
pub async fn click(click: &Click<'_>, game: GameId) -> Result<(), Error> {
    let data = click.data();
    let work = record_for(data, click.viewer(), click.user(), game);
    let record = match click.unless_quick(work, Deferred::Privately).await? {
        Ok(record) => record,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    if !click.is_deferred() {
        click.defer(Deferred::Privately).await?;
    }
    // For the clicker alone: their own colours, else the server's.
    let colors = board::colors_for(data, click.user(), click.viewer().guild).await;
    let replay = render(data, record, click.lang(), colors).await?;
    click.edit(replay.edit()).await
}

/// The record of `game` for `viewer`, once `user` may start a replay now (its cooldown).
async fn record_for(
    data: &Data,
    viewer: Viewer,
    user: UserId,
    game: GameId,
) -> Outcome<GameRecord> {
    let record = match split(data.service.record_seen_by(viewer, game).await)? {
        Ok(record) => record,
        Err(refusal) => return Ok(Err(refusal)),
    };
    Ok(split(data.service.start_heavy(user, Heavy::Replay).await)?.map(|()| record))
}

/// A rendered replay: caption, GIF, and the record as a file when it is too long to show.
struct Replay {
    caption: String,
    /// The address of the game's page and its button's label, when pages are linked.
    page: Option<(String, String)>,
    gif: Vec<u8>,
    gif_name: String,
    /// The GIF's alt text.
    alt: String,
    record_file: Option<(Vec<u8>, String)>,
}

impl Replay {
    /// The edit of a deferred response that shows it.
    fn edit(self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(self.caption)
            .allowed_mentions(CreateAllowedMentions::new())
            .new_attachment(CreateAttachment::bytes(self.gif, self.gif_name).description(self.alt));
        if let Some((bytes, name)) = self.record_file {
            edit = edit.new_attachment(CreateAttachment::bytes(bytes, name));
        }
        if let Some((url, label)) = self.page {
            edit = edit.components(board::link_rows(vec![(label, url)]));
        }
        edit
    }

    /// A message of its own that shows it (after a private deferral).
    fn follow_up(self) -> CreateInteractionResponseFollowup {
        let mut message = CreateInteractionResponseFollowup::new()
            .content(self.caption)
            .allowed_mentions(CreateAllowedMentions::new())
            .add_file(CreateAttachment::bytes(self.gif, self.gif_name).description(self.alt));
        if let Some((bytes, name)) = self.record_file {
            message = message.add_file(CreateAttachment::bytes(bytes, name));
        }
        if let Some((url, label)) = self.page {
            message = message.components(board::link_rows(vec![(label, url)]));
        }
        message
    }
}

/// The caption of a replay of `game` in `lang`, with its `record` inline when one message can
/// hold both; otherwise the record goes beside the GIF as a text file (its bytes and name).
fn caption(game: &GameView, record: String, lang: Lang) -> (String, Option<(Vec<u8>, String)>) {
    let inline = lang.text(&Msg::Replay {
        game,
        record: Some(&record),
    });
    if inline.chars().count() <= MAX_MESSAGE_CHARS {
        return (inline, None);
    }
    let caption = lang.text(&Msg::Replay { game, record: None });
    let name = format!("monkey-queen-{}.txt", game.id);
    (caption, Some((record.into_bytes(), name)))
}

/// Renders the replay GIF in `colors` on a blocking thread and writes its caption in `lang`.
async fn render(
    data: &Data,
    record: GameRecord,
    lang: Lang,
    colors: BoardColors,
) -> Result<Replay, Error> {
    let GameRecord { game, record, .. } = record;
    // The names of who started as White and Black: the renderer swaps them at a `swap` (R8.1).
    let players = if game.swapped {
        Players::new(game.black.name.clone(), game.white.name.clone())
    } else {
        Players::new(game.white.name.clone(), game.black.name.clone())
    };
    let text = record.to_string();
    let renderer = data.renderer.clone();
    let gif = data
        .heavy_work(move || renderer.replay_gif(&record, &players, colors))
        .await??;
    let (caption, record_file) = caption(&game, text, lang);
    let label = lang.text(&Msg::Label(Button::WebPage));
    Ok(Replay {
        caption,
        page: data.page_url(&game).await.map(|url| (url, label)),
        gif,
        gif_name: format!("monkey-queen-{}.gif", game.id),
        alt: lang.replay_alt(
            game.id,
            BoardShown {
                position: &game.position,
                last: game.last_move,
                over: !game.is_active(),
            },
        ),
        record_file,
    })
}

#[cfg(test)]
mod tests {
    use monkey_queen_core::{GameOptions, Position};

    use super::*;
    use crate::games::{ChannelId, GameStatus, GuildId, Place, PlayerRef, UserId};

    fn game() -> GameView {
        GameView {
            id: GameId(i64::MAX),
            white: PlayerRef::new(UserId(u64::MAX), "W".repeat(32)),
            black: PlayerRef::new(UserId(u64::MAX - 1), "B".repeat(32)),
            swapped: false,
            ai_level: None,
            options: GameOptions::default(),
            move_time_ms: None,
            rated: true,
            status: GameStatus::Active,
            result: None,
            position: Position::start(GameOptions::default()),
            last_move: None,
            to_move: Some(UserId(u64::MAX)),
            deadline_ms: Some(i64::MAX),
            remind_ms: None,
            created_ms: 0,
            last_move_ms: None,
            finished_ms: None,
            place: Place {
                guild: Some(GuildId(u64::MAX)),
                channel: ChannelId(u64::MAX),
                reach: crate::games::Reach::Channel,
                thread: None,
                message: None,
            },
            lang: Lang::En,
            rematch_of: None,
            page_key: None,
            tournament: None,
        }
    }

    #[test]
    fn a_record_too_long_for_a_message_goes_as_a_file() {
        let game = game();
        for lang in Lang::ALL {
            let (short, file) = caption(&game, "1. g1-g7".to_owned(), lang);
            assert!(short.contains("1. g1-g7") && file.is_none(), "{short}");
            let long = "12. g1-g7 f12-f8 ".repeat(200);
            let (shown, file) = caption(&game, long.clone(), lang);
            assert!(shown.chars().count() <= MAX_MESSAGE_CHARS, "{shown}");
            assert!(!shown.contains("g1-g7"), "{shown}");
            let (bytes, name) = file.expect("the record as a file");
            assert_eq!(
                (bytes, name),
                (long.into_bytes(), format!("monkey-queen-{}.txt", game.id))
            );
        }
    }
}
