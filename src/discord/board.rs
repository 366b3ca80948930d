//! Board messages: the picture of a game, drawn on a blocking thread (turned as the server's
//! settings say), with the buttons that fit the game's state and a mention of the player to
//! move that pings. A move's board is the answer to the move's own interaction (one REST call;
//! a follow-up when the answer was deferred); other boards are new channel messages where the
//! bot may post, and elsewhere (the app only user-installed) follow-ups or DMs (see `reach`).
//! A new game gets its own thread, started from its first board, when the server's settings ask
//! for it.

use monkey_queen_core::{Color, Square};
use poise::serenity_prelude as serenity;
use serenity::{
    AutoArchiveDuration, ButtonStyle, ChannelType, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateThread, Http, PartialChannel,
};
use tracing::{error, warn};

use super::context::{Asker, Click};
use super::custom_id::ComponentId;
use super::delivery::reply::clip;
use super::delivery::retry::{Retry, retry};
use super::delivery::{announce, first_answer, nonce, old_boards, reach};
use super::{Data, Error};
use crate::games::{
    AnnouncementId, BoardColors, ChannelId, Editable, GameStatus, GameView, GuildId, GuildSettings,
    InteractionToken, MessageId, Reach, UserId,
};
use crate::i18n::{BoardShown, Button, Lang, Msg};
use crate::render::{BoardView, Players};

/// Discord's limit on a thread name.
const MAX_THREAD_NAME: usize = 100;

/// File name of every board picture.
pub const FILE_NAME: &str = "board.png";

/// What to draw on top of the position.
#[derive(Debug, Default, Clone)]
pub struct Marks {
    /// Squares to mark (a piece's legal destinations).
    pub squares: Vec<Square>,
    /// The square of the piece asked about.
    pub selected: Option<Square>,
}

/// Draws the game's position as a PNG, last move highlighted, caption in `lang`: for
/// everyone (`viewer` `None`) in the colours of the game's server, for one `viewer` alone (an
/// ephemeral answer) in the colours they chose, if they chose.
pub async fn picture(
    data: &Data,
    game: &GameView,
    lang: Lang,
    marks: Marks,
    viewer: Option<UserId>,
) -> Result<Vec<u8>, Error> {
    let settings = settings(data, game).await?;
    let orientation = settings.orientation;
    let colors = match viewer {
        Some(user) => colors_for(data, user, game.place.guild).await,
        None => settings.board_colors,
    };
    let view = BoardView {
        flipped: orientation.bottom(game.position.turn()) == Color::Black,
        last_move: game.last_move,
        marks: marks.squares,
        selected: marks.selected,
        players: Players::new(game.white.name.clone(), game.black.name.clone()),
        status: Some(lang.text(&Msg::StatusLine(game))),
        frames: Vec::new(),
        corner: None,
        colors,
    };
    let renderer = data.renderer.clone();
    let position = game.position.clone();
    let png = data
        .cpu_work(move || renderer.board_png(&position, &view))
        .await??;
    Ok(png)
}

/// The colours of a board only `user` sees, shown in `guild` (see
/// `GameService::board_colors`); the standard ones while the database can't be reached
/// (logged: a board in other colours beats none).
pub async fn colors_for(data: &Data, user: UserId, guild: Option<GuildId>) -> BoardColors {
    data.service
        .board_colors(Some(user), guild)
        .await
        .inspect_err(|e| warn!(%user, error = %e, "drawing a board without the player's colours"))
        .unwrap_or_default()
}

/// The colours of a board everyone sees in `guild` (see `GameService::board_colors`): the
/// server's, the standard ones outside a server and while the database can't be reached
/// (logged).
pub async fn public_colors(data: &Data, guild: Option<GuildId>) -> BoardColors {
    data.service
        .board_colors(None, guild)
        .await
        .inspect_err(|e| warn!(?guild, error = %e, "drawing a board without the server's colours"))
        .unwrap_or_default()
}

/// The settings of the game's server: the defaults outside a server, and while the database
/// can't be reached (a board drawn the default way beats a board not delivered).
async fn settings(data: &Data, game: &GameView) -> Result<GuildSettings, Error> {
    let Some(guild) = game.place.guild else {
        return Ok(GuildSettings::default());
    };
    match data.service.settings(guild).await {
        Ok(settings) => Ok(settings),
        Err(crate::games::ServiceError::Internal(e)) if e.is_unreachable() => {
            warn!(game = %game.id, error = %e, "drawing a board with the default settings");
            Ok(GuildSettings::default())
        }
        Err(e) => Err(service_failure(e)),
    }
}

