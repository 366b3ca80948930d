# Monkey Queen — `/rules`: the rules in short, as one message (at most 2,000 characters).
# It must say what RULES.md says. Glossary: see bot.ftl.

rules =
    {"**"}Monkey Queen** (Mark Steere) — quick rules
    • 12×12 board. Each side starts with one **queen**: a stack of 20 checkers (White on g1, Black on f12). White moves first.
    • Every piece moves like a chess queen: any distance in a straight line, no jumping. It may stop on an empty square or capture the first enemy piece in its way.
    • When the queen moves **without capturing**, it leaves one checker behind: a new **baby**. Its height drops by one. A queen of height 2 may only capture.
    • A baby's non-capturing move must end **closer to the enemy queen** (straight-line distance). Captures may go anywhere.
    • **Capture the enemy queen to win.** A player with no legal move loses. There are no draws.
    Play: `/challenge`, then `/move` (it suggests your legal moves) or a board's **Move** button, `/board`, `/moves`, `/resign`.
    Where I wasn't invited (you added me to your apps, and play in a group DM, a DM or another server), everything comes as answers to your commands and buttons: no threads, and an expired challenge keeps its buttons. For 15 minutes after the last move, a reminder or a loss on time comes as an answer to that move; after that, it comes by DM, to players who added the app.
