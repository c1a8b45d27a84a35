"""Accounts across the servers of a cluster (issue 41, "PostgreSQL and cluster tests: a session and a
challenge crossing servers"): three servers on one PostgreSQL, each spoken to directly (as nginx may
send a page's requests to any of them), with a passkey in software (passkey_authenticator.py). The page
is served from nginx's address: every request carries that origin, whose host is the RP ID."""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import os
import re
import threading

import pytest

from passkey_authenticator import SoftwarePasskey


@pytest.fixture(scope="module")
def accounts_cluster(cluster_factory):
    # Every ceremony comes from 127.0.0.1: the per-address limit on options is lifted.
    return cluster_factory(3, ["--matches-per-minute", "10000", "--passkeys-per-minute", "10000"])


class Page:
    """A browser page served by nginx whose requests reach `server` directly; it keeps no cookie: the
    tests pass the session along by hand, to show which server made it and which read it."""

    def __init__(self, cluster, server):
        self.origin = cluster.url
        self.server = server

    def call(self, method: str, path: str, body: dict | None = None, cookie: str | None = None) -> tuple[int, dict, str | None]:
        """Status, JSON body, and the `session` cookie the answer set (None when it set none)."""
        host, port = self.server.address.split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=15)
        headers = {"Origin": self.origin, "Content-Type": "application/json"}
        if cookie is not None:
            headers["Cookie"] = f"session={cookie}"
        try:
            connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            set_cookie = response.getheader("Set-Cookie") or ""
        finally:
            connection.close()
        found = re.match(r"session=([^;]*)", set_cookie)
        return response.status, (json.loads(text) if text else {}), (found.group(1) or None) if found else None

    def options(self, path: str, body: dict | None = None) -> dict:
        status, answer, _ = self.call("POST", path, body)
        assert status == 200, f"{status} {answer}"
        return answer["publicKey"]

    def me(self, cookie: str) -> tuple[int, dict]:
        status, answer, _ = self.call("GET", "/api/me", cookie=cookie)
        return status, answer


def unique_name(stem: str) -> str:
    """Names are one per database, which outlives a run: each test's are new."""
    return f"{stem}{os.getpid() % 1000}x{os.urandom(3).hex()}"


def register(first: Page, second: Page, name: str, passkey: SoftwarePasskey) -> tuple[int, dict, str | None]:
    """Asks `first` for the registration options of `name`, and has `second` finish the registration."""
    answer = passkey.register(first.options("/api/passkeys/register/options", {"name": name}), first.origin)
    return second.call("POST", "/api/passkeys/register", answer)


def test_a_registration_begun_on_one_server_is_finished_on_another_and_its_session_is_good_everywhere(accounts_cluster):
    pages = [Page(accounts_cluster, server) for server in accounts_cluster.servers]
    name = unique_name("Ann")
    passkey = SoftwarePasskey()
    options = pages[0].options("/api/passkeys/register/options", {"name": name})
    answer = passkey.register(options, pages[0].origin)
    status, created, cookie = pages[1].call("POST", "/api/passkeys/register", answer)
    assert status == 201, created
    assert created["player"]["name"] == name and cookie
    for page in pages:
        assert page.me(cookie) == (200, created), page.server.address

    # The challenge was spent on the server that finished it, for every server.
    status, refused, again = pages[2].call("POST", "/api/passkeys/register", answer)
    assert (status, refused["error"]["code"], again) == (400, "badMessage", None)
    status, taken, _ = pages[2].call("POST", "/api/passkeys/register/options", {"name": name.upper()})
    assert (status, taken["error"]["code"]) == (409, "nameTaken")


def test_a_sign_in_crosses_servers_and_a_logout_on_one_ends_the_session_on_all(accounts_cluster):
    pages = [Page(accounts_cluster, server) for server in accounts_cluster.servers]
    passkey = SoftwarePasskey()
    status, created, first_session = register(pages[0], pages[0], unique_name("Bo"), passkey)
    assert status == 201, created

    assertion = passkey.assertion(pages[2].options("/api/passkeys/login/options"), pages[2].origin)
    status, signed_in, cookie = pages[0].call("POST", "/api/passkeys/login", assertion)
    assert status == 200 and signed_in == created and cookie and cookie != first_session
    for page in pages:
        assert page.me(cookie) == (200, created), page.server.address

    status, _, cleared = pages[1].call("POST", "/api/logout", cookie=cookie)
    assert status == 204 and cleared is None  # the cookie is cleared: `session=` with Max-Age=0
    for page in pages:
        status, answer = page.me(cookie)
        assert (status, answer["error"]["code"]) == (401, "notSignedIn"), page.server.address
    # The other session (the registration's) is another person's device: it stays signed in.
    assert all(page.me(first_session)[0] == 200 for page in pages)


def _at_once(calls):
    """Runs every call at the same moment (each on its own thread, released together); their results."""
    barrier = threading.Barrier(len(calls))

    def released(call):
        barrier.wait(timeout=15)
        return call()

    with concurrent.futures.ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(released, calls))


def test_one_challenge_finished_on_two_servers_at_once_succeeds_exactly_once(accounts_cluster):
    pages = [Page(accounts_cluster, server) for server in accounts_cluster.servers]
    # A registration: one account, one session, whichever server wins.
    for round_ in range(3):
        name = unique_name(f"Cy{round_}")
        passkey = SoftwarePasskey()
        answer = passkey.register(pages[0].options("/api/passkeys/register/options", {"name": name}), pages[0].origin)
        results = _at_once([lambda page=page: page.call("POST", "/api/passkeys/register", answer) for page in pages[1:]])
        assert sorted(status for status, _, _ in results) == [201, 400], results
        assert len([cookie for _, _, cookie in results if cookie]) == 1
        status, taken, _ = pages[0].call("POST", "/api/passkeys/register/options", {"name": name})
        assert (status, taken["error"]["code"]) == (409, "nameTaken")

    # A sign-in: the same assertion on two servers at once signs in once.
    for _ in range(5):
        assertion = passkey.assertion(pages[0].options("/api/passkeys/login/options"), pages[0].origin)
        results = _at_once([lambda page=page: page.call("POST", "/api/passkeys/login", assertion) for page in pages[1:]])
        assert sorted(status for status, _, _ in results) == [200, 401], results
        [cookie] = [cookie for _, _, cookie in results if cookie]
        assert all(page.me(cookie)[0] == 200 for page in pages)