/// The buttons under a board message: Move (pick a piece and where it goes) and Resign while
/// the game is on; Replay, Rematch and Analyse once it is finished; none after an abort. With
/// `activity` (the app's Activity is on), Play on the board opens the game there; with
/// `page`, the address of the game's page, a link to it ends the row.
pub fn buttons(
    game: &GameView,
    lang: Lang,
    page: Option<&str>,
    activity: bool,
) -> Vec<CreateActionRow> {
    let button = |id: ComponentId, label: Button, style: ButtonStyle| {
        CreateButton::new(id.to_string())
            .label(lang.text(&Msg::Label(label)))
            .style(style)
    };
    let row = match game.status {
        GameStatus::Active => vec![
            button(
                ComponentId::Move {
                    game: game.id,
                    ply: game.ply(),
                },
                Button::Move,
                ButtonStyle::Primary,
            ),
            button(
                ComponentId::Resign {
                    game: game.id,
                    ply: game.ply(),
                },
                Button::Resign,
                ButtonStyle::Secondary,
            ),
        ],
        GameStatus::Finished => vec![
            button(
                ComponentId::Replay { game: game.id },
                Button::Replay,
                ButtonStyle::Primary,
            ),
            button(
                ComponentId::Rematch { game: game.id },
                Button::Rematch,
                ButtonStyle::Success,
            ),
            button(
                ComponentId::Analyse { game: game.id },
                Button::Analyse,
                ButtonStyle::Secondary,
            ),
        ],
        GameStatus::Aborted => return Vec::new(),
    };
    let mut row = row;
    if activity {
        row.push(button(
            ComponentId::PlayOnBoard { game: game.id },
            Button::PlayOnBoard,
            ButtonStyle::Success,
        ));
    }
    if let Some(url) = page {
        row.push(CreateButton::new_link(url).label(lang.text(&Msg::Label(Button::WebPage))));
    }
    vec![CreateActionRow::Buttons(row)]
}

/// Rows of link buttons, five a row, each `(label, address)`: the pages of a list's games.
pub fn link_rows(links: Vec<(String, String)>) -> Vec<CreateActionRow> {
    links
        .chunks(5)
        .map(|row| {
            let buttons = row
                .iter()
                .map(|(label, url)| CreateButton::new_link(url).label(label))
                .collect();
            CreateActionRow::Buttons(buttons)
        })
        .collect()
}

/// Posts the first board of a new game in its channel. When the server's settings ask for
/// threads, a public thread is then started from that message and remembered, so later boards
/// (and reminders) go there while the channel keeps one message per game; if the thread can't
/// be made (missing permission, say), the game simply stays in the channel. A game whose
/// channel is itself a thread (as `seen`, the interaction's channel, may show) stays there.
/// Returns whether the board was posted.
pub async fn post_first(
    http: &Http,
    data: &Data,
    game: &GameView,
    content: String,
    lang: Lang,
    seen: Option<&PartialChannel>,
) -> bool {
    match deliver_first(http, data, game, content, lang, seen).await {
        Ok(()) => true,
        Err(e) => {
            error!(game = %game.id, error = %e, "could not post the first board");
            false
        }
    }
}

/// [`post_first`], handing back the failure for the caller to judge (an announcement,
/// retried). A thread that can't be made is no failure: the game stays in the channel.
pub async fn deliver_first(
    http: &Http,
    data: &Data,
    game: &GameView,
    content: String,
    lang: Lang,
    seen: Option<&PartialChannel>,
) -> Result<(), Error> {
    if game.place.reach == Reach::Interactions {
        return send_through_interactions(http, data, game, content, lang).await;
    }
    let message = try_post(http, data, game, content, lang).await?;
    open_thread_if_wanted(http, data, game, message, lang, seen).await;
    Ok(())
}

/// Starts the game's own thread from its first board `message`, when the server's settings
/// ask for one and the bot posts in the game's channel (see [`post_first`]); a failure is
/// only logged, and the game stays in the channel.
pub async fn open_thread_if_wanted(
    http: &Http,
    data: &Data,
    game: &GameView,
    message: MessageId,
    lang: Lang,
    seen: Option<&PartialChannel>,
) {
    if game.place.reach == Reach::Channel
        && game.place.thread.is_none()
        && !is_thread(seen, game.place.channel)
        && wants_thread(data, game).await
        && let Err(e) = open_thread(http, data, game, message, lang).await
    {
        warn!(game = %game.id, error = %e, "could not open the game's thread");
    }
}

