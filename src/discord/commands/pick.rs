//! Click-to-move, for players on phones: a board's Move button opens, for the player to move
//! only, the board with their movable pieces marked and a menu of them (queen first); picking
//! one redraws it with that piece's destinations marked and a menu of those (queen captures
//! first, then captures, each saying what happens); picking one plays the move as `/move`
//! does, and the new board is the pick's own public answer. Every menu's `custom_id` carries
//! the game, the ply and the chosen piece, so a stale or forged pick is refused and changes
//! nothing.

use monkey_queen_core::{Move, Position, Square};
use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateAttachment,
    CreateInteractionResponse, CreateInteractionResponseMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse,
};

use super::play::play_and_answer;
use crate::discord::Error;
use crate::discord::board::{self, Marks};
use crate::discord::context::{Click, Deferred, Outcome, split};
use crate::discord::custom_id::ComponentId;
use crate::discord::delivery::reply::clip;
use crate::games::{GameId, GameRef, PlayRequest, UserError};
use crate::i18n::{Lang, Msg};

/// Options one select menu may hold (Discord's limit).
const OPTIONS_PER_MENU: usize = 25;
/// Menus one message may hold: one per action row, at most five rows (Discord's limit).
const MAX_MENUS: usize = 5;
/// Characters an option's label or description may have (Discord's limit).
const MAX_OPTION_TEXT: usize = 100;
/// The value of the pie rule's swap in the piece menu.
pub(super) const SWAP: &str = "swap";

/// A menu message of the pickers: text, the marked picture, and the menus.
struct Menu {
    content: String,
    png: Vec<u8>,
    alt: String,
    menus: Vec<CreateActionRow>,
}

/// The Move button: the player's movable pieces, marked, and a menu of them (only they see it).
/// When the work is slow, the click is deferred privately and the menu edits the deferral.
pub async fn open(click: &Click<'_>, game: GameId, ply: u32) -> Result<(), Error> {
    let work = pieces_menu(click, game, ply);
    let answer = |menu: CreateInteractionResponseMessage| {
        CreateInteractionResponse::Message(menu.ephemeral(true))
    };
    show(click, work, Deferred::Privately, answer).await
}

