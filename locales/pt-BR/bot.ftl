# Monkey Queen — todos os textos que o bot escreve, em português do Brasil.
#
# Palavras que nunca aparecem aqui (um teste confere cada mensagem deste idioma com estas linhas):
# "jogada", nunca "lance"; "Brancas" e "Pretas" sempre com maiúscula; o tabuleiro de um torneio é
# "tabuleiro", não "mesa"; "emparceiramento", não "emparelhamento"; uma partida é "anulada", nunca
# "cancelada" (cancelar é só para desafios: "desafio cancelado"); números se escrevem "#12".
# forbidden: lance, lances, mesa, mesas, emparelhamento, emparelhamentos, emparelhar, emparelhada, emparelhadas, emparelhados, cancelada, canceladas, nº, n°, n.º
# forbidden-exact: brancas, pretas
#
# Glossário, o mesmo em todos os arquivos:
#   queen     rainha — a pilha alta com que cada lado começa; capturá-la vence a partida
#   baby      bebê — uma pedra só, que a rainha deixa para trás ao se mover sem capturar
#   stack     pilha — as pedras que formam uma rainha ("rainhas de 20 pedras")
#   checker   pedra — cada disco de uma pilha (piece = peça: rainha ou bebê)
#   capture   captura / capturar — tomar uma peça inimiga movendo-se para a casa dela
#   ply       jogada — o movimento de um jogador; também o contador da partida ("jogada 40")
#   move      jogada — a mesma palavra, sempre ("lance" não se usa); "sua vez" = your move
#   pie rule  regra de troca — o segundo jogador pode trocar de cor em vez de jogar (opção `troca`)
#   rated     ranqueada — partida que muda o rating dos dois jogadores (unrated: não ranqueada)
#   rating    rating; leaderboard = ranking; game = partida; challenge = desafio
#   resign    desistir (desistência); abort = anular (terminar sem resultado: com `/anular`, ou
#             depois de uma semana sem jogadas; call off = anular também)
#   computer  o computador — o bot como adversário; "eu"/"mim" só quando o bot fala de si
#             mesmo ("escolha a mim")
#   thread    tópico (como no Discord em português)
#   tournament torneio; round = rodada; pairing = emparceiramento; o tabuleiro de um emparceiramento
#             é "tabuleiro 3" (não "mesa"); forfeit = W.O.
#   White / Black  Brancas / Pretas (sempre com maiúscula, também no meio da frase, e no
#             feminino plural: "as Brancas", "com as Pretas")
#
# Variáveis: $game, $ply etc. são números ou textos que o bot preenche; menções como $player
# chegam como menções do Discord (<@123>); $time é um timestamp do Discord (<t:…:R>) que o
# Discord de cada leitor mostra no idioma dele ("em 3 horas", "há 2 dias").
# Mantenha o Markdown (**negrito**, `código`) como está.

## Cores, peças e jogadas

color-name = { $color ->
    [white] Brancas
   *[black] Pretas
}
# The colour inside a sentence ("your move (White)", "won as White"), where some languages
# write it in lower case.
color-in-sentence = { $color ->
    [white] Brancas
   *[black] Pretas
}
# Uma peça com sua cor, no início de uma jogada: "Rainha branca".
piece-name = { $color ->
    [white] { $role ->
        [queen] Rainha branca
       *[baby] Bebê branco
    }
   *[black] { $role ->
        [queen] Rainha preta
       *[baby] Bebê preto
    }
}
# Uma rainha que se move sem capturar deixa um bebê na casa de onde saiu.
move-birth = { $piece } { $from }–{ $to }, nasce um bebê em { $from }
move-quiet = { $piece } { $from }–{ $to }
move-captures-baby = { $piece } { $from }×{ $to } captura um bebê
move-captures-queen = { $piece } { $from }×{ $to } captura a rainha!
move-swap = { $color ->
    [white] As Brancas trocam
   *[black] As Pretas trocam
} de cor (regra de troca)
role-on-square = { $role ->
    [queen] Rainha em { $square }
   *[baby] Bebê em { $square }
}

