# Monkey Queen — `/reglas` (`/rules`): las reglas en breve, en un solo mensaje (2000 caracteres
# como mucho). Debe decir lo mismo que RULES.md.
#
# Glosario (el mismo que en bot.ftl):
#   queen     reina
#   baby      bebé
#   stack     pila (de fichas)
#   capture   capturar
#   ply       jugada
#   pie rule  regla de intercambio
#   rated     puntuable (si no, «amistosa»)
#   resign    rendirse (`/rendirse`)
# Tuteo: el mismo texto sirve a España y a América (nada de «vosotros»).

rules =
    {"**"}Monkey Queen** (Mark Steere) — reglas breves
    • Tablero de 12×12. Cada bando empieza con una **reina**: una pila de 20 fichas (blancas en g1, negras en f12). Empiezan las blancas.
    • Todas las piezas se mueven como la dama del ajedrez: en línea recta, tantas casillas como quieran, sin saltar. Pueden parar en una casilla vacía o capturar la primera pieza enemiga del camino.
    • Cuando la reina se mueve **sin capturar**, deja atrás una ficha: un nuevo **bebé**. Su altura baja en uno. Una reina de altura 2 solo puede capturar.
    • Un bebé que no captura debe acabar **más cerca de la reina enemiga** (distancia en línea recta). Las capturas pueden ir a cualquier parte.
    • **Captura la reina enemiga para ganar.** Quien no tiene jugadas legales pierde. No hay tablas.
    Cómo jugar: `/desafiar`, luego `/mover` (te sugiere tus jugadas legales) o el botón **Mover** de un tablero, `/tablero`, `/jugadas`, `/rendirse`.
    Donde no me invitaron (me añadiste a tus aplicaciones y juegas en un MD de grupo, un MD u otro servidor), todo llega como respuesta a tus comandos y botones: sin hilos, y un desafío caducado conserva sus botones. Durante los 15 minutos siguientes a la última jugada, un recordatorio o una derrota por tiempo llega como respuesta a esa jugada; después, llega por MD a quien haya añadido la aplicación.
