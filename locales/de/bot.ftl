# Monkey Queen — alle Texte, die der Bot schreibt, auf Deutsch (Referenz: locales/en/bot.ftl).
#
# Wörter, die hier nie vorkommen (ein Test prüft jede Nachricht dieser Sprache dagegen): die
# Königin heißt nie „Dame“ (außer im Vergleich mit Schach); ein Puzzle ist ein „Rätsel“
# (`/rätsel`, „Tagesrätsel“, „Rätselwertung“), denn „Aufgabe“ ist der Partieausgang durch
# Aufgeben; Nummern schreiben wir überall „#12“.
# forbidden: Dame, Damen, Damenfang, Aufgabe #, der Aufgabe, die Aufgabe, eine Aufgabe, keine Aufgabe, diese Aufgabe, Aufgaben, Tagesaufgabe, Aufgabenwertung, Nr.
# forbidden-except: wie die Dame im Schach
#
# Glossar, überall gleich verwendet:
#   queen      Königin     der hohe Stapel, mit dem jede Seite beginnt; wer sie schlägt, gewinnt
#   baby       Baby        ein einzelner Stein, den die Königin zurücklässt, wenn sie ohne zu schlagen zieht
#   stack      Stapel      die Steine, aus denen eine Königin besteht („Königinnen aus 20 Steinen“)
#   checker    Stein       ein einzelner Spielstein
#   piece      Figur       Königin oder Baby
#   capture    schlagen    eine gegnerische Figur nehmen, indem man auf ihr Feld zieht
#   ply        Halbzug     ein Zug eines Spielers (zwei Halbzüge ergeben einen ganzen Zug)
#   pie rule   Tauschregel der zweite Spieler darf die Farben tauschen, statt zu ziehen (Option `tauschregel`)
#   rated      gewertet    eine Partie, die die Wertung beider Spieler verändert
#   rating     Wertung
#   game       Partie
#   challenge  Herausforderung
#   clock      Bedenkzeit
#   puzzle     Rätsel      das Rätsel (`/rätsel`, „Tagesrätsel“, „Rätselwertung“); „Aufgabe“ ist nur der
#                          Partieausgang durch Aufgeben (`/aufgeben`)
#   abort      abbrechen   eine Partie ohne Ergebnis beenden: mit `/abbrechen`, bevor beide gezogen haben,
#                          oder nach einer Woche ohne Zug (call off: dasselbe Wort)
#   computer   Computer    der Bot als Gegner („gegen den Computer“); „ich“/„mich“ nur, wo
#                          der Bot von sich selbst spricht („wähl mich“)
#
# Wir duzen. Variablen wie $game oder $ply füllt der Bot ein; $player und Co. kommen als
# Discord-Erwähnungen (<@123>); $time ist ein Discord-Zeitstempel (<t:…:R>), den Discord in der
# Sprache jedes Lesers anzeigt („in 3 Stunden“). Markdown (**fett**, `Code`) bleibt, wie es ist.
# Befehle heißen hier so wie in de/commands.ftl (`/herausfordern`, `/brett`, `/wiedergabe` …).

## Farben, Figuren und Züge

color-name = { $color ->
    [white] Weiß
   *[black] Schwarz
}
# The colour inside a sentence ("your move (White)", "won as White"), where some languages
# write it in lower case.
color-in-sentence = { $color ->
    [white] Weiß
   *[black] Schwarz
}
# Eine Figur mit ihrer Farbe, am Anfang einer Zugbeschreibung (Nominativ): „Weiße Königin“.
piece-name = { $color ->
    [white] { $role ->
        [queen] Weiße Königin
       *[baby] Weißes Baby
    }
   *[black] { $role ->
        [queen] Schwarze Königin
       *[baby] Schwarzes Baby
    }
}
# Zieht eine Königin, ohne zu schlagen, lässt sie auf dem verlassenen Feld ein Baby zurück.
move-birth = { $piece } { $from }–{ $to }, auf { $from } wird ein Baby geboren
move-quiet = { $piece } { $from }–{ $to }
move-captures-baby = { $piece } { $from }×{ $to } schlägt ein Baby
move-captures-queen = { $piece } { $from }×{ $to } schlägt die Königin!
move-swap = { $color ->
    [white] Weiß
   *[black] Schwarz
} tauscht die Farben (Tauschregel)
role-on-square = { $role ->
    [queen] Königin auf { $square }
   *[baby] Baby auf { $square }
}

## Partien, Optionen und Bedenkzeit

