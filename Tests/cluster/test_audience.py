"""Issue 31, item 3: an audience spread over the cluster. A watch-only WebSocket (`/ws/{id}?watch=1`)
goes to any server (nginx sends it round robin); a server that does not host the match relays what the
host tells, through PostgreSQL, and never takes the match over; the host counts every server's
spectators. A server that only relays may die: its spectators reconnect through nginx and carry on from
the current board. The host may die: the spectators elsewhere carry on after the failover."""

from __future__ import annotations

import asyncio
import json
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game_client import Player, _is_move, screen
from resilient_player import BACKOFF_FIRST_S, BACKOFF_MAX_S, play_match


class Watcher:
    """A spectator as the page is one: watch-only, reconnecting at once then with the page's backoff
    (through `reconnect_url`) when its server goes away. Keeps every message of each connection."""

    def __init__(self, url: str, reconnect_url: str):
        self.url = url
        self.reconnect_url = reconnect_url
        self.connections: list[list[dict]] = []
        self.games_done = 0
        self.closes = 0
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        await self._open(self.url, time.monotonic() + 10)
        self._task = asyncio.create_task(self._read())

    async def _open(self, url: str, deadline: float) -> None:
        delay = 0.0
        while True:
            if delay:
                await asyncio.sleep(delay)
            try:
                self.socket = await connect(url, open_timeout=10, close_timeout=2)
                self.connections.append([])
                return
            except (OSError, InvalidStatus, InvalidHandshake, asyncio.TimeoutError, ConnectionClosed):
                assert time.monotonic() < deadline, f"could not reconnect to {url}"
                delay = BACKOFF_FIRST_S if delay == 0 else min(delay * 2, BACKOFF_MAX_S)

    async def _read(self) -> None:
        while True:
            try:
                message = json.loads(await self.socket.recv())
            except ConnectionClosed:
                self.closes += 1
                await self._open(self.reconnect_url, time.monotonic() + 30)
                continue
            self.connections[-1].append(message)
            score = message.get("snapshot", {}).get("score") if message["type"] == "welcome" else (
                message if message["type"] == "score" else None)
            if score:
                self.games_done = score["player1"]["wins"] + score["player2"]["wins"] + score["draws"]

    async def stop(self) -> None:
        self._task.cancel()
        await self.socket.close()

    def gaps(self) -> list[str]:
        """Every broadcast whose version does not follow the one before (a welcome sets the count)."""
        gaps = []
        for number, messages in enumerate(self.connections):
            last = None
            for message in messages:
                if "v" not in message:
                    assert message["type"] != "error", message
                    continue
                if message["type"] != "welcome" and message["v"] != (last or 0) + 1:
                    gaps.append(f"connection {number}: v {message['v']} after {last}")
                last = message["v"]
            if messages and messages[0]["type"] != "welcome":
                gaps.append(f"connection {number} began with {messages[0]['type']}")
        return gaps


async def _until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        await asyncio.sleep(0.05)  # polling what background readers gather


def test_watchers_spread_over_every_server_see_every_move_in_order_are_counted_and_never_move_the_match(cluster):
    match_id = cluster.create_match()
    watch_url = f"{cluster.nginx.ws_url}/ws/{match_id}?watch=1"

    async def run():
        alice, bob = await Player.open(f"{cluster.nginx.ws_url}/ws/{match_id}"), await Player.open(f"{cluster.nginx.ws_url}/ws/{match_id}")
        await alice.send(type="login", name="Alice")
        await alice.until(lambda message: message["type"] == "seated")
        watchers = [Watcher(watch_url, watch_url) for _ in range(30)]
        for watcher in watchers:
            await watcher.start()
        # The players hear of every server's spectators within 2 s.
        started = time.monotonic()
        await alice.until(lambda message: message["type"] == "presence" and message["spectators"] == 31)
        assert time.monotonic() - started < 2.5
        await bob.send(type="login", name="Bob")
        await bob.until(screen("offGame"))
        await alice.send(type="startGame", gameId="ticTacToe")
        moves = [(alice, 0, 0), (bob, 1, 0), (alice, 0, 1), (bob, 1, 1), (alice, 0, 2)]
        for mover, row, col in moves:
            await mover.send(type="move", row=row, col=col)
            await mover.until(lambda message, r=row, c=col: _is_move(message, r, c))
        await alice.until(lambda message: message["type"] == "gameOver")
        await _until(lambda: all(watcher.games_done == 1 for watcher in watchers), 5, "every watcher saw the game end")
        for watcher in watchers:
            assert watcher.closes == 0 and len(watcher.connections) == 1
            assert watcher.gaps() == []
            boards = [message for message in watcher.connections[0] if message["type"] == "board"]
            told = [(board["last"]["row"], board["last"]["col"]) for board in boards if board["last"]]
            # Every move after the watcher's welcome, in order (the first may be in the welcome already).
            assert told == [(row, col) for _, row, col in moves][-len(told):] and len(told) >= 4, told
            await watcher.stop()
        await alice.close()
        await bob.close()

    with cluster.telling_the_story_of_failures([match_id]):
        asyncio.run(run())
    watched = [line for line in cluster.nginx.routed() if line.uri == f"/ws/{match_id}?watch=1"]
    assert len(watched) == 30 and all(line.key == "" for line in watched)
    assert len({line.answered_by for line in watched}) == 3, "round robin over the three servers"
    played = [line for line in cluster.nginx.routed() if line.uri == f"/ws/{match_id}"]
    host = played[0].answered_by
    assert {line.answered_by for line in played} == {host}
    # Nobody but the host ever loaded the match: relaying never took it over.
    for server in cluster.servers:
        loaded = server.lines_naming(match_id, "match restored from the store")
        assert loaded == [] or server.address == host, loaded
        if server.address != host:
            assert server.lines_naming(match_id, "relaying the match's audience"), server.log_tail()


