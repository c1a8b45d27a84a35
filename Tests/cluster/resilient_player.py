"""Players that behave as the page does when their server goes away: reconnect at once, then with a
backoff (0.25 s doubling, capped at 4 s, as Public/js/connection.js does), resume the seat with its
token, and go on from the `welcome`'s snapshot. Each writes down every move it was told of (in a `board`
message or a `welcome`'s board): what a crash must never lose. A signed-in player (issue 42) sends its
session with every connection and writes down every rated game's `ratings` it was told (in a `gameOver`
or a `welcome`'s `lastGame`): what a failover must neither lose nor apply twice."""

from __future__ import annotations

import asyncio
import json
import random
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

BACKOFF_FIRST_S = 0.25
BACKOFF_MAX_S = 4.0
# The cells in the order the players fill them: every game ends (a win or a draw).
CELLS = [(1, 1), (0, 0), (0, 1), (2, 1), (0, 2), (2, 0), (2, 2), (1, 2), (1, 0)]
# Refusals a reconnection can cause (a move sent just before the snapshot that answers it; a game asked
# for before the opponent's page reconnected, which the server refuses rather than start it against an
# empty seat: asked again once `presence` shows the opponent back).
HARMLESS_ERRORS = ("notYourTurn", "cellTaken", "wrongPhase", "opponentAway")