options = { $size }×{ $size }, Königinnen aus { $height } Steinen, { $pie ->
    [yes] mit Tauschregel
   *[no] ohne Tauschregel
}
clock-none = keine Bedenkzeit
clock-per-move = { $unit ->
    [days] { $count ->
        [one] 1 Tag
       *[other] { $count } Tage
    }
    [hours] { $count ->
        [one] 1 Stunde
       *[other] { $count } Stunden
    }
   *[minutes] { $count ->
        [one] 1 Minute
       *[other] { $count } Minuten
    }
} pro Zug
deadline = Die Zeit läuft { $time } ab.
your-move = { $player }, du bist am Zug ({ $color }).
game-started = **Partie #{ $game }** — { $white } spielt Weiß, { $black } spielt Schwarz. { $player }, du ziehst zuerst.
board-shown = **Partie #{ $game }**, Halbzug { $ply }.
board-shown-over = **Partie #{ $game }**.
board-shown-aborted = **Partie #{ $game }** wurde abgebrochen.
reason = { $reason ->
    [queen-captured] Königin geschlagen
    [no-legal-moves] keine gültigen Züge
    [resignation] Aufgabe
    [timeout] Zeit abgelaufen
   *[abandoned] Partie verlassen
}
game-won = 🏆 **{ $winner } gewinnt** ({ $color }) — { $reason ->
    [queen-captured] { $winner } hat die Königin von { $loser } geschlagen
    [no-legal-moves] { $loser } hat keinen gültigen Zug mehr
    [resignation] { $loser } hat aufgegeben
    [timeout] { $loser } hat die Zeit überschritten
   *[abandoned] { $loser } hat die Partie eine Woche liegen lassen, und { $winner } hat den Sieg beansprucht
}.
rating-changes = Wertungen: { $white } { $white-delta }, { $black } { $black-delta }.
status-to-move = { $color } am Zug · Halbzug { $ply }
status-won = { $color } gewinnt · { $reason } · Halbzug { $ply }
status-aborted = Abgebrochen · Halbzug { $ply }
called-off = Partie #{ $game } wurde von { $player } nach einer Woche ohne Zug abgebrochen. Kein Ergebnis.
aborted = Partie #{ $game } wurde von { $player } abgebrochen, bevor beide gezogen hatten. Kein Ergebnis.
thread-name = Monkey Queen #{ $game }: { $white } gegen { $black }
# Eine Partie unter den Vorschlägen der Option `partie` (reiner Text, höchstens 100 Zeichen):
# ihre Nummer und der Name des Gegners.
game-choice = #{ $game } gegen { $opponent }
reminder = ⏰ { $player }, du bist in Partie #{ $game } immer noch am Zug.
reminder-with-board = ⏰ { $player }, du bist in Partie #{ $game } immer noch am Zug ([Brett]({ $link })).

## Herausforderungen

challenge-offer = { $challenger } fordert { $opponent } zu einer Partie Monkey Queen heraus!
challenge-rematch = { $challenger } bietet { $opponent } eine Revanche für Partie #{ $game } an, mit getauschten Farben!
challenge-open = { $challenger } sucht jemanden für eine Partie Monkey Queen! Alle dürfen annehmen.
challenge-colour = { $choice ->
    [white] { $challenger } spielt Weiß
    [black] { $challenger } spielt Schwarz
   *[random] Farben werden ausgelost
}
challenge-rated = { $rated ->
    [yes] gewertet
   *[no] ungewertet
}
challenge-expires = Die Herausforderung läuft { $time } ab.
challenge-closed = ~~Herausforderung von { $challenger }: { $options }~~
challenge-accepted = Angenommen. Viel Glück!
challenge-accepted-by = { $player } hat angenommen. Viel Glück!
challenge-declined = Abgelehnt.
challenge-declined-by = { $player } hat abgelehnt.
challenge-cancelled = Zurückgezogen.
challenge-cancelled-by = { $player } hat die Herausforderung zurückgezogen.
challenge-expired = Abgelaufen: Niemand hat rechtzeitig angenommen.
challenge-status = { $status ->
    [pending] offen
    [accepted] angenommen
    [declined] abgelehnt
    [cancelled] zurückgezogen
   *[expired] abgelaufen
}

## Einen Zug mit dem Button „Ziehen“ auswählen

