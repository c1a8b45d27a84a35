"""The page's copy of Kalah's rules (Public/js/games/kalahRules.js) against the boards the server's rules
(Sources/Games/Kalah/Rules) produced.

The page draws the boards the server sends; it sows by itself only where the server sends no board: the
replay's positions and the move list's count, rebuilt from a past game's moves (the games API lists
moves, not boards), and the path of the seeds the board animates. So its copy of the rules must give the
server's boards. Seeded games of random sowings are played over two plain WebSockets (no page, so no
wait for one), every `board` the server sent is kept, and the page's modules, loaded in Chromium, must
give each board from the one before and the sowing it names, and every board of the game from the games
API's moves, as the replay and the move list read them.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request

from websockets.sync.client import connect

SEEDS = (1, 2, 3, 4)
STORE = {"player1": 6, "player2": 13}
FIRST = {"player1": 0, "player2": 7}
# The server answers a connection's 21st message within a second with `rateLimited` (docs/PROTOCOL.md):
# each seat's sowings are spaced by at least this much.
SPACING_S = 1 / 15


def _next(socket, wanted):
    """The next message of `socket` that `wanted` accepts (the others are skipped)."""
    while True:
        message = json.loads(socket.recv(timeout=10))
        assert message["type"] != "error", message
        if wanted(message):
            return message


def _play(server, seed: int) -> tuple[list[dict], list[dict]]:
    """A game of Kalah in a new match, each seat sowing one of its non-empty pits at random (seeded).
    Returns every board the server sent (the starting one first) and the games API's moves."""
    request = urllib.request.Request(server.base_url + "/api/matches", method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        match_id = json.load(response)["matchId"]
    url = server.base_url.replace("http://", "ws://") + f"/ws/{match_id}"
    chooser = random.Random(seed)
    with connect(url) as first, connect(url) as second:
        sockets = {}
        for socket, name in ((first, "Ann"), (second, "Ben")):
            socket.send(json.dumps({"type": "login", "name": name}))
            sockets[_next(socket, lambda m: m["type"] == "seated")["seat"]] = socket
        first.send(json.dumps({"type": "startGame", "gameId": "kalah"}))
        board = _next(first, lambda m: m["type"] == "screen" and m.get("name") == "kalah")["board"]
        # A game's screen is followed by its first `board`, the same position.
        for socket in (first, second):
            following = _next(socket, lambda m: m["type"] == "board")
            assert {key: following.get(key) for key in board} == board
        boards = [board]
        sent_at = {seat: 0.0 for seat in sockets}
        while board["turn"]:
            seat = board["turn"]
            pits = [p for p in range(6) if board["pits"][FIRST[seat] + p]]
            time.sleep(max(0.0, sent_at[seat] + SPACING_S - time.monotonic()))  # pacing, under the rate limit
            sent_at[seat] = time.monotonic()
            sockets[seat].send(json.dumps({"type": "sow", "pit": chooser.choice(pits)}))
            # Both seats are read, so that neither socket's queue fills up: they are told the same board.
            board, told = (_next(socket, lambda m: m["type"] == "board") for socket in (first, second))
            assert told == board
            boards.append({key: board.get(key) for key in ("pits", "turn", "last")})
        _next(first, lambda m: m["type"] == "gameOver")
    with urllib.request.urlopen(f"{server.base_url}/api/matches/{match_id}/games", timeout=10) as response:
        games = json.load(response)["games"]
    return boards, games[-1]["moves"]


_CHECK = r"""
const [boards, moves] = arguments;
const done = arguments[arguments.length - 1];
Promise.all([import('/js/games/kalahRules.js'), import('/js/games/kalah.js')]).then(([rules, kalah]) => {
  const game = kalah.default;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const wrong = [];
  boards.forEach((board, index) => {
    // As the replay and the move list rebuild it from the games API's moves.
    const rebuilt = game.boardAfter(moves, index, 'player1');
    if (!same(rebuilt, game.readBoard(board))) wrong.push({ index, rebuilt, board });
    const shown = game.movesShown(game.readBoard(board), moves, 'player1');
    if (shown !== index) wrong.push({ index, movesShown: shown });
    if (index === 0) return;
    // As the board animates a sowing: from the board before, the sowing the new one names.
    const before = boards[index - 1];
    const sown = rules.sow(before.pits, board.last.seat, board.last.pit);
    if (!sown || !same(sown.pits, board.pits) || sown.turn !== board.turn) wrong.push({ index, sown, board });
  });
  done(wrong);
});
"""


def test_the_pages_rules_give_the_boards_the_server_sent(server, browsers):
    browser = browsers()
    browser.open("/")
    extra_turns = captures = sowings = 0
    for seed in SEEDS:
        boards, moves = _play(server, seed)
        assert len(moves) == len(boards) - 1, f"seed {seed}: {len(moves)} moves for {len(boards)} boards"
        assert [(m["seat"], m["pit"]) for m in moves] == [(b["last"]["seat"], b["last"]["pit"]) for b in boards[1:]]
        wrong = browser.driver.execute_async_script(_CHECK, boards, moves)
        assert not wrong, f"seed {seed}: the page's rules differ from the server's boards: {wrong[:3]}"
        for before, after in zip(boards, boards[1:]):
            seat = after["last"]["seat"]
            sown = before["pits"][FIRST[seat] + after["last"]["pit"]]
            gained = after["pits"][STORE[seat]] - before["pits"][STORE[seat]]
            sowings += 1
            extra_turns += after["turn"] == seat
            # More than one seed a lap in the mover's store: a capture (or the sweep at the end).
            captures += after["turn"] is not None and gained > (sown + 12) // 13
    # The games covered what the rules do beyond sowing round: extra turns and captures.
    assert extra_turns >= 5 and captures >= 5, f"{sowings} sowings, {extra_turns} extra turns, {captures} captures"
