"""Rated play across a database failover (issue 42, "exactly once … across a failover"): accounts in a
ring of rated Tic Tac Toe matches, each account in two matches at once (so two servers may rate one
account's games at the same moment), and the check of what the promoted database holds against what
the players were told.

What is exactly provable, and so checked:
- `rated_game`'s key (match id, game number) makes a second row of one game impossible; what a game
  applied twice or a lost update leaves instead is an account's rating row that counts a game twice or
  starts two games from one rating. So each account's stored games are followed as a chain, from the
  new player's 1500 through each game's `before` to its `after`: every game exactly once, no two from
  the same rating, ending at the account's stored rating, whose counts are the chain's.
- Every game the promoted log ended (not aborted) is rated, once, under its number, with the log's
  result, and nothing else of these accounts is: none lost, none made up.
- Every `ratings` a player was told (a `gameOver`, a `welcome`'s `lastGame`) is the stored record's,
  rounded half up: told ⊆ stored. A game stored but told to nobody (the kill raced the telling) may be
  there; it is counted, not refused.
- Every server's `GET /api/players/{name}` gives the stored rating and counts, and the rating is the
  `after` the account was told for its last rated game (each match's last game is told: the players
  wait for it).
"""

from __future__ import annotations

import collections
import dataclasses
import math
import subprocess

from passkey_authenticator import SoftwarePasskey
from resilient_player import ResilientPlayer
from test_accounts import Page, register, unique_name

# The starting seat takes the top row and wins at its third move; the start alternates between games,
# so the winners alternate and every rating moves (a draw of two equal ratings would leave them be).
STARTER_WINS = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 2)]
NEW_PLAYER_RATING = 1500.0
RECENT_LISTED = 20
SEATS = ("player1", "player2")


@dataclasses.dataclass
class Account:
    name: str
    id: str
    session: str


@dataclasses.dataclass
class StoredGame:
    """One row of `rated_game`."""

    match_id: str
    number: int
    ids: dict[str, str]
    result: str
    before: dict[str, float]
    after: dict[str, float]
    provisional: dict[str, bool]
    ended_at: float

    def told(self) -> dict:
        """The `ratings` of its `gameOver` as the wire gives them."""
        return {seat: {"before": half_up(self.before[seat]), "after": half_up(self.after[seat]), "provisional": self.provisional[seat]}
                for seat in SEATS}

    def seat_of(self, account_id: str) -> str:
        return "player1" if self.ids["player1"] == account_id else "player2"


def half_up(value: float) -> int:
    """The server's rounding of every rating it sends (WireRounding.halfUp)."""
    return math.floor(value + 0.5)


def register_accounts(cluster, count: int) -> list[Account]:
    """`count` new accounts, registered (a software passkey each) on the servers in turn."""
    accounts = []
    for index in range(count):
        page = Page(cluster, cluster.servers[index % len(cluster.servers)])
        status, created, session = register(page, page, unique_name("Rt"), SoftwarePasskey())
        assert status == 201 and session, created
        accounts.append(Account(created["player"]["name"], created["player"]["id"], session))
    return accounts


def create_ring(cluster, accounts: list[Account]) -> list[tuple[str, Account, Account]]:
    """A rated match per neighbouring pair of the ring (the last with the first): (match id, its
    player1's account, its player2's), each created by its player1 on a server in turn."""
    ring = []
    for index, first in enumerate(accounts):
        second = accounts[(index + 1) % len(accounts)]
        page = Page(cluster, cluster.servers[index % len(cluster.servers)])
        status, created, _ = page.call("POST", "/api/matches", {"rated": True, "gameId": "ticTacToe"}, cookie=first.session)
        assert status == 201, created
        ring.append((created["matchId"], first, second))
    return ring


def rated_players(ws_url: str, origin: str, match_id: str, first: Account, second: Account,
                  think_s: tuple[float, float]) -> tuple[ResilientPlayer, ResilientPlayer]:
    """The match's two players, signed in; the first logs in first (player1, who starts the games)."""
    return tuple(ResilientPlayer(ws_url, match_id, account.name, think_s, session=account.session, origin=origin, cells=STARTER_WINS)
                 for account in (first, second))


def _psql(db_url: str, sql: str) -> list[list[str]]:
    output = subprocess.run(["psql", db_url, "-At", "-F", "\t", "-c", sql], capture_output=True, text=True, check=True, timeout=60).stdout
    return [line.split("\t") for line in output.splitlines()]


def read_stored(db_url: str, accounts: list[Account]) -> tuple[list[StoredGame], dict[str, list[str]]]:
    """Every `rated_game` row either seat of which is one of `accounts`, and each account's
    `player_rating` row in Tic Tac Toe: [rating, deviation, games, wins, losses, draws]."""
    ids = ",".join(f"'{account.id}'" for account in accounts)
    rows = _psql(db_url, "SELECT match_id, game_number, player1_id, player2_id, result, player1_before, player1_after, "
                         "player1_provisional, player2_before, player2_after, player2_provisional, extract(epoch FROM ended_at) "
                         f"FROM rated_game WHERE player1_id IN ({ids}) OR player2_id IN ({ids})")
    games = [StoredGame(match, int(number), {"player1": id1, "player2": id2}, result,
                        {"player1": float(before1), "player2": float(before2)}, {"player1": float(after1), "player2": float(after2)},
                        {"player1": provisional1 == "t", "player2": provisional2 == "t"}, float(ended))
             for match, number, id1, id2, result, before1, after1, provisional1, before2, after2, provisional2, ended in rows]
    ratings = {row[0]: row[1:] for row in _psql(
        db_url, f"SELECT account_id, rating, deviation, games, wins, losses, draws FROM player_rating WHERE game_id = 'ticTacToe' AND account_id IN ({ids})")}
    return games, ratings