pick-piece = **Partie #{ $game }**: Wähle die Figur, mit der du ziehen willst; die Figuren auf den markierten Feldern können ziehen.
pick-destination = **Partie #{ $game }**: Wohin soll die Figur auf { $square }? Die markierten Felder sind ihre Züge.
choose-piece = Wähle eine Figur
choose-destination = Wähle das Zielfeld
board-in-thread = Du hast { $move } gespielt; das Brett steht im Thread der Partie, { $thread }.
board-elsewhere = Du hast { $move } gespielt; das Brett von Partie #{ $game } geht dorthin, wo die Partie gespielt wird.
move-played = Du hast { $move } gespielt.
done = Erledigt.
confirm-resign = Partie #{ $game } aufgeben? Dein Gegner gewinnt; das lässt sich nicht rückgängig machen.
piece-moves = { $count ->
    [0] Die Figur auf { $square } hat keinen gültigen Zug.
    [one] Die Figur auf { $square } hat 1 gültigen Zug, er ist auf dem Brett markiert.
   *[other] Die Figur auf { $square } hat { $count } gültige Züge, sie sind auf dem Brett markiert.
}

## Buttons (höchstens 80 Zeichen)

button-accept = Annehmen
button-decline = Ablehnen
button-cancel = Zurückziehen
button-resign = Aufgeben
button-confirm-resign = Ja, aufgeben
button-replay = Wiedergabe
button-rematch = Revanche
button-move = Ziehen
# The link to the game's live page on the web.
button-web-page = Webseite
button-play-on-board = Auf dem Brett spielen
button-analyse = Analysieren
button-claim-win = Sieg beanspruchen
button-call-off = Partie abbrechen
button-join-tournament = Beitreten
button-leave-tournament = Verlassen

## Listen

games-none = Du hast auf diesem Server keine laufenden Partien. Starte eine mit `/herausfordern`.
games-title = **Deine laufenden Partien**
games-title-paged = **Deine laufenden Partien** · { $total } insgesamt · Seite { $page } von { $pages }
games-line = • #{ $game } gegen { $opponent } — { $turn ->
    [yours] **du bist am Zug**
   *[theirs] dein Gegner ist am Zug
}, Halbzug { $ply }
link-board = [Brett]({ $link })
stats-newcomer = { $player } hat noch keine beendete Partie. Wertung { $rating } (±{ $deviation }), die eines Neulings.
stats-title = **Statistik von { $player }**
stats-summary = Wertung **{ $rating }** (±{ $deviation }, { $provisional ->
        [yes] vorläufig: nicht in der Rangliste, bis sie sich eingependelt hat
       *[no] gefestigt
    }) · { $games ->
        [one] 1 Partie
       *[other] { $games } Partien
    } ({ $rated } gewertet): { $wins ->
        [one] 1 Sieg
       *[other] { $wins } Siege
    }, { $losses ->
        [one] 1 Niederlage
       *[other] { $losses } Niederlagen
    }
stats-win-rate = Siegquote { $percent } %
stats-streak = Aktuelle Serie: { $kind ->
    [wins] { $count ->
        [one] 1 Sieg in Folge
       *[other] { $count } Siege in Folge
    }
    [losses] { $count ->
        [one] 1 Niederlage in Folge
       *[other] { $count } Niederlagen in Folge
    }
   *[none] keine
}
stats-recent = Letzte Partien:
played-game = • #{ $game } — { $won ->
    [yes] gewonnen
   *[no] verloren
} als { $color } gegen { $opponent } · { $reason } · { $plies ->
    [one] 1 Halbzug
   *[other] { $plies } Halbzüge
} · { $rating } · { $time }
played-game-unrated = ungewertet
# Steht nach „gegen“, daher im Akkusativ.
played-game-computer = den Computer ({ $level })
level = { $level ->
    [easy] leicht
    [medium] mittel
    [hard] schwer
   *[max] maximal
}
leaderboard-board = { $global ->
    [yes] weltweit
   *[no] dieser Server
}
leaderboard-empty = **Rangliste — { $board }**
    Noch niemand ist gelistet: Eine Wertung kommt in die Rangliste, sobald sie gefestigt ist, nach etwa acht gewerteten Partien. Starte eine mit `/herausfordern`.
leaderboard-title = **Rangliste — { $board }** · Seite { $page } von { $pages }
leaderboard-line = { $rank }. { $player } — **{ $rating }** (±{ $deviation }) · { $games ->
    [one] 1 Partie
   *[other] { $games } Partien
}, { $wins }–{ $losses }
history-empty = { $player } hat noch keine beendete Partie.
history-title = **Beendete Partien von { $player }** · { $total } insgesamt, neueste zuerst · Seite { $page } von { $pages }
history-footer = Sieh dir eine davon mit `/wiedergabe` noch einmal an.

