import Foundation
import GridGames
import MatchWords
import RandomWin
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

@testable import MatchHosting
@testable import Server

extension HostileTests {
    /// No one acts for another: a seat is acted for only by a connection that logged in or resumed with
    /// its token, in its own match, and not after leaving.
    @Suite("Hostile seats")
    struct SeatSecurityTests {
        /// The match as `client` sees it now: the snapshot and version of a fresh `welcome`.
        private static func state(_ client: TestClient) async throws -> (WireSnapshot, Int) {
            client.send(.sync)
            let welcome = try await client.next { if case .welcome = $0 { true } else { false } }
            guard case .welcome(_, let snapshot, let v) = welcome else { throw HTTP.Failure(description: "no welcome") }
            return (snapshot, v)
        }

        /// Reads up to the answer of a `sync` and fails on any broadcast before it: nothing changed.
        private static func expectNothingBroadcast(to client: TestClient, _ who: String) async throws {
            client.send(.sync)
            while true {
                let message = try await client.next()
                if case .welcome = message { return }
                Issue.record("\(who) was told of a change: \(message)")
            }
        }

        @Test func test_onlyTheConnectionThatLoggedInOrResumedWithTheToken_actsForTheSeat() async throws {
            try await withTestServer { server in
                let matchID = try await server.createMatch()
                let pair = try await server.seatedPair(matchID: matchID)
                let (mallory, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                // Mallory's arrival is told to everyone in a coalesced `presence` (100 ms later): a change
                // before the forgeries, not one of theirs.
                _ = try await pair.alice.next { if case .presence(_, 1, _) = $0 { true } else { false } }
                pair.alice.send(.startGame(gameId: "ticTacToe"))
                _ = try await pair.bob.nextBoard()
                _ = try await mallory.nextBoard()
                let before = try await Self.state(mallory)
                _ = try await Self.state(pair.alice)

                // Naming a seat or a token in a message does not make it theirs: extra fields are ignored.
                let forged = #""seat":"player1","you":{"seat":"player1"},"token":"\#(pair.aliceToken)""#
                for text in [
                    #"{"type":"move","row":0,"col":0,"# + forged + "}", #"{"type":"leave","# + forged + "}",
                    #"{"type":"roll","# + forged + "}",
                ] {
                    mallory.sendRaw(text)
                    #expect(try await mallory.nextError() == .notSeated, "\(text)")
                }
                pair.bob.sendRaw(#"{"type":"move","row":0,"col":0,"# + forged + "}")
                #expect(try await pair.bob.nextError() == .notYourTurn, "Bob plays only as player2")
                pair.bob.send(.resume(token: pair.aliceToken))
                #expect(try await pair.bob.nextError() == .alreadySeated, "a seated connection cannot take the other seat")
                pair.bob.send(.move(row: 0, col: 0))
                #expect(try await pair.bob.nextError() == .notYourTurn, "Bob is still player2")
                #expect(try await Self.state(mallory) == before)
                try await Self.expectNothingBroadcast(to: pair.alice, "Alice")

                // With the token, a connection acts for the seat (alongside the one that logged in).
                mallory.send(.resume(token: pair.aliceToken))
                _ = try await mallory.next { if case .seated(.player1, _, _) = $0 { true } else { false } }
                mallory.send(.move(row: 2, col: 2))
                #expect(try await pair.bob.nextBoard().last == WireMove(row: 2, col: 2, seat: .player1))
            }
        }

        @Test func test_aSpectator_triesEveryMessageInEveryPhase_andTheMatchNeverChanges() async throws {
            // Some 20 messages per phase: the rate limit is another test's business. On a clock that does
            // not move, no coalesced presence of the connections made below comes between the states
            // compared: whatever is told, the attempts made it.
            try await withTestServer(time: VirtualTime(), configure: { $0.messagesPerSecond = 1000 }) { server in
                let matchID = try await server.createMatch()
                let otherMatch = try await server.createMatch()
                let (stranger, _) = try await TestClient.connected(port: server.port, matchID: otherMatch)
                let (_, foreignToken) = try await stranger.login("Stranger")
                let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let (_, aliceToken) = try await alice.login("Alice")

                /// Every message a client can send, with the answer a spectator gets; nil: accepted, changing nothing.
                func attempts(in phase: WirePhase) -> [(ClientMessage, ErrorCode?)] {
                    var list: [(ClientMessage, ErrorCode?)] = [
                        (.startGame(gameId: "ticTacToe"), .notSeated), (.startGame(gameId: "randomWin"), .notSeated),
                        (.startGame(gameId: "chess"), .notSeated), (.move(row: 0, col: 0), .notSeated), (.move(row: 1, col: 2), .notSeated),
                        (.move(row: -1, col: 9), .notSeated), (.move(row: Int.max, col: Int.min), .notSeated), (.roll, .notSeated),
                        (.leave, .notSeated), (.launchGame(gameId: "chess"), .unknownGame), (.launchGame(gameId: ""), .unknownGame),
                        (.resume(token: foreignToken), .badToken), (.resume(token: aliceToken + "x"), .badToken),
                        (.resume(token: ""), .badToken),
                        (.login(name: String(repeating: "n", count: 25)), phase == .loggedOut ? .badName : .matchFull),
                        (.login(name: "bell\u{7}"), phase == .loggedOut ? .badName : .matchFull),
                    ]
                    if phase != .loggedOut { list.append((.login(name: "Mallory"), .matchFull)) }
                    // Between games `launchGame` starts one, from any connection (docs/PROTOCOL.md "Launch
                    // workflow"); while a game is played it changes nothing.
                    if phase == .ticTacToe || phase == .randomWin {
                        list += [(.launchGame(gameId: "ticTacToe"), nil), (.launchGame(gameId: "randomWin"), nil)]
                    }
                    return list
                }

                var seated: [TestClient] = [alice]
                for phase in [WirePhase.loggedOut, .offGame, .ticTacToe, .randomWin] {
                    switch phase {
                    case .offGame:
                        let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                        _ = try await bob.login("Bob")
                        seated.append(bob)
                        try await alice.nextScreen(.offGame)
                    case .ticTacToe:
                        alice.send(.startGame(gameId: "ticTacToe"))
                        alice.send(.move(row: 1, col: 1))
                        _ = try await alice.next { if case .board(let board, _) = $0 { board.last != nil } else { false } }
                    case .randomWin:
                        seated[1].send(.leave)
                        try await alice.nextScreen(.loggedOut)
                        let (carol, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                        _ = try await carol.login("Carol")
                        seated[1] = carol
                        try await alice.nextScreen(.offGame)
                        carol.send(.startGame(gameId: "randomWin"))
                        try await alice.nextScreen(.randomWin)
                    case .loggedOut:
                        break
                    default:
                        Issue.record("no step for \(phase)")
                    }
                    let before = try await Self.state(spectator)
                    #expect(before.0.phase == phase)
                    for client in seated { _ = try await Self.state(client) }
                    for (message, expected) in attempts(in: phase) {
                        spectator.send(message)
                        if let expected {
                            let answer = try await spectator.nextError()
                            #expect(answer == expected, "\(phase): \(message)")
                        }
                    }
                    let after = try await Self.state(spectator)
                    #expect(after.0 == before.0, "\(phase): the snapshot changed")
                    #expect(after.1 == before.1, "\(phase): something was broadcast")
                    for client in seated { try await Self.expectNothingBroadcast(to: client, "a player in \(phase)") }
                }
            }
        }

        @Test func test_aTokenOfOneMatch_isUselessInAnother() async throws {
            // On a clock that does not move: the coalesced presence of the pair's own connections, due
            // 100 ms after them, never comes between the checks.
            try await withTestServer(time: VirtualTime()) { server in
                let first = try await server.createMatch()
                let second = try await server.createMatch()
                let pair = try await server.seatedPair(matchID: first)
                let (intruder, _) = try await TestClient.connected(port: server.port, matchID: second)
                let before = try await Self.state(intruder)
                for token in [pair.aliceToken, pair.bobToken] {
                    intruder.send(.resume(token: token))
                    #expect(try await intruder.nextError() == .badToken)
                }
                for message in [ClientMessage.startGame(gameId: "ticTacToe"), .roll, .leave, .move(row: 0, col: 0)] {
                    intruder.send(message)
                    #expect(try await intruder.nextError() == .notSeated, "\(message)")
                }
                #expect(try await Self.state(intruder) == before)
                // The first match did not notice either.
                let summary = try await server.summary(of: first)
                #expect(summary.players.map(\.connected) == [true, true])
                try await Self.expectNothingBroadcast(to: pair.alice, "Alice")
            }
        }

        @Test func test_afterLeave_theLeaversConnectionsCanNoLongerActForTheSeat_andItsTokenIsDead() async throws {
            try await withTestServer { server in
                let matchID = try await server.createMatch()
                let pair = try await server.seatedPair(matchID: matchID)
                // Alice has a second connection, resumed with her token.
                let (aliceToo, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                aliceToo.send(.resume(token: pair.aliceToken))
                _ = try await aliceToo.next { if case .seated = $0 { true } else { false } }
                pair.alice.send(.startGame(gameId: "ticTacToe"))
                _ = try await pair.bob.nextBoard()

                pair.alice.send(.leave)
                try await pair.bob.nextScreen(.loggedOut)
                for leaver in [pair.alice, aliceToo] {
                    for message in [ClientMessage.move(row: 0, col: 0), .roll, .leave, .startGame(gameId: "ticTacToe")] {
                        leaver.send(message)
                        #expect(try await leaver.nextError() == .notSeated, "\(message)")
                    }
                    leaver.send(.resume(token: pair.aliceToken))
                    #expect(try await leaver.nextError() == .badToken)
                    leaver.send(.sync)
                    let welcome = try await leaver.next { if case .welcome = $0 { true } else { false } }
                    guard case .welcome(let you, _, _) = welcome else { continue }
                    #expect(you == nil)
                }
                // The seat goes to whoever logs in next, with a new token; the old one stays dead.
                let (carol, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let (seat, carolToken) = try await carol.login("Carol")
                #expect(seat == .player1)
                #expect(carolToken != pair.aliceToken)
                pair.alice.send(.resume(token: pair.aliceToken))
                #expect(try await pair.alice.nextError() == .badToken)
                pair.alice.send(.login(name: "Alice again"))
                #expect(try await pair.alice.nextError() == .matchFull)
                carol.send(.startGame(gameId: "ticTacToe"))
                #expect(try await pair.bob.nextBoard().turn == .player1)
            }
        }
    }
}
