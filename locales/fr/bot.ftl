# Monkey Queen — tous les textes du bot, en français (traduits de locales/en/bot.ftl).
#
# Mots jamais employés ici (un test vérifie chaque message de cette langue avec ces lignes) :
# le bot tutoie toujours, jamais de *vous* ; la reine n'est « dame » que dans la comparaison avec
# les échecs ; les numéros s'écrivent « #12 » partout.
# forbidden: vous, votre, vos, vôtre, vôtres, trouvez, demandez, répondez, tentez, essayez, réessayez, appuyez, choisissez, jouez, lancez, rejoignez, utilisez, voyez, donnez, terminez, retirez, désactivez, touchez, dame, dames, n°, nº
# forbidden-except: comme une dame aux échecs
#
# Glossaire, le même partout (et dans refusals.ftl, rules.ftl, commands.ftl) :
#   queen      reine          la haute pile de départ de chaque camp ; la prendre fait gagner
#                             (la « queen » des échecs se dit « dame » : seulement dans « comme une dame aux échecs »)
#   baby       bébé           un pion seul qu'une reine laisse derrière elle quand elle se déplace sans prendre
#   stack      pile           les pions qui forment une reine (« reines de 20 » : une pile de 20 pions)
#   checker    pion           un des jetons d'une pile
#   capture    prise / prendre   prendre une pièce adverse en venant sur sa case
#   ply        coup           le déplacement d'UN joueur (deux coups = un tour complet) ; « move » se traduit aussi « coup »
#   pie rule   règle d'échange   le second joueur peut échanger les couleurs au lieu de jouer (option `échange`)
#   rated      classée        une partie qui modifie la cote des deux joueurs (« non classée » sinon)
#   rating     cote           le classement chiffré d'un joueur ; leaderboard = classement
#   clock      pendule        la limite de temps par coup
#   challenge  défi / défier
#   rematch    revanche
#   resign     abandonner ; abort / call off = annuler (sans résultat)
#   computer   l'ordinateur : le bot en tant qu'adversaire ; « je »/« moi » seulement quand le bot
#              parle de lui-même (« choisis-moi »)
#   thread     fil ; channel = salon ; DM = MP
#   Couleurs : « Blancs » / « Noirs » (majuscule, pluriel, comme aux échecs) : « joue les Blancs »,
#   « Aux Blancs de jouer », « Victoire des Noirs », « avec les Blancs ». $color contient ce nom.
#   Cases : « en g1 » (« la pièce en g1 »).
#   Commandes citées sous leur nom français (voir commands.ftl) : /défier, /jouer, /plateau, /coups,
#   /abandonner, /revoir ; option `partie`.
#   Typographie : espace simple avant : ; ! ? et %.
#
# Variables : $game, $ply, etc. sont des nombres ou du texte fournis par le bot ; les mentions comme
# $player arrivent sous forme de mentions Discord (<@123>) ; $time est un horodatage Discord (<t:…:R>)
# que Discord affiche dans la langue de chaque lecteur (« dans 3 heures »). Le Markdown (**gras**,
# `code`) reste tel quel.

## Couleurs, pièces et coups

