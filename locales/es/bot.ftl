# Monkey Queen — todos los textos que escribe el bot, en español.
#
# Palabras que nunca se usan aquí (una prueba revisa cada mensaje de este idioma con estas
# líneas): el bot como rival es siempre «la máquina»; los números se escriben «#12» en todas partes.
# forbidden: ordenador, computadora, vosotros, n.º, nº, n°
#
# El mismo texto sirve a es-ES y a es-419: tuteamos al lector («te toca», «tus partidas») y, para
# varias personas, usamos «ustedes» o evitamos el plural; nada de «vosotros». Palabras que se
# entienden igual a los dos lados del Atlántico («la máquina», no «el ordenador» ni «la
# computadora»).
#
# Glosario, el mismo en todas partes:
#   queen     reina: la pila alta con la que empieza cada bando; capturarla gana
#   baby      bebé (masculino: «bebé blanco», «un bebé»): la ficha suelta que deja atrás una
#             reina al moverse sin capturar
#   stack     pila: las fichas que forman una reina («reinas de 20»: de 20 fichas de alto)
#   capture   capturar: tomar una pieza enemiga moviéndose a su casilla
#   ply       jugada: el movimiento de un jugador («jugada 12», «jugadas legales»)
#   pie rule  regla de intercambio: el segundo jugador puede cambiar de color en vez de mover
#   resign    rendirse («se rindió», motivo «rendición»); no «abandonar», que queda para la
#             partida abandonada una semana (motivo «abandono»)
#   abort     anular: terminar una partida sin resultado (`/anular`, o tras una semana sin jugadas)
#   computer  la máquina: el bot como rival («jugar contra la máquina»); «yo»/«mí» solo cuando
#             el bot habla de sí mismo («elígeme»)
#   rated     puntuable: una partida que cambia la puntuación de los dos; si no, «amistosa»
#   Los colores: «blancas» y «negras», en minúscula y en plural, como en el ajedrez («juega con
#             blancas», «juegan las negras»); mayúscula solo al empezar una frase.
#
# Variables: $game, $ply y similares son números o textos que pone el bot; las menciones como
# $player llegan como menciones de Discord (<@123>); $time es una marca de tiempo de Discord
# (<t:…:R>) que el Discord de cada lector muestra en su idioma. Deja el Markdown (**negrita**,
# `código`) como está.

## Colores, piezas y jugadas

# El color dentro de una frase («Juegan las blancas», «Gana Ana (blancas)»): en minúscula.
color-name = { $color ->
    [white] blancas
   *[black] negras
}
# The colour inside a sentence ("your move (White)", "won as White"), where some languages
# write it in lower case.
color-in-sentence = { $color ->
    [white] blancas
   *[black] negras
}
# Una pieza con su color, al principio de una jugada: «Reina blanca».
piece-name = { $color ->
    [white] { $role ->
        [queen] Reina blanca
       *[baby] Bebé blanco
    }
   *[black] { $role ->
        [queen] Reina negra
       *[baby] Bebé negro
    }
}
# Una reina que se mueve sin capturar deja un bebé en la casilla de la que sale.
move-birth = { $piece } { $from }–{ $to }, nace un bebé en { $from }
move-quiet = { $piece } { $from }–{ $to }
move-captures-baby = { $piece } { $from }×{ $to } captura un bebé
move-captures-queen = { $piece } { $from }×{ $to } ¡captura la reina!
move-swap = { $color ->
    [white] Las blancas cambian
   *[black] Las negras cambian
} de color (regla de intercambio)
role-on-square = { $role ->
    [queen] Reina en { $square }
   *[baby] Bebé en { $square }
}

## Partidas, opciones y relojes

