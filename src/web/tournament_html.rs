//! A tournament's page as HTML: the part that follows the tournament live (its stage, the
//! standings with their tie-breaks, the crosstable and each round's pairings with their games'
//! pages), written in the viewer's language. Every name is escaped; the same text goes into
//! the page at first and into each live update.

use std::fmt::Write as _;

use super::page::escape;
use crate::games::{PairingResult, TournamentPage, TournamentView, score_text};
use crate::i18n::{Lang, Msg, crosstable_texts, tie_break_name, web_text};
use crate::render::{CellResult, CrosstableCell};

/// The live part of the page at `page`, in `lang`.
pub(super) fn body(page: &TournamentPage, lang: Lang) -> String {
    let view = &page.view;
    let mut html = String::new();
    let _ = write!(
        html,
        "<p class=\"status\" id=\"mq-t-stage\">{}</p>",
        escape(&lang.text(&Msg::CrosstableSubtitle(view)))
    );
    standings(&mut html, page, lang);
    if view.tournament.round > 0 {
        crosstable(&mut html, view, lang);
        rounds(&mut html, page, lang);
    }
    html
}

/// The words of `id` in `lang`, escaped.
fn word(lang: Lang, id: &str, vars: &[(&str, String)]) -> String {
    escape(&web_text(lang, id, vars))
}

/// A table in a region that scrolls sideways on a narrow screen (and takes the focus, so the
/// keyboard scrolls it too), labelled by the heading `label`.
fn open_table(html: &mut String, label: &str, class: &str) {
    let _ = write!(
        html,
        "<div class=\"table-scroll\" role=\"region\" tabindex=\"0\" aria-labelledby=\"{label}\">\
         <table class=\"{class}\">"
    );
}

