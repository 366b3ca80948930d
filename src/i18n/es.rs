//! Spanish texts.

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

/// Renders `msg` in Spanish.
pub fn text(msg: &Msg<'_>) -> String {
    match msg {
        Msg::MoveInWords { mover, mv } => move_in_words(*mover, *mv),
        Msg::Refused(e) => refused(e),
        Msg::ColorName(c) => color(*c).to_owned(),
        Msg::Internal => "Algo falló por nuestra parte. Inténtalo de nuevo.".to_owned(),
        Msg::Label(b) => label(*b).to_owned(),
        Msg::Options(o) => options(*o),
        Msg::Clock(ms) => clock(*ms),
        Msg::ChallengePosted(c) => challenge_posted(c),
        Msg::ChallengeClosed { challenge, by } => challenge_closed(challenge, *by),
        Msg::GameStarted(g) => format!(
            "**Partida #{}** — {} juega con blancas, {} con negras. {}, empiezas tú.{}",
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
            Some(result) => format!("**Partida #{}**. {}", g.id, game_over(g, result)),
            None if g.status == GameStatus::Aborted => {
                format!("**La partida #{}** fue anulada.", g.id)
            }
            None => format!(
                "**Partida #{}**, jugada {}. {}",
                g.id,
                g.ply(),
                your_move(g)
            ),
        },
        Msg::GameOver(g, r) => game_over(g, r),
        Msg::CalledOff { game, by } => format!(
            "{} anuló la partida #{game} tras una semana sin jugadas. Sin resultado.",
            mention(by.0)
        ),
        Msg::Aborted { game, by } => format!(
            "{} anuló la partida #{game} antes de que movieran los dos. Sin resultado.",
            mention(by.0)
        ),
        Msg::StatusLine(g) => status_line(g),
        Msg::PickPiece(game) => format!(
            "**Partida #{game}**: elige la pieza que mueves; las casillas marcadas pueden moverse."
        ),
        Msg::PickDestination { game, from } => format!(
            "**Partida #{game}**: ¿adónde va la pieza de {from}? Las casillas marcadas son sus \
             jugadas."
        ),
        Msg::ChoosePiece => "Elige una pieza".to_owned(),
        Msg::ChooseDestination => "Elige adónde va".to_owned(),
        Msg::PieceOnSquare { role, square } => match role {
            Role::Queen => format!("Reina en {square}"),
            Role::Baby => format!("Bebé en {square}"),
        },
        Msg::BoardInThread { mv, thread } => {
            format!("Has jugado {mv}; el tablero está en el hilo de la partida, <#{thread}>.")
        }
        Msg::ConfirmResign(game) => {
            format!("¿Abandonar la partida #{game}? Gana tu rival; no se puede deshacer.")
        }
        Msg::PieceMoves { square, count } => match count {
            0 => format!("La pieza de {square} no tiene jugadas legales."),
            1 => format!("La pieza de {square} tiene 1 jugada legal, marcada en el tablero."),
            n => format!("La pieza de {square} tiene {n} jugadas legales, marcadas en el tablero."),
        },
        Msg::GamesList { page, viewer } => {
            if page.entries.is_empty() {
                return "No tienes partidas en curso en este servidor. Empieza una con `/desafiar`."
                    .to_owned();
            }
            let mut out = String::from("**Tus partidas en curso**");
            if page.total_pages > 1 {
                out.push_str(&format!(
                    " · {} en total · página {} de {}",
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
                    "**te toca**"
                } else {
                    "le toca"
                };
                out.push_str(&format!(
                    "\n• #{} contra {} — {turn}, jugada {}{}",
                    g.id,
                    mention(opponent.id.0),
                    g.ply,
                    super::link(&g.place)
                        .map_or_else(String::new, |l| format!(" — [tablero]({l})"))
                ));
            }
            out
        }
        Msg::Rules => RULES.to_owned(),
        Msg::OtherBot => {
            "Los bots que no son yo no pueden jugar. Desafía a una persona, o a mí.".to_owned()
        }
        Msg::UnknownButton => {
            "Ese botón ya no hace nada. Usa `/tablero` para ver la partida.".to_owned()
        }
        Msg::Reminder(g) => format!(
            "⏰ {}, sigue siendo tu turno en la partida #{}{}.{}",
            g.to_move.map_or_else(String::new, |u| mention(u.0)),
            g.id,
            super::link(&g.place).map_or_else(String::new, |l| format!(" ([tablero]({l}))")),
            deadline(g)
        ),
        Msg::Stats(s) => stats(s),
        Msg::Leaderboard { page, global } => leaderboard(page, *global),
        Msg::History { user, page } => history(*user, page),
        Msg::Replay { game, record } => {
            let head = format!(
                "**Repetición de la partida #{}** — {} (blancas) contra {} (negras) · {}",
                game.id,
                mention(game.white.id.0),
                mention(game.black.id.0),
                status_line(game)
            );
            match record {
                Some(record) => format!(
                    "{head}\nPartida anotada (puedes pegarla para importarla):\n```\n{record}\n```"
                ),
                None => format!(
                    "{head}\nLa partida anotada va adjunta (es demasiado larga para un mensaje)."
                ),
            }
        }
        Msg::Settings { settings, saved } => settings_text(settings, *saved),
        Msg::NotManager => "Solo quien gestiona el servidor (permiso «Gestionar servidor») puede cambiar los ajustes."
            .to_owned(),
        Msg::ServerOnly => "Este comando solo funciona en un servidor.".to_owned(),
        Msg::UnknownCommand => "No conozco ese comando; puede que Discord aún muestre una lista \
                                antigua. Escribe `/` para ver los comandos actuales."
            .to_owned(),
        Msg::MalformedCommand => "Ese comando llegó con una opción que falta o es de otro tipo, \
                                  así que no he hecho nada. Vuelve a elegirlo en el menú `/`."
            .to_owned(),
        Msg::Analysis {
            game,
            mistakes,
            turning_points,
        } => analysis(game, mistakes, turning_points),
        Msg::AnalysisTitle(g) => format!(
            "Partida #{} · {} contra {} · {}",
            g.id,
            g.white.name,
            g.black.name,
            status_line(g)
        ),
        Msg::MistakeCaption { number, mistake } => format!(
            "{number} · jugada {} · {}",
            mistake.ply,
            color(mistake.mover).to_lowercase()
        ),
        Msg::ChartWord(word) => match word {
            ChartWord::Ply => "jugada",
            ChartWord::Win => "gana",
            ChartWord::Played => "se jugó",
            ChartWord::Better => "mejor",
            ChartWord::NoMistakes => {
                "Ninguna jugada perdió mucho: el motor no encontró errores claros."
            }
            ChartWord::RatedGames => "partidas puntuables",
        }
        .to_owned(),
        Msg::ThreadName(g) => format!(
            "Monkey Queen #{}: {} contra {}",
            g.id, g.white.name, g.black.name
        ),
    }
}

fn stats(s: &PlayerStats) -> String {
    let who = mention(s.user.0);
    if s.games == 0 {
        return format!(
            "{who} aún no ha terminado ninguna partida. Puntuación {:.0} (±{:.0}), la de quien empieza.",
            s.rating, s.deviation
        );
    }
    let rate = s.win_rate.map_or_else(String::new, |r| {
        format!(" · {:.0}% de victorias", r * 100.0)
    });
    let streak = match s.current_streak {
        0 => "ninguna".to_owned(),
        n if n > 0 => plural(n, "victoria seguida", "victorias seguidas"),
        n => plural(-n, "derrota seguida", "derrotas seguidas"),
    };
    let certainty = if s.provisional {
        "provisional: fuera de la clasificación hasta que se asiente"
    } else {
        "consolidada"
    };
    let mut out = format!(
        "**Estadísticas de {who}**\nPuntuación **{:.0}** (±{:.0}, {certainty}) · {} ({}): {}, {}{rate}\nRacha actual: {streak}",
        s.rating,
        s.deviation,
        plural(i64::from(s.games), "partida", "partidas"),
        plural(i64::from(s.rated_games), "puntuable", "puntuables"),
        plural(i64::from(s.wins), "victoria", "victorias"),
        plural(i64::from(s.losses), "derrota", "derrotas"),
    );
    if !s.recent.is_empty() {
        out.push_str("\nÚltimas partidas:");
        for game in &s.recent {
            out.push_str(&format!("\n• {}", played_game(game)));
        }
    }
    out
}

fn played_game(g: &PlayedGame) -> String {
    let result = if g.won { "ganada" } else { "perdida" };
    let side = match g.color {
        Color::White => "blancas",
        Color::Black => "negras",
    };
    let opponent = match g.ai_level {
        Some(level) => format!("el ordenador ({})", level_name(level)),
        None => mention(g.opponent.id.0),
    };
    let rating = g
        .rating_delta
        .map_or_else(|| " · amistosa".to_owned(), |d| format!(" · {d:+.0}"));
    format!(
        "#{} — {result} con {side} contra {opponent} · {} · {}{rating} · <t:{}:d>",
        g.game,
        reason_word(g.reason),
        plural(i64::from(g.plies), "jugada", "jugadas"),
        g.finished_ms / 1000
    )
}

/// The computer's level in words.
pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "fácil",
        Level::Medium => "medio",
        Level::Hard => "difícil",
        Level::Max => "máximo",
    }
}

