//! Which language to answer in. One table says, for every language the bot speaks, the
//! language subtag it answers to and the Discord locales it is offered under; a Discord
//! locale and an HTTP `Accept-Language` are both read against it.

use super::Lang;

/// What a language answers to: one row of the table.
struct Names {
    /// Its primary language subtag (BCP 47), the part of a locale or a language range
    /// before the first `-`: `pt` for `pt-BR`, `es` for `es-419`.
    subtag: &'static str,
    /// The Discord locales its command names are offered under (Discord has no plain Spanish
    /// or English locale, only regional ones).
    discord: &'static [&'static str],
}

/// The table: what each language answers to.
const fn names(lang: Lang) -> Names {
    let (subtag, discord): (&str, &[&str]) = match lang {
        Lang::En => ("en", &["en-US", "en-GB"]),
        Lang::Es => ("es", &["es-ES", "es-419"]),
        Lang::Fr => ("fr", &["fr"]),
        Lang::De => ("de", &["de"]),
        Lang::PtBr => ("pt", &["pt-BR"]),
    };
    Names { subtag, discord }
}

/// Items of an `Accept-Language` read at most: a longer header is not a browser's.
const MAX_RANGES: usize = 20;

impl Lang {
    /// The language for a Discord locale such as `es-ES`, `es-419`, `fr`, `de` or `pt-BR`
    /// (any region of a language the bot speaks); English for any other.
    #[must_use]
    pub fn from_locale(locale: &str) -> Lang {
        spoken(locale).unwrap_or_default()
    }

    /// The language for an HTTP `Accept-Language` header (`fr-CH, fr;q=0.9, en;q=0.8`): the
    /// spoken language of the range with the highest weight (`q`, 1 when absent; 0 refuses a
    /// range), the first of equal weights; English when none is spoken.
    #[must_use]
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for item in header.split(',').take(MAX_RANGES) {
            let mut parts = item.split(';');
            let range = parts.next().unwrap_or_default().trim();
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if let Some(lang) = spoken(range)
                && weight > 0.0
                && best.is_none_or(|(w, _)| weight > w)
            {
                best = Some((weight, lang));
            }
        }
        best.map_or(Lang::En, |(_, lang)| lang)
    }

    /// The Discord locales this language is offered under for command names.
    #[must_use]
    pub const fn discord_locales(self) -> &'static [&'static str] {
        names(self).discord
    }
}

/// The language a locale or language range names by its primary subtag (`pt-BR`, `es_419`,
/// `FR`), if the bot speaks it.
fn spoken(tag: &str) -> Option<Lang> {
    let subtag = tag.trim().split(['-', '_']).next().unwrap_or_default();
    Lang::ALL
        .into_iter()
        .find(|&lang| names(lang).subtag.eq_ignore_ascii_case(subtag))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_by_language_whatever_the_region() {
        for (locale, lang) in [
            ("es-ES", Lang::Es),
            ("es-419", Lang::Es),
            ("en-US", Lang::En),
            ("en-GB", Lang::En),
            ("fr", Lang::Fr),
            ("de", Lang::De),
            ("pt-BR", Lang::PtBr),
            ("ja", Lang::En),
            ("zh-CN", Lang::En),
            ("", Lang::En),
        ] {
            assert_eq!(Lang::from_locale(locale), lang, "{locale}");
        }
    }

    #[test]
    fn every_offered_discord_locale_reads_back_as_its_language() {
        for lang in Lang::ALL {
            assert!(!lang.discord_locales().is_empty(), "{lang:?}");
            for locale in lang.discord_locales() {
                assert_eq!(Lang::from_locale(locale), lang, "{locale}");
                assert_eq!(Lang::from_accept_language(locale), lang, "{locale}");
            }
        }
    }

    #[test]
    fn the_most_wanted_spoken_language_wins() {
        let cases = [
            ("fr-CH, fr;q=0.9, en;q=0.8", Lang::Fr),
            ("ja, de;q=0.5, en;q=0.4", Lang::De),
            ("pt-BR", Lang::PtBr),
            ("pt-PT,pt;q=0.9", Lang::PtBr),
            ("en;q=0.2, es;q=0.7", Lang::Es),
            ("es;q=0.5, fr;q=0.5", Lang::Es),
            ("zh-CN", Lang::En),
            ("*", Lang::En),
            ("", Lang::En),
            ("de;q=0, fr;q=garbage", Lang::Fr),
            ("DE-at", Lang::De),
        ];
        for (header, lang) in cases {
            assert_eq!(Lang::from_accept_language(header), lang, "{header}");
        }
        assert_eq!(
            Lang::from_accept_language(&"x;q=1,".repeat(10_000)),
            Lang::En
        );
        let late = format!("{}de", "x,".repeat(MAX_RANGES));
        assert_eq!(
            Lang::from_accept_language(&late),
            Lang::En,
            "past the items read"
        );
    }
}
