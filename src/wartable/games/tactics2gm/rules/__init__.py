"""2GM Tactics' rules as functions over plain data, one module per part of the rulebook."""
