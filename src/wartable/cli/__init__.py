"""The ``wartable`` command: play, simulate, replay. Knows games only through the core API."""
