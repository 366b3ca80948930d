# Monkey Queen — los comandos de barra tal como los muestra Discord, en español (es-ES y
# es-419): el nombre y la descripción de cada comando y de cada opción, y los nombres de las
# elecciones que ofrece una opción.
#
# Límites de Discord:
#   nombres de comandos y opciones: en minúsculas, de 1 a 32 caracteres, solo letras (con
#                                   tildes y eñes: `tamaño`, `estadísticas`), cifras, `-`, `_`
#                                   y `'`; sin espacios. Las palabras de verdad, bien escritas.
#   descripciones:                  de 1 a 100 caracteres
#   nombres de elecciones:          de 1 a 100 caracteres (se admiten espacios y tildes)
# Dos opciones de un comando no pueden llamarse igual, ni dos comandos.
#
# Glosario:
#   queen     reina
#   baby      bebé
#   stack     pila
#   capture   capturar
#   ply       jugada
#   pie rule  regla de intercambio (la opción: `intercambio`)
#   rated     puntuable (una partida no puntuable es «amistosa»)
#   resign    rendirse · abort  anular · computer  la máquina
# Tuteo para el lector; nada de «vosotros» (el mismo texto sirve a España y a América).
#
# Cuatro de estos ids son también ids de bot.ftl o rules.ftl (`challenge-rated`,
# `settings-threads`, `settings-clock`, `rules`): este archivo se carga en un bundle propio.

## /challenge

challenge = desafiar
challenge-description = Desafía a alguien a Monkey Queen, publica un desafío abierto o juega contra la máquina (elígeme).
challenge-opponent = rival
challenge-opponent-description = Contra quién; vacío para un desafío abierto, o elígeme para jugar contra la máquina
challenge-size = tamaño
challenge-size-description = Tamaño del tablero (por defecto 12×12)
challenge-height = altura
challenge-height-description = Altura inicial de las reinas, de 20 a 40 (por defecto 20)
challenge-color = color
challenge-color-description = Tu color (por defecto al azar)
challenge-pie = intercambio
challenge-pie-description = Regla de intercambio: tras la primera jugada de las blancas, las negras pueden cambiar de color
challenge-clock = reloj
challenge-clock-description = Tiempo por jugada (por defecto: el del servidor, normalmente 1 día)
challenge-rated = puntuable
challenge-rated-description = Partida puntuable (por defecto sí)
challenge-level = nivel
challenge-level-description = El nivel de la máquina, si juegas contra ella (por defecto medio)

# La opción `tamaño` (SizeOption).
choice-size-twelve = 12×12 (estándar)
choice-size-fourteen = 14×14
choice-size-sixteen = 16×16
# La opción `color` (ColorOption).
choice-color-random = al azar
choice-color-white = blancas (mueves primero)
choice-color-black = negras
# La opción `reloj` de /desafiar y de /ajustes (ClockOption).
choice-clock-unlimited = sin reloj
choice-clock-ten-minutes = 10 minutos
choice-clock-one-hour = 1 hora
choice-clock-one-day = 1 día
choice-clock-three-days = 3 días
# La opción `nivel` (LevelChoice): los mismos nombres que `level` en bot.ftl.
choice-level-easy = fácil
choice-level-medium = medio
choice-level-hard = difícil

## /move

move = mover
move-description = Haz una jugada en tu partida de aquí, p. ej. g1-g7 (se sugieren tus jugadas legales).
move-move = jugada
move-move-description = Tu jugada, como g1-g7 (escribe una casilla para ver sus jugadas)
move-game = partida
move-game-description = Número de partida, solo si tienes varias aquí

## /board

board = tablero
board-description = Muestra el tablero de tu partida de aquí (o de cualquier partida, por número).
board-game = partida
board-game-description = Número de partida (por defecto: tu partida en este canal)
board-private = privado
board-private-description = Mostrarlo solo a ti (por defecto no)

## /moves

moves = jugadas
moves-description = Muestra las jugadas legales de una de tus piezas, marcadas en el tablero (solo tú lo ves).
moves-square = casilla
moves-square-description = La casilla de la pieza, como g1
moves-game = partida
moves-game-description = Número de partida, solo si tienes varias aquí

## /resign

