"""The end of a game and the turns between: "Play again" in view, no shift, who started the next game,
and every move and turn spoken through the live region."""

from contrast import faded_contrasts
from pairs import drops, play, seat_pair

ALICE_WINS_TOP_ROW = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]


def _announced(browser) -> str:
    return browser.find("announcer").get_attribute("textContent")


def test_every_move_and_turn_is_announced_with_a_visible_heading(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    alice.wait_my_turn()
    alice.wait().until(lambda d: _announced(alice) == "Your turn", f"alice heard {_announced(alice)!r}")
    bob.wait().until(lambda d: _announced(bob) == "Alice's turn")
    for browser in (alice, bob):
        assert browser.find("stage-title").is_displayed()
        assert browser.text_of("stage-title") == "Tic Tac Toe"

    alice.move(1, 2)
    bob.wait().until(lambda d: _announced(bob) == "Alice played X at row 2, column 3 — your turn", f"bob heard {_announced(bob)!r}")
    alice.wait().until(lambda d: _announced(alice) == "Alice played X at row 2, column 3 — Bob's turn", f"alice heard {_announced(alice)!r}")
    bob.move(0, 0)
    alice.wait().until(lambda d: _announced(alice) == "Bob played O at row 1, column 1 — your turn")
    assert alice.find("announcer").get_attribute("aria-live") == "polite"


def test_the_end_of_a_game_keeps_play_again_in_view_and_says_who_started_the_next(browsers):
    alice, bob, _ = seat_pair(browsers, width=1280, height=800)
    width_before = alice.driver.execute_script("return document.documentElement.clientWidth")
    alice.start("ticTacToe", bob)
    play(ALICE_WINS_TOP_ROW, alice, bob)
    alice.until_text("result", "You won (three in a row)")
    bob.until_text("result", "Alice won (three in a row)")
    alice.until_text("stage-title", "Game over")

    # "Play again" is on screen at 1280×800 without scrolling, and nothing moved sideways.
    for browser in (alice, bob):
        button = browser.clickable("start-ticTacToe")
        bottom = browser.driver.execute_script("return arguments[0].getBoundingClientRect().bottom", button)
        assert bottom <= 800, bottom
        assert browser.driver.execute_script("return document.documentElement.clientWidth") == width_before
    alice.screenshot("game-over", sizes=((1280, 800), (390, 844)))
    alice.screenshot("game-over", sizes=((1280, 800), (390, 844)), dark=True)

    # Bob offers the next game and Alice accepts it (fair play: a game between two people starts when
    # both want it). Bob, who did not press the button that started it, is told, not just shown an
    # empty board; Alice, who did, is not.
    bob.start("ticTacToe", alice)
    notice = bob.wait_notice("new-game")
    assert notice.text.startswith("Alice accepted: a new game of Tic Tac Toe begins"), notice.text
    # Alice may still show the notice of the first game, which she offered and Bob accepted; none says
    # that someone else started this one.
    said = [e.text for e in alice.driver.find_elements("css selector", '[data-testid="notice"][data-code="new-game"]')]
    assert all(text.startswith("Bob accepted") for text in said), said


# The keyframes of the animation an element runs, read from the page's style sheets: each keyframe's
# opacity and colour, so that a test sees what the element passes through, not only where it ends.
_KEYFRAMES_OF = """
const name = getComputedStyle(arguments[0]).animationName;
if (name === 'none') return {name, frames: []};
for (const sheet of document.styleSheets) {
  for (const rule of sheet.cssRules) {
    if (rule.type === CSSRule.KEYFRAMES_RULE && rule.name === name) {
      return {name, frames: [...rule.cssRules].map(f => ({key: f.keyText, opacity: f.style.opacity, color: f.style.color}))};
    }
  }
}
return {name, frames: null};
"""


def test_the_result_heading_never_fades_through_unreadable_colours_and_keeps_still_for_reduced_motion(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    play(ALICE_WINS_TOP_ROW, alice, bob)
    alice.until_text("result", "You won (three in a row)")
    animation = alice.driver.execute_script(_KEYFRAMES_OF, alice.find("result"))
    assert animation["frames"], f"the result heading's animation {animation['name']!r} was not found"
    for frame in animation["frames"]:
        # An opacity under 1 blends the heading's colour into the page (2.02:1 at its faintest).
        assert frame["opacity"] in ("", "1"), f"the result heading fades: {animation}"
        assert frame["color"] == "", f"the result heading's colour is animated: {animation}"

    alice.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}
    )
    try:
        still = alice.driver.execute_script("return getComputedStyle(arguments[0]).animationName", alice.find("result"))
        assert still == "none", f"with reduced motion the result heading still runs {still!r}"
    finally:
        alice.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


# X wins the top row with a fourth X and three O's left outside the line: marks that are faded.
X_WINS_WITH_MARKS_LEFT_OVER = [(0, 0), (1, 0), (2, 2), (1, 1), (0, 2), (2, 0), (0, 1)]


def _faded_contrasts_in_both_themes(browser) -> list[tuple[str, str, float]]:
    found = []
    for theme in ("light", "dark"):
        browser.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]}
        )
        try:
            # The cells' colours pass through a transition when the theme changes: read them once it ended.
            browser.wait().until(lambda d: d.execute_script("return document.getAnimations().length === 0"))
            found += [(theme, what, value) for what, value in faded_contrasts(browser.driver)]
        finally:
            browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    return found


def test_faded_marks_and_discs_of_a_final_board_keep_3_to_1_in_both_themes(browsers):
    alice, bob, _ = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    play(X_WINS_WITH_MARKS_LEFT_OVER, alice, bob)
    alice.until_text("result", "You won (three in a row)")
    marks = _faded_contrasts_in_both_themes(alice)
    assert len(marks) == 2 * 4, f"one faded X and three faded O's in each theme: {marks}"

    # Connect Four next: Bob starts it, and Alice's four in column 0 beside Bob's three in column 1.
    bob.start("connectFour", alice)
    alice.wait().until(lambda d: alice.text_of("turn") in ("Your turn", "Bob's turn"), "the game never started")
    first, second = (alice, bob) if alice.text_of("turn") == "Your turn" else (bob, alice)
    drops([0, 1, 0, 1, 0, 1, 0], first, second)
    first.until_text("result", "You won (four in a row)")
    discs = _faded_contrasts_in_both_themes(first)
    assert len(discs) == 2 * 3 * 2, f"three faded discs, each with its letter, in each theme: {discs}"

    for theme, what, value in marks + discs:
        assert value >= 3.0, f"{what} in the {theme} theme: {value:.2f}:1 against what is around it"
