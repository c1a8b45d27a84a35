import Foundation
import MatchWords
import Testing
import TicTacToe
import WireProtocol

/// The real server process is killed (SIGKILL) at chosen points and started again on the same file:
/// everything any client was told is still there (docs/PROTOCOL.md "Durability").
@Suite("Recovery: SIGKILL at chosen points")
struct KillRecoveryTests {
    /// With either `--synchronous` mode: `normal` syncs only at checkpoints, which still survives a kill.
    @Test(arguments: ["full", "normal"])
    func test_killRightAfterAMoveWasAcknowledged_restoresPlayersScoreAndBoard_andTheGameCanBeFinished(synchronous: String) async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start(arguments: ["--synchronous", synchronous])
            #expect(first.log.contains("(synchronous \(synchronous.uppercased()))"))
            var table = try await Table.open(on: first)
            // Game 1: Alice wins along the top row. Game 2 (Bob's turn to start): three moves, the last
            // one acknowledged (the spectator saw its board), then the crash.
            try await table.play([
                .start(by: .player1), .move(row: 0, col: 0), .move(row: 1, col: 0), .move(row: 0, col: 1), .move(row: 1, col: 1),
                .move(row: 0, col: 2),
            ])
            try await table.play([.start(by: .player1), .move(row: 1, col: 1), .move(row: 0, col: 0), .move(row: 2, col: 2)])
            await first.kill()
            let candidates = try await table.statesAfterCrash()
            #expect(candidates == [table.state], "every step was acknowledged")

