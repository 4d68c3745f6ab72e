"""Agents that choose actions through the core API only."""

from wartable.agents.registry import agent_names, make_agent

__all__ = ["agent_names", "make_agent"]
