# Monkey Queen — les commandes slash telles que Discord les affiche : nom et description de chaque
# commande, nom et description de chaque option, et noms des choix proposés pour une option.
# Traduit de locales/en/commands.ftl (mêmes ids).
#
# Glossaire (le même que dans bot.ftl) :
#   queen = reine · baby = bébé · stack = pile · capture = prise / prendre · ply / move = coup
#   pie rule = règle d'échange (option `échange`) · rated = classée · clock = pendule · challenge = défi
#   Couleurs : « Blancs » / « Noirs ». Tutoiement.
#
# Limites de Discord :
#   noms de commandes et d'options : minuscules, 1 à 32 caractères, lettres (accents permis),
#                                    chiffres, `-` et `_` ; pas d'espaces
#   descriptions :                   1 à 100 caractères
#   noms de choix :                  1 à 100 caractères
# Deux options d'une même commande ne doivent pas porter le même nom, ni deux commandes.
# Les textes du bot (bot.ftl, rules.ftl, refusals.ftl) citent ces noms français :
# /défier, /jouer, /plateau, /coups, /abandonner, /revoir, option `partie`.
# Quatre ids existent aussi dans bot.ftl ou rules.ftl (`challenge-rated`, `settings-threads`,
# `settings-clock`, `rules`) : ce fichier doit être chargé dans un bundle à part.

## /challenge

challenge = défier
challenge-description = Défie quelqu'un à Monkey Queen, lance un défi ouvert ou joue contre l'ordinateur (choisis-moi).
challenge-opponent = adversaire
challenge-opponent-description = Contre qui jouer ; vide pour un défi ouvert, choisis-moi pour jouer contre l'ordinateur
challenge-size = taille
challenge-size-description = Taille du plateau (par défaut 12×12)
challenge-height = hauteur
challenge-height-description = Hauteur de départ des reines, de 20 à 40 (par défaut 20)
challenge-color = couleur
challenge-color-description = Ta couleur (par défaut au hasard)
challenge-pie = échange
challenge-pie-description = Règle d'échange : les Noirs peuvent échanger les couleurs après le premier coup des Blancs
challenge-clock = pendule
challenge-clock-description = Temps par coup (par défaut : celui du serveur, normalement 1 jour)
challenge-rated = classée
challenge-rated-description = Partie classée (par défaut oui)
challenge-level = niveau
challenge-level-description = Le niveau de l'ordinateur, si tu joues contre lui (par défaut moyen)

# L'option `size` (SizeOption).
choice-size-twelve = 12×12 (standard)
choice-size-fourteen = 14×14
choice-size-sixteen = 16×16
# L'option `color` (ColorOption).
choice-color-random = au hasard
choice-color-white = Blancs (tu joues en premier)
choice-color-black = Noirs
# L'option `clock` de /challenge et de /settings (ClockOption).
choice-clock-unlimited = sans pendule
choice-clock-ten-minutes = 10 minutes
choice-clock-one-hour = 1 heure
choice-clock-one-day = 1 jour
choice-clock-three-days = 3 jours
# L'option `level` (LevelChoice : facile, moyen, difficile ; les mêmes noms que `level` dans bot.ftl).
choice-level-easy = facile
choice-level-medium = moyen
choice-level-hard = difficile

## /move

move = jouer
move-description = Joue un coup dans ta partie ici, p. ex. g1-g7 (les suggestions listent tes coups légaux).
move-move = coup
move-move-description = Ton coup, comme g1-g7 (tape une case pour voir ses coups)
move-game = partie
move-game-description = Numéro de partie, seulement si tu as plusieurs parties ici

## /board