## Partidas, opções e relógios

options = { $size }×{ $size }, rainhas de { $height } pedras, { $pie ->
    [yes] com regra de troca
   *[no] sem regra de troca
}
clock-none = sem relógio
clock-per-move = { $unit ->
    [days] { $count ->
        [one] { $count } dia
       *[other] { $count } dias
    }
    [hours] { $count ->
        [one] { $count } hora
       *[other] { $count } horas
    }
   *[minutes] { $count ->
        [one] { $count } minuto
       *[other] { $count } minutos
    }
} por jogada
deadline = O tempo acaba { $time }.
your-move = { $player }, sua vez ({ $color }).
game-started = **Partida #{ $game }** — { $white } joga com as Brancas, { $black } com as Pretas. { $player }, você começa.
board-shown = **Partida #{ $game }**, jogada { $ply }.
board-shown-over = **Partida #{ $game }**.
board-shown-aborted = **Partida #{ $game }** anulada.
reason = { $reason ->
    [queen-captured] rainha capturada
    [no-legal-moves] sem jogadas válidas
    [resignation] desistência
    [timeout] tempo esgotado
   *[abandoned] abandono
}
game-won = 🏆 **{ $winner } venceu** ({ $color }) — { $reason ->
    [queen-captured] { $winner } capturou a rainha de { $loser }
    [no-legal-moves] { $loser } ficou sem jogadas válidas
    [resignation] { $loser } desistiu
    [timeout] o tempo de { $loser } acabou
   *[abandoned] { $loser } ficou uma semana sem jogar, e { $winner } reivindicou a vitória
}.
rating-changes = Rating: { $white } { $white-delta }, { $black } { $black-delta }.
status-to-move = Vez das { $color } · jogada { $ply }
status-won = As { $color } vencem · { $reason } · jogada { $ply }
status-aborted = Anulada · jogada { $ply }
called-off = A partida #{ $game } foi anulada por { $player } depois de uma semana sem jogadas. Sem resultado.
aborted = A partida #{ $game } foi anulada por { $player } antes que os dois jogadores tivessem jogado. Sem resultado.
thread-name = Monkey Queen #{ $game }: { $white } contra { $black }
# Uma partida entre as sugestões da opção `partida` (texto simples, no máximo 100 caracteres):
# o número dela e o nome do adversário.
game-choice = #{ $game } contra { $opponent }
reminder = ⏰ { $player }, ainda é sua vez na partida #{ $game }.
reminder-with-board = ⏰ { $player }, ainda é sua vez na partida #{ $game } ([tabuleiro]({ $link })).

## Desafios

challenge-offer = { $challenger } desafia { $opponent } para uma partida de Monkey Queen!
challenge-rematch = { $challenger } oferece a { $opponent } uma revanche da partida #{ $game }, com as cores trocadas!
challenge-open = { $challenger } procura um adversário para uma partida de Monkey Queen! Qualquer pessoa pode aceitar.
challenge-colour = { $choice ->
    [white] { $challenger } joga com as Brancas
    [black] { $challenger } joga com as Pretas
   *[random] cores por sorteio
}
challenge-rated = { $rated ->
    [yes] ranqueada
   *[no] não ranqueada
}
challenge-expires = O desafio expira { $time }.
challenge-closed = ~~Desafio de { $challenger }: { $options }~~
challenge-accepted = Aceito. Boa sorte!
challenge-accepted-by = Aceito por { $player }. Boa sorte!
challenge-declined = Recusado.
challenge-declined-by = Recusado por { $player }.
challenge-cancelled = Cancelado.
challenge-cancelled-by = Cancelado por { $player }.
challenge-expired = Expirado: ninguém aceitou a tempo.
# O que aconteceu com um desafio, como oração depois de "Esse desafio não está mais aberto:".
challenge-status = { $status ->
    [pending] ainda está pendente
    [accepted] já foi aceito
    [declined] foi recusado
    [cancelled] foi cancelado
   *[expired] expirou
}

## Escolhendo uma jogada com o botão Jogar