## Wiedergaben und Analysen

replay-title = **Wiedergabe von Partie #{ $game }** — { $white } (Weiß) gegen { $black } (Schwarz) · { $status }
replay-record = Partienotation (Optionen und alle Züge):
replay-record-attached = Die Partienotation ist angehängt (zu lang für eine Nachricht).
analysis-title = **Analyse von Partie #{ $game }** — { $white } (Weiß) gegen { $black } (Schwarz) · { $status }
analysis-no-mistakes = Kein Zug hat viel gekostet: Die Engine hat keinen klaren Fehler gefunden.
analysis-mistakes = Größte Fehler:
analysis-mistake = { $number }. Halbzug { $ply }: { $played }; besser: { $better } (Chancen für { $color } { $before } % → { $after } %).
analysis-turning-point = Wendepunkt: Halbzug { $ply }.
analysis-turning-points = Wendepunkte: Halbzüge { $plies } und { $last }.
analysis-picture-title = Partie #{ $game } · { $white } gegen { $black } · { $status }
mistake-caption = { $number } · Halbzug { $ply } · { $color }
chart-ply = Halbzug
chart-win = Sieg
chart-played = gespielt
chart-better = besser
chart-rated-games = gewertete Partien

## Einstellungen

settings-title = **Einstellungen dieses Servers**
settings-saved = Gespeichert. **Einstellungen dieses Servers**
settings-threads = • Threads: { $threads ->
    [on] jede neue Partie bekommt einen eigenen Thread
   *[off] aus (Partien bleiben in ihrem Kanal)
}
settings-clock = • Standard-Bedenkzeit: { $clock }
settings-boards = • Bretter: { $orientation ->
    [white-bottom] Weiß immer unten
   *[to-move] aus Sicht der Seite am Zug
}
settings-colors = • Farben der Bretter: { $colors ->
    [colorblind] für Farbenblinde
    [high] hoher Kontrast
   *[standard] Standard
} (alle können für die Bretter, die nur sie sehen, eigene wählen)
settings-organisers = • Turniere: { $organisers ->
    [on] jedes Mitglied darf eines veranstalten (und sein eigenes starten)
   *[off] nur von der Server-Verwaltung veranstaltet
}

## Die eigenen Farben der Bretter (/farben)

own-colors-saved = Gespeichert.
own-colors = Die Bretter, die nur du siehst (ein privates Brett, deine Rätsel, die Menüs von „Ziehen“), werden { $colors ->
    [colorblind] in den Farben für Farbenblinde
    [high] in hohem Kontrast
   *[standard] in den Standardfarben
} gezeichnet. Bretter, die alle sehen, behalten die Farben des Servers.

## Turniere
# $name ist der Name des Turniers, wie der Veranstalter ihn schrieb; $title ist tournament-title.