color-name = { $color ->
    [white] Blancs
   *[black] Noirs
}
# The colour inside a sentence ("your move (White)", "won as White"), where some languages
# write it in lower case.
color-in-sentence = { $color ->
    [white] Blancs
   *[black] Noirs
}
# Une pièce avec sa couleur, en début de coup : « Reine blanche ».
piece-name = { $color ->
    [white] { $role ->
        [queen] Reine blanche
       *[baby] Bébé blanc
    }
   *[black] { $role ->
        [queen] Reine noire
       *[baby] Bébé noir
    }
}
# Une reine qui se déplace sans prendre laisse un bébé sur la case qu'elle quitte.
move-birth = { $piece } { $from }–{ $to }, un bébé naît en { $from }
move-quiet = { $piece } { $from }–{ $to }
move-captures-baby = { $piece } { $from }×{ $to } prend un bébé
move-captures-queen = { $piece } { $from }×{ $to } prend la reine !
move-swap = { $color ->
    [white] Les Blancs échangent
   *[black] Les Noirs échangent
} les couleurs (règle d'échange)
role-on-square = { $role ->
    [queen] Reine en { $square }
   *[baby] Bébé en { $square }
}

## Parties, options et pendules

options = { $size }×{ $size }, reines de { $height }, { $pie ->
    [yes] règle d'échange
   *[no] sans règle d'échange
}
clock-none = sans pendule
clock-per-move = { $unit ->
    [days] { $count ->
        [one] { $count } jour
       *[other] { $count } jours
    }
    [hours] { $count ->
        [one] { $count } heure
       *[other] { $count } heures
    }
   *[minutes] { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
} par coup
deadline = Le temps imparti expire { $time }.
your-move = { $player }, à toi de jouer ({ $color }).
game-started = **Partie #{ $game }** — { $white } joue les Blancs, { $black } les Noirs. { $player }, tu commences.
board-shown = **Partie #{ $game }**, coup { $ply }.
board-shown-over = **Partie #{ $game }**.
board-shown-aborted = **La partie #{ $game }** a été annulée.
reason = { $reason ->
    [queen-captured] reine prise
    [no-legal-moves] aucun coup légal
    [resignation] abandon
    [timeout] temps écoulé
   *[abandoned] inactivité
}
game-won = 🏆 **{ $winner } gagne** ({ $color }) — { $reason ->
    [queen-captured] { $winner } a pris la reine de { $loser }
    [no-legal-moves] { $loser } n'a plus aucun coup légal
    [resignation] { $loser } a abandonné
    [timeout] { $loser } a dépassé le temps imparti
   *[abandoned] { $loser } n'a pas joué pendant une semaine, et { $winner } a réclamé la partie
}.
rating-changes = Cotes : { $white } { $white-delta }, { $black } { $black-delta }.
status-to-move = Aux { $color } de jouer · coup { $ply }
status-won = Victoire des { $color } · { $reason } · coup { $ply }
status-aborted = Annulée · coup { $ply }
called-off = { $player } a annulé la partie #{ $game } après une semaine sans coup joué. Pas de résultat.
aborted = { $player } a annulé la partie #{ $game } avant que les deux joueurs aient joué. Pas de résultat.
thread-name = Monkey Queen #{ $game } : { $white } contre { $black }
# Une partie parmi les suggestions de l'option `partie` (texte brut, 100 caractères au plus) :
# son numéro et le nom de l'adversaire.
game-choice = #{ $game } contre { $opponent }
reminder = ⏰ { $player }, c'est toujours à toi de jouer dans la partie #{ $game }.
reminder-with-board = ⏰ { $player }, c'est toujours à toi de jouer dans la partie #{ $game } ([plateau]({ $link })).

## Défis

challenge-offer = { $challenger } défie { $opponent } à une partie de Monkey Queen !
challenge-rematch = { $challenger } propose à { $opponent } une revanche de la partie #{ $game }, couleurs inversées !
challenge-open = { $challenger } cherche un adversaire pour une partie de Monkey Queen ! Tout le monde peut accepter.
challenge-colour = { $choice ->
    [white] { $challenger } joue les Blancs
    [black] { $challenger } joue les Noirs
   *[random] couleurs tirées au sort
}
challenge-rated = { $rated ->
    [yes] classée
   *[no] non classée
}
challenge-expires = Le défi expire { $time }.
challenge-closed = ~~Défi de { $challenger } : { $options }~~
challenge-accepted = Accepté. Bonne chance !
challenge-accepted-by = Accepté par { $player }. Bonne chance !
challenge-declined = Refusé.
challenge-declined-by = Refusé par { $player }.
challenge-cancelled = Annulé.
challenge-cancelled-by = Annulé par { $player }.
challenge-expired = Expiré : personne n'a accepté à temps.
# Qualifie « le défi » (masculin) : « Ce défi n'est plus ouvert : il est refusé. »
challenge-status = { $status ->
    [pending] en attente
    [accepted] accepté
    [declined] refusé
    [cancelled] annulé
   *[expired] expiré
}

## Choisir un coup avec le bouton Jouer

pick-piece = **Partie #{ $game }** : choisis la pièce à jouer ; les pièces marquées peuvent bouger.
pick-destination = **Partie #{ $game }** : où va la pièce en { $square } ? Les cases marquées sont ses coups possibles.
choose-piece = Choisis une pièce
choose-destination = Choisis où elle va
board-in-thread = Tu as joué { $move } ; le plateau est dans le fil de la partie, { $thread }.
board-elsewhere = Tu as joué { $move } ; le plateau de la partie #{ $game } est envoyé là où elle se joue.
move-played = Tu as joué { $move }.
done = C'est fait.
confirm-resign = Abandonner la partie #{ $game } ? Ton adversaire gagne ; impossible de revenir en arrière.
piece-moves = { $count ->
    [0] La pièce en { $square } n'a aucun coup légal.
    [one] La pièce en { $square } a { $count } coup légal, marqué sur le plateau.
   *[other] La pièce en { $square } a { $count } coups légaux, marqués sur le plateau.
}

## Boutons (80 caractères au plus)

button-accept = Accepter
button-decline = Refuser
button-cancel = Annuler
button-resign = Abandonner
button-confirm-resign = Oui, abandonner
button-replay = Revoir
button-rematch = Revanche
button-move = Jouer
# The link to the game's live page on the web.
button-web-page = Page web
button-play-on-board = Jouer sur le plateau
button-analyse = Analyser
button-claim-win = Réclamer la victoire
button-call-off = Annuler la partie
button-join-tournament = Rejoindre
button-leave-tournament = Quitter

## Listes

games-none = Tu n'as aucune partie en cours sur ce serveur. Lances-en une avec `/défier`.
games-title = **Tes parties en cours**
games-title-paged = **Tes parties en cours** · { $total } au total · page { $page } sur { $pages }
games-line = • #{ $game } contre { $opponent } — { $turn ->
    [yours] **à toi de jouer**
   *[theirs] à l'adversaire de jouer
}, coup { $ply }
link-board = [plateau]({ $link })
stats-newcomer = { $player } n'a encore terminé aucune partie. Cote { $rating } (±{ $deviation }), celle d'un nouveau venu.
stats-title = **Statistiques de { $player }**
stats-summary = Cote **{ $rating }** (±{ $deviation }, { $provisional ->
        [yes] provisoire : hors classement jusqu'à ce qu'elle se stabilise
       *[no] établie
    }) · { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } ({ $rated ->
        [one] { $rated } classée
       *[other] { $rated } classées
    }) : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }
