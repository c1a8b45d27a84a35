"""Fixtures for the browser tests: the real server on a free port, and independent Chromium sessions.

Run from the repository root:  .venv/bin/pytest -q Tests/browser
The server binary is $TICTACTOE_BIN, by default <repo>/.build/debug/tictactoe (build it first).
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from selenium.common.exceptions import WebDriverException

from pages import Browser, new_driver, set_viewport

REPO = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"
START_TIMEOUT_S = 60
STOP_TIMEOUT_S = 20


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A running `tictactoe` process and what it printed."""

    def __init__(self, process: subprocess.Popen, base_url: str):
        self.process = process
        self.base_url = base_url
        self.port = 0
        self.db = ""
        self.output: list[str] = []
        self.listening = threading.Event()

    def pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line.rstrip("\n"))
            if "listening on http://" in line or "listening on https://" in line:
                self.listening.set()

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.output[-lines:])


def _healthy(url: str) -> bool:
    # Over HTTPS, any certificate: this only waits for the server; the TLS tests check the certificate.
    context = ssl._create_unverified_context() if url.startswith("https://") else None
    try:
        with urllib.request.urlopen(url + "/healthz", timeout=2, context=context) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, OSError):
        return False


# The servers' folders (database, working directory): removed when the session ends, not when a
# server stops, since a test may start a server again on the database of one it stopped.
_WORKDIRS: list[str] = []


def pytest_sessionfinish(session, exitstatus):
    for workdir in _WORKDIRS:
        shutil.rmtree(workdir, ignore_errors=True)


def start_server(port: int | None = None, db: str | None = None, env: dict[str, str] | None = None,
                 arguments: list[str] | None = None) -> Server:
    """Starts the server binary and waits until it logs `listening on http(s)://` and `/healthz` is 200.

    `env` adds environment variables, e.g. `{"TICTACTOE_SEAT_TIMEOUT": "3"}`; `arguments` adds options
    (with `--tls-cert` the server and its `base_url` are `https://`).
    """
    binary = pathlib.Path(os.environ.get("TICTACTOE_BIN", REPO / ".build" / "debug" / "tictactoe"))
    if not binary.exists():
        pytest.fail(f"server binary not found at {binary}: build it (swift build) or set TICTACTOE_BIN")
    port = port or _free_port()
    workdir = tempfile.mkdtemp(prefix="tictactoe-browser-")
    _WORKDIRS.append(workdir)
    db = db or os.path.join(workdir, "browser-tests.sqlite")
    command = [
        str(binary), "--host", "127.0.0.1", "--port", str(port),
        # $TICTACTOE_TEST_PUBLIC serves another copy of the page (screenshots of the page before a change).
        "--db", db, "--public", os.environ.get("TICTACTOE_TEST_PUBLIC", str(REPO / "Public")),
    ] + (arguments or [])
    # The tests create many matches from one address; lift the server's per-address creation limit.
    env = {
        **os.environ,
        "TICTACTOE_MATCHES_PER_MINUTE": os.environ.get("TICTACTOE_MATCHES_PER_MINUTE", "10000"),
        # The account tests sign up and in many times a minute from one address.
        "TICTACTOE_PASSKEYS_PER_MINUTE": os.environ.get("TICTACTOE_PASSKEYS_PER_MINUTE", "10000"),
        # Every browser of the tests is 127.0.0.1 too: lift the per-address WebSocket limits.
        "TICTACTOE_MAX_CONNECTIONS_PER_ADDRESS": "100000",
        "TICTACTOE_CONNECTS_PER_MINUTE": "1000000",
        **(env or {}),
    }
    process = subprocess.Popen(
        command, cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
    )
    scheme = "https" if "--tls-cert" in (arguments or []) else "http"
    running = Server(process, f"{scheme}://127.0.0.1:{port}")
    running.port, running.db = port, db
    threading.Thread(target=running.pump, daemon=True).start()

    deadline = time.monotonic() + START_TIMEOUT_S
    while not running.listening.wait(0.1):
        if process.poll() is not None:
            pytest.fail(f"server exited with {process.returncode} before listening:\n{running.log_tail()}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"server did not log 'listening on' within {START_TIMEOUT_S}s:\n{running.log_tail()}")
    while not _healthy(running.base_url):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"/healthz did not answer 200 within {START_TIMEOUT_S}s:\n{running.log_tail()}")
        time.sleep(0.1)  # polling an HTTP endpoint, not synchronising with the page
    return running


