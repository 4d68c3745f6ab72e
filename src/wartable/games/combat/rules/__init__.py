"""Combat!'s rules as functions over small values, one module per part of the rulebook."""
