//! The rating chart beside `/stats`: a player's rating after each rated game with the band of
//! ± its deviation, drawn on a blocking thread when the CPU limiter grants a turn.

use crate::discord::board::service_failure;
use crate::discord::{Data, Error};
use crate::games::UserId;
use crate::i18n::{ChartWord, Lang, Msg};
use crate::render::{RatingPoint, RatingTexts};

/// File name of the rating chart.
pub const FILE_NAME: &str = "rating.png";

/// The PNG of `user`'s rating over time, or `None` before their first rated game.
pub async fn picture(data: &Data, user: UserId, lang: Lang) -> Result<Option<Vec<u8>>, Error> {
    let history = data
        .service
        .rating_history(user)
        .await
        .map_err(service_failure)?;
    if history.games.is_empty() {
        return Ok(None);
    }
    let start = RatingPoint {
        rating: history.start_rating,
        deviation: history.start_deviation,
    };
    let points: Vec<RatingPoint> = std::iter::once(start)
        .chain(history.games.iter().map(|g| RatingPoint {
            rating: g.rating,
            deviation: g.deviation,
        }))
        .collect();
    let texts = RatingTexts {
        games: lang.text(&Msg::ChartWord(ChartWord::RatedGames)),
    };
    let renderer = data.renderer.clone();
    let png = data
        .cpu_work(move || renderer.rating_png(&points, &texts))
        .await??;
    Ok(Some(png))
}
