# Monkey Queen — negativas: por qué no se hizo lo que se pidió; solo las ve quien lo pidió.
# Cada una es una frase completa.
#
# Glosario (el mismo que en bot.ftl):
#   queen     reina
#   baby      bebé
#   stack     pila (de fichas)
#   capture   capturar
#   ply       jugada
#   pie rule  regla de intercambio
#   rated     puntuable (si no, «amistosa»)
#   resign    rendirse · abort  anular · computer  la máquina
# Tuteo; para varias personas, «ustedes» o sin plural (nunca «vosotros»).

## Desafíos

refused-challenge-self = No puedes desafiarte a ti mismo.
refused-ai-level-for-human = El nivel de la máquina solo sirve cuando juegas contra ella (eligiéndome como rival).
refused-board-size = El tablero debe tener 12, 14 o 16 casillas de lado, no { $size }.
refused-queen-height = Las reinas empiezan con 20 a 40 fichas, no { $height }.
refused-bad-time-limit = El tiempo por jugada debe ser positivo, no { $ms } ms.
refused-duplicate-challenge = Ya hay un desafío pendiente entre tú y esa persona en este canal (#{ $challenge }).
refused-no-such-challenge = No existe el desafío #{ $challenge }.
# $status es una oración entera (challenge-status en bot.ftl): «fue aceptado», «caducó».
refused-challenge-not-pending = Ese desafío ya no está abierto: { $status }.
refused-challenge-expired = Ese desafío ha caducado.
refused-own-challenge = No puedes aceptar tu propio desafío.
refused-not-challenged = Ese desafío es para otra persona.
refused-open-not-declinable = Un desafío abierto no se rechaza; simplemente ignóralo.
refused-not-challenger = Solo quien hizo el desafío puede retirarlo.
refused-too-many-challenges = Ya tienes { $limit } desafíos esperando respuesta; retira uno o espera a que los respondan o caduquen.
refused-not-launched = Abre primero la actividad de nuevo desde este canal (Jugar en el tablero o el lanzador de apps).
refused-not-in-this-channel = Esta partida se juega en otro canal: abre allí la actividad para jugarla.
refused-too-many-computer-games = Ya juegas { $limit } partidas contra la máquina; termina una antes de empezar otra.
refused-cooling-down = Dame { $seconds } s antes de volver a pedírmelo.

## Partidas

refused-no-such-game = No existe la partida #{ $game }.
refused-no-active-game = No tienes ninguna partida en curso aquí.
refused-several-games = Tienes { $count } partidas en curso aquí; elige una con la opción `partida` ({ $games }).
refused-several-games-more = Tienes { $count } partidas en curso aquí; elige una con la opción `partida` ({ $games } y { $more } más).
refused-not-participant = No juegas en la partida #{ $game }.
refused-game-over = La partida #{ $game } ya ha terminado.
refused-not-your-turn = No es tu turno: le toca a { $player }.
refused-position-changed = La posición ha cambiado desde entonces; mira el tablero otra vez.
refused-already-played = Esa jugada ({ $move }) ya se hizo, como jugada { $ply }.
refused-too-late-to-abort = `/anular` solo sirve antes de que muevan los dos; ríndete en su lugar.
refused-time-up = Se te acabó el tiempo para esta jugada; la partida se pierde por tiempo.
refused-no-clock = Esta partida no tiene reloj.
refused-deadline-not-reached = A quien le toca aún le queda tiempo: se acaba { $time }.
refused-not-finished = La partida #{ $game } aún no ha terminado; la revancha llega tras el resultado.
refused-rematch-of-aborted = La partida #{ $game } fue anulada, así que no hay revancha; haz un desafío nuevo.
refused-not-analysable = La partida #{ $game } aún no ha terminado; se podrá analizar cuando tenga resultado.
refused-analysis-of-aborted = La partida #{ $game } fue anulada, así que no hay nada que analizar.
refused-rematch-pending = Ya hay una revancha de esta partida esperando respuesta (desafío #{ $challenge }).
refused-rematch-in-progress = La revancha de esta partida ya se está jugando (partida #{ $game }).
refused-no-such-page = Esta lista no tiene página { $page } (termina en la página { $pages }).
refused-has-clock = Esta partida tiene reloj: se decide por tiempo.
refused-your-move = Te toca mover a ti: la partida te espera.
refused-not-abandoned = Tu rival aún puede mover: podrás reclamar la partida { $time }.

## Jugadas

refused-illegal = Jugada ilegal: { $reason }.
illegal-game-over = la partida ya ha terminado
illegal-off-board = { $square } no está en este tablero
illegal-no-piece = no hay ninguna pieza en { $square }
illegal-not-your-piece = la pieza de { $square } no es tuya
illegal-same-square = una pieza debe salir de su casilla ({ $square })
illegal-not-straight = de { $from } a { $to } no hay línea recta; las piezas se mueven por filas, columnas y diagonales
illegal-path-blocked = el camino de { $from } a { $to } está bloqueado por la pieza de { $blocker }
illegal-own-piece = en { $square } hay una pieza tuya
illegal-queen-must-capture = tu reina de { $square } solo tiene 2 fichas: puede capturar pero no dar a luz
illegal-baby-not-closer = un bebé debe acercarse a la reina enemiga de { $queen }: { $from } está a √{ $before } de ella, { $to } quedaría a √{ $after }
illegal-swap-not-allowed = swap solo se permite como primera jugada de las negras en una partida con la regla de intercambio
parse-empty = No has escrito ninguna jugada; escríbela como g1-g7.
parse-not-a-square = `{ $text }` no es una casilla de un tablero de { $size }×{ $size }.
parse-not-a-square-unreadable = Eso no es una casilla de un tablero de { $size }×{ $size }; escríbela como g1.
parse-malformed = `{ $text }` no es una jugada; escribe dos casillas como g1-g7, o swap.
parse-malformed-unreadable = Eso no es una jugada; escribe dos casillas como g1-g7, o swap.

## Tournaments
refused-tournament-servers-only = Los torneos pertenecen a un servidor: usa este comando en uno.
refused-tournament-needs-bot = El bot debe estar añadido a este servidor para llevar un torneo: publica él mismo las rondas y los tableros.
refused-not-organiser = Necesitas el permiso Gestionar servidor (o ser el organizador de este torneo, si el servidor permite organizadores en /ajustes).
refused-no-such-tournament = Este servidor no tiene el torneo #{ $tournament }.
refused-bad-tournament-name = Dale al torneo un nombre de 1 a { $max } caracteres.
refused-bad-rounds = Un torneo suizo tiene de 1 a { $max } rondas.
refused-bad-player-limit = El límite de jugadores debe estar entre { $min } y { $max }.
refused-round-robin-too-large = { $cycles ->
    [2] Un todos contra todos a doble vuelta de { $players } jugadores juega { $rounds } rondas
   *[other] Un todos contra todos de { $players } jugadores juega { $rounds } rondas
}, y cada ronda espera a su partida más lenta: admite como máximo { $max } jugadores ({ $max-rounds } rondas). Para más jugadores, elige el sistema suizo: juega solo las rondas que fijes.
refused-start-in-past = Esa hora de inicio ya pasó.
refused-too-many-tournaments = Este servidor ya tiene { $limit } torneos en inscripción o en curso; termina uno primero.
refused-tournament-started = Este torneo ya ha empezado.
refused-tournament-over = Este torneo ha terminado.
refused-tournament-not-started = Este torneo aún no ha empezado.
refused-tournament-full = Este torneo está completo ({ $limit } jugadores).
refused-already-joined = Ya estás en este torneo.
refused-not-joined = No estás en este torneo.
refused-not-entered = Esa persona no juega en este torneo.
refused-already-withdrawn = Esa persona ya se ha retirado.
refused-too-few-players = Este torneo necesita al menos { $need } jugadores para empezar.
refused-no-such-pairing = La ronda { $round } no tiene partida en el tablero { $board }.
refused-result-pending = Esa partida aún se está jugando; su resultado saldrá del tablero (o retira a un jugador).
refused-not-in-pairing = Esa persona no juega en esa partida.
refused-tournament-game = Una partida de torneo no se puede anular: su emparejamiento necesita un resultado.

## Puzzles
refused-no-puzzles = No te queda ningún problema: ya los has tenido todos. Salen nuevos de las partidas puntuables.
refused-no-such-puzzle = No estás resolviendo el problema #{ $puzzle }; pide uno con `/problema`.
refused-puzzle-over = El problema #{ $puzzle } ha terminado; pide otro con `/problema`.
