"""HTTPS and wss:// from the binary (issue 27): the page, a game in Chromium and with Python's
`websockets` over TLS, HSTS, the redirect port, the 400 to plain HTTP on the HTTPS port.

The certificates are made here by the openssl CLI: a CA of the test's own and a server certificate for
127.0.0.1 and localhost. Python's clients trust the CA; Chromium is told to take the server's key by
its SPKI hash (`--ignore-certificate-errors-spki-list`), the flag made for tests like this one.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import http.client
import json
import pathlib
import ssl
import subprocess

import pytest
from websockets.asyncio.client import connect

from conftest import _free_port, browser_sessions, start_server, stop_server
from pairs import play, seat_pair

ALICE_WINS_TOP_ROW = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]


def _openssl(*arguments: str) -> None:
    subprocess.run(["openssl", *arguments], check=True, capture_output=True)


@pytest.fixture(scope="module")
def certificates(tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("tls")
    paths = {name: str(folder / name) for name in ("ca.pem", "ca.key", "server.pem", "server.key", "server.csr", "san.ext")}
    _openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
             "-subj", "/CN=tictactoe browser test CA", "-keyout", paths["ca.key"], "-out", paths["ca.pem"])
    _openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=127.0.0.1",
             "-keyout", paths["server.key"], "-out", paths["server.csr"])
    pathlib.Path(paths["san.ext"]).write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    _openssl("x509", "-req", "-in", paths["server.csr"], "-CA", paths["ca.pem"], "-CAkey", paths["ca.key"],
             "-CAcreateserial", "-days", "2", "-extfile", paths["san.ext"], "-out", paths["server.pem"])
    return paths


@pytest.fixture(scope="module")
def tls_server(certificates):
    redirect_port = _free_port()
    running = start_server(arguments=[
        "--tls-cert", certificates["server.pem"], "--tls-key", certificates["server.key"],
        "--redirect-http-port", str(redirect_port),
    ])
    running.redirect_port = redirect_port
    yield running
    stop_server(running)


def _client_context(certificates) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=certificates["ca.pem"])
    return context


def _spki_hash(certificate: str) -> str:
    """base64(sha256(SubjectPublicKeyInfo)), what Chromium's flag takes."""
    der = subprocess.run(
        ["openssl", "x509", "-in", certificate, "-pubkey", "-noout"], check=True, capture_output=True).stdout
    spki = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=der, check=True, capture_output=True).stdout
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


def _https(certificates, server, method: str, path: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPSConnection("127.0.0.1", server.port, context=_client_context(certificates), timeout=10)
    connection.request(method, path, headers={"Host": f"127.0.0.1:{server.port}"})
    return connection.getresponse()


def test_the_page_is_served_over_https_with_hsts(certificates, tls_server):
    response = _https(certificates, tls_server, "GET", "/")
    assert response.status == 200
    assert "<html" in response.read().decode()
    assert response.getheader("Strict-Transport-Security") == "max-age=31536000"


def test_plain_http_to_the_https_port_gets_a_400_at_once(tls_server):
    connection = http.client.HTTPConnection("127.0.0.1", tls_server.port, timeout=5)
    connection.request("GET", "/")
    response = connection.getresponse()
    assert response.status == 400
    assert "https://" in response.read().decode()


def test_the_redirect_port_answers_308_to_the_https_url(tls_server):
    connection = http.client.HTTPConnection("127.0.0.1", tls_server.redirect_port, timeout=5)
    connection.request("GET", "/m/abc?x=1", headers={"Host": f"localhost:{tls_server.redirect_port}"})
    response = connection.getresponse()
    assert response.status == 308
    assert response.getheader("Location") == f"https://localhost:{tls_server.port}/m/abc?x=1"


def test_a_game_over_wss_with_python_websockets(certificates, tls_server):
    created = _https(certificates, tls_server, "POST", "/api/matches")
    assert created.status == 201
    match_id = json.loads(created.read())["matchId"]
    url = f"wss://127.0.0.1:{tls_server.port}/ws/{match_id}"

    async def next_of(ws, kind: str) -> dict:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message["type"] == kind:
                return message

    async def run() -> dict:
        context = _client_context(certificates)
        async with connect(url, ssl=context) as alice, connect(url, ssl=context) as bob:
            for ws, name in ((alice, "Alice"), (bob, "Bob")):
                await next_of(ws, "welcome")
                await ws.send(json.dumps({"type": "login", "name": name}))
                await next_of(ws, "seated")
            await alice.send(json.dumps({"type": "startGame", "gameId": "ticTacToe"}))
            for index, (row, col) in enumerate(ALICE_WINS_TOP_ROW):
                await next_of(bob, "board")
                await (alice if index % 2 == 0 else bob).send(json.dumps({"type": "move", "row": row, "col": col}))
            return await next_of(bob, "gameOver")

    over = asyncio.run(run())
    assert over["winner"] == "player1"


def test_chromium_plays_a_game_over_https_and_wss(certificates, tls_server, request):
    trust = f"--ignore-certificate-errors-spki-list={_spki_hash(certificates['server.pem'])}"
    with browser_sessions(tls_server.base_url, request, (trust,)) as browsers:
        alice, bob, _ = seat_pair(browsers)
        assert alice.driver.current_url.startswith("https://")
        # The page's WebSocket follows its scheme: Bob's page, reloaded with its sockets recorded, resumes over wss://.
        bob.instrument_sockets()
        bob.driver.refresh()
        bob.visible("scoreboard")
        socket_urls = bob.driver.execute_script("return window.__sockets.map(s => s.url)")
        assert socket_urls and all(url.startswith(f"wss://127.0.0.1:{tls_server.port}/ws/") for url in socket_urls), socket_urls
        alice.start("ticTacToe", bob)
        alice.wait_my_turn()
        play(ALICE_WINS_TOP_ROW, alice, bob)
        alice.until_text("result", "You won (three in a row)")
        bob.until_text("result", "Alice won (three in a row)")
        assert alice.driver.execute_script("return window.isSecureContext") is True