resign = rendirse
resign-description = Ríndete en tu partida de aquí (se te pedirá confirmación).
resign-game = partida
resign-game-description = Número de partida, solo si tienes varias aquí

## /abort

abort = anular
abort-description = Anula tu partida de aquí: solo antes de que muevan los dos; sin resultado.
abort-game = partida
abort-game-description = Número de partida, solo si tienes varias aquí

## /games

games = partidas
games-description = Lista tus partidas en curso en este servidor.

## /stats

stats = estadísticas
stats-description = Muestra la puntuación, partidas, victorias, derrotas, racha y últimos resultados.
stats-user = usuario
stats-user-description = De quién (por defecto: tuyas)

## /leaderboard

leaderboard = clasificación
leaderboard-description = Muestra los jugadores mejor puntuados de este servidor, o de todo el mundo.
leaderboard-scope = ámbito
leaderboard-scope-description = Qué jugadores (por defecto: este servidor)

# La opción `ámbito` (ScopeOption).
choice-scope-server = este servidor
choice-scope-global = todo el mundo

## /history

history = historial
history-description = Lista las partidas terminadas de un jugador, con resultado y motivo.
history-user = usuario
history-user-description = De quién (por defecto: las tuyas)

## /replay

replay = repetición
replay-description = Publica la repetición animada de una partida y la partida anotada (todas sus jugadas).
replay-game = partida
replay-game-description = Número de partida

## /analyse

analyse = analizar
analyse-description = Muestra el análisis del motor de una partida terminada: quién ganaba y los peores errores.
analyse-game = partida
analyse-game-description = Número de partida

## /colores

colours = colores
colours-description = Los colores de los tableros que solo ves tú: normales, aptos para daltónicos o alto contraste.
colours-theme = tema
colours-theme-description = Tus colores (déjalo vacío para ver los que tienes)

# La opción `tema` de /colores y la opción `colores` de /ajustes (ColorsOption).
choice-colors-standard = normales
choice-colors-colorblind = aptos para daltónicos
choice-colors-high = alto contraste

## /settings

settings = ajustes
settings-description = Ajustes del servidor: un hilo por partida, reloj por defecto, orientación del tablero.
settings-threads = hilos
settings-threads-description = Dar a cada partida nueva su propio hilo
settings-clock = reloj
settings-clock-description = Tiempo por jugada cuando un desafío no lo indica
settings-orientation = orientación
settings-orientation-description = Cómo se dibujan los tableros
settings-colours = colores
settings-colours-description = Colores de los tableros que ven todos (cada quien elige los suyos con /colores)
settings-organisers = organizadores
settings-organisers-description = Dejar que miembros sin «Gestionar servidor» creen torneos y lleven los suyos

# La opción `reloj` usa las elecciones de /desafiar (choice-clock-…).
# La opción `orientación` (OrientationOption).
choice-orientation-white-bottom = blancas siempre abajo
choice-orientation-to-move = girado hacia quien tiene el turno

## /torneo

