"""Interop: WebSocket clients we did not write, against the real server (RFC 6455, docs/PROTOCOL.md).

Clients that pool connections send the upgrade on a connection that has served other requests:
Node's built-in WebSocket after `fetch`, an aiohttp ClientSession used for the HTTP call and the
WebSocket. Python's `websockets` checks the server's frames and closing handshake strictly.
Chromium is covered by the browser tests.
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import re
import shutil
import subprocess

import aiohttp
import pytest
import websockets
from websockets.asyncio.client import connect

NODE_CLIENT = pathlib.Path(__file__).parent / "interop" / "node_fetch_then_websocket.mjs"


def _ws_url(server, match_id: str) -> str:
    return server.base_url.replace("http://", "ws://") + f"/ws/{match_id}"


async def _create_match(session: aiohttp.ClientSession, server) -> str:
    async with session.post(server.base_url + "/api/matches") as response:
        assert response.status == 201
        return (await response.json())["matchId"]


def _node_with_websocket() -> str | None:
    node = shutil.which("node")
    if node is None:
        return None
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    match = re.match(r"v(\d+)", version)
    return node if match and int(match.group(1)) >= 20 else None


def test_node_websocket_after_fetch_on_the_same_origin(server):
    node = _node_with_websocket()
    if node is None:
        pytest.skip("Node 20 or later is not installed (its WebSocket is what this test checks)")
    result = subprocess.run(
        [node, "--experimental-websocket", str(NODE_CLIENT), server.base_url, "20"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["failures"] == [], server.log_tail()
    assert report["opened"] == 60


def test_aiohttp_one_session_for_the_post_and_the_websocket(server):
    async def run() -> tuple[int, list[str]]:
        reused = 0

        async def on_reuse(session, context, params):
            nonlocal reused
            reused += 1

        trace = aiohttp.TraceConfig()
        trace.on_connection_reuseconn.append(on_reuse)
        # One connection in the pool: the WebSocket must go out on the connection the POST used.
        connector = aiohttp.TCPConnector(limit=1)
        seen: list[str] = []
        async with aiohttp.ClientSession(connector=connector, trace_configs=[trace]) as session:
            match_id = await _create_match(session, server)
            async with session.ws_connect(_ws_url(server, match_id)) as ws:
                seen.append((await ws.receive_json(timeout=10))["type"])
                await ws.send_json({"type": "login", "name": "Ada"})
                while "seated" not in seen:
                    seen.append((await ws.receive_json(timeout=10))["type"])
                await ws.close(code=1000)
                assert ws.close_code == 1000
        return reused, seen

    reused, seen = asyncio.run(run())
    assert reused >= 1, "the WebSocket did not reuse the POST's connection"
    assert seen[0] == "welcome" and "seated" in seen


def test_websockets_plays_and_closes_cleanly(server):
    async def run():
        async with aiohttp.ClientSession() as session:
            match_id = await _create_match(session, server)
        async with connect(_ws_url(server, match_id)) as ws:
            assert json.loads(await ws.recv())["type"] == "welcome"
            await ws.send(json.dumps({"type": "login", "name": "Ada"}))
            while json.loads(await ws.recv())["type"] != "seated":
                pass
            pong = await ws.ping(b"interop")
            await asyncio.wait_for(pong, 10)
        assert ws.close_code == 1000
        assert ws.protocol.close_rcvd is not None and ws.protocol.close_rcvd.code == 1000

    asyncio.run(run())


@pytest.mark.parametrize(
    "offence, expected",
    [("binary", 1003), ("over 4096 bytes", 1009), ("flood", 1008)],
)
def test_websockets_receives_every_close_the_server_sends(server, offence, expected):
    async def run():
        async with aiohttp.ClientSession() as session:
            match_id = await _create_match(session, server)
        received: list[str] = []
        async with connect(_ws_url(server, match_id), max_size=None) as ws:
            assert json.loads(await ws.recv())["type"] == "welcome"
            if offence == "binary":
                await ws.send(b"\x01\x02")
            elif offence == "over 4096 bytes":
                await ws.send(json.dumps({"type": "sync", "pad": " " * 100_000}))
            else:
                await asyncio.gather(*(ws.send(json.dumps({"type": "sync"})) for _ in range(45)))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    received.append(await asyncio.wait_for(ws.recv(), 10))
        assert closed.value.rcvd is not None, "the server's close frame never arrived"
        assert closed.value.rcvd.code == expected
        if offence == "flood":
            assert any('"code":"rateLimited"' in message for message in received)

    asyncio.run(run())
