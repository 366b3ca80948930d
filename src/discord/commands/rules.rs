//! `/rules`: the rules in short, one section per page, with buttons to turn pages.

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{
    AutocompleteChoice, ComponentInteraction, CreateActionRow, CreateAutocompleteResponse,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseMessage,
};

use crate::discord::custom_id::ComponentId;
use crate::discord::{Context, Error};

/// A section of the rules summary.
struct Section {
    title: &'static str,
    text: &'static str,
}

/// The summary, following RULES.md (rule numbers in brackets).
const SECTIONS: [Section; 3] = [
    Section {
        title: "Board and pieces",
        text: "A 12×12 board (14×14 and 16×16 for longer games) [R1]. Each side has one \
               **queen**, a stack of checkers, and any number of **babies**, single checkers \
               [R2]. White's queen of 20 starts on g1, Black's on f12; White moves first [R3].",
    },
    Section {
        title: "Moving and capturing",
        text: "Every piece moves like a chess queen, without jumping [R4.2]. Landing on the \
               first enemy piece in a line captures it, queen or baby [R4.3, R4.4]. When the \
               queen moves without capturing she leaves a baby behind and shrinks by one; a \
               queen of height 2 can only capture [R5]. A baby's non-capturing move must bring \
               it strictly closer to the enemy queen [R6].",
    },
    Section {
        title: "Winning",
        text: "Capture the enemy queen to win at once; a player with no legal move loses [R7]. \
               There are no draws. With the pie rule, Black may answer White's first move with \
               `swap` and take White's side [R8].",
    },
];

/// The rules of Monkey Queen in short.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Jump to a section"]
    #[autocomplete = "autocomplete_section"]
    section: Option<String>,
) -> Result<(), Error> {
    let page = match section {
        None => 0,
        Some(title) => match SECTIONS
            .iter()
            .position(|s| s.title.eq_ignore_ascii_case(&title))
        {
            Some(page) => page,
            None => {
                let reply = CreateReply::default()
                    .content(format!(
                        "There is no rules section called “{title}”; pick one from the list."
                    ))
                    .ephemeral(true);
                ctx.send(reply).await?;
                return Ok(());
            }
        },
    };
    let (content, buttons) = page_message(page);
    ctx.send(CreateReply::default().content(content).components(buttons))
        .await?;
    Ok(())
}

/// Section titles containing what was typed, ignoring case.
async fn autocomplete_section(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let typed = partial.to_lowercase();
    let choices = SECTIONS
        .iter()
        .filter(|s| s.title.to_lowercase().contains(&typed))
        .map(|s| AutocompleteChoice::new(s.title, s.title))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Shows page `page` in place of the message whose button was clicked; `false` if there is no
/// such page (the caller answers the click).
pub async fn turn_page(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    page: u8,
) -> Result<bool, Error> {
    let page = usize::from(page);
    if page >= SECTIONS.len() {
        return Ok(false);
    }
    let (content, buttons) = page_message(page);
    let update = CreateInteractionResponseMessage::new()
        .content(content)
        .components(buttons);
    click
        .create_response(ctx, CreateInteractionResponse::UpdateMessage(update))
        .await?;
    Ok(true)
}

/// The text of page `page` (which must exist) and its Previous/Next buttons.
fn page_message(page: usize) -> (String, Vec<CreateActionRow>) {
    let section = &SECTIONS[page];
    let content = format!(
        "**Monkey Queen — {}** ({}/{})\n{}",
        section.title,
        page + 1,
        SECTIONS.len(),
        section.text
    );
    let button = |target: usize, label: &str| {
        let clamped = target.min(SECTIONS.len() - 1);
        let id = ComponentId::RulesPage {
            page: u8::try_from(clamped).unwrap_or(u8::MAX),
        };
        CreateButton::new(id.to_string())
            .label(label)
            .disabled(clamped == page)
    };
    let row = CreateActionRow::Buttons(vec![
        button(page.saturating_sub(1), "◀ Previous"),
        button(page + 1, "Next ▶"),
    ]);
    (content, vec![row])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_names_its_rules_and_fits_a_message() {
        for page in 0..SECTIONS.len() {
            let (content, _) = page_message(page);
            assert!(content.contains("[R"), "{content}");
            assert!(content.len() < 2000);
        }
    }
}
