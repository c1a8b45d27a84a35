import Foundation
import Testing
import WireProtocol

@testable import Server

extension HostileTests {
    /// Issue 17, item 5: connection churn costs O(n) per presence interval, not O(n²); one address can
    /// neither hold every connection nor open them in a tight loop.
    @Suite("Hostile: churn and per-address WebSocket limits")
    struct ChurnAndAddressLimitTests {
        private static let upgradeHeaders = [
            ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]

        @Test func test_200SpectatorsComingAndGoing_areToldInAtMostOnePresencePer100ms_notOneEach() async throws {
            try await withTestServer { server in
                let matchID = try await server.createMatch()
                let (observer, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let started = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<200 {
                        group.addTask {
                            let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                            spectator.close()
                            await spectator.waitUntilClosed()
                        }
                    }
                    try await group.waitForAll()
                }
                // The last presence says nobody but the observer is left.
                _ = try await observer.next { if case .presence(_, 1, _) = $0 { true } else { false } }
                let elapsed = ContinuousClock.now - started
                let presences = try observer.received().count { if case .presence = $0 { true } else { false } }
                let bound = Int(elapsed / MatchHost.presenceInterval) + 2
                #expect(presences <= bound, "\(presences) presence messages in \(elapsed) for 400 arrivals and departures (bound \(bound))")
                #expect(presences < 100, "without coalescing the observer would get one per arrival and departure: 400")
            }
        }

        @Test func test_oneAddressHoldsAtMost3WebSockets_theFourthIs429RateLimited_andOneClosingMakesRoom() async throws {
            try await withTestServer(configure: { $0.maxConnectionsPerAddress = 3 }) { server in
                let matchID = try await server.createMatch()
                var clients: [TestClient] = []
                for _ in 0..<3 { clients.append(try await TestClient.connected(port: server.port, matchID: matchID).0) }
                let refused = try await HTTP.get(port: server.port, "/ws/\(matchID)", headers: Self.upgradeHeaders)
                #expect(refused.status == 429)
                #expect(refused.body.contains("rateLimited") && refused.body.contains("Too many connections from your address"))
                clients[0].close()
                await clients[0].waitUntilClosed()
                #expect(
                    try await HostileTests.eventually {
                        try await HTTP.get(port: server.port, "/ws/\(matchID)", headers: Self.upgradeHeaders).status == 101
                    }, "a slot is given back once a WebSocket closed")
            }
        }

        @Test func test_oneAddressOpens5WebSocketsPerMinute_theSixthIs429_evenAfterClosingThem() async throws {
            try await withTestServer(configure: { $0.connectsPerAddressPerMinute = 5 }) { server in
                let matchID = try await server.createMatch()
                for _ in 0..<5 {
                    let (client, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                    client.close()
                    await client.waitUntilClosed()
                }
                let refused = try await HTTP.get(port: server.port, "/ws/\(matchID)", headers: Self.upgradeHeaders)
                #expect(refused.status == 429)
                #expect(refused.body.contains("Too many connections opened from your address"))
            }
        }

        @Test func test_addressLimits_countIPv6ByTheir64_andGiveSlotsBackWhenDropped() {
            let limits = AddressConnectionLimits(maxOpen: 2, opensPerMinute: 100)
            var held: [AddressConnectionLimits.Slot] = []
            for address in ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9"] {
                guard case .success(let slot) = limits.admit(address) else {
                    Issue.record("refused \(address)")
                    return
                }
                held.append(slot)
            }
            if case .success = limits.admit("2001:db8:1:2::77") { Issue.record("one /64 is one client: a third is over 2") }
            if case .failure = limits.admit("2001:db8:1:3::1") { Issue.record("another /64 is another client") }
            held.removeFirst()
            #expect(limits.openCount(of: "2001:db8:1:2::1") == 1)
            if case .failure = limits.admit("2001:db8:1:2::1") { Issue.record("the dropped slot was not given back") }
        }
    }
}
