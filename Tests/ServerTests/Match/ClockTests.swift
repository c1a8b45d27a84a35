import Foundation
import Kalah
import MatchStore
import MatchWords
import RandomWin
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

/// Issue 30 over real WebSockets: a match's time control, the clocks every board carries, a clock that
/// runs out with nobody sending, a move that comes too late, and the clocks after a reconnection. The
/// server is given a test clock (`VirtualTime`): the tests advance it instead of waiting, so that every
/// figure is exact.
@Suite("Clocks")
struct ClockTests {
    /// A board's `clock` field: seconds left per seat and the running seat; nil without one.
    struct Clock: Equatable {
        var player1: Double
        var player2: Double
        var running: WireSeat?

        init(player1: Double, player2: Double, running: WireSeat?) {
            self.player1 = player1
            self.player2 = player2
            self.running = running
        }

        init?(_ board: WireBoard?) {
            guard let fields = board?.fields["clock"]?.object else { return nil }
            func seconds(_ value: WireValue?) -> Double? {
                switch value {
                case .integer(let whole): Double(whole)
                case .number(let number): number
                default: nil
                }
            }
            guard let one = seconds(fields["player1"]), let two = seconds(fields["player2"]) else { return nil }
            player1 = one
            player2 = two
            running = fields["running"]?.seat
        }
    }

    /// `POST /api/matches` with `body`; the reply.
    static func create(_ body: String, on server: some LiveServer) async throws -> HTTP.Reply {
        try await HTTP.request(port: server.port, "/api/matches", method: .POST, body: body)
    }