options = { $size }×{ $size }, reinas de { $height }, { $pie ->
    [yes] con regla de intercambio
   *[no] sin regla de intercambio
}
clock-none = sin reloj
clock-per-move = { $unit ->
    [days] { $count ->
        [one] 1 día
       *[other] { $count } días
    }
    [hours] { $count ->
        [one] 1 hora
       *[other] { $count } horas
    }
   *[minutes] { $count ->
        [one] 1 minuto
       *[other] { $count } minutos
    }
} por jugada
deadline = El tiempo se acaba { $time }.
your-move = { $player }, te toca ({ $color }).
game-started = **Partida #{ $game }** — { $white } juega con blancas, { $black } con negras. { $player }, empiezas tú.
board-shown = **Partida #{ $game }**, jugada { $ply }.
board-shown-over = **Partida #{ $game }**.
board-shown-aborted = **La partida #{ $game }** fue anulada.
reason = { $reason ->
    [queen-captured] reina capturada
    [no-legal-moves] sin jugadas
    [resignation] rendición
    [timeout] tiempo agotado
   *[abandoned] abandono
}
game-won = 🏆 **Gana { $winner }** ({ $color }) — { $reason ->
    [queen-captured] { $winner } capturó la reina de { $loser }
    [no-legal-moves] { $loser } se quedó sin jugadas legales
    [resignation] { $loser } se rindió
    [timeout] a { $loser } se le acabó el tiempo
   *[abandoned] { $loser } dejó la partida una semana y { $winner } la reclamó
}.
rating-changes = Puntuación: { $white } { $white-delta }, { $black } { $black-delta }.
status-to-move = Juegan las { $color } · jugada { $ply }
status-won = Ganan las { $color } · { $reason } · jugada { $ply }
status-aborted = Anulada · jugada { $ply }
called-off = { $player } anuló la partida #{ $game } tras una semana sin jugadas. Sin resultado.
aborted = { $player } anuló la partida #{ $game } antes de que movieran los dos. Sin resultado.
thread-name = Monkey Queen #{ $game }: { $white } contra { $black }
# Una partida entre las sugerencias de la opción `partida` (texto sin formato, 100 caracteres
# como mucho): su número y el nombre del rival.
game-choice = #{ $game } contra { $opponent }
reminder = ⏰ { $player }, sigue siendo tu turno en la partida #{ $game }.
reminder-with-board = ⏰ { $player }, sigue siendo tu turno en la partida #{ $game } ([tablero]({ $link })).

## Desafíos

challenge-offer = ¡{ $challenger } desafía a { $opponent } a una partida de Monkey Queen!
challenge-rematch = ¡{ $challenger } ofrece a { $opponent } la revancha de la partida #{ $game }, con los colores cambiados!
challenge-open = ¡{ $challenger } busca rival para una partida de Monkey Queen! Cualquiera puede aceptar.
challenge-colour = { $choice ->
    [white] { $challenger } juega con blancas
    [black] { $challenger } juega con negras
   *[random] colores al azar
}
challenge-rated = { $rated ->
    [yes] puntuable
   *[no] amistosa
}
challenge-expires = El desafío caduca { $time }.
challenge-closed = ~~Desafío de { $challenger }: { $options }~~
challenge-accepted = Aceptado. ¡Suerte!
challenge-accepted-by = Aceptado por { $player }. ¡Suerte!
challenge-declined = Rechazado.
challenge-declined-by = Rechazado por { $player }.
challenge-cancelled = Retirado.
challenge-cancelled-by = Retirado por { $player }.
challenge-expired = Caducado: nadie lo aceptó a tiempo.
# Lo que pasó con un desafío, como oración tras «Ese desafío ya no está abierto:».
challenge-status = { $status ->
    [pending] sigue pendiente
    [accepted] fue aceptado
    [declined] fue rechazado
    [cancelled] fue retirado
   *[expired] caducó
}

## Elegir una jugada con el botón Mover

