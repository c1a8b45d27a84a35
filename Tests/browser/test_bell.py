"""The opt-in "your turn" bell (issue 32, section 3): after a click (and the browser's permission), a
system notification says "Your turn", in the reader's language, when the turn becomes theirs while the
tab is hidden; clicking it focuses the match.

Headless Chromium can neither hide a tab nor click a notification, so this test stands in for both: the
permission is granted through the DevTools protocol (`Browser.grantPermissions`), `document.visibilityState`
is stubbed to 'hidden' (and `visibilitychange` dispatched), `window.Notification` is wrapped to record
every notification the page makes, and the recorded notification's `onclick` is called with
`window.focus` wrapped to record that it was called.
"""

from __future__ import annotations

from pages import expect_no_axe_violations

_RECORD = r"""
const Real = window.Notification;
window.__notes = [];
window.__focused = 0;
window.Notification = class extends Real {
  constructor(title, options = {}) {
    super(title, options);
    window.__notes.push({ title, body: options.body || '', lang: options.lang || '', tag: options.tag || '' });
    window.__lastNote = this;
  }
};
window.focus = () => { window.__focused += 1; };
"""

_HIDE = r"""
Object.defineProperty(document, 'visibilityState', { value: arguments[0], configurable: true });
Object.defineProperty(document, 'hidden', { value: arguments[0] === 'hidden', configurable: true });
document.dispatchEvent(new Event('visibilitychange'));
"""


def _grant(browser) -> None:
    browser.driver.execute_cdp_cmd(
        "Browser.grantPermissions", {"permissions": ["notifications"], "origin": browser.base_url}
    )


def _notes(browser) -> list[dict]:
    return browser.driver.execute_script("return window.__notes || []")


def test_the_bell_says_your_turn_in_the_readers_language_when_the_tab_is_hidden(browsers):
    alice = browsers(language="en")
    alice.create_match()
    alice.join("Alice")
    bob = browsers(language="ko")
    bob.driver.get(alice.invite_link())
    bob.join("Bob")

    for browser in (alice, bob):
        _grant(browser)
        toggle = browser.visible("bell-toggle")
        assert toggle.get_attribute("aria-pressed") == "false"
        toggle.click()
        browser.until_attribute("bell-toggle", "aria-pressed", "true")
        assert browser.local_storage().get("tictactoe.bell") == "on"
        browser.driver.execute_script(_RECORD)
    assert bob.find("bell-toggle").accessible_name.endswith("차례 알림")
    expect_no_axe_violations(alice, "the bell on")

    alice.start("ticTacToe", bob)
    alice.visible("turn")
    alice.wait().until(lambda d: "turn--mine" in alice.find("turn").get_attribute("class")
                       or "turn--mine" in bob.find("turn").get_attribute("class"))
    first, second = (alice, bob) if "turn--mine" in alice.find("turn").get_attribute("class") else (bob, alice)
    # The first mover's tab is visible: its turn rang nothing.
    assert _notes(first) == []

    # The second player's tab is hidden: the first move makes it their turn, and the bell rings once.
    second.driver.execute_script(_HIDE, "hidden")
    first.move(0, 0)
    second.wait().until(lambda d: len(_notes(second)) == 1, "no notification for a hidden tab's turn")
    note = _notes(second)[0]
    expected = {alice: ("Your turn", "en"), bob: ("내 차례예요", "ko")}[second]
    assert (note["title"], note["lang"]) == expected
    assert note["tag"].startswith("tictactoe-turn-")
    # Clicking it focuses the match.
    second.driver.execute_script("window.__lastNote.onclick()")
    assert second.driver.execute_script("return window.__focused") == 1

    # Back on the tab: it plays; the other tab, visible, is not notified of its own turn.
    second.driver.execute_script(_HIDE, "visible")
    second.move(1, 1)
    first.wait_my_turn()
    assert _notes(first) == []

    # Turned off: a hidden tab's turn rings nothing more.
    first.clickable("bell-toggle").click()
    first.until_attribute("bell-toggle", "aria-pressed", "false")
    assert first.local_storage().get("tictactoe.bell") == "off"
    first.move(0, 1)
    second.driver.execute_script(_HIDE, "hidden")
    second.wait_my_turn()
    first.driver.execute_script(_HIDE, "hidden")
    second.driver.execute_script(_HIDE, "visible")
    second.move(2, 2)
    first.wait_my_turn()
    assert _notes(first) == []
    assert len(_notes(second)) == 1


def test_the_bell_asks_nothing_until_clicked_and_says_when_notifications_are_blocked(browsers):
    alice = browsers()
    alice.create_match()
    alice.join("Alice")
    alice.driver.execute_cdp_cmd(
        "Browser.setPermission",
        {"permission": {"name": "notifications"}, "setting": "denied", "origin": alice.base_url},
    )
    assert alice.driver.execute_script("return Notification.permission") == "denied"
    alice.clickable("bell-toggle").click()
    alice.wait_notice("bell-blocked")
    assert alice.find("bell-toggle").get_attribute("aria-pressed") == "false"