def stop_server(running: Server) -> int:
    """SIGTERM, then SIGKILL after STOP_TIMEOUT_S; returns the exit status."""
    process = running.process
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


@pytest.fixture(scope="session")
def server():
    running = start_server()
    yield running
    stop_server(running)


# Chromium sessions are kept from one test to the next: a new Chromium costs a second or more (several
# on a loaded machine), and a test opens two or three. Between tests a kept session is emptied as a new
# one would be: its page goes to about:blank (closing its WebSockets, as quitting did), every origin it
# visited loses its storage (localStorage, service workers, caches, cookies, IndexedDB), the HTTP cache
# and permissions are reset, and so is what the tests set through DevTools. A session is kept only if
# every DevTools command the test sent is one of these, which the reset undoes; any other, a second
# window, a session a test closed itself (`Browser.close`, a player leaving) or one with extra
# arguments (the TLS test's trusted key: HSTS is not cleared) is quit as before.
_UNDONE_BY_RESET = {
    "Emulation.setDeviceMetricsOverride", "Emulation.setEmulatedMedia",
    "Network.enable", "Network.emulateNetworkConditions",
    "Browser.grantPermissions", "Browser.setPermission",
    "Page.addScriptToEvaluateOnNewDocument", "Page.getAppManifest", "Page.getInstallabilityErrors",
    # Chromium's virtual authenticators (accounts.py): each one added is removed with the passkeys in it
    # (made or added), then the domain disabled.
    "WebAuthn.enable", "WebAuthn.addVirtualAuthenticator", "WebAuthn.removeVirtualAuthenticator",
    "WebAuthn.setUserVerified", "WebAuthn.getCredentials", "WebAuthn.addCredential",
}


def _origin(url: str) -> str | None:
    parsed = urllib.parse.urlsplit(url)
    return f"{parsed.scheme}://{parsed.netloc}" if parsed.scheme in ("http", "https") and parsed.netloc else None


def _tracked_driver(extra_arguments: tuple[str, ...], language: str):
    """A new Chromium session that records the origins it was sent to and the DevTools commands sent."""
    driver = new_driver(extra_arguments, language)
    driver.devtools_commands = set()
    driver.new_document_scripts = []
    driver.authenticators = []
    driver.origins = set()
    execute_cdp_cmd, get = driver.execute_cdp_cmd, driver.get

    def tracked_execute_cdp_cmd(cmd: str, cmd_args: dict):
        driver.devtools_commands.add(cmd)
        result = execute_cdp_cmd(cmd, cmd_args)
        if cmd == "Page.addScriptToEvaluateOnNewDocument":
            driver.new_document_scripts.append(result["identifier"])
        elif cmd == "WebAuthn.addVirtualAuthenticator":
            driver.authenticators.append(result["authenticatorId"])
        elif cmd == "WebAuthn.removeVirtualAuthenticator" and cmd_args["authenticatorId"] in driver.authenticators:
            driver.authenticators.remove(cmd_args["authenticatorId"])
        return result

    def tracked_get(url: str) -> None:
        if origin := _origin(url):
            driver.origins.add(origin)
        get(url)

    driver.execute_cdp_cmd, driver.get = tracked_execute_cdp_cmd, tracked_get
    return driver