fn leaderboard(page: &LeaderboardPage, global: bool) -> String {
    let board = if global {
        "todo el mundo"
    } else {
        "este servidor"
    };
    if page.entries.is_empty() {
        return format!(
            "**Clasificación — {board}**\nAún no hay nadie clasificado: una puntuación entra cuando se consolida, tras unas ocho partidas puntuables. Empieza una con `/desafiar`."
        );
    }
    let mut out = format!(
        "**Clasificación — {board}** · página {} de {}",
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
            plural(i64::from(e.games), "partida", "partidas"),
            e.wins,
            e.losses
        ));
    }
    out
}

fn history(user: UserId, page: &HistoryPage) -> String {
    let who = mention(user.0);
    if page.entries.is_empty() {
        return format!("{who} aún no ha terminado ninguna partida.");
    }
    let mut out = format!(
        "**Partidas terminadas de {who}** · {} en total, las más recientes primero · página {} de {}",
        page.total,
        page.page + 1,
        page.total_pages
    );
    for game in &page.entries {
        out.push_str(&format!("\n• {}", played_game(game)));
    }
    out.push_str("\nVuelve a ver una con `/repeticion`.");
    out
}

fn settings_text(s: &GuildSettings, saved: bool) -> String {
    let head = if saved {
        "Guardado. **Ajustes de este servidor**"
    } else {
        "**Ajustes de este servidor**"
    };
    let threads = if s.threads {
        "cada partida nueva tiene su propio hilo"
    } else {
        "no (las partidas se quedan en su canal)"
    };
    let orientation = match s.orientation {
        BoardOrientation::WhiteBottom => "blancas siempre abajo",
        BoardOrientation::ToMove => "girados hacia quien tiene el turno",
    };
    format!(
        "{head}\n• Hilos: {threads}\n• Reloj por defecto: {}\n• Tableros: {orientation}",
        clock(s.default_clock.ms())
    )
}

