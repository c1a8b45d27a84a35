"""A scripted player for the cluster tests: docs/PROTOCOL.md over Python's `websockets`."""

from __future__ import annotations

import asyncio
import json
from typing import Callable

from websockets.asyncio.client import ClientConnection, connect

TIMEOUT_S = 10


class Player:
    def __init__(self, socket: ClientConnection):
        self.socket = socket
        self.received: list[dict] = []

    @classmethod
    async def open(cls, url: str) -> "Player":
        player = cls(await connect(url, open_timeout=TIMEOUT_S))
        await player.until(lambda message: message["type"] == "welcome")
        return player

    async def send(self, **message) -> None:
        await self.socket.send(json.dumps(message))

    async def until(self, wanted: Callable[[dict], bool]) -> dict:
        """The next message `wanted` accepts (the ones before it are kept in `received`)."""
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), TIMEOUT_S))
            self.received.append(message)
            if message["type"] == "error":
                raise AssertionError(f"the server answered an error: {message}")
            if wanted(message):
                return message

    async def close(self) -> None:
        await self.socket.close()


def _is_move(message: dict, row: int, col: int) -> bool:
    last = message.get("last") if message["type"] == "board" else None
    return bool(last) and last["row"] == row and last["col"] == col


def screen(name: str) -> Callable[[dict], bool]:
    return lambda message: message["type"] == "screen" and message["name"] == name


async def play_a_won_game(url: str) -> tuple[dict, list[Player]]:
    """Two players take the seats, start TicTacToe and play until player1 wins the top row; returns the
    `gameOver` both saw (the same) and the players, still connected."""
    alice, bob = await Player.open(url), await Player.open(url)
    await alice.send(type="login", name="Alice")
    await alice.until(lambda message: message["type"] == "seated")
    await bob.send(type="login", name="Bob")
    await bob.until(lambda message: message["type"] == "seated")
    await alice.until(screen("offGame"))
    await bob.until(screen("offGame"))
    await alice.send(type="startGame", gameId="ticTacToe")
    for player in (alice, bob):
        await player.until(screen("ticTacToe"))
    moves = [(alice, 0, 0), (bob, 1, 0), (alice, 0, 1), (bob, 1, 1), (alice, 0, 2)]
    for mover, row, col in moves[:-1]:
        await mover.send(type="move", row=row, col=col)
        for player in (alice, bob):
            await player.until(lambda message, r=row, c=col: _is_move(message, r, c))
    mover, row, col = moves[-1]
    await mover.send(type="move", row=row, col=col)
    endings = [await player.until(lambda message: message["type"] == "gameOver") for player in (alice, bob)]
    assert endings[0] == endings[1], endings
    return endings[0], [alice, bob]