pick-piece = **Partida #{ $game }**: escolha a peça que vai mover; as casas marcadas têm peças que podem se mover.
pick-destination = **Partida #{ $game }**: para onde vai a peça em { $square }? As casas marcadas são as jogadas dela.
choose-piece = Escolha uma peça
choose-destination = Escolha para onde ela vai
board-in-thread = Você jogou { $move }; o tabuleiro está no tópico da partida, { $thread }.
board-elsewhere = Você jogou { $move }; o tabuleiro da partida #{ $game } vai para onde a partida é jogada.
move-played = Você jogou { $move }.
done = Feito.
confirm-resign = Desistir da partida #{ $game }? Seu adversário vence, e isso não pode ser desfeito.
piece-moves = { $count ->
    [0] A peça em { $square } não tem nenhuma jogada válida.
    [one] A peça em { $square } tem { $count } jogada válida, marcada no tabuleiro.
   *[other] A peça em { $square } tem { $count } jogadas válidas, marcadas no tabuleiro.
}

## Botões (no máximo 80 caracteres)

button-accept = Aceitar
button-decline = Recusar
button-cancel = Cancelar
button-resign = Desistir
button-confirm-resign = Sim, desistir
button-replay = Replay
button-rematch = Revanche
button-move = Jogar
# The link to the game's live page on the web.
button-web-page = Página web
button-play-on-board = Jogar no tabuleiro
button-analyse = Analisar
button-claim-win = Reivindicar a vitória
button-call-off = Anular a partida
button-join-tournament = Entrar
button-leave-tournament = Sair

## Listas

games-none = Você não tem partidas em andamento neste servidor. Comece uma com `/desafiar`.
games-title = **Suas partidas em andamento**
games-title-paged = **Suas partidas em andamento** · { $total } no total · página { $page } de { $pages }
games-line = • #{ $game } contra { $opponent } — { $turn ->
    [yours] **sua vez**
   *[theirs] vez do adversário
}, jogada { $ply }
link-board = [tabuleiro]({ $link })
stats-newcomer = { $player } ainda não terminou nenhuma partida. Rating { $rating } (±{ $deviation }), o de quem está começando.
stats-title = **Estatísticas de { $player }**
stats-summary = Rating **{ $rating }** (±{ $deviation }, { $provisional ->
        [yes] provisório: fora do ranking até se estabilizar
       *[no] estabelecido
    }) · { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    } (ranqueadas: { $rated }): { $wins ->
        [one] { $wins } vitória
       *[other] { $wins } vitórias
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }
stats-win-rate = { $percent }% de vitórias
stats-streak = Sequência atual: { $kind ->
    [wins] { $count ->
        [one] { $count } vitória seguida
       *[other] { $count } vitórias seguidas
    }
    [losses] { $count ->
        [one] { $count } derrota seguida
       *[other] { $count } derrotas seguidas
    }
   *[none] nenhuma
}
stats-recent = Partidas recentes:
played-game = • #{ $game } — { $won ->
    [yes] venceu
   *[no] perdeu
} com as { $color } contra { $opponent } · { $reason } · { $plies ->
    [one] { $plies } jogada
   *[other] { $plies } jogadas
} · { $rating } · { $time }
played-game-unrated = não ranqueada
played-game-computer = o computador ({ $level })
level = { $level ->
    [easy] fácil
    [medium] médio
    [hard] difícil
   *[max] máximo
}
leaderboard-board = { $global ->
    [yes] geral
   *[no] este servidor
}
leaderboard-empty = **Ranking — { $board }**
    Ainda não há ninguém no ranking: um rating entra nele quando se estabiliza, depois de umas oito partidas ranqueadas. Comece uma com `/desafiar`.
leaderboard-title = **Ranking — { $board }** · página { $page } de { $pages }
leaderboard-line = { $rank }. { $player } — **{ $rating }** (±{ $deviation }) · { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}, { $wins }–{ $losses }
history-empty = { $player } ainda não terminou nenhuma partida.
history-title = **Partidas terminadas de { $player }** · { $total } no total, das mais recentes para as mais antigas · página { $page } de { $pages }
history-footer = Reveja uma com `/replay`.

