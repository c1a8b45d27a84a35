"""The set-ups most page tests start from: two players seated in one match, moves played alternately."""

from __future__ import annotations

import re

from pages import Browser


def play(moves, first: Browser, second: Browser) -> None:
    """Plays `moves` ([(row, col), …]) alternately, `first` moving first."""
    for index, (row, col) in enumerate(moves):
        (first if index % 2 == 0 else second).move(row, col)


def drops(columns, first: Browser, second: Browser) -> None:
    """Drops in `columns` alternately, `first` dropping first."""
    for index, col in enumerate(columns):
        (first if index % 2 == 0 else second).drop(col)


def seat_pair(browsers, first_name: str = "Alice", second_name: str = "Bob", width: int = 1280, height: int = 900,
              base_url: str | None = None, listed: bool = False, language: str = "en"):
    """Two sessions seated in a new match through the UI: the first creates it (listed in the lobby with
    `listed`, else private) and shares the invite link. Both browsers speak `language`."""
    alice = browsers(width, height, base_url, language=language)
    match_id = alice.create_match(listed=listed)
    alice.join(first_name)
    link = alice.invite_link()
    assert link.endswith(f"/m/{match_id}"), link
    bob = browsers(width, height, base_url, language=language)
    bob.driver.get(link)
    bob.join(second_name)
    for browser in (alice, bob):
        browser.visible("scoreboard")
    return alice, bob, match_id


def recorded_tic_tac_toe(browsers, width: int, height: int):
    """Alice and Bob seated (seat_pair) in a game of Tic Tac Toe that Alice started, her page's sockets
    recorded (`instrument_sockets`: a test can then drop her connection). Returns both browsers."""
    alice, bob, _ = seat_pair(browsers, width=width, height=height)
    alice.instrument_sockets()
    alice.driver.refresh()
    alice.visible("leave-button")
    alice.start("ticTacToe", bob)
    return alice, bob


def deep_link_pair(browsers, game_id: str, width: int = 1280, height: int = 900):
    """Alice opens `/launchGame?gameId=…` (which makes a match and lands on its page) and sits down;
    Bob follows her invite link and sits down: the workflow then starts the game with nobody pressing
    start."""
    alice = browsers(width, height)
    alice.open(f"/launchGame?gameId={game_id}")
    alice.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}", d.current_url))
    match_id = alice.match_id()
    alice.join("Alice")
    bob = browsers(width, height)
    bob.driver.get(alice.invite_link())
    # The invite link names the launched game (`?game=`, issue 40, item 4).
    assert bob.driver.current_url.endswith(f"/m/{match_id}?game={game_id}")
    bob.join("Bob")
    return alice, bob, match_id

