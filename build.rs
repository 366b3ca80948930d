//! Rebuilds when a migration or a web page's file changes, so `sqlx::migrate!` embeds the
//! current set and the binary serves the current pages.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=web");
}
