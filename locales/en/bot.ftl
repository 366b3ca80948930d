# Monkey Queen — every text the bot writes, in English (the reference language).
#
# Words the texts never use (a test checks every message of this language against these lines):
# numbers are written "#12" in every message.
# forbidden: nº, n°, n.º, nr.
#
# Glossary, kept the same everywhere:
#   queen     the tall stack each side starts with; capturing it wins
#   baby      a single checker a queen leaves behind when it moves without capturing
#   stack     the checkers a queen is made of ("queens of 20": 20 checkers tall)
#   capture   taking an enemy piece by moving onto it
#   ply       one move by one player (two plies make a full move)
#   pie rule  the second player may swap colours instead of moving
#   rated     a game that changes both players' ratings
#   abort     end a game with no result (`/abort`, or after a week without a move); "cancel"
#             is for challenges only
#   computer  the opponent the bot plays ("the computer"); "I"/"me" only where the bot speaks
#             of itself, e.g. "pick me" to play the computer
#
# Variables: $game, $ply and the like are numbers or text the bot fills in; mentions such as
# $player arrive as Discord mentions (<@123>); $time is a Discord timestamp (<t:…:R>) that each
# reader's Discord shows in their own language. Keep Markdown (**bold**, `code`) as it is.

## Colours, pieces and moves

color-name = { $color ->
    [white] White
   *[black] Black
}
# The colour inside a sentence ("your move (White)", "won as White"), where some languages
# write it in lower case.
color-in-sentence = { $color ->
    [white] White
   *[black] Black
}
# A piece with its colour, as the start of a move: "White queen".
piece-name = { $color ->
    [white] { $role ->
        [queen] White queen
       *[baby] White baby
    }
   *[black] { $role ->
        [queen] Black queen
       *[baby] Black baby
    }
}
# A queen moving without capturing leaves a baby on the square it left.
move-birth = { $piece } { $from }–{ $to }, a baby is born on { $from }
move-quiet = { $piece } { $from }–{ $to }
move-captures-baby = { $piece } { $from }×{ $to } captures a baby
move-captures-queen = { $piece } { $from }×{ $to } captures the queen!
move-swap = { $color ->
    [white] White
   *[black] Black
} swaps colours (pie rule)
role-on-square = { $role ->
    [queen] Queen on { $square }
   *[baby] Baby on { $square }
}

## Games, options and clocks

options = { $size }×{ $size }, queens of { $height }, { $pie ->
    [yes] pie rule
   *[no] no pie rule
}
clock-none = no clock
clock-per-move = { $unit ->
    [days] { $count ->
        [one] 1 day
       *[other] { $count } days
    }
    [hours] { $count ->
        [one] 1 hour
       *[other] { $count } hours
    }
   *[minutes] { $count ->
        [one] 1 minute
       *[other] { $count } minutes
    }
} per move
deadline = Time runs out { $time }.
your-move = { $player }, your move ({ $color }).
game-started = **Game #{ $game }** — { $white } plays White, { $black } plays Black. { $player }, you move first.
board-shown = **Game #{ $game }**, ply { $ply }.
board-shown-over = **Game #{ $game }**.
board-shown-aborted = **Game #{ $game }** was aborted.
reason = { $reason ->
    [queen-captured] queen captured
    [no-legal-moves] no legal moves
    [resignation] resignation
    [timeout] time out
   *[abandoned] abandoned
}
game-won = 🏆 **{ $winner } wins** ({ $color }) — { $reason ->
    [queen-captured] { $winner } captured { $loser }'s queen
    [no-legal-moves] { $loser } has no legal move left
    [resignation] { $loser } resigned
    [timeout] { $loser } ran out of time
   *[abandoned] { $loser } left the game for a week, and { $winner } claimed it
}.
rating-changes = Ratings: { $white } { $white-delta }, { $black } { $black-delta }.
status-to-move = { $color } to move · ply { $ply }
status-won = { $color } wins · { $reason } · ply { $ply }
status-aborted = Aborted · ply { $ply }
called-off = Game #{ $game } was aborted by { $player } after a week without a move. No result.
aborted = Game #{ $game } was aborted by { $player } before both players had moved. No result.
thread-name = Monkey Queen #{ $game }: { $white } vs { $black }
# A game offered by the `game` option's suggestions (plain text, at most 100 characters): its
# number and the opponent's name.
game-choice = #{ $game } vs { $opponent }
reminder = ⏰ { $player }, it is still your move in game #{ $game }.
reminder-with-board = ⏰ { $player }, it is still your move in game #{ $game } ([board]({ $link })).