pick-piece = **Partida #{ $game }**: elige la pieza que vas a mover; las piezas marcadas pueden moverse.
pick-destination = **Partida #{ $game }**: ¿adónde va la pieza de { $square }? Las casillas marcadas son sus jugadas.
choose-piece = Elige una pieza
choose-destination = Elige adónde va
board-in-thread = Has jugado { $move }; el tablero está en el hilo de la partida, { $thread }.
board-elsewhere = Has jugado { $move }; el tablero de la partida #{ $game } se envía adonde se juega la partida.
move-played = Has jugado { $move }.
done = Hecho.
confirm-resign = ¿Te rindes en la partida #{ $game }? Gana tu rival; no se puede deshacer.
piece-moves = { $count ->
    [0] La pieza de { $square } no tiene jugadas legales.
    [one] La pieza de { $square } tiene 1 jugada legal, marcada en el tablero.
   *[other] La pieza de { $square } tiene { $count } jugadas legales, marcadas en el tablero.
}

## Botones (80 caracteres como mucho)

button-accept = Aceptar
button-decline = Rechazar
button-cancel = Retirar
button-resign = Rendirse
button-confirm-resign = Sí, me rindo
button-replay = Repetición
button-rematch = Revancha
button-move = Mover
# The link to the game's live page on the web.
button-web-page = Página web
button-play-on-board = Jugar en el tablero
button-analyse = Analizar
button-claim-win = Reclamar la victoria
button-call-off = Anular la partida
button-join-tournament = Unirse
button-leave-tournament = Salir

## Listas

games-none = No tienes partidas en curso en este servidor. Empieza una con `/desafiar`.
games-title = **Tus partidas en curso**
games-title-paged = **Tus partidas en curso** · { $total } en total · página { $page } de { $pages }
games-line = • #{ $game } contra { $opponent } — { $turn ->
    [yours] **te toca**
   *[theirs] le toca
}, jugada { $ply }
link-board = [tablero]({ $link })
stats-newcomer = { $player } aún no ha terminado ninguna partida. Puntuación { $rating } (±{ $deviation }), la de quien empieza.
stats-title = **Estadísticas de { $player }**
stats-summary = Puntuación **{ $rating }** (±{ $deviation }, { $provisional ->
        [yes] provisional: fuera de la clasificación hasta que se asiente
       *[no] consolidada
    }) · { $games ->
        [one] 1 partida
       *[other] { $games } partidas
    } ({ $rated ->
        [one] 1 puntuable
       *[other] { $rated } puntuables
    }): { $wins ->
        [one] 1 victoria
       *[other] { $wins } victorias
    }, { $losses ->
        [one] 1 derrota
       *[other] { $losses } derrotas
    }
stats-win-rate = { $percent }% de victorias
stats-streak = Racha actual: { $kind ->
    [wins] { $count ->
        [one] 1 victoria seguida
       *[other] { $count } victorias seguidas
    }
    [losses] { $count ->
        [one] 1 derrota seguida
       *[other] { $count } derrotas seguidas
    }
   *[none] ninguna
}
stats-recent = Últimas partidas:
played-game = • #{ $game } — { $won ->
    [yes] ganada
   *[no] perdida
} con { $color } contra { $opponent } · { $reason } · { $plies ->
    [one] 1 jugada
   *[other] { $plies } jugadas
} · { $rating } · { $time }
played-game-unrated = amistosa
played-game-computer = la máquina ({ $level })
level = { $level ->
    [easy] fácil
    [medium] medio
    [hard] difícil
   *[max] máximo
}
leaderboard-board = { $global ->
    [yes] todo el mundo
   *[no] este servidor
}
leaderboard-empty = **Clasificación — { $board }**
    Aún no hay nadie clasificado: una puntuación entra cuando se consolida, tras unas ocho partidas puntuables. Empieza una con `/desafiar`.
leaderboard-title = **Clasificación — { $board }** · página { $page } de { $pages }
leaderboard-line = { $rank }. { $player } — **{ $rating }** (±{ $deviation }) · { $games ->
    [one] 1 partida
   *[other] { $games } partidas
}, { $wins }–{ $losses }
history-empty = { $player } aún no ha terminado ninguna partida.
history-title = **Partidas terminadas de { $player }** · { $total } en total, las más recientes primero · página { $page } de { $pages }
history-footer = Vuelve a ver una con `/repetición`.

## Repeticiones y análisis

