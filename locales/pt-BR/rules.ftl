# Monkey Queen — `/regras`: as regras em resumo, numa só mensagem (no máximo 2.000 caracteres).
# Deve dizer o mesmo que RULES.md.
#
# Glossário (o mesmo de bot.ftl):
#   queen = rainha · baby = bebê · stack = pilha · checker = pedra · piece = peça
#   capture = captura / capturar · ply = jogada · move = jogada · pie rule = regra de troca
#   rated = ranqueada · White / Black = Brancas / Pretas

rules =
    {"**"}Monkey Queen** (Mark Steere) — regras rápidas
    • Tabuleiro 12×12. Cada lado começa com uma **rainha**: uma pilha de 20 pedras (Brancas em g1, Pretas em f12). As Brancas começam.
    • Toda peça anda como a dama do xadrez: quantas casas quiser em linha reta, sem pular. Ela pode parar numa casa vazia ou capturar a primeira peça inimiga no caminho.
    • Quando a rainha se move **sem capturar**, deixa uma pedra para trás: um novo **bebê**. A altura dela cai em um. Uma rainha de altura 2 só pode capturar.
    • Uma jogada de bebê sem captura precisa terminar **mais perto da rainha inimiga** (distância em linha reta). Capturas podem ir para qualquer lugar.
    • **Capture a rainha inimiga para vencer.** Quem não tem jogada válida perde. Não há empate.
    Para jogar: `/desafiar`, depois `/jogar` (ele sugere suas jogadas válidas) ou o botão **Jogar** de um tabuleiro, `/tabuleiro`, `/jogadas`, `/desistir`.
    Onde não fui convidado (você me adicionou aos seus apps e joga num grupo de DM, numa DM ou em outro servidor), tudo chega como resposta aos seus comandos e botões: sem tópicos, e um desafio expirado mantém os botões. Nos 15 minutos seguintes à última jogada, um lembrete ou uma derrota por tempo chega como resposta a essa jogada; depois disso, chega por DM a quem adicionou o app.
