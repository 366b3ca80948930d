# Monkey Queen — tous les textes des pages web (la page en direct d'une partie et la page
# d'accueil de `monkey-queen web`), en français (traduits de locales/en/web.ftl).
#
# Le glossaire est celui de l'en-tête de bot.ftl, le même ici : reine, bébé, pile, prendre,
# coup (le déplacement d'UN joueur), règle d'échange, classée / non classée, cote, pendule,
# abandonner, annuler (sans résultat), l'ordinateur (l'adversaire seulement ; la machine sur
# laquelle on joue est « cet appareil »). On tutoie. Couleurs : « Blancs » / « Noirs ».
# Typographie : espace simple avant : ; ! ? et %.
#
# Tous les identifiants commencent par `web-`. Le serveur rend chaque message une fois, chaque
# variable écrite comme le texte littéral {name}, et la page y met les noms, nombres et cases :
# donc ni sélecteurs ni pluriels ici (« Bébés blancs : 3 », pas « 3 bébés blancs »). Cases et
# coups restent dans la notation du jeu (g7, g1-g7, g1xg7, swap).

## Joueurs, état et résultat

web-vs = { $white } contre { $black }
web-players = Joueurs
web-white = Blancs
web-black = Noirs
web-you = toi
web-rating = cote { $rating }
web-computer = l'ordinateur, niveau { $level }
web-level-easy = facile
web-level-medium = moyen
web-level-hard = difficile
web-level-max = max
web-to-move = à jouer
web-time-left = Temps restant :
web-status-to-move = À { $player } de jouer
web-your-turn = À toi de jouer
web-won = { $player } a gagné
web-reason-queen_captured = reine prise
web-reason-no_legal_moves = aucun coup légal
web-reason-resignation = abandon
web-reason-timeout = temps écoulé
web-reason-abandoned = inactivité pendant une semaine
web-aborted = Annulée : pas de résultat
web-rating-changes = Cotes : { $white } { $white-delta }, { $black } { $black-delta }

## Options et pendule

web-rated = classée
web-casual = non classée
web-options = { $size }×{ $size }, reines de { $height }
web-pie-on = règle d'échange
web-pie-off = sans règle d'échange
web-per-move = { $time } par coup
web-no-clock = sans pendule
web-minutes = { $minutes } min
web-clock-hours = { $hours } h { $minutes } min
web-clock-days = { $days } j { $hours } h

## Le plateau

web-board = Plateau
web-board-start = Position de départ : { $pieces }
web-board-after = Plateau après le coup { $ply } : { $pieces }
web-white-queen = Reine blanche en { $square }, hauteur { $height }
web-black-queen = Reine noire en { $square }, hauteur { $height }
web-white-queen-taken = Reine blanche prise
web-black-queen-taken = Reine noire prise
web-white-babies = Bébés blancs : { $count }
web-black-babies = Bébés noirs : { $count }

## Parcourir la partie

web-navigation = Parcourir la partie
web-first = Début : la position de départ
web-previous = Coup précédent
web-next = Coup suivant
web-last = Dernier coup
web-flip = Retourner le plateau
web-ply-of = Coup { $ply } sur { $total }
web-moves = Coups
web-no-moves = Aucun coup pour l'instant.

## En direct

web-connecting = Connexion…
web-live = En direct
web-reconnecting = Reconnexion…

## Jouer

