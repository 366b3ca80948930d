# Monkey Queen — todos os textos das páginas web (a página ao vivo de uma partida e a página
# inicial de `monkey-queen web`), em português do Brasil (referência: locales/en/web.ftl).
#
# O glossário é o do cabeçalho de bot.ftl, o mesmo aqui: rainha, bebê, pilha, pedra,
# capturar, jogada (o movimento de um jogador), regra de troca, ranqueada / não ranqueada,
# rating, desistir, anular (sem resultado), o computador (só o adversário; o aparelho em que
# se joga é "este dispositivo"). Cores: Brancas / Pretas, sempre com maiúscula.
#
# Todos os ids começam com `web-`. O servidor gera cada mensagem uma vez, com cada variável
# escrita como o texto literal {name}, e a página coloca os nomes, números e casas: por isso
# aqui não há seletores nem plurais ("Bebês brancos: 3", não "3 bebês brancos"). Casas e
# jogadas ficam na notação do jogo (g7, g1-g7, g1xg7, swap).

## Jogadores, situação e resultado

web-vs = { $white } contra { $black }
web-players = Jogadores
web-white = Brancas
web-black = Pretas
web-you = você
web-rating = rating { $rating }
web-computer = computador, nível { $level }
web-level-easy = fácil
web-level-medium = médio
web-level-hard = difícil
web-level-max = máximo
web-to-move = é a vez
web-time-left = Tempo restante:
web-status-to-move = Vez de { $player }
web-your-turn = Sua vez
web-won = { $player } venceu
web-reason-queen_captured = rainha capturada
web-reason-no_legal_moves = sem jogadas válidas
web-reason-resignation = desistência
web-reason-timeout = tempo esgotado
web-reason-abandoned = abandono (uma semana sem jogar)
web-aborted = Anulada: sem resultado
web-rating-changes = Rating: { $white } { $white-delta }, { $black } { $black-delta }

## Opções e relógio

web-rated = ranqueada
web-casual = não ranqueada
web-options = { $size }×{ $size }, rainhas de { $height } pedras
web-pie-on = com regra de troca
web-pie-off = sem regra de troca
web-per-move = { $time } por jogada
web-no-clock = sem relógio
web-minutes = { $minutes } min
web-clock-hours = { $hours } h { $minutes } min
web-clock-days = { $days } d { $hours } h

## O tabuleiro

web-board = Tabuleiro
web-board-start = Posição inicial: { $pieces }
web-board-after = Tabuleiro após a jogada { $ply }: { $pieces }
web-white-queen = Rainha branca em { $square }, altura { $height }
web-black-queen = Rainha preta em { $square }, altura { $height }
web-white-queen-taken = Rainha branca capturada
web-black-queen-taken = Rainha preta capturada
web-white-babies = Bebês brancos: { $count }
web-black-babies = Bebês pretos: { $count }

## Percorrer a partida

web-navigation = Percorrer a partida
web-first = Início: a posição inicial
web-previous = Jogada anterior
web-next = Próxima jogada
web-last = Última jogada
web-flip = Girar o tabuleiro
web-ply-of = Jogada { $ply } de { $total }
web-moves = Jogadas
web-no-moves = Nenhuma jogada ainda.

## Ao vivo

web-connecting = Conectando…
web-live = Ao vivo
web-reconnecting = Reconectando…

## Jogar

web-go-to-last = Sua vez: vá para a última jogada para jogar no tabuleiro.
web-move-label = Sua jogada, digitada (como g1-g7)
web-play = Jogar
web-move-unknown = { $move } não é uma jogada válida agora.
web-swap = Trocar de cor (regra de troca)
web-resign = Desistir
web-resign-really = Desistir mesmo? Seu adversário vence, e isso não pode ser desfeito.
web-resign-confirm = Sim, desistir
web-cancel = Não, continuar
web-dismiss = Fechar
web-network-error = Não foi possível falar com o servidor. Verifique a conexão e tente de novo.
web-move-unconfirmed = O servidor não confirmou sua jogada a tempo, então ela não aparece como feita. Verifique a conexão e tente de novo.
web-home-link = Todas as partidas neste dispositivo

## Análise

web-analysis = Análise
web-chances = Chances das Brancas, jogada a jogada
web-chance-at = Jogada { $ply }: chances das Brancas { $percent }%
web-legend-turning = pontos de virada
web-legend-mistakes = maiores erros