def rated_in_log(log: list[tuple[int, str, dict]]) -> dict[int, str]:
    """The games a match's log ended and did not abort, by number (1 for the first started, as the
    rating store counts): the result each is rated with."""
    rated: dict[int, str] = {}
    number, aborted = 0, False
    for _, kind, payload in log:
        if kind == "gameStarted":
            number, aborted = number + 1, False
        elif kind == "gameAborted":
            aborted = True
        elif kind == "gameEnded" and not aborted:
            winner = payload["gameEnded"].get("winner")
            rated[number] = f"{winner}Won" if winner else "draw"
    return rated


def _chain(account: Account, games: list[StoredGame]) -> list[StoredGame]:
    """The account's games in the order they were applied: each starts from the rating the one before
    left (the first from a new player's). Two games from one rating, or a game from a rating no game
    left, is a lost or doubled update."""
    left, chain, rating = list(games), [], NEW_PLAYER_RATING
    while left:
        following = [game for game in left if game.before[game.seat_of(account.id)] == rating]
        assert len(following) == 1, (f"{account.name}: {len(following)} stored games start from rating {rating!r}; "
                                     f"applied so far {[(g.match_id, g.number) for g in chain]}, left {[(g.match_id, g.number) for g in left]}")
        chain.append(following[0])
        left.remove(following[0])
        rating = following[0].after[following[0].seat_of(account.id)]
    return chain


def check_rated_endings_once(db_url: str, logs: dict, ring: list[tuple[str, Account, Account]],
                             players: dict[str, tuple[ResilientPlayer, ResilientPlayer]], cluster) -> tuple[int, int, list[StoredGame]]:
    """Checks what the module's docstring says; returns (distinct rated endings told, stored, the stored games)."""
    accounts = [first for _, first, _ in ring]
    games, ratings = read_stored(db_url, accounts)
    stored = {(game.match_id, game.number): game for game in games}
    duplicated = [key for key, count in collections.Counter((game.match_id, game.number) for game in games).items() if count > 1]
    assert not duplicated, f"rated games stored twice: {duplicated}"

    # Each match: exactly the games its log ended, with the log's result, its seats' accounts, and the
    # last one the number of games its players saw end.
    assert {game.match_id for game in games} <= {match_id for match_id, _, _ in ring}, "a rated game of these accounts in another match"
    for match_id, first, second in ring:
        mine = {game.number: game for game in games if game.match_id == match_id}
        in_log = rated_in_log(logs[match_id])
        assert {number: game.result for number, game in mine.items()} == in_log, f"{match_id}: stored {sorted(mine)}, the log ended {in_log}"
        assert all(game.ids == {"player1": first.id, "player2": second.id} for game in mine.values()), f"{match_id}: another pair rated"
        assert max(mine, default=0) == players[match_id][0].games_done == players[match_id][1].games_done, f"{match_id}: {sorted(mine)} rated"

    # Told ⊆ stored, to the rounded point.
    told: set[tuple[str, int]] = set()
    for match_id, pair in players.items():
        for player in pair:
            for number, ratings_told in player.ratings_told.items():
                game = stored.get((match_id, number))
                assert game is not None, f"{player.name} was told game {number} of {match_id} rated {ratings_told}; it is not stored"
                assert ratings_told == game.told(), f"{player.name} in {match_id}: game {number} told {ratings_told}, stored {game.told()}"
                told.add((match_id, number))

    # Each account: its games a chain, its rating row the chain's end and count, and what every server
    # answers the rating the account was told last.
    for account in accounts:
        chain = _chain(account, [game for game in games if account.id in game.ids.values()])
        last = chain[-1]
        seat = last.seat_of(account.id)
        rating, deviation, *counts = ratings[account.id]
        assert float(rating) == last.after[seat], f"{account.name}: stored rating {rating}, its last game left {last.after[seat]!r}"
        results = collections.Counter("draw" if game.result == "draw" else "win" if game.result == f"{game.seat_of(account.id)}Won" else "loss"
                                      for game in chain)
        expected = {"rating": half_up(last.after[seat]), "rd": half_up(float(deviation)), "provisional": last.provisional[seat],
                    "games": len(chain), "wins": results["win"], "losses": results["loss"], "draws": results["draw"]}
        assert [int(count) for count in counts] == [expected[key] for key in ("games", "wins", "losses", "draws")], (account.name, counts, expected)
        player = next(p for p in players[last.match_id] if p.name == account.name)
        assert last.number in player.ratings_told, f"{account.name}: its last rated game ({last.match_id} {last.number}) was not told"
        assert player.ratings_told[last.number][seat]["after"] == expected["rating"]
        newest = sorted(chain, key=lambda game: (game.ended_at, game.match_id, game.number), reverse=True)[:RECENT_LISTED]
        for server in cluster.servers:
            status, profile, _ = Page(cluster, server).call("GET", f"/api/players/{account.name}")
            assert status == 200, profile
            assert profile["ratings"] == {"ticTacToe": expected}, f"{account.name} on {server.address}: {profile['ratings']}, stored {expected}"
            recent = [(entry["matchId"], entry["gameNumber"], entry["ratingAfter"]) for entry in profile["recent"]]
            assert sorted(recent) == sorted((game.match_id, game.number, half_up(game.after[game.seat_of(account.id)])) for game in newest), \
                f"{account.name} on {server.address}: recent {recent}"
    return len(told), len(stored), games

