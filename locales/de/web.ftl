# Monkey Queen — alle Texte der Webseiten (die Live-Seite einer Partie und die Startseite von
# `monkey-queen web`), auf Deutsch (Referenz: locales/en/web.ftl).
#
# Das Glossar ist das aus dem Kopf von bot.ftl, hier dasselbe: Königin, Baby, Stapel,
# schlagen, Halbzug (ein Zug eines Spielers), Tauschregel, gewertet/ungewertet, Wertung,
# Bedenkzeit, aufgeben, abbrechen (ohne Ergebnis), der Computer (nur der Gegner; das Gerät,
# auf dem gespielt wird, heißt „dieses Gerät“). Wir duzen.
#
# Alle IDs beginnen mit `web-`. Der Server gibt jede Nachricht einmal aus, jede Variable als
# wörtlichen Text {name}, und die Seite setzt Namen, Zahlen und Felder selbst ein: darum hier
# keine Selektoren und keine Pluralformen („Weiße Babys: 3“, nicht „3 weiße Babys“). Felder
# und Züge bleiben in der Notation des Spiels (g7, g1-g7, g1xg7, swap).

## Spieler, Stand und Ergebnis

web-vs = { $white } gegen { $black }
web-players = Spieler
web-white = Weiß
web-black = Schwarz
web-you = du
web-rating = Wertung { $rating }
web-computer = Computer, Spielstärke { $level }
web-level-easy = leicht
web-level-medium = mittel
web-level-hard = schwer
web-level-max = maximal
web-to-move = am Zug
web-time-left = Verbleibende Zeit:
web-status-to-move = { $player } ist am Zug
web-your-turn = Du bist am Zug
web-won = { $player } hat gewonnen
web-reason-queen_captured = Königin geschlagen
web-reason-no_legal_moves = keine gültigen Züge mehr
web-reason-resignation = Aufgabe
web-reason-timeout = Zeit abgelaufen
web-reason-abandoned = Partie eine Woche lang verlassen
web-aborted = Abgebrochen: kein Ergebnis
web-rating-changes = Wertungen: { $white } { $white-delta }, { $black } { $black-delta }

## Optionen und Bedenkzeit

web-rated = gewertet
web-casual = ungewertet
web-options = { $size }×{ $size }, Königinnen aus { $height } Steinen
web-pie-on = mit Tauschregel
web-pie-off = ohne Tauschregel
web-per-move = { $time } pro Zug
web-no-clock = keine Bedenkzeit
web-minutes = { $minutes } Min.
web-clock-hours = { $hours } Std. { $minutes } Min.
web-clock-days = { $days } Tg. { $hours } Std.

## Das Brett

web-board = Brett
web-board-start = Ausgangsstellung: { $pieces }
web-board-after = Brett nach Halbzug { $ply }: { $pieces }
web-white-queen = Weiße Königin auf { $square }, Höhe { $height }
web-black-queen = Schwarze Königin auf { $square }, Höhe { $height }
web-white-queen-taken = Weiße Königin geschlagen
web-black-queen-taken = Schwarze Königin geschlagen
web-white-babies = Weiße Babys: { $count }
web-black-babies = Schwarze Babys: { $count }

## Durch die Partie blättern

web-navigation = Durch die Partie blättern
web-first = Anfang: die Ausgangsstellung
web-previous = Vorheriger Halbzug
web-next = Nächster Halbzug
web-last = Letzter Halbzug
web-flip = Brett drehen
web-ply-of = Halbzug { $ply } von { $total }
web-moves = Züge
web-no-moves = Noch keine Züge.

## Live

web-connecting = Verbinden …
web-live = Live
web-reconnecting = Erneut verbinden …

## Spielen

web-go-to-last = Du bist am Zug: geh zum letzten Halbzug, um auf dem Brett zu ziehen.
web-move-label = Dein Zug, getippt (etwa g1-g7)
web-play = Ziehen
web-move-unknown = { $move } ist jetzt kein gültiger Zug.
web-swap = Farben tauschen (Tauschregel)
web-resign = Aufgeben
web-resign-really = Wirklich aufgeben? Dein Gegner gewinnt; das lässt sich nicht rückgängig machen.
web-resign-confirm = Ja, aufgeben
web-cancel = Nein, weiterspielen
web-dismiss = Schließen
web-network-error = Der Server ist nicht erreichbar. Prüf die Verbindung und versuch es noch einmal.
web-move-unconfirmed = Der Server hat deinen Zug nicht rechtzeitig bestätigt, darum wird er nicht als gespielt gezeigt. Prüf die Verbindung und versuch es noch einmal.
web-home-link = Alle Partien auf diesem Gerät

## Analyse

web-analysis = Analyse
web-chances = Gewinnchancen von Weiß, Halbzug für Halbzug
web-chance-at = Halbzug { $ply }: Chancen für Weiß { $percent } %
web-legend-turning = Wendepunkte
web-legend-mistakes = größte Fehler

