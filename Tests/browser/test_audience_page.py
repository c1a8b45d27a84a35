"""The match page's audience (issue 31, goal 5) and its watch-only connections (goal 3).

The page's sockets are observed with the DevTools-injected recorder of `pages.Browser.instrument_sockets`
(their URLs, what the page sent) plus a recorder of what they received (`_record_received`); extra
spectators are raw WebSockets of Python's `websockets`. The client code is not changed for any of it.
"""

import contextlib

from websockets.sync.client import connect

from pages import PHONE, expect_no_axe_violations
from pairs import seat_pair

# Injected after the socket recorder: every message each socket received, before the page reads it.
_RECEIVED_RECORDER = r"""
(() => {
  const Recorded = window.WebSocket;
  window.__received = [];
  window.WebSocket = class extends Recorded {
    constructor(url, protocols) {
      super(url, protocols);
      const socket = this.__index;
      this.addEventListener('message', (event) => window.__received.push({ socket, message: JSON.parse(event.data) }));
    }
  };
})();
"""

# Dispatches `counts.length` presences on the page's socket, each the next version, each with the
# players of the last presence or welcome (so only the count changes), and returns what it cost: the
# milliseconds, the lookups of elements by id (the page's full render looks up the seat cards; the
# audience's own redraw looks up nothing), and the elements changed outside the audience's two lines.
_PRESENCE_BURST = r"""
const counts = arguments[0];
const socket = window.__sockets.at(-1);
const mine = window.__received.filter((r) => r.socket === socket.__index).map((r) => r.message);
let v = Math.max(...mine.filter((m) => typeof m.v === 'number').map((m) => m.v));
const last = [...mine].reverse().find((m) => m.type === 'presence' || m.type === 'welcome');
const players = last.type === 'welcome' ? last.snapshot.players : last.players;
const observer = new MutationObserver(() => {});
observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
const byId = document.getElementById;
let lookups = 0;
document.getElementById = function (id) { lookups += 1; return byId.call(document, id); };
const started = performance.now();
for (const spectators of counts) {
  v += 1;
  socket.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'presence', players, spectators, v }) }));
}
const ms = performance.now() - started;
document.getElementById = byId;
const outside = observer.takeRecords()
  .map((record) => record.target.nodeType === 1 ? record.target : record.target.parentElement)
  .filter((element) => !element.closest('#audience, #spectator-count'))
  .map((element) => element.id || element.className || element.tagName);
observer.disconnect();
return { ms, lookups, outside: [...new Set(outside)] };
"""

_RECTS = """
const rect = (selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
return { board: rect('[data-testid="board"]'), title: rect('#stage-title'), turn: rect('#turn'),
  line: rect('.stage__top'), seats: rect('#seat-player1'), leave: rect('#leave-button') };
"""


def _record_received(browser) -> None:
    browser.instrument_sockets()
    browser.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _RECEIVED_RECORDER})


def _socket_urls(browser) -> list[str]:
    return browser.driver.execute_script("return (window.__sockets || []).map((s) => s.url)")


def _sent_on(browser, socket: int) -> list[str]:
    return [entry["message"]["type"] for entry in browser.sent() if entry["socket"] == socket]


def _audience(browser) -> tuple[str, str]:
    """The audience's count attribute and its visible words ('' while hidden)."""
    element = browser.find("audience")
    return element.get_attribute("data-count"), element.text


def _until_audience(browsers_, count: int, words: str) -> None:
    for browser in browsers_:
        browser.until_attribute("audience", "data-count", str(count))
        browser.wait().until(lambda d: _audience(browser)[1] == words, f"the audience never read {words!r}")


def _rects(browser) -> dict:
    """Where the board and what surrounds it stand (the audience's own line included, not its words)."""
    return browser.driver.execute_script(_RECTS)