class ResilientPlayer:
    def __init__(self, ws_url: str, match_id: str, name: str, think_s: tuple[float, float], watch: bool = False,
                 session: str | None = None, origin: str | None = None, cells: list[tuple[int, int]] = CELLS):
        # A spectator opens the match watch-only: it is told every move, as a player is, and never plays.
        self.url = f"{ws_url}/ws/{match_id}" + ("?watch=1" if watch else "")
        # An account's session cookie, sent with every connection (a rated match seats only accounts),
        # with the page's origin beside it, as the browser of a signed-in page sends them.
        self.rated = session is not None
        self.headers = {"Cookie": f"session={session}", **({"Origin": origin} if origin else {})} if session else {}
        self.cells = cells
        self.match_id = match_id
        self.name = name
        self.think_s = think_s
        self.token: str | None = None
        self.seat: str | None = None
        self.socket = None
        self.phase = "loggedOut"
        self.board: dict | None = None
        # Whether the opponent's seat has a connection, from the last `welcome` or `presence`.
        self.opponent_connected = False
        # Games over so far, from the score (which a `welcome` carries too, so a missed `gameOver`
        # is made up for).
        self.games_done = 0
        # Every move told: (game number, row, col) -> seat.
        self.told: dict[tuple[int, int, int], str] = {}
        # Every rated game's `ratings` told: game number (1 for the match's first) -> {seat: {before,
        # after, provisional}}. The games here are never aborted, so the number is the games over before it.
        self.ratings_told: dict[int, dict] = {}
        self.closes: list[int | None] = []
        # When each connection was found closed, and when each move was seen accepted (monotonic).
        self.closed_at: list[float] = []
        self.moves_at: list[float] = []
        # Seconds from a lost connection to this player's next move accepted.
        self.recoveries: list[float] = []
        self._lost_at: float | None = None

    async def connect(self, deadline: float) -> None:
        delay = 0.0
        while True:
            if delay:
                await asyncio.sleep(delay)
            try:
                self.socket = await connect(self.url, open_timeout=10, close_timeout=2, additional_headers=self.headers)
                if self.token:
                    await self.send(type="resume", token=self.token)
                return
            except (OSError, InvalidStatus, InvalidHandshake, asyncio.TimeoutError, ConnectionClosed):
                if time.monotonic() > deadline:
                    raise
                delay = BACKOFF_FIRST_S if delay == 0 else min(delay * 2, BACKOFF_MAX_S)

    async def send(self, **message) -> None:
        try:
            await self.socket.send(json.dumps(message))
        except ConnectionClosed:
            pass  # the next read reconnects; the message is decided again from the snapshot

    async def next_message(self, deadline: float) -> dict:
        """The next message; after a lost connection, reconnects first and goes on."""
        while True:
            try:
                return json.loads(await asyncio.wait_for(self.socket.recv(), max(deadline - time.monotonic(), 0.1)))
            except ConnectionClosed as closed:
                self.closes.append(closed.rcvd.code if closed.rcvd else None)
                self.closed_at.append(time.monotonic())
                if self._lost_at is None:
                    self._lost_at = time.monotonic()
                await self.connect(deadline)

    def _note(self, board: dict | None) -> None:
        self.board = board
        for index, cell in enumerate((board or {}).get("cells", [])):
            if cell:
                seat = self.told.setdefault((self.games_done, index // 3, index % 3), cell)
                assert seat == cell, f"{self.match_id} game {self.games_done}: cell {index} was {seat}, now {cell}"

    def _score(self, score: dict | None) -> None:
        if score:
            self.games_done = score["player1"]["wins"] + score["player2"]["wins"] + score["draws"]

    def _ratings(self, number: int, ratings: dict | None) -> None:
        """Notes a rated game's `ratings` told; told twice (its `gameOver`, then a `welcome`), they agree."""
        if ratings:
            first = self.ratings_told.setdefault(number, ratings)
            assert first == ratings, f"{self.name} in {self.match_id}: game {number}'s ratings were told {first}, now {ratings}"

    def take(self, message: dict) -> None:
        kind = message["type"]
        if kind == "error" and message["code"] not in HARMLESS_ERRORS:
            raise AssertionError(f"{self.name} in {self.match_id}: {message}")
        if kind == "error" and message["code"] == "opponentAway":
            self.opponent_connected = False
            if self.phase == "offGame (asked)":
                self.phase = "offGame"
        if kind in ("welcome", "presence"):
            players = message["snapshot"]["players"] if kind == "welcome" else message["players"]
            self.opponent_connected = any(p["seat"] != self.seat and p["connected"] for p in players)
        if kind == "seated":
            self.token, self.seat = message["token"], message["seat"]
        elif kind == "welcome":
            snapshot = message["snapshot"]
            self.phase = snapshot["phase"]
            self._score(snapshot.get("score"))
            self._note(snapshot.get("board"))
            # Between games, the last one (the games over counts it) with its ratings once stored.
            self._ratings(self.games_done, (snapshot.get("lastGame") or {}).get("ratings"))
        elif kind == "gameOver":
            # Before its `score`: the games over so far do not count it yet.
            self._ratings(self.games_done + 1, message.get("ratings"))
        elif kind == "screen":
            self.phase = message["name"]
            if self.phase != "ticTacToe":
                self.board = None
        elif kind == "score":
            self._score(message)
        elif kind == "board":
            self._note(message)
            last = message.get("last")
            if last:
                self.moves_at.append(time.monotonic())
            if last and last["seat"] == self.seat and self._lost_at is not None:
                self.recoveries.append(time.monotonic() - self._lost_at)
                self._lost_at = None

    def my_turn(self) -> bool:
        return self.phase == "ticTacToe" and self.board is not None and self.board.get("turn") == self.seat

    async def join(self, deadline: float) -> None:
        await self.connect(deadline)
        await self.send(type="login", name=self.name)
        socket = self.socket
        while self.seat is None:
            message = await self.next_message(deadline)
            if self.socket is not socket:
                # The server went away before the login was answered (a kill loses what it did not
                # store): log in again on the new connection, as the page's button would be pressed again.
                socket = self.socket
                await self.send(type="login", name=self.name)
            self.take(message)

    async def play(self, deadline: float, starts_games: bool, more) -> None:
        """Plays while `more(self)`; the one who `starts_games` asks for each game."""
        sent: tuple | None = None
        while more(self):
            assert time.monotonic() < deadline, f"{self.name} in {self.match_id}: out of time after {self.games_done} games"
            message = await self.next_message(deadline)
            self.take(message)
            if message["type"] in ("welcome", "error"):
                # A new connection's snapshot, or a refusal: what was sent is decided again.
                sent = None
            if starts_games and self.phase == "offGame" and self.opponent_connected and more(self):
                await self.send(type="startGame", gameId="ticTacToe")
                self.phase = "offGame (asked)"
            if not self.my_turn():
                sent = None
                continue
            cell = next(((r, c) for r, c in self.cells if not self.board["cells"][r * 3 + c]), None)
            if cell is None or (self.games_done, cell) == sent:
                continue
            await asyncio.sleep(random.uniform(*self.think_s))
            sent = (self.games_done, cell)
            await self.send(type="move", row=cell[0], col=cell[1])
        if self.rated:
            await self.until_last_ratings_told(deadline)
        await self.socket.close()

    async def until_last_ratings_told(self, deadline: float) -> None:
        """Waits for the last game's `ratings`, asking `sync` for a snapshot while none came: a `welcome`
        while the game was being rated (a reconnection as it ended) has its `lastGame` without them, and
        the test asks that the players were told the last rating of each match."""
        while self.games_done and self.games_done not in self.ratings_told:
            assert time.monotonic() < deadline, f"{self.name} in {self.match_id}: game {self.games_done}'s ratings never told"
            await self.send(type="sync")
            try:
                message = await self.next_message(min(deadline, time.monotonic() + 1))
                while message["type"] != "welcome":
                    self.take(message)
                    message = await self.next_message(min(deadline, time.monotonic() + 1))
            except asyncio.TimeoutError:
                continue
            self.take(message)
            if self.games_done not in self.ratings_told:
                await asyncio.sleep(0.1)  # the rating is being stored: ask again shortly


async def watch_until(spectator: ResilientPlayer, deadline: float, more) -> ResilientPlayer:
    """Watches (reconnecting as the page does) while `more(spectator)` says so, noting every move told."""
    await spectator.connect(deadline)
    while more(spectator):
        assert time.monotonic() < deadline, f"{spectator.name} of {spectator.match_id}: out of time after {spectator.games_done} games"
        try:
            message = await spectator.next_message(min(deadline, time.monotonic() + 1))
        except asyncio.TimeoutError:
            continue
        spectator.take(message)
    await spectator.socket.close()
    return spectator


async def play_match(ws_url: str, match_id: str, deadline: float, more, think_s=(0.05, 0.15),
                     seated: asyncio.Event | None = None, players: tuple[ResilientPlayer, ResilientPlayer] | None = None):
    """Alice (player1, who starts each game) and Bob play while `more(player)` says so; `seated` is set
    once both have their seats (and tokens). `players`: two of the caller's instead (the first logs in
    first, so takes player1)."""
    alice, bob = players or (ResilientPlayer(ws_url, match_id, "Alice", think_s), ResilientPlayer(ws_url, match_id, "Bob", think_s))
    await alice.join(deadline)
    await bob.join(deadline)
    if seated:
        seated.set()
    await asyncio.gather(alice.play(deadline, True, more), bob.play(deadline, False, more))
    return alice, bob


async def all_seated(seated: list[asyncio.Event], games: list[asyncio.Task], deadline: float) -> None:
    """Waits until every match's two players have their seats, or a match's play failed (its error is
    then raised by the caller's gather), or the deadline."""
    everyone = asyncio.ensure_future(asyncio.gather(*(event.wait() for event in seated)))
    await asyncio.wait([everyone, *games], timeout=max(deadline - time.monotonic(), 0), return_when=asyncio.FIRST_COMPLETED)
    everyone.cancel()
