# Monkey Queen — todos los textos de las páginas web (la página en vivo de una partida y la
# página de inicio de `monkey-queen web`), en español (referencia: locales/en/web.ftl).
#
# El glosario es el de la cabecera de bot.ftl, el mismo aquí: reina, bebé, pila, capturar,
# jugada (el movimiento de un jugador), regla de intercambio, puntuable/amistosa, rendirse,
# anular, la máquina (el rival; el aparato en el que se juega es «este equipo»). Tuteamos.
# Colores: «blancas» y «negras», en minúscula dentro de la frase.
#
# Todos los ids empiezan por `web-`. El servidor muestra cada mensaje una vez, con cada
# variable escrita como el texto literal {name}, y la página pone los nombres, números y
# casillas: por eso aquí no hay selectores ni plurales («Bebés blancos: 3», no «3 bebés
# blancos»). Las casillas y las jugadas van en la notación del juego (g7, g1-g7, g1xg7, swap).

## Jugadores, estado y resultado

web-vs = { $white } contra { $black }
web-players = Jugadores
web-white = Blancas
web-black = Negras
web-you = tú
web-rating = puntuación { $rating }
web-computer = la máquina, nivel { $level }
web-level-easy = fácil
web-level-medium = medio
web-level-hard = difícil
web-level-max = máximo
web-to-move = le toca
web-time-left = Tiempo restante:
web-status-to-move = Le toca a { $player }
web-your-turn = Te toca
web-won = Ganó { $player }
web-reason-queen_captured = reina capturada
web-reason-no_legal_moves = sin jugadas legales
web-reason-resignation = rendición
web-reason-timeout = tiempo agotado
web-reason-abandoned = abandono (una semana sin jugar)
web-aborted = Anulada: sin resultado
web-rating-changes = Puntuación: { $white } { $white-delta }, { $black } { $black-delta }

## Opciones y reloj

web-rated = puntuable
web-casual = amistosa
web-options = { $size }×{ $size }, reinas de { $height }
web-pie-on = con regla de intercambio
web-pie-off = sin regla de intercambio
web-per-move = { $time } por jugada
web-no-clock = sin reloj
web-minutes = { $minutes } min
web-clock-hours = { $hours } h { $minutes } min
web-clock-days = { $days } d { $hours } h

## El tablero

web-board = Tablero
web-board-start = Posición inicial: { $pieces }
web-board-after = Tablero tras la jugada { $ply }: { $pieces }
web-white-queen = Reina blanca en { $square }, altura { $height }
web-black-queen = Reina negra en { $square }, altura { $height }
web-white-queen-taken = Reina blanca capturada
web-black-queen-taken = Reina negra capturada
web-white-babies = Bebés blancos: { $count }
web-black-babies = Bebés negros: { $count }

## Recorrer la partida

web-navigation = Recorrer la partida
web-first = Al principio: la posición inicial
web-previous = Jugada anterior
web-next = Jugada siguiente
web-last = Última jugada
web-flip = Girar el tablero
web-ply-of = Jugada { $ply } de { $total }
web-moves = Jugadas
web-no-moves = Todavía no hay jugadas.

## En directo

web-connecting = Conectando…
web-live = En directo
web-reconnecting = Reconectando…

## Jugar

web-go-to-last = Te toca: ve a la última jugada para jugar en el tablero.
web-move-label = Tu jugada, escrita (como g1-g7)
web-play = Jugar
web-move-unknown = { $move } no es una jugada legal ahora.
web-swap = Cambiar de color (regla de intercambio)
web-resign = Rendirse
web-resign-really = ¿De verdad te rindes? Gana tu rival; no se puede deshacer.
web-resign-confirm = Sí, me rindo
web-cancel = No, sigo jugando
web-dismiss = Cerrar
web-network-error = No se pudo contactar con el servidor. Revisa la conexión y vuelve a intentarlo.
web-move-unconfirmed = El servidor no confirmó tu jugada a tiempo, así que no se muestra como jugada. Revisa la conexión y vuelve a intentarlo.
web-home-link = Todas las partidas de este equipo

## Análisis

web-analysis = Análisis
web-chances = Probabilidades de las blancas, jugada a jugada
web-chance-at = Jugada { $ply }: probabilidades de las blancas { $percent } %
web-legend-turning = momentos decisivos
web-legend-mistakes = errores más graves