fn reason_word(reason: EndReason) -> &'static str {
    match reason {
        EndReason::QueenCaptured => "reina capturada",
        EndReason::NoLegalMoves => "sin jugadas",
        EndReason::Resignation => "abandono",
        EndReason::Timeout => "tiempo agotado",
        EndReason::Abandoned => "abandonada",
    }
}

const RULES: &str = "\
**Monkey Queen** (Mark Steere) — reglas breves
• Tablero de 12×12. Cada bando empieza con una **reina**: una pila de 20 fichas (blancas en g1, negras en f12). Empiezan las blancas.
• Todas las piezas se mueven como la dama del ajedrez: en línea recta, tantas casillas como quieran, sin saltar. Pueden parar en una casilla vacía o capturar la primera pieza enemiga del camino.
• Cuando la reina se mueve **sin capturar**, deja atrás una ficha: un nuevo **bebé**. Su altura baja en uno. Una reina de altura 2 solo puede capturar.
• Un bebé que no captura debe acabar **más cerca de la reina enemiga** (distancia en línea recta). Las capturas pueden ir a cualquier parte.
• **Captura la reina enemiga para ganar.** Quien no tiene jugadas legales pierde. No hay tablas.
Cómo jugar: `/desafiar`, luego `/mover` (te sugiere tus jugadas legales) o el botón **Mover** de un tablero, `/tablero`, `/jugadas`, `/abandonar`.
Donde no me invitaron (me añadiste a tus aplicaciones y jugáis en un MD de grupo, un MD u otro servidor), todo llega como respuesta a vuestros comandos y botones: sin hilos, y un desafío caducado conserva sus botones. Un recordatorio o una derrota por tiempo responde a la última jugada durante 15 minutos; después llega por MD, a quien haya añadido la aplicación.";