## Replays e análises

replay-title = **Replay da partida #{ $game }** — { $white } (Brancas) contra { $black } (Pretas) · { $status }
replay-record = Registro da partida (as opções e todas as jogadas):
replay-record-attached = O registro vai em anexo (é longo demais para uma mensagem).
analysis-title = **Análise da partida #{ $game }** — { $white } (Brancas) contra { $black } (Pretas) · { $status }
analysis-no-mistakes = Nenhuma jogada custou caro: o motor não encontrou nenhum erro claro.
analysis-mistakes = Maiores erros:
analysis-mistake = { $number }. Jogada { $ply }: { $played }; melhor: { $better } (chances das { $color }: { $before }% → { $after }%).
analysis-turning-point = Ponto de virada: jogada { $ply }.
analysis-turning-points = Pontos de virada: jogadas { $plies } e { $last }.
analysis-picture-title = Partida #{ $game } · { $white } contra { $black } · { $status }
mistake-caption = { $number } · jogada { $ply } · { $color }
chart-ply = jogada
chart-win = vitória
chart-played = jogado
chart-better = melhor
chart-rated-games = partidas ranqueadas

## Configurações

settings-title = **Configurações deste servidor**
settings-saved = Salvo. **Configurações deste servidor**
settings-threads = • Tópicos: { $threads ->
    [on] cada partida nova ganha seu próprio tópico
   *[off] desativados (as partidas ficam no canal delas)
}
settings-clock = • Relógio padrão: { $clock }
settings-boards = • Tabuleiros: { $orientation ->
    [white-bottom] Brancas sempre embaixo
   *[to-move] virados para quem tem a vez
}
settings-colors = • Cores dos tabuleiros: { $colors ->
    [colorblind] para daltônicos
    [high] alto contraste
   *[standard] padrão
} (cada pessoa pode escolher as suas para os tabuleiros que só ela vê)
settings-organisers = • Torneios: { $organisers ->
    [on] qualquer membro pode organizar um (e iniciar o seu)
   *[off] organizados só por quem gerencia o servidor
}

## As cores de tabuleiro de cada um (/cores)

own-colors-saved = Salvo.
own-colors = Os tabuleiros que só você vê (um tabuleiro privado, seus problemas, os menus de “Jogar”) são desenhados { $colors ->
    [colorblind] com cores para daltônicos
    [high] em alto contraste
   *[standard] com as cores padrão
}. Os tabuleiros que todos veem mantêm as cores do servidor.

## Torneios
# $name é o nome do torneio como o organizador o escreveu; $title é tournament-title.

