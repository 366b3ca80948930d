# Monkey Queen — every text of the web pages (the live page of a game and the home page of
# `monkey-queen web`), in English (the reference language).
#
# The glossary is the one at the top of bot.ftl, kept the same here: queen, baby, stack,
# capture, ply (one move by one player), pie rule, rated, abort, computer.
#
# Every id starts with `web-`. The server renders each message once, with each variable
# written as the literal text {name}, and the page puts in the names, numbers and squares
# itself: so no selectors and no plurals here ("White babies: 3", not "3 White babies").
# Player names come as they are (not Discord mentions). "The computer" is only ever the
# opponent; the machine the page runs on is "this device". Squares and moves are in the game's
# notation (g7, g1-g7, g1xg7, swap) and stay as they are.

## Players, status and result

web-vs = { $white } vs { $black }
web-players = Players
web-white = White
web-black = Black
web-you = you
web-rating = rating { $rating }
web-computer = computer, { $level }
web-level-easy = easy
web-level-medium = medium
web-level-hard = hard
web-level-max = max
web-to-move = to move
web-time-left = Time left:
web-status-to-move = { $player } to move
web-your-turn = Your move
web-won = { $player } won
web-reason-queen_captured = queen captured
web-reason-no_legal_moves = no legal moves left
web-reason-resignation = resignation
web-reason-timeout = out of time
web-reason-abandoned = abandoned for a week
web-aborted = Aborted: no result
web-rating-changes = Ratings: { $white } { $white-delta }, { $black } { $black-delta }

## Options and clocks

web-rated = rated
web-casual = casual
web-options = { $size }×{ $size }, queens of { $height }
web-pie-on = pie rule
web-pie-off = no pie rule
web-per-move = { $time } per move
web-no-clock = no clock
web-minutes = { $minutes } min
web-clock-hours = { $hours } h { $minutes } min
web-clock-days = { $days } d { $hours } h

## The board

web-board = Board
web-board-start = Starting position: { $pieces }
web-board-after = Board after ply { $ply }: { $pieces }
web-white-queen = White queen on { $square }, height { $height }
web-black-queen = Black queen on { $square }, height { $height }
web-white-queen-taken = White queen captured
web-black-queen-taken = Black queen captured
web-white-babies = White babies: { $count }
web-black-babies = Black babies: { $count }

## Stepping through the game

web-navigation = Step through the game
web-first = First: the starting position
web-previous = Previous ply
web-next = Next ply
web-last = Last ply
web-flip = Flip the board
web-ply-of = Ply { $ply } of { $total }
web-moves = Moves
web-no-moves = No moves yet.

## Live updates

web-connecting = Connecting…
web-live = Live
web-reconnecting = Reconnecting…

## Playing

web-go-to-last = Your move: go to the last ply to play it on the board.
web-move-label = Your move, typed (like g1-g7)
web-play = Play
web-move-unknown = { $move } is not a legal move now.
web-swap = Swap colours (pie rule)
web-resign = Resign
web-resign-really = Really resign? Your opponent wins; this cannot be undone.
web-resign-confirm = Yes, resign
web-cancel = Cancel
web-dismiss = Dismiss
web-network-error = The server could not be reached. Check the connection and try again.
web-move-unconfirmed = The server did not confirm your move in time, so it is not shown as played. Check the connection and try again.
web-home-link = All games on this device

## Analysis

web-analysis = Analysis
web-chances = White's winning chances, ply by ply
web-chance-at = Ply { $ply }: White's chances { $percent }%
web-legend-turning = turning points
web-legend-mistakes = biggest mistakes

## The home page (local play)

web-home-intro = Monkey Queen played locally, on this device: against the computer, or with a friend at the same screen.
web-new-game = New game
web-opponent = Opponent
web-opponent-computer = The computer
web-opponent-human = A friend at this screen
web-level = Computer level
web-your-color = Your colour
web-color-random = Random
web-size = Board size
web-size-option = { $size }×{ $size }
web-pie = Pie rule: the second player may swap colours instead of moving
web-start = Start
web-starting = Starting…
web-games = Games
web-games-none = No games yet.
web-status-active = in progress
web-status-finished = finished
web-status-aborted = aborted
web-game-ply = ply { $ply }

## Names and the front page of the bot's pages

# The names of the people playing at one screen, and of the computer, as stored with a game
# started on this device.
web-name-player = Player { $number }
web-name-computer = Computer
web-bad-request = This request is not one the page sends.
web-about = Monkey Queen: each game played with this bot on Discord has its own live page here; its board in Discord links to it.

## The Activity (the page inside Discord)

web-activity-signing-in = Signing in with Discord…
web-activity-sign-in-failed = Discord did not sign you in. Close the Activity and open it again.
web-activity-outside = This page runs inside Discord: open it with "Play on the board" under a game's board.
web-activity-your-games = Your games here
web-activity-no-games = You have no game in this channel yet. Challenge someone with /challenge, then open this again.
web-activity-active = in progress
web-activity-finished = finished
web-activity-aborted = called off
web-activity-rematch = Rematch
web-activity-rematch-offered = Your rematch offer is in the chat.
web-activity-computer = Play the computer
web-activity-computer-level = Level

## Puzzles (a puzzle's own page, and the links to it on its game's page)