replay-title = **Repetición de la partida #{ $game }** — { $white } (blancas) contra { $black } (negras) · { $status }
replay-record = Partida anotada (sus opciones y todas sus jugadas):
replay-record-attached = La partida anotada va adjunta (es demasiado larga para un mensaje).
analysis-title = **Análisis de la partida #{ $game }** — { $white } (blancas) contra { $black } (negras) · { $status }
analysis-no-mistakes = Ninguna jugada perdió mucho: el motor no encontró errores claros.
analysis-mistakes = Errores más graves:
analysis-mistake = { $number }. Jugada { $ply }: { $played }; mejor: { $better } (probabilidades de las { $color }: { $before } % → { $after } %).
analysis-turning-point = Momento decisivo: jugada { $ply }.
analysis-turning-points = Momentos decisivos: jugadas { $plies } y { $last }.
analysis-picture-title = Partida #{ $game } · { $white } contra { $black } · { $status }
mistake-caption = { $number } · jugada { $ply } · { $color }
chart-ply = jugada
chart-win = gana
chart-played = se jugó
chart-better = mejor
chart-rated-games = partidas puntuables

## Ajustes

settings-title = **Ajustes de este servidor**
settings-saved = Guardado. **Ajustes de este servidor**
settings-threads = • Hilos: { $threads ->
    [on] cada partida nueva tiene su propio hilo
   *[off] no (las partidas se quedan en su canal)
}
settings-clock = • Reloj por defecto: { $clock }
settings-boards = • Tableros: { $orientation ->
    [white-bottom] blancas siempre abajo
   *[to-move] girados hacia quien tiene el turno
}
settings-colors = • Colores de los tableros: { $colors ->
    [colorblind] aptos para daltónicos
    [high] alto contraste
   *[standard] normales
} (cada quien puede elegir los suyos para los tableros que solo ve)
settings-organisers = • Torneos: { $organisers ->
    [on] cualquier miembro puede organizar uno (y empezar el suyo)
   *[off] solo los organizan quienes gestionan el servidor
}

## Los colores propios de los tableros (/colores)

own-colors-saved = Guardado.
own-colors = Los tableros que solo ves tú (un tablero privado, tus problemas, los menús de «Mover») se dibujan { $colors ->
    [colorblind] con colores aptos para daltónicos
    [high] en alto contraste
   *[standard] con los colores normales
}. Los tableros que ven todos mantienen los colores del servidor.

## Torneos
# $name es el nombre del torneo tal como lo escribió su organizador; $title es tournament-title.

tournament-title = **Torneo #{ $tournament }: { $name }**
tournament-format = { $format ->
    [swiss] sistema suizo, { $rounds ->
        [one] 1 ronda
       *[other] { $rounds } rondas
    }
   [double-round-robin] { $rounds ->
        [0] todos contra todos a doble vuelta
       *[other] todos contra todos a doble vuelta, { $rounds } rondas
    }
   *[round-robin] { $rounds ->
        [0] todos contra todos
        [one] todos contra todos, 1 ronda
       *[other] todos contra todos, { $rounds } rondas
    }
}
tournament-organiser = Organizado por { $organiser }.
tournament-no-players = Todavía no hay jugadores.
tournament-players = Jugadores ({ $count } de { $limit }): { $players }
tournament-more = …y { $count } más.
tournament-signup-timed = Las inscripciones están abiertas; empieza { $time }. Pulsa **Unirse** para jugar.
tournament-signup-manual = Las inscripciones están abiertas hasta que el organizador lo empiece. Pulsa **Unirse** para jugar.
tournament-running = Se está jugando la ronda { $round } de { $rounds }. La clasificación: `/torneo clasificación torneo:{ $tournament }`.
tournament-won = Ha terminado: ganó { $winner }.
tournament-unplayed = No se celebró: se inscribieron muy pocos jugadores.
tournament-round-title = { $title } — **ronda { $round } de { $rounds }**
tournament-board = Tablero { $board }: { $white } (blancas) contra { $black } (negras) — partida #{ $game }
tournament-board-forfeit = Tablero { $board }: { $white } (blancas) contra { $black } (negras) — { $winner } gana por incomparecencia: { $absent } se ha retirado.
tournament-bye = Descansa: { $player } no juega esta ronda y suma un punto.
tournament-round-play = Juega en tu tablero con el botón Mover, o con `/mover`. ¡Suerte!
# The tie-breaks by their names, each followed by FIDE's abbreviation (kept as FIDE writes it).
tie-break-bh-c1 = Buchholz con corte 1 (BH-C1)
tie-break-bh = Buchholz (BH)
tie-break-sb = Sonneborn-Berger (SB)
tournament-tie-breaks = Desempates: { $names }
tournament-standing = { $rank }. { $player } — **{ $points }** { $half-points ->
    [1] punto
    [2] punto
   *[other] puntos
} · { $tie-breaks }{ $withdrawn ->
    [yes] {" "}(retirado)
   *[no] {""}
}
tournament-progress = { $format } · { $stage ->
    [signup] inscripciones abiertas
    [running] ronda { $round } de { $rounds } en juego
   *[finished] clasificación final
}
tournament-standings-title = **Clasificación** del { $title } · { $progress }
tournament-final = 🏆 El { $title } ha terminado: ¡{ $winner } gana con { $points } { $half-points ->
    [1] punto
    [2] punto
   *[other] puntos
}! ¡Enhorabuena!
    Clasificación final:
