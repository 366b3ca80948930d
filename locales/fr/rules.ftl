# Monkey Queen — `/règles` : les règles en bref, en un seul message (1 900 caractères au plus).
# Doit dire la même chose que RULES.md. Glossaire : voir bot.ftl (reine, bébé, pile, pion, prendre,
# coup, règle d'échange, classée). « Dame » ne sert qu'à la comparaison avec la dame des échecs.
# Commandes sous leur nom français (voir commands.ftl).

rules =
    {"**"}Monkey Queen** (Mark Steere) — les règles en bref
    • Plateau 12×12. Chaque camp commence avec une **reine** : une pile de 20 pions (Blancs en g1, Noirs en f12). Les Blancs jouent en premier.
    • Chaque pièce se déplace comme une dame aux échecs : d'autant de cases qu'elle veut en ligne droite, sans sauter. Elle peut s'arrêter sur une case vide ou prendre la première pièce adverse sur son chemin.
    • Quand la reine se déplace **sans prendre**, elle laisse un pion derrière elle : un nouveau **bébé**. Sa pile perd un pion. Une reine de hauteur 2 ne peut que prendre.
    • Un bébé qui se déplace sans prendre doit finir **plus près de la reine adverse** (distance en ligne droite). Les prises peuvent aller n'importe où.
    • **Prends la reine adverse pour gagner.** Un joueur sans coup légal perd. Pas de match nul.
    Pour jouer : `/défier`, puis `/jouer` (il te propose tes coups légaux) ou le bouton **Jouer** d'un plateau, `/plateau`, `/coups`, `/abandonner`.
    Là où je n'ai pas été invité (tu m'as ajouté à tes applis et tu joues dans un groupe privé, en MP ou sur un autre serveur), tout arrive en réponse à tes commandes et à tes boutons : pas de fils, et un défi expiré garde ses boutons. Pendant les 15 minutes qui suivent le dernier coup, un rappel ou une défaite au temps arrive en réponse à ce coup ; ensuite, il arrive en MP, aux joueurs qui ont ajouté l'appli.