/// Whether `seen` is `channel` and a thread, in which no thread can be started.
fn is_thread(seen: Option<&PartialChannel>, channel: ChannelId) -> bool {
    seen.is_some_and(|c| {
        c.id.get() == channel.0
            && matches!(
                c.kind,
                ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
            )
    })
}

/// Whether the game's server gives each game its own thread (never outside a server).
async fn wants_thread(data: &Data, game: &GameView) -> bool {
    if game.place.guild.is_none() {
        return false;
    }
    match settings(data, game).await {
        Ok(settings) => settings.threads,
        Err(e) => {
            warn!(game = %game.id, error = %e, "could not read the server's settings");
            false
        }
    }
}

/// Starts a public thread for `game` from its first board `message` and remembers it.
async fn open_thread(
    http: &Http,
    data: &Data,
    game: &GameView,
    message: MessageId,
    lang: Lang,
) -> Result<ChannelId, Error> {
    let name = clip(&lang.text(&Msg::ThreadName(game)), MAX_THREAD_NAME - 1);
    let thread = serenity::ChannelId::new(game.place.channel.0)
        .create_thread_from_message(
            http,
            serenity::MessageId::new(message.0),
            CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneWeek),
        )
        .await?;
    let thread = ChannelId(thread.id.get());
    data.service
        .delivery()
        .set_game_thread(game.id, thread)
        .await
        .map_err(service_failure)?;
    Ok(thread)
}

/// Sends a new board message for `game`, pinging the player to move, and remembers it as the
/// game's latest board; returns whether it was sent. Where the bot may post it goes to the
/// game's channel (or thread); elsewhere through interactions. The game is already saved when
/// this runs, so a failure is logged rather than reported: the move stands, and the next board
/// shows it.
pub async fn post(http: &Http, data: &Data, game: &GameView, content: String, lang: Lang) -> bool {
    match deliver(http, data, game, content, lang).await {
        Ok(()) => true,
        Err(e) => {
            error!(game = %game.id, ply = game.ply(), error = %e, "could not post the board");
            false
        }
    }
}

/// [`post`], handing back the failure for the caller to judge (an announcement, retried).
pub async fn deliver(
    http: &Http,
    data: &Data,
    game: &GameView,
    content: String,
    lang: Lang,
) -> Result<(), Error> {
    if game.place.reach == Reach::Interactions {
        return send_through_interactions(http, data, game, content, lang).await;
    }
    try_post(http, data, game, content, lang).await.map(|_| ())
}

async fn try_post(
    http: &Http,
    data: &Data,
    game: &GameView,
    content: String,
    lang: Lang,
) -> Result<MessageId, Error> {
    let board = compose(data, game, content, lang).await?;
    let message = CreateMessage::new()
        .content(board.content.clone())
        .add_file(board.attachment())
        .components(board.components.clone())
        .allowed_mentions(board.mentions());
    // The same board posted again (by the outbox, after a lost answer) shows once.
    let message = nonce::once(message, nonce::board(game));
    let channel = serenity::ChannelId::new(game.place.thread.unwrap_or(game.place.channel).0);
    let sent = retry("posting a board", Retry::BOARD, || {
        channel.send_message(http, message.clone())
    })
    .await?;
    let editable = Editable::InChannel(ChannelId(channel.get()));
    let message = MessageId(sent.id.get());
    remember(http, data, game, (message, editable), None).await;
    Ok(message)
}

/// Sends a board where the bot cannot post: a follow-up on the game's latest interaction while
/// its token serves, else (or if that fails) a DM to each person playing, which Discord
/// delivers to those who installed the app or share a server with the bot. Fails only if it
/// reached nobody, with the last refusal.
async fn send_through_interactions(
    http: &Http,
    data: &Data,
    game: &GameView,
    content: String,
    lang: Lang,
) -> Result<(), Error> {
    let board = compose(data, game, content, lang).await?;
    if let Some(token) = reach::kept_token(data, game.id).await {
        match follow_up(http, data, token.expose(), game, &board, None).await {
            Ok(_) => return Ok(()),
            Err(e) => warn!(game = %game.id, error = %e, "could not follow up with a board"),
        }
    }
    let mut outcome = Ok(());
    let mut reached = false;
    for player in [game.white.id, game.black.id] {
        if player == data.bot_user {
            continue;
        }
        let message = CreateMessage::new()
            .content(board.content.clone())
            .add_file(board.attachment())
            .components(board.components.clone())
            .allowed_mentions(CreateAllowedMentions::new());
        match reach::direct_message(http, player, message).await {
            Ok(_) => reached = true,
            Err(e) => {
                warn!(game = %game.id, %player, error = %e, "could not DM a board");
                outcome = Err(e.into());
            }
        }
    }
    if reached { Ok(()) } else { outcome }
}

