"""The lobby: creating, listing and joining matches."""

from pairs import seat_pair


def test_lobby_lists_an_open_match(browsers):
    # Listed when created with "List in the lobby" ticked: matches are private by default (fair play).
    alice = browsers()
    match_id = alice.create_match(listed=True)
    alice.join("Alice")
    alice.screenshot("waiting-for-opponent")

    visitor = browsers()
    visitor.open("/")
    item = visitor.visible(f"open-matches")
    visitor.wait().until(
        lambda d: any(
            li.get_attribute("data-match-id") == match_id and "Alice" in li.text
            for li in d.find_elements("css selector", '[data-testid="open-match"]')
        ),
        "the lobby never listed Alice's match",
    )
    assert item.is_displayed()
    visitor.screenshot("lobby")

    row = visitor.driver.find_element("css selector", f'[data-match-id="{match_id}"] a')
    row.click()
    visitor.wait().until(lambda d: d.current_url.endswith(f"/m/{match_id}"))
    visitor.visible("join-form")
    visitor.screenshot("join-form")


def test_lobby_list_drops_a_full_match(browsers):
    alice, bob, match_id = seat_pair(browsers, listed=True)
    visitor = browsers()
    visitor.open("/")
    visitor.visible("open-matches-status")
    visitor.until_text("open-matches-status", "Updated")
    ids = [li.get_attribute("data-match-id") for li in visitor.driver.find_elements("css selector", '[data-testid="open-match"]')]
    assert match_id not in ids


def test_join_by_pasted_invite_link_or_bare_code(browsers):
    alice = browsers()
    match_id = alice.create_match()

    guest = browsers()
    guest.open("/")
    field = guest.visible("join-code")
    field.send_keys(f"  {guest.base_url}/m/{match_id}  ")
    guest.clickable("join-code-submit").click()
    guest.wait().until(lambda d: d.current_url.endswith(f"/m/{match_id}"))
    guest.visible("join-form")

    guest.open("/")
    field = guest.visible("join-code")
    field.send_keys(match_id)
    guest.clickable("join-code-submit").click()
    guest.wait().until(lambda d: d.current_url.endswith(f"/m/{match_id}"))


def test_join_by_code_explains_a_bad_or_unknown_code(browsers):
    guest = browsers()
    guest.open("/")
    field = guest.visible("join-code")
    field.send_keys("nope")
    guest.clickable("join-code-submit").click()
    guest.until_text("join-code-error", "not a match code")

    field.clear()
    field.send_keys("NoSuchMatch0000")
    guest.clickable("join-code-submit").click()
    guest.until_text("join-code-error", "no match with that code")
    assert guest.driver.current_url.rstrip("/") == guest.base_url


def test_unknown_match_page_says_so_and_links_to_the_lobby(browsers):
    guest = browsers()
    guest.open("/m/NoSuchMatch0000")
    # Either match.html learns from GET /api/matches/{id} that the match is unknown, or the server
    # answers the page itself with 404.html: both must say so in words and lead back to the lobby.
    guest.until_text("not-found", "does not exist")
    guest.driver.find_element("css selector", '[data-testid="not-found"] a[href="/"]').click()
    guest.visible("create-match")


def test_unknown_file_gets_the_404_page(browsers):
    guest = browsers()
    guest.open("/no/such/file.txt")
    guest.until_text("not-found", "does not exist")


def test_a_web_tictactoe_link_handed_to_the_lobby_launches_a_game(browsers):
    guest = browsers()
    guest.open("/?link=web%2Btictactoe%3AticTacToe")
    guest.wait().until(lambda d: "/m/" in d.current_url, "the protocol link did not lead to a match")
    guest.visible("join-form")


def test_the_lobby_lists_only_matches_someone_is_in_and_shows_no_developer_links(browsers, server):
    import json
    import urllib.request

    # A listed match nobody ever opened: nobody waits in it, so it is not listed (since fair play the API
    # lists only listed matches whose player is connected; before, the API listed it and the lobby did not).
    request = urllib.request.Request(
        server.base_url + "/api/matches", method="POST", data=json.dumps({"listed": True}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        abandoned = json.load(response)["matchId"]
    with urllib.request.urlopen(server.base_url + "/api/matches", timeout=5) as response:
        assert abandoned not in {m["matchId"] for m in json.load(response)["matches"]}
    alice = browsers()
    waiting = alice.create_match(listed=True)
    alice.join("Alice")

    visitor = browsers()
    visitor.open("/")
    visitor.wait().until(
        lambda d: d.find_elements("css selector", f'[data-match-id="{waiting}"]'), "the lobby never listed Alice's match"
    )
    assert not visitor.driver.find_elements("css selector", f'[data-match-id="{abandoned}"]')

    # Nothing for developers on the visitor's page, and no placeholder that looks like a real code.
    page = visitor.driver.find_element("css selector", "body").text
    for developer_text in ("/launchGame", "web+tictactoe", "/m/<code>"):
        assert developer_text not in page
    placeholder = visitor.find("join-code").get_attribute("placeholder")
    assert " " in placeholder, placeholder


def test_a_launch_link_for_an_unknown_game_lands_on_the_lobby_with_words(browsers):
    guest = browsers()
    for path in ("/launchGame?gameId=chess", "/launchGame"):
        guest.open(path)
        notice = guest.wait_notice("unknownGame")
        assert "does not offer" in notice.text
        guest.visible("create-match")
        guest.wait().until(lambda d: d.current_url.rstrip("/") == guest.base_url, "the address kept /launchGame")
    guest.screenshot("unknown-game-link")
    guest.screenshot("unknown-game-link", dark=True)
