import Foundation
import MatchWords
import Testing
import VirtualTime
import WireProtocol

extension HostileTests {
    /// Issue 17, item 4: spectators filling a match cannot keep a disconnected player from coming back.
    @Suite("Hostile: seats reserved within the per-match cap")
    struct SeatReservationTests {
        /// A match of cap 3 with Alice and Bob seated and one spectator, Bob gone: a spectator fills
        /// Bob's place. Returns the match, the pair and the connections open.
        /// On a server given `time`, the clock moves on until the match says Bob is away.
        private static func fullMatchWithBobAway(
            _ server: TestServer, time: VirtualTime? = nil
        ) async throws -> (String, SeatedPair, [TestClient]) {
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            pair.bob.close()
            await pair.bob.waitUntilClosed()
            let bobAway = { try await server.summary(of: matchID).players.last?.connected == false }
            if let time {
                _ = try await pair.alice.syncUntilAway(.player2)
                await time.advanceToPresence()
            }
            #expect(try await eventually(bobAway))
            let (filler, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            return (matchID, pair, [pair.alice, watcher, filler])
        }

        @Test func test_aMatchFullOfSpectators_stillLetsTheDisconnectedPlayerBackInToResume() async throws {
            let time = VirtualTime()
            try await withTestServer(time: time, configure: { $0.maxConnectionsPerMatch = 3 }) { server in
                let (matchID, pair, _) = try await Self.fullMatchWithBobAway(server, time: time)
                let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                bob.send(.resume(token: pair.bobToken))
                let seated = try await bob.next { if case .seated = $0 { true } else { false } }
                #expect(seated == .seated(seat: .player2, name: "Bob", token: pair.bobToken))
                // Back in his seat, he is a player like any other: still connected after the claim time (the
                // handshake timeout, 10 s).
                await time.advance(by: .seconds(11))
                bob.send(.sync)
                _ = try await bob.next { if case .welcome = $0 { true } else { false } }
            }
        }

        @Test func test_aConnectionLetInAboveTheCap_thatTakesNoSeat_isClosed1013AfterTheClaimTimeOf1s() async throws {
            let time = VirtualTime()
            try await withTestServer(
                time: time,
                configure: {
                    $0.maxConnectionsPerMatch = 3
                    $0.handshakeTimeout = .seconds(1)
                }
            ) { server in
                let (matchID, _, _) = try await Self.fullMatchWithBobAway(server, time: time)
                let (stranger, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                await time.advance(by: .milliseconds(999))
                stranger.send(.sync)
                _ = try await stranger.next { $0.type == "welcome" }
                await time.advance(by: .milliseconds(1))
                #expect(try await stranger.closeCode(timeout: .seconds(5)) == 1013, "closed once its second is up")
            }
        }

        @Test func test_theReturningPlayer_pushesOutAStrangerHoldingTheReservedPlace() async throws {
            try await withTestServer(configure: { $0.maxConnectionsPerMatch = 3 }) { server in
                let (matchID, pair, _) = try await Self.fullMatchWithBobAway(server)
                let (stranger, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                bob.send(.resume(token: pair.bobToken))
                _ = try await bob.next { if case .seated = $0 { true } else { false } }
                #expect(try await stranger.closeCode() == 1013, "the oldest claimant makes room for the newest")
            }
        }

        @Test func test_withEverySeatConnected_aFullMatchStillRefusesTheNextConnection1013() async throws {
            try await withTestServer(configure: { $0.maxConnectionsPerMatch = 3 }) { server in
                let matchID = try await server.createMatch()
                let pair = try await server.seatedPair(matchID: matchID)
                let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let extra = TestClient.connect(port: server.port, matchID: matchID)
                #expect(try await extra.closeCode() == 1013, "no seat waits for its player: no place is reserved")
                _ = (pair, watcher)
            }
        }
    }
}