@contextlib.contextmanager
def _raw_spectators(server, match_id: str, count: int):
    """`count` watch-only spectators that are not pages: raw sockets that read their welcome."""
    url = server.base_url.replace("http", "ws", 1) + f"/ws/{match_id}?watch=1"
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(url, open_timeout=10)) for _ in range(count)]
        for socket in sockets:
            socket.recv(timeout=10)
        yield sockets


def _visibility(browser, test_id: str) -> str:
    return browser.driver.execute_script(
        f"return getComputedStyle(document.querySelector('[data-testid=\"{test_id}\"]')).visibility")


def test_players_and_spectators_see_the_audience_come_and_go_without_anything_moving(browsers, server):
    alice, bob, match_id = seat_pair(browsers)
    alice.start("ticTacToe", bob)
    alice.visible("board")
    # Nobody watches: the line keeps its place, its words hidden.
    _until_audience((alice, bob), 0, "")
    assert _visibility(alice, "audience") == "hidden"
    before = _rects(alice)

    watcher = browsers()
    watcher.open_match(match_id)
    watcher.visible("watching")
    # The watcher counts in the audience it sees, as everyone else does.
    _until_audience((alice, bob, watcher), 1, "1 watching")
    assert _visibility(alice, "audience") == "visible"
    assert _rects(alice) == before, "the audience moved the board when it appeared"

    with _raw_spectators(server, match_id, 3):
        _until_audience((alice, bob, watcher), 4, "4 watching")
        assert _rects(alice) == before, "a new count moved the board"
        alice.screenshot("audience-player")
        alice.screenshot("audience-player", dark=True)
        watcher.screenshot("audience-spectator")
        watcher.screenshot("audience-spectator", dark=True)
        expect_no_axe_violations(alice, "a player's page with an audience")
        expect_no_axe_violations(watcher, "a spectator's page with an audience")
        # Not a live region (thousands come and go), and no list of who watches is drawn.
        assert alice.driver.execute_script(
            "const a = document.getElementById('audience');"
            "return !a.closest('[aria-live], [role=status], [role=log], [role=alert]')")
        alice.move(1, 1)
        watcher.wait_mark(1, 1, "X")
        before = _rects(alice)  # the turn line now names Bob
    _until_audience((alice, bob, watcher), 1, "1 watching")

    watcher.close()
    _until_audience((alice, bob), 0, "")
    assert _rects(alice) == before, "the audience moved the board when it went to 0"
    assert _visibility(alice, "audience") == "hidden"


def test_thousands_of_presences_redraw_the_count_alone_in_the_readers_language(browsers):
    alice, bob, match_id = seat_pair(browsers, width=PHONE[0], height=PHONE[1])
    alice.start("ticTacToe", bob)
    for name, language, words in (("en", "en", "1,204 watching"), ("ko", "ko", "1,204명 관전 중")):
        watcher = browsers(*PHONE, language=language)
        _record_received(watcher)
        watcher.open_match(match_id)
        watcher.visible("board")
        before = _rects(watcher)
        # Thousands of spectators coming and going, told as presences: only the count is redrawn.
        counts = [1 + (index * 7919) % 250_000 for index in range(2000)] + [1204]
        cost = watcher.driver.execute_script(_PRESENCE_BURST, counts)
        assert cost["lookups"] == 0, f"a presence re-rendered the page: {cost}"
        assert cost["outside"] == [], f"a presence changed more than the count: {cost}"
        assert cost["ms"] < 2000, f"2,001 presences took {cost['ms']:.0f} ms"
        assert _audience(watcher) == ("1204", words)
        assert _rects(watcher) == before, "a count of thousands moved the board"
        assert watcher.driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
        watcher.screenshot(f"audience-thousands-{name}")
        watcher.screenshot(f"audience-thousands-{name}", dark=True)
        expect_no_axe_violations(watcher, f"a spectator's page ({name}) with thousands watching")
        watcher.close()