## Challenges

challenge-offer = { $challenger } challenges { $opponent } to a game of Monkey Queen!
challenge-rematch = { $challenger } offers { $opponent } a rematch of game #{ $game }, colours swapped!
challenge-open = { $challenger } is looking for an opponent for a game of Monkey Queen! Anyone may accept.
challenge-colour = { $choice ->
    [white] { $challenger } plays White
    [black] { $challenger } plays Black
   *[random] colours by lot
}
challenge-rated = { $rated ->
    [yes] rated
   *[no] unrated
}
challenge-expires = The challenge expires { $time }.
challenge-closed = ~~{ $challenger } challenge: { $options }~~
challenge-accepted = Accepted. Good luck!
challenge-accepted-by = Accepted by { $player }. Good luck!
challenge-declined = Declined.
challenge-declined-by = Declined by { $player }.
challenge-cancelled = Cancelled.
challenge-cancelled-by = Cancelled by { $player }.
challenge-expired = Expired: nobody accepted in time.
challenge-status = { $status ->
    [pending] pending
    [accepted] accepted
    [declined] declined
    [cancelled] cancelled
   *[expired] expired
}

## Picking a move with the Move button

pick-piece = **Game #{ $game }**: choose the piece to move; the marked pieces can move.
pick-destination = **Game #{ $game }**: where does the piece on { $square } go? The marked squares are its moves.
choose-piece = Choose a piece
choose-destination = Choose where it goes
board-in-thread = You played { $move }; the board is in the game's thread, { $thread }.
board-elsewhere = You played { $move }; the board of game #{ $game } goes where the game is played.
move-played = You played { $move }.
done = Done.
confirm-resign = Resign game #{ $game }? Your opponent wins; this cannot be undone.
piece-moves = { $count ->
    [0] The piece on { $square } has no legal move.
    [one] The piece on { $square } has 1 legal move, marked on the board.
   *[other] The piece on { $square } has { $count } legal moves, marked on the board.
}

## Buttons (at most 80 characters)

button-accept = Accept
button-decline = Decline
button-cancel = Cancel
button-resign = Resign
button-confirm-resign = Yes, resign
button-replay = Replay
button-rematch = Rematch
button-move = Move
# The link to the game's live page on the web.
button-web-page = Web page
button-play-on-board = Play on the board
button-analyse = Analyse
button-claim-win = Claim the win
button-call-off = Abort the game
button-join-tournament = Join
button-leave-tournament = Leave

## Lists

games-none = You have no games in progress in this server. Start one with `/challenge`.
games-title = **Your games in progress**
games-title-paged = **Your games in progress** · { $total } in all · page { $page } of { $pages }
games-line = • #{ $game } vs { $opponent } — { $turn ->
    [yours] **your move**
   *[theirs] their move
}, ply { $ply }
link-board = [board]({ $link })
stats-newcomer = { $player } has no finished games yet. Rating { $rating } (±{ $deviation }), a newcomer's.
stats-title = **Stats of { $player }**
stats-summary = Rating **{ $rating }** (±{ $deviation }, { $provisional ->
        [yes] provisional: off the leaderboard until it settles
       *[no] established
    }) · { $games ->
        [one] 1 game
       *[other] { $games } games
    } ({ $rated } rated): { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    }, { $losses ->
        [one] 1 loss
       *[other] { $losses } losses
    }
stats-win-rate = win rate { $percent }%
stats-streak = Current streak: { $kind ->
    [wins] { $count ->
        [one] 1 win in a row
       *[other] { $count } wins in a row
    }
    [losses] { $count ->
        [one] 1 loss in a row
       *[other] { $count } losses in a row
    }
   *[none] none
}
stats-recent = Recent games:
played-game = • #{ $game } — { $won ->
    [yes] won
   *[no] lost
} as { $color } vs { $opponent } · { $reason } · { $plies ->
    [one] 1 ply
   *[other] { $plies } plies
} · { $rating } · { $time }
played-game-unrated = unrated
played-game-computer = the computer ({ $level })
level = { $level ->
    [easy] easy
    [medium] medium
    [hard] hard
   *[max] max
}
leaderboard-board = { $global ->
    [yes] everyone
   *[no] this server
}
leaderboard-empty = **Leaderboard — { $board }**
    Nobody is ranked yet: a rating joins the board once it is established, after about eight rated games. Start one with `/challenge`.