/// `png`, a picture of `game`'s board, as an attachment with its alt text in `lang`.
pub fn attachment(png: Vec<u8>, game: &GameView, lang: Lang) -> CreateAttachment {
    CreateAttachment::bytes(png, FILE_NAME).description(alt_text(game, lang))
}

/// The alt text of `game`'s board picture in `lang`, read out by screen readers.
pub fn alt_text(game: &GameView, lang: Lang) -> String {
    lang.board_alt(BoardShown {
        position: &game.position,
        last: game.last_move,
        over: !game.is_active(),
    })
}

/// A board message ready to send: text, picture, buttons, and the player its mention pings.
pub struct Composed {
    content: String,
    png: Vec<u8>,
    alt: String,
    components: Vec<CreateActionRow>,
    ping: Option<serenity::UserId>,
    lang: Lang,
}

impl Composed {
    fn attachment(&self) -> CreateAttachment {
        CreateAttachment::bytes(self.png.clone(), FILE_NAME).description(self.alt.clone())
    }

    /// Only the player to move is pinged (never the bot itself).
    fn mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.ping)
    }
}

/// Draws `game` and puts its board message together.
pub async fn compose(
    data: &Data,
    game: &GameView,
    content: String,
    lang: Lang,
) -> Result<Composed, Error> {
    let png = picture(data, game, lang, Marks::default(), None).await?;
    let page = data.page_url(game).await;
    Ok(Composed {
        content,
        png,
        alt: alt_text(game, lang),
        components: buttons(game, lang, page.as_deref(), data.activity),
        ping: game
            .to_move
            .filter(|user| *user != data.bot_user)
            .map(|user| serenity::UserId::new(user.0)),
        lang,
    })
}

/// Answers an interaction with `board` as its own public message: one REST call, which
/// Discord answers with the message it made (`with_response`), remembered as the game's latest
/// board. An answer that went through though its reply was lost (a retry refused as already
/// acknowledged) is looked up instead. Once the board is out, the announcement it `delivers`
/// (if any) is reported delivered, with the board's place when that is known.
///
/// # Errors
/// Only when the board was not delivered. Once Discord took it, what goes wrong after (its
/// answer unreadable, the message id not stored) is logged: the board is out, and sending it
/// again would show it (and ping) twice.
pub async fn answer_with(
    asker: &Asker<'_>,
    data: &Data,
    game: &GameView,
    board: Composed,
    delivers: Option<AnnouncementId>,
) -> Result<(), Error> {
    let reply = CreateInteractionResponseMessage::new()
        .content(board.content.clone())
        .add_file(board.attachment())
        .components(board.components.clone())
        .allowed_mentions(board.mentions());
    let (http, token) = (asker.http, asker.token);
    let files = vec![board.attachment()];
    let answered = first_answer::respond_for_message(
        asker.first,
        http,
        (asker.id, token),
        reply,
        files,
        "answering with a board",
    )
    .await?;
    let Some(id) = answered else {
        announce::delivered_here(data, delivers).await;
        return Ok(());
    };
    let editable = Editable::ByToken {
        token: InteractionToken::new(token),
        original: true,
        received_ms: data.service.now_ms(),
        channel: None,
    };
    remember(http, data, game, (MessageId(id.get()), editable), delivers).await;
    Ok(())
}

/// Sends `board` as a follow-up of the interaction `token` belongs to, a new message whose
/// mention pings, and remembers it as the game's latest board, reporting the announcement it
/// `delivers` (as [`answer_with`]). After a private deferral the deferred answer must have been
/// edited first (Discord's first follow-up would edit it instead).
///
/// # Errors
/// Only when the board was not delivered (as [`answer_with`]); a reply that comes back
/// unreadable counts as delivered.
pub async fn follow_up(
    http: &Http,
    data: &Data,
    token: &str,
    game: &GameView,
    board: &Composed,
    delivers: Option<AnnouncementId>,
) -> Result<(), Error> {
    let message = CreateInteractionResponseFollowup::new()
        .content(board.content.clone())
        .add_file(board.attachment())
        .components(board.components.clone())
        .allowed_mentions(board.mentions());
    let files = vec![board.attachment()];
    let sent = match retry("following up with a board", Retry::FOLLOW_UP, || {
        http.create_followup_message(token, &message, files.clone())
    })
    .await
    {
        Ok(sent) => sent,
        // Discord made it (it answered with success), though its reply could not be read:
        // the board is out, and sending it again would show it twice.
        Err(e) if unreadable_reply(&e) => {
            warn!(game = %game.id, error = %e, "a board follow-up's reply was unreadable");
            announce::delivered_here(data, delivers).await;
            return Ok(());
        }
        Err(e) => return Err(e.into()),
    };
    let editable = Editable::ByToken {
        token: InteractionToken::new(token),
        original: false,
        received_ms: data.service.now_ms(),
        channel: None,
    };
    remember(
        http,
        data,
        game,
        (MessageId(sent.id.get()), editable),
        delivers,
    )
    .await;
    Ok(())
}

