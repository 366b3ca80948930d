//! The Fluent files of every language, embedded at build time and parsed once per process.
//!
//! Each language is a folder under `locales/` with the same five files (`bot.ftl`,
//! `refusals.ftl`, `rules.ftl`, `commands.ftl`, `web.ftl`) holding the same message ids; the tests check
//! that they do.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use tracing::warn;
use unic_langid::LanguageIdentifier;

use super::Lang;

/// The files of one language, in the order they are added to its bundle.
pub(super) type Sources = [(&'static str, &'static str); 5];

macro_rules! sources {
    ($folder:literal) => {
        [
            (
                "bot.ftl",
                include_str!(concat!("../../locales/", $folder, "/bot.ftl")),
            ),
            (
                "refusals.ftl",
                include_str!(concat!("../../locales/", $folder, "/refusals.ftl")),
            ),
            (
                "rules.ftl",
                include_str!(concat!("../../locales/", $folder, "/rules.ftl")),
            ),
            (
                "commands.ftl",
                include_str!(concat!("../../locales/", $folder, "/commands.ftl")),
            ),
            (
                "web.ftl",
                include_str!(concat!("../../locales/", $folder, "/web.ftl")),
            ),
        ]
    };
}

/// The Fluent files of `lang`.
pub(super) fn sources(lang: Lang) -> Sources {
    match lang {
        Lang::En => sources!("en"),
        Lang::Es => sources!("es"),
        Lang::Fr => sources!("fr"),
        Lang::De => sources!("de"),
        Lang::PtBr => sources!("pt-BR"),
    }
}

/// A language's messages, ready to format.
type Bundle = FluentBundle<FluentResource>;

/// One language: the texts the bot writes, and the names of its commands. They are apart
/// because their ids overlap (`rules` is both a message and a command).
struct Language {
    texts: Bundle,
    commands: Bundle,
}

/// Every language, in [`Lang::ALL`] order.
static LANGUAGES: LazyLock<Vec<Language>> = LazyLock::new(|| {
    Lang::ALL
        .into_iter()
        .map(|lang| {
            let [bot, refusals, rules, commands, web] = sources(lang);
            Language {
                texts: bundle(lang, &[bot, refusals, rules, web]),
                commands: bundle(lang, &[commands]),
            }
        })
        .collect()
});

/// Parses `files` of `lang` into a bundle. A file that does not parse is a build defect the
/// tests catch; at run time its valid messages are kept and the rest logged.
fn bundle(lang: Lang, files: &[(&'static str, &'static str)]) -> Bundle {
    let id: LanguageIdentifier = lang.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows text as it comes: no Unicode isolation marks around placeables.
    bundle.set_use_isolating(false);
    for &(file, source) in files {
        let resource =
            FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, errors)| {
                warn!(
                    lang = lang.tag(),
                    file,
                    ?errors,
                    "a Fluent file has syntax errors"
                );
                partial
            });
        if let Err(errors) = bundle.add_resource(resource) {
            warn!(
                lang = lang.tag(),
                file,
                ?errors,
                "a Fluent file repeats a message"
            );
        }
    }
    bundle
}

/// Message `id` in `lang` with `args`, falling back to English if `lang` lacks it. What went
/// wrong (no such message, a variable not given) is logged, and the tests make sure nothing
/// does.
pub(super) fn format(lang: Lang, id: &str, args: Option<&FluentArgs<'_>>) -> String {
    try_format(lang, id, args).unwrap_or_else(|problem| fall_back(lang, id, args, &problem))
}

/// What a message that could not be formatted shows: English, or its id.
#[cfg(not(test))]
fn fall_back(lang: Lang, id: &str, args: Option<&FluentArgs<'_>>, problem: &str) -> String {
    warn!(lang = lang.tag(), id, %problem, "a message could not be formatted");
    if lang == Lang::En {
        return String::from(id);
    }
    format(Lang::En, id, args)
}

/// The tests render every message in every language: there, one that fails is a defect.
#[cfg(test)]
fn fall_back(lang: Lang, id: &str, _: Option<&FluentArgs<'_>>, problem: &str) -> String {
    panic!("{lang:?} {id}: {problem}")
}

/// Message `id` in `lang`, or what kept it from being formatted completely.
pub(super) fn try_format(
    lang: Lang,
    id: &str,
    args: Option<&FluentArgs<'_>>,
) -> Result<String, String> {
    let bundle = &LANGUAGES[lang.index()].texts;
    let pattern = bundle
        .get_message(id)
        .and_then(|m| m.value())
        .ok_or_else(|| format!("no message {id}"))?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(format!("{errors:?}"))
    }
}

/// Command text `id` (a name or description from `commands.ftl`) in `lang`, if it has one.
pub(super) fn command_text(lang: Lang, id: &str) -> Option<String> {
    let bundle = &LANGUAGES[lang.index()].commands;
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, None, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The message ids of `lang`'s file `file` (`bot.ftl`, …), in the file's order; empty for a
/// file that does not parse.
pub(super) fn ids(lang: Lang, file: &str) -> Vec<String> {
    let Some((_, source)) = sources(lang).into_iter().find(|(name, _)| *name == file) else {
        return Vec::new();
    };
    let Ok(resource) = FluentResource::try_new(source.to_owned()) else {
        return Vec::new();
    };
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

/// The words of every message in `lang`'s file `file` (`bot.ftl`, …), by message id: the text
/// of its value and of every variant of its selectors, each placeable a space.
#[cfg(test)]
pub(super) fn texts(lang: Lang, file: &str) -> Vec<(String, String)> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

    fn collect(pattern: &Pattern<&str>, out: &mut String) {
        for element in &pattern.elements {
            match element {
                PatternElement::TextElement { value } => out.push_str(value),
                PatternElement::Placeable { expression } => {
                    out.push(' ');
                    match expression {
                        Expression::Select { variants, .. } => {
                            for variant in variants {
                                collect(&variant.value, out);
                                out.push('\n');
                            }
                        }
                        Expression::Inline(InlineExpression::StringLiteral { value }) => {
                            out.push_str(value);
                        }
                        Expression::Inline(_) => {}
                    }
                    out.push(' ');
                }
            }
        }
    }

    let Some((_, source)) = sources(lang).into_iter().find(|(name, _)| *name == file) else {
        return Vec::new();
    };
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(partial, _)| partial);
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            Entry::Message(m) => {
                let mut text = String::new();
                if let Some(value) = &m.value {
                    collect(value, &mut text);
                }
                for attribute in &m.attributes {
                    text.push('\n');
                    collect(&attribute.value, &mut text);
                }
                Some((m.id.name.to_owned(), text))
            }
            _ => None,
        })
        .collect()
}