tournament-title = **Turnier #{ $tournament }: { $name }**
tournament-format = { $format ->
    [swiss] Schweizer System, { $rounds ->
        [one] 1 Runde
       *[other] { $rounds } Runden
    }
   [double-round-robin] { $rounds ->
        [0] doppeltes Rundenturnier
       *[other] doppeltes Rundenturnier, { $rounds } Runden
    }
   *[round-robin] { $rounds ->
        [0] Rundenturnier
        [one] Rundenturnier, 1 Runde
       *[other] Rundenturnier, { $rounds } Runden
    }
}
tournament-organiser = Veranstaltet von { $organiser }.
tournament-no-players = Noch keine Spieler.
tournament-players = Spieler ({ $count } von { $limit }): { $players }
tournament-more = …und { $count } weitere.
tournament-signup-timed = Die Anmeldung ist offen; es beginnt { $time }. Drück **Beitreten**, um mitzuspielen.
tournament-signup-manual = Die Anmeldung ist offen, bis der Veranstalter es startet. Drück **Beitreten**, um mitzuspielen.
tournament-running = Runde { $round } von { $rounds } läuft. Die Tabelle: `/turnier tabelle turnier:{ $tournament }`.
tournament-won = Es ist vorbei: { $winner } hat gewonnen.
tournament-unplayed = Es fand nicht statt: Zu wenige Spieler hatten sich angemeldet.
tournament-round-title = { $title } — **Runde { $round } von { $rounds }**
tournament-board = Brett { $board }: { $white } (Weiß) gegen { $black } (Schwarz) — Partie #{ $game }
tournament-board-forfeit = Brett { $board }: { $white } (Weiß) gegen { $black } (Schwarz) — { $winner } gewinnt kampflos: { $absent } hat sich zurückgezogen.
tournament-bye = Spielfrei: { $player } setzt diese Runde aus und bekommt einen Punkt.
tournament-round-play = Zieh auf deinem Brett mit dem Knopf „Ziehen“ oder mit `/zug`. Viel Glück!
# The tie-breaks by their names, each followed by FIDE's abbreviation (kept as FIDE writes it).
tie-break-bh-c1 = Buchholz mit einem Streichergebnis (BH-C1)
tie-break-bh = Buchholz (BH)
tie-break-sb = Sonneborn-Berger (SB)
tournament-tie-breaks = Feinwertungen: { $names }
tournament-standing = { $rank }. { $player } — **{ $points }** { $half-points ->
    [1] Punkt
    [2] Punkt
   *[other] Punkte
} · { $tie-breaks }{ $withdrawn ->
    [yes] {" "}(zurückgezogen)
   *[no] {""}
}
tournament-progress = { $format } · { $stage ->
    [signup] Anmeldung offen
    [running] Runde { $round } von { $rounds } läuft
   *[finished] Endstand
}
tournament-standings-title = **Tabelle** von { $title } · { $progress }
tournament-final = 🏆 { $title } ist vorbei: { $winner } gewinnt mit { $points } { $half-points ->
    [1] Punkt
    [2] Punkt
   *[other] Punkten
}! Herzlichen Glückwunsch!
    Endstand:
tournament-final-unplayed = { $title } fand nicht statt: Bis zum Beginn hatten sich zu wenige Spieler angemeldet.
crosstable-rank = #
crosstable-player = Spieler
crosstable-round = R
crosstable-points = Pkt.
crosstable-withdrawn = zurückgezogen
crosstable-bye = spielfrei
tournament-stage-signup = Anmeldung offen
tournament-stage-signup-timed = Anmeldung offen, Beginn { $time }
tournament-stage-running = Runde { $round } von { $rounds }
tournament-stage-finished = beendet
tournament-list-empty = Dieser Server hat noch keine Turniere. Erstelle eines mit `/turnier erstellen`.
tournament-list-title = **Turniere dieses Servers** · { $total } insgesamt, neueste zuerst · Seite { $page } von { $pages }
tournament-list-line = • #{ $tournament } **{ $name }** — { $format } · { $stage }
tournament-choice = #{ $tournament } { $name } ({ $stage })
tournament-thread-name = Turnier #{ $tournament }: { $name }
tournament-joined = Du spielst in Turnier #{ $tournament } mit, { $name }. Viel Glück!
tournament-left = { $started ->
    [yes] Du hast dich aus Turnier #{ $tournament }, { $name }, zurückgezogen: Eine laufende Partie ist verloren, deine übrigen Partien gehen kampflos verloren.
   *[no] Du stehst nicht mehr auf der Spielerliste von Turnier #{ $tournament }, { $name }.
}
tournament-withdrew = { $started ->
    [yes] { $player } ist aus Turnier #{ $tournament } zurückgezogen: Eine laufende Partie ist verloren, die übrigen Partien gehen kampflos verloren.
   *[no] { $player } steht nicht mehr auf der Spielerliste von Turnier #{ $tournament }.
}
tournament-started = Turnier #{ $tournament }, { $name }, hat begonnen: Die Paarungen der 1. Runde werden gerade veröffentlicht.
tournament-result-set = Turnier #{ $tournament }, Runde { $round }, Brett { $board }: { $winner } gewinnt jetzt diese Partie. Bereits gepaarte Runden bleiben, wie sie sind.
tournament-exported = Turnier #{ $tournament }, { $name }: die Notationen aller Partien und das Turnier als FIDE-TRF-Datei.

## Kurze Antworten

