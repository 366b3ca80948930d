//! The words of every language: commands named by their localized names, and none of the words
//! its glossary rules out.

use std::collections::HashMap;

use super::Lang;
use super::bundles::{command_text, ids, sources, texts};

/// The five files of a language.
const FILES: [&str; 5] = [
    "bot.ftl",
    "refusals.ftl",
    "rules.ftl",
    "commands.ftl",
    "web.ftl",
];

/// Every message of `lang`, as (file, id, words).
fn messages(lang: Lang) -> Vec<(&'static str, String, String)> {
    FILES
        .into_iter()
        .flat_map(|file| {
            texts(lang, file)
                .into_iter()
                .map(move |(id, text)| (file, id, text))
        })
        .collect()
}

/// `lang`'s commands: each top-level command's localized name, with its id.
fn top_level_commands(lang: Lang) -> HashMap<String, String> {
    ids(lang, "commands.ftl")
        .into_iter()
        .filter(|id| !id.contains('-'))
        .filter_map(|id| Some((command_text(lang, &id)?, id)))
        .collect()
}

/// The commands a text names: every `/name` that starts a word (not a path inside a link), with
/// the word after it.
fn named_commands(text: &str) -> Vec<(String, Option<String>)> {
    let chars: Vec<char> = text.chars().collect();
    let is_name = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let mut found = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let starts_word =
            i == 0 || chars[i - 1].is_whitespace() || "`(„“\"«*'".contains(chars[i - 1]);
        if c != '/' || !starts_word || !chars.get(i + 1).is_some_and(|c| c.is_alphabetic()) {
            continue;
        }
        let name: String = chars[i + 1..].iter().take_while(|&&c| is_name(c)).collect();
        let after = i + 1 + name.chars().count();
        let next = (chars.get(after) == Some(&' '))
            .then(|| {
                chars[after + 1..]
                    .iter()
                    .take_while(|&&c| is_name(c))
                    .collect()
            })
            .filter(|word: &String| !word.is_empty());
        found.push((name, next));
    }
    found
}

/// Every command a text names is the language's own name for it, and so is a subcommand or
/// option named right after it (`/problema diario`, not `/problema daily`).
#[test]
fn texts_name_commands_by_their_localized_names() {
    let english_ids = ids(Lang::En, "commands.ftl");
    let mut wrong = Vec::new();
    for lang in Lang::ALL {
        let commands = top_level_commands(lang);
        for (file, id, text) in messages(lang) {
            for (name, next) in named_commands(&text) {
                let Some(command) = commands.get(&name) else {
                    wrong.push(format!("{lang:?} {file} {id}: /{name}"));
                    continue;
                };
                let Some(next) = next else { continue };
                let prefix = format!("{command}-");
                for child in english_ids
                    .iter()
                    .filter(|child| child.starts_with(&prefix) && !child.ends_with("description"))
                {
                    let english = command_text(Lang::En, child).unwrap_or_default();
                    let own = command_text(lang, child).unwrap_or_default();
                    if next == english && next != own {
                        wrong.push(format!("{lang:?} {file} {id}: /{name} {next} (not {own})"));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "commands not named as in commands.ftl:\n{}",
        wrong.join("\n")
    );
}

/// What `lang`'s glossary (the head of its `bot.ftl`) rules out.
struct Glossary {
    /// The entries of its `# forbidden:` lines, in any case.
    forbidden: Vec<String>,
    /// The words of its `# forbidden-exact:` lines, in exactly that case (`brancas` where
    /// the colours are capitalised).
    exact: Vec<String>,
    /// The phrases of its `# forbidden-except:` lines (separated by `;`), where a forbidden
    /// word may still appear.
    allowed: Vec<String>,
}

/// `lang`'s glossary.
fn glossary(lang: Lang) -> Glossary {
    let source = sources(lang)[0].1;
    let list = |key: &str, separator: char| -> Vec<String> {
        source
            .lines()
            .filter_map(|line| line.strip_prefix(key))
            .flat_map(|rest| rest.split(separator))
            .map(|entry| entry.trim().to_owned())
            .filter(|entry| !entry.is_empty())
            .collect()
    };
    let lower = |entries: Vec<String>| entries.iter().map(|e| e.to_lowercase()).collect();
    Glossary {
        forbidden: lower(list("# forbidden:", ',')),
        exact: list("# forbidden-exact:", ','),
        allowed: lower(list("# forbidden-except:", ';')),
    }
}

/// The words of `text`, in lower case.
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Whether `text` holds `entry`: as whole words when it is made of words, else as it is
/// written (`n.º`), both ignoring case.
fn holds(text: &str, entry: &str) -> bool {
    if entry.chars().all(|c| c.is_alphanumeric() || c == ' ') {
        let wanted = words(entry);
        words(text).windows(wanted.len()).any(|w| w == wanted)
    } else {
        text.to_lowercase().contains(entry)
    }
}

/// No message of a language uses a word its glossary rules out.
#[test]
fn no_language_uses_a_word_its_glossary_rules_out() {
    let mut wrong = Vec::new();
    for lang in Lang::ALL {
        let glossary = glossary(lang);
        assert!(
            !glossary.forbidden.is_empty(),
            "{lang:?}: its glossary has no `# forbidden:` line"
        );
        for (file, id, text) in messages(lang) {
            for word in text
                .split(|c: char| !c.is_alphanumeric())
                .filter(|word| glossary.exact.iter().any(|exact| exact == word))
            {
                wrong.push(format!("{lang:?} {file} {id}: “{word}”"));
            }
            let mut text = text.to_lowercase();
            for phrase in &glossary.allowed {
                text = text.replace(phrase.as_str(), " ");
            }
            for entry in glossary
                .forbidden
                .iter()
                .filter(|entry| holds(&text, entry))
            {
                wrong.push(format!("{lang:?} {file} {id}: “{entry}”"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "words the glossaries rule out:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_checks_find_what_they_look_for() {
    assert_eq!(
        named_commands("Try `/puzzle daily`, see https://x.y/move or (/board)."),
        vec![
            ("puzzle".to_owned(), Some("daily".to_owned())),
            ("board".to_owned(), None)
        ]
    );
    assert!(holds("Encontre o Lance vencedor", "lance"));
    assert!(!holds("lances-en une", "lance"));
    assert!(holds("problema n.º 3", "n.º"));
    assert!(!holds("n'existe pas", "n°"));
}