web-go-to-last = À toi de jouer : va au dernier coup pour jouer sur le plateau.
web-move-label = Ton coup, au clavier (comme g1-g7)
web-play = Jouer
web-move-unknown = { $move } n'est pas un coup légal maintenant.
web-swap = Échanger les couleurs (règle d'échange)
web-resign = Abandonner
web-resign-really = Vraiment abandonner ? Ton adversaire gagne ; impossible de revenir en arrière.
web-resign-confirm = Oui, abandonner
web-cancel = Non, continuer
web-dismiss = Fermer
web-network-error = Impossible de joindre le serveur. Vérifie la connexion et réessaie.
web-move-unconfirmed = Le serveur n'a pas confirmé ton coup à temps : il n'est donc pas montré comme joué. Vérifie la connexion et réessaie.
web-home-link = Toutes les parties sur cet appareil

## Analyse

web-analysis = Analyse
web-chances = Chances des Blancs, coup par coup
web-chance-at = Coup { $ply } : chances des Blancs { $percent } %
web-legend-turning = tournants de la partie
web-legend-mistakes = plus grosses erreurs

## La page d'accueil (parties sur cet appareil)

web-home-intro = Monkey Queen en local, sur cet appareil : contre l'ordinateur, ou avec un ami devant le même écran.
web-new-game = Nouvelle partie
web-opponent = Adversaire
web-opponent-computer = L'ordinateur
web-opponent-human = Un ami devant cet écran
web-level = Niveau de l'ordinateur
web-your-color = Ta couleur
web-color-random = Au hasard
web-size = Taille du plateau
web-size-option = { $size }×{ $size }
web-pie = Règle d'échange : le second joueur peut échanger les couleurs au lieu de jouer
web-start = Commencer
web-starting = Démarrage…
web-games = Parties
web-games-none = Aucune partie pour l'instant.
web-status-active = en cours
web-status-finished = terminée
web-status-aborted = annulée
web-game-ply = coup { $ply }

## Names and the front page of the bot's pages

# The names of the people playing at one screen, and of the computer, as stored with a game
# started on this device.
web-name-player = Joueur { $number }
web-name-computer = Ordinateur
web-bad-request = Cette requête n'est pas de celles qu'envoie la page.
web-about = Monkey Queen : chaque partie jouée avec ce bot sur Discord a ici sa propre page en direct ; son plateau sur Discord y renvoie.

## The Activity (the page inside Discord)

web-activity-signing-in = Connexion avec Discord…
web-activity-sign-in-failed = Discord ne t'a pas connecté. Ferme l'activité et ouvre-la de nouveau.
web-activity-outside = Cette page fonctionne dans Discord : ouvre-la avec « Jouer sur le plateau » sous le plateau d'une partie.
web-activity-your-games = Tes parties ici
web-activity-no-games = Tu n'as pas encore de partie dans ce salon. Défie quelqu'un avec /défier, puis rouvre ceci.
web-activity-active = en cours
web-activity-finished = terminée
web-activity-aborted = annulée
web-activity-rematch = Revanche
web-activity-rematch-offered = Ta proposition de revanche est dans le salon.
web-activity-computer = Jouer contre l’ordinateur
web-activity-computer-level = Niveau

## Puzzles (a puzzle's own page, and the links to it on its game's page)

web-game-puzzles = Problèmes tirés de cette partie
web-game-puzzle = Problème #{ $number } : la position après le coup { $ply }
web-puzzle-title = Problème #{ $number }
web-puzzle-find-white = Trouve le coup gagnant des Blancs
web-puzzle-find-black = Trouve le coup gagnant des Noirs
web-puzzle-rating = Cote { $rating }
web-puzzle-board = La position du problème : { $pieces }
web-puzzle-first = Début : la position du problème
web-puzzle-navigation = Parcourir les coups
web-puzzle-your-move = À toi : touche une pièce, puis la case où elle va.
web-puzzle-right = Bien vu ! La réponse a été { $move } : trouve le coup suivant.
web-puzzle-solved = Résolu !
web-puzzle-wrong = { $move } n’est pas le bon coup. La solution est sur le plateau : parcours-la.
web-puzzle-shown = La solution est sur le plateau : parcours-la.
web-puzzle-show-solution = Voir la solution
web-puzzle-again = Réessayer
web-puzzle-unrated = Ici, les problèmes ne comptent pas pour la cote : la cote des problèmes, c’est /problème sur Discord.
web-puzzle-counts = Ce problème compte en ce moment sur Discord : c’est le problème du jour, ou quelqu’un le résout pour sa cote. Joue-le là-bas avec /problème ; ici, il s’ouvre quand il ne compte plus.
web-theme-queen-capture = prise de la reine
web-theme-no-moves = aucun coup légal
web-theme-forced-win = gain forcé
web-theme-advantage = avantage
web-theme-trapped-queen = reine piégée
web-theme-baby-takes-queen = un bébé prend la reine
web-theme-birth-blocks = une naissance bloque
web-theme-quiet-move = coup tranquille
web-theme-one-move = un coup
web-theme-short = court
web-theme-long = long
web-theme-very-long = très long

## Refusals that would name a game by its number in Discord: the page names no number.
web-refused-no-such-game = Cette partie n'existe pas.
web-refused-not-participant = Tu ne joues pas dans cette partie.
web-refused-game-over = Cette partie est déjà terminée.
web-refused-rematch-in-progress = La revanche de cette partie est déjà en cours.

## A tournament's page: its standings, crosstable and rounds.
web-tournament-standings = Classement
web-tournament-crosstable = Grille américaine
web-tournament-rounds = Rondes
web-tournament-round = Ronde { $round }
web-tournament-board = Échiquier { $board }
web-tournament-watch = Regarder
web-tournament-watch-game = Regarder { $white } contre { $black }
web-tournament-being-played = en cours
web-tournament-bye = exempt
web-tournament-rating = Classement Elo
web-tournament-tie-breaks = Départages : { $names }
web-tournament-no-players = Aucun joueur pour l'instant.
web-tournament-cell-white = B
web-tournament-cell-black = N
web-tournament-cell-legend = Dans chaque case : la place de l'adversaire, la couleur jouée (B Blancs, N Noirs) et le résultat (+ gagnée, − perdue, F par forfait, … en cours).

## Lire le plateau : la légende de ses marques, ses couleurs, et chaque case en mots

web-legend-summary = Ce que veulent dire les marques du plateau
web-legend-move = la pièce choisie peut aller ici
web-legend-birth = la reine peut aller ici et laisse un bébé derrière elle
web-legend-capture = la pièce choisie peut prendre ici
web-legend-queen-capture = prend la reine adverse : c'est gagné
web-legend-last = le dernier coup
web-legend-last-capture = le dernier coup a pris ici
web-legend-selected = la pièce choisie
web-legend-queen = une reine : le nombre est sa hauteur
web-legend-baby = un bébé
web-colors = Couleurs du plateau
web-colors-standard = Habituelles
web-colors-colorblind = Adaptées aux daltoniens
web-colors-high = Contraste élevé
web-square-white-queen = Reine blanche de { $height }
web-square-black-queen = Reine noire de { $height }
web-square-white-baby = Bébé blanc
web-square-black-baby = Bébé noir
web-square-empty = vide
web-square-last = dernier coup
web-square-to-move = la pièce choisie peut aller ici
web-square-to-birth = la reine peut aller ici en laissant un bébé
web-square-to-capture = la pièce choisie peut prendre ici
web-square-to-queen-capture = la pièce choisie peut prendre la reine ici
web-square-picked = { $square } choisie ; cases où elle peut aller : { $count }
web-announce-move = Coup joué : { $move }.
web-material-queen = Reine de { $height }
web-material-no-queen = Reine prise
web-material-babies = bébés : { $babies }
web-material-captures = prises : { $captures }

## Après une partie devant cet écran, et le chemin entre les pages

web-game-over = Partie terminée
web-rematch = Revanche
web-new-game-link = Nouvelle partie
web-first-color = Couleur du joueur 1
web-turn-board = Tourner le plateau vers le joueur qui a le trait
web-puzzles-link = Problèmes
web-puzzle-next = Problème suivant
web-puzzle-home = Accueil

web-rules-title = Comment jouer
web-rules-1 = Plateau 12×12. Chaque camp commence avec une reine : une pile de 20 pions (Blancs en g1, Noirs en f12). Les Blancs jouent en premier.
web-rules-2 = Chaque pièce se déplace comme une dame aux échecs : d'autant de cases qu'elle veut en ligne droite, sans sauter. Elle peut s'arrêter sur une case vide ou prendre la première pièce adverse sur son chemin.
web-rules-3 = Quand la reine se déplace sans prendre, elle laisse un pion derrière elle : un nouveau bébé. Sa pile perd un pion. Une reine de hauteur 2 ne peut que prendre.
web-rules-4 = Un bébé qui se déplace sans prendre doit finir plus près de la reine adverse (distance en ligne droite). Les prises peuvent aller n'importe où.
web-rules-5 = Prends la reine adverse pour gagner. Un joueur sans coup légal perd. Pas de match nul.
web-analyse = Analyser la partie
web-analysing = Analyse en cours…

## La page des leçons

web-learn-title = Apprendre Monkey Queen
web-learn-link = Apprendre à jouer
web-learn-intro = Apprends les règles en les jouant : une règle par étape, quelques coups à chaque fois.
web-learn-stages = Étapes
web-learn-stage-of = Étape { $stage } sur { $stages }
web-learn-exercise-of = Exercice { $exercise } sur { $exercises }
web-learn-next = Suivant
web-learn-again = Recommencer l'étape
web-learn-stars = { $stars } étoiles sur 3
web-learn-not-done = pas encore faite
web-learn-all-done = Tu connais maintenant toutes les règles. Prêt pour une première partie ?
web-learn-play = Jouer contre l'ordinateur (facile)
