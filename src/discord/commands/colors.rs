//! `/colours`: the board colours a player chose for the boards only they see (a private
//! `/board`, `/moves`, puzzles, the Move menus). Open to everyone, everywhere the app works:
//! `/settings` stays the managers' (Discord hides it from others), and chooses the colours of
//! a server's public boards with the same choices.

use crate::discord::Error;
use crate::discord::context::{Command, Privacy, split};
use crate::games::BoardColors;
use crate::i18n::Msg;

/// The board themes, as a command offers them.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColorsOption {
    #[name = "standard"]
    Standard,
    #[name = "colour-blind safe"]
    Colorblind,
    #[name = "high contrast"]
    High,
}

impl ColorsOption {
    /// The theme chosen.
    #[must_use]
    pub const fn colors(self) -> BoardColors {
        match self {
            ColorsOption::Standard => BoardColors::Standard,
            ColorsOption::Colorblind => BoardColors::Colorblind,
            ColorsOption::High => BoardColors::High,
        }
    }
}

/// The colours of the boards only you see: shows them, or keeps the ones you choose.
pub async fn colors(ctx: Command<'_>, theme: Option<ColorsOption>) -> Result<(), Error> {
    let (lang, user) = (ctx.lang(), ctx.user());
    let service = &ctx.data().service;
    let work = async {
        let shown = match theme {
            Some(theme) => service
                .choose_board_colors(user, theme.colors())
                .await
                .map(|()| Some(theme.colors())),
            None => service.own_board_colors(user).await,
        };
        Ok::<_, Error>(split(shown)?.map(|colors| {
            lang.text(&Msg::OwnBoardColors {
                colors: colors.unwrap_or_default(),
                saved: theme.is_some(),
            })
        }))
    };
    // The write may wait behind others: deferred (privately) if so, then answered by an edit.
    match ctx.unless_quick(work, Privacy::Private).await? {
        Ok(text) => ctx.privately(text).await,
        Err(refusal) => ctx.refuse(&refusal).await,
    }
}
