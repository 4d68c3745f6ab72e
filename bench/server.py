"""The web server under load: N concurrent games between bots over websockets, on loopback.

Usage: python bench/server.py [--games N] [--seconds S] [--max-actions M] [--think T]

Starts `wartable serve` on a free local port with a fresh database, creates N Undaunted games
with two seats each, and connects one websocket bot per seat. Each bot answers every state
that asks it to act with a random legal action, after "thinking" T seconds on average (0:
at once, which measures the server saturated rather than the wait a player feels).
Latency is the time from sending an action to receiving the state that includes it.
Bounded: it stops after S seconds or M actions in all, whichever comes first.
Prints actions per second and the p50 / p99 latency.
The issue's aim: 200 concurrent games with p99 under 50 ms on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "wartable.cli.main", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1)
            return proc
        except httpx2.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Totals:
    def __init__(self, limit: int, until: float) -> None:
        self.latencies: list[float] = []
        self.limit = limit
        self.until = until
        self.finished = 0

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


async def run(base: str, games: int, seconds: float, max_actions: int, think: float) -> Totals:
    async with httpx2.AsyncClient(base_url=base, timeout=30) as client:
        made = []
        for k in range(games):
            r = await client.post(
                "/api/games", json={"game": "undaunted", "scenario": "la-raye", "seed": k}
            )
            made.append(r.json())
    totals = Totals(max_actions, time.perf_counter() + seconds)
    ws_base = base.replace("http://", "ws://")
    bots = [
        bot(
            f"{ws_base}/ws/games/{m['id']}",
            link.split("token=")[1],
            hash((m["id"], seat)),
            totals,
            think,
        )
        for m in made
        for seat, link in m["links"].items()
    ]
    await asyncio.gather(*bots)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--max-actions", type=int, default=50_000)
    parser.add_argument("--think", type=float, default=0.5)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(Path(tmp) / "bench.sqlite3", port)
        try:
            start = time.perf_counter()
            totals = asyncio.run(
                run(
                    f"http://127.0.0.1:{port}",
                    args.games,
                    args.seconds,
                    args.max_actions,
                    args.think,
                )
            )
            elapsed = time.perf_counter() - start
        finally:
            proc.kill()
            proc.wait()
    lat = sorted(totals.latencies)
    if not lat:
        raise SystemExit("no action was measured")
    p50 = statistics.median(lat) * 1000
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
    print(
        f"wartable server, {args.games} concurrent Undaunted games, bots over websockets, "
        f"thinking {args.think} s on average"
    )
    print(f"  actions: {len(lat):,} in {elapsed:.1f} s = {len(lat) / elapsed:,.0f} actions/s")
    print(f"  latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms (aim: p99 under 50 ms)")
    print(f"  games finished: {totals.finished // 2}")


if __name__ == "__main__":
    main()