fn standings(html: &mut String, page: &TournamentPage, lang: Lang) {
    let view = &page.view;
    let names = view.tie_break_names();
    let texts = crosstable_texts(lang, names);
    let _ = write!(
        html,
        "<section class=\"card\" aria-labelledby=\"mq-t-standings\">\
         <h2 id=\"mq-t-standings\">{}</h2>",
        word(lang, "web-tournament-standings", &[])
    );
    if page.standings.is_empty() {
        let _ = write!(
            html,
            "<p class=\"dim\">{}</p></section>",
            word(lang, "web-tournament-no-players", &[])
        );
        return;
    }
    open_table(html, "mq-t-standings", "standings");
    let _ = write!(
        html,
        "<thead><tr><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\">{}</th>\
         <th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th>",
        escape(&texts.rank),
        escape(&texts.player),
        word(lang, "web-tournament-rating", &[]),
        escape(&texts.points),
    );
    for name in names {
        let _ = write!(
            html,
            "<th scope=\"col\" class=\"num\"><abbr title=\"{}\">{}</abbr></th>",
            escape(&tie_break_name(lang, name)),
            escape(name)
        );
    }
    html.push_str("</tr></thead><tbody>");
    let winner = view.winner().map(|w| w.user);
    for s in &page.standings {
        let class = if winner == Some(s.user) {
            " class=\"winner\""
        } else {
            ""
        };
        let withdrawn = if s.withdrawn {
            format!(
                " <span class=\"withdrawn\">({})</span>",
                escape(&texts.withdrawn)
            )
        } else {
            String::new()
        };
        let _ = write!(
            html,
            "<tr{class}><td class=\"num\">{}</td><th scope=\"row\">{}{withdrawn}</th>\
             <td class=\"num dim\">{}</td><td class=\"num points\">{}</td>",
            s.rank,
            escape(&s.name),
            s.rating.round(),
            TournamentView::points_text(f64::from(s.half_points) / 2.0),
        );
        for value in &s.tie_breaks {
            let _ = write!(
                html,
                "<td class=\"num\">{}</td>",
                TournamentView::points_text(*value)
            );
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table></div>");
    if !names.is_empty() {
        let legend: Vec<String> = names.iter().map(|n| tie_break_name(lang, n)).collect();
        let _ = write!(
            html,
            "<p class=\"t-legend\">{}</p>",
            word(
                lang,
                "web-tournament-tie-breaks",
                &[("names", legend.join(", "))]
            )
        );
    }
    html.push_str("</section>");
}

fn crosstable(html: &mut String, view: &TournamentView, lang: Lang) {
    let texts = crosstable_texts(lang, view.tie_break_names());
    let table = view.crosstable(texts, String::new());
    let _ = write!(
        html,
        "<section class=\"card\" aria-labelledby=\"mq-t-crosstable\">\
         <h2 id=\"mq-t-crosstable\">{}</h2>",
        word(lang, "web-tournament-crosstable", &[])
    );
    open_table(html, "mq-t-crosstable", "crosstable");
    let _ = write!(
        html,
        "<thead><tr><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\">{}</th>",
        escape(&table.texts.rank),
        escape(&table.texts.player)
    );
    for round in 1..=table.rounds {
        let _ = write!(
            html,
            "<th scope=\"col\" class=\"num\">{}{round}</th>",
            escape(&table.texts.round)
        );
    }
    let _ = write!(
        html,
        "<th scope=\"col\" class=\"num\">{}</th></tr></thead><tbody>",
        escape(&table.texts.points)
    );
    let (white, black) = (
        word(lang, "web-tournament-cell-white", &[]),
        word(lang, "web-tournament-cell-black", &[]),
    );
    for row in &table.rows {
        let _ = write!(
            html,
            "<tr><td class=\"num\">{}</td><th scope=\"row\">{}</th>",
            row.rank,
            escape(&row.name)
        );
        for cell in &row.cells {
            let (text, class) = match cell {
                CrosstableCell::Game {
                    opponent,
                    white: as_white,
                    result,
                } => {
                    let colour = if *as_white { &white } else { &black };
                    let (mark, class) = match result {
                        CellResult::Win => ("+", "win"),
                        CellResult::Loss => ("−", "loss"),
                        CellResult::Draw => ("=", "draw"),
                        CellResult::ForfeitWin => ("+F", "win"),
                        CellResult::ForfeitLoss => ("−F", "loss"),
                        CellResult::Pending => ("…", "pending"),
                    };
                    (format!("{opponent}{colour} {mark}"), class)
                }
                CrosstableCell::Bye => (escape(&table.texts.bye), "bye"),
                CrosstableCell::Absent => (String::new(), "absent"),
            };
            let _ = write!(html, "<td class=\"cell {class}\">{text}</td>");
        }
        let _ = write!(html, "<td class=\"num points\">{}</td></tr>", row.points);
    }
    let _ = write!(
        html,
        "</tbody></table></div><p class=\"t-legend\">{}</p></section>",
        word(lang, "web-tournament-cell-legend", &[])
    );
}

fn rounds(html: &mut String, page: &TournamentPage, lang: Lang) {
    let view = &page.view;
    let _ = write!(
        html,
        "<section class=\"card\" aria-labelledby=\"mq-t-rounds\">\
         <h2 id=\"mq-t-rounds\">{}</h2>",
        word(lang, "web-tournament-rounds", &[])
    );
    for round in (1..=view.tournament.round).rev() {
        let _ = write!(
            html,
            "<h3 id=\"mq-t-round-{round}\">{}</h3><ol class=\"pairings\" aria-labelledby=\"mq-t-round-{round}\">",
            word(
                lang,
                "web-tournament-round",
                &[("round", round.to_string())]
            )
        );
        for p in view.round_pairings(round) {
            let white = escape(&view.name_of(p.white));
            let board = word(
                lang,
                "web-tournament-board",
                &[("board", p.board.to_string())],
            );
            let Some(black) = p.black else {
                let _ = write!(
                    html,
                    "<li><span class=\"t-board\">{board}</span>\
                     <span class=\"t-pair\">{white}</span>\
                     <span class=\"t-result waiting\">{}</span></li>",
                    word(lang, "web-tournament-bye", &[])
                );
                continue;
            };
            let black_name = escape(&view.name_of(black));
            let (result, waiting) = if p.result == PairingResult::Pending {
                (word(lang, "web-tournament-being-played", &[]), " waiting")
            } else {
                (score_text(p.result).to_owned(), "")
            };
            let link = p
                .game
                .and_then(|game| page.game_page(game))
                .map(|key| {
                    format!(
                        "<a class=\"button small watch\" href=\"/g/{key}\" aria-label=\"{}\">{}</a>",
                        word(
                            lang,
                            "web-tournament-watch-game",
                            &[
                                ("white", view.name_of(p.white)),
                                ("black", view.name_of(black))
                            ]
                        ),
                        word(lang, "web-tournament-watch", &[])
                    )
                })
                .unwrap_or_default();
            let _ = write!(
                html,
                "<li><span class=\"t-board\">{board}</span>\
                 <span class=\"t-pair\">{white} <span class=\"dim\">–</span> {black_name}</span>\
                 <span class=\"t-result{waiting}\">{result}</span>{link}</li>"
            );
        }
        html.push_str("</ol>");
    }
    html.push_str("</section>");
}