## A página inicial (partidas neste dispositivo)

web-home-intro = Monkey Queen jogado aqui, neste dispositivo: contra o computador ou com um amigo na mesma tela.
web-new-game = Nova partida
web-opponent = Adversário
web-opponent-computer = O computador
web-opponent-human = Um amigo nesta tela
web-level = Nível do computador
web-your-color = Sua cor
web-color-random = Aleatória
web-size = Tamanho do tabuleiro
web-size-option = { $size }×{ $size }
web-pie = Regra de troca: o segundo jogador pode trocar de cor em vez de jogar
web-start = Começar
web-starting = Começando…
web-games = Partidas
web-games-none = Nenhuma partida ainda.
web-status-active = em andamento
web-status-finished = terminada
web-status-aborted = anulada
web-game-ply = jogada { $ply }

## Names and the front page of the bot's pages

# The names of the people playing at one screen, and of the computer, as stored with a game
# started on this device.
web-name-player = Jogador { $number }
web-name-computer = Computador
web-bad-request = Esta requisição não é uma das que a página envia.
web-about = Monkey Queen: cada partida jogada com este bot no Discord tem aqui sua própria página ao vivo; o tabuleiro dela no Discord leva até ela.

## The Activity (the page inside Discord)

web-activity-signing-in = Entrando com o Discord…
web-activity-sign-in-failed = O Discord não fez seu login. Feche a atividade e abra de novo.
web-activity-outside = Esta página funciona dentro do Discord: abra com "Jogar no tabuleiro" abaixo do tabuleiro de uma partida.
web-activity-your-games = Suas partidas aqui
web-activity-no-games = Você ainda não tem partidas neste canal. Desafie alguém com /desafiar e abra isto de novo.
web-activity-active = em andamento
web-activity-finished = terminada
web-activity-aborted = anulada
web-activity-rematch = Revanche
web-activity-rematch-offered = Sua oferta de revanche está no chat.
web-activity-computer = Jogar contra o computador
web-activity-computer-level = Nível

## Puzzles (a puzzle's own page, and the links to it on its game's page)

web-game-puzzles = Problemas desta partida
web-game-puzzle = Problema #{ $number }: a posição após a jogada { $ply }
web-puzzle-title = Problema #{ $number }
web-puzzle-find-white = Encontre a jogada vencedora das Brancas
web-puzzle-find-black = Encontre a jogada vencedora das Pretas
web-puzzle-rating = Rating { $rating }
web-puzzle-board = A posição do problema: { $pieces }
web-puzzle-first = Início: a posição do problema
web-puzzle-navigation = Percorrer as jogadas
web-puzzle-your-move = Sua vez: toque numa peça e depois para onde ela vai.
web-puzzle-right = Certo! A resposta foi { $move }: encontre a próxima jogada.
web-puzzle-solved = Resolvido!
web-puzzle-wrong = { $move } não é a jogada. A solução está no tabuleiro: percorra-a.
web-puzzle-shown = A solução está no tabuleiro: percorra-a.
web-puzzle-show-solution = Ver a solução
web-puzzle-again = Tentar de novo
web-puzzle-unrated = Aqui os problemas não contam para o rating: o rating de problemas é do /problema no Discord.
web-puzzle-counts = Este problema está valendo no Discord agora: é o problema do dia, ou alguém o está resolvendo valendo rating. Jogue lá com /problema; aqui ele abre quando deixar de valer.
web-theme-queen-capture = captura da rainha
web-theme-no-moves = sem jogadas válidas
web-theme-forced-win = vitória forçada
web-theme-advantage = vantagem
web-theme-trapped-queen = rainha presa
web-theme-baby-takes-queen = um bebê captura a rainha
web-theme-birth-blocks = um nascimento bloqueia
web-theme-quiet-move = jogada tranquila
web-theme-one-move = uma jogada
web-theme-short = curto
web-theme-long = longo
web-theme-very-long = muito longo

## Refusals that would name a game by its number in Discord: the page names no number.
web-refused-no-such-game = Essa partida não existe.
web-refused-not-participant = Você não está jogando esta partida.
web-refused-game-over = Esta partida já terminou.
web-refused-rematch-in-progress = A revanche desta partida já está sendo jogada.