## Die Startseite (Partien auf diesem Gerät)

web-home-intro = Monkey Queen lokal auf diesem Gerät: gegen den Computer oder mit jemandem am selben Bildschirm.
web-new-game = Neue Partie
web-opponent = Gegner
web-opponent-computer = Der Computer
web-opponent-human = Jemand an diesem Bildschirm
web-level = Spielstärke des Computers
web-your-color = Deine Farbe
web-color-random = Zufällig
web-size = Brettgröße
web-size-option = { $size }×{ $size }
web-pie = Tauschregel: Der zweite Spieler darf die Farben tauschen, statt zu ziehen
web-start = Starten
web-starting = Wird gestartet …
web-games = Partien
web-games-none = Noch keine Partien.
web-status-active = läuft
web-status-finished = beendet
web-status-aborted = abgebrochen
web-game-ply = Halbzug { $ply }

## Names and the front page of the bot's pages

# The names of the people playing at one screen, and of the computer, as stored with a game
# started on this device.
web-name-player = Spieler { $number }
web-name-computer = Computer
web-bad-request = Diese Anfrage ist keine, die die Seite sendet.
web-about = Monkey Queen: Jede Partie, die mit diesem Bot auf Discord gespielt wird, hat hier ihre eigene Live-Seite; ihr Brett auf Discord verlinkt darauf.

## The Activity (the page inside Discord)

web-activity-signing-in = Anmeldung über Discord …
web-activity-sign-in-failed = Discord hat dich nicht angemeldet. Schließe die Aktivität und öffne sie erneut.
web-activity-outside = Diese Seite läuft in Discord: Öffne sie mit „Auf dem Brett spielen“ unter dem Brett einer Partie.
web-activity-your-games = Deine Partien hier
web-activity-no-games = Du hast in diesem Kanal noch keine Partie. Fordere jemanden mit /herausfordern heraus und öffne dies dann erneut.
web-activity-active = läuft
web-activity-finished = beendet
web-activity-aborted = abgebrochen
web-activity-rematch = Revanche
web-activity-rematch-offered = Dein Revanche-Angebot steht im Chat.
web-activity-computer = Gegen den Computer spielen
web-activity-computer-level = Spielstärke

## Puzzles (a puzzle's own page, and the links to it on its game's page)

web-game-puzzles = Rätsel aus dieser Partie
web-game-puzzle = Rätsel #{ $number }: die Stellung nach Halbzug { $ply }
web-puzzle-title = Rätsel #{ $number }
web-puzzle-find-white = Finde den Gewinnzug für Weiß
web-puzzle-find-black = Finde den Gewinnzug für Schwarz
web-puzzle-rating = Wertung { $rating }
web-puzzle-board = Die Stellung des Rätsels: { $pieces }
web-puzzle-first = Anfang: die Stellung des Rätsels
web-puzzle-navigation = Durch die Züge blättern
web-puzzle-your-move = Du bist am Zug: tippe auf eine Figur, dann auf ihr Ziel.
web-puzzle-right = Richtig! Die Antwort war { $move }: finde den nächsten Zug.
web-puzzle-solved = Gelöst!
web-puzzle-wrong = { $move } ist es nicht. Die Lösung steht auf dem Brett: blättere sie durch.
web-puzzle-shown = Die Lösung steht auf dem Brett: blättere sie durch.
web-puzzle-show-solution = Lösung zeigen
web-puzzle-again = Noch einmal
web-puzzle-unrated = Rätsel hier sind ungewertet: die Rätselwertung gibt es mit /rätsel auf Discord.
web-puzzle-counts = Dieses Rätsel zählt gerade auf Discord: Es ist das heutige Tagesrätsel, oder jemand löst es für seine Wertung. Spiel es dort mit /rätsel; hier öffnet es sich, sobald es nicht mehr zählt.
web-theme-queen-capture = Königin geschlagen
web-theme-no-moves = keine gültigen Züge
web-theme-forced-win = erzwungener Gewinn
web-theme-advantage = Vorteil
web-theme-trapped-queen = gefangene Königin
web-theme-baby-takes-queen = ein Baby schlägt die Königin
web-theme-birth-blocks = eine Geburt sperrt
web-theme-quiet-move = stiller Zug
web-theme-one-move = ein Zug
web-theme-short = kurz
web-theme-long = lang
web-theme-very-long = sehr lang

## Refusals that would name a game by its number in Discord: the page names no number.
web-refused-no-such-game = Diese Partie gibt es nicht.
web-refused-not-participant = Du spielst in dieser Partie nicht mit.
web-refused-game-over = Diese Partie ist schon vorbei.
web-refused-rematch-in-progress = Die Revanche für diese Partie läuft bereits.