tournament-final-unplayed = El { $title } no se celebró: al llegar su inicio se habían inscrito muy pocos jugadores.
crosstable-rank = #
crosstable-player = Jugador
crosstable-round = R
crosstable-points = Ptos.
crosstable-withdrawn = retirado
crosstable-bye = descanso
tournament-stage-signup = inscripciones abiertas
tournament-stage-signup-timed = inscripciones abiertas, empieza { $time }
tournament-stage-running = ronda { $round } de { $rounds }
tournament-stage-finished = terminado
tournament-list-empty = Este servidor aún no tiene torneos. Crea uno con `/torneo crear`.
tournament-list-title = **Torneos de este servidor** · { $total } en total, los más recientes primero · página { $page } de { $pages }
tournament-list-line = • #{ $tournament } **{ $name }** — { $format } · { $stage }
tournament-choice = #{ $tournament } { $name } ({ $stage })
tournament-thread-name = Torneo #{ $tournament }: { $name }
tournament-joined = Te has unido al torneo #{ $tournament }, { $name }. ¡Suerte!
tournament-left = { $started ->
    [yes] Te has retirado del torneo #{ $tournament }, { $name }: la partida que jugabas está perdida, y tus partidas restantes se pierden por incomparecencia.
   *[no] Ya no estás en la lista de jugadores del torneo #{ $tournament }, { $name }.
}
tournament-withdrew = { $started ->
    [yes] { $player } queda retirado del torneo #{ $tournament }: la partida que jugaba está perdida, y sus partidas restantes se pierden por incomparecencia.
   *[no] { $player } ya no está en la lista de jugadores del torneo #{ $tournament }.
}
tournament-started = El torneo #{ $tournament }, { $name }, ha empezado: se están publicando los emparejamientos de la ronda 1.
tournament-result-set = Torneo #{ $tournament }, ronda { $round }, tablero { $board }: ahora la gana { $winner }. Las rondas ya emparejadas quedan como están.
tournament-exported = Torneo #{ $tournament }, { $name }: las anotaciones de todas sus partidas, y el torneo como archivo FIDE TRF.

## Respuestas breves

internal = Algo falló por nuestra parte. Inténtalo de nuevo.
database-unreachable = Ahora mismo no puedo acceder a mi base de datos. Inténtalo de nuevo dentro de un momento.
other-bot = Los demás bots no pueden jugar. Desafía a una persona, o elígeme para jugar contra la máquina.
unknown-button = Ese botón ya no hace nada. Usa `/tablero` para ver la partida.
activity-off = Jugar en el tablero dentro de Discord está desactivado ahora en este bot. Usa el botón Mover o `/mover`.
unknown-command = No conozco ese comando; puede que Discord aún muestre una lista antigua. Escribe `/` para ver los comandos actuales.
malformed-command = Ese comando llegó con una opción que falta o es de otro tipo, así que no he hecho nada. Vuelve a elegirlo en el menú `/`.
not-manager = Solo quien gestiona el servidor (permiso «Gestionar servidor») puede cambiar los ajustes.
server-only = Este comando solo funciona en un servidor.

