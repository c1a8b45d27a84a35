import Foundation
import GridGames
import MatchHosting
import MatchWords
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

/// Seats over time: leave with forfeit, reconnect with resume, the seat timeout.
@Suite("Seats")
struct SeatTests {
    @Test func test_leaveDuringAGame_forfeitsIt_andTheMatchReturnsToLoggedOutWithTheOtherPlayerSeated() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.bob.nextBoard()
            pair.alice.send(.leave)
            let over = try await pair.bob.next { if case .gameOver = $0 { true } else { false } }
            guard case .gameOver(let winner, let line, _, _, _, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(winner == .player2)
            #expect(line == nil)
            let score = try await pair.bob.nextScore()
            #expect(score.player2.wins == 1)
            let screen = try await pair.bob.nextScreen(.loggedOut)
            #expect(screen == .loggedOut(freeSeats: [.player1]))

            // A new player takes the free seat; the new pair starts from 0-0.
            let (carol, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let (seat, _) = try await carol.login("Carol")
            #expect(seat == .player1)
            let newScore = try await carol.nextScore()
            #expect(newScore == WireScore(player1: .init(name: "Carol", wins: 0), player2: .init(name: "Bob", wins: 0), draws: 0))
            // The leaver's old token is dead.
            let (again, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            again.send(.resume(token: pair.aliceToken))
            #expect(try await again.nextError() == .badToken)
        }
    }

    @Test func test_resumeOnANewConnection_restoresTheSeatWithNothingLost() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            pair.alice.send(.move(row: 2, col: 2))
            _ = try await pair.bob.next { if case .board(let board, _) = $0 { board.last != nil } else { false } }
            pair.alice.close()
            let presence = try await pair.bob.next {
                if case .presence(let players, _, _) = $0 { players.contains { !$0.connected } } else { false }
            }
            guard case .presence(let players, _, _) = presence else {
                Issue.record("expected .presence, got \(presence)")
                return
            }
            #expect(players.first { $0.seat == .player1 }?.connected == false)

            let (back, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            back.send(.resume(token: pair.aliceToken))
            let seated = try await back.next { if case .seated = $0 { true } else { false } }
            #expect(seated == .seated(seat: .player1, name: "Alice", token: pair.aliceToken))
            let welcome = try await back.next { if case .welcome = $0 { true } else { false } }
            guard case .welcome(let you, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(you == .player1)
            #expect(snapshot.board?.cells[8] == .player1)
            #expect(snapshot.board?.turn == .player2)
            pair.bob.send(.move(row: 0, col: 0))
            #expect(try await back.nextBoard().last == WireMove(row: 0, col: 0, seat: .player2))
        }
    }

    @Test func test_aSeatNobodyResumesWithinTheTimeout_isFreed_andTheMatchIsBackInLoggedOut() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time, configure: { $0.seatTimeout = .seconds(60) }) { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.bob.close()
            #expect(try await pair.alice.syncUntilAway(.player2).seatTimeoutLeft == 60, "the whole seat timeout left")
            // Told that Bob is away with the coalesced presence, an interval later.
            await time.advanceToPresence()
            let away = try await pair.alice.next {
                if case .presence(let players, _, _) = $0 { players.contains { !$0.connected } } else { false }
            }
            guard case .presence(let players, _, _) = away, let left = players.first(where: { $0.seat == .player2 })?.seatTimeoutLeft
            else {
                Issue.record("expected Bob's seat away, got \(away)")
                return
            }
            #expect(abs(left - (60 - MatchHost.presenceInterval.inSeconds)) < 0.000_5, "\(left)")
            let screens = try pair.alice.received().count { $0.type == "screen" }
            await time.advance(by: .seconds(left) - .milliseconds(2))
            pair.alice.send(.sync)
            _ = try await pair.alice.next { $0.type == "welcome" }
            #expect(try pair.alice.received().count { $0.type == "screen" } == screens, "the seat is kept until its timeout")
            await time.advance(by: .milliseconds(3))
            let screen = try await pair.alice.nextScreen(.loggedOut)
            #expect(screen == .loggedOut(freeSeats: [.player2]))
            let (back, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            back.send(.resume(token: pair.bobToken))
            #expect(try await back.nextError() == .badToken)
        }
    }
}
