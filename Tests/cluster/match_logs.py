"""Reads matches' logs from PostgreSQL (with `psql`) and checks each is one legal line of play."""

from __future__ import annotations

import json
import subprocess


def read_logs(db_url: str, match_ids: list[str]) -> dict[str, list[tuple[int, str, dict]]]:
    """match id -> [(sequence, kind, payload)], in order."""
    ids = ",".join(f"'{match_id}'" for match_id in match_ids)
    output = subprocess.run(
        ["psql", db_url, "-At", "-F", "\t", "-c",
         f"SELECT match_id, sequence, kind, payload FROM record WHERE match_id IN ({ids}) ORDER BY match_id, sequence"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout
    logs: dict[str, list[tuple[int, str, dict]]] = {match_id: [] for match_id in match_ids}
    for line in output.splitlines():
        match_id, sequence, kind, payload = line.split("\t", 3)
        logs[match_id].append((int(sequence), kind, json.loads(payload)))
    return logs


def games_in(log: list[tuple[int, str, dict]]) -> list[list[tuple[str, int, int]]]:
    """The moves of each game, checking that the log is one line (1, 2, 3… without gaps) and every game
    legal: turns alternate from the starting seat, no cell is played twice, each game ends once."""
    assert [sequence for sequence, _, _ in log] == list(range(1, len(log) + 1)), "the log has a gap or a duplicate"
    games: list[list[tuple[str, int, int]]] = []
    current: list[tuple[str, int, int]] | None = None
    turn = None
    for sequence, kind, payload in log:
        if kind == "gameStarted":
            assert current is None, f"a game started at {sequence} inside another"
            current, turn = [], payload["gameStarted"]["startingPlayer"]
        elif kind == "moved":
            move = payload["moved"]
            assert current is not None, f"a move at {sequence} outside a game"
            assert move["seat"] == turn, f"{move['seat']} played out of turn at {sequence}"
            assert (move["row"], move["col"]) not in {(r, c) for _, r, c in current}, f"a cell played twice at {sequence}"
            current.append((move["seat"], move["row"], move["col"]))
            turn = "player2" if turn == "player1" else "player1"
        elif kind in ("gameEnded",):
            assert current is not None, f"a game ended at {sequence} without starting"
            games.append(current)
            current = None
    if current is not None:
        games.append(current)
    return games


def check_told_moves_stored_once(log, players) -> int:
    """Every move a player was told of is in the log, in its game, exactly once. Returns how many."""
    games = games_in(log)
    checked = 0
    for player in players:
        for (game, row, col), seat in player.told.items():
            assert game < len(games), f"{player.name} was told of a move in game {game}; the log has {len(games)} games"
            assert games[game].count((seat, row, col)) == 1, f"{player.name}'s told move {(game, seat, row, col)} is not in the log once"
            checked += 1
    return checked
