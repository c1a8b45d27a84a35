"""Long names on a phone: the page never grows wider than the screen."""

from pairs import play, seat_pair

LONG_A = "Bartholomew-Featherstone"  # 24 characters, the longest name the server takes, no space
LONG_B = "Maximiliana_Wolkenstein9"
PHONE_W, PHONE_H = 390, 844


def _page_width(browser) -> int:
    return browser.driver.execute_script("return document.documentElement.scrollWidth")


def test_24_character_names_do_not_widen_the_phone_layout(browsers):
    assert len(LONG_A) == 24 and len(LONG_B) == 24
    alice, bob, match_id = seat_pair(browsers, LONG_A, LONG_B, width=PHONE_W, height=PHONE_H)
    alice.start("ticTacToe", bob)
    alice.move(0, 0)
    bob.wait_my_turn()
    alice.until_text("turn", LONG_B)
    for browser in (alice, bob):
        assert _page_width(browser) <= PHONE_W, _page_width(browser)
    alice.screenshot("long-names-playing", sizes=((PHONE_W, PHONE_H),))
    alice.screenshot("long-names-playing", sizes=((PHONE_W, PHONE_H), (1280, 800)), dark=True)

    play([(1, 0), (0, 1), (1, 1), (0, 2)], bob, alice)
    bob.until_text("result", f"{LONG_A} won (three in a row)")
    for browser in (alice, bob):
        assert _page_width(browser) <= PHONE_W, _page_width(browser)
    bob.screenshot("long-names-result", sizes=((PHONE_W, PHONE_H), (1280, 800)))

    # The lobby lists a match with a long name without widening either.
    carol = browsers(PHONE_W, PHONE_H)
    match = carol.create_match(listed=True)
    carol.join(LONG_B)
    visitor = browsers(PHONE_W, PHONE_H)
    visitor.open("/")
    visitor.wait().until(
        lambda d: d.find_elements("css selector", f'[data-match-id="{match}"]'), "the lobby never listed the match"
    )
    assert _page_width(visitor) <= PHONE_W, _page_width(visitor)
    visitor.screenshot("lobby-long-names", sizes=((PHONE_W, PHONE_H), (1280, 800)))
    visitor.screenshot("lobby-long-names", sizes=((PHONE_W, PHONE_H), (1280, 800)), dark=True)
