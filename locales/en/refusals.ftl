# Monkey Queen — refusals: why a request was turned down, shown only to the one who asked.
# Each is a whole sentence. Glossary: see bot.ftl.

## Challenges

refused-challenge-self = You cannot challenge yourself.
refused-ai-level-for-human = A computer level only applies when you play the computer (pick me as the opponent).
refused-board-size = The board must be 12, 14 or 16 squares wide, not { $size }.
refused-queen-height = Queens start 20 to 40 checkers tall, not { $height }.
refused-bad-time-limit = A move time limit must be positive, not { $ms } ms.
refused-duplicate-challenge = There is already a pending challenge between you two in this channel (#{ $challenge }).
refused-no-such-challenge = There is no challenge #{ $challenge }.
refused-challenge-not-pending = That challenge is no longer open: it was { $status }.
refused-challenge-expired = That challenge has expired.
refused-own-challenge = You cannot accept your own challenge.
refused-not-challenged = That challenge is meant for someone else.
refused-open-not-declinable = An open challenge cannot be declined; just leave it.
refused-not-challenger = Only the player who made a challenge can cancel it.
refused-too-many-challenges = You already have { $limit } challenges waiting for an answer; cancel one or wait until they are answered or expire.
refused-not-launched = Open the Activity again from this channel first (Play on the board, or the App Launcher).
refused-not-in-this-channel = This game is played in another channel: open the Activity there to play it.
refused-too-many-computer-games = You already play { $limit } games against the computer; finish one before you start another.
refused-cooling-down = Give me { $seconds } s before you ask for that again.

## Games

refused-no-such-game = There is no game #{ $game }.
refused-no-active-game = You have no game in progress here.
refused-several-games = You have { $count } games in progress here; pick one with the `game` option ({ $games }).
refused-several-games-more = You have { $count } games in progress here; pick one with the `game` option ({ $games } and { $more } more).
refused-not-participant = You are not playing in game #{ $game }.
refused-game-over = Game #{ $game } is already over.
refused-not-your-turn = It is not your turn: { $player } is to move.
refused-position-changed = The position has changed since then; look at the board again.
refused-already-played = That move ({ $move }) was already played, as ply { $ply }.
refused-too-late-to-abort = `/abort` only works before both players have moved; resign instead.
refused-time-up = Your time for this move has run out; the game is lost on time.
refused-no-clock = This game has no move clock.
refused-deadline-not-reached = The player to move still has time: it runs out { $time }.
refused-not-finished = Game #{ $game } is not over yet; a rematch comes after the result.
refused-rematch-of-aborted = Game #{ $game } was aborted, so there is nothing to rematch; make a new challenge.
refused-not-analysable = Game #{ $game } is not over yet; it can be analysed once it has a result.
refused-analysis-of-aborted = Game #{ $game } was aborted, so there is nothing to analyse.
refused-rematch-pending = A rematch of this game is already waiting for an answer (challenge #{ $challenge }).
refused-rematch-in-progress = The rematch of this game is already being played (game #{ $game }).
refused-no-such-page = There is no page { $page } of this list (it ends at page { $pages }).
refused-has-clock = This game has a move clock: it is decided on time instead.
refused-your-move = It is your move: the game is waiting for you.
refused-not-abandoned = Your opponent may still move: you can claim the game { $time }.

## Moves

refused-illegal = Illegal move: { $reason }.
illegal-game-over = the game is already over
illegal-off-board = { $square } is not on this board
illegal-no-piece = there is no piece on { $square }
illegal-not-your-piece = the piece on { $square } is not yours
illegal-same-square = a piece must leave its square ({ $square })
illegal-not-straight = { $from } to { $to } is not a straight line; pieces move along ranks, files and diagonals
illegal-path-blocked = the way from { $from } to { $to } is blocked by the piece on { $blocker }
illegal-own-piece = { $square } holds one of your own pieces
illegal-queen-must-capture = your queen on { $square } is only 2 tall: it may capture but not give birth
illegal-baby-not-closer = a baby must move closer to the enemy queen on { $queen }: { $from } is √{ $before } from it, { $to } would be √{ $after }
illegal-swap-not-allowed = swap is only allowed as Black's first move in a game played with the pie rule
parse-empty = No move given; write it like g1-g7.
parse-not-a-square = `{ $text }` is not a square on a { $size }×{ $size } board.
parse-not-a-square-unreadable = That is not a square on a { $size }×{ $size } board; write one like g1.
parse-malformed = `{ $text }` is not a move; write two squares like g1-g7, or swap.
parse-malformed-unreadable = That is not a move; write two squares like g1-g7, or swap.

## Tournaments
refused-tournament-servers-only = Tournaments belong to a server: use this command in one.
refused-tournament-needs-bot = The bot must be added to this server to run a tournament: it posts the rounds and boards itself.
refused-not-organiser = You need the Manage Server permission for that (or to be this tournament's organiser, where the server allows organisers in /settings).
refused-no-such-tournament = This server has no tournament #{ $tournament }.
refused-bad-tournament-name = Give the tournament a name of 1 to { $max } characters.
refused-bad-rounds = A Swiss tournament has 1 to { $max } rounds.
refused-bad-player-limit = The player limit must be between { $min } and { $max }.
refused-round-robin-too-large = { $cycles ->
    [2] A double round robin of { $players } players plays { $rounds } rounds
   *[other] A round robin of { $players } players plays { $rounds } rounds
}, and each round waits for its slowest game: it takes at most { $max } players ({ $max-rounds } rounds). For more players, choose a Swiss: it plays only the rounds you set.
refused-start-in-past = That start time has already passed.
refused-too-many-tournaments = This server already has { $limit } tournaments taking sign-ups or running; finish one first.
refused-tournament-started = This tournament has already started.
refused-tournament-over = This tournament is over.
refused-tournament-not-started = This tournament has not started yet.
refused-tournament-full = This tournament is full ({ $limit } players).
refused-already-joined = You are already in this tournament.
refused-not-joined = You are not in this tournament.
refused-not-entered = That player is not in this tournament.
refused-already-withdrawn = That player has already withdrawn.
refused-too-few-players = This tournament needs at least { $need } players to start.
refused-no-such-pairing = Round { $round } has no game on board { $board }.
refused-result-pending = That game is still being played; its result comes from the board (or withdraw a player).
refused-not-in-pairing = That player does not play in that game.
refused-tournament-game = A tournament game can't be called off: its pairing needs a result.

## Puzzles
refused-no-puzzles = No puzzle is left for you: you have had every one. New ones come from rated games.
refused-no-such-puzzle = You are not solving puzzle #{ $puzzle }; ask for one with `/puzzle`.
refused-puzzle-over = Puzzle #{ $puzzle } is over; ask for another with `/puzzle`.
