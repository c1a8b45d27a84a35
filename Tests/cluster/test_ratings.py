"""Issue 42 on three servers on one PostgreSQL: a rated game's server SIGKILLed right after telling
`gameOver`, and a rated game whose host was killed before its last move and finished on another
server. Each game is rated exactly once, and every server then reads the rating the players were told.
The players sign in with a software passkey and play over WebSockets straight to a server, so the test
chooses which server hosts the match and which one it is loaded on after the kill."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from game_client import Player
from passkey_authenticator import SoftwarePasskey
from test_accounts import Page, register, unique_name

WIN = [("player1", 0, 0), ("player2", 1, 0), ("player1", 0, 1), ("player2", 1, 1), ("player1", 0, 2)]


async def _seated(server, match_id: str, cookie: str, origin: str) -> Player:
    url = f"ws://{server.address}/ws/{match_id}"
    player = Player(await connect(url, additional_headers={"Cookie": f"session={cookie}", "Origin": origin}, open_timeout=10))
    await player.until(lambda message: message["type"] == "welcome")
    await player.send(type="login", name="")
    await player.until(lambda message: message["type"] == "seated")
    return player


async def _play(players: dict[str, Player], moves) -> None:
    for seat, row, col in moves:
        await players[seat].send(type="move", row=row, col=col)
        await players[seat].until(lambda m: m["type"] == "board" and (m.get("last") or {}).get("row") == row
                                  and (m.get("last") or {}).get("col") == col)


def _rated_pair(cluster) -> tuple[list[Page], dict[str, str], dict[str, str]]:
    pages = [Page(cluster, server) for server in cluster.servers]
    names = {"player1": unique_name("Ann"), "player2": unique_name("Bob")}
    cookies = {}
    for seat, name in names.items():
        status, _, cookie = register(pages[0], pages[0], name, SoftwarePasskey())
        assert status == 201 and cookie
        cookies[seat] = cookie
    return pages, names, cookies


def _create_rated(page: Page, cookie: str) -> str:
    status, created, _ = page.call("POST", "/api/matches", {"rated": True, "gameId": "ticTacToe"}, cookie=cookie)
    assert status == 201, created
    return created["matchId"]


def _profile(page: Page, name: str) -> dict:
    status, profile, _ = page.call("GET", f"/api/players/{name}")
    assert status == 200, profile
    return profile


def _told_in_games_api(page: Page, match_id: str) -> list:
    status, games, _ = page.call("GET", f"/api/matches/{match_id}/games")
    assert status == 200, games
    return [game.get("ratings") for game in games["games"]]


def test_a_rated_games_server_killed_right_after_gameOver_and_one_finished_on_another_server_are_each_rated_once(cluster_factory):
    cluster = cluster_factory(3, ["--matches-per-minute", "10000", "--passkeys-per-minute", "10000"])
    pages, names, cookies = _rated_pair(cluster)

    async def killed_after_game_over() -> tuple[str, dict]:
        match_id = _create_rated(pages[0], cookies["player1"])
        host = cluster.servers[0]
        players = {seat: await _seated(host, match_id, cookies[seat], cluster.url) for seat in ("player1", "player2")}
        await _play(players, WIN[:-1])
        await players["player1"].send(type="move", row=0, col=2)
        over = await players["player2"].until(lambda m: m["type"] == "gameOver")
        host.kill()
        # Loaded again on another server: the load applies the game again, which changes nothing.
        watcher = await Player.open(f"ws://{cluster.servers[1].address}/ws/{match_id}")
        await watcher.close()
        return match_id, over["ratings"]

    async def finished_on_another_server() -> tuple[str, dict]:
        match_id = _create_rated(pages[1], cookies["player1"])
        host = cluster.servers[1]
        players = {seat: await _seated(host, match_id, cookies[seat], cluster.url) for seat in ("player1", "player2")}
        await _play(players, WIN[:-1])
        host.kill()
        # The accounts' logins on the third server take their seats back; the last move is played there.
        other = cluster.servers[2]
        back = {seat: await _seated(other, match_id, cookies[seat], cluster.url) for seat in ("player1", "player2")}
        await back["player1"].send(type="move", row=0, col=2)
        over = await back["player2"].until(lambda m: m["type"] == "gameOver")
        return match_id, over["ratings"]

    first, told_first = asyncio.run(killed_after_game_over())
    assert told_first["player1"]["after"] > told_first["player1"]["before"] == 1500, told_first
    second, told_second = asyncio.run(finished_on_another_server())
    assert told_second["player1"]["before"] == told_first["player1"]["after"], (told_first, told_second)

    reader = pages[2]
    assert _told_in_games_api(reader, first) == [told_first]
    assert _told_in_games_api(reader, second) == [told_second]
    for seat in ("player1", "player2"):
        rating = _profile(reader, names[seat])["ratings"]["ticTacToe"]
        assert rating["games"] == 2, f"{names[seat]}: each game rated once: {json.dumps(rating)}"
        assert rating["rating"] == told_second[seat]["after"], (rating, told_second)
