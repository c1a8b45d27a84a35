import Foundation
import MatchStore
import MatchWords
import RIBs
import Testing
import TicTacToe
import WireProtocol
import VirtualTime

@testable import Server

/// Playing the computer over HTTP and WebSockets: a match created with `{"opponent": "computer"}`
/// has the computer in its second seat, which plays through the same tree and store as a person and
/// is seen by spectators.
@Suite("Playing the computer")
struct ComputerOpponentTests {
    private static let fast: @Sendable (inout ServerConfiguration) -> Void = { $0.computerDelay = .milliseconds(20) }

    @Test(arguments: ["easy", "perfect"])
    func test_aBodyAskingForTheComputer_createsAMatchWithTheComputerInTheSecondSeat(level: String) async throws {
        try await withTestServer(configure: Self.fast) { server in
            let matchID = try await server.createComputerMatch(level: level)
            let summary = try await server.summary(of: matchID)
            #expect(summary.players == [WirePlayer(seat: .player2, name: "Computer", connected: true, computerLevel: level)])
            let raw = try await HTTP.get(port: server.port, "/api/matches/\(matchID)").body
            #expect(raw.contains(#"{"computer":true,"connected":true,"level":"\#(level)","name":"Computer","seat":"player2"}"#))
        }
    }

    @Test func test_noBodyOrAnEmptyOne_createsAMatchAsBefore() async throws {
        try await withTestServer(configure: Self.fast) { server in
            // `{}` too: version 1 names no body, and a JSON client of it may send an empty object.
            for body in [nil, "", "  \n", "{}", " { } "] {
                let reply = try await server.postMatch(body: body)
                #expect(reply.status == 201, "\(String(describing: body))")
                guard case .success(let created) = CreatedMatch.decode(reply.body) else {
                    Issue.record("no created body: \(reply.body)")
                    continue
                }
                #expect(try await server.summary(of: created.matchId).players.isEmpty)
            }
        }
    }

    @Test func test_aBadBody_answers400WithTheErrorBody_andCreatesNothing() async throws {
        try await withTestServer(configure: Self.fast) { server in
            let bodies = [
                "not json", "[]", "null", #"{"opponent":"computer"}"#, #"{"level":"easy"}"#, #"{"opponent":"person","level":"easy"}"#,
                #"{"opponent":"computer","level":"hard"}"#, #"{"opponent":"computer","level":3}"#,
                #"{"opponent":"computer","level":"easy","extra":1}"#, #"{"opponent":"computer","level":"easy""#,
            ]
            for body in bodies {
                let reply = try await server.postMatch(body: body)
                #expect(reply.status == 400, "\(body)")
                guard case .success(let error) = ErrorBody.decode(reply.body) else {
                    Issue.record("no error body for \(body): \(reply.body)")
                    continue
                }
                #expect(error.error.code == .badMessage, "\(body)")
                #expect(!error.error.message.isEmpty)
            }
            let list = try await HTTP.get(port: server.port, "/api/matches")
            #expect(list.body == #"{"matches":[]}"#, "nothing was created")
        }
    }

