import ConnectFour
import Foundation
import GridGames
import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

/// `GET /api/matches/{id}/games`: every game of a match from its stored log, paged.
@Suite("Games route")
struct GamesRouteTests {
    @Test func test_threeGames_aWinARollAndAForfeit_areListedWithTheirMovesAndResults() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let pair = try await server.seatedPair(matchID: matchID)
            #expect(try await server.games(of: matchID) == MatchGames(matchId: matchID, total: 0, games: [], next: nil))

            // Game 1: Alice wins Tic Tac Toe along the top row.
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await spectator.nextBoard()
            for (player, row, col) in [(pair.alice, 0, 0), (pair.bob, 1, 0), (pair.alice, 0, 1), (pair.bob, 1, 1), (pair.alice, 0, 2)] {
                player.send(.move(row: row, col: col))
                _ = try await spectator.nextBoard()
            }
            try await spectator.nextScreen(.offGame)
            // Game 2: Random Win, Bob's turn to start.
            pair.bob.send(.startGame(gameId: "randomWin"))
            try await spectator.nextScreen(.randomWin)
            pair.bob.send(.roll)
            let rolled = try await spectator.next { if case .gameOver = $0 { true } else { false } }
            guard case .gameOver(let rollWinner, _, _, _, _, _) = rolled else {
                Issue.record("expected .gameOver, got \(rolled)")
                return
            }
            try await spectator.nextScreen(.offGame)
            // Game 3: Connect Four, one drop, then its mover's opponent leaves.
            pair.alice.send(.startGame(gameId: "connectFour"))
            let started = try await spectator.nextBoard()
            let mover = try #require(started.turn)
            (mover == .player1 ? pair.alice : pair.bob).send(.drop(col: 3))
            _ = try await spectator.nextBoard()

            let during = try await server.games(of: matchID)
            #expect(during.total == 3)
            #expect(during.games.last?.result == nil)
            #expect(during.games.last?.endedAt == nil)

            let leaver: WireSeat = mover == .player1 ? .player2 : .player1
            (leaver == .player1 ? pair.alice : pair.bob).send(.leave)
            try await spectator.nextScreen(.loggedOut)

            let page = try await server.games(of: matchID)
            #expect(page.matchId == matchID)
            #expect(page.total == 3)
            #expect(page.next == nil)
            #expect(page.games.map(\.number) == [1, 2, 3])
            #expect(page.games.map(\.gameId) == ["ticTacToe", "randomWin", "connectFour"])
            let players = [MatchGames.Player(seat: .player1, name: "Alice"), MatchGames.Player(seat: .player2, name: "Bob")]
            #expect(page.games.allSatisfy { $0.players == players })
            #expect(page.games.map(\.startingPlayer) == [.player1, .player2, mover])

