"""Page helpers for the browser tests: one `Browser` per independent session, explicit waits only."""

from __future__ import annotations

import functools
import os
import pathlib
import re

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

WAIT_S = 10
DESKTOP = (1280, 900)
PHONE = (375, 812)
REPO = pathlib.Path(__file__).resolve().parents[2]


def new_driver(extra_arguments: tuple[str, ...] = (), language: str = "en") -> webdriver.Chrome:
    """A headless Chromium session of its own (Debian's `chromium` and `chromium-driver`), with
    `extra_arguments` (a certificate to trust, say). Its language is `language` (`navigator.languages`,
    which the page follows on a first visit): English unless a test asks for another."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                     f"--lang={language}", *extra_arguments):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def set_viewport(driver, width: int, height: int) -> None:
    """Gives the page exactly `width` × `height` CSS pixels (a phone width gets mobile emulation)."""
    driver.set_window_size(max(width, 500), height)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


_SOCKET_RECORDER = r"""
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.__sent = [];
  window.__blockSockets = false;
  class RecordedWebSocket extends Native {
    constructor(url, protocols) {
      super(window.__blockSockets ? url.replace(/\/ws\/.*$/, '/ws/NoSuchMatch0000') : url, protocols);
      this.__index = window.__sockets.length;
      window.__sockets.push(this);
    }
    send(data) {
      window.__sent.push({ socket: this.__index, message: JSON.parse(data) });
      return super.send(data);
    }
  }
  window.WebSocket = RecordedWebSocket;
})();
"""


# Resolves once no finite animation or transition runs (the endless ones, a pulsing dot, are left), or
# after 2 s.
_TRANSITIONS_ENDED = """
const done = arguments[0];
const finite = () => document.getAnimations().filter(
  (a) => a.playState === 'running' && a.effect && a.effect.getTiming().iterations !== Infinity);
