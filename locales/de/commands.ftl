# Monkey Queen — die Slash-Befehle, wie Discord sie auf Deutsch anzeigt: Name und Beschreibung
# jedes Befehls, Name und Beschreibung jeder Option, die Namen der angebotenen Auswahlen.
# Gleiche Ids wie locales/en/commands.ftl; diese Datei kommt in ein eigenes Bundle.
#
# Glossar (wie in bot.ftl):
#   queen Königin · baby Baby · stack Stapel · capture schlagen · ply Halbzug
#   pie rule Tauschregel (Option `tauschregel`) · rated gewertet · game Partie · clock Bedenkzeit · level Stufe
#   puzzle Rätsel (`/rätsel`; nicht „Aufgabe“, das ist das Aufgeben: `/aufgeben`)
#
# Discords Grenzen: Befehls- und Optionsnamen klein, 1–32 Zeichen, nur Buchstaben (Umlaute und ß
# erlaubt), Ziffern, `-`, `_` und `'`, keine Leerzeichen; Beschreibungen und Auswahlnamen 1–100
# Zeichen.
# Die Befehlsnamen hier sind die, auf die bot.ftl und rules.ftl verweisen (`/herausfordern`,
# `/zug`, `/brett`, `/züge`, `/aufgeben`, `/wiedergabe`, Option `partie`).

## /challenge

challenge = herausfordern
challenge-description = Fordere jemanden heraus, stell eine offene Herausforderung oder spiel gegen den Computer.
challenge-opponent = gegner
challenge-opponent-description = Gegen wen; leer lassen für eine offene Herausforderung, mich wählen für den Computer
challenge-size = größe
challenge-size-description = Brettgröße (Standard: 12×12)
challenge-height = höhe
challenge-height-description = Anfangshöhe der Königin, 20 bis 40 (Standard: 20)
challenge-color = farbe
challenge-color-description = Deine Farbe (Standard: zufällig)
challenge-pie = tauschregel
challenge-pie-description = Mit Tauschregel spielen: Schwarz darf nach dem ersten Zug von Weiß die Farben tauschen
challenge-clock = bedenkzeit
challenge-clock-description = Zeit pro Zug (Standard: die des Servers, normalerweise 1 Tag)
challenge-rated = gewertet
challenge-rated-description = Gewertete Partie (Standard: ja)
challenge-level = stufe
challenge-level-description = Die Stufe des Computers, wenn du gegen ihn spielst (Standard: mittel)

# Die Option `size` (SizeOption).
choice-size-twelve = 12×12 (Standard)
choice-size-fourteen = 14×14
choice-size-sixteen = 16×16
# Die Option `color` (ColorOption).
choice-color-random = zufällig
choice-color-white = Weiß (du ziehst zuerst)
choice-color-black = Schwarz
# Die Option `clock` von /challenge und /settings (ClockOption).
choice-clock-unlimited = keine Bedenkzeit
choice-clock-ten-minutes = 10 Minuten
choice-clock-one-hour = 1 Stunde
choice-clock-one-day = 1 Tag
choice-clock-three-days = 3 Tage
# Die Option `level` (LevelChoice): dieselben Stufennamen wie `level` in bot.ftl.
choice-level-easy = leicht
choice-level-medium = mittel
choice-level-hard = schwer

## /move

move = zug
move-description = Mach einen Zug in deiner Partie hier, z. B. g1-g7 (die Vorschläge zeigen deine gültigen Züge).
move-move = zug
move-move-description = Dein Zug, etwa g1-g7 (tippe ein Feld, um seine Züge zu sehen)
move-game = partie
move-game-description = Partienummer, nur nötig, wenn du hier mehrere Partien hast

## /board

board = brett
board-description = Zeig das Brett deiner Partie hier (oder einer beliebigen Partie, per Nummer).
board-game = partie
board-game-description = Partienummer (Standard: deine Partie in diesem Kanal)
board-private = privat
board-private-description = Nur dir zeigen (Standard: nein)

## /moves

moves = züge
moves-description = Zeig die gültigen Züge einer deiner Figuren, markiert auf dem Brett (nur du siehst es).
moves-square = feld
moves-square-description = Das Feld der Figur, etwa g1
moves-game = partie
moves-game-description = Partienummer, nur nötig, wenn du hier mehrere Partien hast

## /resign

resign = aufgeben
resign-description = Gib deine Partie hier auf (du wirst um Bestätigung gebeten).
resign-game = partie
resign-game-description = Partienummer, nur nötig, wenn du hier mehrere Partien hast

## /abort

