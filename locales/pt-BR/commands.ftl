# Monkey Queen — os comandos de barra como o Discord os mostra: nome e descrição de cada
# comando, nome e descrição de cada opção, e os nomes das escolhas oferecidas numa opção.
#
# Limites do Discord:
#   nomes de comandos e opções: minúsculas, 1–32 caracteres, só letras (acentuadas também:
#                               `relógio`, `estatísticas`), dígitos, `-`, `_` e `'`, sem
#                               espaços. As palavras de verdade, com acento.
#   descrições:                 1–100 caracteres
#   nomes de escolhas:          1–100 caracteres
# Duas opções de um comando não podem ter o mesmo nome, nem dois comandos.
# Os nomes daqui são os citados nos textos de bot.ftl, refusals.ftl e rules.ftl
# (`/desafiar`, `/jogar`, `/tabuleiro`, `/jogadas`, `/desistir`, `/replay`, opção `partida`).
#
# Glossário (o mesmo de bot.ftl):
#   queen = rainha · baby = bebê · stack = pilha · checker = pedra · piece = peça
#   capture = captura / capturar · ply = jogada · move = jogada · pie rule = regra de troca (opção `troca`)
#   rated = ranqueada · game = partida · challenge = desafio · resign = desistir
#   abort = anular · leaderboard = ranking · thread = tópico · White / Black = Brancas / Pretas
#   computer = o computador ("eu" só quando o bot fala de si mesmo: "escolha a mim")

## /desafiar

challenge = desafiar
challenge-description = Desafie alguém, abra um desafio para todos ou jogue contra o computador (escolha a mim).
challenge-opponent = adversário
challenge-opponent-description = Contra quem jogar; deixe vazio para um desafio aberto, ou escolha a mim para enfrentar o computador
challenge-size = tamanho
challenge-size-description = Tamanho do tabuleiro (padrão 12×12)
challenge-height = altura
challenge-height-description = Altura inicial das rainhas, de 20 a 40 pedras (padrão 20)
challenge-color = cor
challenge-color-description = Sua cor (padrão: aleatória)
challenge-pie = troca
challenge-pie-description = Regra de troca: após a primeira jogada das Brancas, as Pretas podem trocar de cor
challenge-clock = relógio
challenge-clock-description = Tempo por jogada (padrão: o do servidor, normalmente 1 dia)
challenge-rated = ranqueada
challenge-rated-description = Partida ranqueada (padrão: sim)
challenge-level = nível
challenge-level-description = O nível do computador, quando você joga contra ele (padrão: médio)

# A opção `tamanho` (SizeOption).
choice-size-twelve = 12×12 (padrão)
choice-size-fourteen = 14×14
choice-size-sixteen = 16×16
# A opção `cor` (ColorOption).
choice-color-random = aleatória
choice-color-white = Brancas (você começa)
choice-color-black = Pretas
# A opção `relógio` de /desafiar e de /configurações (ClockOption).
choice-clock-unlimited = sem relógio
choice-clock-ten-minutes = 10 minutos
choice-clock-one-hour = 1 hora
choice-clock-one-day = 1 dia
choice-clock-three-days = 3 dias
# A opção `nível` (LevelChoice): os mesmos nomes de `level` em bot.ftl.
choice-level-easy = fácil
choice-level-medium = médio
choice-level-hard = difícil

## /jogar

move = jogar
move-description = Faça uma jogada na sua partida daqui, ex.: g1-g7 (as sugestões listam suas jogadas válidas).
move-move = jogada
move-move-description = Sua jogada, como g1-g7 (digite uma casa para ver as jogadas dela)
move-game = partida
move-game-description = Número da partida, só necessário se você tiver várias partidas aqui

## /tabuleiro

board = tabuleiro
board-description = Mostra o tabuleiro da sua partida daqui (ou de qualquer partida, pelo número).
board-game = partida
board-game-description = Número da partida (padrão: a sua neste canal)
board-private = privado
board-private-description = Mostrar só para você (padrão: não)

## /jogadas

moves = jogadas
moves-description = Mostra as jogadas válidas de uma das suas peças, marcadas no tabuleiro (só você vê).
moves-square = casa
moves-square-description = A casa da peça, como g1
moves-game = partida
moves-game-description = Número da partida, só necessário se você tiver várias partidas aqui

## /desistir

