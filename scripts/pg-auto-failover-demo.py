#!/usr/bin/env python3
"""pg_auto_failover end to end (docs/SCALING.md, "Losing the database server"): a monitor and two nodes
(scripts/pg-auto-failover.sh), one server on the URI `pg_autoctl show uri --formation default` prints,
matches played without pause by players that reconnect as the page does; then, one after the other,
  1. `pg_autoctl perform failover` (a planned switch: node2 becomes the primary),
  2. SIGKILL of the primary's postgres (its pg_autoctl starts it again; no failover),
  3. SIGKILL of the primary's pg_autoctl and postgres together (a machine lost: the monitor fails over),
     then that node's pg_autoctl run again (it rejoins as the standby).
After each, the time from the event to each match's next accepted move; at the end every move a player
was told is checked to be in the database exactly once. Everything started is stopped.

    .venv/bin/python scripts/pg-auto-failover-demo.py [--matches 10] [--bin .build/release/tictactoe]

Needs postgresql-15-auto-failover and the Python package websockets (as Tests/cluster does).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests" / "cluster"))

from match_logs import check_told_moves_stored_once, read_logs  # noqa: E402
from resilient_player import ResilientPlayer  # noqa: E402

FORMATION = REPO / "scripts" / "pg-auto-failover.sh"


def formation(command: str, folder: pathlib.Path, *more: str) -> str:
    done = subprocess.run(["bash", str(FORMATION), command, str(folder), *more], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"pg-auto-failover.sh {command} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return done.stdout.strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def log(text: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} {text}", flush=True)


def create_match(base: str) -> str:
    request = urllib.request.Request(f"{base}/api/matches", method="POST", data=b"")
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())["matchId"]


async def demo(args, folder: pathlib.Path) -> int:
    log("starting the monitor and two nodes")
    started = time.monotonic()
    uri = formation("start", folder)
    log(f"formation ready in {time.monotonic() - started:.0f} s; pg_autoctl show uri --formation default:\n    {uri}")
    print(formation("state", folder), flush=True)
    port = free_port()
    server_log = open(folder.parent / f"{folder.name}-server.log", "w")
    # libpq's default user, as for psql: the URI names none, the nodes trust loopback.
    environment = dict(os.environ, PGUSER="postgres")
    server = subprocess.Popen([args.bin, "serve", "--host", "127.0.0.1", "--port", str(port), "--db", uri,
                               "--db-failover-timeout", str(args.failover_timeout), "--matches-per-minute", "100000",
                               "--public", str(REPO / "Public")],
                              env=environment, stdout=server_log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1).read()
                break
            except OSError:
                if server.poll() is not None:
                    raise SystemExit(f"the server exited: see {server_log.name}")
                time.sleep(0.1)
        log(f"server on {base}, --db '{uri}' (PGUSER=postgres)")
        match_ids = [create_match(base) for _ in range(args.matches)]
        players: list[ResilientPlayer] = []
        stop = False
        deadline = time.monotonic() + 600

        async def run_match(match_id):
            alice = ResilientPlayer(f"ws://127.0.0.1:{port}", match_id, "Alice", (0.1, 0.3))
            bob = ResilientPlayer(f"ws://127.0.0.1:{port}", match_id, "Bob", (0.1, 0.3))
            players.extend([alice, bob])
            await alice.join(deadline)
            await bob.join(deadline)
            more = lambda player: not stop  # noqa: E731
            await asyncio.gather(alice.play(deadline, True, more), bob.play(deadline, False, more))

        games = [asyncio.create_task(run_match(match_id)) for match_id in match_ids]

        async def all_moved_after(moment: float, limit: float) -> list[float]:
            """Waits until every match has a move accepted after `moment`; the seconds from it to each."""
            while True:
                firsts = []
                for match_id in match_ids:
                    times = [t for p in players if p.match_id == match_id for t in p.moves_at if t > moment]
                    if times:
                        firsts.append(min(times) - moment)
                if len(firsts) == len(match_ids):
                    return firsts
                if time.monotonic() - moment > limit:
                    raise SystemExit(f"{len(match_ids) - len(firsts)} matches did not move within {limit} s\n"
                                     + formation("state", folder))
                await asyncio.sleep(0.1)

        def moves_told() -> int:
            return sum(len(p.told) for p in players if p.name == "Alice")

        await asyncio.sleep(args.warmup)
        log(f"playing: {moves_told()} moves told so far")
        results = []
        for event in ("failover", "kill-primary", "kill-primary-node"):
            before = formation("primary", folder)
            moment = time.monotonic()
            output = await asyncio.to_thread(formation, event, folder)
            took = time.monotonic() - moment
            log(f"{event}: {output.splitlines()[-1] if output else 'done'} ({took:.1f} s for the command)")
            # Once the command is done (a planned failover returns when the old primary is the standby;
            # a kill at once), every match must move again; its longest pause between two accepted
            # moves from just before the event until then is what the players saw of it.
            await all_moved_after(moment + took + 0.5, args.failover_timeout + 60)
            until = time.monotonic()
            pauses = []
            for match_id in match_ids:
                times = sorted(t for p in players if p.match_id == match_id for t in p.moves_at if moment - 1 <= t <= until)
                pauses.append(max((b - a for a, b in zip(times, times[1:])), default=until - moment))
            after = formation("primary", folder)
            line = (f"{event}: every match moved again {until - moment:.1f} s after the event; each match's longest pause "
                    f"between two moves p50 {statistics.median(pauses):.2f} s, max {max(pauses):.2f} s; primary port {before} -> {after}")
            log(line)
            results.append(line)
            print(formation("state", folder), flush=True)
            if event == "kill-primary-node":
                node = output.split()[-1]
                formation("restart-node", folder, node)
                log(f"{node}'s pg_autoctl run again; waiting for it to be the secondary")
                rejoin = time.monotonic()
                for _ in range(240):
                    row = [line for line in formation("state", folder).splitlines() if line.startswith(node + " ")]
                    if row and re.search(r"secondary +\| +secondary", row[0]):
                        break
                    await asyncio.sleep(0.5)
                log(f"{node} is the secondary again after {time.monotonic() - rejoin:.1f} s")
                print(formation("state", folder), flush=True)
            await asyncio.sleep(args.warmup)
        stop = True
        await asyncio.gather(*games)
        told = moves_told()
        logs = await asyncio.to_thread(read_logs, uri, match_ids)
        checked = sum(check_told_moves_stored_once(logs[m], [p for p in players if p.match_id == m]) for m in match_ids)
        log(f"{told} moves told to Alice ({checked} told moves checked over both players): every one in the "
            f"promoted database exactly once")
        for line in results:
            print("  " + line)
        closes = sorted({code for p in players for code in p.closes if code is not None})
        print(f"  close codes the players saw: {closes}")
        return 0
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        server_log.close()
        log(f"server stopped; its log: {server_log.name}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play before and after each event")
    parser.add_argument("--failover-timeout", type=int, default=90, help="the server's --db-failover-timeout")
    default_bin = REPO / ".build" / "release" / "tictactoe"
    if not default_bin.exists():
        default_bin = REPO / ".build" / "debug" / "tictactoe"
    parser.add_argument("--bin", default=str(default_bin))
    args = parser.parse_args()
    folder = pathlib.Path(tempfile.gettempdir()) / f"tictactoe-paf-{os.getpid()}"
    os.environ["PGUSER"] = "postgres"  # for psql (read_logs) too
    try:
        return asyncio.run(demo(args, folder))
    finally:
        formation("stop", folder)


if __name__ == "__main__":
    sys.exit(main())