## Puzzles (/puzzle, the daily puzzle)
button-solution = Solución
button-solve = Resolver
puzzle-title = **Problema #{ $puzzle }** · puntuación { $rating }
daily-puzzle-title = **Problema del día { $day }** (problema #{ $puzzle }) · puntuación { $rating }
puzzle-themes = { $themes }
# A puzzle's theme (see docs/puzzles.md).
puzzle-theme = { $theme ->
    [queen-capture] captura de la reina
    [no-moves] sin jugadas
    [forced-win] victoria forzada
    [advantage] ventaja
    [trapped-queen] reina atrapada
    [baby-takes-queen] un bebé captura a la reina
    [birth-blocks] el recién nacido bloquea
    [quiet-move] jugada tranquila
    [one-move] una jugada
    [short] corto
    [long] largo
   *[very-long] muy largo
}
puzzle-find = Encuentra la jugada ganadora de las { $color ->
    [white] blancas
   *[black] negras
}{ $moves ->
    [one] .
   *[other] ; la solución tiene { $moves } jugadas tuyas.
}
puzzle-next = Ahora encuentra la siguiente jugada de las { $color ->
    [white] blancas
   *[black] negras
}.
puzzle-how = { $daily ->
    [yes] Responde con **Mover**.
   *[no] Responde con **Mover** o con `/mover`.
}
puzzle-tries = Intentos fallidos hasta ahora: { $tries }.
# The header line over a puzzle's picture.
puzzle-caption = Problema #{ $puzzle } · { $solved ->
    [yes] resuelto
   *[no] juegan las { $color ->
        [white] blancas
       *[black] negras
    } y ganan
}
puzzle-pick-piece = **Problema #{ $puzzle }**: elige la pieza que vas a mover; las piezas marcadas pueden moverse.
puzzle-pick-destination = **Problema #{ $puzzle }**: elige adónde va la pieza de { $square }; sus jugadas están marcadas.
puzzle-right = ✅ **{ $move }** es correcta. Las { $color ->
    [white] blancas
   *[black] negras
} responden { $reply }.
puzzle-solved = 🎉 **{ $move }**: ¡has resuelto el problema #{ $puzzle }!
daily-puzzle-solved = 🎉 **{ $move }**: ¡has resuelto el problema del día { $day } { $tries ->
    [0] al primer intento!
    [one] tras 1 intento fallido!
   *[other] tras { $tries } intentos fallidos!
}
puzzle-rating-change = Puntuación de problemas: { $before } → **{ $after }** ({ $change }).
puzzle-streak = Racha: { $streak ->
    [one] { $streak } resuelto.
   *[other] { $streak } resueltos seguidos.
}
puzzle-wrong = ❌ **{ $move }** no es la jugada ganadora.
puzzle-try-again = Vuelve a intentarlo con **Mover**, o mira la respuesta con **Solución**. Intentos fallidos: { $tries }.
puzzle-solution = Solución: { $moves }
puzzle-given-up = Has abandonado el problema #{ $puzzle }.
puzzle-another = Pide otro con `/problema`.
daily-puzzle-post = 🧩 **Problema del día { $day }**: encuentra la jugada ganadora de las { $color ->
    [white] blancas
   *[black] negras
}{ $moves ->
    [one] .
   *[other] {" "}({ $moves } jugadas que encontrar).
} Pulsa **Resolver** para intentarlo: solo tú ves tus respuestas.
daily-solvers-title = **Problema del día { $day }**: quién lo resolvió, por orden
daily-solvers-empty = **Problema del día { $day }**: nadie lo ha resuelto todavía. Inténtalo con `/problema diario`.
daily-solver-line = { $rank }. { $player } — { $tries ->
    [0] al primer intento
    [one] tras 1 intento fallido
   *[other] tras { $tries } intentos fallidos
} · <t:{ $time }:t>
stats-puzzles = Problemas: puntuación **{ $rating }** (±{ $deviation }) · { $solved ->
    [one] { $solved } resuelto
   *[other] { $solved } resueltos
}, { $failed ->
    [one] { $failed } fallado
   *[other] { $failed } fallados
} · racha { $streak } (mejor { $best })
stats-no-puzzles = Problemas: ninguno intentado todavía (`/problema`).
settings-daily-puzzle = Problema del día: se publica en { $channel } cada día (UTC).
settings-daily-puzzle-off = Problema del día: no se publica.
daily-puzzle-channel-chosen = 🧩 El problema del día se publicará aquí cada día (UTC).
daily-puzzle-channel-unreachable = No puedo publicar en { $channel }: necesito verlo, enviar mensajes y adjuntar archivos allí. No se ha cambiado nada.
daily-puzzle-channel-conflict = Elige un canal para el problema del día o desactívalo, no las dos cosas. No se ha cambiado nada.

