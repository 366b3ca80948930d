# Monkey Queen — recusas: por que um pedido foi negado, mostradas só para quem pediu.
# Cada uma é uma frase completa.
#
# Glossário (o mesmo de bot.ftl):
#   queen = rainha · baby = bebê · stack = pilha · checker = pedra · piece = peça
#   capture = captura / capturar · ply = jogada · move = jogada · pie rule = regra de troca
#   rated = ranqueada · game = partida · challenge = desafio · resign = desistir
#   abort = anular · computer = o computador · White / Black = Brancas / Pretas

## Desafios

refused-challenge-self = Você não pode desafiar a si mesmo.
refused-ai-level-for-human = O nível só vale quando você joga contra o computador (escolhendo a mim como adversário).
refused-board-size = O tabuleiro deve ter 12, 14 ou 16 casas de lado, não { $size }.
refused-queen-height = As rainhas começam com 20 a 40 pedras de altura, não { $height }.
refused-bad-time-limit = O limite de tempo por jogada deve ser positivo, não { $ms } ms.
refused-duplicate-challenge = Já existe um desafio pendente entre vocês dois neste canal (#{ $challenge }).
refused-no-such-challenge = Não existe o desafio #{ $challenge }.
# $status é uma oração inteira (challenge-status em bot.ftl): "já foi aceito", "expirou".
refused-challenge-not-pending = Esse desafio não está mais aberto: { $status }.
refused-challenge-expired = Esse desafio expirou.
refused-own-challenge = Você não pode aceitar o seu próprio desafio.
refused-not-challenged = Esse desafio é para outra pessoa.
refused-open-not-declinable = Um desafio aberto não pode ser recusado; é só ignorá-lo.
refused-not-challenger = Só quem fez o desafio pode cancelá-lo.
refused-too-many-challenges = Você já tem { $limit } desafios esperando resposta; cancele um ou espere até que sejam respondidos ou expirem.
refused-not-launched = Abra a atividade de novo a partir deste canal primeiro (Jogar no tabuleiro ou o inicializador de apps).
refused-not-in-this-channel = Esta partida é jogada em outro canal: abra a atividade lá para jogá-la.
refused-too-many-computer-games = Você já está jogando { $limit } partidas contra o computador; termine uma antes de começar outra.
refused-cooling-down = Espere { $seconds } s antes de pedir isso de novo.

## Partidas

refused-no-such-game = Não existe a partida #{ $game }.
refused-no-active-game = Você não tem nenhuma partida em andamento aqui.
refused-several-games = Você tem { $count } partidas em andamento aqui; escolha uma com a opção `partida` ({ $games }).
refused-several-games-more = Você tem { $count } partidas em andamento aqui; escolha uma com a opção `partida` ({ $games } e mais { $more }).
refused-not-participant = Você não está jogando a partida #{ $game }.
refused-game-over = A partida #{ $game } já terminou.
refused-not-your-turn = Não é a sua vez: é a vez de { $player }.
refused-position-changed = A posição mudou desde então; olhe o tabuleiro de novo.
refused-already-played = Essa jogada ({ $move }) já foi feita: foi a jogada { $ply }.
refused-too-late-to-abort = `/anular` só vale antes que os dois jogadores tenham jogado; em vez disso, você pode desistir.
refused-time-up = Seu tempo para esta jogada acabou; a partida está perdida por tempo.
refused-no-clock = Esta partida não tem relógio.
refused-deadline-not-reached = Quem tem a vez ainda tem tempo: ele acaba { $time }.
refused-not-finished = A partida #{ $game } ainda não terminou; a revanche vem depois do resultado.
refused-rematch-of-aborted = A partida #{ $game } foi anulada, então não há revanche a jogar; faça um novo desafio.
refused-not-analysable = A partida #{ $game } ainda não terminou; ela pode ser analisada quando tiver um resultado.
refused-analysis-of-aborted = A partida #{ $game } foi anulada, então não há nada para analisar.
refused-rematch-pending = Uma revanche desta partida já está esperando resposta (desafio #{ $challenge }).
refused-rematch-in-progress = A revanche desta partida já está sendo jogada (partida #{ $game }).
refused-no-such-page = Esta lista não tem a página { $page } (ela termina na página { $pages }).
refused-has-clock = Esta partida tem relógio: ela é decidida pelo tempo.
refused-your-move = É a sua vez: a partida está esperando por você.
refused-not-abandoned = Seu adversário ainda pode jogar: você poderá reivindicar a partida { $time }.

## Jogadas

refused-illegal = Jogada ilegal: { $reason }.
illegal-game-over = a partida já terminou
illegal-off-board = { $square } não está neste tabuleiro
illegal-no-piece = não há nenhuma peça em { $square }
illegal-not-your-piece = a peça em { $square } não é sua
illegal-same-square = a peça precisa sair da casa dela ({ $square })
illegal-not-straight = de { $from } a { $to } não é uma linha reta; as peças andam por fileiras, colunas e diagonais
illegal-path-blocked = o caminho de { $from } a { $to } está bloqueado pela peça em { $blocker }
illegal-own-piece = em { $square } há uma peça sua
illegal-queen-must-capture = sua rainha em { $square } só tem 2 pedras de altura: ela pode capturar, mas não pode dar à luz
illegal-baby-not-closer = um bebê precisa se aproximar da rainha inimiga em { $queen }: { $from } está a √{ $before } dela, { $to } ficaria a √{ $after }
illegal-swap-not-allowed = swap só é permitido como a primeira jogada das Pretas, numa partida com a regra de troca
parse-empty = Nenhuma jogada informada; escreva assim: g1-g7.
parse-not-a-square = `{ $text }` não é uma casa de um tabuleiro { $size }×{ $size }.
parse-not-a-square-unreadable = Isso não é uma casa de um tabuleiro { $size }×{ $size }; escreva uma como g1.
parse-malformed = `{ $text }` não é uma jogada; escreva duas casas, como g1-g7, ou swap.
parse-malformed-unreadable = Isso não é uma jogada; escreva duas casas, como g1-g7, ou swap.

## Tournaments
refused-tournament-servers-only = Torneios pertencem a um servidor: use este comando em um.
refused-tournament-needs-bot = O bot precisa ser adicionado a este servidor para conduzir um torneio: ele mesmo publica as rodadas e os tabuleiros.
refused-not-organiser = Você precisa da permissão Gerenciar servidor (ou ser o organizador deste torneio, se o servidor permitir organizadores em /configurações).
refused-no-such-tournament = Este servidor não tem o torneio #{ $tournament }.
refused-bad-tournament-name = Dê ao torneio um nome de 1 a { $max } caracteres.
refused-bad-rounds = Um torneio suíço tem de 1 a { $max } rodadas.
refused-bad-player-limit = O limite de jogadores deve ficar entre { $min } e { $max }.
refused-round-robin-too-large = { $cycles ->
    [2] Um todos contra todos em turno e returno de { $players } jogadores tem { $rounds } rodadas
   *[other] Um todos contra todos de { $players } jogadores tem { $rounds } rodadas
}, e cada rodada espera a sua partida mais lenta: ele aceita no máximo { $max } jogadores ({ $max-rounds } rodadas). Para mais jogadores, escolha o sistema suíço: ele joga só as rodadas que você definir.
refused-start-in-past = Esse horário de início já passou.
refused-too-many-tournaments = Este servidor já tem { $limit } torneios em inscrição ou em andamento; termine um primeiro.
refused-tournament-started = Este torneio já começou.
refused-tournament-over = Este torneio terminou.
refused-tournament-not-started = Este torneio ainda não começou.
refused-tournament-full = Este torneio está cheio ({ $limit } jogadores).
refused-already-joined = Você já está neste torneio.
refused-not-joined = Você não está neste torneio.
refused-not-entered = Essa pessoa não joga neste torneio.
refused-already-withdrawn = Essa pessoa já se retirou.
refused-too-few-players = Este torneio precisa de pelo menos { $need } jogadores para começar.
refused-no-such-pairing = A rodada { $round } não tem partida no tabuleiro { $board }.
refused-result-pending = Essa partida ainda está em andamento; o resultado virá do tabuleiro (ou retire um jogador).
refused-not-in-pairing = Essa pessoa não joga nessa partida.
refused-tournament-game = Uma partida de torneio não pode ser anulada: o emparceiramento precisa de um resultado.

## Puzzles
refused-no-puzzles = Não sobrou nenhum problema para você: você já teve todos. Novos vêm das partidas ranqueadas.
refused-no-such-puzzle = Você não está resolvendo o problema #{ $puzzle }; peça um com `/problema`.
refused-puzzle-over = O problema #{ $puzzle } acabou; peça outro com `/problema`.
