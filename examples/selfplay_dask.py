"""Self-play that scales past one machine: VectorEnv rollouts on Dask workers.

A linear softmax policy (one weight row per discrete action over the
observation vector) plays both seats of ``--tables`` heads-up tables in each
Dask task (:class:`pokerkit_core.envs.VectorEnv`, stepped in C).  Every task
returns a REINFORCE gradient (each decision weighted by its seat's result of
that hand, big blinds) and its step count; the driver averages the gradients
and updates the weights, round after round.  The tasks are independent, so
adding workers (on this machine or others) adds rollouts per round.

Needs the extras ``rl`` and ``distributed``::

    pip install "pokerkit_core[rl,distributed]"

Here, with a local cluster of ``--workers`` processes::

    python examples/selfplay_dask.py --workers 2 --rounds 5

On a cluster: start a scheduler and workers (every machine with
pokerkit_core installed), then point the driver at the scheduler::

    dask scheduler                                  # on the head node (port 8786)
    dask worker tcp://HEAD:8786 --nworkers 8 --nthreads 1   # on every other node
    python examples/selfplay_dask.py --scheduler tcp://HEAD:8786 --tasks 64

Prints the environment steps per second of each round (all tasks' table
decisions over the round's wall time) and the mean absolute result.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from pokerkit_core.envs import VectorEnv


def rollout(weights: np.ndarray, tables: int, steps: int, seed: int) -> tuple[np.ndarray, int, float]:
    """One task: ``steps`` batched steps of self-play, then the gradient.

    Args:
        weights: ``(actions, observation size)`` policy weights.
        tables: Tables stepped together.
        steps: Batched steps (each is one decision per table).
        seed: Seeds the tables and the action draws.

    Returns:
        ``(gradient, decisions, mean |result|)``: the REINFORCE gradient of the
        mean result over the decisions whose hand ended in the window, the
        number of table decisions played, and the mean absolute result of a
        finished hand (big blinds).
    """
    batch = VectorEnv(tables)
    pick = np.random.default_rng(seed)
    observations, masks = batch.reset(seed=seed)
    size, actions = batch.observation_size, batch.action_size
    obs_log = np.zeros((steps, tables, size), np.float32)
    score_log = np.zeros((steps, tables, actions), np.float32)
    seat_log = np.zeros((steps, tables), np.int8)
    hand_log = np.zeros((steps, tables), np.int64)
    hand = np.zeros(tables, np.int64)
    results: dict[tuple[int, int], np.ndarray] = {}
    for t in range(steps):
        logits = observations @ weights.T
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        chosen = (probs.cumsum(axis=1) > pick.random((tables, 1))).argmax(axis=1)
        obs_log[t] = observations
        score_log[t] = -probs
        score_log[t, np.arange(tables), chosen] += 1.0  # d log p(chosen) / d logits
        seat_log[t] = batch.to_act
        hand_log[t] = hand
        observations, masks, rewards, dones = batch.step(chosen)
        for i in np.flatnonzero(dones):
            results[(int(i), int(hand[i]))] = rewards[i].copy()
        hand += dones
    weight = np.zeros((steps, tables), np.float32)
    for (i, h), result in results.items():
        rows = hand_log[:, i] == h
        weight[rows, i] = result[seat_log[rows, i]]
    gradient = np.einsum("tn,tna,tnd->ad", weight, score_log, obs_log) / max(1, int((weight != 0).sum()))
    spread = float(np.mean([abs(r[0]) for r in results.values()])) if results else 0.0
    return gradient, steps * tables, spread


def main(argv: list[str] | None = None) -> list[float]:
    """Run the rounds; returns the steps per second of each round."""
    from dask.distributed import Client, LocalCluster

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (default: a local cluster)")
    parser.add_argument("--workers", type=int, default=1, help="local worker processes (no --scheduler)")
    parser.add_argument("--tasks", type=int, default=0, help="tasks per round (default: one per worker)")
    parser.add_argument("--tables", type=int, default=256)
    parser.add_argument("--steps", type=int, default=200, help="batched steps per task")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--learning-rate", type=float, default=1e-4)
    args = parser.parse_args(argv)
    cluster: Any = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        workers = len(client.scheduler_info()["workers"])
        tasks = args.tasks or workers
        probe = VectorEnv(1)
        weights = np.zeros((probe.action_size, probe.observation_size), np.float32)
        rates = []
        for r in range(args.rounds):
            start = time.perf_counter()
            futures = [
                client.submit(rollout, weights, args.tables, args.steps, 1_000 * r + k, pure=False)
                for k in range(tasks)
            ]
            outputs = client.gather(futures)
            elapsed = time.perf_counter() - start
            gradient = np.mean([g for g, _n, _s in outputs], axis=0)
            weights = weights + args.learning_rate * gradient
            steps = sum(n for _g, n, _s in outputs)
            rates.append(steps / elapsed)
            spread = np.mean([s for _g, _n, s in outputs])
            print(f"round {r}: {workers} workers, {tasks} tasks, {steps:,} steps, "
                  f"{steps / elapsed:,.0f} steps/s, mean |result| {spread:.2f} bb", flush=True)
        return rates
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    main()