tournament-title = **Torneio #{ $tournament }: { $name }**
tournament-format = { $format ->
    [swiss] sistema suíço, { $rounds ->
        [one] 1 rodada
       *[other] { $rounds } rodadas
    }
   [double-round-robin] { $rounds ->
        [0] todos contra todos em turno e returno
       *[other] todos contra todos em turno e returno, { $rounds } rodadas
    }
   *[round-robin] { $rounds ->
        [0] todos contra todos
        [one] todos contra todos, 1 rodada
       *[other] todos contra todos, { $rounds } rodadas
    }
}
tournament-organiser = Organizado por { $organiser }.
tournament-no-players = Ainda não há jogadores.
tournament-players = Jogadores ({ $count } de { $limit }): { $players }
tournament-more = …e mais { $count }.
tournament-signup-timed = As inscrições estão abertas; ele começa { $time }. Toque em **Entrar** para jogar.
tournament-signup-manual = As inscrições ficam abertas até o organizador iniciá-lo. Toque em **Entrar** para jogar.
tournament-running = A rodada { $round } de { $rounds } está em andamento. A classificação: `/torneio classificação torneio:{ $tournament }`.
tournament-won = Terminou: { $winner } venceu.
tournament-unplayed = Não aconteceu: poucos jogadores se inscreveram.
tournament-round-title = { $title } — **rodada { $round } de { $rounds }**
tournament-board = Tabuleiro { $board }: { $white } (Brancas) contra { $black } (Pretas) — partida #{ $game }
tournament-board-forfeit = Tabuleiro { $board }: { $white } (Brancas) contra { $black } (Pretas) — { $winner } vence por W.O.: { $absent } desistiu.
tournament-bye = Folga: { $player } não joga esta rodada e ganha um ponto.
tournament-round-play = Jogue no seu tabuleiro com o botão Jogar, ou com `/jogar`. Boa sorte!
# The tie-breaks by their names, each followed by FIDE's abbreviation (kept as FIDE writes it).
tie-break-bh-c1 = Buchholz com corte 1 (BH-C1)
tie-break-bh = Buchholz (BH)
tie-break-sb = Sonneborn-Berger (SB)
tournament-tie-breaks = Desempates: { $names }
tournament-standing = { $rank }. { $player } — **{ $points }** { $half-points ->
    [1] ponto
    [2] ponto
   *[other] pontos
} · { $tie-breaks }{ $withdrawn ->
    [yes] {" "}(desistiu)
   *[no] {""}
}
tournament-progress = { $format } · { $stage ->
    [signup] inscrições abertas
    [running] rodada { $round } de { $rounds } em andamento
   *[finished] classificação final
}
tournament-standings-title = **Classificação** do { $title } · { $progress }
tournament-final = 🏆 O { $title } terminou: { $winner } vence com { $points } { $half-points ->
    [1] ponto
    [2] ponto
   *[other] pontos
}! Parabéns!
    Classificação final:
tournament-final-unplayed = O { $title } não aconteceu: poucos jogadores tinham se inscrito até o início.
crosstable-rank = #
crosstable-player = Jogador
crosstable-round = R
crosstable-points = Pts
crosstable-withdrawn = desistiu
crosstable-bye = folga
tournament-stage-signup = inscrições abertas
tournament-stage-signup-timed = inscrições abertas, começa { $time }
tournament-stage-running = rodada { $round } de { $rounds }
tournament-stage-finished = encerrado
tournament-list-empty = Este servidor ainda não tem torneios. Crie um com `/torneio criar`.
tournament-list-title = **Torneios deste servidor** · { $total } no total, os mais novos primeiro · página { $page } de { $pages }
tournament-list-line = • #{ $tournament } **{ $name }** — { $format } · { $stage }
tournament-choice = #{ $tournament } { $name } ({ $stage })
tournament-thread-name = Torneio #{ $tournament }: { $name }
tournament-joined = Você entrou no torneio #{ $tournament }, { $name }. Boa sorte!
tournament-left = { $started ->
    [yes] Você desistiu do torneio #{ $tournament }, { $name }: a partida em andamento está perdida, e as suas partidas restantes são perdidas por W.O.
   *[no] Você saiu da lista de jogadores do torneio #{ $tournament }, { $name }.
}
tournament-withdrew = { $started ->
    [yes] { $player } foi retirado do torneio #{ $tournament }: a partida em andamento está perdida, e as partidas restantes são perdidas por W.O.
   *[no] { $player } saiu da lista de jogadores do torneio #{ $tournament }.
}
tournament-started = O torneio #{ $tournament }, { $name }, começou: os emparceiramentos da rodada 1 estão sendo publicados.
tournament-result-set = Torneio #{ $tournament }, rodada { $round }, tabuleiro { $board }: agora quem vence é { $winner }. As rodadas já emparceiradas ficam como estão.
tournament-exported = Torneio #{ $tournament }, { $name }: os registros de todas as partidas, e o torneio como arquivo FIDE TRF.

## Respostas curtas