fn mention(id: u64) -> String {
    format!("<@{id}>")
}

fn color(c: Color) -> &'static str {
    match c {
        Color::White => "Blancas",
        Color::Black => "Negras",
    }
}

fn label(b: Button) -> &'static str {
    match b {
        Button::Accept => "Aceptar",
        Button::Decline => "Rechazar",
        Button::Cancel => "Retirar",
        Button::Resign => "Abandonar",
        Button::ConfirmResign => "Sí, abandono",
        Button::Replay => "Repetición",
        Button::Rematch => "Revancha",
        Button::Move => "Mover",
        Button::Analyse => "Analizar",
        Button::ClaimWin => "Reclamar la victoria",
        Button::CallOff => "Anular la partida",
    }
}

fn options(o: GameOptions) -> String {
    let pie = if o.pie() {
        "con regla del pastel"
    } else {
        "sin regla del pastel"
    };
    format!("{0}×{0}, reinas de {1}, {pie}", o.size(), o.queen_height())
}

fn clock(ms: Option<i64>) -> String {
    let Some(ms) = ms else {
        return "sin reloj".to_owned();
    };
    let minutes = ms / 60_000;
    let span = match minutes {
        m if m % 1440 == 0 => plural(m / 1440, "día", "días"),
        m if m % 60 == 0 => plural(m / 60, "hora", "horas"),
        m => plural(m, "minuto", "minutos"),
    };
    format!("{span} por jugada")
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
        ColorChoice::White => format!("{who} juega con blancas"),
        ColorChoice::Black => format!("{who} juega con negras"),
        ColorChoice::Random => "colores a suertes".to_owned(),
    };
    let rated = if c.rated { "puntuable" } else { "amistosa" };
    let head = match (c.challenged, c.rematch_of) {
        (Some(opponent), Some(game)) => format!(
            "¡{who} ofrece a {} la revancha de la partida #{game}, con los colores cambiados!",
            mention(opponent.0)
        ),
        (Some(opponent), None) => format!(
            "¡{who} desafía a {} a una partida de Monkey Queen!",
            mention(opponent.0)
        ),
        (None, _) => format!(
            "¡{who} busca rival para una partida de Monkey Queen! Cualquiera puede aceptar."
        ),
    };
    format!(
        "{head}\n{} · {colour} · {} · {rated}\nEl desafío caduca <t:{}:R>.",
        options(c.options),
        clock(c.move_time_ms),
        c.expires_ms / 1000
    )
}

fn challenge_closed(c: &Challenge, by: Option<UserId>) -> String {
    let by = by.map_or_else(String::new, |u| format!(" por {}", mention(u.0)));
    let what = match c.status {
        ChallengeStatus::Pending => return challenge_posted(c),
        ChallengeStatus::Accepted => format!("Aceptado{by}. ¡Suerte!"),
        ChallengeStatus::Declined => format!("Rechazado{by}."),
        ChallengeStatus::Cancelled => format!("Retirado{by}."),
        ChallengeStatus::Expired => "Caducado: nadie lo aceptó a tiempo.".to_owned(),
    };
    format!(
        "~~Desafío de {}: {}~~\n{what}",
        mention(c.challenger.0),
        options(c.options)
    )
}