## A tournament's page: its standings, crosstable and rounds.
web-tournament-standings = Tabelle
web-tournament-crosstable = Kreuztabelle
web-tournament-rounds = Runden
web-tournament-round = Runde { $round }
web-tournament-board = Brett { $board }
web-tournament-watch = Ansehen
web-tournament-watch-game = { $white } gegen { $black } ansehen
web-tournament-being-played = läuft
web-tournament-bye = spielfrei
web-tournament-rating = Wertung
web-tournament-tie-breaks = Feinwertungen: { $names }
web-tournament-no-players = Noch keine Spieler.
web-tournament-cell-white = W
web-tournament-cell-black = S
web-tournament-cell-legend = In jedem Feld: der Platz des Gegners, die gespielte Farbe (W Weiß, S Schwarz) und das Ergebnis (+ gewonnen, − verloren, F kampflos, … läuft).

## Das Brett lesen: die Legende seiner Markierungen, seine Farben und jedes Feld in Worten

web-legend-summary = Was die Markierungen auf dem Brett bedeuten
web-legend-move = die gewählte Figur kann hierhin ziehen
web-legend-birth = die Königin kann hierhin ziehen und lässt ein Baby zurück
web-legend-capture = die gewählte Figur kann hier schlagen
web-legend-queen-capture = schlägt die gegnerische Königin: das gewinnt
web-legend-last = der letzte Zug
web-legend-last-capture = der letzte Zug hat hier geschlagen
web-legend-selected = die gewählte Figur
web-legend-queen = eine Königin: die Zahl ist ihre Höhe
web-legend-baby = ein Baby
web-colors = Farben des Bretts
web-colors-standard = Standard
web-colors-colorblind = Für Farbenblinde
web-colors-high = Hoher Kontrast
web-square-white-queen = Weiße Königin mit { $height }
web-square-black-queen = Schwarze Königin mit { $height }
web-square-white-baby = Weißes Baby
web-square-black-baby = Schwarzes Baby
web-square-empty = leer
web-square-last = letzter Zug
web-square-to-move = die gewählte Figur kann hierhin ziehen
web-square-to-birth = die Königin kann hierhin ziehen und lässt ein Baby zurück
web-square-to-capture = die gewählte Figur kann hier schlagen
web-square-to-queen-capture = die gewählte Figur kann hier die Königin schlagen
web-square-picked = { $square } gewählt; Felder, auf die sie ziehen kann: { $count }
web-announce-move = Gezogen: { $move }.
web-material-queen = Königin mit { $height }
web-material-no-queen = Königin geschlagen
web-material-babies = Babys: { $babies }
web-material-captures = geschlagen: { $captures }

## Nach einer Partie an diesem Bildschirm, und der Weg zwischen den Seiten

web-game-over = Partie beendet
web-rematch = Revanche
web-new-game-link = Neue Partie
web-first-color = Farbe von Spieler 1
web-turn-board = Das Brett zu dem drehen, der am Zug ist
web-puzzles-link = Rätsel
web-puzzle-next = Nächstes Rätsel
web-puzzle-home = Startseite

web-rules-title = So wird gespielt
web-rules-1 = 12×12-Brett. Jede Seite beginnt mit einer Königin: einem Stapel aus 20 Steinen (Weiß auf g1, Schwarz auf f12). Weiß zieht zuerst.
web-rules-2 = Jede Figur zieht wie die Dame im Schach: beliebig weit in gerader Linie, ohne zu springen. Sie bleibt auf einem leeren Feld stehen oder schlägt die erste gegnerische Figur auf ihrem Weg.
web-rules-3 = Zieht die Königin, ohne zu schlagen, lässt sie einen Stein zurück: ein neues Baby. Ihr Stapel wird um eins niedriger. Eine Königin der Höhe 2 darf nur noch schlagen.
web-rules-4 = Zieht ein Baby, ohne zu schlagen, muss es näher an die gegnerische Königin kommen (Luftlinie). Schlagzüge dürfen überallhin gehen.
web-rules-5 = Schlag die gegnerische Königin, um zu gewinnen. Wer keinen gültigen Zug hat, verliert. Remis gibt es nicht.
web-analyse = Partie analysieren
web-analysing = Wird analysiert…

## Die Seite der Lektionen

web-learn-title = Monkey Queen lernen
web-learn-link = Spielen lernen
web-learn-intro = Lerne die Regeln, indem du sie spielst: eine Regel pro Stufe, jeweils ein paar Züge.
web-learn-stages = Stufen
web-learn-stage-of = Stufe { $stage } von { $stages }
web-learn-exercise-of = Übung { $exercise } von { $exercises }
web-learn-next = Weiter
web-learn-again = Stufe neu beginnen
web-learn-stars = { $stars } von 3 Sternen
web-learn-not-done = noch offen
web-learn-all-done = Jetzt kennst du alle Regeln. Bereit für eine erste Partie?
web-learn-play = Gegen den Computer spielen (leicht)
