"""Storage off the event loop (issue 9, item 6): while one game's commit waits on the disk,
every other game goes on; actions that queue up meanwhile share one commit; and still nobody
hears of an action before it is durable."""

from __future__ import annotations

import asyncio
import threading

from tests.server.helpers import run_async
from wartable.server.rooms import Rooms
from wartable.server.store import SqliteStore
from wartable.server.writer import Writer


class SlowDisk(SqliteStore):
    """A store whose commits wait until the test opens the gate, counting each transaction."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.gate = threading.Event()
        self.gate.set()
        self.batches: list[int] = []

    def batch(self, ops):
        self.gate.wait(timeout=30)
        self.batches.append(len(ops))
        return super().batch(ops)


def test_a_slow_commit_stalls_no_other_game_and_tells_nobody_early(tmp_path):
    async def main() -> None:
        disk = SlowDisk(str(tmp_path / "games.sqlite3"))
        writer = Writer(disk)
        rooms = Rooms(writer)
        made = [await rooms.create("undaunted", "la-raye", {"germany": "random"}) for _ in range(6)]
        games = [await rooms.get(m.id) for m in made]
        await asyncio.sleep(0.2)  # the AI seats bid
        first, others = games[0], games[1:]
        heard: list[int] = []

        async def listener() -> None:
            heard.append(first.state.action_count)

        first.listeners[1] = listener
        start = first.state.action_count
        disk.gate.clear()  # the disk stalls
        pending = asyncio.create_task(
            rooms.act(first, "us", start, str(first.state.legal_actions("us")[0]))
        )
        ticks = 0
        for _ in range(20):  # the event loop is free: it runs this, and serves other games
            await asyncio.sleep(0.005)
            rooms.snapshot(others[0], "us")
            ticks += 1
        assert ticks == 20 and not pending.done()
        assert first.state.action_count == start and heard == []  # not durable: not told
        queued = [
            asyncio.create_task(
                rooms.act(g, "us", g.state.action_count, str(g.state.legal_actions("us")[0]))
            )
            for g in others
        ]
        await asyncio.sleep(0.05)
        before = len(disk.batches)
        disk.gate.set()
        await pending
        await asyncio.gather(*queued)
        # told once our action is durable, not before; the AI seat may answer at once after
        assert heard[:1] == [start + 1] and first.state.action_count >= start + 1
        # the five actions that queued behind the stalled commit went to disk together
        assert max(disk.batches[before:]) >= len(others)
        await rooms.stop()
        writer.close()
        reopened = SqliteStore(str(tmp_path / "games.sqlite3"))
        for g in games:  # what any room holds (and told) is on disk; an AI move may be ahead
            saved = reopened.load(g.id)
            told = [(p, str(a)) for p, a in g.state.history()]
            assert saved is not None and saved.actions[: len(told)] == told
        reopened.close()
        disk.close()

    run_async(main())
