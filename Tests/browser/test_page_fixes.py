"""Small things a new user saw on the page (issue 32, item 4): the computer's level is remembered, the
queue's wait clock is not read out every second, and the sound switch is a target a thumb can hit."""

from pages import PHONE, set_viewport


def test_the_computer_level_picked_last_time_is_offered_again(browsers):
    visitor = browsers()
    visitor.open("/")
    assert visitor.find("computer-level").get_attribute("value") == "easy"
    visitor.driver.execute_script(
        "const s = arguments[0]; s.value = 'perfect'; s.dispatchEvent(new Event('change'));", visitor.find("computer-level")
    )
    visitor.open("/")
    visitor.wait().until(
        lambda d: visitor.find("computer-level").get_attribute("value") == "perfect", "the level reset to Easy on the next visit"
    )


def test_the_queue_wait_clock_ticks_outside_the_live_region(browsers):
    visitor = browsers()
    visitor.open("/")
    visitor.clickable("queue-join").click()
    visitor.visible("queue-waiting")
    clock = visitor.find("queue-waited")
    # Neither the clock nor any of its ancestors is a live region: it changes every second.
    live = visitor.driver.execute_script(
        "for (let e = arguments[0]; e; e = e.parentElement) {"
        "  if (e.getAttribute('role') === 'status' || e.getAttribute('aria-live')) return e.outerHTML.slice(0, 120); }"
        "return null;",
        clock,
    )
    assert live is None, f"the wait clock is inside a live region: {live}"
    # The status itself is still said.
    said = visitor.driver.execute_script(
        "return [...document.querySelectorAll('[data-testid=queue-waiting] [role=status]')].map(e => e.textContent).join(' ')"
    )
    assert "Looking for someone to play Tic Tac Toe" in said, said
    visitor.clickable("queue-cancel").click()


def test_the_sound_switch_is_at_least_44_px_square_on_a_phone(browsers):
    alice = browsers()
    set_viewport(alice.driver, *PHONE)
    alice.create_match()
    toggle = alice.visible("sound-toggle")
    size = alice.driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", toggle)
    assert size[0] >= 44 and size[1] >= 44, f"the sound switch is {size[0]:.0f} x {size[1]:.0f} px"
