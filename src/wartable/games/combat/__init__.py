"""Combat! Volume 1 (Compass Games): solitaire man-to-man combat on hex maps.

Work in progress (issue 3): the terrain table, maps and line of sight with levels, heights and
blind hexes exist; the game itself (orders, impulses, the rules-driven enemy) comes next and
the game is not registered yet. Rules scope and rulings: docs/games/combat.md.
"""