tournament = torneo
tournament-description = Los torneos de este servidor: créalos, únete, juega y síguelos.
tournament-create = crear
tournament-create-description = Crea un torneo en este canal (quienes gestionan el servidor, o quien los ajustes permitan).
tournament-create-name = nombre
tournament-create-name-description = El nombre del torneo
tournament-create-format = formato
tournament-create-format-description = Sistema suizo (un número fijo de rondas), todos contra todos o a doble vuelta (por defecto suizo)
tournament-create-rounds = rondas
tournament-create-rounds-description = Rondas de un torneo suizo, de 1 a 11 (por defecto 4)
tournament-create-size = tamaño
tournament-create-size-description = Tamaño del tablero (por defecto 12×12)
tournament-create-height = altura
tournament-create-height-description = Altura inicial de las reinas, de 20 a 40 (por defecto 20)
tournament-create-pie = intercambio
tournament-create-pie-description = Jugar con la regla de intercambio (por defecto no)
tournament-create-clock = reloj
tournament-create-clock-description = Tiempo por jugada (por defecto: el del servidor)
tournament-create-rated = puntuables
tournament-create-rated-description = Partidas puntuables (por defecto sí)
tournament-create-players = jugadores
tournament-create-players-description = Máximo que pueden unirse: 2 a 128, 32 todos contra todos, 16 a doble vuelta (por defecto 32; 16)
tournament-create-start = inicio
tournament-create-start-description = Cuándo empieza solo (por defecto: cuando lo empieces tú)
tournament-join = unirse
tournament-join-description = Únete a un torneo con las inscripciones abiertas.
tournament-join-tournament = torneo
tournament-join-tournament-description = El número del torneo
tournament-leave = salir
tournament-leave-description = Sal de un torneo (tras su inicio, tus partidas restantes se pierden por incomparecencia).
tournament-leave-tournament = torneo
tournament-leave-tournament-description = El número del torneo
tournament-start = empezar
tournament-start-description = Empieza un torneo ahora y empareja su primera ronda (su organizador).
tournament-start-tournament = torneo
tournament-start-tournament-description = El número del torneo
tournament-standings = clasificación
tournament-standings-description = Muestra la clasificación de un torneo, con su tabla cruzada en cuanto se juegue una ronda.
tournament-standings-tournament = torneo
tournament-standings-tournament-description = El número del torneo
tournament-list = lista
tournament-list-description = Lista los torneos de este servidor, los más recientes primero.
tournament-withdraw = retirar
tournament-withdraw-description = Retira a un jugador de un torneo (su organizador).
tournament-withdraw-tournament = torneo
tournament-withdraw-tournament-description = El número del torneo
tournament-withdraw-player = jugador
tournament-withdraw-player-description = El jugador que se retira
tournament-result = resultado
tournament-result-description = Cambia el resultado de una partida de un torneo (su organizador).
tournament-result-tournament = torneo
tournament-result-tournament-description = El número del torneo
tournament-result-round = ronda
tournament-result-round-description = La ronda
tournament-result-board = tablero
tournament-result-board-description = El tablero, numerado como en los emparejamientos de la ronda
tournament-result-winner = ganador
tournament-result-winner-description = Quién gana esa partida
tournament-export = exportar
tournament-export-description = Descarga las anotaciones de todas las partidas de un torneo y su archivo FIDE TRF.
tournament-export-tournament = torneo
tournament-export-tournament-description = El número del torneo

# La opción `format` (FormatOption).
choice-format-swiss = sistema suizo
choice-format-round-robin = todos contra todos
choice-format-double-round-robin = todos contra todos a doble vuelta
# La opción `start` (StartOption): cuánto después de crearlo empieza solo.
choice-start-quarter-hour = en 15 minutos
choice-start-one-hour = en 1 hora
choice-start-six-hours = en 6 horas
choice-start-one-day = en 1 día
choice-start-three-days = en 3 días
choice-start-one-week = en 1 semana

## /rules

rules = reglas
rules-description = Las reglas de Monkey Queen en breve, con diagramas de ejemplo.

## /learn

# The lessons, in Discord; the choices of `stage` are the stages' titles.
learn = aprender
learn-description = Aprende Monkey Queen jugando, en cinco minutos: una regla cada vez, solo para ti.
learn-stage = etapa
learn-stage-description = La etapa que quieres hacer (por defecto: la primera que no has superado)
choice-stage-queen = La reina
choice-stage-shrink = La pila se encoge
choice-stage-queen-two = Una reina de dos
choice-stage-baby = Los bebés
choice-stage-capture = Capturas
choice-stage-take-queen = Captura la reina
choice-stage-no-moves = Sin jugadas
choice-stage-pie = La regla de intercambio
choice-stage-puzzles = Encuentra la jugada

## The Activity's Entry Point command (App Launcher)

launch = iniciar
launch-description = Juega a Monkey Queen en el propio tablero: toca una pieza y luego una casilla.

## /puzzle

puzzle = problema
puzzle-description = Un problema de una partida real, solo para ti: encuentra la jugada ganadora.
puzzle-daily = diario
puzzle-daily-description = El problema del día, el mismo para todos (por defecto: uno cercano a tu puntuación)
# The `scope` option of /leaderboard: today's daily puzzle's solvers.
choice-scope-puzzles = el problema de hoy
# The daily puzzle's options of /settings.
settings-puzzle-channel = canal-problemas
settings-puzzle-channel-description = El canal donde se publica el problema del día cada día
settings-puzzle-off = problemas-desactivados
settings-puzzle-off-description = Verdadero: dejar de publicar el problema del día