internal = Algo deu errado do nosso lado. Tente de novo, por favor.
database-unreachable = Não consigo acessar meu banco de dados agora. Tente de novo daqui a pouco, por favor.
other-bot = Outros bots não podem jogar. Desafie uma pessoa, ou escolha a mim para jogar contra o computador.
unknown-button = Esse botão não faz mais nada. Use `/tabuleiro` para ver a partida.
activity-off = Jogar no tabuleiro dentro do Discord está desativado neste bot agora. Use o botão Jogar ou `/jogar`.
unknown-command = Não conheço esse comando; talvez o Discord ainda esteja mostrando uma lista antiga. Digite `/` para ver os comandos atuais.
malformed-command = Esse comando chegou com uma opção faltando ou do tipo errado, então não fiz nada. Escolha-o de novo no menu `/`.
not-manager = Só quem administra o servidor (com a permissão Gerenciar servidor) pode mudar as configurações.
server-only = Este comando só funciona em um servidor.

## Puzzles (/puzzle, the daily puzzle)
button-solution = Solução
button-solve = Resolver
puzzle-title = **Problema #{ $puzzle }** · rating { $rating }
daily-puzzle-title = **Problema do dia { $day }** (problema #{ $puzzle }) · rating { $rating }
puzzle-themes = { $themes }
# A puzzle's theme (see docs/puzzles.md).
puzzle-theme = { $theme ->
    [queen-capture] captura da rainha
    [no-moves] sem jogadas
    [forced-win] vitória forçada
    [advantage] vantagem
    [trapped-queen] rainha presa
    [baby-takes-queen] um bebê captura a rainha
    [birth-blocks] o recém-nascido bloqueia
    [quiet-move] jogada tranquila
    [one-move] uma jogada
    [short] curto
    [long] longo
   *[very-long] muito longo
}
puzzle-find = Encontre a jogada vencedora das { $color ->
    [white] Brancas
   *[black] Pretas
}{ $moves ->
    [one] .
   *[other] ; a solução tem { $moves } jogadas suas.
}
puzzle-next = Agora encontre a próxima jogada das { $color ->
    [white] Brancas
   *[black] Pretas
}.
puzzle-how = { $daily ->
    [yes] Responda com **Jogar**.
   *[no] Responda com **Jogar** ou com `/jogar`.
}
puzzle-tries = Tentativas erradas até agora: { $tries }.
# The header line over a puzzle's picture.
puzzle-caption = Problema #{ $puzzle } · { $solved ->
    [yes] resolvido
   *[no] as { $color ->
        [white] Brancas
       *[black] Pretas
    } jogam e vencem
}
puzzle-pick-piece = **Problema #{ $puzzle }**: escolha a peça a mover; as peças marcadas podem se mover.
puzzle-pick-destination = **Problema #{ $puzzle }**: escolha para onde vai a peça de { $square }; suas jogadas estão marcadas.
puzzle-right = ✅ **{ $move }** está certo. As { $color ->
    [white] Brancas
   *[black] Pretas
} respondem { $reply }.
puzzle-solved = 🎉 **{ $move }**: você resolveu o problema #{ $puzzle }!
daily-puzzle-solved = 🎉 **{ $move }**: você resolveu o problema do dia { $day } { $tries ->
    [0] na primeira tentativa!
    [one] depois de 1 tentativa errada!
   *[other] depois de { $tries } tentativas erradas!
}
puzzle-rating-change = Rating de problemas: { $before } → **{ $after }** ({ $change }).
puzzle-streak = Sequência: { $streak ->
    [one] { $streak } resolvido.
   *[other] { $streak } resolvidos seguidos.
}
puzzle-wrong = ❌ **{ $move }** não é a jogada vencedora.
puzzle-try-again = Tente de novo com **Jogar**, ou veja a resposta com **Solução**. Tentativas erradas: { $tries }.
puzzle-solution = Solução: { $moves }
puzzle-given-up = Você desistiu do problema #{ $puzzle }.
puzzle-another = Peça outro com `/problema`.
daily-puzzle-post = 🧩 **Problema do dia { $day }**: encontre a jogada vencedora das { $color ->
    [white] Brancas
   *[black] Pretas
}{ $moves ->
    [one] .
   *[other] {" "}({ $moves } jogadas a encontrar).
} Aperte **Resolver** para tentar: só você vê suas respostas.
daily-solvers-title = **Problema do dia { $day }**: quem resolveu, por ordem
daily-solvers-empty = **Problema do dia { $day }**: ninguém resolveu ainda. Tente com `/problema diário`.
daily-solver-line = { $rank }. { $player } — { $tries ->
    [0] na primeira tentativa
    [one] depois de 1 tentativa errada
   *[other] depois de { $tries } tentativas erradas
} · <t:{ $time }:t>
stats-puzzles = Problemas: rating **{ $rating }** (±{ $deviation }) · { $solved ->
    [0] 0 resolvidos
    [one] { $solved } resolvido
   *[other] { $solved } resolvidos
}, { $failed ->
    [0] 0 errados
    [one] { $failed } errado
   *[other] { $failed } errados
} · sequência { $streak } (melhor { $best })
stats-no-puzzles = Problemas: nenhum tentado ainda (`/problema`).
settings-daily-puzzle = Problema do dia: publicado em { $channel } todo dia (UTC).
settings-daily-puzzle-off = Problema do dia: não publicado.
daily-puzzle-channel-chosen = 🧩 O problema do dia será publicado aqui todo dia (UTC).
daily-puzzle-channel-unreachable = Não consigo publicar em { $channel }: preciso ver o canal, enviar mensagens e anexar arquivos nele. Nada foi alterado.
daily-puzzle-channel-conflict = Escolha um canal para o problema do dia ou desative-o, não os dois. Nada foi alterado.