stats-win-rate = { $percent } % de victoires
stats-streak = Série en cours : { $kind ->
    [wins] { $count ->
        [one] { $count } victoire d'affilée
       *[other] { $count } victoires d'affilée
    }
    [losses] { $count ->
        [one] { $count } défaite d'affilée
       *[other] { $count } défaites d'affilée
    }
   *[none] aucune
}
stats-recent = Parties récentes :
played-game = • #{ $game } — { $won ->
    [yes] gagnée
   *[no] perdue
} avec les { $color } contre { $opponent } · { $reason } · { $plies ->
    [one] { $plies } coup
   *[other] { $plies } coups
} · { $rating } · { $time }
played-game-unrated = non classée
played-game-computer = l'ordinateur ({ $level })
level = { $level ->
    [easy] facile
    [medium] moyen
    [hard] difficile
   *[max] max
}
leaderboard-board = { $global ->
    [yes] tout le monde
   *[no] ce serveur
}
leaderboard-empty = **Classement — { $board }**
    Personne n'est encore classé : une cote entre au classement une fois établie, après environ huit parties classées. Lances-en une avec `/défier`.
leaderboard-title = **Classement — { $board }** · page { $page } sur { $pages }
leaderboard-line = { $rank }. { $player } — **{ $rating }** (±{ $deviation }) · { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}, { $wins }–{ $losses }
history-empty = { $player } n'a encore terminé aucune partie.
history-title = **Parties terminées de { $player }** · { $total } au total, les plus récentes d'abord · page { $page } sur { $pages }
history-footer = Revois-en une avec `/revoir`.

## Revoir et analyser

