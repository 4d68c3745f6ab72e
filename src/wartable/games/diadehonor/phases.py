"""Día de Honor's phases, named once: the deployment, situation cards being resolved, the
initiative roll, the activations, and the end. A phase is a str (views and full states read
as before) that mypy checks: a misspelt phase is an error, not a comparison that never holds."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DEPLOY = "deploy"
    CARDS = "cards"
    INITIATIVE = "initiative"
    ACTIVATE = "activate"
    OVER = "over"
