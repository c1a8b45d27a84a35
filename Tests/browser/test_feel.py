"""Feel: our own mark shows before the server's answer and is taken back if the move is refused."""

from pairs import seat_pair

DROP_MOVES = """
const socket = window.__sockets.at(-1);
const send = socket.send.bind(socket);
socket.send = (data) => (['move', 'drop'].includes(JSON.parse(data).type) ? undefined : send(data));
"""
REFUSE = """
window.__sockets.at(-1).dispatchEvent(new MessageEvent('message', { data: JSON.stringify(
  { type: 'error', code: 'notYourTurn', message: 'It is not your turn.' }) }));
"""


def _pair_with_recorded_sockets(browsers):
    """Alice (her page's sockets recorded, so a test can withhold her moves) and Bob, seated."""
    alice = browsers()
    alice.instrument_sockets()
    match_id = alice.create_match()
    alice.join("Alice")
    bob = browsers()
    bob.open_match(match_id)
    bob.join("Bob")
    return alice, bob


def test_our_mark_shows_at_once_and_is_taken_back_when_refused(browsers):
    alice, bob = _pair_with_recorded_sockets(browsers)
    alice.start("ticTacToe", bob)
    alice.wait_my_turn()

    # The move never reaches the server, yet the X is drawn at once.
    alice.driver.execute_script(DROP_MOVES)
    alice.cell(1, 1).click()
    assert alice.cell(1, 1).get_attribute("data-mark") == "X"
    assert alice.cell(1, 1).get_attribute("aria-label").endswith("empty")
    # The server's refusal takes it back and says why.
    alice.driver.execute_script(REFUSE)
    alice.until_attribute("cell-1-1", "data-mark", "")
    alice.wait_notice("notYourTurn")
    assert bob.cell(1, 1).get_attribute("data-mark") in ("", None)


def test_our_connect_four_disc_shows_at_once_where_it_lands_and_is_taken_back_when_refused(browsers):
    alice, bob = _pair_with_recorded_sockets(browsers)
    alice.start("connectFour", bob)
    alice.wait_my_turn()

    # The drop never reaches the server, yet the disc is drawn at once in the column's lowest cell
    # (a click anywhere in the column drops there), while the column's label is still the server's.
    alice.driver.execute_script(DROP_MOVES)
    alice.disc(0, 3).click()
    assert alice.disc(5, 3).get_attribute("data-mark") == "X"
    assert alice.disc(4, 3).get_attribute("data-mark") in ("", None)
    assert "6 free cells" in alice.find("c4-column-3").get_attribute("aria-label")
    alice.driver.execute_script(REFUSE)
    alice.until_attribute("c4-cell-5-3", "data-mark", "")
    alice.wait_notice("notYourTurn")
    assert bob.disc(5, 3).get_attribute("data-mark") in ("", None)


def test_the_move_sound_can_be_muted_and_the_choice_is_remembered(browsers):
    alice = browsers()
    match_id = alice.create_match()
    toggle = alice.clickable("sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "true"
    toggle.click()
    alice.until_attribute("sound-toggle", "aria-pressed", "false")
    alice.screenshot("sound-muted", sizes=((1280, 800), (390, 844)))
    alice.screenshot("sound-muted", sizes=((1280, 800), (390, 844)), dark=True)
    alice.open_match(match_id)
    alice.until_attribute("sound-toggle", "aria-pressed", "false")
    assert alice.local_storage().get("tictactoe.sound") == "off"