web-game-puzzles = Puzzles from this game
web-game-puzzle = Puzzle #{ $number }: the position after ply { $ply }
web-puzzle-title = Puzzle #{ $number }
web-puzzle-find-white = Find the winning move for White
web-puzzle-find-black = Find the winning move for Black
web-puzzle-rating = Rating { $rating }
web-puzzle-board = The puzzle's position: { $pieces }
web-puzzle-first = First: the puzzle's position
web-puzzle-navigation = Step through the moves
web-puzzle-your-move = Your move: tap a piece, then where it goes.
web-puzzle-right = Right! The reply was { $move }: find the next move.
web-puzzle-solved = Solved!
web-puzzle-wrong = { $move } is not it. The solution is on the board: step through it.
web-puzzle-shown = The solution is on the board: step through it.
web-puzzle-show-solution = Show solution
web-puzzle-again = Try again
web-puzzle-unrated = Puzzles here are unrated: puzzle ratings are for /puzzle on Discord.
web-puzzle-counts = This puzzle counts on Discord right now: it is today’s daily puzzle, or someone is solving it for their rating. Play it there with /puzzle; here it opens once it no longer counts.
web-theme-queen-capture = queen capture
web-theme-no-moves = no legal moves
web-theme-forced-win = forced win
web-theme-advantage = advantage
web-theme-trapped-queen = trapped queen
web-theme-baby-takes-queen = baby takes the queen
web-theme-birth-blocks = a birth blocks
web-theme-quiet-move = quiet move
web-theme-one-move = one move
web-theme-short = short
web-theme-long = long
web-theme-very-long = very long

## Refusals that would name a game by its number in Discord: the page names no number.
web-refused-no-such-game = There is no such game.
web-refused-not-participant = You are not playing in this game.
web-refused-game-over = This game is already over.
web-refused-rematch-in-progress = The rematch of this game is already being played.

## A tournament's page: its standings, crosstable and rounds.
web-tournament-standings = Standings
web-tournament-crosstable = Crosstable
web-tournament-rounds = Rounds
web-tournament-round = Round { $round }
web-tournament-board = Board { $board }
web-tournament-watch = Watch
web-tournament-watch-game = Watch { $white } vs { $black }
web-tournament-being-played = being played
web-tournament-bye = bye
web-tournament-rating = Rating
web-tournament-tie-breaks = Tie-breaks: { $names }
web-tournament-no-players = No players yet.
web-tournament-cell-white = W
web-tournament-cell-black = B
web-tournament-cell-legend = Each cell: the opponent's place, the colour played (W White, B Black) and the result (+ won, − lost, F by forfeit, … being played).

## Reading the board: the legend of its marks, its colours, and each square in words

web-legend-summary = What the marks on the board mean
web-legend-move = the piece picked can go here
web-legend-birth = the queen can go here, leaving a baby behind
web-legend-capture = the piece picked can capture here
web-legend-queen-capture = takes the enemy queen: this wins
web-legend-last = the last move
web-legend-last-capture = the last move captured here
web-legend-selected = the piece picked
web-legend-queen = a queen: the number is her height
web-legend-baby = a baby
web-colors = Board colours
web-colors-standard = Standard
web-colors-colorblind = Colour-blind safe
web-colors-high = High contrast
web-square-white-queen = White queen of { $height }
web-square-black-queen = Black queen of { $height }
web-square-white-baby = White baby
web-square-black-baby = Black baby
web-square-empty = empty
web-square-last = last move
web-square-to-move = the piece picked can go here
web-square-to-birth = the queen can go here, leaving a baby
web-square-to-capture = the piece picked can capture here
web-square-to-queen-capture = the piece picked can take the queen here
web-square-picked = { $square } picked; squares it can go to: { $count }
web-announce-move = Played: { $move }.
web-material-queen = Queen of { $height }
web-material-no-queen = Queen captured
web-material-babies = babies: { $babies }
web-material-captures = captures: { $captures }

## After a game at this screen, and the way around the pages

web-game-over = Game over
web-rematch = Rematch
web-new-game-link = New game
web-first-color = Player 1’s colour
web-turn-board = Turn the board to the player to move
web-puzzles-link = Puzzles
web-puzzle-next = Next puzzle
web-puzzle-home = Home

web-rules-title = How to play
web-rules-1 = 12×12 board. Each side starts with one queen: a stack of 20 checkers (White on g1, Black on f12). White moves first.
web-rules-2 = Every piece moves like a chess queen: any distance in a straight line, no jumping. It may stop on an empty square or capture the first enemy piece in its way.
web-rules-3 = When the queen moves without capturing, it leaves one checker behind: a new baby. Its height drops by one. A queen of height 2 may only capture.
web-rules-4 = A baby's non-capturing move must end closer to the enemy queen (straight-line distance). Captures may go anywhere.
web-rules-5 = Capture the enemy queen to win. A player with no legal move loses. There are no draws.
web-analyse = Analyse the game
web-analysing = Analysing…

## The lessons' page

web-learn-title = Learn Monkey Queen
web-learn-link = Learn to play
web-learn-intro = Learn the rules by playing them: one rule a stage, a few moves each.
web-learn-stages = Stages
web-learn-stage-of = Stage { $stage } of { $stages }
web-learn-exercise-of = Exercise { $exercise } of { $exercises }
web-learn-next = Next
web-learn-again = Start the stage again
web-learn-stars = { $stars } of 3 stars
web-learn-not-done = not done yet
web-learn-all-done = You know every rule now. Ready for a first game?
web-learn-play = Play the computer (easy)