            let second = try await launches.start(arguments: ["--synchronous", synchronous])
            var restored = try await Table.reopen(table, on: second, candidates: candidates)
            #expect(restored.state.phase == .ticTacToe)
            #expect(restored.state.board.turn == .player1)
            #expect(restored.state.score.player1.wins == 1)
            // Bob wins along the anti-diagonal.
            try await restored.play([.move(row: 1, col: 0), .move(row: 0, col: 2), .move(row: 1, col: 2), .move(row: 2, col: 0)])
            let over = try await restored.spectator.next { if case .gameOver = $0 { true } else { false } }
            #expect(over == .gameOver(winner: .player2, line: [[0, 2], [1, 1], [2, 0]], reason: "line", v: over.version ?? -1))
            #expect(try await restored.spectator.nextScore() == restored.state.score)
            #expect(
                restored.state.score == WireScore(player1: .init(name: "Alice", wins: 1), player2: .init(name: "Bob", wins: 1), draws: 0))
            #expect(restored.state.isShown(by: try await second.summary(of: table.matchID)))
        }
    }

    @Test func test_anUnknownSynchronousMode_isRefusedAtStart() async throws {
        try await ServerLaunches.withDatabase { launches in
            do {
                _ = try await launches.start(arguments: ["--synchronous", "sometimes"])
                Issue.record("the server started with --synchronous sometimes")
            } catch {
                #expect("\(error)".contains("(--synchronous, TICTACTOE_SYNCHRONOUS) must be full or normal"))
            }
        }
    }

    @Test func test_killRightAfterAGameEnded_keepsTheScoreInOffGame_andTheNextGameStartsWithTheOtherPlayer() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            var table = try await Table.open(on: first)
            try await table.play([
                .start(by: .player2), .move(row: 1, col: 1), .move(row: 0, col: 0), .move(row: 0, col: 2), .move(row: 2, col: 2),
                .move(row: 2, col: 0),
            ])
            // The score message is the last one of the game's end.
            #expect(try await table.spectator.nextScore() == table.state.score)
            await first.kill()
            let candidates = try await table.statesAfterCrash()
            #expect(candidates == [table.state])

            let second = try await launches.start()
            var restored = try await Table.reopen(table, on: second, candidates: candidates)
            #expect(restored.state.phase == .offGame)
            #expect(restored.state.score.player1.wins == 1)
            // The second game of the pair starts with Bob; this one ends in a draw.
            try await restored.play([.start(by: .player1)])
            #expect(restored.state.board.turn == .player2)
            try await restored.play([
                .move(row: 1, col: 1), .move(row: 0, col: 0), .move(row: 0, col: 2), .move(row: 2, col: 0), .move(row: 1, col: 0),
                .move(row: 1, col: 2), .move(row: 0, col: 1), .move(row: 2, col: 1), .move(row: 2, col: 2),
            ])
            #expect(
                try await restored.spectator.nextScore()
                    == WireScore(player1: .init(name: "Alice", wins: 1), player2: .init(name: "Bob", wins: 0), draws: 1))
        }
    }

    @Test func test_killDuringLogin_everyAcknowledgedLoginIsRestoredAndResumable_andTheRestIsConsistent() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            // Per match: two clients that log in, and a spectator. Match 0 sees both logins acknowledged,
            // match 1 one of them; the others get less and less time before the kill, the last none.
            let pauses: [Duration] = [.zero, .zero, .milliseconds(3), .milliseconds(1), .microseconds(300), .zero]
            var matches: [(id: String, clients: [TestClient])] = []
            for _ in pauses.indices {
                let id = try await first.createMatch(listed: true)
                var clients: [TestClient] = []
                for _ in 0..<3 { clients.append(try await TestClient.connected(port: first.port, matchID: id).0) }
                matches.append((id, clients))
            }
            for (index, match) in matches.enumerated() {
                match.clients[0].send(.login(name: "Ann \(index)"))
                match.clients[1].send(.login(name: "Ben \(index)"))
                if index < 2 { _ = try await match.clients[0].next { if case .seated = $0 { true } else { false } } }
                if index < 1 { _ = try await match.clients[1].next { if case .seated = $0 { true } else { false } } }
                try await Task.sleep(for: pauses[index])
            }
            await first.kill()

            let second = try await launches.start()
            // The lobby, before anything loads a match and before anyone reconnects.
            let lobby = try await HTTP.get(port: second.port, "/api/matches")
            guard case .success(let open) = MatchList.decode(lobby.body) else { throw HTTP.Failure(description: "lobby: \(lobby.body)") }
            var expectedInLobby: [String] = []
            for (index, match) in matches.enumerated() {
                for client in match.clients { await client.waitUntilClosed() }
                // What the clients were told: their own `seated`, and the players in the broadcasts.
                var tokens: [WireSeat: (name: String, token: String)] = [:]
                for client in match.clients {
                    for case .seated(let seat, let name, let token?) in try client.received() { tokens[seat] = (name, token) }
                }
                var told: [WireSeat: String] = tokens.mapValues { $0.name }
                for message in try toldBroadcasts(match.clients) {
                    switch message {
                    case .presence(let players, _, _):
                        for player in players { told[player.seat] = player.name }
                    case .score(let score, _):
                        told[.player1] = score.player1.name
                        told[.player2] = score.player2.name
                    default: break
                    }
                }
                if index == 0 { #expect(tokens.count == 2) }
                if index == 1 { #expect(tokens.count >= 1) }

                let summary = try await second.summary(of: match.id)
                let stored = Dictionary(summary.players.map { ($0.seat, $0.name) }, uniquingKeysWith: { first, _ in first })
                #expect(stored.count == summary.players.count, "one entry per seat: \(summary)")
                for (seat, name) in told {
                    #expect(stored[seat] == name, "match \(index): \(seat) was told as \(name), restored \(summary)")
                }
                #expect(Set(stored.values).isSubset(of: ["Ann \(index)", "Ben \(index)"]), "\(summary)")
                #expect(summary.phase == (stored.count == 2 ? .offGame : .loggedOut), "\(summary)")
                #expect(summary.score == (stored.count == 2 ? MatchSummary.Score(player1: 0, player2: 0, draws: 0) : nil), "\(summary)")
                if stored.count < 2 { expectedInLobby.insert(match.id, at: 0) }

                for (seat, (name, token)) in tokens {
                    let (client, _) = try await TestClient.connected(port: second.port, matchID: match.id)
                    let resumed = try await client.resume(token).seated()
                    #expect(resumed.seat == seat && resumed.name == name && resumed.you == seat, "\(resumed)")
                    #expect(resumed.snapshot.phase == summary.phase)
                }
                // The match goes on: new players take the free seats, then the game list shows.
                var newcomer: TestClient?
                for seat in Set([WireSeat.player1, .player2]).subtracting(stored.keys).sorted(by: { $0.rawValue < $1.rawValue }) {
                    let (client, _) = try await TestClient.connected(port: second.port, matchID: match.id)
                    #expect(try await client.login("Cat \(index)").seat == seat)
                    newcomer = client
                }
                if let newcomer { try await newcomer.nextScreen(.offGame) }
                #expect(try await second.summary(of: match.id).phase == .offGame)
            }
            // Every match was listed, and those with a free seat are in the store's lobby column; but right
            // after the restart nobody is connected, so none has its creator waiting to be met.
            #expect(!expectedInLobby.isEmpty, "some listed match had a free seat")
            #expect(open.matches.isEmpty, "the lobby after the restart, before anyone reconnects")
        }
    }

    @Test func test_killDuringLeave_anAcknowledgedLeaveIsKept_theRemainingPlayerKeepsTheSeat() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            // Matches in a game; Alice leaves each. The first leave is acknowledged (Bob is shown the
            // loggedOut screen); the others get less and less time before the kill, the last none.
            let pauses: [Duration] = [.zero, .milliseconds(3), .milliseconds(1), .microseconds(300), .zero]
            var tables: [Table] = []
            for _ in pauses.indices {
                var table = try await Table.open(on: first)
                try await table.play([.start(by: .player1), .move(row: 1, col: 1), .move(row: 0, col: 0)])
                tables.append(table)
            }
            for (index, table) in tables.enumerated() {
                table.alice.send(.leave)
                if index == 0 { try await table.bob.nextScreen(.loggedOut) }
                try await Task.sleep(for: pauses[index])
            }
            await first.kill()

            let second = try await launches.start()
            for (index, table) in tables.enumerated() {
                for client in table.clients { await client.waitUntilClosed() }
                // The leave is acknowledged once any client is told of its forfeit or of the loggedOut
                // screen that follows the game (earlier loggedOut screens came with the logins).
                let told = try toldBroadcasts(table.clients)
                let afterTheGame = told.drop { if case .screen(.playing("ticTacToe", _), _) = $0 { false } else { true } }
                let acknowledged = afterTheGame.contains { message in
                    switch message {
                    case .gameOver, .screen(.loggedOut, _): true
                    default: false
                    }
                }
                if index == 0 { #expect(acknowledged) }

                let summary = try await second.summary(of: table.matchID)
                let left = summary.phase == .loggedOut
                #expect(left || !acknowledged, "match \(index): the acknowledged leave was lost: \(summary)")
                let (alice, _) = try await TestClient.connected(port: second.port, matchID: table.matchID)
                let aliceAnswer = try await alice.resume(table.aliceToken)
                if left {
                    #expect(summary.players.map(\.seat) == [.player2] && summary.players.map(\.name) == ["Bob"], "\(summary)")
                    #expect(summary.score == nil)
                    #expect(aliceAnswer == .refused(.badToken))
                } else {
                    #expect(table.state.isShown(by: summary), "match \(index): neither left nor as before: \(summary)")
                    #expect(try aliceAnswer.seated().seat == .player1)
                }
                let (bob, _) = try await TestClient.connected(port: second.port, matchID: table.matchID)
                let bobResumed = try await bob.resume(table.bobToken).seated()
                #expect(bobResumed.seat == .player2 && bobResumed.name == "Bob" && bobResumed.you == .player2)
                #expect(bobResumed.snapshot.phase == summary.phase)
            }
        }
    }
}