def _watch_a_match_while_killing(cluster, kill_host: bool):
    """Players play three games through nginx with watchers on every server, each connected to its
    server directly and reconnecting through nginx; one server (the host, or one that only relays) is
    killed during the second game. Returns the watchers by server, and the players."""
    match_id = cluster.create_match()
    ws_url = cluster.nginx.ws_url
    state = {}

    def hosts():
        # The host logs the players' connections; a server that relays logs its spectators as relayed.
        return [server.address for server in cluster.servers
                if any("relayed" not in line for line in server.lines_naming(match_id, "connection opened"))]

    async def run():
        deadline = time.monotonic() + 90
        playing = asyncio.create_task(play_match(ws_url, match_id, deadline, lambda player: player.games_done < 3))
        # The watchers come once the players are seated on the match's server (the one that created it
        # may be another, which hosted it until then).
        await _until(lambda: len(hosts()) == 1, 10, "the players on the match's server")
        host = hosts()[0]
        watchers = {server.address: [Watcher(f"ws://{server.address}/ws/{match_id}?watch=1", f"{ws_url}/ws/{match_id}?watch=1")
                                     for _ in range(5)] for server in cluster.servers}
        for group in watchers.values():
            for watcher in group:
                await watcher.start()
        await _until(lambda: all(w.games_done >= 1 for group in watchers.values() for w in group), 60, "a first game watched")
        assert hosts() == [host]
        killed = host if kill_host else next(s.address for s in cluster.servers if s.address != host)
        cluster.server_at(killed).kill()
        alice, bob = await playing
        await _until(lambda: all(w.games_done == 3 for group in watchers.values() for w in group), 20, "every watcher saw the third game end")
        for group in watchers.values():
            for watcher in group:
                await watcher.stop()
        state.update(watchers=watchers, killed=killed, host=host, alice=alice, bob=bob)

    with cluster.telling_the_story_of_failures([match_id]):
        asyncio.run(run())
    for address, group in state["watchers"].items():
        for watcher in group:
            assert watcher.gaps() == [], (address, watcher.gaps())
            if address == state["killed"]:
                # Reconnected through nginx to a live server, and went on from a welcome.
                assert watcher.closes == 1 and len(watcher.connections) == 2, (address, watcher.closes)
            else:
                assert watcher.closes == 0, (address, "a spectator of a live server was closed")
    return state


def test_a_server_that_only_relays_dies_its_watchers_reconnect_through_nginx_and_the_players_never_notice(cluster_factory):
    cluster = cluster_factory(3, ["--matches-per-minute", "10000"])
    state = _watch_a_match_while_killing(cluster, kill_host=False)
    assert state["alice"].closes == [] and state["bob"].closes == [], "the players' server was not the one killed"
    cluster.server_at(state["killed"]).start()


def test_the_host_dies_the_watchers_of_the_other_servers_carry_on_after_the_failover(cluster_factory):
    cluster = cluster_factory(3, ["--matches-per-minute", "10000"])
    state = _watch_a_match_while_killing(cluster, kill_host=True)
    assert state["alice"].closes and state["bob"].closes, "the players reconnected to the next server"
    cluster.server_at(state["killed"]).start()
