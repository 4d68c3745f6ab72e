"""Pure geometry shared by the games: no rules, no randomness, no I/O."""