internal = Bei uns ist etwas schiefgelaufen. Bitte versuch es noch einmal.
database-unreachable = Ich erreiche meine Datenbank gerade nicht. Bitte versuch es gleich noch einmal.
other-bot = Andere Bots können nicht spielen. Fordere einen Menschen heraus – oder wähl mich, um gegen den Computer zu spielen.
unknown-button = Dieser Button tut nichts mehr. Mit `/brett` siehst du die Partie.
activity-off = Das Spielen auf dem Brett in Discord ist bei diesem Bot gerade ausgeschaltet. Nutze den Ziehen-Button oder `/zug`.
unknown-command = Diesen Befehl kenne ich nicht; vielleicht zeigt Discord noch eine alte Liste. Tippe `/`, um die aktuellen Befehle zu sehen.
malformed-command = Bei diesem Befehl fehlte eine Option oder sie hatte den falschen Typ, deshalb habe ich nichts getan. Bitte wähle ihn noch einmal aus dem `/`-Menü.
not-manager = Nur wer die Berechtigung „Server verwalten“ hat, kann die Einstellungen ändern.
server-only = Dieser Befehl funktioniert nur auf einem Server.

## Puzzles (/puzzle, the daily puzzle)
button-solution = Lösung
button-solve = Lösen
puzzle-title = **Rätsel #{ $puzzle }** · Wertung { $rating }
daily-puzzle-title = **Tagesrätsel vom { $day }** (Rätsel #{ $puzzle }) · Wertung { $rating }
puzzle-themes = { $themes }
# A puzzle's theme (see docs/puzzles.md).
puzzle-theme = { $theme ->
    [queen-capture] Königin geschlagen
    [no-moves] keine Züge mehr
    [forced-win] erzwungener Gewinn
    [advantage] Vorteil
    [trapped-queen] gefangene Königin
    [baby-takes-queen] ein Baby schlägt die Königin
    [birth-blocks] das Neugeborene sperrt
    [quiet-move] stiller Zug
    [one-move] ein Zug
    [short] kurz
    [long] lang
   *[very-long] sehr lang
}
puzzle-find = Finde den Gewinnzug für { $color ->
    [white] Weiß
   *[black] Schwarz
}{ $moves ->
    [one] .
   *[other] ; die Lösung hat { $moves } deiner Züge.
}
puzzle-next = Finde jetzt den nächsten Zug für { $color ->
    [white] Weiß
   *[black] Schwarz
}.
puzzle-how = { $daily ->
    [yes] Antworte mit **Ziehen**.
   *[no] Antworte mit **Ziehen** oder mit `/zug`.
}
puzzle-tries = Fehlversuche bisher: { $tries }.
# The header line over a puzzle's picture.
puzzle-caption = Rätsel #{ $puzzle } · { $solved ->
    [yes] gelöst
   *[no] { $color ->
        [white] Weiß
       *[black] Schwarz
    } zieht und gewinnt
}
puzzle-pick-piece = **Rätsel #{ $puzzle }**: Wähle die Figur, die ziehen soll; die markierten Figuren können ziehen.
puzzle-pick-destination = **Rätsel #{ $puzzle }**: Wähle, wohin die Figur auf { $square } zieht; ihre Züge sind markiert.
puzzle-right = ✅ **{ $move }** ist richtig. { $color ->
    [white] Weiß
   *[black] Schwarz
} antwortet { $reply }.
puzzle-solved = 🎉 **{ $move }**: Du hast Rätsel #{ $puzzle } gelöst!
daily-puzzle-solved = 🎉 **{ $move }**: Du hast das Tagesrätsel vom { $day } gelöst, { $tries ->
    [0] im ersten Versuch!
    [one] nach 1 Fehlversuch!
   *[other] nach { $tries } Fehlversuchen!
}
puzzle-rating-change = Rätselwertung: { $before } → **{ $after }** ({ $change }).
puzzle-streak = Serie: { $streak ->
    [one] { $streak } gelöst.
   *[other] { $streak } in Folge gelöst.
}
puzzle-wrong = ❌ **{ $move }** ist nicht der Gewinnzug.
puzzle-try-again = Versuch es nochmal mit **Ziehen**, oder sieh dir die Antwort mit **Lösung** an. Fehlversuche: { $tries }.
puzzle-solution = Lösung: { $moves }
puzzle-given-up = Du hast Rätsel #{ $puzzle } aufgegeben.
puzzle-another = Hol dir das nächste Rätsel mit `/rätsel`.
daily-puzzle-post = 🧩 **Tagesrätsel vom { $day }**: Finde den Gewinnzug für { $color ->
    [white] Weiß
   *[black] Schwarz
}{ $moves ->
    [one] .
   *[other] {" "}({ $moves } Züge zu finden).
} Drück auf **Lösen**, um es zu versuchen: Nur du siehst deine Antworten.
daily-solvers-title = **Tagesrätsel vom { $day }**: wer es gelöst hat, der Reihe nach
daily-solvers-empty = **Tagesrätsel vom { $day }**: Noch hat es niemand gelöst. Versuch es mit `/rätsel täglich`.
daily-solver-line = { $rank }. { $player } — { $tries ->
    [0] im ersten Versuch
    [one] nach 1 Fehlversuch
   *[other] nach { $tries } Fehlversuchen
} · <t:{ $time }:t>
stats-puzzles = Rätsel: Wertung **{ $rating }** (±{ $deviation }) · { $solved } gelöst, { $failed } verfehlt · Serie { $streak } (beste { $best })
stats-no-puzzles = Rätsel: noch keins versucht (`/rätsel`).
settings-daily-puzzle = Tagesrätsel: jeden Tag (UTC) in { $channel } gepostet.
settings-daily-puzzle-off = Tagesrätsel: wird nicht gepostet.
daily-puzzle-channel-chosen = 🧩 Das Tagesrätsel wird ab jetzt jeden Tag (UTC) hier gepostet.
daily-puzzle-channel-unreachable = Ich kann in { $channel } nicht posten: Ich muss den Kanal sehen, dort Nachrichten senden und Dateien anhängen dürfen. Nichts wurde geändert.
daily-puzzle-channel-conflict = Wähle einen Kanal für das Tagesrätsel oder schalte es ab, nicht beides. Nichts wurde geändert.

