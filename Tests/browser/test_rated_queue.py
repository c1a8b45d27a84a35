"""A rated wait in "Play someone now" (issue 42): while a signed-in player waits with "Rated" ticked, the
page says the rating gap the server accepts now (the `window` of the queue's answers: ±100 on joining,
50 wider every 5 s of waiting), in a polite live region whose text changes when the window does and not
at every renew; an unrated wait says nothing of it. The server has no option for the window's pace
(Sources/Server/Pairing/RatingWindow.swift), so the English test waits the 5 s of one widening. The
tests of this file begin 1 passkey ceremony each."""

from __future__ import annotations

from selenium.webdriver.common.keys import Keys

from accounts import create_account, unique_name, visitor
from page_words import core_words, expect_only_words_of
from pages import PHONE, expect_no_axe_violations

CORE = core_words()
WIDENED_WITHIN_S = 15  # the first widening is due 5 s after joining; the page renews every second

# Counts the changes of the window's text from now on (a live region speaks at each).
_COUNT_CHANGES = """
const region = document.querySelector('[data-testid="queue-window"]');
window.__windowTexts = [];
new MutationObserver(() => window.__windowTexts.push(region.textContent))
  .observe(region, { childList: true, characterData: true, subtree: true });
"""


def _window_text(words: dict, width: int) -> str:
    return words["queue.window"].replace("{window}", str(width))


def _rated_wait(browser, game_id: str, keyboard: bool = False) -> None:
    """Picks `game_id`, ticks "Rated" and presses "Play someone now", with the mouse or the keyboard
    (Space on the game's radio and the box, Enter on the button)."""
    press = (lambda element, key: element.send_keys(key)) if keyboard else (lambda element, _: element.click())
    press(browser.clickable(f"queue-game-{game_id}"), Keys.SPACE)
    rated = browser.clickable("queue-rated")
    if not rated.is_selected():
        press(rated, Keys.SPACE)
    assert browser.find(f"queue-game-{game_id}").is_selected() and rated.is_selected()
    press(browser.clickable("queue-join"), Keys.ENTER)
    browser.visible("queue-waiting")


def test_a_rated_wait_says_its_window_and_it_widens(browsers, server):
    words = CORE["en"]
    player, _ = visitor(browsers, server)
    name = unique_name("Wes")
    create_account(player, name)
    _rated_wait(player, "kalah")

    region = player.visible("queue-window")
    assert region.get_attribute("aria-live") == "polite"
    assert player.text_of("queue-window") == _window_text(words, 100)
    assert player.text_of("queue-window") == "Looking for a player within ±100 of your rating; the range widens as you wait."
    player.driver.execute_script(_COUNT_CHANGES)

    # Five seconds on, the server's renew answer says ±150, and the page with it.
    player.until_text("queue-window", _window_text(words, 150), timeout=WIDENED_WITHIN_S)
    # Several renews came and went meanwhile; the live region's text changed once.
    assert player.driver.execute_script("return window.__windowTexts") == [_window_text(words, 150)]
    expect_no_axe_violations(player, "a rated wait with its window")
    expect_only_words_of(player, "en", "a rated wait", (name,))
    player.driver.execute_script("document.querySelector('[data-testid=\"queue-panel\"]').scrollIntoView()")
    player.screenshot("queue-rated-window")

    player.clickable("queue-cancel").click()
    player.visible("queue-join")
    player.hidden("queue-window")


def test_a_rated_wait_in_korean_on_a_phone_and_an_unrated_wait_without_window(browsers, server):
    words = CORE["ko"]
    player, _ = visitor(browsers, server, language="ko", width=PHONE[0], height=PHONE[1])
    name = unique_name("Kay")
    create_account(player, name)
    _rated_wait(player, "connectFour", keyboard=True)
    player.visible("queue-window")
    assert player.text_of("queue-window") == _window_text(words, 100)
    assert player.driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    expect_only_words_of(player, "ko", "a rated wait in Korean", (name,))
    player.driver.execute_script("document.querySelector('[data-testid=\"queue-panel\"]').scrollIntoView()")
    player.screenshot("queue-rated-window-ko", sizes=(PHONE,))

    # Cancelled with the keyboard (the focus is on Cancel while waiting), then an unrated wait: no window.
    assert player.driver.switch_to.active_element == player.find("queue-cancel")
    player.driver.switch_to.active_element.send_keys(Keys.ENTER)
    player.visible("queue-join")
    player.find("queue-rated").send_keys(Keys.SPACE)
    assert not player.find("queue-rated").is_selected()
    player.find("queue-join").send_keys(Keys.ENTER)
    player.visible("queue-waiting")
    # (Once a renew has been answered too: its answer has no window either.)
    player.wait().until(lambda _: player.text_of("queue-waited") not in ("", "0:00"), "the wait never ticked")
    player.hidden("queue-window")
    player.find("queue-cancel").send_keys(Keys.ENTER)
    player.visible("queue-join")
