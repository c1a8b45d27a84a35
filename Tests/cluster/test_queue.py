"""Play someone now through nginx: visitors' requests go round robin to three servers, and the queue in
PostgreSQL pairs them whichever server each request reaches."""

from __future__ import annotations

import asyncio
import collections
import http.client
import json
import time

from game_client import Player


def _post(url: str, path: str, body: dict) -> tuple[int, dict]:
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=15)
    try:
        connection.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        text = response.read().decode()
        return response.status, (json.loads(text) if text else {})
    finally:
        connection.close()


def test_visitors_reaching_different_servers_are_paired_and_play(cluster):
    tickets = []
    for index in range(20):
        status, body = _post(cluster.url, "/api/queue", {"name": f"V{index}"})
        assert status == 201, body
        tickets.append(body["ticket"])
    paired: dict[str, dict] = {}
    deadline = time.monotonic() + 60
    while len(paired) < len(tickets):
        assert time.monotonic() < deadline, f"only {len(paired)} of {len(tickets)} paired:\n{cluster.logs()}"
        for ticket in tickets:
            if ticket in paired:
                continue
            status, body = _post(cluster.url, "/api/queue/renew", {"ticket": ticket})
            assert status == 200, body
            if body["status"] == "paired":
                paired[ticket] = body
        time.sleep(0.2)  # the page renews every second; the test a little faster

    # The queue's requests were spread over every server, and each visitor was paired once, two to a match.
    answered = {line.answered_by for line in cluster.nginx.routed() if line.uri.startswith("/api/queue")}
    assert len(answered) == 3, answered
    by_match = collections.defaultdict(list)
    for seat in paired.values():
        by_match[seat["matchId"]].append(seat)
    assert len(by_match) == 10
    assert all(sorted(seat["seat"] for seat in seats) == ["player1", "player2"] for seats in by_match.values())

    # One pair opens its match through nginx, resumes its seats and plays.
    match_id, (first, second) = next(iter(by_match.items()))
    if first["seat"] != "player1":
        first, second = second, first

    async def play():
        one = await Player.open(f"{cluster.nginx.ws_url}/ws/{match_id}")
        two = await Player.open(f"{cluster.nginx.ws_url}/ws/{match_id}")
        await one.send(type="resume", token=first["token"])
        await two.send(type="resume", token=second["token"])
        welcome = await two.until(lambda message: message["type"] == "welcome" and message["you"]["seat"] == "player2")
        assert welcome["snapshot"]["phase"] == "ticTacToe"
        await one.until(lambda message: message["type"] == "welcome" and message["you"]["seat"] == "player1")
        await one.send(type="move", row=2, col=2)
        await two.until(lambda message: message["type"] == "board" and (message.get("last") or {}).get("row") == 2)
        await one.close()
        await two.close()

    asyncio.run(play())
