"""Combat! Volume 1 (Compass Games): solitaire man-to-man combat on hex maps, the German side
run by the rules. What is played, the rulings taken and the history of the rules version
(``CombatState.game_version``): docs/games/combat.md.
"""