## Alternativtext der Bilder (die Beschreibung eines Discord-Anhangs, die Screenreader vorlesen)

board-alt = Monkey-Queen-Brett, { $size }×{ $size }, { $ply ->
    [0] in der Anfangsstellung.
    [one] nach 1 Halbzug.
   *[other] nach { $ply } Halbzügen.
}
board-alt-to-move = { $color ->
    [white] Weiß
   *[black] Schwarz
} ist am Zug.
board-alt-over = Die Partie ist vorbei.
board-alt-last = Letzter Zug: { $move }
board-alt-queen = { $color ->
    [white] Weiße Königin
   *[black] Schwarze Königin
} auf { $square }, Höhe { $height }.
board-alt-queen-taken = Die { $color ->
    [white] weiße
   *[black] schwarze
} Königin wurde geschlagen.
board-alt-babies = { $count ->
    [0] { $color ->
        [white] Weiß
       *[black] Schwarz
    } hat keine Babys.
    [one] Ein { $color ->
        [white] weißes
       *[black] schwarzes
    } Baby: { $squares }.
   *[other] { $count } { $color ->
        [white] weiße
       *[black] schwarze
    } Babys: { $squares }.
}
# Eine gekürzte Liste von Babys: „a1, b2, c3 und 14 weitere“.
board-alt-more = { $squares } und { $more } weitere
replay-alt = Wiedergabe der Partie #{ $game }, ein Bild pro Halbzug bis Halbzug { $ply }. Letztes Bild:
analysis-alt = Analyse der Partie #{ $game }: wer nach jedem Halbzug vorn lag, { $mistakes ->
    [0] ohne markierten Fehler.
    [one] mit 1 markierten Fehler.
   *[other] mit { $mistakes } markierten Fehlern.
} Endstellung:

## Lektionen: eine Regel pro Stufe, gelernt, indem man sie spielt