## Texto alternativo de las imágenes (la descripción de un adjunto de Discord, que leen los lectores de pantalla)

board-alt = Tablero de Monkey Queen, { $size }×{ $size }, { $ply ->
    [0] en la posición inicial.
    [one] tras 1 jugada.
   *[other] tras { $ply } jugadas.
}
board-alt-to-move = { $color ->
    [white] Juegan blancas.
   *[black] Juegan negras.
}
board-alt-over = La partida ha terminado.
board-alt-last = Última jugada: { $move }
board-alt-queen = { $color ->
    [white] Reina blanca
   *[black] Reina negra
} en { $square }, pila de { $height }.
board-alt-queen-taken = { $color ->
    [white] La reina blanca
   *[black] La reina negra
} ha sido capturada.
board-alt-babies = { $count ->
    [0] { $color ->
        [white] Las blancas
       *[black] Las negras
    } no tienen bebés.
    [one] Un bebé { $color ->
        [white] blanco
       *[black] negro
    }: { $squares }.
   *[other] { $count } bebés { $color ->
        [white] blancos
       *[black] negros
    }: { $squares }.
}
# Una lista de bebés recortada: «a1, b2, c3 y 14 más».
board-alt-more = { $squares } y { $more } más
replay-alt = Repetición de la partida #{ $game }, una imagen por jugada hasta la jugada { $ply }. Última imagen:
analysis-alt = Análisis de la partida #{ $game }: quién iba por delante tras cada jugada, { $mistakes ->
    [0] sin errores marcados.
    [one] con 1 error marcado.
   *[other] con { $mistakes } errores marcados.
} Posición final:

## Lecciones: una regla en cada etapa, aprendida jugándola

