//! English texts.

use monkey_queen_core::analysis::Mistake;
use monkey_queen_core::{Color, GameOptions, IllegalMove, Move, MoveError, ParseError, Role};

use super::{Button, ChartWord, Msg, echo};
use crate::games::{
    Challenge, GameResult, GameView, HistoryPage, LeaderboardPage, PlayedGame, PlayerStats,
    UserError,
};
use crate::model::{
    BoardOrientation, ChallengeStatus, ColorChoice, EndReason, GameStatus, GuildSettings, Level,
    UserId,
};

/// Renders `msg` in English.
pub fn text(msg: &Msg<'_>) -> String {
    match msg {
        Msg::MoveInWords { mover, mv } => move_in_words(*mover, *mv),
        Msg::Refused(e) => refused(e),
        Msg::ColorName(c) => color(*c).to_owned(),
        Msg::Internal => "Something went wrong on our side. Please try again.".to_owned(),
        Msg::Label(b) => label(*b).to_owned(),
        Msg::Options(o) => options(*o),
        Msg::Clock(ms) => clock(*ms),
        Msg::ChallengePosted(c) => challenge_posted(c),
        Msg::ChallengeClosed { challenge, by } => challenge_closed(challenge, *by),
        Msg::GameStarted(g) => format!(
            "**Game #{}** — {} plays White, {} plays Black. {}, you move first.{}",
            g.id,
            mention(g.white.id.0),
            mention(g.black.id.0),
            g.to_move.map_or_else(String::new, |u| mention(u.0)),
            deadline(g)
        ),
        Msg::MovePosted { game, mover, mv } => {
            let moved = move_in_words(*mover, *mv);
            match &game.result {
                Some(result) => format!("{moved}.\n{}", game_over(game, result)),
                None => format!("{moved}.\n{}", your_move(game)),
            }
        }
        Msg::BoardShown(g) => match &g.result {
            Some(result) => format!("**Game #{}**. {}", g.id, game_over(g, result)),
            None if g.status == GameStatus::Aborted => format!("**Game #{}** was aborted.", g.id),
            None => format!("**Game #{}**, ply {}. {}", g.id, g.ply(), your_move(g)),
        },
        Msg::GameOver(g, r) => game_over(g, r),
        Msg::CalledOff { game, by } => format!(
            "Game #{game} was called off by {} after a week without a move. No result.",
            mention(by.0)
        ),
        Msg::Aborted { game, by } => format!(
            "Game #{game} was aborted by {} before both players had moved. No result.",
            mention(by.0)
        ),
        Msg::StatusLine(g) => status_line(g),
        Msg::PickPiece(game) => {
            format!("**Game #{game}**: choose the piece to move; the marked squares can move.")
        }
        Msg::PickDestination { game, from } => format!(
            "**Game #{game}**: where does the piece on {from} go? The marked squares are its moves."
        ),
        Msg::ChoosePiece => "Choose a piece".to_owned(),
        Msg::ChooseDestination => "Choose where it goes".to_owned(),
        Msg::PieceOnSquare { role, square } => match role {
            Role::Queen => format!("Queen on {square}"),
            Role::Baby => format!("Baby on {square}"),
        },
        Msg::BoardInThread { mv, thread } => {
            format!("You played {mv}; the board is in the game's thread, <#{thread}>.")
        }
        Msg::ConfirmResign(game) => {
            format!("Resign game #{game}? Your opponent wins; this cannot be undone.")
        }
        Msg::PieceMoves { square, count } => match count {
            0 => format!("The piece on {square} has no legal move."),
            1 => format!("The piece on {square} has 1 legal move, marked on the board."),
            n => format!("The piece on {square} has {n} legal moves, marked on the board."),
        },
        Msg::GamesList { page, viewer } => {
            if page.entries.is_empty() {
                return "You have no games in progress in this server. Start one with `/challenge`."
                    .to_owned();
            }
            let mut out = String::from("**Your games in progress**");
            if page.total_pages > 1 {
                out.push_str(&format!(
                    " · {} in all · page {} of {}",
                    page.total,
                    page.page + 1,
                    page.total_pages
                ));
            }
            for g in &page.entries {
                let opponent = if g.white.id == *viewer {
                    &g.black
                } else {
                    &g.white
                };
                let turn = if g.to_move == Some(*viewer) {
                    "**your move**"
                } else {
                    "their move"
                };
                out.push_str(&format!(
                    "\n• #{} vs {} — {turn}, ply {}{}",
                    g.id,
                    mention(opponent.id.0),
                    g.ply,
                    super::link(&g.place).map_or_else(String::new, |l| format!(" — [board]({l})"))
                ));
            }
            out
        }
        Msg::Rules => RULES.to_owned(),
        Msg::OtherBot => "Bots other than me can't play. Challenge a person, or me.".to_owned(),
        Msg::UnknownButton => {
            "That button no longer does anything. Use `/board` to see the game.".to_owned()
        }
        Msg::Reminder(g) => format!(
            "⏰ {}, it is still your move in game #{}{}.{}",
            g.to_move.map_or_else(String::new, |u| mention(u.0)),
            g.id,
            super::link(&g.place).map_or_else(String::new, |l| format!(" ([board]({l}))")),
            deadline(g)
        ),
        Msg::Stats(s) => stats(s),
        Msg::Leaderboard { page, global } => leaderboard(page, *global),
        Msg::History { user, page } => history(*user, page),
        Msg::Replay { game, record } => {
            let head = format!(
                "**Replay of game #{}** — {} (White) vs {} (Black) · {}",
                game.id,
                mention(game.white.id.0),
                mention(game.black.id.0),
                status_line(game)
            );
            match record {
                Some(record) => {
                    format!("{head}\nRecord (paste it back to import):\n```\n{record}\n```")
                }
                None => format!("{head}\nThe record is attached (too long for a message)."),
            }
        }
        Msg::Settings { settings, saved } => settings_text(settings, *saved),
        Msg::NotManager => {
            "Only server managers (with the Manage Server permission) can change the settings."
                .to_owned()
        }
        Msg::ServerOnly => "This command only works in a server.".to_owned(),
        Msg::UnknownCommand => "I don't know that command; Discord may still be showing an \
                                old list. Type `/` to see the current commands."
            .to_owned(),
        Msg::MalformedCommand => "That command arrived with an option missing or of the wrong \
                                  kind, so I did nothing. Please pick it again from the `/` menu."
            .to_owned(),
        Msg::Analysis {
            game,
            mistakes,
            turning_points,
        } => analysis(game, mistakes, turning_points),
        Msg::AnalysisTitle(g) => format!(
            "Game #{} · {} vs {} · {}",
            g.id,
            g.white.name,
            g.black.name,
            status_line(g)
        ),
        Msg::MistakeCaption { number, mistake } => {
            format!("{number} · ply {} · {}", mistake.ply, color(mistake.mover))
        }
        Msg::ChartWord(word) => match word {
            ChartWord::Ply => "ply",
            ChartWord::Win => "win",
            ChartWord::Played => "played",
            ChartWord::Better => "better",
            ChartWord::NoMistakes => "No move lost much: the engine found no clear mistake.",
            ChartWord::RatedGames => "rated games",
        }
        .to_owned(),
        Msg::ThreadName(g) => format!(
            "Monkey Queen #{}: {} vs {}",
            g.id, g.white.name, g.black.name
        ),
    }
}

