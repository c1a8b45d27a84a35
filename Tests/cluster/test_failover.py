"""Issue 14, item 3: when the server a match hashes to is down, nginx sends the match's requests to
another server, which loads the match from PostgreSQL. (Which server may then serve the match, and
whether two may, is the ownership work of item 2; here only that a live server answers.)"""

from __future__ import annotations

import asyncio

from game_client import Player


def _welcome(url: str) -> dict:
    async def run():
        player = await Player.open(url)
        await player.close()
        return player.received[0]

    return asyncio.run(run())


def test_a_match_whose_server_is_down_is_answered_by_another_and_comes_back_to_it(cluster_factory):
    cluster = cluster_factory(3, ["--matches-per-minute", "10000"])
    match_id = cluster.create_match()
    summary = f"/api/matches/{match_id}"
    assert cluster.request(path=summary).status == 200
    home = cluster.server_at(cluster.last_routed(summary).answered_by)

    # kill -9: the connection is refused, nginx tries the next server on the ring.
    home.kill()
    reply = cluster.request(path=summary)
    assert reply.status == 200, reply
    routed = cluster.last_routed(summary)
    assert routed.upstreams[0] == home.address and routed.answered_by != home.address, routed
    second = cluster.server_at(routed.answered_by)
    assert second.lines_naming(match_id, "connection opened") == []
    assert _welcome(f"{cluster.nginx.ws_url}/ws/{match_id}")["type"] == "welcome"
    assert second.lines_naming(match_id, "connection opened"), cluster.logs()
    # nginx never marks a server unavailable (max_fails=0, docs/SCALING.md): each request of the match
    # tries its own server first, is refused at connect, and is answered by the next one.
    assert cluster.request(path=f"/m/{match_id}").status == 200
    assert cluster.last_routed(f"/m/{match_id}").upstreams == [home.address, second.address]

    # SIGTERM to the second too (a rolling restart): the third answers.
    assert second.terminate() == 0
    assert cluster.request(path=summary).status == 200
    third = cluster.server_at(cluster.last_routed(summary).answered_by)
    assert third not in (home, second)

    # The first comes back: the match's very next request goes to it, without waiting out a
    # fail_timeout.
    home.start()
    assert cluster.request(path=summary).status == 200
    assert cluster.last_routed(summary).upstreams == [home.address], cluster.nginx.routed()[-5:]


def test_a_post_is_not_resent_after_it_reached_a_server_but_one_refused_at_connect_is(cluster_factory):
    cluster = cluster_factory(2, ["--matches-per-minute", "10000"])
    cluster.servers[0].kill()
    # Round robin would give every other POST to the dead server: each of those is refused at connect,
    # never sent, and goes to the live one.
    for _ in range(4):
        cluster.create_match()
    posts = [line for line in cluster.nginx.routed() if line.method == "POST"]
    assert all(line.answered_by == cluster.servers[1].address for line in posts), posts
