//! The layers, read from the source: one place builds the application (`src/app`); the faces
//! (`src/discord`, `src/web`) never import each other; the command line imports no face;
//! nothing below the faces knows serenity, poise, axum or HTTP; and nothing but the command
//! line imports the application.

use std::path::{Path, PathBuf};

/// The libraries only a face may use.
const FACE_LIBRARIES: [&str; 7] = [
    "serenity",
    "poise",
    "axum",
    "tower",
    "tower_http",
    "hyper",
    "reqwest",
];

/// Every `.rs` file under `dir` (relative to the repository), recursively; or the file itself.
fn rust_files(dir: &str) -> Vec<PathBuf> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    if top.is_file() {
        return vec![top];
    }
    let mut found = Vec::new();
    let mut pending = vec![top];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The code of a file, without its comments (a doc comment may name what the code may not
/// use).
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `code` names the path `name` (`name::…`, or `use name;`), as a whole word.
fn names(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = &code[at + name.len()..];
        let whole = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
        whole && (after.starts_with("::") || after.starts_with(';') || after.starts_with(" as "))
    })
}

/// The files under `dirs` that name any of `forbidden`, with what they name.
fn crossings(dirs: &[&str], forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for dir in dirs {
        for file in rust_files(dir) {
            let code = code(&file);
            for name in forbidden {
                if names(&code, name) {
                    let file = file.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
                    found.push(format!("{} uses {name}", file.display()));
                }
            }
        }
    }
    found
}

#[test]
fn a_face_never_imports_another_face() {
    assert_eq!(
        crossings(&["src/discord"], &["crate::web"]),
        Vec::<String>::new()
    );
    assert_eq!(
        crossings(&["src/web"], &["crate::discord"]),
        Vec::<String>::new()
    );
}

#[test]
fn the_command_line_imports_no_face() {
    let faces = ["crate::discord", "crate::web"];
    assert_eq!(crossings(&["src/cli"], &faces), Vec::<String>::new());
}

#[test]
fn below_the_faces_nothing_knows_discord_or_http() {
    let below = [
        "src/games",
        "src/storage",
        "src/render",
        "src/i18n",
        "src/model.rs",
        "src/model",
        "src/rating.rs",
        "core/src",
        "pairing/src",
    ];
    let mut forbidden = FACE_LIBRARIES.to_vec();
    forbidden.extend(["crate::discord", "crate::web", "crate::app", "crate::cli"]);
    assert_eq!(crossings(&below, &forbidden), Vec::<String>::new());
    let faces = ["crate::app", "crate::cli"];
    assert_eq!(
        crossings(&["src/discord", "src/web"], &faces),
        Vec::<String>::new()
    );
}

#[test]
fn the_check_sees_an_import() {
    assert!(names("use crate::web::Activity;", "crate::web"));
    assert!(names("let x = serenity::UserId::new(1);", "serenity"));
    assert!(names("use poise as p;", "poise"));
    assert!(!names("use crate::webhooks::X;", "crate::web"));
    assert!(!names("my_serenity::x", "serenity"));
}