fn stats(s: &PlayerStats) -> String {
    let who = mention(s.user.0);
    if s.games == 0 {
        return format!(
            "{who} has no finished games yet. Rating {:.0} (±{:.0}), a newcomer's.",
            s.rating, s.deviation
        );
    }
    let rate = s
        .win_rate
        .map_or_else(String::new, |r| format!(" · win rate {:.0}%", r * 100.0));
    let streak = match s.current_streak {
        0 => "none".to_owned(),
        n if n > 0 => plural(n, "win", "wins") + " in a row",
        n => plural(-n, "loss", "losses") + " in a row",
    };
    let certainty = if s.provisional {
        "provisional: off the leaderboard until it settles"
    } else {
        "established"
    };
    let mut out = format!(
        "**Stats of {who}**\nRating **{:.0}** (±{:.0}, {certainty}) · {} ({} rated): {}, {}{rate}\nCurrent streak: {streak}",
        s.rating,
        s.deviation,
        plural(i64::from(s.games), "game", "games"),
        s.rated_games,
        plural(i64::from(s.wins), "win", "wins"),
        plural(i64::from(s.losses), "loss", "losses"),
    );
    if !s.recent.is_empty() {
        out.push_str("\nRecent games:");
        for game in &s.recent {
            out.push_str(&format!("\n• {}", played_game(game)));
        }
    }
    out
}

