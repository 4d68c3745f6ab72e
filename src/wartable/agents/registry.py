"""Agents by name: the generic ones here, plus what each game offers (its heuristic)."""

from __future__ import annotations

from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.random import RandomAgent
from wartable.core.agent import Agent
from wartable.core.errors import UnknownNameError
from wartable.core.game import AgentFactory, Game

GENERIC: dict[str, AgentFactory] = {"random": RandomAgent, "ismcts": ISMCTSAgent}


def _factories(game: Game) -> dict[str, AgentFactory]:
    return {**GENERIC, **game.agents()}


def agent_names(game: Game) -> list[str]:
    return sorted(_factories(game))


def opponent(game: Game) -> str:
    """The agent a person plays against unless they name one: the game's heuristic, or the
    generic search for a game that has none yet (random play is no opponent)."""
    return "heuristic" if "heuristic" in game.agents() else "ismcts"


def make_agent(game: Game, name: str, seed: int = 0) -> Agent:
    factory = _factories(game).get(name)
    if factory is None:
        raise UnknownNameError("agent", name, agent_names(game))
    return factory(seed)
