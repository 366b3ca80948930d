//! The viewer's language, from the browser's `Accept-Language`: the most preferred language
//! the bot speaks, else English.

use axum::extract::FromRequestParts;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::request::Parts;

use crate::i18n::Lang;

/// The language a request is answered in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Viewer(pub Lang);

impl<S: Send + Sync> FromRequestParts<S> for Viewer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Viewer, Self::Rejection> {
        let header = parts
            .headers
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        Ok(Viewer(preferred(header)))
    }
}

/// The language of `Accept-Language` (`fr-CH, fr;q=0.9, en;q=0.8`) with the highest weight
/// that the bot speaks; English when none is.
fn preferred(header: &str) -> Lang {
    let mut best: Option<(f32, Lang)> = None;
    for item in header.split(',').take(20) {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or_default().trim();
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        let spoken = ["en", "es", "fr", "de", "pt"]
            .iter()
            .any(|l| primary.eq_ignore_ascii_case(l));
        if spoken && weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, Lang::from_locale(tag)));
        }
    }
    best.map_or(Lang::En, |(_, lang)| lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_wanted_spoken_language_wins() {
        assert_eq!(preferred("fr-CH, fr;q=0.9, en;q=0.8"), Lang::Fr);
        assert_eq!(preferred("ja, de;q=0.5, en;q=0.4"), Lang::De);
        assert_eq!(preferred("pt-BR"), Lang::PtBr);
        assert_eq!(preferred("en;q=0.2, es;q=0.7"), Lang::Es);
        assert_eq!(preferred("zh-CN"), Lang::En);
        assert_eq!(preferred(""), Lang::En);
        assert_eq!(preferred("de;q=0, fr;q=garbage"), Lang::Fr);
        assert_eq!(preferred(&"x;q=1,".repeat(10_000)), Lang::En);
    }
}