fn played_game(g: &PlayedGame) -> String {
    let result = if g.won { "won" } else { "lost" };
    let opponent = match g.ai_level {
        Some(level) => format!("the computer ({})", level_name(level)),
        None => mention(g.opponent.id.0),
    };
    let rating = g
        .rating_delta
        .map_or_else(|| " · unrated".to_owned(), |d| format!(" · {d:+.0}"));
    format!(
        "#{} — {result} as {} vs {opponent} · {} · {}{rating} · <t:{}:d>",
        g.game,
        color(g.color),
        reason_word(g.reason),
        plural(i64::from(g.plies), "ply", "plies"),
        g.finished_ms / 1000
    )
}

/// The computer's level in words.
pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
        Level::Max => "max",
    }
}

fn leaderboard(page: &LeaderboardPage, global: bool) -> String {
    let board = if global { "everyone" } else { "this server" };
    if page.entries.is_empty() {
        return format!(
            "**Leaderboard — {board}**\nNobody is ranked yet: a rating joins the board once it is established, after about eight rated games. Start one with `/challenge`."
        );
    }
    let mut out = format!(
        "**Leaderboard — {board}** · page {} of {}",
        page.page + 1,
        page.total_pages
    );
    for e in &page.entries {
        out.push_str(&format!(
            "\n{}. {} — **{:.0}** (±{:.0}) · {}, {}–{}",
            e.rank,
            mention(e.player.id.0),
            e.rating,
            e.deviation,
            plural(i64::from(e.games), "game", "games"),
            e.wins,
            e.losses
        ));
    }
    out
}

fn history(user: UserId, page: &HistoryPage) -> String {
    let who = mention(user.0);
    if page.entries.is_empty() {
        return format!("{who} has no finished games yet.");
    }
    let mut out = format!(
        "**Finished games of {who}** · {} in all, newest first · page {} of {}",
        page.total,
        page.page + 1,
        page.total_pages
    );
    for game in &page.entries {
        out.push_str(&format!("\n• {}", played_game(game)));
    }
    out.push_str("\nSee one again with `/replay`.");
    out
}

fn settings_text(s: &GuildSettings, saved: bool) -> String {
    let head = if saved {
        "Saved. **Settings of this server**"
    } else {
        "**Settings of this server**"
    };
    let threads = if s.threads {
        "each new game gets its own thread"
    } else {
        "off (games stay in their channel)"
    };
    let orientation = match s.orientation {
        BoardOrientation::WhiteBottom => "White always at the bottom",
        BoardOrientation::ToMove => "turned towards the player to move",
    };
    format!(
        "{head}\n• Threads: {threads}\n• Default clock: {}\n• Boards: {orientation}",
        clock(s.default_clock.ms())
    )
}

fn reason_word(reason: EndReason) -> &'static str {
    match reason {
        EndReason::QueenCaptured => "queen captured",
        EndReason::NoLegalMoves => "no legal moves",
        EndReason::Resignation => "resignation",
        EndReason::Timeout => "time out",
        EndReason::Abandoned => "abandoned",
    }
}

const RULES: &str = "\
**Monkey Queen** (Mark Steere) — quick rules
• 12×12 board. Each side starts with one **queen**: a stack of 20 checkers (White on g1, Black on f12). White moves first.
• Every piece moves like a chess queen: any distance in a straight line, no jumping. It may stop on an empty square or capture the first enemy piece in its way.
• When the queen moves **without capturing**, it leaves one checker behind: a new **baby**. Its height drops by one. A queen of height 2 may only capture.
• A baby's non-capturing move must end **closer to the enemy queen** (straight-line distance). Captures may go anywhere.
• **Capture the enemy queen to win.** A player with no legal move loses. There are no draws.
Play: `/challenge`, then `/move` (it suggests your legal moves) or a board's **Move** button, `/board`, `/moves`, `/resign`.
Where I wasn't invited (you added me to your apps, and play in a group DM, a DM or another server), everything comes as answers to your commands and buttons: no threads, and an expired challenge keeps its buttons. A reminder or a loss on time follows up the last move for 15 minutes; after that it comes by DM, to players who added the app.";

