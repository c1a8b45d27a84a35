"""Issue 14, item 3: a whole TicTacToe game between two WebSocket clients, through nginx."""

from __future__ import annotations

import asyncio

from game_client import play_a_won_game


def test_two_players_play_a_whole_game_through_nginx(cluster):
    match_id = cluster.create_match()
    logged = len(cluster.nginx.routed())

    async def run():
        ending, players = await play_a_won_game(f"{cluster.nginx.ws_url}/ws/{match_id}")
        for player in players:
            await player.close()
        return ending

    ending = asyncio.run(run())
    assert ending["winner"] == "player1"
    assert ending["line"] == [[0, 0], [0, 1], [0, 2]]
    summary = cluster.request(path=f"/api/matches/{match_id}")
    assert summary.status == 200 and '"player1":1' in summary.body.replace(" ", ""), summary.body
    # Both sockets and the summary went to the one server the match hashes to.
    routed = [line for line in cluster.nginx.wait_lines(logged + 3) if line.key == match_id]  # two WebSockets, one GET
    answered = {line.answered_by for line in routed}
    assert len(answered) == 1, routed
