//! Lists longer than a message, shown a page at a time under ◀ ▶ buttons: the leaderboard,
//! `/history` and `/games`. Each page size keeps its page within Discord's 2,000 characters
//! however long the ids, numbers and words on it (see the tests).
//!
//! A list is answered within Discord's 3 seconds however long its page takes to read: at once
//! when it is quick, else deferred and edited in ([`answer_list`], [`answer_turn`]). A public
//! list is its asker's: their ◀ ▶ clicks turn it, anyone else's get a page of their own that
//! only they see ([`Turn`]).

use std::future::Future;

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse, MessageFlags,
};

use crate::discord::Error;
use crate::discord::context::{Click, Command, Deferred, Outcome, Privacy};
use crate::discord::custom_id::{Arrow, ComponentId};
use crate::discord::delivery::retry::{Retry, retry};
use crate::games::{Audience, UserId, Viewer};

/// A page as shown: its text and its row of ◀ ▶ buttons.
pub type Shown = (String, Vec<CreateActionRow>);

/// Lines on a leaderboard page.
pub const LEADERBOARD_PAGE: u32 = 10;
/// Games on a page of `/history`.
pub const HISTORY_PAGE: u32 = 10;
/// Games on a page of `/games`: fewer than the other lists, since each line carries a link.
pub const GAMES_PAGE: u32 = 8;

/// The glyphs on the paging buttons (the same in every language).
const PREV: &str = "◀";
const NEXT: &str = "▶";

/// The row of ◀ ▶ buttons under page `page` (0-based) of `total_pages`, their ids made by
/// `id` from the page each leads to; no row when everything fits on one page.
pub fn paging_buttons(
    page: u32,
    total_pages: u32,
    id: impl Fn(u32, Arrow) -> ComponentId,
) -> Vec<CreateActionRow> {
    let Some(arrows) = arrows(page, total_pages) else {
        return Vec::new();
    };
    let buttons = arrows
        .into_iter()
        .map(|(target, arrow, enabled)| {
            let glyph = match arrow {
                Arrow::Prev => PREV,
                Arrow::Next => NEXT,
            };
            CreateButton::new(id(target, arrow).to_string())
                .label(glyph)
                .style(ButtonStyle::Secondary)
                .disabled(!enabled)
        })
        .collect();
    vec![CreateActionRow::Buttons(buttons)]
}

/// The ◀ and ▶ arrows of page `page` (0-based) of `total_pages`: the page each leads to, and
/// whether it is enabled; none when everything fits on one page. A disabled arrow points at
/// the page shown.
pub fn arrows(page: u32, total_pages: u32) -> Option<[(u32, Arrow, bool); 2]> {
    if total_pages <= 1 {
        return None;
    }
    let last = total_pages - 1;
    let page = page.min(last);
    Some([
        (page.saturating_sub(1), Arrow::Prev, page > 0),
        ((page + 1).min(last), Arrow::Next, page < last),
    ])
}

/// Answers a list command with the page `work` makes, its mentions pinging nobody, seen as
/// `privacy` says: at once when it is ready within
/// [`Data::defer_after`](crate::discord::Data::defer_after), else by deferring and editing the
/// deferral into the page.
///
/// # Errors
/// The work's failure, or Discord's refusal of the answer.
pub async fn answer_list(
    ctx: Command<'_>,
    privacy: Privacy,
    work: impl Future<Output = Result<Shown, Error>>,
) -> Result<(), Error> {
    let (text, buttons) = ctx.unless_quick(work, privacy).await?;
    if ctx.is_deferred() {
        let edit = edit_to(text, buttons);
        retry("editing a list in", Retry::ANSWER_EDIT, || {
            ctx.interaction.edit_response(ctx.http(), edit.clone())
        })
        .await?;
    } else {
        let reply = CreateReply::default()
            .content(text)
            .components(buttons)
            .allowed_mentions(CreateAllowedMentions::new())
            .ephemeral(privacy == Privacy::Private);
        ctx.send(reply).await?;
    }
    Ok(())
}

