"""Creating a match in one step: the creator is seated at once, sees the invite link, and the chosen
game starts as soon as the opponent joins."""

from pages import testid as by_testid

HIDE_TAB = """
Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
document.dispatchEvent(new Event('visibilitychange'));
"""
SHOW_TAB = """
delete document.visibilityState;
document.dispatchEvent(new Event('visibilitychange'));
"""


def test_a_creator_with_a_remembered_name_is_seated_and_the_chosen_game_starts_on_join(browsers):
    alice = browsers()
    alice.open("/")
    alice.driver.execute_script("localStorage.setItem('tictactoe.name', 'Alice')")
    alice.screenshot("lobby-create")
    alice.screenshot("lobby-create", dark=True)
    match_id = alice.create_match("ticTacToe")

    alice.visible("leave-button")
    alice.until_text("seat-player1-name", "Alice")
    assert not alice.find("join-form").is_displayed()
    link = alice.invite_link()
    # The link names the game the match was made for (issue 40, item 4): `?game=` names it, launches nothing.
    assert link.endswith(f"/m/{match_id}?game=ticTacToe"), link
    alice.until_attribute("spectator-count", "data-count", "0")
    alice.until_text("stage-title", "Waiting for an opponent")
    alice.screenshot("creator-seated")
    alice.screenshot("creator-seated", dark=True)

    # Bob arrives while Alice's tab is hidden: her title tells her.
    alice.driver.execute_script(HIDE_TAB)
    bob = browsers()
    bob.driver.get(link)
    bob.join("Bob")

    # No "Pick a game": the game chosen in the lobby is on at once, for both.
    for browser in (alice, bob):
        browser.visible("board")
    assert not alice.find("games").is_displayed()
    alice.wait().until(lambda d: d.title.startswith("Bob joined — your move"), "the hidden tab's title never said so")
    alice.driver.execute_script(SHOW_TAB)
    alice.wait().until(lambda d: d.title.startswith("Your turn"), "the title kept the note once looked at")
    alice.move(1, 1)
    bob.wait_mark(1, 1, "X")


def test_a_creator_without_a_name_is_asked_for_one_with_the_link_already_shown(browsers):
    alice = browsers()
    alice.create_match()
    alice.until_text("stage-title", "Your match is ready")
    alice.visible("invite")
    alice.wait().until(
        lambda d: d.switch_to.active_element.get_attribute("data-testid") == "name-input", "the name field has no focus"
    )
    # The creator is not one of "1 spectator watching" on their own page.
    alice.until_text("spectator-count", "Nobody else is watching")
    alice.screenshot("creator-name")
    alice.screenshot("creator-name", dark=True)

    alice.join("Alice")
    alice.visible("invite")
    # A second match from the same browser: the name is remembered now, so no question at all.
    alice.create_match()
    alice.visible("leave-button")
    assert not alice.driver.find_element(*by_testid("join-form")).is_displayed()