def test_a_visitor_of_a_full_match_watches_only_and_still_sits_down_when_a_seat_frees(browsers):
    alice = browsers()
    match_id = alice.create_match()
    alice.join("Alice")

    # A free seat: the visitor may sit down, so the page opens a socket that may take it.
    bob = browsers()
    _record_received(bob)
    bob.open_match(match_id)
    assert _socket_urls(bob)[0].endswith(f"/ws/{match_id}"), _socket_urls(bob)
    bob.join("Bob")
    assert len(_socket_urls(bob)) == 1, "sitting down at a free seat cost a reconnect"

    # Both seats taken: a third visitor only watches.
    carol = browsers(language="ko")
    _record_received(carol)
    carol.open_match(match_id)
    carol.visible("watching")
    assert _socket_urls(carol) == [f"{_ws(carol)}/ws/{match_id}?watch=1"]
    _until_audience((alice, bob), 1, "1 watching")
    _until_audience((carol,), 1, "1명 관전 중")
    carol.screenshot("audience-watch-only-ko")
    carol.screenshot("audience-watch-only-ko", dark=True)
    expect_no_axe_violations(carol, "a watch-only spectator's page (ko)")

    # A dropped watch-only socket comes back watching.
    carol.driver.execute_script("window.__sockets.at(-1).close()")
    carol.wait().until(lambda d: len(_socket_urls(carol)) == 2, "the page never reconnected")
    assert _socket_urls(carol)[1].endswith("?watch=1"), _socket_urls(carol)
    carol.until_attribute("connection-status", "data-state", "open")

    # Bob leaves; Carol sits down: the page reopens without `watch` and logs in there, at once.
    bob.clickable("leave-button").click()
    carol.visible("join-form")
    carol.join("Carol")
    urls = _socket_urls(carol)
    assert len(urls) == 3 and urls[2].endswith(f"/ws/{match_id}"), urls
    assert "login" not in _sent_on(carol, 1), "a login went to the watch-only socket"
    assert _sent_on(carol, 2)[0] == "login", carol.sent()
    carol.until_text("seat-player2-name", "Carol")
    alice.until_text("seat-player2-name", "Carol")
    assert not [text for text in carol.notice_texts() if "관전 전용" in text], carol.notice_texts()

    # A seated player's dropped socket comes back without `watch`, resuming the seat.
    carol.driver.execute_script("window.__sockets.at(-1).close()")
    carol.wait().until(lambda d: len(_socket_urls(carol)) == 4, "the page never reconnected")
    assert _socket_urls(carol)[3].endswith(f"/ws/{match_id}"), _socket_urls(carol)
    carol.wait().until(lambda d: _sent_on(carol, 3)[:1] == ["resume"], "the seat was not resumed")
    carol.visible("leave-button")


def test_a_watch_only_answer_reopens_the_socket_without_watch_unseen(browsers):
    alice, bob, match_id = seat_pair(browsers)
    dave = browsers()
    _record_received(dave)
    dave.open_match(match_id)
    assert _socket_urls(dave)[0].endswith("?watch=1"), _socket_urls(dave)
    # As a server would answer a seat asked for on a watch-only socket.
    dave.driver.execute_script(
        "window.__sockets.at(-1).dispatchEvent(new MessageEvent('message', { data: JSON.stringify("
        "{ type: 'error', code: 'watchOnly', message: 'This connection only watches.' }) }))")
    dave.wait().until(lambda d: len(_socket_urls(dave)) == 2, "the page never reopened its socket")
    assert _socket_urls(dave)[1].endswith(f"/ws/{match_id}"), _socket_urls(dave)
    dave.until_attribute("connection-status", "data-state", "open")
    # A notice would have come with the error itself, which the dispatch above handled at once.
    assert not [text for text in dave.notice_texts() if "only watching" in text], dave.notice_texts()


def _ws(browser) -> str:
    return browser.base_url.replace("http", "ws", 1)