leaderboard-title = **Leaderboard — { $board }** · page { $page } of { $pages }
leaderboard-line = { $rank }. { $player } — **{ $rating }** (±{ $deviation }) · { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $wins }–{ $losses }
history-empty = { $player } has no finished games yet.
history-title = **Finished games of { $player }** · { $total } in all, newest first · page { $page } of { $pages }
history-footer = See one again with `/replay`.

## Replays and analyses

replay-title = **Replay of game #{ $game }** — { $white } (White) vs { $black } (Black) · { $status }
replay-record = Record of the game (its options and every move):
replay-record-attached = The record is attached (too long for a message).
analysis-title = **Analysis of game #{ $game }** — { $white } (White) vs { $black } (Black) · { $status }
analysis-no-mistakes = No move lost much: the engine found no clear mistake.
analysis-mistakes = Biggest mistakes:
analysis-mistake = { $number }. Ply { $ply }: { $played }; better: { $better } ({ $color }'s chances { $before }% → { $after }%).
analysis-turning-point = Turning point: ply { $ply }.
analysis-turning-points = Turning points: plies { $plies } and { $last }.
analysis-picture-title = Game #{ $game } · { $white } vs { $black } · { $status }
mistake-caption = { $number } · ply { $ply } · { $color }
chart-ply = ply
chart-win = win
chart-played = played
chart-better = better
chart-rated-games = rated games

## Settings

settings-title = **Settings of this server**
settings-saved = Saved. **Settings of this server**
settings-threads = • Threads: { $threads ->
    [on] each new game gets its own thread
   *[off] off (games stay in their channel)
}
settings-clock = • Default clock: { $clock }
settings-boards = • Boards: { $orientation ->
    [white-bottom] White always at the bottom
   *[to-move] turned towards the player to move
}
settings-colors = • Board colours: { $colors ->
    [colorblind] colour-blind safe
    [high] high contrast
   *[standard] standard
} (each player may choose their own for the boards only they see)
settings-organisers = • Tournaments: { $organisers ->
    [on] any member may organise one (and start their own)
   *[off] organised by server managers only
}

## A player's own board colours (/colours)

own-colors-saved = Saved.
own-colors = The boards only you see (a private board, your puzzles, the Move menus) are drawn in { $colors ->
    [colorblind] the colour-blind safe colours
    [high] high contrast
   *[standard] the standard colours
}. Boards everyone sees keep the server's colours.

## Tournaments
# $name is the tournament's name as its organiser wrote it; $title is tournament-title.

tournament-title = **Tournament #{ $tournament }: { $name }**
tournament-format = { $format ->
    [swiss] Swiss, { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
   [double-round-robin] { $rounds ->
        [0] double round robin
       *[other] double round robin, { $rounds } rounds
    }
   *[round-robin] { $rounds ->
        [0] round robin
        [one] round robin, 1 round
       *[other] round robin, { $rounds } rounds
    }
}
tournament-organiser = Organised by { $organiser }.
tournament-no-players = No players yet.
tournament-players = Players ({ $count } of { $limit }): { $players }
tournament-more = …and { $count } more.
tournament-signup-timed = Sign-ups are open; it starts { $time }. Press **Join** to play.
tournament-signup-manual = Sign-ups are open until the organiser starts it. Press **Join** to play.
tournament-running = Round { $round } of { $rounds } is being played. See the standings with `/tournament standings tournament:{ $tournament }`.
tournament-won = It is over: { $winner } won.
tournament-unplayed = It did not take place: too few players had joined.
tournament-round-title = { $title } — **round { $round } of { $rounds }**
tournament-board = Board { $board }: { $white } (White) vs { $black } (Black) — game #{ $game }
tournament-board-forfeit = Board { $board }: { $white } (White) vs { $black } (Black) — { $winner } wins by forfeit: { $absent } has withdrawn.
tournament-bye = Bye: { $player } sits this round out and scores a point.
tournament-round-play = Play on your board with the Move button, or with `/move`. Good luck!
# The tie-breaks by their names, each followed by FIDE's abbreviation (kept as FIDE writes it).
tie-break-bh-c1 = Buchholz Cut-1 (BH-C1)
tie-break-bh = Buchholz (BH)
tie-break-sb = Sonneborn–Berger (SB)
tournament-tie-breaks = Tie-breaks: { $names }
tournament-standing = { $rank }. { $player } — **{ $points }** { $half-points ->
    [1] point
    [2] point
   *[other] points
} · { $tie-breaks }{ $withdrawn ->
    [yes] {" "}(withdrawn)
   *[no] {""}
}
tournament-progress = { $format } · { $stage ->
    [signup] sign-ups open
    [running] round { $round } of { $rounds } being played
   *[finished] final standings
}
tournament-standings-title = **Standings** of { $title } · { $progress }
tournament-final = 🏆 { $title } is over: { $winner } wins with { $points } { $half-points ->
    [1] point
    [2] point
   *[other] points
}! Congratulations!
    Final standings:
tournament-final-unplayed = { $title } did not take place: too few players had joined by its start.
crosstable-rank = #
crosstable-player = Player
# A round column's header, before its number ("R1").
crosstable-round = R
crosstable-points = Pts
crosstable-withdrawn = withdrawn
crosstable-bye = bye
tournament-stage-signup = sign-ups open
tournament-stage-signup-timed = sign-ups open, starts { $time }
tournament-stage-running = round { $round } of { $rounds }
tournament-stage-finished = over
tournament-list-empty = This server has no tournaments yet. Create one with `/tournament create`.
tournament-list-title = **Tournaments of this server** · { $total } in all, newest first · page { $page } of { $pages }
tournament-list-line = • #{ $tournament } **{ $name }** — { $format } · { $stage }
tournament-choice = #{ $tournament } { $name } ({ $stage })
tournament-thread-name = Tournament #{ $tournament }: { $name }
tournament-joined = You joined tournament #{ $tournament }, { $name }. Good luck!
tournament-left = { $started ->
    [yes] You withdrew from tournament #{ $tournament }, { $name }: a game you were playing is lost, and your remaining games are forfeits.
   *[no] You left the list of players of tournament #{ $tournament }, { $name }.
}
tournament-withdrew = { $started ->
    [yes] { $player } is withdrawn from tournament #{ $tournament }: a game they were playing is lost, and their remaining games are forfeits.
   *[no] { $player } is off the list of players of tournament #{ $tournament }.
}
tournament-started = Tournament #{ $tournament }, { $name }, has started: round 1's pairings are being posted.
tournament-result-set = Tournament #{ $tournament }, round { $round }, board { $board }: { $winner } wins it now. Rounds already paired stay as they are.
tournament-exported = Tournament #{ $tournament }, { $name }: every game's record, and the tournament as a FIDE TRF file.

## Short answers

internal = Something went wrong on our side. Please try again.
database-unreachable = I can't reach my database right now. Please try again in a moment.
other-bot = Other bots can't play. Challenge a person, or pick me to play the computer.
unknown-button = That button no longer does anything. Use `/board` to see the game.
activity-off = Playing on the board inside Discord is switched off on this bot now. Use the Move button, or `/move`.
unknown-command = I don't know that command; Discord may still be showing an old list. Type `/` to see the current commands.
malformed-command = That command arrived with an option missing or of the wrong kind, so I did nothing. Please pick it again from the `/` menu.
not-manager = Only server managers (with the Manage Server permission) can change the settings.
server-only = This command only works in a server.

## Puzzles (/puzzle, the daily puzzle)
button-solution = Solution
button-solve = Solve
puzzle-title = **Puzzle #{ $puzzle }** · rating { $rating }
daily-puzzle-title = **Daily puzzle of { $day }** (puzzle #{ $puzzle }) · rating { $rating }
puzzle-themes = { $themes }
# A puzzle's theme (see docs/puzzles.md).
puzzle-theme = { $theme ->
    [queen-capture] queen capture
    [no-moves] no moves left
    [forced-win] forced win
    [advantage] advantage
    [trapped-queen] trapped queen
    [baby-takes-queen] a baby takes the queen
    [birth-blocks] the newborn blocks
    [quiet-move] quiet move
    [one-move] one move
    [short] short
    [long] long
   *[very-long] very long
}
puzzle-find = Find the winning move for { $color ->
    [white] White
   *[black] Black
}{ $moves ->
    [one] .
   *[other] ; the solution takes { $moves } of your moves.
}
puzzle-next = Now find { $color ->
    [white] White's
   *[black] Black's
} next move.
puzzle-how = { $daily ->
    [yes] Answer with **Move**.
   *[no] Answer with **Move**, or with `/move`.
}
puzzle-tries = Wrong tries so far: { $tries }.
# The header line over a puzzle's picture.
puzzle-caption = Puzzle #{ $puzzle } · { $solved ->
    [yes] solved
   *[no] { $color ->
        [white] White
       *[black] Black
    } to play and win
}
puzzle-pick-piece = **Puzzle #{ $puzzle }**: choose the piece to move; the marked pieces can move.
puzzle-pick-destination = **Puzzle #{ $puzzle }**: choose where the piece on { $square } goes; its moves are marked.
puzzle-right = ✅ **{ $move }** is right. { $color ->
    [white] White
   *[black] Black
} replies { $reply }.
puzzle-solved = 🎉 **{ $move }**: you solved puzzle #{ $puzzle }!
daily-puzzle-solved = 🎉 **{ $move }**: you solved the daily puzzle of { $day } { $tries ->
    [0] at the first try!
    [one] after 1 wrong try!
   *[other] after { $tries } wrong tries!
}
puzzle-rating-change = Puzzle rating: { $before } → **{ $after }** ({ $change }).
puzzle-streak = Streak: { $streak ->
    [one] { $streak } solved.
   *[other] { $streak } solved in a row.
}
puzzle-wrong = ❌ **{ $move }** is not the winning move.
puzzle-try-again = Try again with **Move**, or see the answer with **Solution**. Wrong tries: { $tries }.
puzzle-solution = Solution: { $moves }
puzzle-given-up = You gave up puzzle #{ $puzzle }.
puzzle-another = Ask for another puzzle with `/puzzle`.
daily-puzzle-post = 🧩 **Daily puzzle of { $day }**: find the winning move for { $color ->
    [white] White
   *[black] Black
}{ $moves ->
    [one] .
   *[other] {" "}({ $moves } moves to find).
} Press **Solve** to try it: only you see your answers.
daily-solvers-title = **Daily puzzle of { $day }**: who solved it, first first
daily-solvers-empty = **Daily puzzle of { $day }**: nobody has solved it yet. Try it with `/puzzle daily`.
daily-solver-line = { $rank }. { $player } — { $tries ->
    [0] at the first try
    [one] after 1 wrong try
   *[other] after { $tries } wrong tries
} · <t:{ $time }:t>
stats-puzzles = Puzzles: rating **{ $rating }** (±{ $deviation }) · { $solved } solved, { $failed } failed · streak { $streak } (best { $best })
stats-no-puzzles = Puzzles: none tried yet (`/puzzle`).
settings-daily-puzzle = Daily puzzle: posted in { $channel } each day (UTC).
settings-daily-puzzle-off = Daily puzzle: not posted.
daily-puzzle-channel-chosen = 🧩 The daily puzzle will be posted here each day (UTC).
daily-puzzle-channel-unreachable = I can't post in { $channel }: I need to see it, send messages and attach files there. Nothing was changed.
daily-puzzle-channel-conflict = Choose a channel for the daily puzzle, or turn it off, not both. Nothing was changed.

## Alt text of pictures (Discord's attachment description, read out by screen readers)

board-alt = Monkey Queen board, { $size }×{ $size }, { $ply ->
    [0] at the start.
    [one] after 1 ply.
   *[other] after { $ply } plies.
}
board-alt-to-move = { $color ->
    [white] White
   *[black] Black
} to move.
board-alt-over = The game is over.
board-alt-last = Last move: { $move }
board-alt-queen = { $color ->
    [white] White queen
   *[black] Black queen
} on { $square }, { $height } high.
board-alt-queen-taken = { $color ->
    [white] White's
   *[black] Black's
} queen has been captured.
board-alt-babies = { $count ->
    [0] { $color ->
        [white] White has
       *[black] Black has
    } no babies.
    [one] One { $color ->
        [white] White
       *[black] Black
    } baby: { $squares }.
   *[other] { $count } { $color ->
        [white] White
       *[black] Black
    } babies: { $squares }.
}
# A list of babies cut short: "a1, b2, c3, and 14 more".
board-alt-more = { $squares }, and { $more } more
replay-alt = Replay of game #{ $game }, one frame per ply up to ply { $ply }. Last frame:
analysis-alt = Analysis of game #{ $game }: who was ahead after each ply, { $mistakes ->
    [0] with no mistake marked.
    [one] with 1 mistake marked.
   *[other] with { $mistakes } mistakes marked.
} Final position:

## Lessons: one rule a stage, learnt by playing it

lesson-queen-title = The queen
lesson-queen-rule = A queen moves like a queen in chess: any number of empty squares along a rank, a file or a diagonal. Every move that is not a capture leaves a baby on the square it left.
lesson-shrink-title = The stack shrinks
lesson-shrink-rule = A queen is a stack of checkers, and each baby it leaves behind is one of them: the number on the queen goes down by one with every birth.
lesson-queen-two-title = A queen of two
lesson-queen-two-rule = A queen only 2 checkers tall can no longer give birth: it may only capture.
lesson-baby-title = Babies
lesson-baby-rule = A baby moves along the same lines as a queen, but a move that is not a capture must end closer to the enemy queen than where it started.
lesson-capture-title = Captures
lesson-capture-rule = Every piece captures an enemy piece by moving onto it along its lines. A capture need not come closer to the enemy queen, and a queen that captures leaves no baby.
lesson-take-queen-title = Take the queen
lesson-take-queen-rule = Capturing the enemy queen wins the game at once.
lesson-no-moves-title = No moves left
lesson-no-moves-rule = A player with no legal move on their turn loses: leave your opponent without one.
lesson-pie-title = The pie rule
lesson-pie-rule = In a game with the pie rule, White moves first; then Black may swap: take White's side, position and all, instead of moving. So White's best first move is a fair one.
lesson-puzzles-title = Find the move
lesson-puzzles-rule = Positions from real games: one move wins.
lesson-task-reach = Move the piece on { $from } to { $to }.
lesson-task-reach-any = Move the piece on { $from }, to any square it may go to.
lesson-task-capture = Capture the piece on { $squares }.
lesson-task-capture-any = Capture a piece.
lesson-task-take-queen = Win by capturing the enemy queen.
lesson-task-no-moves = Win in one move: leave your opponent without a legal move.
lesson-task-swap = Swap colours: take White's position.
lesson-other-piece = That move is legal, but move the piece on { $square }.
lesson-elsewhere = That move is legal, but it does not reach the marked square.
lesson-no-capture = That move is legal, but it is not a capture: take one of the marked pieces.
lesson-other-capture = That capture is legal, but take the marked piece.
lesson-queen-not-taken = That move is legal, but the enemy queen still stands.
lesson-opponent-can-move = That move is legal, but your opponent could still play { $move }.
lesson-not-the-win = That move is legal, but it is not the winning move: look at the marked piece.
lesson-not-swap = That move is legal, but White's first move is strong: swap and take it.
lesson-right = Right!
lesson-stage-done = Stage done: { $stars } of 3 stars.

## /learn: the lessons in Discord, one exercise at a time, on a board only the player sees
learn-heading = **{ $title }** · stage { $stage } of { $stages } · exercise { $exercise } of { $exercises }
learn-caption = { $title } · exercise { $exercise } of { $exercises }
learn-right = ✅ **{ $move }**: right!
learn-wrong = ❌ { $why }
learn-stage-finished = 🏅 Stage “{ $title }” done: { $stars ->
    [one] 1 star
   *[other] { $stars } stars
} out of 3.
learn-done = 🎓 You have finished every lesson. Now play: challenge someone with /challenge, or challenge me to play the computer; /puzzle has more positions to solve.
learn-marks = On the board:
learn-mark-piece = blue: the piece that moves
learn-mark-tried = red: your try
learn-mark-allowed = dashed green: where it may go
learn-mark-target = yellow: the square asked for
learn-mark-blocker = red: the piece in the way
learn-mark-enemy-queen = dashed dark red: the enemy queen
learn-mark-reply = dashed dark red: your opponent's answer
learn-mark-distance = √: the distance to the enemy queen
learn-try-again = Press **Move** to try again.
learn-press-move = Press **Move** to play.
learn-pick-piece = **{ $title }**: choose the piece to move; the pieces that can move are marked.
learn-pick-destination = **{ $title }**: choose where the piece on { $square } goes; its moves are marked.
learn-try-square = not marked: try it and see why
learn-offer = 📘 { $opponent }, new to Monkey Queen? /learn teaches you the rules in five minutes, on a board only you see.
