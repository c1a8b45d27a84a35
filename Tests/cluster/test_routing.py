"""Issue 14, item 3: nginx sends every request of one match to one server, and the rest round robin."""

from __future__ import annotations

import asyncio
import collections

from game_client import Player


def _open_and_close(url: str) -> None:
    async def run():
        player = await Player.open(url)
        await player.close()

    asyncio.run(run())


def test_every_request_of_one_match_reaches_one_server_and_matches_spread_over_all(cluster):
    matches = [cluster.create_match() for _ in range(24)]
    logged = len(cluster.nginx.routed())
    for match_id in matches:
        for path in (
            f"/m/{match_id}", f"/api/matches/{match_id}", f"/api/matches/{match_id}/anything/below",
            f"/launchGame?gameId=ticTacToe&matchId={match_id}", f"/m/{match_id}?gameId=ticTacToe",
        ):
            assert cluster.request(path=path).status in (200, 303, 404), path
        _open_and_close(f"{cluster.nginx.ws_url}/ws/{match_id}")

    routed = cluster.nginx.wait_lines(logged + 6 * len(matches))
    servers_of = collections.defaultdict(set)
    for line in routed:
        if line.key:
            servers_of[line.key].add(line.answered_by)
    for match_id in matches:
        lines = [line for line in routed if match_id in line.uri and line.method == "GET"]
        assert len(lines) == 6, lines  # five HTTP requests and the WebSocket (logged once it closed)
        assert all(line.key == match_id for line in lines), lines
        assert len(servers_of[match_id]) == 1, f"{match_id}: {servers_of[match_id]}"
        # The server nginx names is the one that says so: its log has the WebSocket's connection.
        (address,) = servers_of[match_id]
        for server in cluster.servers:
            opened = server.lines_naming(match_id, "connection opened")
            assert bool(opened) == (server.address == address), f"{match_id} on {server.address}: {opened}"
    # 24 matches on 3 servers: all of them get some (all on two would have a chance of 3 in 10^4).
    assert {next(iter(servers_of[match_id])) for match_id in matches} == {server.address for server in cluster.servers}


def test_requests_of_no_match_go_round_robin(cluster):
    # No match id (or a malformed one) makes the hash key empty, and nginx's hash balancer falls back to
    # round robin: each server in turn.
    paths = ["/healthz", "/api/matches", "/", "/m/short", "/launchGame?gameId=ticTacToe&matchId=no!", "/metrics"] * 2
    before = len(cluster.nginx.routed())
    for path in paths:
        cluster.request(path=path)
    routed = cluster.nginx.routed()[before:]
    assert [line.uri for line in routed] == paths
    assert all(line.key == "" for line in routed), routed
    order = [line.answered_by for line in routed]
    for start in range(len(order) - 2):
        assert len(set(order[start:start + 3])) == 3, f"not in turn: {order}"


def test_the_server_sees_the_client_host_and_a_forwarded_websocket_upgrade(cluster):
    match_id = cluster.create_match()
    # Host is passed as the client sent it: a name the servers do not answer for is refused by them.
    refused = cluster.request(path=f"/api/matches/{match_id}", headers={"Host": "attacker.example"})
    assert refused.status == 421, refused
    # The WebSocket handshake goes through (HTTP/1.1, Upgrade and Connection passed on).
    _open_and_close(f"{cluster.nginx.ws_url}/ws/{match_id}")
