# Monkey Queen — the slash commands as Discord lists them: each command's name and description,
# each option's name and description, and the names of the choices offered for an option.
# English is the reference language (the names Discord registers).
#
# Discord's limits:
#   command and option names: `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lowercase wherever
#                             a letter has a lowercase form: 1–32 characters, each a letter of any
#                             script, accented ones included (tamaño, estadísticas, größe), a
#                             digit, `-`, `_` or `'`; no spaces. Use each language's real words,
#                             accents and all.
#   descriptions:             1–100 characters
#   choice names:             1–100 characters (spaces and any characters allowed)
# Two options of one command must not share a name, nor two commands.
#
# Ids: `<command>` and `<command>-description`; `<command>-<option>` and
# `<command>-<option>-description`; `choice-<kind>-<variant>` for the choices of an option.
# A subcommand is `<command>-<subcommand>` (and its description), its options
# `<command>-<subcommand>-<option>`. Choice names are told apart by their English text: no two
# choices may share one.
# Four of these ids are also ids of bot.ftl or rules.ftl (`challenge-rated`, `settings-threads`,
# `settings-clock`, `rules`): this file must be loaded into a bundle of its own.

## /challenge

challenge = challenge
challenge-description = Challenge someone to Monkey Queen, post an open challenge, or play the computer (pick me).
challenge-opponent = opponent
challenge-opponent-description = Who to play; leave empty for an open challenge, or pick me to play the computer
challenge-size = size
challenge-size-description = Board size (default 12×12)
challenge-height = height
challenge-height-description = Starting queen height, 20 to 40 (default 20)
challenge-color = color
challenge-color-description = Your colour (default random)
challenge-pie = pie
challenge-pie-description = Play with the pie rule: after White's first move, Black may swap colours
challenge-clock = clock
challenge-clock-description = Time per move (default: the server's, normally 1 day)
challenge-rated = rated
challenge-rated-description = Rated game (default yes)
challenge-level = level
challenge-level-description = The computer's level, when you play the computer (default medium)

# The `size` option (SizeOption).
choice-size-twelve = 12×12 (standard)
choice-size-fourteen = 14×14
choice-size-sixteen = 16×16
# The `color` option (ColorOption).
choice-color-random = random
choice-color-white = white (you move first)
choice-color-black = black
# The `clock` option of /challenge and of /settings (ClockOption).
choice-clock-unlimited = no clock
choice-clock-ten-minutes = 10 minutes
choice-clock-one-hour = 1 hour
choice-clock-one-day = 1 day
choice-clock-three-days = 3 days
# The `level` option (LevelChoice: the levels offered, easy, medium and hard; the names are
# the level names the bot uses elsewhere, see `level` in bot.ftl).
choice-level-easy = easy
choice-level-medium = medium
choice-level-hard = hard

## /move

move = move
move-description = Make a move in your game here, e.g. g1-g7 (suggestions list your legal moves).
move-move = move
move-move-description = Your move, like g1-g7 (type a square to see its moves)
move-game = game
move-game-description = Game number, needed only when you have several games here

## /board

board = board
board-description = Show the board of your game here (or of any game, by number).
board-game = game
board-game-description = Game number (default: your game in this channel)
board-private = private
board-private-description = Show it only to you (default no)

## /moves

moves = moves
moves-description = Show the legal moves of one of your pieces, marked on the board (only you see it).
moves-square = square
moves-square-description = The piece's square, like g1
moves-game = game
moves-game-description = Game number, needed only when you have several games here

## /resign

resign = resign
resign-description = Resign your game here (you will be asked to confirm).
resign-game = game
resign-game-description = Game number, needed only when you have several games here

## /abort

abort = abort
abort-description = Abort your game here: only before both players have moved; no result.
abort-game = game
abort-game-description = Game number, needed only when you have several games here

## /games

games = games
games-description = List your games in progress in this server, a page at a time.

## /stats

stats = stats
stats-description = Show a player's rating, games, wins, losses, streak and recent results.
stats-user = user
stats-user-description = Whose statistics (default: yours)

## /leaderboard

leaderboard = leaderboard
leaderboard-description = Show the best-rated players of this server, or of everyone.
leaderboard-scope = scope
leaderboard-scope-description = Which players (default: this server)

# The `scope` option (ScopeOption).
choice-scope-server = this server
choice-scope-global = everyone

## /history

history = history
history-description = List a player's finished games with result and reason, newest first, paged with ◀ ▶.
history-user = user
history-user-description = Whose games (default: yours)

## /replay

replay = replay
replay-description = Post the animated replay of a game and its record (its options and every move).
replay-game = game
replay-game-description = Game number

## /analyse

analyse = analyse
analyse-description = Show the engine's analysis of a finished game: who was winning, and the biggest mistakes.
analyse-game = game
analyse-game-description = Game number

## /colours

colours = colours
colours-description = The colours of the boards only you see: standard, colour-blind safe or high contrast.
colours-theme = theme
colours-theme-description = Your colours (leave empty to see the ones you have)

# The `theme` option of /colours and the `colours` option of /settings (ColorsOption).
choice-colors-standard = standard
choice-colors-colorblind = colour-blind safe
choice-colors-high = high contrast

## /settings

settings = settings
settings-description = Server settings: a thread per game, default clock, board orientation (server managers).
settings-threads = threads
settings-threads-description = Give each new game its own thread
settings-clock = clock
settings-clock-description = Time per move when a challenge names none
settings-orientation = orientation
settings-orientation-description = How boards are drawn
settings-colours = colours
settings-colours-description = Colours of the boards everyone sees (each player picks their own with /colours)
settings-organisers = organisers
settings-organisers-description = Let members without Manage Server create tournaments and run their own

# The `clock` option takes the choices of /challenge's (choice-clock-…).
# The `orientation` option (OrientationOption).
choice-orientation-white-bottom = White always at the bottom
choice-orientation-to-move = turned towards the player to move

## /tournament

tournament = tournament
tournament-description = Tournaments of this server: create, join, play and follow them.
tournament-create = create
tournament-create-description = Create a tournament in this channel (server managers, or anyone the settings allow).
tournament-create-name = name
tournament-create-name-description = The tournament's name
tournament-create-format = format
tournament-create-format-description = Swiss (a set number of rounds), round robin, or double round robin (default Swiss)
tournament-create-rounds = rounds
tournament-create-rounds-description = Rounds of a Swiss tournament, 1 to 11 (default 4)
tournament-create-size = size
tournament-create-size-description = Board size (default 12×12)
tournament-create-height = height
tournament-create-height-description = Starting queen height, 20 to 40 (default 20)
tournament-create-pie = pie
tournament-create-pie-description = Play with the pie rule (default no)
tournament-create-clock = clock
tournament-create-clock-description = Time per move (default: the server's)
tournament-create-rated = rated
tournament-create-rated-description = Rated games (default yes)
tournament-create-players = players
tournament-create-players-description = The most who may join: 2 to 128, a round robin 32, a double one 16 (default 32, double 16)
tournament-create-start = start
tournament-create-start-description = When it starts by itself (default: when you start it)
tournament-join = join
tournament-join-description = Join a tournament taking sign-ups.
tournament-join-tournament = tournament
tournament-join-tournament-description = The tournament's number
tournament-leave = leave
tournament-leave-description = Leave a tournament (after its start, your remaining games are forfeits).
tournament-leave-tournament = tournament
tournament-leave-tournament-description = The tournament's number
tournament-start = start
tournament-start-description = Start a tournament now and pair its first round (its organiser).
tournament-start-tournament = tournament
tournament-start-tournament-description = The tournament's number
tournament-standings = standings
tournament-standings-description = Show a tournament's standings, with its crosstable once a round is played.
tournament-standings-tournament = tournament
tournament-standings-tournament-description = The tournament's number
tournament-list = list
tournament-list-description = List this server's tournaments, newest first.
tournament-withdraw = withdraw
tournament-withdraw-description = Withdraw a player from a tournament (its organiser).
tournament-withdraw-tournament = tournament
tournament-withdraw-tournament-description = The tournament's number
tournament-withdraw-player = player
tournament-withdraw-player-description = The player to withdraw
tournament-result = result
tournament-result-description = Replace a game's result in a tournament (its organiser).
tournament-result-tournament = tournament
tournament-result-tournament-description = The tournament's number
tournament-result-round = round
tournament-result-round-description = The round
tournament-result-board = board
tournament-result-board-description = The board, as the round's pairings number it
tournament-result-winner = winner
tournament-result-winner-description = Who wins that game
tournament-export = export
tournament-export-description = Download every game's record of a tournament, and its FIDE TRF file.
tournament-export-tournament = tournament
tournament-export-tournament-description = The tournament's number

# The `format` option (FormatOption).
choice-format-swiss = Swiss
choice-format-round-robin = round robin
choice-format-double-round-robin = double round robin
# The `start` option (StartOption): how long after its creation it starts by itself.
choice-start-quarter-hour = in 15 minutes
choice-start-one-hour = in 1 hour
choice-start-six-hours = in 6 hours
choice-start-one-day = in 1 day
choice-start-three-days = in 3 days
choice-start-one-week = in 1 week

## /rules

rules = rules
rules-description = The rules of Monkey Queen in short, with example diagrams.

## /learn

# The lessons, in Discord; the choices of `stage` are the stages' titles.
learn = learn
learn-description = Learn Monkey Queen by playing, in five minutes: one rule at a time, only for you.
learn-stage = stage
learn-stage-description = The stage to do (default: the first one you have not finished)
choice-stage-queen = The queen
choice-stage-shrink = The stack shrinks
choice-stage-queen-two = A queen of two
choice-stage-baby = Babies
choice-stage-capture = Captures
choice-stage-take-queen = Take the queen
choice-stage-no-moves = No moves left
choice-stage-pie = The pie rule
choice-stage-puzzles = Find the move

## The Activity's Entry Point command (App Launcher)

launch = launch
launch-description = Play Monkey Queen on the board itself: touch a piece, then a square.

## /puzzle

puzzle = puzzle
puzzle-description = A puzzle from a real game, only for you: find the winning move.
puzzle-daily = daily
puzzle-daily-description = Today's daily puzzle, the same for everyone (default: one near your puzzle rating)
# The `scope` option of /leaderboard: today's daily puzzle's solvers.
choice-scope-puzzles = today's daily puzzle
# The daily puzzle's options of /settings.
settings-puzzle-channel = puzzle-channel
settings-puzzle-channel-description = The channel where the daily puzzle is posted each day
settings-puzzle-off = puzzle-off
settings-puzzle-off-description = True: stop posting the daily puzzle
