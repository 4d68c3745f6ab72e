"""Train a masked PPO agent at Undaunted: Normandy against a registered agent (random by default).

A short PyTorch loop over ``wartable.rl.gym_env``: one network plays both seats (the
observation says which), illegal actions are masked out of the policy, the reward is +1 or
-1 at the end. Every ``--eval-every`` steps it plays ``--eval-games`` games against the
opponent, half from each seat, and prints the win rate, so you can watch it learn.

    python examples/train_undaunted.py --steps 200000 --scenario la-raye
    python examples/train_undaunted.py --steps 300 --eval-games 2   # a smoke run

Needs ``pip install 'wartable[train]'`` (PyTorch). docs/rl.md gives the measured curve.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch import nn

import wartable.rl as rl
from wartable.core.errors import WartableError

SEATS = ("us", "germany")


class Policy(nn.Module):
    """Logits over the whole action space and a value, from the observation."""

    def __init__(self, size: int, actions: int, width: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(size, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh()
        )
        self.logits = nn.Linear(width, actions)
        self.value = nn.Linear(width, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.logits(h).masked_fill(mask == 0, -1e9)
        return logits, self.value(h).squeeze(-1)


@dataclass
class Settings:
    scenario: str = "la-raye"
    opponent: str = "random"
    steps: int = 100_000
    batch: int = 2048
    epochs: int = 4
    minibatch: int = 256
    lr: float = 3e-4
    gamma: float = 0.995
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    eval_every: int = 10_000
    eval_games: int = 50
    final_against: tuple[str, ...] = ()
    seed: int = 0
    out: Path | None = None


def choose(policy: Policy, obs: dict, greedy: bool = False) -> tuple[int, float, float]:
    with torch.no_grad():
        logits, value = policy(
            torch.as_tensor(obs["observation"])[None], torch.as_tensor(obs["action_mask"])[None]
        )
        dist = torch.distributions.Categorical(logits=logits)
        action = logits.argmax(-1) if greedy else dist.sample()
        return int(action), float(dist.log_prob(action)), float(value)


def evaluate(
    policy: Policy, s: Settings, games: int, seed: int, against: str | None = None
) -> float:
    """Wins (a draw counts half) over ``games`` games, half from each seat."""
    score = 0.0
    for g in range(games):
        opponent = against or s.opponent
        env = rl.gym_env("undaunted", s.scenario, seat=SEATS[g % 2], opponents=opponent)
        obs, _ = env.reset(seed=seed + g)
        done, r = False, 0.0
        while not done:
            action, _, _ = choose(policy, obs)
            obs, r, done, _, _ = env.step(action)
        score += 1.0 if r > 0 else 0.5 if r == 0 else 0.0
    return score / max(1, games)


def train(s: Settings) -> list[dict[str, float]]:
    torch.manual_seed(s.seed)
    envs = [rl.gym_env("undaunted", s.scenario, seat=seat, opponents=s.opponent) for seat in SEATS]
    size = envs[0].observation_space["observation"].shape[0]
    actions = int(envs[0].action_space.n)
    policy = Policy(size, actions)
    optimiser = torch.optim.Adam(policy.parameters(), lr=s.lr)
    episode = 0
    env = envs[0]
    obs, _ = env.reset(seed=s.seed)
    done_steps, next_eval, started = 0, 0, time.time()
    curve: list[dict[str, float]] = []
    while done_steps < s.steps:
        if done_steps >= next_eval:
            rate = evaluate(policy, s, s.eval_games, seed=10_000_000 + done_steps)
            row = {"steps": done_steps, "win_rate": rate, "seconds": time.time() - started}
            curve.append(row)
            print(f"steps {done_steps:>8}  win rate vs {s.opponent} {rate:6.1%}  "
                  f"({row['seconds']:.0f} s)", flush=True)  # fmt: skip
            next_eval += s.eval_every
        batch = {k: [] for k in ("obs", "mask", "act", "logp", "val", "rew", "done")}
        for _ in range(min(s.batch, s.steps - done_steps)):
            action, logp, value = choose(policy, obs)
            batch["obs"].append(obs["observation"])
            batch["mask"].append(obs["action_mask"])
            batch["act"].append(action)
            batch["logp"].append(logp)
            batch["val"].append(value)
            obs, r, done, _, _ = env.step(action)
            batch["rew"].append(r)
            batch["done"].append(done)
            done_steps += 1
            if done:
                episode += 1
                env = envs[episode % 2]  # the seats in turn
                obs, _ = env.reset(seed=s.seed + episode)
        _, _, last = choose(policy, obs)
        update(policy, optimiser, batch, last, s)
    rate = evaluate(policy, s, s.eval_games, seed=20_000_000)
    curve.append({"steps": done_steps, "win_rate": rate, "seconds": time.time() - started})
    print(f"steps {done_steps:>8}  win rate vs {s.opponent} {rate:6.1%}  (final)", flush=True)
    for name in s.final_against:
        other = evaluate(policy, s, s.eval_games, seed=30_000_000, against=name)
        print(f"steps {done_steps:>8}  win rate vs {name} {other:6.1%}  (final)", flush=True)
    if s.out is not None:
        with s.out.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=["steps", "win_rate", "seconds"])
            writer.writeheader()
            writer.writerows(curve)
    return curve


def update(policy: Policy, optimiser: torch.optim.Optimizer, b: dict, last: float, s: Settings):
    """PPO's clipped objective over the batch, advantages by GAE (episodes cut at their end)."""
    rew, val, done = np.array(b["rew"]), np.array(b["val"]), np.array(b["done"])
    adv = np.zeros(len(rew), dtype=np.float32)
    running, following = 0.0, last
    for t in range(len(rew) - 1, -1, -1):
        live = 0.0 if done[t] else 1.0
        delta = rew[t] + s.gamma * following * live - val[t]
        running = delta + s.gamma * s.lam * live * running
        adv[t], following = running, val[t]
    ret = torch.as_tensor(adv + val, dtype=torch.float32)
    obs = torch.as_tensor(np.array(b["obs"]))
    mask = torch.as_tensor(np.array(b["mask"]))
    act = torch.as_tensor(b["act"])
    old = torch.as_tensor(b["logp"], dtype=torch.float32)
    advantage = torch.as_tensor(adv)
    advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
    for _ in range(s.epochs):
        for idx in torch.randperm(len(act)).split(s.minibatch):
            logits, value = policy(obs[idx], mask[idx])
            dist = torch.distributions.Categorical(logits=logits)
            ratio = torch.exp(dist.log_prob(act[idx]) - old[idx])
            gain = torch.min(
                ratio * advantage[idx], ratio.clamp(1 - s.clip, 1 + s.clip) * advantage[idx]
            )
            loss = -gain.mean() + 0.5 * (value - ret[idx]).pow(2).mean()
            loss = loss - s.entropy * dist.entropy().mean()
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimiser.step()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", default="la-raye")
    parser.add_argument("--opponent", default="random", help="a registered agent's name")
    parser.add_argument("--steps", type=int, default=100_000, help="learner steps in all")
    parser.add_argument("--batch", type=int, default=2048)
    parser.add_argument("--eval-every", type=int, default=10_000)
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument(
        "--final-against", default="", help="agents to measure it against at the end, a,b"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's threads")
    parser.add_argument("--out", type=Path, help="write the learning curve here as CSV")
    parser.add_argument("--plot", type=Path, help="draw the learning curve into this PNG/SVG")
    args = parser.parse_args(argv)
    if args.plot is not None and args.plot.suffix.lower() not in (".png", ".svg"):
        parser.error(f"--plot {args.plot}: name a .png or .svg file")
    if args.steps < 1 or args.batch < 1 or args.eval_every < 1 or args.eval_games < 0:
        parser.error("--steps, --batch and --eval-every must be at least 1, --eval-games 0")
    torch.set_num_threads(args.threads)
    settings = Settings(
        scenario=args.scenario,
        opponent=args.opponent,
        steps=args.steps,
        batch=args.batch,
        minibatch=min(256, args.batch),
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        final_against=tuple(n for n in args.final_against.split(",") if n),
        seed=args.seed,
        out=args.out,
    )
    try:
        curve = train(settings)
    except WartableError as exc:
        parser.error(str(exc))
    if args.plot is not None:
        plot_curve(curve, settings, args.plot)
    return 0


def plot_curve(curve: list[dict[str, float]], s: Settings, path: Path) -> None:
    """The win rate against the opponent by learner steps, with the 80% line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([r["steps"] for r in curve], [100 * r["win_rate"] for r in curve], marker="o")
    ax.axhline(80, color="grey", linestyle="--", linewidth=1)
    ax.set(
        xlabel="learner steps",
        ylabel=f"win rate vs {s.opponent} (%)",
        ylim=(0, 100),
        title=f"Undaunted, {s.scenario}: masked PPO, seed {s.seed}",
    )
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