resign = desistir
resign-description = Desista da sua partida daqui (será pedida uma confirmação).
resign-game = partida
resign-game-description = Número da partida, só necessário se você tiver várias partidas aqui

## /anular

abort = anular
abort-description = Anule sua partida daqui: só antes que os dois jogadores tenham jogado; sem resultado.
abort-game = partida
abort-game-description = Número da partida, só necessário se você tiver várias partidas aqui

## /partidas

games = partidas
games-description = Lista suas partidas em andamento neste servidor, uma página por vez.

## /estatísticas

stats = estatísticas
stats-description = Mostra o rating, as partidas, vitórias, derrotas, sequência e resultados recentes de um jogador.
stats-user = jogador
stats-user-description = De quem são as estatísticas (padrão: você)

## /ranking

leaderboard = ranking
leaderboard-description = Mostra os jogadores com melhor rating deste servidor, ou de todos.
leaderboard-scope = alcance
leaderboard-scope-description = Quais jogadores (padrão: este servidor)

# A opção `alcance` (ScopeOption).
choice-scope-server = este servidor
choice-scope-global = geral

## /histórico

history = histórico
history-description = Lista as partidas terminadas de um jogador, com resultado e motivo, mais recentes primeiro (◀ ▶).
history-user = jogador
history-user-description = De quem são as partidas (padrão: você)

## /replay

replay = replay
replay-description = Publica o replay animado de uma partida e o registro dela (todas as jogadas).
replay-game = partida
replay-game-description = Número da partida

## /analisar

analyse = analisar
analyse-description = Mostra a análise do motor de uma partida terminada: quem estava ganhando e os maiores erros.
analyse-game = partida
analyse-game-description = Número da partida

## /cores

colours = cores
colours-description = As cores dos tabuleiros que só você vê: padrão, para daltônicos ou alto contraste.
colours-theme = tema
colours-theme-description = Suas cores (deixe vazio para ver as que você tem)

# A opção `theme` de /cores e a opção `colours` de /configurações (ColorsOption).
choice-colors-standard = padrão
choice-colors-colorblind = para daltônicos
choice-colors-high = alto contraste

## /configurações

settings = configurações
settings-description = Configurações do servidor: tópico por partida, relógio padrão, orientação do tabuleiro (admins).
settings-threads = tópicos
settings-threads-description = Dar a cada partida nova o seu próprio tópico
settings-clock = relógio
settings-clock-description = Tempo por jogada quando o desafio não define um
settings-orientation = orientação
settings-orientation-description = Como os tabuleiros são desenhados
settings-colours = cores
settings-colours-description = Cores dos tabuleiros que todos veem (cada um escolhe as suas com /cores)
settings-organisers = organizadores
settings-organisers-description = Deixar membros sem “Gerenciar servidor” criar torneios e conduzir os seus

# A opção `relógio` usa as escolhas da de /desafiar (choice-clock-…).
# A opção `orientação` (OrientationOption).
choice-orientation-white-bottom = Brancas sempre embaixo
choice-orientation-to-move = virado para quem tem a vez

## /torneio