## Texto alternativo das imagens (a descrição de um anexo do Discord, que os leitores de tela leem)

board-alt = Tabuleiro de Monkey Queen, { $size }×{ $size }, { $ply ->
    [0] na posição inicial.
    [one] depois de 1 jogada.
   *[other] depois de { $ply } jogadas.
}
board-alt-to-move = { $color ->
    [white] Vez das Brancas.
   *[black] Vez das Pretas.
}
board-alt-over = A partida terminou.
board-alt-last = Última jogada: { $move }
board-alt-queen = { $color ->
    [white] Rainha branca
   *[black] Rainha preta
} em { $square }, pilha de { $height }.
board-alt-queen-taken = { $color ->
    [white] A rainha branca
   *[black] A rainha preta
} foi capturada.
board-alt-babies = { $count ->
    [0] { $color ->
        [white] As Brancas
       *[black] As Pretas
    } não têm bebês.
    [one] Um bebê { $color ->
        [white] branco
       *[black] preto
    }: { $squares }.
   *[other] { $count } bebês { $color ->
        [white] brancos
       *[black] pretos
    }: { $squares }.
}
# Uma lista de bebês encurtada: "a1, b2, c3 e mais 14".
board-alt-more = { $squares } e mais { $more }
replay-alt = Replay da partida #{ $game }, uma imagem por jogada até a jogada { $ply }. Última imagem:
analysis-alt = Análise da partida #{ $game }: quem estava à frente depois de cada jogada, { $mistakes ->
    [0] sem erros marcados.
    [one] com 1 erro marcado.
   *[other] com { $mistakes } erros marcados.
} Posição final:

## Lições: uma regra por etapa, aprendida jogando

