"""The web server under load: N concurrent games between bots over websockets, on loopback.

Usage: python bench/server.py [--games N] [--seconds S] [--max-actions M] [--think T]
                              [--commit-delay MS]

Starts `wartable serve` on a free local port with a fresh database, creates N Undaunted games
with two human seats each (the creator's seat and one invitation, claimed as a second browser
would), and connects one websocket bot per seat. Each bot answers every state that asks it to
act with a random legal action, after "thinking" T seconds on average (0: at once, which
measures the server saturated rather than the wait a player feels).

Latency is the time from sending an action to receiving the state that includes it. The
server's CPU per action is its process's CPU time (user + system, from /proc) over the
measured actions. The machine's load average is printed before and after, since the bots
share the machine with the server and any other work skews every figure.

``--commit-delay MS`` runs the same application in a child process whose store sleeps MS
before each commit, as a slow disk's fsync would: with storage off the event loop and group
commit, the rate should stay up (one commit serves every game that committed meanwhile).
Bounded: it stops after S seconds or M actions in all, whichever comes first.
The aim: 200 concurrent games with p99 under 50 ms, and a saturated rate that CPU limits.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int, commit_delay: float) -> subprocess.Popen[bytes]:
    if commit_delay:
        cmd = [sys.executable, __file__, "--child", str(db), str(port), str(commit_delay)]
    else:
        cmd = [sys.executable, "-m", "wartable.cli.main", "serve", "--port", str(port)]
        cmd += ["--db", str(db)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1)
            return proc
        except httpx2.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def child(db: str, port: int, delay_ms: float) -> None:
    """The server with a store that sleeps before every commit (a slow disk)."""
    import uvicorn

    from wartable.server.app import create_app
    from wartable.server.store import SqliteStore

    class SlowDisk(SqliteStore):
        def batch(self, ops: Any) -> list[Any]:
            time.sleep(delay_ms / 1000)
            return super().batch(ops)

    app = create_app(SlowDisk(db), port=port)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Totals:
    def __init__(self, limit: int, until: float) -> None:
        self.latencies: list[float] = []
        self.limit = limit
        self.until = until
        self.finished = 0
        self.cpu_at_start = 0.0  # the server's CPU seconds when the bots began

    @property
    def done(self) -> bool:
        return len(self.latencies) >= self.limit or time.perf_counter() >= self.until


async def bot(url: str, token: str, seed: int, totals: Totals, think: float) -> None:
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_n = -1
        while not totals.done:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=5))
            except TimeoutError:
                return
            if msg.get("type") != "state":
                sent_at = None  # an error (e.g. stale): wait for the next state
                continue
            if sent_at is not None and msg["n"] > sent_n:
                totals.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if msg["outcome"]:
                totals.finished += 1
                return
            if msg["legal"] and sent_at is None:
                if think:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                sent_n = msg["n"]
                sent_at = time.perf_counter()
                action = rng.choice(msg["legal"])
                await ws.send(json.dumps({"type": "act", "n": sent_n, "action": action}))


async def seats(client: httpx2.AsyncClient) -> tuple[str, dict[str, str]]:
    """A new game between two people: the creator's token and the other's, claimed."""
    made = (
        await client.post("/api/games", json={"game": "undaunted", "scenario": "la-raye"})
    ).json()
    tokens = {made["seat"]: made["token"]}
    for seat, link in made["invitations"].items():
        code = link.split("invite=")[1]
        r = await client.post(f"/api/games/{made['id']}/claim", json={"invite": code})
        tokens[seat] = r.json()["token"]
    return made["id"], tokens


async def run(
    base: str, pid: int, games: int, seconds: float, max_actions: int, think: float
) -> Totals:
    async with httpx2.AsyncClient(base_url=base, timeout=30) as client:
        made = [await seats(client) for _ in range(games)]
    totals = Totals(max_actions, time.perf_counter() + seconds)
    totals.cpu_at_start = cpu_seconds(pid)
    ws_base = base.replace("http://", "ws://")
    bots = [
        bot(f"{ws_base}/ws/games/{gid}", token, k, totals, think)
        for k, (gid, tokens) in enumerate(made)
        for token in tokens.values()
    ]
    await asyncio.gather(*bots)
    return totals


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--max-actions", type=int, default=50_000)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--commit-delay", type=float, default=0.0, metavar="MS")
    args = parser.parse_args()
    port = free_port()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(Path(tmp) / "bench.sqlite3", port, args.commit_delay)
        try:
            start = time.perf_counter()
            bots_cpu = time.process_time()
            totals = asyncio.run(
                run(
                    f"http://127.0.0.1:{port}",
                    proc.pid,
                    args.games,
                    args.seconds,
                    args.max_actions,
                    args.think,
                )
            )
            elapsed = time.perf_counter() - start
            cpu = cpu_seconds(proc.pid) - totals.cpu_at_start
            bots_cpu = time.process_time() - bots_cpu
        finally:
            proc.kill()
            proc.wait()
    load_after = os.getloadavg()
    lat = sorted(totals.latencies)
    if not lat:
        raise SystemExit("no action was measured")
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    disk = f", commits delayed {args.commit_delay:g} ms" if args.commit_delay else ""
    print(
        f"wartable server, {args.games} concurrent Undaunted games, bots over websockets, "
        f"thinking {args.think} s on average{disk}"
    )
    print(f"  actions: {len(lat):,} in {elapsed:.1f} s = {len(lat) / elapsed:,.0f} actions/s")
    print(f"  latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms (aim: p99 under 50 ms)")
    print(
        f"  server CPU while the bots played: {cpu:.1f} s = {cpu / len(lat) * 1000:.2f} ms/action"
    )
    print(f"  the bots' own CPU (one client process, games set up included): {bots_cpu:.1f} s")
    print(
        f"  machine: {os.cpu_count()} cores, load average {load_before[0]:.2f} before, "
        f"{load_after[0]:.2f} after"
    )
    print(f"  games finished: {totals.finished // 2}")


if __name__ == "__main__":
    main()