replay-title = **Revoir la partie #{ $game }** — { $white } (Blancs) contre { $black } (Noirs) · { $status }
replay-record = Relevé de la partie (ses options et tous ses coups) :
replay-record-attached = Le relevé est en pièce jointe (trop long pour un message).
analysis-title = **Analyse de la partie #{ $game }** — { $white } (Blancs) contre { $black } (Noirs) · { $status }
analysis-no-mistakes = Aucun coup n'a coûté cher : le moteur n'a trouvé aucune erreur nette.
analysis-mistakes = Plus grosses erreurs :
analysis-mistake = { $number }. Coup { $ply } : { $played } ; mieux : { $better } (chances des { $color } { $before } % → { $after } %).
analysis-turning-point = Tournant de la partie : coup { $ply }.
analysis-turning-points = Tournants de la partie : coups { $plies } et { $last }.
analysis-picture-title = Partie #{ $game } · { $white } contre { $black } · { $status }
mistake-caption = { $number } · coup { $ply } · { $color }
chart-ply = coup
chart-win = victoire
chart-played = joué
chart-better = meilleur
chart-rated-games = parties classées

## Réglages

settings-title = **Réglages de ce serveur**
settings-saved = Enregistré. **Réglages de ce serveur**
settings-threads = • Fils : { $threads ->
    [on] chaque nouvelle partie a son propre fil
   *[off] désactivés (les parties restent dans leur salon)
}
settings-clock = • Pendule par défaut : { $clock }
settings-boards = • Plateaux : { $orientation ->
    [white-bottom] Blancs toujours en bas
   *[to-move] tournés vers le joueur qui doit jouer
}
settings-colors = • Couleurs des plateaux : { $colors ->
    [colorblind] adaptées aux daltoniens
    [high] contraste élevé
   *[standard] habituelles
} (chacun peut choisir les siennes pour les plateaux qu'il est seul à voir)
settings-organisers = • Tournois : { $organisers ->
    [on] tout membre peut en organiser un (et lancer le sien)
   *[off] organisés par les gestionnaires du serveur seulement
}

## Les couleurs de plateau de chacun (/couleurs)

own-colors-saved = Enregistré.
own-colors = Les plateaux que toi seul vois (un plateau privé, tes problèmes, les menus de « Jouer ») sont dessinés { $colors ->
    [colorblind] dans des couleurs adaptées aux daltoniens
    [high] en contraste élevé
   *[standard] dans les couleurs habituelles
}. Les plateaux que tout le monde voit gardent les couleurs du serveur.

## Tournois
# $name est le nom du tournoi tel que l'organisateur l'a écrit ; $title est tournament-title.

tournament-title = **Tournoi #{ $tournament } : { $name }**
tournament-format = { $format ->
    [swiss] système suisse, { $rounds ->
        [one] 1 ronde
       *[other] { $rounds } rondes
    }
   [double-round-robin] { $rounds ->
        [0] toutes rondes aller-retour
       *[other] toutes rondes aller-retour, { $rounds } rondes
    }
   *[round-robin] { $rounds ->
        [0] toutes rondes
        [one] toutes rondes, 1 ronde
       *[other] toutes rondes, { $rounds } rondes
    }
}
tournament-organiser = Organisé par { $organiser }.
tournament-no-players = Aucun joueur pour l'instant.
tournament-players = Joueurs ({ $count } sur { $limit }) : { $players }
tournament-more = …et { $count } de plus.
tournament-signup-timed = Les inscriptions sont ouvertes ; il commence { $time }. Appuie sur **Rejoindre** pour jouer.
tournament-signup-manual = Les inscriptions sont ouvertes jusqu'à ce que l'organisateur le lance. Appuie sur **Rejoindre** pour jouer.
tournament-running = La ronde { $round } sur { $rounds } est en cours. Le classement : `/tournoi classement tournoi:{ $tournament }`.
tournament-won = C'est terminé : { $winner } a gagné.
tournament-unplayed = Il n'a pas eu lieu : trop peu de joueurs s'étaient inscrits.
tournament-round-title = { $title } — **ronde { $round } sur { $rounds }**
tournament-board = Table { $board } : { $white } (Blancs) contre { $black } (Noirs) — partie #{ $game }
tournament-board-forfeit = Table { $board } : { $white } (Blancs) contre { $black } (Noirs) — { $winner } gagne par forfait : { $absent } s'est retiré.
tournament-bye = Exempt : { $player } ne joue pas cette ronde et marque un point.
tournament-round-play = Joue sur ton plateau avec le bouton Jouer, ou avec `/jouer`. Bonne chance !
# The tie-breaks by their names, each followed by FIDE's abbreviation (kept as FIDE writes it).
tie-break-bh-c1 = Buchholz tronqué 1 (BH-C1)
tie-break-bh = Buchholz (BH)
tie-break-sb = Sonneborn-Berger (SB)
tournament-tie-breaks = Départages : { $names }
tournament-standing = { $rank }. { $player } — **{ $points }** { $half-points ->
    [0] point
    [1] point
    [2] point
    [3] point
   *[other] points
} · { $tie-breaks }{ $withdrawn ->
    [yes] {" "}(retiré)
   *[no] {""}
}
tournament-progress = { $format } · { $stage ->
    [signup] inscriptions ouvertes
    [running] ronde { $round } sur { $rounds } en cours
   *[finished] classement final
}
tournament-standings-title = **Classement** du { $title } · { $progress }
tournament-final = 🏆 Le { $title } est terminé : { $winner } gagne avec { $points } { $half-points ->
    [0] point
    [1] point
    [2] point
    [3] point
   *[other] points
} ! Félicitations !
    Classement final :
tournament-final-unplayed = Le { $title } n'a pas eu lieu : trop peu de joueurs s'étaient inscrits à son début.
crosstable-rank = #
crosstable-player = Joueur
crosstable-round = R
crosstable-points = Pts
crosstable-withdrawn = retiré
crosstable-bye = exempt
tournament-stage-signup = inscriptions ouvertes
tournament-stage-signup-timed = inscriptions ouvertes, début { $time }
tournament-stage-running = ronde { $round } sur { $rounds }
tournament-stage-finished = terminé
tournament-list-empty = Ce serveur n'a encore aucun tournoi. Crées-en un avec `/tournoi créer`.
tournament-list-title = **Tournois de ce serveur** · { $total } en tout, du plus récent au plus ancien · page { $page } sur { $pages }
tournament-list-line = • #{ $tournament } **{ $name }** — { $format } · { $stage }
tournament-choice = #{ $tournament } { $name } ({ $stage })
tournament-thread-name = Tournoi #{ $tournament } : { $name }
tournament-joined = Tu participes au tournoi #{ $tournament }, { $name }. Bonne chance !
tournament-left = { $started ->
    [yes] Tu t'es retiré du tournoi #{ $tournament }, { $name } : une partie en cours est perdue, et tes parties suivantes sont perdues par forfait.
   *[no] Tu ne fais plus partie des joueurs du tournoi #{ $tournament }, { $name }.
}
tournament-withdrew = { $started ->
    [yes] { $player } est retiré du tournoi #{ $tournament } : une partie en cours est perdue, et ses parties suivantes sont perdues par forfait.
   *[no] { $player } ne fait plus partie des joueurs du tournoi #{ $tournament }.
}
tournament-started = Le tournoi #{ $tournament }, { $name }, a commencé : les appariements de la ronde 1 sont en cours de publication.
tournament-result-set = Tournoi #{ $tournament }, ronde { $round }, table { $board } : la victoire revient désormais à { $winner }. Les rondes déjà appariées restent telles quelles.
tournament-exported = Tournoi #{ $tournament }, { $name } : les notations de toutes les parties, et le tournoi au format FIDE TRF.

## Réponses courtes

internal = Un problème est survenu de notre côté. Réessaie, s'il te plaît.
database-unreachable = Je n'arrive pas à joindre ma base de données pour l'instant. Réessaie dans un moment, s'il te plaît.
other-bot = Les autres bots ne peuvent pas jouer. Défie une vraie personne, ou choisis-moi pour jouer contre l'ordinateur.
unknown-button = Ce bouton ne fait plus rien. Utilise `/plateau` pour voir la partie.
activity-off = Jouer sur le plateau dans Discord est désactivé sur ce bot pour l’instant. Utilise le bouton Jouer ou `/jouer`.
unknown-command = Je ne connais pas cette commande ; Discord affiche peut-être encore une ancienne liste. Tape `/` pour voir les commandes actuelles.
malformed-command = Cette commande est arrivée avec une option manquante ou du mauvais type, alors je n'ai rien fait. Choisis-la de nouveau dans le menu `/`.
not-manager = Seuls les gestionnaires du serveur (avec la permission Gérer le serveur) peuvent modifier les réglages.
server-only = Cette commande ne fonctionne que sur un serveur.

## Puzzles (/puzzle, the daily puzzle)
button-solution = Solution
button-solve = Résoudre
puzzle-title = **Problème #{ $puzzle }** · cote { $rating }
daily-puzzle-title = **Problème du jour, { $day }** (problème #{ $puzzle }) · cote { $rating }
puzzle-themes = { $themes }
# A puzzle's theme (see docs/puzzles.md).
puzzle-theme = { $theme ->
    [queen-capture] prise de la reine
    [no-moves] plus aucun coup
    [forced-win] gain forcé
    [advantage] avantage
    [trapped-queen] reine piégée
    [baby-takes-queen] un bébé prend la reine
    [birth-blocks] le nouveau-né bloque
    [quiet-move] coup tranquille
    [one-move] un coup
    [short] court
    [long] long
   *[very-long] très long
}
puzzle-find = Trouve le coup gagnant des { $color ->
    [white] Blancs
   *[black] Noirs
}{ $moves ->
    [one] .
   *[other] {" "}; la solution compte { $moves } de tes coups.
}
puzzle-next = Trouve maintenant le coup suivant des { $color ->
    [white] Blancs
   *[black] Noirs
}.
puzzle-how = { $daily ->
    [yes] Réponds avec **Jouer**.
   *[no] Réponds avec **Jouer**, ou avec `/jouer`.
}
puzzle-tries = Essais manqués jusqu'ici : { $tries }.
# The header line over a puzzle's picture.
puzzle-caption = Problème #{ $puzzle } · { $solved ->
    [yes] résolu
   *[no] les { $color ->
        [white] Blancs
       *[black] Noirs
    } jouent et gagnent
}
puzzle-pick-piece = **Problème #{ $puzzle }** : choisis la pièce à jouer ; les pièces marquées peuvent bouger.
puzzle-pick-destination = **Problème #{ $puzzle }** : choisis où va la pièce en { $square } ; ses coups sont marqués.
puzzle-right = ✅ **{ $move }** est juste. Les { $color ->
    [white] Blancs
   *[black] Noirs
} répondent { $reply }.
puzzle-solved = 🎉 **{ $move }** : tu as résolu le problème #{ $puzzle } !
daily-puzzle-solved = 🎉 **{ $move }** : tu as résolu le problème du { $day } { $tries ->
    [0] du premier coup !
    [one] après 1 essai manqué !
   *[other] après { $tries } essais manqués !
}
puzzle-rating-change = Cote de problèmes : { $before } → **{ $after }** ({ $change }).
puzzle-streak = Série : { $streak ->
    [one] { $streak } résolu.
   *[other] { $streak } résolus d'affilée.
}
puzzle-wrong = ❌ **{ $move }** n'est pas le coup gagnant.
puzzle-try-again = Réessaie avec **Jouer**, ou vois la réponse avec **Solution**. Essais manqués : { $tries }.
puzzle-solution = Solution : { $moves }
puzzle-given-up = Tu as abandonné le problème #{ $puzzle }.
puzzle-another = Demandes-en un autre avec `/problème`.
daily-puzzle-post = 🧩 **Problème du jour, { $day }** : trouve le coup gagnant des { $color ->
    [white] Blancs
   *[black] Noirs
}{ $moves ->
    [one] .
   *[other] {" "}({ $moves } coups à trouver).
} Appuie sur **Résoudre** pour le tenter : toi seul vois tes réponses.
daily-solvers-title = **Problème du jour, { $day }** : qui l'a résolu, dans l'ordre
daily-solvers-empty = **Problème du jour, { $day }** : personne ne l'a encore résolu. Tente-le avec `/problème quotidien`.
daily-solver-line = { $rank }. { $player } — { $tries ->
    [0] du premier coup
    [one] après 1 essai manqué
   *[other] après { $tries } essais manqués
} · <t:{ $time }:t>
stats-puzzles = Problèmes : cote **{ $rating }** (±{ $deviation }) · { $solved ->
    [one] { $solved } résolu
   *[other] { $solved } résolus
}, { $failed ->
    [one] { $failed } manqué
   *[other] { $failed } manqués
} · série { $streak } (record { $best })
stats-no-puzzles = Problèmes : aucun tenté pour l'instant (`/problème`).
settings-daily-puzzle = Problème du jour : publié dans { $channel } chaque jour (UTC).
settings-daily-puzzle-off = Problème du jour : non publié.
daily-puzzle-channel-chosen = 🧩 Le problème du jour sera publié ici chaque jour (UTC).
daily-puzzle-channel-unreachable = Je ne peux pas publier dans { $channel } : il me faut les permissions d'y voir le salon, d'y envoyer des messages et d'y joindre des fichiers. Rien n'a été changé.
daily-puzzle-channel-conflict = Choisis un salon pour le problème du jour, ou désactive-le, pas les deux. Rien n'a été changé.

## Texte alternatif des images (la description d'une pièce jointe Discord, lue par les lecteurs d'écran)

board-alt = Plateau de Monkey Queen, { $size }×{ $size }, { $ply ->
    [0] en position de départ.
    [one] après 1 coup.
   *[other] après { $ply } coups.
}
board-alt-to-move = { $color ->
    [white] Au tour des Blancs.
   *[black] Au tour des Noirs.
}
board-alt-over = La partie est terminée.
board-alt-last = Dernier coup : { $move }
board-alt-queen = { $color ->
    [white] Reine blanche
   *[black] Reine noire
} en { $square }, pile de { $height }.
board-alt-queen-taken = { $color ->
    [white] La reine blanche
   *[black] La reine noire
} a été prise.
board-alt-babies = { $count ->
    [0] { $color ->
        [white] Les Blancs n'ont
       *[black] Les Noirs n'ont
    } aucun bébé.
    [one] Un bébé { $color ->
        [white] blanc
       *[black] noir
    } : { $squares }.
   *[other] { $count } bébés { $color ->
        [white] blancs
       *[black] noirs
    } : { $squares }.
}
# Une liste de bébés écourtée : « a1, b2, c3 et 14 autres ».
board-alt-more = { $squares } et { $more } autres
replay-alt = Rejeu de la partie #{ $game }, une image par coup jusqu'au coup { $ply }. Dernière image :
analysis-alt = Analyse de la partie #{ $game } : qui menait après chaque coup, { $mistakes ->
    [0] sans erreur marquée.
    [one] avec 1 erreur marquée.
   *[other] avec { $mistakes } erreurs marquées.
} Position finale :