fn your_move(g: &GameView) -> String {
    let Some(user) = g.to_move else {
        return String::new();
    };
    let colour = match g.position.turn() {
        Color::White => "blancas",
        Color::Black => "negras",
    };
    format!("{}, te toca ({colour}).{}", mention(user.0), deadline(g))
}

fn deadline(g: &GameView) -> String {
    g.deadline_ms.map_or_else(String::new, |ms| {
        format!(" El tiempo se acaba <t:{}:R>.", ms / 1000)
    })
}

fn game_over(g: &GameView, r: &GameResult) -> String {
    let winner = mention(r.winner_id.0);
    let loser = mention(r.loser_id.0);
    let how = match r.reason {
        EndReason::QueenCaptured => format!("{winner} capturó la reina de {loser}"),
        EndReason::NoLegalMoves => format!("{loser} se quedó sin jugadas legales"),
        EndReason::Resignation => format!("{loser} abandonó"),
        EndReason::Timeout => format!("a {loser} se le acabó el tiempo"),
        EndReason::Abandoned => format!("{loser} dejó la partida una semana y {winner} la reclamó"),
    };
    let ratings = r.rating_deltas.map_or_else(String::new, |[w, b]| {
        format!(
            "\nPuntuación: {} {w:+.0}, {} {b:+.0}.",
            mention(g.white.id.0),
            mention(g.black.id.0)
        )
    });
    format!(
        "🏆 **Gana {winner}** ({}) — {how}.{ratings}",
        color(r.winner)
    )
}

fn status_line(g: &GameView) -> String {
    if let Some(r) = &g.result {
        let why = reason_word(r.reason);
        return format!("Ganan {} · {why} · jugada {}", color(r.winner), g.ply());
    }
    if g.status == GameStatus::Aborted {
        return format!("Anulada · jugada {}", g.ply());
    }
    format!("Juegan {} · jugada {}", color(g.position.turn()), g.ply())
}

fn move_in_words(mover: Color, mv: Move) -> String {
    let Move::Normal {
        role,
        from,
        to,
        capture,
    } = mv
    else {
        return format!("{} cambian de color (regla del pastel)", color(mover));
    };
    let piece = match (role, mover) {
        (Role::Queen, Color::White) => "Reina blanca",
        (Role::Queen, Color::Black) => "Reina negra",
        (Role::Baby, Color::White) => "Bebé blanco",
        (Role::Baby, Color::Black) => "Bebé negro",
    };
    match capture {
        None if role == Role::Queen => format!("{piece} {from}–{to}, nace un bebé en {from}"),
        None => format!("{piece} {from}–{to}"),
        Some(Role::Baby) => format!("{piece} {from}×{to} captura un bebé"),
        Some(Role::Queen) => format!("{piece} {from}×{to} ¡captura la reina!"),
    }
}

