# Monkey Queen — Ablehnungen: warum eine Anfrage abgewiesen wurde, nur für die Person sichtbar,
# die gefragt hat. Jede ist ein ganzer Satz. Wir duzen.
#
# Glossar (wie in bot.ftl):
#   queen Königin · baby Baby · stack Stapel · checker Stein · piece Figur · capture schlagen
#   ply Halbzug · pie rule Tauschregel · rated gewertet · game Partie
#   challenge Herausforderung · clock Bedenkzeit · rank/file Reihe/Linie

## Herausforderungen

refused-challenge-self = Du kannst dich nicht selbst herausfordern.
refused-ai-level-for-human = Eine Computerstufe gilt nur, wenn du gegen den Computer spielst (wähl dafür mich als Gegner).
refused-board-size = Das Brett muss 12, 14 oder 16 Felder breit sein, nicht { $size }.
refused-queen-height = Königinnen starten mit 20 bis 40 Steinen, nicht mit { $height }.
refused-bad-time-limit = Die Bedenkzeit pro Zug muss positiv sein, nicht { $ms } ms.
refused-duplicate-challenge = In diesem Kanal gibt es schon eine offene Herausforderung zwischen euch beiden (#{ $challenge }).
refused-no-such-challenge = Es gibt keine Herausforderung #{ $challenge }.
refused-challenge-not-pending = Diese Herausforderung ist nicht mehr offen: Sie ist bereits { $status }.
refused-challenge-expired = Diese Herausforderung ist abgelaufen.
refused-own-challenge = Du kannst deine eigene Herausforderung nicht annehmen.
refused-not-challenged = Diese Herausforderung gilt jemand anderem.
refused-open-not-declinable = Eine offene Herausforderung kann man nicht ablehnen; lass sie einfach liegen.
refused-not-challenger = Nur wer die Herausforderung gestellt hat, kann sie zurückziehen.
refused-too-many-challenges = Du hast schon { $limit } Herausforderungen, die auf eine Antwort warten; zieh eine zurück oder warte, bis sie beantwortet werden oder ablaufen.
refused-not-launched = Öffne die Aktivität zuerst erneut aus diesem Kanal (Auf dem Brett spielen oder der App-Starter).
refused-not-in-this-channel = Diese Partie wird in einem anderen Kanal gespielt: öffne die Aktivität dort, um sie zu spielen.
refused-too-many-computer-games = Du spielst schon { $limit } Partien gegen den Computer; beende eine, bevor du eine neue anfängst.
refused-cooling-down = Gib mir { $seconds } s, bevor du das noch einmal versuchst.

## Partien

refused-no-such-game = Es gibt keine Partie #{ $game }.
refused-no-active-game = Du hast hier keine laufende Partie.
refused-several-games = Du hast hier { $count } laufende Partien; wähle eine mit der Option `partie` aus ({ $games }).
refused-several-games-more = Du hast hier { $count } laufende Partien; wähle eine mit der Option `partie` aus ({ $games } und { $more } weitere).
refused-not-participant = Du spielst nicht in Partie #{ $game } mit.
refused-game-over = Partie #{ $game } ist schon vorbei.
refused-not-your-turn = Du bist nicht am Zug: { $player } ist dran.
refused-position-changed = Die Stellung hat sich inzwischen geändert; sieh dir das Brett noch einmal an.
refused-already-played = Dieser Zug ({ $move }) wurde schon gespielt, als Halbzug { $ply }.
refused-too-late-to-abort = `/abbrechen` geht nur, bevor beide gezogen haben; gib stattdessen auf.
refused-time-up = Deine Bedenkzeit für diesen Zug ist abgelaufen; die Partie ist auf Zeit verloren.
refused-no-clock = Diese Partie hat keine Bedenkzeit.
refused-deadline-not-reached = Wer am Zug ist, hat noch Zeit: Sie läuft { $time } ab.
refused-not-finished = Partie #{ $game } ist noch nicht vorbei; eine Revanche gibt es erst nach dem Ergebnis.
refused-rematch-of-aborted = Partie #{ $game } wurde abgebrochen, eine Revanche gibt es also nicht; stell eine neue Herausforderung.
refused-not-analysable = Partie #{ $game } ist noch nicht vorbei; analysieren lässt sie sich, sobald sie ein Ergebnis hat.
refused-analysis-of-aborted = Partie #{ $game } wurde abgebrochen, es gibt also nichts zu analysieren.
refused-rematch-pending = Eine Revanche für diese Partie wartet schon auf eine Antwort (Herausforderung #{ $challenge }).
refused-rematch-in-progress = Die Revanche für diese Partie läuft bereits (Partie #{ $game }).
refused-no-such-page = Diese Liste hat keine Seite { $page } (sie endet mit Seite { $pages }).
refused-has-clock = Diese Partie hat eine Bedenkzeit: Sie wird stattdessen auf Zeit entschieden.
refused-your-move = Du bist am Zug: Die Partie wartet auf dich.
refused-not-abandoned = Dein Gegner darf noch ziehen: Du kannst die Partie { $time } beanspruchen.

## Züge

refused-illegal = Ungültiger Zug: { $reason }.
illegal-game-over = die Partie ist schon vorbei
illegal-off-board = { $square } liegt nicht auf diesem Brett
illegal-no-piece = auf { $square } steht keine Figur
illegal-not-your-piece = die Figur auf { $square } gehört nicht dir
illegal-same-square = eine Figur muss ihr Feld ({ $square }) verlassen
illegal-not-straight = von { $from } nach { $to } ist keine gerade Linie; Figuren ziehen entlang Reihen, Linien und Diagonalen
illegal-path-blocked = der Weg von { $from } nach { $to } ist durch die Figur auf { $blocker } versperrt
illegal-own-piece = auf { $square } steht eine deiner eigenen Figuren
illegal-queen-must-capture = deine Königin auf { $square } ist nur noch 2 Steine hoch; sie darf schlagen, aber kein Baby mehr bekommen
illegal-baby-not-closer = ein Baby muss näher an die gegnerische Königin auf { $queen } heranziehen; { $from } ist √{ $before } von ihr entfernt, { $to } wäre √{ $after }
illegal-swap-not-allowed = Tauschen ist nur als erster Zug von Schwarz erlaubt, und nur in einer Partie mit Tauschregel
parse-empty = Kein Zug angegeben; schreib ihn zum Beispiel als g1-g7.
parse-not-a-square = `{ $text }` ist kein Feld auf einem { $size }×{ $size }-Brett.
parse-not-a-square-unreadable = Das ist kein Feld auf einem { $size }×{ $size }-Brett; schreib eins wie g1.
parse-malformed = `{ $text }` ist kein Zug; schreib zwei Felder wie g1-g7 oder `swap`.
parse-malformed-unreadable = Das ist kein Zug; schreib zwei Felder wie g1-g7 oder `swap`.

## Tournaments
refused-tournament-servers-only = Turniere gehören zu einem Server: Nutze diesen Befehl auf einem Server.
refused-tournament-needs-bot = Der Bot muss zu diesem Server hinzugefügt sein, um ein Turnier zu leiten: Er postet Runden und Bretter selbst.
refused-not-organiser = Dafür brauchst du die Berechtigung „Server verwalten“ (oder musst Veranstalter dieses Turniers sein, wo der Server Veranstalter in /einstellungen erlaubt).
refused-no-such-tournament = Dieser Server hat kein Turnier #{ $tournament }.
refused-bad-tournament-name = Gib dem Turnier einen Namen mit 1 bis { $max } Zeichen.
refused-bad-rounds = Ein Schweizer Turnier hat 1 bis { $max } Runden.
refused-bad-player-limit = Die Spielerzahl muss zwischen { $min } und { $max } liegen.
refused-round-robin-too-large = { $cycles ->
    [2] Ein doppeltes Rundenturnier mit { $players } Spielern dauert { $rounds } Runden
   *[other] Ein Rundenturnier mit { $players } Spielern dauert { $rounds } Runden
}, und jede Runde wartet auf ihre langsamste Partie: Es nimmt höchstens { $max } Spieler auf ({ $max-rounds } Runden). Für mehr Spieler wähle das Schweizer System: Es spielt nur so viele Runden, wie du festlegst.
refused-start-in-past = Diese Startzeit ist schon vorbei.
refused-too-many-tournaments = Dieser Server hat schon { $limit } Turniere in Anmeldung oder im Gang; beende zuerst eines.
refused-tournament-started = Dieses Turnier hat schon begonnen.
refused-tournament-over = Dieses Turnier ist vorbei.
refused-tournament-not-started = Dieses Turnier hat noch nicht begonnen.
refused-tournament-full = Dieses Turnier ist voll ({ $limit } Spieler).
refused-already-joined = Du bist schon in diesem Turnier.
refused-not-joined = Du bist nicht in diesem Turnier.
refused-not-entered = Diese Person spielt nicht in diesem Turnier.
refused-already-withdrawn = Diese Person hat sich schon zurückgezogen.
refused-too-few-players = Dieses Turnier braucht mindestens { $need } Spieler zum Start.
refused-no-such-pairing = Runde { $round } hat keine Partie an Brett { $board }.
refused-result-pending = Diese Partie läuft noch; ihr Ergebnis kommt vom Brett (oder ziehe einen Spieler zurück).
refused-not-in-pairing = Diese Person spielt nicht in dieser Partie.
refused-tournament-game = Eine Turnierpartie kann nicht abgebrochen werden: Ihre Paarung braucht ein Ergebnis.

## Puzzles
refused-no-puzzles = Für dich ist kein Rätsel mehr übrig: Du hattest schon alle. Neue kommen aus gewerteten Partien.
refused-no-such-puzzle = Du löst Rätsel #{ $puzzle } nicht; hol dir eins mit `/rätsel`.
refused-puzzle-over = Rätsel #{ $puzzle } ist vorbei; hol dir ein neues mit `/rätsel`.