## Leçons : une règle par étape, apprise en la jouant

lesson-queen-title = La reine
lesson-queen-rule = La reine se déplace comme une dame aux échecs : d'autant de cases vides qu'elle veut le long d'une rangée, d'une colonne ou d'une diagonale. Chaque coup qui n'est pas une prise laisse un bébé sur la case qu'elle quitte.
lesson-shrink-title = La pile rétrécit
lesson-shrink-rule = Une reine est une pile de pions, et chaque bébé qu'elle laisse derrière elle en est un : le nombre sur la reine baisse d'un à chaque naissance.
lesson-queen-two-title = Une reine de deux
lesson-queen-two-rule = Une reine haute de 2 pions seulement ne peut plus donner naissance : elle ne peut que prendre.
lesson-baby-title = Les bébés
lesson-baby-rule = Un bébé se déplace sur les mêmes lignes qu'une reine, mais un coup qui n'est pas une prise doit finir plus près de la reine adverse que sa case de départ.
lesson-capture-title = Les prises
lesson-capture-rule = Toute pièce prend une pièce adverse en venant sur sa case le long de ses lignes. Une prise n'a pas besoin de se rapprocher de la reine adverse, et une reine qui prend ne laisse aucun bébé.
lesson-take-queen-title = Prends la reine
lesson-take-queen-rule = Prendre la reine adverse fait gagner la partie aussitôt.
lesson-no-moves-title = Plus aucun coup
lesson-no-moves-rule = Un joueur qui n'a aucun coup légal à son tour perd : laisse ton adversaire sans aucun coup.
lesson-pie-title = La règle d'échange
lesson-pie-rule = Dans une partie avec la règle d'échange, les Blancs jouent d'abord ; les Noirs peuvent alors échanger : prendre le camp des Blancs, avec sa position, au lieu de jouer. Le meilleur premier coup des Blancs est donc un coup équilibré.
lesson-puzzles-title = Trouve le coup
lesson-puzzles-rule = Des positions de vraies parties : un coup gagne.
lesson-task-reach = Déplace la pièce en { $from } jusqu'en { $to }.
lesson-task-reach-any = Déplace la pièce en { $from }, vers n'importe quelle case où elle peut aller.
lesson-task-capture = Prends la pièce en { $squares }.
lesson-task-capture-any = Prends une pièce.
lesson-task-take-queen = Gagne en prenant la reine adverse.
lesson-task-no-moves = Gagne en un coup : laisse ton adversaire sans aucun coup légal.
lesson-task-swap = Échange les couleurs : prends la position des Blancs.
lesson-other-piece = Ce coup est légal, mais déplace la pièce en { $square }.
lesson-elsewhere = Ce coup est légal, mais il n'atteint pas la case marquée.
lesson-no-capture = Ce coup est légal, mais ce n'est pas une prise : prends une des pièces marquées.
lesson-other-capture = Cette prise est légale, mais prends la pièce marquée.
lesson-queen-not-taken = Ce coup est légal, mais la reine adverse est toujours là.
lesson-opponent-can-move = Ce coup est légal, mais ton adversaire pourrait encore jouer { $move }.
lesson-not-the-win = Ce coup est légal, mais ce n'est pas le coup gagnant : regarde la pièce marquée.
lesson-not-swap = Ce coup est légal, mais le premier coup des Blancs est fort : échange et prends-le.
lesson-right = Bravo !
lesson-stage-done = Étape réussie : { $stars } étoiles sur 3.