fn refused(e: &UserError) -> String {
    match e {
        UserError::ChallengeSelf => "No puedes desafiarte a ti mismo.".to_owned(),
        UserError::AiLevelForHuman => {
            "El nivel de la máquina solo sirve cuando me desafías a mí.".to_owned()
        }
        UserError::BadOptions(e) => match e {
            monkey_queen_core::OptionsError::BoardSize(n) => {
                format!("El tablero debe tener 12, 14 o 16 casillas de lado, no {n}.")
            }
            monkey_queen_core::OptionsError::QueenHeight(h) => {
                format!("Las reinas empiezan con 20 a 40 fichas, no {h}.")
            }
        },
        UserError::BadTimeLimit(_) => "El tiempo por jugada debe ser positivo.".to_owned(),
        UserError::DuplicateChallenge { existing } => {
            format!("Ya hay un desafío pendiente entre vosotros en este canal (#{existing}).")
        }
        UserError::NoSuchChallenge(id) => format!("No existe el desafío #{id}."),
        UserError::ChallengeNotPending { status } => {
            let status = match status {
                ChallengeStatus::Pending => "pendiente",
                ChallengeStatus::Accepted => "aceptado",
                ChallengeStatus::Declined => "rechazado",
                ChallengeStatus::Cancelled => "retirado",
                ChallengeStatus::Expired => "caducado",
            };
            format!("Ese desafío ya no está abierto: fue {status}.")
        }
        UserError::ChallengeExpired => "Ese desafío ha caducado.".to_owned(),
        UserError::OwnChallenge => "No puedes aceptar tu propio desafío.".to_owned(),
        UserError::NotChallenged {
            challenged: Some(_),
        } => "Ese desafío es para otra persona.".to_owned(),
        UserError::NotChallenged { challenged: None } => {
            "Un desafío abierto no se rechaza; simplemente ignóralo.".to_owned()
        }
        UserError::NotChallenger { .. } => "Solo quien hizo el desafío puede retirarlo.".to_owned(),
        UserError::NoSuchGame(id) => format!("No existe la partida #{id}."),
        UserError::NoActiveGame => "No tienes ninguna partida en curso aquí.".to_owned(),
        UserError::SeveralGames(games) => {
            let (named, others) = super::game_numbers(games);
            let others = match others {
                0 => String::new(),
                n => format!(" y {n} más"),
            };
            format!(
                "Tienes {} partidas en curso aquí; elige una con la opción `partida` ({named}{others}).",
                games.len()
            )
        }
        UserError::NotParticipant { game } => format!("No juegas en la partida #{game}."),
        UserError::GameOver { game } => format!("La partida #{game} ya ha terminado."),
        UserError::NotYourTurn { to_move } => {
            format!("No es tu turno: le toca a {}.", mention(to_move.0))
        }
        UserError::Illegal(MoveError::Illegal(e)) => format!("Jugada ilegal: {}.", illegal(e)),
        UserError::Illegal(MoveError::Parse(e)) => parse(e),
        UserError::PositionChanged => {
            "La posición ha cambiado desde entonces; mira el tablero otra vez.".to_owned()
        }
        UserError::AlreadyPlayed { ply, notation, .. } => {
            format!("Esa jugada ({notation}) ya se hizo, como jugada {ply}.")
        }
        UserError::TooLateToAbort => {
            "Una partida solo se puede anular antes de que muevan los dos; abandona en su lugar."
                .to_owned()
        }
        UserError::TimeUp { .. } => {
            "Se te acabó el tiempo para esta jugada; la partida se pierde por tiempo.".to_owned()
        }
        UserError::NoClock => "Esta partida no tiene reloj.".to_owned(),
        UserError::NotFinished { game, status } => match status {
            GameStatus::Aborted => format!(
                "La partida #{game} fue anulada, así que no hay revancha; haz un desafío nuevo."
            ),
            _ => format!(
                "La partida #{game} aún no ha terminado; la revancha llega tras el resultado."
            ),
        },
        UserError::NotAnalysable { game, status } => match status {
            GameStatus::Aborted => {
                format!("La partida #{game} fue anulada, así que no hay nada que analizar.")
            }
            _ => format!(
                "La partida #{game} aún no ha terminado; se podrá analizar cuando tenga resultado."
            ),
        },
        UserError::RematchPending { existing } => format!(
            "Ya hay una revancha de esta partida esperando respuesta (desafío #{existing})."
        ),
        UserError::RematchInProgress { game } => {
            format!("La revancha de esta partida ya se está jugando (partida #{game}).")
        }
        UserError::DeadlineNotReached { deadline_ms } => format!(
            "A quien le toca aún le queda tiempo: se acaba <t:{}:R>.",
            deadline_ms / 1000
        ),
        UserError::NoSuchPage { page, total_pages } => format!(
            "Esta lista no tiene página {} (termina en la página {total_pages}).",
            u64::from(*page) + 1
        ),
        UserError::HasClock => "Esta partida tiene reloj: se decide por tiempo.".to_owned(),
        UserError::NotAbandoned { claimable_ms: None } => {
            "Te toca mover a ti: la partida te espera.".to_owned()
        }
        UserError::NotAbandoned {
            claimable_ms: Some(from),
        } => format!(
            "Tu rival aún puede mover: podrás reclamar la partida <t:{}:R>.",
            from / 1000
        ),
        UserError::CoolingDown { seconds } => {
            format!("Dame {seconds} s antes de volver a pedírmelo.")
        }
        UserError::TooManyComputerGames { limit } => {
            format!("Ya juegas {limit} partidas contra mí; termina una antes de empezar otra.")
        }
        UserError::TooManyChallenges { limit } => format!(
            "Ya tienes {limit} desafíos esperando respuesta; cancela uno o espera a que los \
             respondan o caduquen."
        ),
    }
}