Promise.race([
  Promise.all(finite().map((a) => a.finished.catch(() => null))),
  new Promise((resolve) => setTimeout(resolve, 2000)),
]).then(() => done());
"""


def _axe_source() -> str:
    """axe.min.js as shipped inside the selenium-axe-python package (Tests/browser/requirements.txt)."""
    import selenium_axe_python

    return (pathlib.Path(selenium_axe_python.__file__).parent / "axe-core" / "axe.min.js").read_text()


def testid(value: str) -> tuple[str, str]:
    return By.CSS_SELECTOR, f'[data-testid="{value}"]'


class Browser:
    """One Chromium session with helpers for the lobby and the match page."""

    def __init__(self, driver, base_url: str, screenshots: pathlib.Path):
        self.driver = driver
        self.base_url = base_url
        self.screenshots = screenshots
        self.closed = False
        self.logs: list[dict] = []

    # --- plumbing ---------------------------------------------------------------------------------

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.driver.quit()

    def wait(self, timeout: float = WAIT_S) -> WebDriverWait:
        return WebDriverWait(
            self.driver, timeout, ignored_exceptions=(StaleElementReferenceException,),
        )

    def open(self, path: str) -> None:
        self.driver.get(self.base_url + path)

    def find(self, test_id: str) -> WebElement:
        return self.driver.find_element(*testid(test_id))

    def visible(self, test_id: str, timeout: float = WAIT_S) -> WebElement:
        return self.wait(timeout).until(EC.visibility_of_element_located(testid(test_id)), f"{test_id} never became visible")

    def hidden(self, test_id: str, timeout: float = WAIT_S) -> None:
        self.wait(timeout).until(EC.invisibility_of_element_located(testid(test_id)), f"{test_id} never hid")

    def clickable(self, test_id: str) -> WebElement:
        return self.wait().until(EC.element_to_be_clickable(testid(test_id)), f"{test_id} never became clickable")

    def text_of(self, test_id: str) -> str:
        return self.find(test_id).text

    def until_text(self, test_id: str, expected: str, timeout: float = WAIT_S) -> None:
        """Waits until the visible text of `test_id` contains `expected`."""
        self.wait(timeout).until(
            EC.text_to_be_present_in_element(testid(test_id), expected),
            f"{test_id} never showed {expected!r}",
        )

    def until_attribute(self, test_id: str, attribute: str, expected: str, timeout: float = WAIT_S) -> None:
        self.wait(timeout).until(
            lambda d: d.find_element(*testid(test_id)).get_attribute(attribute) == expected,
            f"{test_id}[{attribute}] never became {expected!r}",
        )

    def local_storage(self) -> dict:
        return self.driver.execute_script(
            "const o = {}; for (let i = 0; i < localStorage.length; i++) {"
            " const k = localStorage.key(i); o[k] = localStorage.getItem(k); } return o;"
        )

    def screenshot(self, name: str, sizes=(DESKTOP, PHONE), dark: bool = False) -> list[pathlib.Path]:
        """Saves the viewport at each size as `<name>-<w>x<h>.png`, then restores the current size.

        With `dark`, the page is drawn with `prefers-color-scheme: dark` (files `<name>-dark-…`).
        """
        self.screenshots.mkdir(parents=True, exist_ok=True)
        current = self.driver.execute_script("return [innerWidth, innerHeight]")
        if dark:
            self.driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
            )
            name = f"{name}-dark"
        saved = []
        for width, height in sizes:
            set_viewport(self.driver, width, height)
            self.wait().until(lambda d: d.execute_script("return innerWidth") == width)
            # Let layout settle for one frame after the resize before capturing, and (after a switch of
            # theme) the colours' transitions end: a capture mid-way shows colours the page never settles on.
            self.driver.execute_async_script(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));"
            )
            self.driver.execute_async_script(_TRANSITIONS_ENDED)
            path = self.screenshots / f"{name}-{width}x{height}.png"
            self.driver.save_screenshot(str(path))
            saved.append(path)
        set_viewport(self.driver, *current)
        if dark:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        return saved

    def axe_violations(self) -> list[str]:
        """Runs axe-core (the copy bundled in the selenium-axe-python wheel) on the current page and
        returns one line per violation of any impact: rule id, impact, and the elements it found."""
        if not self.driver.execute_script("return typeof window.axe === 'object'"):
            self.driver.execute_script(_axe_source())
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document).then((r) => done(r.violations), (e) => done([{id: 'axe-error', impact: String(e), nodes: []}]));"
        )
        return [
            f"{v['id']} ({v['impact']}): {v.get('help', '')} at {[n.get('target') for n in v['nodes']][:5]}"
            for v in result
        ]

    def page_problems(self) -> list[str]:
        """Content-Security-Policy violations and uncaught exceptions the browser logged."""
        try:
            self.logs.extend(self.driver.get_log("browser"))
        except WebDriverException:
            return []
        problems = []
        for entry in self.logs:
            message = entry.get("message", "")
            if "Content Security Policy" in message or "Uncaught" in message:
                problems.append(message)
        return problems

    def instrument_sockets(self) -> None:
        """From the next page load on, records every WebSocket the page opens and every frame it sends.

        Test-only: injected through DevTools (CSP does not apply to it); the client is unchanged.
        `window.__sockets` lists the sockets, `window.__sent` the sent messages as `{socket, message}`,
        and `window.__blockSockets = true` makes new sockets fail (they go to an unknown match's URL).
        """
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _SOCKET_RECORDER})

    def sent(self) -> list[dict]:
        return self.driver.execute_script("return window.__sent || []")

    def socket_count(self) -> int:
        return self.driver.execute_script("return (window.__sockets || []).length")

    # --- lobby ------------------------------------------------------------------------------------

    def create_match(self, game: str | None = None, listed: bool = False) -> str:
        """Creates a match from the lobby and returns its id (the browser ends up on its page).

        `game` is the game chosen in the lobby (started as soon as the pair is seated); None chooses
        "decide together later". With `listed` the box "List in the lobby" is ticked (matches are
        private by default). The creator is then seated at once if the browser remembers a name,
        else asked for one.
        """
        self.open("/")
        self.clickable(f"create-game-{game or 'later'}").click()
        box = self.clickable("create-listed")
        if box.is_selected() != listed:
            box.click()
        self.clickable("create-match").click()
        self.wait().until(lambda d: re.search(r"/m/[A-Za-z0-9_-]{10,}$", d.current_url), "never reached a match page")
        self.wait().until(
            lambda d: d.find_element(*testid("join-form")).is_displayed()
            or d.find_element(*testid("leave-button")).is_displayed(),
            "the creator was neither seated nor asked for a name",
        )
        return self.match_id()

    # --- match page -------------------------------------------------------------------------------

    def match_id(self) -> str:
        found = re.search(r"/m/([A-Za-z0-9_-]{10,})", self.driver.current_url)
        assert found, f"not on a match page: {self.driver.current_url}"
        return found.group(1)

    def open_match(self, match_id: str) -> None:
        self.open(f"/m/{match_id}")
        self.wait().until(
            lambda d: d.find_element(*testid("stage-title")).text not in ("", "Connecting…", "연결하는 중…")
            or d.find_element(*testid("result")).is_displayed()
            or d.find_element(*testid("turn")).is_displayed(),
            "the match page never drew its first snapshot",
        )

    def join(self, name: str) -> None:
        field = self.visible("name-input")
        field.clear()
        field.send_keys(name)
        self.clickable("join-button").click()
        self.visible("leave-button")
        self.hidden("join-form")

    def invite_link(self) -> str:
        return self.visible("invite-link").get_attribute("value")

    def start(self, game_id: str = "ticTacToe", opponent: "Browser | None" = None) -> None:
        """Presses the game's button. Against the computer that starts the game; between two people it
        offers the game, and `opponent` (the other player's browser) accepts the offer."""
        self.clickable(f"start-{game_id}").click()
        if opponent is not None:
            opponent.accept_offer()

    def accept_offer(self) -> None:
        """Waits for the opponent's offer (a game or a draw) and presses Accept."""
        self.visible("offer-actions")
        self.clickable("offer-accept").click()
        self.hidden("offer-actions")

    def cell(self, row: int, col: int) -> WebElement:
        return self.find(f"cell-{row}-{col}")

    def wait_my_turn(self, timeout: float = WAIT_S) -> None:
        """Waits until the turn line is ours (`turn--mine`: in any language the page speaks)."""
        self.wait(timeout).until(
            lambda d: (turn := d.find_element(*testid("turn"))).is_displayed()
            and "turn--mine" in (turn.get_attribute("class") or ""),
            "never our turn",
        )

    def move(self, row: int, col: int) -> None:
        """Waits for our turn, clicks the cell and waits until the server accepted the move."""
        self.wait_my_turn()
        mark = self.my_mark()
        self.cell(row, col).click()
        self.wait_mark(row, col, mark)

    def my_mark(self) -> str:
        you = self.driver.find_elements(By.CSS_SELECTOR, ".seat__you:not([hidden])")
        assert you, "this browser has no seat"
        seat = you[0].find_element(By.XPATH, "..").get_attribute("data-testid")
        return "X" if seat == "seat-player1" else "O"

    def wait_mark(self, row: int, col: int, mark: str, timeout: float = WAIT_S) -> None:
        """Waits until the cell shows `mark` as the server has it: its label is drawn only from the
        server's board, while `data-mark` may already show our own move before the answer."""
        self.until_attribute(f"cell-{row}-{col}", "data-mark", mark, timeout)
        self.wait(timeout).until(
            lambda d: d.find_element(*testid(f"cell-{row}-{col}")).get_attribute("aria-label").endswith(f", {mark}"),
            f"cell-{row}-{col} was never confirmed as {mark!r}",
        )

    def marks(self) -> list[str]:
        return [self.cell(r, c).get_attribute("data-mark") or "" for r in range(3) for c in range(3)]

    # --- Connect Four (7 columns × 6 rows, row 0 at the top) ------------------------------------------

    def disc(self, row: int, col: int) -> WebElement:
        return self.find(f"c4-cell-{row}-{col}")

    def column(self, col: int) -> WebElement:
        return self.find(f"c4-column-{col}")

    def free_cells(self, col: int) -> int:
        """Empty cells of a column, read from the page (the discs sit at the bottom)."""
        return sum(1 for row in range(6) if not self.disc(row, col).get_attribute("data-mark"))

    def wait_disc(self, row: int, col: int, mark: str, timeout: float = WAIT_S) -> None:
        self.until_attribute(f"c4-cell-{row}-{col}", "data-mark", mark, timeout)

    def drop(self, col: int, touch_row: int = 0) -> int:
        """Waits for our turn, clicks the cell at `touch_row` of the column (any cell drops there)
        and waits until our disc sits in its lowest free cell; returns that row."""
        self.wait_my_turn()
        mark = self.my_mark()
        row = self.free_cells(col) - 1
        self.disc(touch_row, col).click()
        self.wait_disc(row, col, mark)
        return row

    def discs(self) -> list[str]:
        return [self.disc(r, c).get_attribute("data-mark") or "" for r in range(6) for c in range(7)]

    def say(self, phrase: str) -> None:
        """Says a quick chat phrase (`hello`, `thanks`, …) through the chat menu."""
        self.clickable("chat-toggle").click()
        self.visible("chat-menu")
        self.clickable(f"chat-phrase-{phrase}").click()
        self.hidden("chat-menu")

    def notice_texts(self) -> list[str]:
        return [n.text for n in self.driver.find_elements(By.CSS_SELECTOR, '[data-testid="notice"]')]

    def wait_notice(self, code: str, timeout: float = WAIT_S) -> WebElement:
        return self.wait(timeout).until(
            EC.visibility_of_element_located((By.CSS_SELECTOR, f'[data-testid="notice"][data-code="{code}"]')),
            f"no notice with code {code}",
        )


def expect_no_axe_violations(browser: Browser, where: str) -> None:
    """Fails, listing them, on axe-core violations of the page as it is now, in light and dark mode."""
    for dark in (False, True):
        # Reduced motion: colours are judged as they settle, not halfway through a transition.
        features = [{"name": "prefers-reduced-motion", "value": "reduce"}]
        if dark:
            features.append({"name": "prefers-color-scheme", "value": "dark"})
        browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
        browser.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));"
        )
        violations = browser.axe_violations()
        browser.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        assert not violations, f"{where}{' (dark)' if dark else ''}:\n" + "\n".join(violations)