lesson-queen-title = La reina
lesson-queen-rule = La reina se mueve como la dama del ajedrez: cualquier número de casillas vacías por una fila, una columna o una diagonal. Cada movimiento que no captura deja un bebé en la casilla de la que sale.
lesson-shrink-title = La pila se encoge
lesson-shrink-rule = Una reina es una pila de fichas, y cada bebé que deja atrás es una de ellas: el número de la reina baja en uno con cada nacimiento.
lesson-queen-two-title = Una reina de dos
lesson-queen-two-rule = Una reina de solo 2 fichas ya no puede dar a luz: solo puede capturar.
lesson-baby-title = Los bebés
lesson-baby-rule = Un bebé se mueve por las mismas líneas que una reina, pero un movimiento que no captura tiene que acabar más cerca de la reina enemiga que donde empezó.
lesson-capture-title = Capturas
lesson-capture-rule = Cualquier pieza captura una pieza enemiga moviéndose a su casilla por sus líneas. Una captura no tiene que acercarse a la reina enemiga, y una reina que captura no deja ningún bebé.
lesson-take-queen-title = Captura la reina
lesson-take-queen-rule = Capturar la reina enemiga gana la partida en el acto.
lesson-no-moves-title = Sin jugadas
lesson-no-moves-rule = Quien no tiene ninguna jugada legal en su turno pierde: deja a tu rival sin ninguna.
lesson-pie-title = La regla de intercambio
lesson-pie-rule = En una partida con regla de intercambio, juegan primero las blancas; luego las negras pueden intercambiar: quedarse con el bando blanco, con su posición, en vez de mover. Por eso la mejor primera jugada de las blancas es una equilibrada.
lesson-puzzles-title = Encuentra la jugada
lesson-puzzles-rule = Posiciones de partidas reales: una jugada gana.
lesson-task-reach = Mueve la pieza de { $from } a { $to }.
lesson-task-reach-any = Mueve la pieza de { $from } a cualquier casilla a la que pueda ir.
lesson-task-capture = Captura la pieza de { $squares }.
lesson-task-capture-any = Captura una pieza.
lesson-task-take-queen = Gana capturando la reina enemiga.
lesson-task-no-moves = Gana en una jugada: deja a tu rival sin ninguna jugada legal.
lesson-task-swap = Intercambia los colores: quédate con la posición de las blancas.
lesson-other-piece = Esa jugada es legal, pero mueve la pieza de { $square }.
lesson-elsewhere = Esa jugada es legal, pero no llega a la casilla marcada.
lesson-no-capture = Esa jugada es legal, pero no es una captura: toma una de las piezas marcadas.
lesson-other-capture = Esa captura es legal, pero toma la pieza marcada.
lesson-queen-not-taken = Esa jugada es legal, pero la reina enemiga sigue en pie.
lesson-opponent-can-move = Esa jugada es legal, pero tu rival aún podría jugar { $move }.
lesson-not-the-win = Esa jugada es legal, pero no es la ganadora: mira la pieza marcada.
lesson-not-swap = Esa jugada es legal, pero la primera jugada de las blancas es fuerte: intercambia y quédatela.
lesson-right = ¡Correcto!
lesson-stage-done = Etapa superada: { $stars } de 3 estrellas.

## /learn: the lessons in Discord, one exercise at a time, on a board only the player sees
learn-heading = **{ $title }** · etapa { $stage } de { $stages } · ejercicio { $exercise } de { $exercises }
learn-caption = { $title } · ejercicio { $exercise } de { $exercises }
learn-right = ✅ **{ $move }**: ¡correcto!
learn-wrong = ❌ { $why }
learn-stage-finished = 🏅 Etapa «{ $title }» superada: { $stars ->
    [one] 1 estrella
   *[other] { $stars } estrellas
} de 3.
learn-done = 🎓 Has terminado todas las lecciones. Ahora, a jugar: desafía a alguien con /desafiar, o desafíame a mí para jugar contra la máquina; /problema tiene más posiciones para resolver.
learn-marks = En el tablero:
learn-mark-piece = azul: la pieza que se mueve
learn-mark-tried = rojo: tu intento
learn-mark-allowed = verde discontinuo: adónde puede ir
learn-mark-target = amarillo: la casilla pedida
learn-mark-blocker = rojo: la pieza que estorba
learn-mark-enemy-queen = rojo oscuro discontinuo: la reina enemiga
learn-mark-reply = rojo oscuro discontinuo: la respuesta de tu rival
learn-mark-distance = √: la distancia a la reina enemiga
learn-try-again = Pulsa **Mover** para intentarlo de nuevo.
learn-press-move = Pulsa **Mover** para jugar.
learn-pick-piece = **{ $title }**: elige la pieza que vas a mover; las piezas marcadas pueden moverse.
learn-pick-destination = **{ $title }**: elige adónde va la pieza de { $square }; sus jugadas están marcadas.
learn-try-square = sin marcar: pruébala y verás por qué
learn-offer = 📘 { $opponent }, ¿es tu primera vez con Monkey Queen? /aprender te enseña las reglas en cinco minutos, en un tablero que solo ves tú.
