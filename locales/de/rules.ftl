# Monkey Queen — `/regeln`: die Regeln in Kürze, als eine Nachricht (unter 1.900 Zeichen).
# Muss dasselbe sagen wie RULES.md. Wir duzen.
#
# Glossar (wie in bot.ftl):
#   queen Königin · baby Baby · stack Stapel · checker Stein · piece Figur · capture schlagen
#   ply Halbzug · pie rule Tauschregel · rated gewertet · game Partie
# „Dame“ steht hier nur für die Dame im Schach, nie für unsere Königin.

rules =
    {"**"}Monkey Queen** (Mark Steere) — die Regeln in Kürze
    • 12×12-Brett. Jede Seite beginnt mit einer **Königin**: einem Stapel aus 20 Steinen (Weiß auf g1, Schwarz auf f12). Weiß zieht zuerst.
    • Jede Figur zieht wie die Dame im Schach: beliebig weit in gerader Linie, ohne zu springen. Sie bleibt auf einem leeren Feld stehen oder schlägt die erste gegnerische Figur auf ihrem Weg.
    • Zieht die Königin, **ohne zu schlagen**, lässt sie einen Stein zurück: ein neues **Baby**. Ihr Stapel wird um eins niedriger. Eine Königin der Höhe 2 darf nur noch schlagen.
    • Zieht ein Baby, ohne zu schlagen, muss es **näher an die gegnerische Königin** kommen (Luftlinie). Schlagzüge dürfen überallhin gehen.
    • **Schlag die gegnerische Königin, um zu gewinnen.** Wer keinen gültigen Zug hat, verliert. Remis gibt es nicht.
    Spielen: `/herausfordern`, dann `/zug` (schlägt dir deine gültigen Züge vor) oder der Button **Ziehen** an einem Brett, `/brett`, `/züge`, `/aufgeben`.
    Wo ich nicht eingeladen bin (du hast mich zu deinen Apps hinzugefügt und spielst in einer Gruppen-DM, einer DM oder auf einem anderen Server), kommt alles als Antwort auf deine Befehle und Buttons: keine Threads, und eine abgelaufene Herausforderung behält ihre Buttons. In den 15 Minuten nach dem letzten Zug kommt eine Erinnerung oder Niederlage auf Zeit als Antwort auf diesen Zug; danach kommt sie per DM, an Spieler, die die App hinzugefügt haben.
