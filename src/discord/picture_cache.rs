//! The analysis answers already drawn, kept in memory so a second request is answered at
//! once, without the engine or the renderer.
//!
//! The engine's scores are stored in the database (see `GameService::analysis`), so after a
//! restart only the picture is drawn again. Pictures are per game and language (their words
//! differ), about 100 KB each; the cache keeps the [`CAPACITY`] used last.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use crate::games::GameId;
use crate::i18n::Lang;

/// How many answers are kept.
pub const CAPACITY: usize = 32;

/// One analysis answer: its text and its picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisAnswer {
    /// The message text.
    pub content: String,
    /// The PNG.
    pub png: Arc<Vec<u8>>,
    /// The PNG's alt text.
    pub alt: String,
}

/// The latest answers, the most recently used last.
#[derive(Debug, Default)]
pub struct PictureCache {
    entries: Mutex<VecDeque<((GameId, Lang), AnalysisAnswer)>>,
}

impl PictureCache {
    /// The answer for `game` in `lang`, if it is kept (it becomes the most recently used).
    pub fn get(&self, game: GameId, lang: Lang) -> Option<AnalysisAnswer> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let at = entries.iter().position(|(key, _)| *key == (game, lang))?;
        let entry = entries.remove(at)?;
        let answer = entry.1.clone();
        entries.push_back(entry);
        Some(answer)
    }

    /// Keeps `answer` for `game` in `lang`, forgetting the least recently used beyond
    /// [`CAPACITY`].
    pub fn insert(&self, game: GameId, lang: Lang, answer: AnalysisAnswer) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.retain(|(key, _)| *key != (game, lang));
        entries.push_back(((game, lang), answer));
        while entries.len() > CAPACITY {
            entries.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(n: u8) -> AnalysisAnswer {
        AnalysisAnswer {
            content: n.to_string(),
            png: Arc::new(vec![n]),
            alt: String::new(),
        }
    }

    #[test]
    fn keeps_the_latest_used_answers_per_game_and_language() {
        let cache = PictureCache::default();
        cache.insert(GameId(1), Lang::En, answer(1));
        cache.insert(GameId(1), Lang::Es, answer(2));
        assert_eq!(cache.get(GameId(1), Lang::En), Some(answer(1)));
        assert_eq!(cache.get(GameId(1), Lang::Es), Some(answer(2)));
        assert_eq!(cache.get(GameId(2), Lang::En), None);
        for n in 0..CAPACITY {
            // Game 1 in English stays: it is used between the insertions.
            let _ = cache.get(GameId(1), Lang::En);
            cache.insert(GameId(100 + n as i64), Lang::En, answer(3));
        }
        assert_eq!(cache.get(GameId(1), Lang::En), Some(answer(1)));
        assert_eq!(cache.get(GameId(1), Lang::Es), None, "least recently used");
        assert_eq!(cache.entries.lock().unwrap().len(), CAPACITY);
    }
}