## A tournament's page: its standings, crosstable and rounds.
web-tournament-standings = Classificação
web-tournament-crosstable = Tabela cruzada
web-tournament-rounds = Rodadas
web-tournament-round = Rodada { $round }
web-tournament-board = Tabuleiro { $board }
web-tournament-watch = Assistir
web-tournament-watch-game = Assistir { $white } contra { $black }
web-tournament-being-played = em andamento
web-tournament-bye = folga
web-tournament-rating = Rating
web-tournament-tie-breaks = Desempates: { $names }
web-tournament-no-players = Ainda não há jogadores.
web-tournament-cell-white = B
web-tournament-cell-black = P
web-tournament-cell-legend = Em cada célula: a posição do adversário, a cor jogada (B Brancas, P Pretas) e o resultado (+ vitória, − derrota, F por W.O., … em andamento).

## Ler o tabuleiro: a legenda das marcas, as cores e cada casa em palavras

web-legend-summary = O que as marcas do tabuleiro querem dizer
web-legend-move = a peça escolhida pode ir para cá
web-legend-birth = a rainha pode ir para cá e deixa um bebê para trás
web-legend-capture = a peça escolhida pode capturar aqui
web-legend-queen-capture = captura a rainha adversária: isso vence
web-legend-last = a última jogada
web-legend-last-capture = a última jogada capturou aqui
web-legend-selected = a peça escolhida
web-legend-queen = uma rainha: o número é a altura dela
web-legend-baby = um bebê
web-colors = Cores do tabuleiro
web-colors-standard = Padrão
web-colors-colorblind = Para daltônicos
web-colors-high = Alto contraste
web-square-white-queen = Rainha branca de { $height }
web-square-black-queen = Rainha preta de { $height }
web-square-white-baby = Bebê branco
web-square-black-baby = Bebê preto
web-square-empty = vazia
web-square-last = última jogada
web-square-to-move = a peça escolhida pode ir para cá
web-square-to-birth = a rainha pode ir para cá e deixa um bebê
web-square-to-capture = a peça escolhida pode capturar aqui
web-square-to-queen-capture = a peça escolhida pode capturar a rainha aqui
web-square-picked = { $square } escolhida; casas para onde pode ir: { $count }
web-announce-move = Jogada: { $move }.
web-material-queen = Rainha de { $height }
web-material-no-queen = Rainha capturada
web-material-babies = bebês: { $babies }
web-material-captures = capturas: { $captures }

## Depois de uma partida nesta tela, e o caminho entre as páginas

web-game-over = Partida encerrada
web-rematch = Revanche
web-new-game-link = Nova partida
web-first-color = Cor do Jogador 1
web-turn-board = Virar o tabuleiro para quem joga
web-puzzles-link = Problemas
web-puzzle-next = Próximo problema
web-puzzle-home = Início

web-rules-title = Como jogar
web-rules-1 = Tabuleiro 12×12. Cada lado começa com uma rainha: uma pilha de 20 pedras (Brancas em g1, Pretas em f12). As Brancas começam.
web-rules-2 = Toda peça anda como a dama do xadrez: quantas casas quiser em linha reta, sem pular. Ela pode parar numa casa vazia ou capturar a primeira peça inimiga no caminho.
web-rules-3 = Quando a rainha se move sem capturar, deixa uma pedra para trás: um novo bebê. A altura dela cai em um. Uma rainha de altura 2 só pode capturar.
web-rules-4 = Uma jogada de bebê sem captura precisa terminar mais perto da rainha inimiga (distância em linha reta). Capturas podem ir para qualquer lugar.
web-rules-5 = Capture a rainha inimiga para vencer. Quem não tem jogada válida perde. Não há empate.
web-analyse = Analisar a partida
web-analysing = Analisando…

## A página das lições

web-learn-title = Aprenda Monkey Queen
web-learn-link = Aprenda a jogar
web-learn-intro = Aprenda as regras jogando: uma regra por etapa, poucas jogadas em cada uma.
web-learn-stages = Etapas
web-learn-stage-of = Etapa { $stage } de { $stages }
web-learn-exercise-of = Exercício { $exercise } de { $exercises }
web-learn-next = Próximo
web-learn-again = Recomeçar a etapa
web-learn-stars = { $stars } de 3 estrelas
web-learn-not-done = ainda não feita
web-learn-all-done = Agora você conhece todas as regras. Pronto para uma primeira partida?
web-learn-play = Jogar contra o computador (fácil)