/// Shows the menu `work` makes (or its refusal): as the click's answer that `answer` makes of
/// it when the work is quick, else, deferred `how`, by an edit.
async fn show(
    click: &Click<'_>,
    work: impl std::future::Future<Output = Outcome<Menu>>,
    how: Deferred,
    answer: impl FnOnce(CreateInteractionResponseMessage) -> CreateInteractionResponse,
) -> Result<(), Error> {
    let menu = match click.unless_quick(work, how).await? {
        Ok(menu) => menu,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    if click.is_deferred() {
        return edit_with(click, menu).await;
    }
    let message = CreateInteractionResponseMessage::new()
        .content(menu.content)
        .add_file(CreateAttachment::bytes(menu.png, board::FILE_NAME).description(menu.alt))
        .components(menu.menus);
    click.answer(answer(message)).await
}

/// The menu of the clicker's movable pieces in `game` at `ply`, or why they may not move.
async fn pieces_menu(click: &Click<'_>, game: GameId, ply: u32) -> Outcome<Menu> {
    let (data, lang) = (click.data(), click.lang());
    let view = match split(data.service.game_to_move(click.user(), game, ply).await)? {
        Ok(view) => view,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let (options, marks) = piece_options(&view.position, lang);
    let png = board::picture(data, &view, lang, marks, Some(click.user())).await?;
    let menus = menus(options, lang.text(&Msg::ChoosePiece), |part| {
        ComponentId::PickPiece { game, ply, part }
    });
    Ok(Ok(Menu {
        content: lang.text(&Msg::PickPiece(game)),
        png,
        alt: board::alt_text(&view, lang),
        menus,
    }))
}

/// The piece menu's options in `position` (the pie rule's swap first, then the queen, then
/// the babies), and the marks of the pieces that can move.
pub(super) fn piece_options(
    position: &Position,
    lang: Lang,
) -> (Vec<CreateSelectMenuOption>, Marks) {
    let movable = position.moves_by_origin();
    let mut options: Vec<CreateSelectMenuOption> = movable
        .pieces
        .iter()
        .map(|piece| {
            let (role, square) = (piece.role, piece.from);
            let label = lang.text(&Msg::PieceOnSquare { role, square });
            CreateSelectMenuOption::new(clip(&label, MAX_OPTION_TEXT - 1), square.to_string())
        })
        .collect();
    if movable.swap {
        let words = lang.text(&Msg::MoveInWords {
            mover: position.turn(),
            mv: Move::Swap,
        });
        options.insert(
            0,
            CreateSelectMenuOption::new(SWAP, SWAP).description(clip(&words, MAX_OPTION_TEXT - 1)),
        );
    }
    let marks = Marks {
        squares: movable.pieces.iter().map(|piece| piece.from).collect(),
        selected: None,
    };
    (options, marks)
}

/// The destination menu's options for the piece on `value` in `position`, with its square
/// and the marks of where it may go (one mark per option, in the same order); `None` when
/// `value` is no square of this board with a piece that can move (a forged pick).
pub(super) fn destination_options(
    position: &Position,
    value: &str,
    lang: Lang,
) -> Option<(Square, Vec<CreateSelectMenuOption>, Marks)> {
    let from = Square::parse(value, position.size()).ok()?;
    let movable = position.moves_by_origin();
    let destinations = &movable.get(from)?.moves;
    let mover = position.turn();
    let options = destinations
        .iter()
        .filter_map(|&mv| {
            let to = mv.to()?;
            let words = lang.text(&Msg::MoveInWords { mover, mv });
            Some(
                CreateSelectMenuOption::new(to.to_string(), to.to_string())
                    .description(clip(&words, MAX_OPTION_TEXT - 1)),
            )
        })
        .collect();
    let marks = Marks {
        squares: destinations.iter().filter_map(|mv| mv.to()).collect(),
        selected: Some(from),
    };
    Some((from, options, marks))
}

/// A piece picked: the picture redrawn with its destinations marked, and a menu of them (or,
/// for `swap`, the move itself). When the work is slow, the click is deferred and the menu
/// message edited after.
pub async fn piece(click: &Click<'_>, game: GameId, ply: u32) -> Result<(), Error> {
    if chosen(click) == Some(SWAP) {
        return play(click, game, ply, SWAP).await;
    }
    let work = destinations_menu(click, game, ply);
    let answer = CreateInteractionResponse::UpdateMessage;
    show(click, work, Deferred::Click, answer).await
}

/// The menu of the destinations of the piece picked in `click`, or why there is none.
async fn destinations_menu(click: &Click<'_>, game: GameId, ply: u32) -> Outcome<Menu> {
    let Some(value) = chosen(click) else {
        return Ok(Err(UserError::PositionChanged));
    };
    let (data, lang) = (click.data(), click.lang());
    let view = match split(data.service.game_to_move(click.user(), game, ply).await)? {
        Ok(view) => view,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let Some((from, options, marks)) = destination_options(&view.position, value, lang) else {
        // Not a square of this board with a piece that can move: a forged pick.
        return Ok(Err(UserError::PositionChanged));
    };
    let png = board::picture(data, &view, lang, marks, Some(click.user())).await?;
    let menus = menus(options, lang.text(&Msg::ChooseDestination), |part| {
        ComponentId::PickDestination {
            game,
            ply,
            from,
            part,
        }
    });
    Ok(Ok(Menu {
        content: lang.text(&Msg::PickDestination { game, from }),
        png,
        alt: board::alt_text(&view, lang),
        menus,
    }))
}

/// After a deferral: `menu` replaces the deferred answer (or the clicked menu message).
async fn edit_with(click: &Click<'_>, menu: Menu) -> Result<(), Error> {
    let edit = EditInteractionResponse::new()
        .content(menu.content)
        .new_attachment(CreateAttachment::bytes(menu.png, board::FILE_NAME).description(menu.alt))
        .components(menu.menus);
    click.edit(edit).await
}

/// A destination picked: the move is played exactly as `/move` plays it, at the ply the menu
/// was made for.
pub async fn destination(
    click: &Click<'_>,
    game: GameId,
    ply: u32,
    from: Square,
) -> Result<(), Error> {
    let Some(to) = chosen(click) else {
        return click.refuse(&UserError::PositionChanged).await;
    };
    let text = format!("{from}-{}", clip(to, 3));
    play(click, game, ply, &text).await
}

/// Plays `text` for the clicker, answering the click with the new board.
async fn play(click: &Click<'_>, game: GameId, ply: u32, text: &str) -> Result<(), Error> {
    let key = click.id.to_string();
    let request = PlayRequest {
        user: click.user(),
        game: GameRef::Id(game),
        text,
        expected_ply: Some(ply),
        request_key: Some(&key),
    };
    let asker = click.asker();
    play_and_answer(click.data(), &asker, Deferred::Click, false, request).await
}

/// The option chosen in a select menu.
pub(super) fn chosen(click: &ComponentInteraction) -> Option<&str> {
    match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().map(String::as_str),
        _ => None,
    }
}

/// `options` in select menus of at most 25, one per action row (at most five), each named by
/// `id(part)` and showing `placeholder`.
pub(super) fn menus(
    options: Vec<CreateSelectMenuOption>,
    placeholder: String,
    id: impl Fn(u8) -> ComponentId,
) -> Vec<CreateActionRow> {
    options
        .chunks(OPTIONS_PER_MENU)
        .take(MAX_MENUS)
        .zip(0u8..)
        .map(|(chunk, part)| {
            let kind = CreateSelectMenuKind::String {
                options: chunk.to_vec(),
            };
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id(part).to_string(), kind).placeholder(placeholder.clone()),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use monkey_queen_core::GameOptions;

    #[test]
    fn a_tall_queen_on_a_big_board_has_more_destinations_than_one_menu_holds() {
        let options = GameOptions::new(16, 40, false).unwrap();
        let position = Position::start(options);
        let movable = position.moves_by_origin();
        let queen = movable.pieces[0].from;
        let found = &movable.pieces[0].moves;
        assert!(found.len() > OPTIONS_PER_MENU, "{}", found.len());
        let options = found
            .iter()
            .map(|mv| {
                let to = mv.to().unwrap().to_string();
                CreateSelectMenuOption::new(to.clone(), to)
            })
            .collect();
        let rows = menus(options, "Choose".into(), |part| {
            ComponentId::PickDestination {
                game: GameId(1),
                ply: 0,
                from: queen,
                part,
            }
        });
        assert_eq!(rows.len(), found.len().div_ceil(OPTIONS_PER_MENU));
        assert!(rows.len() <= MAX_MENUS);
    }
}
