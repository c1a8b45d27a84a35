"""Issue 14, item 3: the client's address reaches the servers through nginx (X-Forwarded-For, believed
from nginx's address only), so the per-address creation limit counts clients, not the proxy."""

from __future__ import annotations


def test_the_creation_limit_sees_distinct_clients_only_when_they_differ(cluster_factory):
    # Two servers, one match per address per minute on each; round robin alternates between them, so a
    # client can create two matches before it hears 429 (the limit is per server).
    cluster = cluster_factory(2, ["--matches-per-minute", "1"])

    def creations(headers: dict[str, str] | None, count: int) -> list[int]:
        return [cluster.request("POST", "/api/matches", headers).status for _ in range(count)]

    alice = {"X-Forwarded-For": "203.0.113.1"}
    assert creations(alice, 4) == [201, 201, 429, 429]
    # An address written left of the one nginx saw changes nothing (here the test process is that
    # address's "client", so what it puts rightmost is what nginx saw).
    assert creations({"X-Forwarded-For": "198.51.100.9, 203.0.113.1"}, 2) == [429, 429]
    assert creations({"X-Forwarded-For": "203.0.113.2"}, 1) == [201]
    # Without the header every request is nginx's own client, 127.0.0.1: one address, one limit.
    assert creations(None, 3) == [201, 201, 429]
    refusals = [line for server in cluster.servers for line in server.log().splitlines() if "429" in line]
    assert any("address=203.0.113.1" in line for line in refusals), refusals
    assert any("address=127.0.0.1" in line for line in refusals), refusals
