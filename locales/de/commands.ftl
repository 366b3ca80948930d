# Monkey Queen — die Slash-Befehle, wie Discord sie auf Deutsch anzeigt: Name und Beschreibung
# jedes Befehls, Name und Beschreibung jeder Option, die Namen der angebotenen Auswahlen.
# Gleiche Ids wie locales/en/commands.ftl; diese Datei kommt in ein eigenes Bundle.
#
# Glossar (wie in bot.ftl):
#   queen Königin · baby Baby · stack Stapel · capture schlagen · ply Halbzug
#   pie rule Tauschregel (Option `tauschregel`) · rated gewertet · game Partie · clock Bedenkzeit · level Stufe
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

## /settings

settings = einstellungen
settings-description = Servereinstellungen: Thread pro Partie, Standard-Bedenkzeit, Brettausrichtung (Server-Verwaltung).
settings-threads = threads
settings-threads-description = Jede neue Partie bekommt einen eigenen Thread
settings-clock = bedenkzeit
settings-clock-description = Zeit pro Zug, wenn eine Herausforderung keine angibt
settings-orientation = ausrichtung
settings-orientation-description = Wie die Bretter gezeichnet werden

# Die Option `clock` nimmt die Auswahlen von /challenge (choice-clock-…).
# Die Option `orientation` (OrientationOption).
choice-orientation-white-bottom = Weiß immer unten
choice-orientation-to-move = aus Sicht der Seite am Zug

## /rules

rules = regeln
rules-description = Die Regeln von Monkey Queen in Kürze, mit Beispieldiagrammen.

## The Activity's Entry Point command (App Launcher)

launch = starten
launch-description = Monkey Queen direkt auf dem Brett spielen: tippe eine Figur an, dann ein Feld.