tournament = torneio
tournament-description = Os torneios deste servidor: crie, entre, jogue e acompanhe.
tournament-create = criar
tournament-create-description = Crie um torneio neste canal (quem gerencia o servidor, ou quem as configurações permitirem).
tournament-create-name = nome
tournament-create-name-description = O nome do torneio
tournament-create-format = formato
tournament-create-format-description = Sistema suíço (número fixo de rodadas), todos contra todos ou em turno e returno (padrão: suíço)
tournament-create-rounds = rodadas
tournament-create-rounds-description = Rodadas de um torneio suíço, de 1 a 11 (padrão 4)
tournament-create-size = tamanho
tournament-create-size-description = Tamanho do tabuleiro (padrão 12×12)
tournament-create-height = altura
tournament-create-height-description = Altura inicial das rainhas, de 20 a 40 pedras (padrão 20)
tournament-create-pie = troca
tournament-create-pie-description = Jogar com a regra de troca (padrão: não)
tournament-create-clock = relógio
tournament-create-clock-description = Tempo por jogada (padrão: o do servidor)
tournament-create-rated = ranqueadas
tournament-create-rated-description = Partidas ranqueadas (padrão: sim)
tournament-create-players = jogadores
tournament-create-players-description = Máximo que podem entrar: 2 a 128, 32 todos contra todos, 16 em turno e returno (padrão 32; 16)
tournament-create-start = início
tournament-create-start-description = Quando ele começa sozinho (padrão: quando você o iniciar)
tournament-join = entrar
tournament-join-description = Entre em um torneio com inscrições abertas.
tournament-join-tournament = torneio
tournament-join-tournament-description = O número do torneio
tournament-leave = sair
tournament-leave-description = Saia de um torneio (após o início, suas partidas restantes são perdidas por W.O.).
tournament-leave-tournament = torneio
tournament-leave-tournament-description = O número do torneio
tournament-start = iniciar
tournament-start-description = Inicie um torneio agora e emparceire a primeira rodada (o organizador).
tournament-start-tournament = torneio
tournament-start-tournament-description = O número do torneio
tournament-standings = classificação
tournament-standings-description = Mostre a classificação de um torneio, com a tabela cruzada assim que uma rodada for jogada.
tournament-standings-tournament = torneio
tournament-standings-tournament-description = O número do torneio
tournament-list = lista
tournament-list-description = Liste os torneios deste servidor, os mais novos primeiro.
tournament-withdraw = retirar
tournament-withdraw-description = Retire um jogador de um torneio (o organizador).
tournament-withdraw-tournament = torneio
tournament-withdraw-tournament-description = O número do torneio
tournament-withdraw-player = jogador
tournament-withdraw-player-description = O jogador a retirar
tournament-result = resultado
tournament-result-description = Troque o resultado de uma partida de um torneio (o organizador).
tournament-result-tournament = torneio
tournament-result-tournament-description = O número do torneio
tournament-result-round = rodada
tournament-result-round-description = A rodada
tournament-result-board = tabuleiro
tournament-result-board-description = O tabuleiro, numerado como nos emparceiramentos da rodada
tournament-result-winner = vencedor
tournament-result-winner-description = Quem vence essa partida
tournament-export = exportar
tournament-export-description = Baixe os registros de todas as partidas de um torneio e o arquivo FIDE TRF dele.
tournament-export-tournament = torneio
tournament-export-tournament-description = O número do torneio

# A opção `format` (FormatOption).
choice-format-swiss = sistema suíço
choice-format-round-robin = todos contra todos
choice-format-double-round-robin = todos contra todos em turno e returno
# A opção `start` (StartOption): quanto tempo após a criação ele começa sozinho.
choice-start-quarter-hour = em 15 minutos
choice-start-one-hour = em 1 hora
choice-start-six-hours = em 6 horas
choice-start-one-day = em 1 dia
choice-start-three-days = em 3 dias
choice-start-one-week = em 1 semana

## /regras

rules = regras
rules-description = As regras do Monkey Queen em resumo, com diagramas de exemplo.

## /learn

# The lessons, in Discord; the choices of `stage` are the stages' titles.
learn = aprender
learn-description = Aprenda Monkey Queen jogando, em cinco minutos: uma regra por vez, só para você.
learn-stage = etapa
learn-stage-description = A etapa a fazer (padrão: a primeira que você ainda não concluiu)
choice-stage-queen = A rainha
choice-stage-shrink = A pilha diminui
choice-stage-queen-two = Uma rainha de duas
choice-stage-baby = Os bebês
choice-stage-capture = Capturas
choice-stage-take-queen = Capture a rainha
choice-stage-no-moves = Sem jogadas
choice-stage-pie = A regra de troca
choice-stage-puzzles = Encontre a jogada

## The Activity's Entry Point command (App Launcher)

launch = iniciar
launch-description = Jogue Monkey Queen no próprio tabuleiro: toque numa peça, depois numa casa.

## /puzzle

puzzle = problema
puzzle-description = Um problema de uma partida real, só para você: encontre a jogada vencedora.
puzzle-daily = diário
puzzle-daily-description = O problema do dia, o mesmo para todos (padrão: um perto do seu rating)
# The `scope` option of /leaderboard: today's daily puzzle's solvers.
choice-scope-puzzles = o problema de hoje
# The daily puzzle's options of /settings.
settings-puzzle-channel = canal-problemas
settings-puzzle-channel-description = O canal onde o problema do dia é publicado todo dia
settings-puzzle-off = problemas-desativados
settings-puzzle-off-description = Verdadeiro: parar de publicar o problema do dia