lesson-queen-title = A rainha
lesson-queen-rule = A rainha se move como a dama do xadrez: quantas casas vazias quiser ao longo de uma fileira, uma coluna ou uma diagonal. Cada jogada que não é captura deixa um bebê na casa de onde ela saiu.
lesson-shrink-title = A pilha diminui
lesson-shrink-rule = Uma rainha é uma pilha de pedras, e cada bebê que ela deixa para trás é uma delas: o número da rainha cai um a cada nascimento.
lesson-queen-two-title = Uma rainha de duas
lesson-queen-two-rule = Uma rainha de apenas 2 pedras não pode mais dar à luz: ela só pode capturar.
lesson-baby-title = Os bebês
lesson-baby-rule = Um bebê se move pelas mesmas linhas que uma rainha, mas uma jogada que não é captura precisa terminar mais perto da rainha inimiga do que onde começou.
lesson-capture-title = Capturas
lesson-capture-rule = Qualquer peça captura uma peça inimiga movendo-se para a casa dela pelas suas linhas. Uma captura não precisa se aproximar da rainha inimiga, e uma rainha que captura não deixa bebê.
lesson-take-queen-title = Capture a rainha
lesson-take-queen-rule = Capturar a rainha inimiga vence a partida na hora.
lesson-no-moves-title = Sem jogadas
lesson-no-moves-rule = Quem não tem nenhuma jogada legal na sua vez perde: deixe seu adversário sem nenhuma.
lesson-pie-title = A regra de troca
lesson-pie-rule = Numa partida com a regra de troca, as Brancas jogam primeiro; depois as Pretas podem trocar: ficar com o lado das Brancas, com a posição e tudo, em vez de jogar. Por isso a melhor primeira jogada das Brancas é uma jogada equilibrada.
lesson-puzzles-title = Encontre a jogada
lesson-puzzles-rule = Posições de partidas de verdade: uma jogada vence.
lesson-task-reach = Mova a peça de { $from } para { $to }.
lesson-task-reach-any = Mova a peça de { $from } para qualquer casa aonde ela possa ir.
lesson-task-capture = Capture a peça de { $squares }.
lesson-task-capture-any = Capture uma peça.
lesson-task-take-queen = Vença capturando a rainha inimiga.
lesson-task-no-moves = Vença com uma jogada: deixe seu adversário sem nenhuma jogada legal.
lesson-task-swap = Troque de cor: fique com a posição das Brancas.
lesson-other-piece = Essa jogada é legal, mas mova a peça de { $square }.
lesson-elsewhere = Essa jogada é legal, mas não chega à casa marcada.
lesson-no-capture = Essa jogada é legal, mas não é uma captura: tome uma das peças marcadas.
lesson-other-capture = Essa captura é legal, mas tome a peça marcada.
lesson-queen-not-taken = Essa jogada é legal, mas a rainha inimiga continua de pé.
lesson-opponent-can-move = Essa jogada é legal, mas seu adversário ainda poderia jogar { $move }.
lesson-not-the-win = Essa jogada é legal, mas não é a jogada vencedora: olhe a peça marcada.
lesson-not-swap = Essa jogada é legal, mas a primeira jogada das Brancas é forte: troque e fique com ela.
lesson-right = Certo!
lesson-stage-done = Etapa concluída: { $stars } de 3 estrelas.

## /learn: the lessons in Discord, one exercise at a time, on a board only the player sees
learn-heading = **{ $title }** · etapa { $stage } de { $stages } · exercício { $exercise } de { $exercises }
learn-caption = { $title } · exercício { $exercise } de { $exercises }
learn-right = ✅ **{ $move }**: certo!
learn-wrong = ❌ { $why }
learn-stage-finished = 🏅 Etapa “{ $title }” concluída: { $stars ->
    [one] 1 estrela
   *[other] { $stars } estrelas
} de 3.
learn-done = 🎓 Você concluiu todas as lições. Agora é jogar: desafie alguém com /desafiar, ou me desafie para jogar contra o computador; /problema tem mais posições para resolver.
learn-marks = No tabuleiro:
learn-mark-piece = azul: a peça que se move
learn-mark-tried = vermelho: sua tentativa
learn-mark-allowed = verde tracejado: aonde ela pode ir
learn-mark-target = amarelo: a casa pedida
learn-mark-blocker = vermelho: a peça no caminho
learn-mark-enemy-queen = vermelho-escuro tracejado: a rainha inimiga
learn-mark-reply = vermelho-escuro tracejado: a resposta do seu adversário
learn-mark-distance = √: a distância até a rainha inimiga
learn-try-again = Toque em **Jogar** para tentar de novo.
learn-press-move = Toque em **Jogar** para fazer sua jogada.
learn-pick-piece = **{ $title }**: escolha a peça a mover; as peças marcadas podem se mover.
learn-pick-destination = **{ $title }**: escolha para onde vai a peça de { $square }; suas jogadas estão marcadas.
learn-try-square = sem marca: tente e veja por quê
learn-offer = 📘 { $opponent }, primeira vez no Monkey Queen? /aprender ensina as regras em cinco minutos, num tabuleiro que só você vê.
