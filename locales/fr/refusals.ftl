# Monkey Queen — refus : pourquoi une demande a été rejetée, montré seulement à la personne qui l'a faite.
# Chaque refus est une phrase complète. Tutoiement.
#
# Glossaire (le même que dans bot.ftl) :
#   queen = reine · baby = bébé · stack = pile · checker = pion · capture = prise / prendre
#   ply / move = coup · pie rule = règle d'échange · rated = classée · clock = pendule
#   challenge = défi · rematch = revanche · resign = abandonner · abort = annuler
#   Couleurs : « les Blancs », « les Noirs ». Cases : « en g1 ».
#   Le mot `swap` (à taper pour échanger les couleurs) reste en anglais : c'est ce que le bot lit.
#   Typographie : espace simple avant : ; ! ?

## Défis

refused-challenge-self = Tu ne peux pas te défier toi-même.
refused-ai-level-for-human = Un niveau d'ordinateur ne s'applique que si tu joues contre l'ordinateur (choisis-moi comme adversaire).
refused-board-size = Le plateau doit faire 12, 14 ou 16 cases de côté, pas { $size }.
refused-queen-height = Une reine démarre avec une pile de 20 à 40 pions, pas { $height }.
refused-bad-time-limit = Le temps par coup doit être positif, pas { $ms } ms.
refused-duplicate-challenge = Il y a déjà un défi en attente entre toi et cette personne dans ce salon (#{ $challenge }).
refused-no-such-challenge = Le défi #{ $challenge } n'existe pas.
refused-challenge-not-pending = Ce défi n'est plus ouvert : il est { $status }.
refused-challenge-expired = Ce défi a expiré.
refused-own-challenge = Tu ne peux pas accepter ton propre défi.
refused-not-challenged = Ce défi est destiné à quelqu'un d'autre.
refused-open-not-declinable = Un défi ouvert ne peut pas être refusé ; ignore-le, tout simplement.
refused-not-challenger = Seul le joueur qui a lancé un défi peut l'annuler.
refused-too-many-challenges = Tu as déjà { $limit ->
    [one] { $limit } défi
   *[other] { $limit } défis
} en attente de réponse ; annules-en un, ou attends une réponse ou leur expiration.
refused-not-launched = Rouvre d'abord l'activité depuis ce salon (Jouer sur le plateau, ou le lanceur d'applications).
refused-not-in-this-channel = Cette partie se joue dans un autre salon : ouvre l'activité là-bas pour la jouer.
refused-too-many-computer-games = Tu joues déjà { $limit ->
    [one] { $limit } partie
   *[other] { $limit } parties
} contre l'ordinateur ; termines-en une avant d'en commencer une autre.
refused-cooling-down = Attends { $seconds } s avant de redemander ça.

## Parties

refused-no-such-game = La partie #{ $game } n'existe pas.
refused-no-active-game = Tu n'as aucune partie en cours ici.
refused-several-games = Tu as { $count } parties en cours ici ; choisis-en une avec l'option `partie` ({ $games }).
refused-several-games-more = Tu as { $count } parties en cours ici ; choisis-en une avec l'option `partie` ({ $games } et { $more ->
    [one] { $more } autre
   *[other] { $more } autres
}).
refused-not-participant = Tu ne joues pas dans la partie #{ $game }.
refused-game-over = La partie #{ $game } est déjà terminée.
refused-not-your-turn = Ce n'est pas ton tour : c'est à { $player } de jouer.
refused-position-changed = La position a changé entre-temps ; regarde à nouveau le plateau.
refused-already-played = Ce coup ({ $move }) a déjà été joué : c'était le coup { $ply }.
refused-too-late-to-abort = `/annuler` ne fonctionne qu'avant que les deux joueurs aient joué ; abandonne plutôt.
refused-time-up = Ton temps pour ce coup est écoulé ; la partie est perdue au temps.
refused-no-clock = Cette partie n'a pas de pendule.
refused-deadline-not-reached = Le joueur qui doit jouer a encore du temps : il expire { $time }.
refused-not-finished = La partie #{ $game } n'est pas encore terminée ; la revanche, ce sera après le résultat.
refused-rematch-of-aborted = La partie #{ $game } a été annulée, il n'y a donc pas de revanche possible ; lance un nouveau défi.
refused-not-analysable = La partie #{ $game } n'est pas encore terminée ; elle pourra être analysée une fois qu'elle aura un résultat.
refused-analysis-of-aborted = La partie #{ $game } a été annulée, il n'y a donc rien à analyser.
refused-rematch-pending = Une revanche de cette partie attend déjà une réponse (défi #{ $challenge }).
refused-rematch-in-progress = La revanche de cette partie est déjà en cours (partie #{ $game }).
refused-no-such-page = Il n'y a pas de page { $page } dans cette liste (elle s'arrête à la page { $pages }).
refused-has-clock = Cette partie a une pendule : elle se décide au temps.
refused-your-move = C'est à toi de jouer : la partie t'attend.
refused-not-abandoned = Ton adversaire peut encore jouer : tu pourras réclamer la partie { $time }.

## Coups

refused-illegal = Coup illégal : { $reason }.
illegal-game-over = la partie est déjà terminée
illegal-off-board = { $square } n'est pas sur ce plateau
illegal-no-piece = il n'y a aucune pièce en { $square }
illegal-not-your-piece = la pièce en { $square } n'est pas à toi
illegal-same-square = une pièce doit quitter sa case ({ $square })
illegal-not-straight = de { $from } à { $to }, ce n'est pas une ligne droite ; les pièces se déplacent le long des rangées, des colonnes et des diagonales
illegal-path-blocked = le chemin de { $from } à { $to } est bloqué par la pièce en { $blocker }
illegal-own-piece = il y a déjà une de tes pièces en { $square }
illegal-queen-must-capture = ta reine en { $square } n'est plus qu'une pile de 2 : elle peut prendre, mais pas donner naissance à un bébé
illegal-baby-not-closer = un bébé doit se rapprocher de la reine adverse en { $queen } : { $from } en est à √{ $before }, { $to } en serait à √{ $after }
illegal-swap-not-allowed = swap n'est permis que comme premier coup des Noirs, dans une partie jouée avec la règle d'échange
parse-empty = Aucun coup indiqué ; écris-le comme g1-g7.
parse-not-a-square = `{ $text }` n'est pas une case d'un plateau { $size }×{ $size }.
parse-not-a-square-unreadable = Ce n'est pas une case d'un plateau { $size }×{ $size } ; écris-en une comme g1.
parse-malformed = `{ $text }` n'est pas un coup ; écris deux cases comme g1-g7, ou swap.
parse-malformed-unreadable = Ce n'est pas un coup ; écris deux cases comme g1-g7, ou swap.

## Tournaments
refused-tournament-servers-only = Les tournois appartiennent à un serveur : utilise cette commande dans un serveur.
refused-tournament-needs-bot = Le bot doit être ajouté à ce serveur pour mener un tournoi : il publie lui-même les rondes et les plateaux.
refused-not-organiser = Il te faut la permission Gérer le serveur (ou être l'organisateur de ce tournoi, si le serveur autorise les organisateurs dans /réglages).
refused-no-such-tournament = Ce serveur n'a pas de tournoi #{ $tournament }.
refused-bad-tournament-name = Donne au tournoi un nom de 1 à { $max } caractères.
refused-bad-rounds = Un tournoi suisse compte de 1 à { $max } rondes.
refused-bad-player-limit = Le nombre maximal de joueurs doit être entre { $min } et { $max }.
refused-round-robin-too-large = { $cycles ->
    [2] Un toutes rondes aller-retour de { $players } joueurs compte { $rounds } rondes
   *[other] Un toutes rondes de { $players } joueurs compte { $rounds } rondes
}, et chaque ronde attend sa partie la plus lente : il accueille au plus { $max } joueurs ({ $max-rounds } rondes). Pour plus de joueurs, choisis le système suisse : il ne joue que les rondes que tu fixes.
refused-start-in-past = Cette heure de début est déjà passée.
refused-too-many-tournaments = Ce serveur a déjà { $limit } tournois en inscription ou en cours ; termines-en un d'abord.
refused-tournament-started = Ce tournoi a déjà commencé.
refused-tournament-over = Ce tournoi est terminé.
refused-tournament-not-started = Ce tournoi n'a pas encore commencé.
refused-tournament-full = Ce tournoi est complet ({ $limit } joueurs).
refused-already-joined = Tu es déjà inscrit à ce tournoi.
refused-not-joined = Tu n'es pas inscrit à ce tournoi.
refused-not-entered = Ce joueur ne participe pas à ce tournoi.
refused-already-withdrawn = Ce joueur s'est déjà retiré.
refused-too-few-players = Ce tournoi a besoin d'au moins { $need } joueurs pour commencer.
refused-no-such-pairing = La ronde { $round } n'a pas de partie à la table { $board }.
refused-result-pending = Cette partie est encore en cours ; son résultat viendra du plateau (ou retire un joueur).
refused-not-in-pairing = Ce joueur ne joue pas dans cette partie.
refused-tournament-game = Une partie de tournoi ne peut pas être annulée : son appariement attend un résultat.

## Puzzles
refused-no-puzzles = Plus aucun problème pour toi : tu les as tous eus. De nouveaux viennent des parties classées.
refused-no-such-puzzle = Tu ne résous pas le problème #{ $puzzle } ; demandes-en un avec `/problème`.
refused-puzzle-over = Le problème #{ $puzzle } est terminé ; demandes-en un autre avec `/problème`.