## La página de inicio (partidas en este equipo)

web-home-intro = Monkey Queen aquí, en este equipo: contra la máquina o con alguien a tu lado, en la misma pantalla.
web-new-game = Nueva partida
web-opponent = Rival
web-opponent-computer = La máquina
web-opponent-human = Alguien a tu lado, en esta pantalla
web-level = Nivel de la máquina
web-your-color = Tu color
web-color-random = Al azar
web-size = Tamaño del tablero
web-size-option = { $size }×{ $size }
web-pie = Regla de intercambio: el segundo jugador puede cambiar de color en vez de mover
web-start = Empezar
web-starting = Empezando…
web-games = Partidas
web-games-none = Todavía no hay partidas.
web-status-active = en curso
web-status-finished = terminada
web-status-aborted = anulada
web-game-ply = jugada { $ply }

## Names and the front page of the bot's pages

# The names of the people playing at one screen, and of the computer, as stored with a game
# started on this device.
web-name-player = Jugador { $number }
web-name-computer = La máquina
web-bad-request = Esta petición no es de las que envía la página.
web-about = Monkey Queen: cada partida que se juega con este bot en Discord tiene aquí su propia página en directo; su tablero en Discord enlaza con ella.

## The Activity (the page inside Discord)

web-activity-signing-in = Iniciando sesión con Discord…
web-activity-sign-in-failed = Discord no inició tu sesión. Cierra la actividad y ábrela de nuevo.
web-activity-outside = Esta página funciona dentro de Discord: ábrela con «Jugar en el tablero» bajo el tablero de una partida.
web-activity-your-games = Tus partidas aquí
web-activity-no-games = Aún no tienes partidas en este canal. Desafía a alguien con /desafiar y vuelve a abrir esto.
web-activity-active = en curso
web-activity-finished = terminada
web-activity-aborted = anulada
web-activity-rematch = Revancha
web-activity-rematch-offered = Tu oferta de revancha está en el chat.
web-activity-computer = Jugar contra la máquina
web-activity-computer-level = Nivel

## Puzzles (a puzzle's own page, and the links to it on its game's page)

web-game-puzzles = Problemas de esta partida
web-game-puzzle = Problema #{ $number }: la posición tras la jugada { $ply }
web-puzzle-title = Problema #{ $number }
web-puzzle-find-white = Encuentra la jugada ganadora de las blancas
web-puzzle-find-black = Encuentra la jugada ganadora de las negras
web-puzzle-rating = Puntuación { $rating }
web-puzzle-board = La posición del problema: { $pieces }
web-puzzle-first = Primera: la posición del problema
web-puzzle-navigation = Recorrer las jugadas
web-puzzle-your-move = Te toca: pulsa una pieza y luego la casilla adonde va.
web-puzzle-right = ¡Correcto! La respuesta fue { $move }: encuentra la siguiente jugada.
web-puzzle-solved = ¡Resuelto!
web-puzzle-wrong = { $move } no es la jugada. La solución está en el tablero: recórrela.
web-puzzle-shown = La solución está en el tablero: recórrela.
web-puzzle-show-solution = Ver la solución
web-puzzle-again = Intentar de nuevo
web-puzzle-unrated = Aquí los problemas no puntúan: la puntuación de problemas es para /problema en Discord.
web-puzzle-counts = Este problema cuenta ahora mismo en Discord: es el problema del día, o alguien lo está resolviendo para su puntuación. Juégalo allí con /problema; aquí se abre cuando deje de contar.
web-theme-queen-capture = captura de la reina
web-theme-no-moves = sin jugadas legales
web-theme-forced-win = victoria forzada
web-theme-advantage = ventaja
web-theme-trapped-queen = reina atrapada
web-theme-baby-takes-queen = un bebé captura la reina
web-theme-birth-blocks = un nacimiento bloquea
web-theme-quiet-move = jugada tranquila
web-theme-one-move = una jugada
web-theme-short = corto
web-theme-long = largo
web-theme-very-long = muy largo

## Refusals that would name a game by its number in Discord: the page names no number.
web-refused-no-such-game = Esa partida no existe.
web-refused-not-participant = No juegas en esta partida.
web-refused-game-over = Esta partida ya ha terminado.
web-refused-rematch-in-progress = La revancha de esta partida ya se está jugando.