abort = abbrechen
abort-description = Brich deine Partie hier ab: nur bevor beide gezogen haben; ohne Ergebnis.
abort-game = partie
abort-game-description = Partienummer, nur nötig, wenn du hier mehrere Partien hast

## /games

games = partien
games-description = Liste deine laufenden Partien auf diesem Server auf, Seite für Seite.

## /stats

stats = statistik
stats-description = Zeig Wertung, Partien, Siege, Niederlagen, Serie und letzte Ergebnisse eines Spielers.
stats-user = spieler
stats-user-description = Wessen Statistik (Standard: deine)

## /leaderboard

leaderboard = rangliste
leaderboard-description = Zeig die Spieler mit der höchsten Wertung auf diesem Server oder weltweit.
leaderboard-scope = bereich
leaderboard-scope-description = Welche Spieler (Standard: dieser Server)

# Die Option `scope` (ScopeOption).
choice-scope-server = dieser Server
choice-scope-global = weltweit

## /history

history = verlauf
history-description = Zeig die beendeten Partien eines Spielers mit Ergebnis und Grund, neueste zuerst; blättern mit ◀ ▶.
history-user = spieler
history-user-description = Wessen Partien (Standard: deine)

## /replay

replay = wiedergabe
replay-description = Poste die animierte Wiedergabe einer Partie und ihre Notation (Optionen und alle Züge).
replay-game = partie
replay-game-description = Partienummer

## /analyse

analyse = analyse
analyse-description = Zeig die Engine-Analyse einer beendeten Partie: wer vorn lag und die größten Fehler.
analyse-game = partie
analyse-game-description = Partienummer

## /farben

colours = farben
colours-description = Die Farben der Bretter, die nur du siehst: Standard, für Farbenblinde oder hoher Kontrast.
colours-theme = schema
colours-theme-description = Deine Farben (leer lassen, um die aktuellen zu sehen)

# Die Option `theme` von /farben und die Option `colours` von /einstellungen (ColorsOption).
choice-colors-standard = Standard
choice-colors-colorblind = für Farbenblinde
choice-colors-high = hoher Kontrast

## /settings

settings = einstellungen
settings-description = Servereinstellungen: Thread pro Partie, Standard-Bedenkzeit, Brettausrichtung (Server-Verwaltung).
settings-threads = threads
settings-threads-description = Jede neue Partie bekommt einen eigenen Thread
settings-clock = bedenkzeit
settings-clock-description = Zeit pro Zug, wenn eine Herausforderung keine angibt
settings-orientation = ausrichtung
settings-orientation-description = Wie die Bretter gezeichnet werden
settings-colours = farben
settings-colours-description = Farben der Bretter, die alle sehen (eigene wählt man mit /farben)
settings-organisers = veranstalter
settings-organisers-description = Mitglieder ohne „Server verwalten“ Turniere erstellen und ihre eigenen leiten lassen

# Die Option `clock` nimmt die Auswahlen von /challenge (choice-clock-…).
# Die Option `orientation` (OrientationOption).
choice-orientation-white-bottom = Weiß immer unten
choice-orientation-to-move = aus Sicht der Seite am Zug

## /turnier