            let ticTacToe = page.games[0]
            #expect(ticTacToe.moves.map(\.seat) == [.player1, .player2, .player1, .player2, .player1])
            #expect(
                ticTacToe.moves.map { $0.fields["cell"] }
                    == [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]].map { WireValue.object(["row": .integer($0[0]), "col": .integer($0[1])]) })
            #expect(ticTacToe.moves.allSatisfy { $0.fields["roll"] == .null })
            #expect(
                ticTacToe.result
                    == MatchGames.Result(
                        winner: .player1, line: .gridCells([[0, 0], [0, 1], [0, 2]]), forfeitBy: nil, reason: "line"))

            let randomWin = page.games[1]
            #expect(randomWin.moves.map(\.seat) == [.player2])
            #expect(randomWin.moves.first?.fields["cell"] == .null)
            #expect(randomWin.moves.first?.fields["roll"] == .seat(rollWinner))
            #expect(randomWin.result == MatchGames.Result(winner: rollWinner, line: nil, forfeitBy: nil, reason: "roll"))

            let connectFour = page.games[2]
            // The disc dropped in column 3 landed on the bottom row.
            #expect(connectFour.moves.map { $0.fields["cell"] } == [.object(["row": .integer(5), "col": .integer(3)])])
            #expect(connectFour.result == MatchGames.Result(winner: mover, line: nil, forfeitBy: leaver, reason: "left"))

            for game in page.games {
                let times = [game.startedAt] + game.moves.map(\.at) + [try #require(game.endedAt)]
                #expect(times.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil }, "\(times)")
                #expect(times == times.sorted(), "in order")
            }
            // The keys the page reads are there, the absent ones as null.
            let raw = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games").body
            #expect(raw.contains(#""cell":{"col":0,"row":0},"roll":null,"seat":"player1""#))
            #expect(raw.contains(#""next":null"#))
        }
    }

    @Test func test_paging_fromAndLimit_withTheBound() async throws {
        // Fifty-odd games played as fast as the server answers: over the default message rate.
        try await withTestServer(configure: { $0.messagesPerSecond = 1000 }) { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            let count = MatchGames.maxLimit + 2
            for number in 1...count {
                // The starting player alternates; whoever rolls, the game ends.
                let starter = number.isMultiple(of: 2) ? pair.bob : pair.alice
                starter.send(.startGame(gameId: "randomWin"))
                try await pair.alice.nextScreen(.randomWin)
                starter.send(.roll)
                try await pair.alice.nextScreen(.offGame)
            }
            let first = try await server.games(of: matchID)
            #expect(first.total == count)
            #expect(first.games.map(\.number) == Array(1...20))
            #expect(first.next == 21)

            let bounded = try await server.games(of: matchID, query: "?limit=1000")
            #expect(bounded.games.count == MatchGames.maxLimit)
            #expect(bounded.next == MatchGames.maxLimit + 1)

            let last = try await server.games(of: matchID, query: "?from=\(MatchGames.maxLimit + 1)&limit=5")
            #expect(last.games.map(\.number) == [MatchGames.maxLimit + 1, MatchGames.maxLimit + 2])
            #expect(last.next == nil)

            let middle = try await server.games(of: matchID, query: "?from=3&limit=2")
            #expect(middle.games.map(\.number) == [3, 4])
            #expect(middle.next == 5)

            let beyond = try await server.games(of: matchID, query: "?from=\(count + 1)")
            #expect(beyond.games.isEmpty)
            #expect(beyond.next == nil)
            #expect(beyond.total == count)

            for query in ["?from=0", "?limit=0", "?limit=-3", "?from=x", "?limit=1.5", "?from=99999999999999999999"] {
                let response = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games\(query)")
                #expect(response.status == 400, "\(query)")
                #expect(ErrorBody.decode(response.body).map(\.error.code) == .success(.badMessage), "\(query)")
            }
        }
    }

    @Test func test_anUnknownMatch_is404WithTheErrorBody_andTheReplayPageIsServedOnlyForAMatch() async throws {
        try await withTestServer { server in
            for path in ["/api/matches/AAAAAAAAAAAA/games", "/api/matches/bad!/games", "/api/matches/AAAAAAAAAAAA/games?from=2"] {
                let response = try await HTTP.get(port: server.port, path)
                #expect(response.status == 404, "\(path)")
                #expect(ErrorBody.decode(response.body).map(\.error.code) == .success(.matchNotFound), "\(path)")
            }
            let matchID = try await server.createMatch()
            let page = try await HTTP.get(port: server.port, "/m/\(matchID)/games/1")
            #expect(page.status == 200)
            #expect(page.body.contains("<title"), "a page with its title (written in the reader's language by the page)")
            #expect(page.headers.first(name: "Content-Security-Policy") != nil)
            for path in ["/m/AAAAAAAAAAAA/games/1", "/m/\(matchID)/games/0", "/m/\(matchID)/games/x"] {
                #expect(try await HTTP.get(port: server.port, path).status == 404, "\(path)")
            }
        }
    }
}