fn mention(id: u64) -> String {
    format!("<@{id}>")
}

fn color(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn label(b: Button) -> &'static str {
    match b {
        Button::Accept => "Accept",
        Button::Decline => "Decline",
        Button::Cancel => "Cancel",
        Button::Resign => "Resign",
        Button::ConfirmResign => "Yes, resign",
        Button::Replay => "Replay",
        Button::Rematch => "Rematch",
        Button::Move => "Move",
        Button::Analyse => "Analyse",
        Button::ClaimWin => "Claim the win",
        Button::CallOff => "Call it off",
    }
}

fn options(o: GameOptions) -> String {
    let pie = if o.pie() { "pie rule" } else { "no pie rule" };
    format!("{0}×{0}, queens of {1}, {pie}", o.size(), o.queen_height())
}

fn clock(ms: Option<i64>) -> String {
    let Some(ms) = ms else {
        return "no clock".to_owned();
    };
    let minutes = ms / 60_000;
    let span = match minutes {
        m if m % 1440 == 0 => plural(m / 1440, "day", "days"),
        m if m % 60 == 0 => plural(m / 60, "hour", "hours"),
        m => plural(m, "minute", "minutes"),
    };
    format!("{span} per move")
}

fn plural(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn challenge_posted(c: &Challenge) -> String {
    let who = mention(c.challenger.0);
    let colour = match c.color {
        ColorChoice::White => format!("{who} plays White"),
        ColorChoice::Black => format!("{who} plays Black"),
        ColorChoice::Random => "colours by lot".to_owned(),
    };
    let rated = if c.rated { "rated" } else { "unrated" };
    let head = match (c.challenged, c.rematch_of) {
        (Some(opponent), Some(game)) => format!(
            "{who} offers {} a rematch of game #{game}, colours swapped!",
            mention(opponent.0)
        ),
        (Some(opponent), None) => format!(
            "{who} challenges {} to a game of Monkey Queen!",
            mention(opponent.0)
        ),
        (None, _) => format!(
            "{who} is looking for an opponent for a game of Monkey Queen! Anyone may accept."
        ),
    };
    format!(
        "{head}\n{} · {colour} · {} · {rated}\nThe challenge expires <t:{}:R>.",
        options(c.options),
        clock(c.move_time_ms),
        c.expires_ms / 1000
    )
}

fn challenge_closed(c: &Challenge, by: Option<UserId>) -> String {
    let by = by.map_or_else(String::new, |u| format!(" by {}", mention(u.0)));
    let what = match c.status {
        ChallengeStatus::Pending => return challenge_posted(c),
        ChallengeStatus::Accepted => format!("Accepted{by}. Good luck!"),
        ChallengeStatus::Declined => format!("Declined{by}."),
        ChallengeStatus::Cancelled => format!("Cancelled{by}."),
        ChallengeStatus::Expired => "Expired: nobody accepted in time.".to_owned(),
    };
    format!(
        "~~{} challenge: {}~~\n{what}",
        mention(c.challenger.0),
        options(c.options)
    )
}

fn your_move(g: &GameView) -> String {
    let Some(user) = g.to_move else {
        return String::new();
    };
    let colour = color(g.position.turn());
    format!("{}, your move ({colour}).{}", mention(user.0), deadline(g))
}

fn deadline(g: &GameView) -> String {
    g.deadline_ms.map_or_else(String::new, |ms| {
        format!(" Time runs out <t:{}:R>.", ms / 1000)
    })
}

fn game_over(g: &GameView, r: &GameResult) -> String {
    let winner = mention(r.winner_id.0);
    let loser = mention(r.loser_id.0);
    let how = match r.reason {
        EndReason::QueenCaptured => format!("{winner} captured {loser}'s queen"),
        EndReason::NoLegalMoves => format!("{loser} has no legal move left"),
        EndReason::Resignation => format!("{loser} resigned"),
        EndReason::Timeout => format!("{loser} ran out of time"),
        EndReason::Abandoned => {
            format!("{loser} left the game for a week, and {winner} claimed it")
        }
    };
    let ratings = r.rating_deltas.map_or_else(String::new, |[w, b]| {
        format!(
            "\nRatings: {} {w:+.0}, {} {b:+.0}.",
            mention(g.white.id.0),
            mention(g.black.id.0)
        )
    });
    format!(
        "🏆 **{winner} wins** ({}) — {how}.{ratings}",
        color(r.winner)
    )
}

fn status_line(g: &GameView) -> String {
    if let Some(r) = &g.result {
        let why = reason_word(r.reason);
        return format!("{} wins · {why} · ply {}", color(r.winner), g.ply());
    }
    if g.status == GameStatus::Aborted {
        return format!("Aborted · ply {}", g.ply());
    }
    format!("{} to move · ply {}", color(g.position.turn()), g.ply())
}

fn move_in_words(mover: Color, mv: Move) -> String {
    let Move::Normal {
        role,
        from,
        to,
        capture,
    } = mv
    else {
        return format!("{} swaps colours (pie rule)", color(mover));
    };
    let who = color(mover);
    let piece = match role {
        Role::Queen => "queen",
        Role::Baby => "baby",
    };
    match capture {
        None if role == Role::Queen => {
            format!("{who} {piece} {from}–{to}, a baby is born on {from}")
        }
        None => format!("{who} {piece} {from}–{to}"),
        Some(Role::Baby) => format!("{who} {piece} {from}×{to} captures a baby"),
        Some(Role::Queen) => format!("{who} {piece} {from}×{to} captures the queen!"),
    }
}

fn refused(e: &UserError) -> String {
    match e {
        UserError::Illegal(MoveError::Illegal(e)) => format!("Illegal move: {}.", illegal(e)),
        UserError::Illegal(MoveError::Parse(e)) => parse(e),
        UserError::NotYourTurn { to_move } => {
            format!("It is not your turn: {} is to move.", mention(to_move.0))
        }
        UserError::SeveralGames(games) => {
            let (named, others) = super::game_numbers(games);
            let others = match others {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            format!(
                "You have {} games in progress here; pick one with the `game` option ({named}{others}).",
                games.len()
            )
        }
        UserError::NotAbandoned {
            claimable_ms: Some(from),
        } => format!(
            "Your opponent may still move: you can claim the game <t:{}:R>.",
            from / 1000
        ),
        UserError::DeadlineNotReached { deadline_ms } => format!(
            "The player to move still has time: it runs out <t:{}:R>.",
            deadline_ms / 1000
        ),
        other => sentence(&other.to_string()),
    }
}

fn illegal(e: &IllegalMove) -> String {
    e.to_string()
}

fn parse(e: &ParseError) -> String {
    match e {
        ParseError::Empty => sentence(&e.to_string()),
        ParseError::NotASquare { text, size } => match echo(text) {
            Some(text) => format!("`{text}` is not a square on a {size}×{size} board."),
            None => format!("That is not a square on a {size}×{size} board; write one like g1."),
        },
        ParseError::Malformed(text) => match echo(text) {
            Some(text) => format!("`{text}` is not a move; write two squares like g1-g7, or swap."),
            None => "That is not a move; write two squares like g1-g7, or swap.".to_owned(),
        },
    }
}

/// Capitalises the first letter and ends with a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

fn analysis(g: &GameView, mistakes: &[Mistake], turning_points: &[u32]) -> String {
    let mut out = format!(
        "**Analysis of game #{}** — {} (White) vs {} (Black) · {}",
        g.id,
        mention(g.white.id.0),
        mention(g.black.id.0),
        status_line(g)
    );
    if mistakes.is_empty() {
        out.push_str("\nNo move lost much: the engine found no clear mistake.");
    } else {
        out.push_str("\nBiggest mistakes:");
    }
    for (i, m) in mistakes.iter().enumerate() {
        out.push_str(&format!(
            "\n{}. Ply {}: {}; better: {} ({}'s chances {:.0}% → {:.0}%).",
            i + 1,
            m.ply,
            move_in_words(m.mover, m.played),
            move_in_words(m.mover, m.better),
            color(m.mover),
            m.before.chances(m.mover) * 100.0,
            m.after.chances(m.mover) * 100.0,
        ));
    }
    match turning_points {
        [] => {}
        [one] => out.push_str(&format!("\nTurning point: ply {one}.")),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(ToString::to_string).collect();
            out.push_str(&format!(
                "\nTurning points: plies {} and {last}.",
                first.join(", ")
            ));
        }
    }
    out
}