lesson-queen-title = Die Königin
lesson-queen-rule = Eine Königin zieht wie die Dame im Schach: beliebig viele leere Felder entlang einer Reihe, einer Linie oder einer Diagonale. Jeder Zug, der nicht schlägt, lässt auf dem verlassenen Feld ein Baby zurück.
lesson-shrink-title = Der Stapel schrumpft
lesson-shrink-rule = Eine Königin ist ein Stapel aus Steinen, und jedes Baby, das sie zurücklässt, ist einer davon: Die Zahl auf der Königin sinkt mit jeder Geburt um eins.
lesson-queen-two-title = Eine Königin aus zwei Steinen
lesson-queen-two-rule = Eine Königin aus nur 2 Steinen kann keine Babys mehr bekommen: Sie darf nur noch schlagen.
lesson-baby-title = Babys
lesson-baby-rule = Ein Baby zieht auf denselben Linien wie eine Königin, aber ein Zug, der nicht schlägt, muss näher an der gegnerischen Königin enden als dort, wo er begann.
lesson-capture-title = Schlagen
lesson-capture-rule = Jede Figur schlägt eine gegnerische Figur, indem sie auf ihren Linien auf deren Feld zieht. Ein Schlagzug muss nicht näher an die gegnerische Königin führen, und eine Königin, die schlägt, lässt kein Baby zurück.
lesson-take-queen-title = Schlag die Königin
lesson-take-queen-rule = Wer die gegnerische Königin schlägt, gewinnt die Partie sofort.
lesson-no-moves-title = Keine Züge mehr
lesson-no-moves-rule = Wer am Zug ist und keinen legalen Zug hat, verliert: Lass deinen Gegner ohne Zug.
lesson-pie-title = Die Tauschregel
lesson-pie-rule = In einer Partie mit Tauschregel zieht Weiß zuerst; dann darf Schwarz tauschen: statt zu ziehen die Seite von Weiß samt Stellung übernehmen. Der beste erste Zug von Weiß ist darum ein ausgewogener.
lesson-puzzles-title = Finde den Zug
lesson-puzzles-rule = Stellungen aus echten Partien: Ein Zug gewinnt.
lesson-task-reach = Zieh die Figur auf { $from } nach { $to }.
lesson-task-reach-any = Zieh die Figur auf { $from } auf irgendein Feld, das sie erreichen darf.
lesson-task-capture = Schlag die Figur auf { $squares }.
lesson-task-capture-any = Schlag eine Figur.
lesson-task-take-queen = Gewinne, indem du die gegnerische Königin schlägst.
lesson-task-no-moves = Gewinne mit einem Zug: Lass deinen Gegner ohne legalen Zug.
lesson-task-swap = Tausch die Farben: Übernimm die Stellung von Weiß.
lesson-other-piece = Dieser Zug ist legal, aber zieh die Figur auf { $square }.
lesson-elsewhere = Dieser Zug ist legal, aber er erreicht das markierte Feld nicht.
lesson-no-capture = Dieser Zug ist legal, aber er schlägt nichts: Schlag eine der markierten Figuren.
lesson-other-capture = Dieser Schlagzug ist legal, aber schlag die markierte Figur.
lesson-queen-not-taken = Dieser Zug ist legal, aber die gegnerische Königin steht noch.
lesson-opponent-can-move = Dieser Zug ist legal, aber dein Gegner könnte noch { $move } spielen.
lesson-not-the-win = Dieser Zug ist legal, aber nicht der Gewinnzug: Sieh dir die markierte Figur an.
lesson-not-swap = Dieser Zug ist legal, aber der erste Zug von Weiß ist stark: Tausch und übernimm ihn.
lesson-right = Richtig!
lesson-stage-done = Stufe geschafft: { $stars } von 3 Sternen.

## /learn: the lessons in Discord, one exercise at a time, on a board only the player sees
learn-heading = **{ $title }** · Stufe { $stage } von { $stages } · Übung { $exercise } von { $exercises }
learn-caption = { $title } · Übung { $exercise } von { $exercises }
learn-right = ✅ **{ $move }**: richtig!
learn-wrong = ❌ { $why }
learn-stage-finished = 🏅 Stufe „{ $title }“ geschafft: { $stars ->
    [one] 1 Stern
   *[other] { $stars } Sterne
} von 3.
learn-done = 🎓 Du hast alle Lektionen geschafft. Jetzt wird gespielt: Fordere mit /herausfordern jemanden heraus, oder mich, um gegen den Computer zu spielen; /rätsel hat noch mehr Stellungen zum Lösen.
learn-marks = Auf dem Brett:
learn-mark-piece = blau: die Figur, die zieht
learn-mark-tried = rot: dein Versuch
learn-mark-allowed = grün gestrichelt: wohin sie ziehen darf
learn-mark-target = gelb: das verlangte Feld
learn-mark-blocker = rot: die Figur, die im Weg steht
learn-mark-enemy-queen = dunkelrot gestrichelt: die gegnerische Königin
learn-mark-reply = dunkelrot gestrichelt: die Antwort deines Gegners
learn-mark-distance = √: der Abstand zur gegnerischen Königin
learn-try-again = Drück auf **Ziehen**, um es noch einmal zu versuchen.
learn-press-move = Drück auf **Ziehen**, um zu spielen.
learn-pick-piece = **{ $title }**: Wähle die Figur, die ziehen soll; die markierten Figuren können ziehen.
learn-pick-destination = **{ $title }**: Wähle, wohin die Figur auf { $square } zieht; ihre Züge sind markiert.
learn-try-square = nicht markiert: probier es aus und sieh, warum
learn-offer = 📘 { $opponent }, neu bei Monkey Queen? /lernen bringt dir die Regeln in fünf Minuten bei, auf einem Brett, das nur du siehst.