    /// A new match with `clock` (`{"initial":…,"increment":…}`), and its id.
    static func clockedMatch(_ clock: String, on server: some LiveServer) async throws -> String {
        let reply = try await create(#"{"clock":\#(clock)}"#, on: server)
        guard reply.status == 201, case .success(let created) = CreatedMatch.decode(reply.body) else {
            throw HTTP.Failure(description: "create failed: \(reply.status) \(reply.body)")
        }
        return created.matchId
    }

    @Test(arguments: [
        (#"{"clock":{"initial":9.9,"increment":0}}"#, "from 10 seconds to 24 hours"),
        (#"{"clock":{"initial":86401,"increment":0}}"#, "from 10 seconds to 24 hours"),
        (#"{"clock":{"initial":60,"increment":60.5}}"#, "from 0 to 60 seconds"),
        (#"{"clock":{"initial":60,"increment":-1}}"#, "from 0 to 60 seconds"),
        (#"{"clock":{"initial":"60","increment":0}}"#, "must be numbers of seconds"),
        (#"{"clock":{"initial":60}}"#, "needs \"increment\""),
        (#"{"clock":{"initial":60,"increment":0,"delay":2}}"#, "no field \"delay\""),
        (#"{"clock":60}"#, "must be an object"),
        (#"{"clock":null}"#, "Leave it out for no clock"),
        (#"{"clock":[60,0]}"#, "must be an object"),
    ])
    func test_aClockOutOfBoundsOrMisshapen_isRefused400_andNothingIsCreated(body: String, sentence: String) async throws {
        let store = InMemoryMatchStore()
        try await withTestServer(store: store) { server in
            let reply = try await Self.create(body, on: server)
            #expect(reply.status == 400)
            guard case .success(let error) = ErrorBody.decode(reply.body) else { throw HTTP.Failure(description: reply.body) }
            #expect(error.error.code == .badMessage)
            #expect(error.error.message.contains(sentence), "\(error.error.message)")
            #expect(try await store.listSummaries(listedWithFreeSeat: false, limit: 10).isEmpty, "nothing created")
        }
    }

    /// Both sides' first moves, at once: Alice (2, 2), then Bob (2, 0), seen by `watcher`. No clock runs
    /// before them and they are not charged (issue 40's first-move rule); Alice's clock runs after.
    static func playFirstMoves(_ pair: SeatedPair, seenBy watcher: TestClient) async throws {
        pair.alice.send(.move(row: 2, col: 2))
        _ = try await watcher.nextBoard()
        pair.bob.send(.move(row: 2, col: 0))
        _ = try await watcher.nextBoard()
    }

    /// Whether two clock readings are the same to the millisecond the server counts in.
    static func same(_ one: Double, _ two: Double) -> Bool { abs(one - two) < 0.0005 }

    @Test func test_everyBoardCarriesTheClocks_chargedFromTheTurnToTheMove_withTheIncrement() async throws {
        let store = InMemoryMatchStore()
        let time = VirtualTime()
        try await withTestServer(store: store, time: time) { server in
            let matchID = try await Self.clockedMatch(#"{"initial":60,"increment":2.5}"#, on: server)
            #expect(try await server.summary(of: matchID).timeControl == WireTimeControl(initial: 60, increment: 2.5))
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(snapshot.timeControl == WireTimeControl(initial: 60, increment: 2.5))

            pair.alice.send(.startGame(gameId: "ticTacToe"))
            let screen = try await watcher.nextScreen(.ticTacToe)
            guard case .playing(_, let screenBoard) = screen else {
                Issue.record("expected .playing, got \(screen)")
                return
            }
            // No clock runs before both sides have moved (issue 40).
            #expect(Clock(screenBoard) == Clock(player1: 60, player2: 60, running: nil))
            #expect(Clock(try await watcher.nextBoard()) == Clock(player1: 60, player2: 60, running: nil))
            try await Self.playFirstMoves(pair, seenBy: watcher)

            await time.advance(by: .milliseconds(300))
            pair.alice.send(.move(row: 1, col: 1))
            let afterAlice = try #require(Clock(try await watcher.nextBoard()))
            // 60 - the 0.3 s her move took + 2.5: the increment comes back after the move.
            #expect(Self.same(afterAlice.player1, 62.2), "\(afterAlice)")
            #expect(afterAlice.player2 == 60)
            #expect(afterAlice.running == .player2)

            // A spectator arriving later counts from when it is told: Bob's clock has run since.
            await time.advance(by: .milliseconds(400))
            let (late, lateWelcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let lateSnapshot, _) = lateWelcome, let seen = Clock(lateSnapshot.board) else {
                Issue.record("no clock in the snapshot")
                return
            }
            #expect(seen.player1 == afterAlice.player1)
            #expect(Self.same(seen.player2, 59.6), "Bob's clock ran the 0.4 s since his turn: \(seen)")
            #expect(seen.running == .player2)
            late.close()

            pair.bob.send(.move(row: 0, col: 0))
            let afterBob = try #require(Clock(try await watcher.nextBoard()))
            #expect(Self.same(afterBob.player2, 62.1), "the 0.4 s Bob took, less the increment: \(afterBob)")
            #expect(afterBob.running == .player1)

            // The log keeps each move's time; the games API tells it.
            let records = try #require(try await store.records(of: MatchID(rawValue: matchID))).map(\.record)
            #expect(records.contains(.clockSet(initialMs: 60_000, incrementMs: 2_500)))
            let took = records.compactMap { if case .played(let move) = $0 { move.tookMilliseconds } else { nil } }
            #expect(took.count == 4)
            #expect(took == [0, 0, 300, 400], "\(took)")
            let reply = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games")
            guard case .success(let games) = MatchGames.decode(reply.body) else { throw HTTP.Failure(description: reply.body) }
            #expect(games.timeControl == WireTimeControl(initial: 60, increment: 2.5))
            #expect(games.games.first?.moves.map(\.took) == took.map { Double($0) / 1000 })
        }
    }

    @Test func test_aClockThatRunsOut_endsTheGameByTime_withNobodySending_andALateMoveIsRefused() async throws {
        let store = InMemoryMatchStore()
        let time = VirtualTime()
        try await withTestServer(store: store, time: time) { server in
            let matchID = try await Self.clockedMatch(#"{"initial":10,"increment":0}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await watcher.nextBoard()
            try await Self.playFirstMoves(pair, seenBy: watcher)
            pair.alice.send(.move(row: 1, col: 1))
            #expect(Clock(try await watcher.nextBoard())?.running == .player2)

            // Bob never moves: at 10 s the server ends the game itself (the flag watch looks every 20 ms).
            await time.advance(by: .milliseconds(9_990))
            #expect(try watcher.received().allSatisfy { $0.type != "gameOver" }, "not before the ten seconds")
            // Past the deadline by a tick of the watch, and its bucket's end.
            await time.advance(by: .milliseconds(30))
            let over = try await watcher.next { $0.type == "gameOver" }
            guard case .gameOver(let winner, let line, let reason, _, _, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(winner == .player1)
            #expect(line == nil)
            #expect(reason == "time")
            #expect(try await watcher.nextScore().player1.wins == 1)
            try await watcher.nextScreen(.offGame)

            pair.bob.send(.move(row: 0, col: 0))
            #expect(try await pair.bob.nextError() == .wrongPhase, "a move after the flag")

            // Stored before anyone was told; the snapshot's last game keeps the final clocks.
            let stored = try #require(try await store.records(of: MatchID(rawValue: matchID)))
            let records = stored.map(\.record)
            #expect(Array(records.suffix(2)) == [.timeRanOut(seat: .player2), .gameEnded(winner: .player1)])
            // On time by the server's clock, from Alice's move to the flag: within the flag watch's 20 ms
            // and the steps the test clock took while the game over travelled.
            let moved = try #require(stored.last { if case .played = $0.record { true } else { false } })
            let flagged = try #require(stored.last { $0.record == .timeRanOut(seat: .player2) })
            let late = flagged.at.timeIntervalSince(moved.at)
            #expect(late >= 10 && late < 10.1, "flagged \(late) s after the move")
            let took = records.compactMap { if case .played(let move) = $0 { move.tookMilliseconds } else { nil } }
            let (fresh, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(snapshot.lastGame?.reason == "time")
            let final = try #require(Clock(snapshot.lastGame?.board))
            // Alice moved at once: the clock had not moved, and she was charged nothing.
            #expect(took == [0, 0, 0])
            #expect(final.player1 == 10 && final.player2 == 0 && final.running == nil, "\(final), took \(took)")
            fresh.close()
            let reply = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games")
            guard case .success(let games) = MatchGames.decode(reply.body) else { throw HTTP.Failure(description: reply.body) }
            #expect(games.games.first?.result?.reason == "time")
            #expect(games.games.first?.result?.forfeitBy == .player2)
        }
    }

    @Test func test_anAwayPlayersClock_keepsRunning_andRunsOutBeforeTheSeatTimesOut() async throws {
        // The one flag over real sockets and real time (the others advance a test clock): ten seconds.
        try await withTestServer(configure: { $0.seatTimeout = .seconds(60) }) { server in
            let matchID = try await Self.clockedMatch(#"{"initial":10,"increment":0}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.bob.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.alice.nextBoard()
            try await Self.playFirstMoves(pair, seenBy: pair.alice)
            // Alice's turn, her clock running, and she goes away.
            pair.alice.close()
            let over = try await pair.bob.next(timeout: .seconds(15)) { $0.type == "gameOver" }
            guard case .gameOver(let winner, _, let reason, _, _, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(winner == .player2)
            #expect(reason == "time")
            let summary = try await server.summary(of: matchID)
            #expect(summary.players.map(\.name) == ["Alice", "Bob"], "the seat is kept until its own timeout")
        }
    }

    /// A move that arrives a millisecond before the flag is played, with that millisecond left; one that
    /// arrives at the flag finds the game over by time, whether or not the flag watch got there first.
    @Test(arguments: [(9_999, true), (10_000, false)])
    func test_aMoveThatRacesTheFlag_isPlayedOnlyIfItArrivesFirst(after milliseconds: Int, isPlayed: Bool) async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let matchID = try await Self.clockedMatch(#"{"initial":10,"increment":0}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.alice.nextBoard()
            try await Self.playFirstMoves(pair, seenBy: pair.alice)
            await time.advance(by: .milliseconds(milliseconds))
            pair.alice.send(.move(row: 1, col: 1))
            let answer = try await pair.alice.next { message in
                if case .board(let board, _) = message { return board.last != nil }
                return message.type == "gameOver" || message.type == "error"
            }
            switch answer {
            case .board(let board, _) where isPlayed:
                #expect(Clock(board) == Clock(player1: 0.001, player2: 10, running: .player2), "played in time, with a millisecond left")
            case .gameOver(let winner, _, let reason, _, _, _) where !isPlayed:
                #expect(winner == .player2)
                #expect(reason == "time")
                #expect(try await pair.alice.nextError() == .wrongPhase, "the move arrived at the flag")
            default:
                Issue.record("unexpected \(answer) for a move after \(milliseconds) ms")
            }
        }
    }

    @Test func test_kalah_anExtraTurnKeepsTheSameClockRunning_withTheIncrementAfterEachSowing() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let matchID = try await Self.clockedMatch(#"{"initial":60,"increment":1}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "kalah"))
            _ = try await pair.alice.nextBoard()
            // Alice's first sowings are free (issue 40): pit 2 ends in her store, she sows pit 5 too.
            pair.alice.send(.sow(pit: 2))
            _ = try await pair.alice.nextBoard()
            pair.alice.send(.sow(pit: 5))
            _ = try await pair.alice.nextBoard()
            // Bob's pit 1, five seeds, ends in his store: his first move, free, and both have moved now,
            // so his clock runs for his extra turn.
            await time.advance(by: .seconds(2))
            pair.bob.send(.sow(pit: 1))
            let first = try #require(Clock(try await pair.alice.nextBoard()))
            #expect(first.running == .player2)
            #expect(first.player2 == 60, "\(first)")
            await time.advance(by: .seconds(3))
            pair.bob.send(.sow(pit: 0))
            let second = try #require(Clock(try await pair.alice.nextBoard()))
            #expect(second.running == .player1)
            #expect(Self.same(second.player2, 58), "the extra turn's 3 s, less the increment: \(second)")
        }
    }

    @Test func test_theComputer_playsUnderTheClock_itsPauseChargedToItsOwnTime_andPerfectDoesNotLoseOnTimeAtOnePlusZero() async throws {
        try await withTestServer(configure: { $0.computerDelay = .milliseconds(600) }) { server in
            let reply = try await server.postMatch(body: #"{"opponent":"computer","level":"perfect","clock":{"initial":60,"increment":0}}"#)
            guard reply.status == 201, case .success(let created) = CreatedMatch.decode(reply.body) else {
                throw HTTP.Failure(description: "create failed: \(reply.status) \(reply.body)")
            }
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: created.matchId)
            _ = try await alice.login("Alice")
            try await alice.nextScreen(.offGame)
            for _ in 0..<2 {
                alice.send(.startGame(gameId: "ticTacToe"))
                let (winner, boards) = try await alice.playAgainstComputer(as: .player1)
                #expect(winner != .player1, "perfect never loses at Tic Tac Toe")
                let clocks = boards.compactMap { Clock($0) }
                #expect(clocks.count == boards.count, "every board has the clocks")
                let computerLeft = try #require(clocks.last?.player2)
                // The computer's pause (600 ms, give or take a quarter) counted against it on every move, from
                // when its turn was told (its pause starts a little before, when the move before is decided):
                // its clock is charged exactly what its moves took. (How much of the pause that is depends on
                // how soon its turn was told, which a loaded machine delays.)
                let computerMoves = boards.filter { $0.last?.seat == .player2 }.count
                let games = try await HTTP.get(port: server.port, "/api/matches/\(created.matchId)/games")
                guard case .success(let history) = MatchGames.decode(games.body) else { throw HTTP.Failure(description: games.body) }
                let computerTook = try #require(history.games.last).moves.filter { $0.seat == .player2 }.compactMap(\.took)
                #expect(computerTook.count == computerMoves)
                // Its first move is not charged (issue 40's first-move rule), though its time is told.
                let charged = computerTook.dropFirst()
                #expect(
                    abs(computerLeft - (60 - charged.reduce(0, +))) < 0.005 * Double(computerMoves + 1),
                    "\(clocks), took \(computerTook)")
                #expect(computerLeft > 60 - 2.0 * Double(max(computerMoves, 1)), "\(clocks)")
                let over = try #require(try alice.received().last { $0.type == "gameOver" })
                guard case .gameOver(_, _, let reason, _, _, _) = over else {
                    Issue.record("expected .gameOver, got \(over)")
                    return
                }
                #expect(reason != "time")
                try await alice.nextScreen(.offGame)
            }
        }
    }

    @Test func test_aMatchWithoutAClock_hasNoClockAnywhere() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            #expect(try await server.summary(of: matchID).timeControl == nil)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            let board = try await pair.bob.nextBoard()
            #expect(board.fields["clock"] == nil)
            pair.alice.send(.move(row: 0, col: 0))
            #expect(try await pair.bob.nextBoard().fields["clock"] == nil)
            let reply = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games")
            #expect(!reply.body.contains("took") && !reply.body.contains("timeControl"), "\(reply.body)")
        }
    }

    @Test func test_randomWin_inAClockedMatch_hasNoClock() async throws {
        try await withTestServer { server in
            let matchID = try await Self.clockedMatch(#"{"initial":60,"increment":0}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            #expect(Clock(try await pair.bob.nextBoard()) != nil)
            pair.alice.send(.resign)
            try await pair.bob.nextScreen(.offGame)
            pair.alice.send(.startGame(gameId: "randomWin"))
            try await pair.bob.nextScreen(.randomWin)
            pair.bob.send(.roll)
            let over = try await pair.bob.next { $0.type == "gameOver" }
            guard case .gameOver(_, _, let reason, _, _, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(reason == "roll", "one roll, no clock to run out")
        }
    }
}
