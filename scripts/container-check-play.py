"""The clients of scripts/container-check.sh: they play through the ports the containers publish on
127.0.0.1, with the cluster tests' scripted players (Tests/cluster), and read what the containers
logged through podman. Each subcommand prints one line of result and exits non-zero on failure.

  single-game URL              a whole game on a new match; prints its id
  kept URL MATCH               the match's summary still has the won game (after down/up)
  lobby URL CONTAINER...       matches hosted by every server are listed, seated player connected,
                               in the lobby of nginx and of each server
  failover URL CONTAINER...    a game through nginx goes on while the server hosting it is killed
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "cluster"))

from game_client import Player, play_a_won_game  # noqa: E402
from resilient_player import ResilientPlayer  # noqa: E402


def http(method: str, url: str, body: bytes = b"") -> tuple[int, dict]:
    request = urllib.request.Request(url, method=method, data=body if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, json.loads(reply.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, {"error": error.read().decode(errors="replace")[:300]}


def create_match(base: str, listed: bool = False) -> str:
    """A new match; `listed` asks the lobby to list it (matches are private otherwise)."""
    status, body = http("POST", f"{base}/api/matches", b'{"listed": true}' if listed else b"")
    assert status == 201, f"POST /api/matches answered {status}: {body}"
    return body["matchId"]


def ws(base: str) -> str:
    return base.replace("http://", "ws://", 1)


def podman(*args: str) -> str:
    return subprocess.run(["podman", *args], check=True, capture_output=True, text=True).stdout


def hosts_of(match_id: str, containers: list[str]) -> list[str]:
    """The containers whose server logged a connection to the match."""
    found = []
    for name in containers:
        logged = subprocess.run(["podman", "logs", name], capture_output=True, text=True)
        lines = (logged.stdout + logged.stderr).splitlines()
        if any(f"match={match_id}" in line and "connection opened" in line for line in lines):
            found.append(name)
    return found


def single_game(base: str) -> None:
    match_id = create_match(base)

    async def run():
        ending, players = await play_a_won_game(f"{ws(base)}/ws/{match_id}")
        for player in players:
            await player.close()
        return ending

    ending = asyncio.run(run())
    assert ending["winner"] == "player1" and ending["line"] == [[0, 0], [0, 1], [0, 2]], ending
    status, summary = http("GET", f"{base}/api/matches/{match_id}")
    assert status == 200 and summary["score"]["player1"] == 1, summary
    print(match_id)


def kept(base: str, match_id: str) -> None:
    status, summary = http("GET", f"{base}/api/matches/{match_id}")
    assert status == 200, f"GET /api/matches/{match_id} answered {status} after down/up"
    names = sorted(player["name"] for player in summary["players"])
    assert summary["score"]["player1"] == 1 and names == ["Alice", "Bob"], summary
    print(f"match {match_id} kept: Alice and Bob seated, player1 has 1 win")


def lobby(base: str, containers: list[str]) -> None:
    """One seated player on matches until every server hosts one of them; then every lobby (nginx's,
    answered by any server, and each server's own) lists all of them with the player connected."""

    async def run():
        players: dict[str, Player] = {}
        hosted: dict[str, str] = {}
        for index in range(25):
            match_id = create_match(base, listed=True)
            player = await Player.open(f"{ws(base)}/ws/{match_id}")
            await player.send(type="login", name=f"P{index}")
            await player.until(lambda message: message["type"] == "seated")
            players[match_id] = player
            host = []
            for _ in range(20):
                host = hosts_of(match_id, containers)
                if host:
                    break
                await asyncio.sleep(0.25)
            assert len(host) == 1, f"match {match_id} hosted by {host}"
            hosted[match_id] = host[0]
            if set(hosted.values()) == set(containers):
                break
        assert set(hosted.values()) == set(containers), f"after 25 matches, hosts were only {set(hosted.values())}"

        def listed(matches: list[dict]) -> set[str]:
            return {
                match["matchId"]
                for match in matches
                if match["matchId"] in hosted and any(p["connected"] for p in match["players"])
            }

        deadline = time.monotonic() + 15
        while True:
            lobbies = {"nginx": [http("GET", f"{base}/api/matches")[1] for _ in range(len(containers))]}
            for name in containers:
                lobbies[name] = [json.loads(podman("exec", name, "curl", "-fsS", "http://127.0.0.1:8080/api/matches"))]
            missing = {
                name: set(hosted) - listed(answer["matches"])
                for name, answers in lobbies.items()
                for answer in answers
                if set(hosted) - listed(answer["matches"])
            }
            if not missing or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.5)
        for player in players.values():
            await player.close()
        assert not missing, f"lobbies missing matches (hosts {hosted}): {missing}"
        per_host = {name: sum(1 for host in hosted.values() if host == name) for name in containers}
        return per_host

    per_host = asyncio.run(run())
    print(f"{sum(per_host.values())} matches hosted {per_host}: each listed with its player connected in the lobby of nginx and of every server")


def failover(base: str, containers: list[str]) -> None:
    """Alice and Bob play three games through nginx; once the first moves are in, the container
    hosting the match is killed (SIGKILL). They reconnect through nginx as the page does and finish;
    no move either was told of changes or goes missing (ResilientPlayer checks each board it sees)."""
    match_id = create_match(base)
    games = 3
    killed: dict[str, object] = {}

    async def run():
        deadline = time.monotonic() + 120
        alice = ResilientPlayer(ws(base), match_id, "Alice", (0.1, 0.2))
        bob = ResilientPlayer(ws(base), match_id, "Bob", (0.1, 0.2))
        await alice.join(deadline)
        await bob.join(deadline)

        async def killer():
            while len(alice.moves_at) < 3:
                await asyncio.sleep(0.05)
            host = hosts_of(match_id, containers)
            assert len(host) == 1, f"match {match_id} hosted by {host}"
            killed["name"] = host[0]
            killed["moves_before"] = len(alice.moves_at)
            await asyncio.to_thread(podman, "kill", "--signal", "KILL", host[0])
            killed["at"] = time.monotonic()

        more = lambda player: player.games_done < games  # noqa: E731
        await asyncio.gather(killer(), alice.play(deadline, True, more), bob.play(deadline, False, more))
        return alice, bob

    alice, bob = asyncio.run(run())
    assert "at" in killed, "the host was never killed"
    assert alice.closes and bob.closes, f"no connection was lost: {alice.closes} {bob.closes}"
    assert alice.games_done == games and bob.games_done == games, (alice.games_done, bob.games_done)
    assert alice.told == bob.told, "Alice and Bob were told different moves"
    moves_after = sum(1 for at in alice.moves_at if at > killed["at"])
    recovery = max(alice.recoveries + bob.recoveries, default=0)
    new_host = hosts_of(match_id, [name for name in containers if name != killed["name"]])
    print(
        f"host {killed['name']} killed after {killed['moves_before']} moves; both reconnected through nginx "
        f"(closes {alice.closes} / {bob.closes}), the match went on at {new_host}, "
        f"{moves_after} moves after the kill, all {games} games finished; longest recovery {recovery:.1f} s"
    )


def main() -> None:
    command, *args = sys.argv[1:]
    if command == "single-game":
        single_game(args[0])
    elif command == "kept":
        kept(args[0], args[1])
    elif command == "lobby":
        lobby(args[0], args[1:])
    elif command == "failover":
        failover(args[0], args[1:])
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main()