fn parse(e: &ParseError) -> String {
    match e {
        ParseError::Empty => "No has escrito ninguna jugada; escríbela como g1-g7.".to_owned(),
        ParseError::NotASquare { text, size } => match echo(text) {
            Some(text) => format!("`{text}` no es una casilla de un tablero de {size}×{size}."),
            None => {
                format!("Eso no es una casilla de un tablero de {size}×{size}; escríbela como g1.")
            }
        },
        ParseError::Malformed(text) => match echo(text) {
            Some(text) => {
                format!("`{text}` no es una jugada; escribe dos casillas como g1-g7, o swap.")
            }
            None => "Eso no es una jugada; escribe dos casillas como g1-g7, o swap.".to_owned(),
        },
    }
}

fn illegal(e: &IllegalMove) -> String {
    match *e {
        IllegalMove::GameOver => "la partida ya ha terminado".to_owned(),
        IllegalMove::OffBoard(sq) => format!("{sq} no está en este tablero"),
        IllegalMove::NoPiece(sq) => format!("no hay ninguna pieza en {sq}"),
        IllegalMove::NotYourPiece(sq) => format!("la pieza de {sq} no es tuya"),
        IllegalMove::SameSquare(sq) => format!("una pieza debe salir de su casilla ({sq})"),
        IllegalMove::NotStraightLine { from, to } => format!(
            "de {from} a {to} no hay línea recta; las piezas se mueven por filas, columnas y diagonales"
        ),
        IllegalMove::PathBlocked { from, to, blocker } => {
            format!("el camino de {from} a {to} está bloqueado por la pieza de {blocker}")
        }
        IllegalMove::OwnPiece(sq) => format!("en {sq} hay una pieza tuya"),
        IllegalMove::QueenMustCapture(sq) => {
            format!("tu reina de {sq} solo tiene 2 fichas: puede capturar pero no dar a luz")
        }
        IllegalMove::BabyNotCloser {
            from,
            to,
            queen,
            before,
            after,
        } => format!(
            "un bebé debe acercarse a la reina enemiga de {queen}: \
             {from} está a √{before} de ella, {to} quedaría a √{after}"
        ),
        IllegalMove::SwapNotAllowed => {
            "swap solo se permite como primera jugada de las negras en una partida con la regla del pastel"
                .to_owned()
        }
    }
}

fn analysis(g: &GameView, mistakes: &[Mistake], turning_points: &[u32]) -> String {
    let mut out = format!(
        "**Análisis de la partida #{}** — {} (blancas) contra {} (negras) · {}",
        g.id,
        mention(g.white.id.0),
        mention(g.black.id.0),
        status_line(g)
    );
    if mistakes.is_empty() {
        out.push_str("\nNinguna jugada perdió mucho: el motor no encontró errores claros.");
    } else {
        out.push_str("\nErrores más graves:");
    }
    for (i, m) in mistakes.iter().enumerate() {
        out.push_str(&format!(
            "\n{}. Jugada {}: {}; mejor: {} (probabilidades de las {}: {:.0} % → {:.0} %).",
            i + 1,
            m.ply,
            move_in_words(m.mover, m.played),
            move_in_words(m.mover, m.better),
            color(m.mover).to_lowercase(),
            m.before.chances(m.mover) * 100.0,
            m.after.chances(m.mover) * 100.0,
        ));
    }
    match turning_points {
        [] => {}
        [one] => out.push_str(&format!("\nMomento decisivo: jugada {one}.")),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(ToString::to_string).collect();
            out.push_str(&format!(
                "\nMomentos decisivos: jugadas {} y {last}.",
                first.join(", ")
            ));
        }
    }
    out
}
