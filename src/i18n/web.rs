//! The words of the web pages (`web.ftl`), handed to the page whole: each message rendered
//! once, with each variable `$name` written as the literal `{name}`, which the page fills in.
//! The messages of `web.ftl` have variables but no selectors, so one rendering serves every
//! value.

use fluent_bundle::{FluentArgs, FluentResource};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};

use super::{Lang, bundles};

/// Every message of `web.ftl` in `lang`, id and text, in the file's order.
#[must_use]
pub fn web_strings(lang: Lang) -> Vec<(String, String)> {
    english_variables()
        .into_iter()
        .map(|(id, variables)| {
            let mut args = FluentArgs::new();
            for name in variables {
                let literal = format!("{{{name}}}");
                args.set(name, literal);
            }
            let text = bundles::format(lang, &id, Some(&args));
            (id, text)
        })
        .collect()
}

/// Message `id` of `web.ftl` in `lang` with the variables `vars` filled in, for what the
/// server writes itself (a page's title, its unfurl, its board picture).
#[must_use]
pub fn web_text(lang: Lang, id: &str, vars: &[(&str, String)]) -> String {
    let mut args = FluentArgs::new();
    for (name, value) in vars {
        args.set(*name, value.clone());
    }
    bundles::format(lang, id, Some(&args))
}

/// Each message of English `web.ftl` with the variables its value uses.
fn english_variables() -> Vec<(String, Vec<String>)> {
    let Some((_, source)) = bundles::sources(Lang::En)
        .into_iter()
        .find(|(name, _)| *name == "web.ftl")
    else {
        return Vec::new();
    };
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(resource) | Err((resource, _)) => resource,
    };
    resource
        .entries()
        .filter_map(|entry| match entry {
            Entry::Message(message) => {
                let mut variables = Vec::new();
                for element in message.value.iter().flat_map(|p| &p.elements) {
                    if let PatternElement::Placeable {
                        expression: Expression::Inline(InlineExpression::VariableReference { id }),
                    } = element
                    {
                        variables.push(id.name.to_owned());
                    }
                }
                Some((message.id.name.to_owned(), variables))
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every language has every web message, each variable left for the page as `{name}`,
    /// translated where the English is a sentence.
    #[test]
    fn every_web_message_renders_in_every_language_with_its_variables_for_the_page() {
        let english = web_strings(Lang::En);
        assert!(english.len() > 20, "{english:?}");
        for lang in Lang::ALL {
            let strings = web_strings(lang);
            assert_eq!(strings.len(), english.len(), "{lang:?}");
            for ((id, text), (_, en)) in strings.iter().zip(&english) {
                assert!(!text.trim().is_empty(), "{lang:?} {id}");
                assert!(!text.contains('$'), "{lang:?} {id}: {text}");
                for variable in en.split('{').skip(1) {
                    let name = variable.split('}').next().unwrap_or_default();
                    assert!(
                        text.contains(&format!("{{{name}}}")),
                        "{lang:?} {id}: {text}"
                    );
                }
            }
        }
    }
}