tournament = turnier
tournament-description = Die Turniere dieses Servers: erstellen, beitreten, spielen und verfolgen.
tournament-create = erstellen
tournament-create-description = Erstelle ein Turnier in diesem Kanal (Server-Verwaltung, oder wen die Einstellungen lassen).
tournament-create-name = name
tournament-create-name-description = Der Name des Turniers
tournament-create-format = modus
tournament-create-format-description = Schweizer System (feste Rundenzahl), einfaches oder doppeltes Rundenturnier (Standard: Schweizer)
tournament-create-rounds = runden
tournament-create-rounds-description = Runden eines Schweizer-System-Turniers, 1 bis 11 (Standard: 4)
tournament-create-size = größe
tournament-create-size-description = Brettgröße (Standard: 12×12)
tournament-create-height = höhe
tournament-create-height-description = Anfangshöhe der Königin, 20 bis 40 (Standard: 20)
tournament-create-pie = tauschregel
tournament-create-pie-description = Mit Tauschregel spielen (Standard: nein)
tournament-create-clock = bedenkzeit
tournament-create-clock-description = Zeit pro Zug (Standard: die des Servers)
tournament-create-rated = gewertet
tournament-create-rated-description = Gewertete Partien (Standard: ja)
tournament-create-players = spieler
tournament-create-players-description = Höchstens so viele dürfen beitreten: 2 bis 128, Rundenturnier 32, doppelt 16 (Standard: 32; 16)
tournament-create-start = beginn
tournament-create-start-description = Wann es von selbst beginnt (Standard: wenn du es startest)
tournament-join = beitreten
tournament-join-description = Tritt einem Turnier bei, dessen Anmeldung offen ist.
tournament-join-tournament = turnier
tournament-join-tournament-description = Die Nummer des Turniers
tournament-leave = verlassen
tournament-leave-description = Verlass ein Turnier (nach dem Beginn gehen deine übrigen Partien kampflos verloren).
tournament-leave-tournament = turnier
tournament-leave-tournament-description = Die Nummer des Turniers
tournament-start = starten
tournament-start-description = Starte ein Turnier jetzt und paare die erste Runde (sein Veranstalter).
tournament-start-tournament = turnier
tournament-start-tournament-description = Die Nummer des Turniers
tournament-standings = tabelle
tournament-standings-description = Zeig die Tabelle eines Turniers, mit der Kreuztabelle, sobald eine Runde gespielt ist.
tournament-standings-tournament = turnier
tournament-standings-tournament-description = Die Nummer des Turniers
tournament-list = liste
tournament-list-description = Liste die Turniere dieses Servers auf, neueste zuerst.
tournament-withdraw = zurückziehen
tournament-withdraw-description = Zieh einen Spieler aus einem Turnier zurück (sein Veranstalter).
tournament-withdraw-tournament = turnier
tournament-withdraw-tournament-description = Die Nummer des Turniers
tournament-withdraw-player = spieler
tournament-withdraw-player-description = Der Spieler, der zurückgezogen wird
tournament-result = ergebnis
tournament-result-description = Ersetze das Ergebnis einer Turnierpartie (sein Veranstalter).
tournament-result-tournament = turnier
tournament-result-tournament-description = Die Nummer des Turniers
tournament-result-round = runde
tournament-result-round-description = Die Runde
tournament-result-board = brett
tournament-result-board-description = Das Brett, wie die Paarungen der Runde es nummerieren
tournament-result-winner = sieger
tournament-result-winner-description = Wer diese Partie gewinnt
tournament-export = exportieren
tournament-export-description = Lade die Notationen aller Partien eines Turniers und seine FIDE-TRF-Datei herunter.
tournament-export-tournament = turnier
tournament-export-tournament-description = Die Nummer des Turniers

# Die Option `format` (FormatOption).
choice-format-swiss = Schweizer System
choice-format-round-robin = Rundenturnier (jeder gegen jeden)
choice-format-double-round-robin = doppeltes Rundenturnier (jeder zweimal gegen jeden)
# Die Option `start` (StartOption): wie lange nach dem Erstellen es von selbst beginnt.
choice-start-quarter-hour = in 15 Minuten
choice-start-one-hour = in 1 Stunde
choice-start-six-hours = in 6 Stunden
choice-start-one-day = in 1 Tag
choice-start-three-days = in 3 Tagen
choice-start-one-week = in 1 Woche

## /rules

rules = regeln
rules-description = Die Regeln von Monkey Queen in Kürze, mit Beispieldiagrammen.

## /learn

# The lessons, in Discord; the choices of `stage` are the stages' titles.
learn = lernen
learn-description = Lerne Monkey Queen in fünf Minuten, indem du spielst: eine Regel nach der anderen, nur für dich.
learn-stage = stufe
learn-stage-description = Die Stufe, die du machen willst (Standard: die erste, die du noch nicht geschafft hast)
choice-stage-queen = Die Königin
choice-stage-shrink = Der Stapel schrumpft
choice-stage-queen-two = Eine Königin aus zwei Steinen
choice-stage-baby = Babys
choice-stage-capture = Schlagen
choice-stage-take-queen = Schlag die Königin
choice-stage-no-moves = Keine Züge mehr
choice-stage-pie = Die Tauschregel
choice-stage-puzzles = Finde den Zug

## The Activity's Entry Point command (App Launcher)

launch = starten
launch-description = Monkey Queen direkt auf dem Brett spielen: tippe eine Figur an, dann ein Feld.

## /puzzle

puzzle = rätsel
puzzle-description = Ein Rätsel aus einer echten Partie, nur für dich: Finde den Gewinnzug.
puzzle-daily = täglich
puzzle-daily-description = Das Tagesrätsel, für alle dasselbe (Standard: ein Rätsel nahe deiner Rätselwertung)
# The `scope` option of /leaderboard: today's daily puzzle's solvers.
choice-scope-puzzles = das heutige Tagesrätsel
# The daily puzzle's options of /settings.
settings-puzzle-channel = rätsel-kanal
settings-puzzle-channel-description = Der Kanal, in dem das Tagesrätsel jeden Tag gepostet wird
settings-puzzle-off = rätsel-aus
settings-puzzle-off-description = Wahr: das Tagesrätsel nicht mehr posten
