"""Undaunted's rules as functions over the state, one module per part of the rulebook."""