/// Whether `error` is a success reply whose body could not be read: the request was carried
/// out.
fn unreadable_reply(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Json(_) => true,
        serenity::Error::Http(serenity::http::HttpError::Request(request)) => request.is_decode(),
        _ => false,
    }
}

/// Turns the clicked message (a challenge just accepted) into `board`: the click's own answer
/// (an update, one call), or after the click's deferral an edit of it. An edit pings nobody,
/// so when the player to move is not the one who clicked, a short follow-up mentions them. The
/// board is remembered as the game's latest.
///
/// # Errors
/// Only when the board was not delivered (as [`answer_with`]).
pub async fn update_with(click: &Click<'_>, game: &GameView, board: Composed) -> Result<(), Error> {
    let data = click.data();
    if click.is_deferred() {
        let edit = serenity::EditInteractionResponse::new()
            .content(board.content.clone())
            .new_attachment(board.attachment())
            .components(board.components.clone())
            .allowed_mentions(CreateAllowedMentions::new());
        click.edit(edit).await?;
    } else {
        let update = CreateInteractionResponseMessage::new()
            .content(board.content.clone())
            .add_file(board.attachment())
            .components(board.components.clone())
            .allowed_mentions(CreateAllowedMentions::new());
        click
            .answer(CreateInteractionResponse::UpdateMessage(update))
            .await?;
    }
    // Through the click's token while it serves (no rate limit: a burst of games starting at
    // once would meet the global one in channels), then in its channel where the bot posts.
    let editable = Editable::ByToken {
        token: InteractionToken::new(click.token.as_str()),
        original: true,
        received_ms: data.service.now_ms(),
        channel: (game.place.reach == Reach::Channel).then(|| ChannelId(click.channel_id.get())),
    };
    let message = MessageId(click.message.id.get());
    remember(click.http(), data, game, (message, editable), None).await;
    if let Some(player) = board.ping.filter(|p| *p != click.user.id) {
        let text = board.lang.text(&Msg::BoardShown(game));
        let ping = CreateInteractionResponseFollowup::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new().users([player]));
        if let Err(e) = retry("mentioning the player to move", Retry::FOLLOW_UP, || {
            click.create_followup(click.http(), ping.clone())
        })
        .await
        {
            warn!(game = %game.id, error = %e, "could not mention the player to move");
        }
    }
    Ok(())
}

/// Remembers `message` as the game's latest board (for `/games` links), and takes the buttons
/// off the board it replaces when another game's board came between them (see `old_boards`):
/// right above the new board, the old one keeps them, which saves a REST call per move. The
/// announcement the board `delivers` is reported with it, in one turn of the database's
/// writing connection. The board is out already, so a failure here is only logged.
async fn remember(
    http: &Http,
    data: &Data,
    game: &GameView,
    (message, editable): (MessageId, Editable),
    delivers: Option<AnnouncementId>,
) {
    let posted = data.service.delivery();
    match posted.board_posted(game, message, editable, delivers).await {
        Ok(Some(old)) if old.buried => {
            let now = data.service.now_ms();
            old_boards::strip_buttons(http, game.id, old.message, old.editable, now).await;
        }
        Ok(_) => {}
        Err(e) => {
            warn!(game = %game.id, %message, error = %e, "could not store where a board is");
            // The announcement on its own, lest the outbox post the board again.
            announce::delivered_here(data, delivers).await;
        }
    }
}

/// A service call that can only fail internally here (the game exists and is ours).
pub fn service_failure(e: crate::games::ServiceError) -> Error {
    match e {
        crate::games::ServiceError::Internal(e) => e.into(),
        crate::games::ServiceError::User(refusal) => Error::Unexpected(refusal.to_string()),
    }
}

/// The colour whose piece made `mv` in `game` (read after the move; `swap` is Black's).
pub fn mover(game: &GameView, mv: monkey_queen_core::Move) -> monkey_queen_core::Color {
    mv.to()
        .and_then(|to| game.position.piece_at(to))
        .map_or(monkey_queen_core::Color::Black, |piece| piece.color)
}
