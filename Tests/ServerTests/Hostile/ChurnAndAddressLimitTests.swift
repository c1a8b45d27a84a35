import Foundation
import RawSocketSupport
import Testing
import VirtualTime
import WireProtocol

@testable import MatchHosting
@testable import Server
@testable import WebSocketTransport

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

        /// From 127.0.0.2: the tests' own HTTP client on 127.0.0.1 keeps a pooled connection to the server,
        /// which counts against its address too since every connection does (issue 26).
        @Test func test_oneAddressHoldsAtMost3WebSockets_theFourthIs429RateLimited_andOneClosingMakesRoom() async throws {
            try await withTestServer(configure: { $0.maxConnectionsPerAddress = 3 }) { server in
                let matchID = try await server.createMatch()
                var sockets: [WireConnection] = []
                for _ in 0..<3 {
                    sockets.append(try await WireConnection.webSocket(port: server.port, matchID: matchID, from: "127.0.0.2"))
                }
                let fourth = try await WireConnection.open(port: server.port, from: "127.0.0.2")
                let refused = try await fourth.upgrade(path: "/ws/\(matchID)")
                #expect(refused.status == 429)
                #expect(refused.body.contains("rateLimited") && refused.body.contains("Too many connections from your address"))
                await sockets[0].close()
                #expect(
                    try await eventually {
                        let next = try await WireConnection.open(port: server.port, from: "127.0.0.2")
                        defer { Task { await next.close() } }
                        return try await next.upgrade(path: "/ws/\(matchID)").status == 101
                    }, "a slot is given back once a WebSocket closed")
                for socket in sockets.dropFirst() { await socket.close() }
                await fourth.close()
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
                let refused = try await RawHTTP.exchange(port: server.port, path: "/ws/\(matchID)", headers: Self.upgradeHeaders)
                #expect(refused.status == 429)
                #expect(refused.body.contains("Too many connections opened from your address"))
            }
        }

        @Test func test_addressLimits_countIPv6ByTheir64_andGiveSlotsBackWhenDropped() {
            let limits = AddressConnectionLimits(maxOpen: 2, opensPerMinute: 100)
            var held: [AddressConnectionLimits.Slot] = []
            for address in ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9"] {
                guard let slot = limits.hold(address) else {
                    Issue.record("refused \(address)")
                    return
                }
                held.append(slot)
            }
            #expect(limits.hold("2001:db8:1:2::77") == nil, "one /64 is one client: a third is over 2")
            #expect(limits.hold("2001:db8:1:3::1") != nil, "another /64 is another client")
            held.removeFirst()
            #expect(limits.openCount(of: "2001:db8:1:2::1") == 1)
            #expect(limits.hold("2001:db8:1:2::1") != nil, "the dropped slot was not given back")
        }

        @Test func test_connectionsAcceptedOverTheLimit_areRefusedAFewAtATime_thenDropped() {
            let limits = AddressConnectionLimits(maxOpen: 2, opensPerMinute: 100)
            var held: [AddressConnectionLimits.Slot] = []
            var refusals: [AddressConnectionLimits.Slot] = []
            for _ in 0..<2 {
                guard case .counted(let slot) = limits.accept("192.0.2.1") else {
                    Issue.record("the first two are counted")
                    return
                }
                held.append(slot)
            }
            for _ in 0..<AddressConnectionLimits.maxRefusalsInFlight {
                guard case .refused(let slot) = limits.accept("192.0.2.1") else {
                    Issue.record("over the limit: answered 429")
                    return
                }
                refusals.append(slot)
            }
            guard case .dropped = limits.accept("192.0.2.1") else {
                Issue.record("past the refusals in flight: closed at once")
                return
            }
            guard case .counted = limits.accept("192.0.2.2") else {
                Issue.record("another address is counted on its own")
                return
            }
            refusals.removeFirst()
            guard case .refused = limits.accept("192.0.2.1") else {
                Issue.record("a refusal that ended makes room for one")
                return
            }
            held.removeFirst()
            guard case .counted = limits.accept("192.0.2.1") else {
                Issue.record("a connection that closed makes room for one")
                return
            }
        }

        @Test func test_aWebSocketOfAConnectionCountedAtAccept_isCountedOnce_butAgainstTheRate() {
            let limits = AddressConnectionLimits(maxOpen: 1, opensPerMinute: 2)
            guard case .counted(let connection) = limits.accept("192.0.2.1") else {
                Issue.record("counted at accept")
                return
            }
            guard case .success(nil) = limits.admitWebSocket("192.0.2.1", countedAtAccept: true) else {
                Issue.record("the upgrade of a connection counted already takes no second place")
                return
            }
            guard case .failure(.tooManyOpen) = limits.admitWebSocket("192.0.2.1", countedAtAccept: false) else {
                Issue.record("a WebSocket forwarded for the address is over its 1")
                return
            }
            guard case .failure(.openedTooOften) = limits.admitWebSocket("192.0.2.1", countedAtAccept: true) else {
                Issue.record("the third WebSocket in the minute is over the rate of 2, counted or not")
                return
            }
            withExtendedLifetime(connection) {}
        }
    }
}