/// How a ◀ ▶ click is answered, and for whom its page is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// The clicked message shows the page, made for those who read it: the click is by the
    /// person the list answered, or on a message only the clicker sees.
    Update(Audience),
    /// The clicker gets the page, made for them, in a message only they see: the clicked
    /// message answered someone else, and stays as it is.
    Aside(Viewer),
}

impl Turn {
    /// How `click` is answered, on a list that answered `viewer` (`None`: a button that does
    /// not say, posted before buttons named their viewer; every click on it is aside). Whose
    /// page a private message shows needs no telling: only its viewer can click it.
    pub fn of(click: &Click<'_>, viewer: Option<UserId>) -> Turn {
        let clicker = click.viewer();
        let private = click
            .message
            .flags
            .is_some_and(|flags| flags.contains(MessageFlags::EPHEMERAL));
        if private {
            Turn::Update(Audience::Only(clicker))
        } else if viewer == Some(clicker.user) {
            Turn::Update(click.audience())
        } else {
            Turn::Aside(clicker)
        }
    }

    /// Who the page is made for.
    pub fn audience(self) -> Audience {
        match self {
            Turn::Update(audience) => audience,
            Turn::Aside(viewer) => Audience::Only(viewer),
        }
    }
}

/// Answers a ◀ ▶ click with the page `work` makes (or its refusal, to the clicker alone), as
/// `turn` says: at once when it is ready within
/// [`Data::defer_after`](crate::discord::Data::defer_after), else by deferring (the update, or
/// a private message for a page aside) and editing the page in.
///
/// # Errors
/// The work's failure, or Discord's refusal of the answer.
pub async fn answer_turn(
    click: &Click<'_>,
    turn: Turn,
    work: impl Future<Output = Outcome<Shown>>,
) -> Result<(), Error> {
    let how = match turn {
        Turn::Update(_) => Deferred::Click,
        Turn::Aside(_) => Deferred::Privately,
    };
    let (text, buttons) = match click.unless_quick(work, how).await? {
        Ok(shown) => shown,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    if click.is_deferred() {
        return click.edit(edit_to(text, buttons)).await;
    }
    let page = CreateInteractionResponseMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new());
    let answer = match turn {
        Turn::Update(_) => CreateInteractionResponse::UpdateMessage(page),
        Turn::Aside(_) => CreateInteractionResponse::Message(page.ephemeral(true)),
    };
    click.answer(answer).await
}

