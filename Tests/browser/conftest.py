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
import urllib.request

import pytest

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
        "--db", db, "--public", str(REPO / "Public"),
    ] + (arguments or [])
    # The tests create many matches from one address; lift the server's per-address creation limit.
    env = {
        **os.environ,
        "TICTACTOE_MATCHES_PER_MINUTE": os.environ.get("TICTACTOE_MATCHES_PER_MINUTE", "10000"),
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


@contextlib.contextmanager
def browser_sessions(default_url: str, request, extra_arguments: tuple[str, ...] = ()):
    """A factory of independent browser sessions on `default_url`: see the `browsers` fixture."""
    opened: list[Browser] = []

    def make(width: int = 1280, height: int = 900, base_url: str | None = None, language: str = "en") -> Browser:
        driver = new_driver(extra_arguments, language)
        set_viewport(driver, width, height)
        browser = Browser(driver, base_url or default_url, SCREENSHOTS)
        opened.append(browser)
        return browser

    yield make

    problems = []
    for browser in opened:
        if browser.closed:
            continue
        try:
            problems.extend(browser.page_problems())
        finally:
            browser.close()
    if problems and not request.node.rep_call_failed:
        pytest.fail("the page reported problems:\n" + "\n".join(problems))


@pytest.fixture
def browsers(server, request):
    """A factory of independent browser sessions (separate profiles, so separate localStorage).

    `browsers()` returns a `pages.Browser`; every session is closed after the test, and the test fails
    if a page broke its Content-Security-Policy or threw an uncaught exception.
    """
    with browser_sessions(server.base_url, request) as make:
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
