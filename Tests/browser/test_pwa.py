"""The installable app (issue 32, part 3): the manifest and its icons, the service worker (Public/sw.js)
that keeps the page's own files, Chromium's installability check through the DevTools protocol, the
lobby offline with its notice, the ratings' pages (issue 42) offline without ever having been visited,
a new release picked up on the next load, the API never cached, and the match page's lost-connection
banner laid over the board rather than pushing it.

"Offline" is both at once here: DevTools' network emulation (so that the page's `navigator.onLine` is
false and its own requests fail) and the server stopped (so that the worker's requests fail too, whether
or not the emulation reaches the worker).
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import struct
import tempfile
import urllib.parse
import urllib.request

from conftest import REPO, start_server, stop_server
from page_words import core_words
from pages import expect_no_axe_violations
from pairs import seat_pair

CORE = core_words()
PAGES = ("/", "/match.html", "/replay.html", "/404.html", "/leaderboard.html", "/player.html")
# Pages the worker keeps at install with every file they load, so that each opens offline unvisited.
WHOLE_AT_INSTALL = ("index.html", "account.html", "leaderboard.html", "player.html", "404.html")

_CONTROLLED = """
const done = arguments[arguments.length - 1];
if (!('serviceWorker' in navigator)) { done('no serviceWorker'); return; }
navigator.serviceWorker.ready.then(() => {
  if (navigator.serviceWorker.controller) { done('controlled'); return; }
  navigator.serviceWorker.addEventListener('controllerchange', () => done('controlled'), { once: true });
}, (error) => done(String(error)));
"""

_CACHED_URLS = """
const done = arguments[arguments.length - 1];
(async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
  }
  return urls;
})().then(done, (error) => done(['error: ' + error]));
"""

_FETCH = """
const done = arguments[arguments.length - 1];
fetch(arguments[0], { cache: 'no-store' }).then(
  (response) => response.text().then((text) => done({ ok: response.ok, status: response.status, text })),
  (error) => done({ failed: String(error) }));