def _reset(driver, origins: set[str]) -> bool:
    """Empties a kept session as described above; False when it cannot be (then it is quit)."""
    if driver.devtools_commands - _UNDONE_BY_RESET:
        return False
    try:
        if len(driver.window_handles) != 1:
            return False
        if origin := _origin(driver.current_url):
            origins.add(origin)
        driver.get("about:blank")
        cdp = driver.execute_cdp_cmd
        for identifier in driver.new_document_scripts:
            cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
        # A virtual authenticator keeps its passkeys: the next test must not sign in with them.
        for authenticator in driver.authenticators:
            cdp("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": authenticator})
        if "WebAuthn.enable" in driver.devtools_commands:
            cdp("WebAuthn.disable", {})
        if "Network.emulateNetworkConditions" in driver.devtools_commands:
            cdp("Network.emulateNetworkConditions",
                {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        for origin in sorted(origins | driver.origins):
            cdp("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        cdp("Network.clearBrowserCache", {})
        cdp("Network.clearBrowserCookies", {})
        cdp("Browser.resetPermissions", {})
        cdp("Emulation.setEmulatedMedia", {"media": "", "features": []})
        cdp("Emulation.clearDeviceMetricsOverride", {})
        driver.get_log("browser")  # what the emptying logged is nobody's problem
    except WebDriverException:
        return False
    driver.devtools_commands.clear()
    driver.new_document_scripts.clear()
    driver.authenticators.clear()
    driver.origins.clear()
    return True


class DriverPool:
    """Chromium sessions kept between tests, by language (see above)."""

    def __init__(self):
        self.idle: dict[str, list] = {}

    def take(self, language: str):
        idle = self.idle.get(language)
        return idle.pop() if idle else _tracked_driver((), language)

    def give_back(self, driver, language: str, origins: set[str]) -> None:
        if _reset(driver, origins):
            self.idle.setdefault(language, []).append(driver)
        else:
            driver.quit()

    def quit_all(self) -> None:
        for drivers in self.idle.values():
            for driver in drivers:
                driver.quit()
        self.idle.clear()


@pytest.fixture(scope="session")
def driver_pool():
    pool = DriverPool()
    yield pool
    pool.quit_all()


@contextlib.contextmanager
def browser_sessions(default_url: str, request, extra_arguments: tuple[str, ...] = (), pool: DriverPool | None = None):
    """A factory of independent browser sessions on `default_url`: see the `browsers` fixture. With
    `pool` (and no `extra_arguments`), sessions are taken from it and given back emptied."""
    opened: list[tuple[Browser, str]] = []
    pool = pool if not extra_arguments else None

    def make(width: int = 1280, height: int = 900, base_url: str | None = None, language: str = "en") -> Browser:
        driver = pool.take(language) if pool else new_driver(extra_arguments, language)
        browser = Browser(driver, base_url or default_url, SCREENSHOTS)
        opened.append((browser, language))
        set_viewport(driver, width, height)
        return browser

    yield make

    problems = []
    try:
        for browser, _ in opened:
            if not browser.closed:
                problems.extend(browser.page_problems())
    finally:
        for browser, language in opened:
            if browser.closed:
                continue
            if pool:
                browser.closed = True
                pool.give_back(browser.driver, language, {_origin(browser.base_url)})
            else:
                browser.close()
    if problems and not request.node.rep_call_failed:
        pytest.fail("the page reported problems:\n" + "\n".join(problems))


@pytest.fixture
def browsers(server, driver_pool, request):
    """A factory of independent browser sessions (separate profiles, so separate localStorage).

    `browsers()` returns a `pages.Browser`; every session is emptied or closed after the test, and the
    test fails if a page broke its Content-Security-Policy or threw an uncaught exception.
    """
    with browser_sessions(server.base_url, request, pool=driver_pool) as make:
        yield make


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call_failed = report.failed
    elif report.when == "setup":
        item.rep_call_failed = False


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if SCREENSHOTS.exists() and any(SCREENSHOTS.glob("*.png")):
        terminalreporter.write_sep("-", "browser screenshots")
        terminalreporter.write_line(f"screenshots saved in {SCREENSHOTS}")