/// The edit that turns a deferred answer into `text` under `buttons`, pinging nobody.
fn edit_to(text: String, buttons: Vec<CreateActionRow>) -> EditInteractionResponse {
    EditInteractionResponse::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    use monkey_queen_core::Color;
    use monkey_queen_core::search::Level;

    use crate::discord::custom_id::Ranking;
    use crate::games::{
        ChannelId, EndReason, GameId, GameStatus, GameSummary, GuildId, LeaderboardEntry,
        MessageId, Page, Place, PlayedGame, PlayerRef, UserId,
    };
    use crate::i18n::{Lang, Msg};

    /// Discord's limit on a message's text.
    const MAX_MESSAGE_CHARS: usize = 2000;
    /// The longest id Discord hands out, and a name of Discord's longest (32 characters).
    const ID: u64 = u64::MAX;
    const GAME: GameId = GameId(i64::MAX);

    fn someone() -> PlayerRef {
        PlayerRef::new(UserId(ID), "W".repeat(32))
    }

    fn place() -> Place {
        Place {
            guild: Some(GuildId(ID)),
            channel: ChannelId(ID),
            reach: crate::games::Reach::Channel,
            thread: Some(ChannelId(ID - 1)),
            message: Some(MessageId(ID)),
        }
    }

    /// A full page with the largest numbers each line can show.
    fn page<T: Clone>(line: T, size: u32) -> Page<T> {
        Page {
            entries: vec![line; size as usize],
            page: u32::MAX - 1,
            total_pages: u32::MAX,
            total: u64::MAX,
        }
    }

    fn assert_fits(what: &str, text: &str) {
        let chars = text.chars().count();
        assert!(
            chars <= MAX_MESSAGE_CHARS,
            "{what}: {chars} characters\n{text}"
        );
    }

    #[test]
    fn a_full_page_of_each_list_fits_in_a_message_at_its_longest() {
        let entry = LeaderboardEntry {
            rank: u64::MAX,
            player: someone(),
            rating: -123_456.7,
            deviation: 123_456.7,
            games: u32::MAX,
            wins: u32::MAX,
            losses: u32::MAX,
        };
        let played = PlayedGame {
            game: GAME,
            color: Color::White,
            opponent: someone(),
            won: false,
            reason: EndReason::NoLegalMoves,
            rated: true,
            rating_delta: Some(-123_456.7),
            ai_level: None,
            plies: u32::MAX,
            finished_ms: i64::MAX,
            place: place(),
            page_key: None,
        };
        let against_computer = PlayedGame {
            ai_level: Some(Level::Medium),
            rating_delta: None,
            ..played.clone()
        };
        let game = GameSummary {
            id: GAME,
            white: someone(),
            black: PlayerRef::new(UserId(ID - 1), "B".repeat(32)),
            status: GameStatus::Active,
            ply: u32::MAX,
            to_move: Some(UserId(ID)),
            result: None,
            deadline_ms: Some(i64::MAX),
            created_ms: i64::MAX,
            finished_ms: None,
            place: place(),
        };
        let leaderboard = page(entry, LEADERBOARD_PAGE);
        let history = page(played, HISTORY_PAGE);
        let history_vs_computer = page(against_computer, HISTORY_PAGE);
        let games = page(game, GAMES_PAGE);
        for lang in Lang::ALL {
            for global in [false, true] {
                let text = lang.text(&Msg::Leaderboard {
                    page: &leaderboard,
                    global,
                });
                assert_fits("leaderboard", &text);
            }
            for page in [&history, &history_vs_computer] {
                let text = lang.text(&Msg::History {
                    user: UserId(ID),
                    page,
                });
                assert_fits("history", &text);
            }
            for viewer in [UserId(ID), UserId(ID - 1)] {
                let text = lang.text(&Msg::GamesList {
                    page: &games,
                    viewer,
                });
                assert_fits("games", &text);
            }
        }
    }

    #[test]
    fn one_page_needs_no_arrows() {
        assert!(arrows(0, 1).is_none());
        assert!(arrows(0, 0).is_none());
        assert!(
            paging_buttons(0, 1, |page, arrow| ComponentId::History {
                user: UserId(1),
                page,
                arrow,
                viewer: Some(UserId(2)),
            })
            .is_empty()
        );
    }

    #[test]
    fn arrows_lead_to_the_neighbouring_pages_and_stop_at_the_ends() {
        let targets = |page, total| arrows(page, total).unwrap().map(|(to, _, on)| (to, on));
        assert_eq!(targets(0, 3), [(0, false), (1, true)]);
        assert_eq!(targets(1, 3), [(0, true), (2, true)]);
        assert_eq!(targets(2, 3), [(1, true), (2, false)]);
        // A page past the end (the board shrank) is shown as the last page.
        assert_eq!(targets(9, 3), [(1, true), (2, false)]);
        for total in 2..5 {
            for page in 0..total {
                let [(_, first, _), (_, second, _)] = arrows(page, total).unwrap();
                assert_eq!((first, second), (Arrow::Prev, Arrow::Next));
            }
        }
    }

    #[test]
    fn the_two_arrows_never_share_a_custom_id() {
        let ids = |page, total, id: fn(u32, Arrow) -> ComponentId| {
            arrows(page, total)
                .unwrap()
                .map(|(to, arrow, _)| id(to, arrow).to_string())
        };
        let leaderboard = |page, arrow| ComponentId::Leaderboard {
            ranking: Ranking::Server,
            page,
            arrow,
            viewer: Some(UserId(7)),
        };
        let history = |page, arrow| ComponentId::History {
            user: UserId(42),
            page,
            arrow,
            viewer: Some(UserId(7)),
        };
        for total in 2..5 {
            for page in 0..total {
                for id in [leaderboard as fn(u32, Arrow) -> ComponentId, history] {
                    let [prev, next] = ids(page, total, id);
                    assert_ne!(prev, next, "page {page} of {total}");
                }
            }
        }
        assert_eq!(
            ids(1, 3, history),
            ["history:42:0:prev:7", "history:42:2:next:7"]
        );
    }
}