## /learn: the lessons in Discord, one exercise at a time, on a board only the player sees
learn-heading = **{ $title }** · étape { $stage } sur { $stages } · exercice { $exercise } sur { $exercises }
learn-caption = { $title } · exercice { $exercise } sur { $exercises }
learn-right = ✅ **{ $move }** : bravo !
learn-wrong = ❌ { $why }
learn-stage-finished = 🏅 Étape « { $title } » réussie : { $stars ->
    [one] 1 étoile
   *[other] { $stars } étoiles
} sur 3.
learn-done = 🎓 Tu as terminé toutes les leçons. À toi de jouer : défie quelqu'un avec /défier, ou défie-moi pour jouer contre l'ordinateur ; /problème a d'autres positions à résoudre.
learn-marks = Sur le plateau :
learn-mark-piece = bleu : la pièce qui se déplace
learn-mark-tried = rouge : ton essai
learn-mark-allowed = vert en pointillés : où elle peut aller
learn-mark-target = jaune : la case demandée
learn-mark-blocker = rouge : la pièce qui barre le chemin
learn-mark-enemy-queen = rouge foncé en pointillés : la reine adverse
learn-mark-reply = rouge foncé en pointillés : la réponse de ton adversaire
learn-mark-distance = √ : la distance à la reine adverse
learn-try-again = Appuie sur **Jouer** pour réessayer.
learn-press-move = Appuie sur **Jouer** pour faire ton coup.
learn-pick-piece = **{ $title }** : choisis la pièce à jouer ; les pièces marquées peuvent bouger.
learn-pick-destination = **{ $title }** : choisis où va la pièce en { $square } ; ses coups sont marqués.
learn-try-square = non marquée : essaie pour voir pourquoi
learn-offer = 📘 { $opponent }, tu découvres Monkey Queen ? /apprendre t'enseigne les règles en cinq minutes, sur un plateau rien que pour toi.