"""


def _get(url: str):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers, response.read()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def _wait_controlled(browser) -> None:
    assert browser.driver.execute_async_script(_CONTROLLED) == "controlled"


def _cached(browser) -> list[str]:
    return browser.driver.execute_async_script(_CACHED_URLS)


def _wait_cached(browser, paths) -> None:
    browser.wait().until(
        lambda d: set(paths) <= set(_cached(browser)),
        f"the worker never kept {paths}: it has {_cached(browser)}",
    )


def _network(browser, offline: bool) -> None:
    browser.driver.execute_cdp_cmd("Network.enable", {})
    browser.driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def _installability_errors(browser) -> list:
    return browser.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])


def test_the_manifest_and_its_icons_are_served_with_their_types(server):
    status, headers, body = _get(server.base_url + "/manifest.webmanifest")
    assert status == 200
    assert headers["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["name"] and manifest["short_name"]
    assert len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    dark = manifest["user_preferences"]["color_scheme"]["dark"]
    assert dark["theme_color"] and dark["background_color"]

    png_icons = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    kinds = {(icon["sizes"], icon.get("purpose", "any")) for icon in png_icons}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= kinds
    for icon in manifest["icons"]:
        status, headers, data = _get(server.base_url + icon["src"])
        assert status == 200, icon
        assert headers["Content-Type"].startswith(icon["type"]), (icon, headers["Content-Type"])
        if icon["type"] == "image/png":
            width, height = icon["sizes"].split("x")
            assert _png_size(data) == (int(width), int(height)), icon

    # The worker at the root (scope "/"), and every file revalidated on each load (a new release shows).
    status, headers, _ = _get(server.base_url + "/sw.js")
    assert headers["Content-Type"].startswith("text/javascript")
    assert headers["Cache-Control"] == "no-cache"
    for page in PAGES:
        _, headers, html = _get(server.base_url + page)
        text = html.decode()
        assert '<link rel="manifest" href="/manifest.webmanifest">' in text, page
        assert '<script type="module" src="/js/pwa.js"></script>' in text, page
        assert 'name="theme-color"' in text and 'media="(prefers-color-scheme: dark)"' in text, page
        assert headers["Cache-Control"] == "no-cache", page


def test_chromium_finds_the_app_installable_and_the_worker_controls_the_page(browsers):
    browser = browsers()
    browser.open("/")
    browser.visible("create-match")
    _wait_controlled(browser)
    assert browser.driver.execute_script("return navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    scope = browser.driver.execute_async_script(
        "const done = arguments[0]; navigator.serviceWorker.getRegistration().then((r) => done(r && r.scope));"
    )
    assert scope == browser.base_url + "/"

    # Chromium's own check, as the install button uses it: no errors at all.
    errors = None

    def installable(_):
        nonlocal errors
        errors = _installability_errors(browser)
        return errors == []

    browser.wait().until(installable, f"installability errors: {errors}")
    manifest = browser.driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest.get("errors") == [], manifest.get("errors")
    assert manifest["url"] == browser.base_url + "/manifest.webmanifest"

    # The lobby's own files are kept (a versioned cache), and no API answer ever is.
    _wait_cached(browser, {"/", "/js/lobby.js", "/css/app.css", "/icons/icon-192.png", "/js/games/index.js"})
    names = browser.driver.execute_async_script("const done = arguments[0]; caches.keys().then(done);")
    assert names and all(name.startswith("tictactoe-static-v") for name in names), names
    assert not [url for url in _cached(browser) if url.startswith(("/api/", "/ws/", "/healthz", "/metrics", "/launchGame"))]
    assert not browser.page_problems()


def test_the_lobby_opens_offline_with_a_notice_that_goes_when_the_network_is_back(browsers):
    first = start_server()
    second = None
    try:
        browser = browsers(base_url=first.base_url)
        browser.open("/")
        browser.visible("create-match")
        _wait_controlled(browser)
        _wait_cached(browser, {"/", "/js/lobby.js", "/js/queue.js", "/css/app.css"})
        assert browser.driver.execute_async_script(_FETCH, "/api/matches")["ok"]

        # Offline: the network emulated away, and the server gone.
        assert stop_server(first) == 0, first.log_tail()
        _network(browser, offline=True)
        browser.driver.refresh()
        browser.visible("create-match")
        browser.visible("game-choices")
        notice = browser.visible("offline-notice")
        assert notice.text == CORE["en"]["pwa.offline"], notice.text
        region = browser.find("offline-region")
        assert region.get_attribute("role") == "status"
        # An overlay: fixed, so that it moves nothing.
        assert browser.driver.execute_script(
            "return getComputedStyle(arguments[0]).position", region) == "fixed"

        # The API is never answered from the cache: offline, it fails.
        answer = browser.driver.execute_async_script(_FETCH, "/api/matches")
        assert "failed" in answer, answer
        assert not [url for url in _cached(browser) if url.startswith("/api/")]

        browser.screenshot("pwa-lobby-offline")
        browser.screenshot("pwa-lobby-offline", dark=True)
        expect_no_axe_violations(browser, "the lobby offline, with its notice")

        # Back: the server again, then the network; the notice goes by itself, and the list loads again.
        second = start_server(port=first.port, db=first.db)
        _network(browser, offline=False)
        browser.hidden("offline-notice", timeout=15)
        browser.wait(15).until(
            lambda d: browser.find("open-matches-status").get_attribute("data-state") == "ok",
            "the lobby's list never loaded again",
        )
        assert browser.driver.execute_async_script(_FETCH, "/api/matches")["ok"]
    finally:
        for running in (first, second):
            if running is not None:
                stop_server(running)


def _precache() -> set[str]:
    source = (REPO / "Public" / "sw.js").read_text()
    return set(re.findall(r"'(/[^']*)'", source.split("const PRECACHE = [", 1)[1].split("];", 1)[0]))


def _modules(path: str, found: set[str]) -> None:
    """`path` (/js/...) and every module it imports, however deep."""
    if path in found:
        return
    found.add(path)
    source = (REPO / "Public" / path.lstrip("/")).read_text()
    for relative in re.findall(r"""(?:from\s+|import\s*\(?\s*)['"](\.{1,2}/[^'"]+)['"]""", source):
        _modules(os.path.normpath(os.path.join(os.path.dirname(path), relative)), found)


def test_the_worker_keeps_at_install_every_file_of_the_pages_that_open_offline_unvisited():
    kept = _precache()
    assert {"/i18n/en.json", "/i18n/ko.json"} <= kept
    for page in WHOLE_AT_INSTALL:
        html = (REPO / "Public" / page).read_text()
        files: set[str] = set()
        for path in re.findall(r'(?:src|href)="(/(?:js|css)/[^"]+)"', html):
            if path.endswith(".js"):
                _modules(path, files)
            else:
                files.add(path)
        assert "/" + page in kept or page == "index.html", page
        assert files and not files - kept, f"{page}: not kept at install: {sorted(files - kept)}"


def test_the_ratings_pages_open_offline_without_a_visit(browsers):
    # Only the lobby is visited: the leaderboard and a player's page (and the account page) come from what
    # the worker kept at install, routed by their paths (/leaderboard, /p/{name}), in both languages.
    first = start_server()
    try:
        browser = browsers(base_url=first.base_url)
        browser.open("/")
        browser.visible("create-match")
        _wait_controlled(browser)
        _wait_cached(browser, {"/leaderboard.html", "/player.html", "/account.html", "/js/leaderboard.js",
                               "/js/playerPage.js", "/js/ratingChart.js", "/js/tabs.js", "/css/ratings.css",
                               "/i18n/en.json", "/i18n/ko.json"})
        assert stop_server(first) == 0, first.log_tail()
        _network(browser, offline=True)

        browser.open("/leaderboard")
        browser.visible("offline-notice")
        browser.until_attribute("leaderboard-status", "data-state", "error")  # the page's modules ran
        assert browser.driver.find_elements("css selector", '[data-testid="leaderboard-tabs"] [role="tab"]')
        assert browser.driver.title == CORE["en"]["leaderboard.pageTitle"]

        browser.open("/p/" + urllib.parse.quote("Zoë Li"))
        browser.visible("offline-notice")
        browser.until_attribute("player-status", "data-state", "error")

        browser.open("/account.html")
        browser.visible("offline-notice")
        browser.visible("account-guest")

        # The Korean words were kept too, though the lobby was read in English.
        browser.driver.execute_script("localStorage.setItem('tictactoe.language', 'ko')")
        browser.open("/leaderboard")
        browser.until_attribute("leaderboard-status", "data-state", "error")
        assert browser.driver.title == CORE["ko"]["leaderboard.pageTitle"]
        # The offline notice is in the reader's language too.
        assert browser.text_of("offline-notice") == CORE["ko"]["pwa.offline"], browser.text_of("offline-notice")
        browser.screenshot("pwa-leaderboard-offline-ko")
    finally:
        stop_server(first)


def test_a_lobby_from_the_cache_says_offline_while_the_server_cannot_be_reached(browsers):
    # The browser's network is up (navigator.onLine), only the server is gone: the worker tells the page
    # that its document came from the cache, and the page finds the server back by itself.
    first = start_server()
    second = None
    try:
        browser = browsers(base_url=first.base_url)
        browser.open("/")
        _wait_controlled(browser)
        _wait_cached(browser, {"/", "/js/lobby.js"})
        assert stop_server(first) == 0, first.log_tail()
        browser.driver.refresh()
        browser.visible("create-match")
        assert browser.driver.execute_script("return navigator.onLine") is True
        browser.visible("offline-notice")

        second = start_server(port=first.port, db=first.db)
        browser.hidden("offline-notice", timeout=20)
    finally:
        for running in (first, second):
            if running is not None:
                stop_server(running)


def test_a_new_release_of_the_page_is_picked_up_on_the_next_load(browsers):
    public = pathlib.Path(tempfile.mkdtemp(prefix="tictactoe-public-"))
    shutil.copytree(REPO / "Public", public, dirs_exist_ok=True)
    running = start_server(arguments=["--public", str(public)])
    try:
        browser = browsers(base_url=running.base_url)
        browser.open("/")
        _wait_controlled(browser)
        _wait_cached(browser, {"/", "/js/lobby.js", "/css/app.css"})
        browser.driver.refresh()  # now through the worker (and its cache, filled)
        browser.visible("create-match")

        # A release: the page and a module change on the server.
        index = public / "index.html"
        # (A mark in the head rather than the title: the page writes its title in the reader's language.)
        index.write_text(index.read_text().replace("<head>", '<head>\n  <meta name="x-release" content="2">', 1))
        notices = public / "js" / "notices.js"
        notices.write_text(notices.read_text() + "\nwindow.__release = 2;\n")
        browser.driver.refresh()
        browser.wait().until(
            lambda d: d.execute_script("return document.querySelector('meta[name=x-release]')?.content") == "2",
            "the new page was not picked up")
        browser.wait().until(lambda d: d.execute_script("return window.__release") == 2, "the new module was not picked up")
        # And the copy kept for offline use is the new one.
        kept = browser.driver.execute_async_script(
            "const done = arguments[0]; caches.match('/js/notices.js').then((r) => r.text()).then(done);"
        )
        assert "window.__release = 2" in kept
    finally:
        stop_server(running)
        shutil.rmtree(public, ignore_errors=True)


def test_a_match_page_that_loses_the_network_says_so_over_the_board_and_reconnects(browsers):
    first = start_server()
    second = None
    try:
        alice, bob, _ = seat_pair(browsers, base_url=first.base_url)
        alice.start("ticTacToe", bob)
        alice.move(0, 0)
        bob.wait_mark(0, 0, "X")
        corners = (alice.cell(0, 0), alice.cell(2, 2))
        before = [cell.rect for cell in corners]

        # The browser goes offline (DevTools keeps an open WebSocket up: the page's game connection has not
        # failed yet): the notice says so, over the page.
        _network(alice, offline=True)
        alice.visible("offline-notice")
        assert [cell.rect for cell in corners] == before, "the offline notice moved the board"
        alice.screenshot("pwa-match-offline-notice", sizes=((1280, 900),))

        # The server gone too: the match's own banner (reconnecting) takes over. It is in the flow, under the
        # top bar (issue 40, item 8: laid over the page it covered the bar's controls): it pushes the board.
        assert stop_server(first) == 0, first.log_tail()
        alice.visible("offline-banner")
        alice.hidden("offline-notice")
        assert alice.driver.execute_script(
            "return getComputedStyle(arguments[0]).position", alice.find("offline-banner")) == "static"
        assert alice.driver.execute_script(
            "return arguments[0].getBoundingClientRect().top >= document.querySelector('.topbar').getBoundingClientRect().bottom",
            alice.find("offline-banner")), "the banner covers the top bar"
        alice.screenshot("pwa-match-offline")

        second = start_server(port=first.port, db=first.db)
        _network(alice, offline=False)
        alice.hidden("offline-banner", timeout=20)
        alice.hidden("offline-notice", timeout=20)
        alice.until_attribute("connection-status", "data-state", "open")
        # (Until Bob is back too, the page says he is away and when the game may be claimed, lines that do
        # push the board today: the fair-play status, not the offline banner.)
        bob.until_attribute("connection-status", "data-state", "open", timeout=20)
        alice.wait(15).until(lambda d: [cell.rect for cell in corners] == before, "the board did not come back to its place")
        bob.move(1, 1)
        alice.wait_mark(1, 1, "O")
    finally:
        for running in (first, second):
            if running is not None:
                stop_server(running)