board = plateau
board-description = Affiche le plateau de ta partie ici (ou de n'importe quelle partie, par son numéro).
board-game = partie
board-game-description = Numéro de partie (par défaut : ta partie dans ce salon)
board-private = privé
board-private-description = Le montrer à toi seulement (par défaut non)

## /moves

moves = coups
moves-description = Montre les coups légaux d'une de tes pièces, marqués sur le plateau (visible par toi seulement).
moves-square = case
moves-square-description = La case de la pièce, comme g1
moves-game = partie
moves-game-description = Numéro de partie, seulement si tu as plusieurs parties ici

## /resign

resign = abandonner
resign-description = Abandonne ta partie ici (une confirmation te sera demandée).
resign-game = partie
resign-game-description = Numéro de partie, seulement si tu as plusieurs parties ici

## /abort

abort = annuler
abort-description = Annule ta partie ici : seulement avant que les deux joueurs aient joué ; pas de résultat.
abort-game = partie
abort-game-description = Numéro de partie, seulement si tu as plusieurs parties ici

## /games

games = parties
games-description = Liste tes parties en cours sur ce serveur, page par page.

## /stats

stats = stats
stats-description = Affiche la cote d'un joueur, ses parties, victoires, défaites, sa série et ses derniers résultats.
stats-user = joueur
stats-user-description = De quel joueur (par défaut : toi)

## /leaderboard

leaderboard = classement
leaderboard-description = Affiche les joueurs les mieux cotés de ce serveur, ou de tout le monde.
leaderboard-scope = portée
leaderboard-scope-description = Quels joueurs (par défaut : ce serveur)

# L'option `scope` (ScopeOption).
choice-scope-server = ce serveur
choice-scope-global = tout le monde

## /history

history = historique
history-description = Liste les parties terminées d'un joueur (résultat, raison), les plus récentes d'abord, pages ◀ ▶.
history-user = joueur
history-user-description = De quel joueur (par défaut : toi)

## /replay

replay = revoir
replay-description = Publie l'animation d'une partie et son relevé (ses options et tous ses coups).
replay-game = partie
replay-game-description = Numéro de partie

## /analyse

analyse = analyser
analyse-description = Affiche l'analyse d'une partie terminée par le moteur : qui gagnait, et les plus grosses erreurs.
analyse-game = partie
analyse-game-description = Numéro de partie

## /couleurs

colours = couleurs
colours-description = Les couleurs des plateaux que toi seul vois : habituelles, adaptées aux daltoniens ou contrastées.
colours-theme = thème
colours-theme-description = Tes couleurs (laisse vide pour voir celles que tu as)

# L'option `theme` de /couleurs et l'option `colours` de /réglages (ColorsOption).
choice-colors-standard = habituelles
choice-colors-colorblind = adaptées aux daltoniens
choice-colors-high = contraste élevé

## /settings

settings = réglages
settings-description = Réglages du serveur : un fil par partie, pendule par défaut, sens des plateaux (gestionnaires).
settings-threads = fils
settings-threads-description = Donner à chaque nouvelle partie son propre fil
settings-clock = pendule
settings-clock-description = Temps par coup quand un défi n'en précise pas
settings-orientation = orientation
settings-orientation-description = Comment les plateaux sont dessinés
settings-colours = couleurs
settings-colours-description = Couleurs des plateaux que tous voient (chacun choisit les siennes avec /couleurs)
settings-organisers = organisateurs
settings-organisers-description = Laisser les membres sans « Gérer le serveur » créer des tournois et lancer les leurs

# L'option `clock` reprend les choix de celle de /challenge (choice-clock-…).
# L'option `orientation` (OrientationOption).
choice-orientation-white-bottom = Blancs toujours en bas
choice-orientation-to-move = tournés vers le joueur qui doit jouer

## /tournoi

tournament = tournoi
tournament-description = Les tournois de ce serveur : les créer, les rejoindre, y jouer et les suivre.
tournament-create = créer
tournament-create-description = Crée un tournoi dans ce salon (gestionnaires du serveur, ou quiconque les réglages autorisent).
tournament-create-name = nom
tournament-create-name-description = Le nom du tournoi
tournament-create-format = formule
tournament-create-format-description = Système suisse (rondes fixées), toutes rondes ou toutes rondes aller-retour (par défaut suisse)
tournament-create-rounds = rondes
tournament-create-rounds-description = Rondes d'un tournoi suisse, de 1 à 11 (par défaut 4)
tournament-create-size = taille
tournament-create-size-description = Taille du plateau (par défaut 12×12)
tournament-create-height = hauteur
tournament-create-height-description = Hauteur de départ des reines, de 20 à 40 (par défaut 20)
tournament-create-pie = échange
tournament-create-pie-description = Jouer avec la règle d'échange (par défaut non)
tournament-create-clock = pendule
tournament-create-clock-description = Temps par coup (par défaut : celui du serveur)
tournament-create-rated = classées
tournament-create-rated-description = Parties classées (par défaut oui)
tournament-create-players = joueurs
tournament-create-players-description = Joueurs au plus : 2 à 128, 32 en toutes rondes, 16 en aller-retour (par défaut 32 ; 16)
tournament-create-start = début
tournament-create-start-description = Quand il commence tout seul (par défaut : quand tu le lances)
tournament-join = rejoindre
tournament-join-description = Rejoins un tournoi dont les inscriptions sont ouvertes.
tournament-join-tournament = tournoi
tournament-join-tournament-description = Le numéro du tournoi
tournament-leave = quitter
tournament-leave-description = Quitte un tournoi (après son début, tes parties restantes sont perdues par forfait).
tournament-leave-tournament = tournoi
tournament-leave-tournament-description = Le numéro du tournoi
tournament-start = lancer
tournament-start-description = Lance un tournoi maintenant et apparie sa première ronde (son organisateur).
tournament-start-tournament = tournoi
tournament-start-tournament-description = Le numéro du tournoi
tournament-standings = classement
tournament-standings-description = Affiche le classement d'un tournoi, avec son tableau croisé dès qu'une ronde est jouée.
tournament-standings-tournament = tournoi
tournament-standings-tournament-description = Le numéro du tournoi
tournament-list = liste
tournament-list-description = Liste les tournois de ce serveur, du plus récent au plus ancien.
tournament-withdraw = retirer
tournament-withdraw-description = Retire un joueur d'un tournoi (son organisateur).
tournament-withdraw-tournament = tournoi
tournament-withdraw-tournament-description = Le numéro du tournoi
tournament-withdraw-player = joueur
tournament-withdraw-player-description = Le joueur à retirer
tournament-result = résultat
tournament-result-description = Remplace le résultat d'une partie d'un tournoi (son organisateur).
tournament-result-tournament = tournoi
tournament-result-tournament-description = Le numéro du tournoi
tournament-result-round = ronde
tournament-result-round-description = La ronde
tournament-result-board = table
tournament-result-board-description = La table, numérotée comme dans les appariements de la ronde
tournament-result-winner = gagnant
tournament-result-winner-description = Qui gagne cette partie
tournament-export = exporter
tournament-export-description = Télécharge les notations de toutes les parties d'un tournoi, et son fichier FIDE TRF.
tournament-export-tournament = tournoi
tournament-export-tournament-description = Le numéro du tournoi

# L'option `format` (FormatOption).
choice-format-swiss = système suisse
choice-format-round-robin = toutes rondes
choice-format-double-round-robin = toutes rondes aller-retour
# L'option `start` (StartOption) : combien de temps après sa création il commence tout seul.
choice-start-quarter-hour = dans 15 minutes
choice-start-one-hour = dans 1 heure
choice-start-six-hours = dans 6 heures
choice-start-one-day = dans 1 jour
choice-start-three-days = dans 3 jours
choice-start-one-week = dans 1 semaine

## /rules

rules = règles
rules-description = Les règles de Monkey Queen en bref, avec des diagrammes d'exemple.

## /learn

# The lessons, in Discord; the choices of `stage` are the stages' titles.
learn = apprendre
learn-description = Apprends Monkey Queen en jouant, en cinq minutes : une règle à la fois, rien que pour toi.
learn-stage = étape
learn-stage-description = L'étape à faire (par défaut : la première que tu n'as pas encore réussie)
choice-stage-queen = La reine
choice-stage-shrink = La pile rétrécit
choice-stage-queen-two = Une reine de deux
choice-stage-baby = Les bébés
choice-stage-capture = Les prises
choice-stage-take-queen = Prends la reine
choice-stage-no-moves = Plus aucun coup
choice-stage-pie = La règle d'échange
choice-stage-puzzles = Trouve le coup

## The Activity's Entry Point command (App Launcher)

launch = lancer
launch-description = Joue à Monkey Queen sur le plateau même : touche une pièce, puis une case.

## /puzzle

puzzle = problème
puzzle-description = Un problème tiré d'une vraie partie, rien que pour toi : trouve le coup gagnant.
puzzle-daily = quotidien
puzzle-daily-description = Le problème du jour, le même pour tous (par défaut : un proche de ta cote)
# The `scope` option of /leaderboard: today's daily puzzle's solvers.
choice-scope-puzzles = le problème du jour
# The daily puzzle's options of /settings.
settings-puzzle-channel = salon-problèmes
settings-puzzle-channel-description = Le salon où le problème du jour est publié chaque jour
settings-puzzle-off = problèmes-désactivés
settings-puzzle-off-description = Vrai : ne plus publier le problème du jour