## A tournament's page: its standings, crosstable and rounds.
web-tournament-standings = Clasificación
web-tournament-crosstable = Tabla cruzada
web-tournament-rounds = Rondas
web-tournament-round = Ronda { $round }
web-tournament-board = Tablero { $board }
web-tournament-watch = Ver
web-tournament-watch-game = Ver { $white } contra { $black }
web-tournament-being-played = en juego
web-tournament-bye = descanso
web-tournament-rating = Rating
web-tournament-tie-breaks = Desempates: { $names }
web-tournament-no-players = Aún no hay jugadores.
web-tournament-cell-white = B
web-tournament-cell-black = N
web-tournament-cell-legend = En cada casilla: el puesto del rival, el color jugado (B blancas, N negras) y el resultado (+ ganada, − perdida, F por incomparecencia, … en juego).

## Leer el tablero: la leyenda de sus marcas, sus colores y cada casilla en palabras

web-legend-summary = Qué significan las marcas del tablero
web-legend-move = la pieza elegida puede ir aquí
web-legend-birth = la reina puede ir aquí y deja un bebé detrás
web-legend-capture = la pieza elegida puede capturar aquí
web-legend-queen-capture = captura la reina rival: así se gana
web-legend-last = la última jugada
web-legend-last-capture = la última jugada capturó aquí
web-legend-selected = la pieza elegida
web-legend-queen = una reina: el número es su altura
web-legend-baby = un bebé
web-colors = Colores del tablero
web-colors-standard = Normales
web-colors-colorblind = Aptos para daltónicos
web-colors-high = Alto contraste
web-square-white-queen = Reina blanca de { $height }
web-square-black-queen = Reina negra de { $height }
web-square-white-baby = Bebé blanco
web-square-black-baby = Bebé negro
web-square-empty = vacía
web-square-last = última jugada
web-square-to-move = la pieza elegida puede ir aquí
web-square-to-birth = la reina puede ir aquí y deja un bebé
web-square-to-capture = la pieza elegida puede capturar aquí
web-square-to-queen-capture = la pieza elegida puede capturar la reina aquí
web-square-picked = { $square } elegida; casillas a las que puede ir: { $count }
web-announce-move = Jugada: { $move }.
web-material-queen = Reina de { $height }
web-material-no-queen = Reina capturada
web-material-babies = bebés: { $babies }
web-material-captures = capturas: { $captures }

## Después de una partida en esta pantalla, y el camino entre las páginas

web-game-over = Partida terminada
web-rematch = Revancha
web-new-game-link = Nueva partida
web-first-color = Color del jugador 1
web-turn-board = Girar el tablero hacia quien mueve
web-puzzles-link = Problemas
web-puzzle-next = Siguiente problema
web-puzzle-home = Inicio

web-rules-title = Cómo se juega
web-rules-1 = Tablero de 12×12. Cada bando empieza con una reina: una pila de 20 fichas (blancas en g1, negras en f12). Empiezan las blancas.
web-rules-2 = Todas las piezas se mueven como la dama del ajedrez: en línea recta, tantas casillas como quieran, sin saltar. Pueden parar en una casilla vacía o capturar la primera pieza enemiga del camino.
web-rules-3 = Cuando la reina se mueve sin capturar, deja atrás una ficha: un nuevo bebé. Su altura baja en uno. Una reina de altura 2 solo puede capturar.
web-rules-4 = Un bebé que no captura debe acabar más cerca de la reina enemiga (distancia en línea recta). Las capturas pueden ir a cualquier parte.
web-rules-5 = Captura la reina enemiga para ganar. Quien no tiene jugadas legales pierde. No hay tablas.
web-analyse = Analizar la partida
web-analysing = Analizando…

## La página de lecciones

web-learn-title = Aprende Monkey Queen
web-learn-link = Aprende a jugar
web-learn-intro = Aprende las reglas jugándolas: una regla en cada etapa, unas pocas jugadas en cada una.
web-learn-stages = Etapas
web-learn-stage-of = Etapa { $stage } de { $stages }
web-learn-exercise-of = Ejercicio { $exercise } de { $exercises }
web-learn-next = Siguiente
web-learn-again = Empezar la etapa de nuevo
web-learn-stars = { $stars } de 3 estrellas
web-learn-not-done = aún sin hacer
web-learn-all-done = Ya conoces todas las reglas. ¿Listo para una primera partida?
web-learn-play = Jugar contra la máquina (fácil)
