#!/usr/bin/env python3
"""Measures failover on a cluster (docs/SCALING.md, "Measured: failover"): three servers on one
PostgreSQL behind the private nginx, matches played without pause by players that reconnect as the page
does; a server is killed (`kill -9`) again and again, each time restarted a few seconds later. For
every match the kill cut off, the time from the kill to the match's next accepted move (a `board`
message with a new move, seen by either player); and every move a player was told of is then checked
to be in its match's log exactly once.

    TICTACTOE_TEST_POSTGRES_URL=postgres://… .venv/bin/python scripts/measure-failover.py [--kills 20] [--matches 30]

Uses the cluster harness of Tests/cluster (servers: $TICTACTOE_BIN, by default the debug build).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pathlib
import statistics
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "cluster"))

import conftest as harness  # noqa: E402  (the cluster harness: ClusterServer, Nginx, Cluster)
from match_logs import check_told_moves_stored_once, read_logs  # noqa: E402
from resilient_player import ResilientPlayer  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


async def measure(cluster, db_url: str, kills: int, matches: int, think_s: tuple[float, float]) -> None:
    match_ids = [cluster.create_match() for _ in range(matches)]
    stop = False
    deadline = time.monotonic() + 60 + kills * 15

    async def run_match(match_id):
        alice = ResilientPlayer(cluster.nginx.ws_url, match_id, "Alice", think_s)
        bob = ResilientPlayer(cluster.nginx.ws_url, match_id, "Bob", think_s)
        await alice.join(deadline)
        await bob.join(deadline)
        more = lambda player: not stop  # noqa: E731
        await asyncio.gather(alice.play(deadline, True, more), bob.play(deadline, False, more))
        return alice, bob

    tasks = [asyncio.create_task(run_match(match_id)) for match_id in match_ids]
    await asyncio.sleep(3)
    kill_times = []
    for index in range(kills):
        victim = cluster.servers[index % len(cluster.servers)]
        kill_times.append(time.monotonic())
        victim.kill()
        await asyncio.sleep(3)
        await asyncio.to_thread(victim.start)
        # The restarted server takes its matches back (1012 to their players): let that settle.
        await asyncio.sleep(4)
    stop = True
    results = await asyncio.gather(*tasks)

    recoveries = []
    for killed_at in kill_times:
        for alice, bob in results:
            cut = any(killed_at <= closed < killed_at + 2 for player in (alice, bob) for closed in player.closed_at)
            if not cut:
                continue
            after = [moved for player in (alice, bob) for moved in player.moves_at if moved > killed_at]
            if after:
                recoveries.append(min(after) - killed_at)
    logs = read_logs(db_url, match_ids)
    told = sum(check_told_moves_stored_once(logs[match_id], list(pair)) for match_id, pair in zip(match_ids, results))
    print(f"{kills} kills, {matches} matches, think {think_s[0]*1000:.0f}-{think_s[1]*1000:.0f} ms: "
          f"{len(recoveries)} matches cut off by a kill")
    print(f"kill -9 -> the match's next accepted move: p50 {statistics.median(recoveries):.2f} s, "
          f"p90 {percentile(recoveries, 0.9):.2f} s, p99 {percentile(recoveries, 0.99):.2f} s, max {max(recoveries):.2f} s")
    print(f"{told} moves told to players, every one in its match's log exactly once; 0 lost")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--think-ms", default="20-60")
    args = parser.parse_args()
    low, high = (int(part) / 1000 for part in args.think_ms.split("-"))
    db_url = os.environ["TICTACTOE_TEST_POSTGRES_URL"]
    binary = pathlib.Path(os.environ.get("TICTACTOE_BIN", REPO / ".build" / "debug" / "tictactoe"))
    workdir = pathlib.Path(tempfile.mkdtemp(prefix="tictactoe-failover."))
    servers = [harness.ClusterServer(index, binary, db_url, workdir, ["--matches-per-minute", "100000"])
               for index in range(3)]
    for server in servers:
        server.start()
    cluster = harness.Cluster(servers, harness.Nginx([server.address for server in servers]))
    try:
        asyncio.run(measure(cluster, db_url, args.kills, args.matches, (low, high)))
    finally:
        cluster.wait_stopped(cluster.begin_stop())


if __name__ == "__main__":
    main()