    @Test func test_aWholeGameOverAWebSocket_thePerfectComputerNeverLoses_andASpectatorSeesItsMoves() async throws {
        try await withTestServer(configure: Self.fast) { server in
            let matchID = try await server.createComputerMatch(level: "perfect")
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let (seat, _) = try await alice.login("Alice")
            #expect(seat == .player1)
            try await alice.nextScreen(.offGame)
            for round in 0..<2 {
                alice.send(.startGame(gameId: "ticTacToe"))
                // Alice starts the first game, the computer the second (the pair's rotation).
                let (winner, boards) = try await alice.playAgainstComputer(as: .player1, preference: [(0, 0), (2, 2), (0, 2), (2, 0)])
                #expect(winner != .player1, "round \(round)")
                #expect(boards.contains { $0.last?.seat == .player2 }, "the computer played")
                try await alice.nextScreen(.offGame)
            }
            // The spectator saw the computer's marks as any move.
            let seen = try spectator.received()
            #expect(seen.contains { if case .board(let board, _) = $0 { board.last?.seat == .player2 } else { false } })
            // Presence shows the computer connected, flagged.
            #expect(
                seen.contains {
                    if case .presence(let players, _, _) = $0 { players.contains { $0.computer == true && $0.connected } } else { false }
                })
            let summary = try await server.summary(of: matchID)
            #expect(summary.score.map { $0.player1 } == 0)
        }
    }

    @Test func test_theComputerRIB_isInTheTreeWhileThePairPlays_andGoneAfterTheLeave_leavingNothingAlive() async throws {
        try await withTestServer(configure: Self.fast) { server in
            let matchID = try await server.createComputerMatch(level: "easy")
            #expect(try await server.ribs(of: matchID).tree.root.outline == "Root(LoggedOut)")
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await alice.login("Alice")
            try await alice.nextScreen(.offGame)
            #expect(try await server.ribs(of: matchID).tree.root.outline == "Root(LoggedIn(Computer,OffGame(BasicScoreBoard)))")
            let tag = "match:\(matchID)"
            #expect(LeakDetector.liveObjects(tagged: tag).contains("Interactor: ComputerInteractor"))
            alice.send(.leave)
            try await alice.nextScreen(.loggedOut)
            #expect(try await server.ribs(of: matchID).tree.root.outline == "Root(LoggedOut)")
            #expect(!LeakDetector.liveObjects(tagged: tag).contains { $0.contains("Computer") })
        }
    }

    @Test func test_theComputerSeatsTimeOutNever_butThePersonsDoes() async throws {
        try await withTestServer(configure: {
            $0.computerDelay = .milliseconds(20)
            $0.seatTimeout = .milliseconds(200)
        }) { server in
            let matchID = try await server.createComputerMatch(level: "easy")
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await alice.login("Alice")
            alice.close()
            _ = try await alice.closeCode()
            // Alice's seat times out after 200 ms; the computer's, seated at the same time, would have
            // timed out by then too.
            var players: [WirePlayer] = []
            let aliceTimedOut = try await eventually {
                players = try await server.summary(of: matchID).players
                return players.count < 2
            }
            #expect(aliceTimedOut, "Alice's seat never timed out: \(players)")
            #expect(players == [WirePlayer(seat: .player2, name: "Computer", connected: true, computerLevel: "easy")])
        }
    }

    @Test func test_aWinCannotBeClaimedFromTheComputer_andItKeepsNoMatchActive() async throws {
        try await withTestServer(configure: Self.fast) { server in
            let matchID = try await server.createComputerMatch(level: "easy")
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await alice.login("Alice")
            alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await alice.nextBoard()
            // The computer is always there: no win to claim from it.
            alice.send(.claimWin)
            #expect(try await alice.nextError() == .opponentConnected)

            // Alone with the computer, the match is active while Alice is connected, not after.
            #expect(try await server.summary(of: matchID).lastActive == "now")
            alice.close()
            _ = try await alice.closeCode()
            var lastActive = try await server.summary(of: matchID).lastActive
            for _ in 0..<50 where lastActive == "now" {
                try await Task.sleep(for: .milliseconds(50))
                lastActive = try await server.summary(of: matchID).lastActive
            }
            #expect(lastActive != "now")
        }
    }

    @Test func test_thePresencePublishedForOtherServers_countsNoConnectionForTheComputer() {
        let summary = MatchSummary(
            matchId: "AAAAAAAAAAAA", phase: WirePhase(rawValue: "offGame"),
            players: [
                WirePlayer(seat: .player1, name: "Alice", connected: false),
                WirePlayer(seat: .player2, name: "Computer", connected: true, computerLevel: "perfect"),
            ],
            score: nil, spectators: 0)
        let since = Date(timeIntervalSince1970: 1_800_000_000)
        let presence = LivePresence(summary, activity: .since(since))
        #expect(presence.connectedSeats == [])
        #expect(!presence.anyoneConnected)
        #expect(presence.lastActive == since)
    }
}
