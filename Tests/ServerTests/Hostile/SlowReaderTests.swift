import Foundation
import GridGames
import MatchWords
import RawSocketSupport
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

extension HostileTests {
    /// Clients that stop reading: the server must neither buffer for them without bound nor slow the
    /// others down.
    @Suite("Hostile slow readers")
    struct SlowReaderTests {
        /// The resident memory of this process (the server runs in it), in bytes.
        static func residentMemory() -> Int {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
            else { return 0 }
            return kilobytes * 1024
        }

        /// A quick decisive game between the pair of `match`: the starter takes the top row, the other
        /// the middle row. Returns the round trip of each move (sent by one player, seen by the other).
        static func playShortGame(_ pair: SeatedPair, starterIsAlice: Bool) async throws -> [Duration] {
            let (starter, other) = starterIsAlice ? (pair.alice, pair.bob) : (pair.bob, pair.alice)
            starter.send(.startGame(gameId: "ticTacToe"))
            _ = try await starter.nextBoard()
            _ = try await other.nextBoard()
            var roundTrips: [Duration] = []
            for (player, cell) in [(starter, 0), (other, 3), (starter, 1), (other, 4), (starter, 2)] {
                let opponent = player === starter ? other : starter
                let started = ContinuousClock.now
                player.send(.move(row: cell / 3, col: cell % 3))
                _ = try await opponent.next {
                    if case .board(let board, _) = $0 { board.last?.row == cell / 3 && board.last?.col == cell % 3 } else { false }
                }
                roundTrips.append(ContinuousClock.now - started)
                _ = try await player.next {
                    if case .board(let board, _) = $0 { board.last?.row == cell / 3 && board.last?.col == cell % 3 } else { false }
                }
            }
            try await starter.nextScreen(.offGame)
            try await other.nextScreen(.offGame)
            return roundTrips
        }

        static func percentile(_ samples: [Duration], _ p: Double) -> Duration {
            let sorted = samples.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }

        @Test func test_aSpectatorThatFallsBehind_skipsToAFreshSnapshot_whileMovesStayPromptAndMemoryFlat() async throws {
            // The players move as fast as the server answers: no rate limit in the way. The spectators stop
            // reading for the whole run; pings (which close one that never reads, PingPongTests) are off here.
            try await withTestServer(configure: {
                $0.messagesPerSecond = 1_000_000
                $0.webSocketPingInterval = nil
            }) { server in
                let matchID = try await server.createMatch()
                let pair = try await server.seatedPair(matchID: matchID)
                // Spectators that complete the upgrade and then read nothing, on a small receive buffer.
                var slow: [RawWebSocket] = []
                for _ in 0..<3 { slow.append(try await RawWebSocket.connect(port: server.port, matchID: matchID)) }
                #expect(try await eventually { try await server.summary(of: matchID).spectators == 3 })

                _ = try await Self.playShortGame(pair, starterIsAlice: true)
                let memoryBefore = Self.residentMemory()
                var roundTrips: [Duration] = []
                // Enough for more than what the kernel buffers for a socket that reads nothing (some 400 KB on
                // loopback here), the connection's NIO buffer (64 KB) and its queue (256 messages).
                let games = 600
                let started = ContinuousClock.now
                for game in 1...games {
                    roundTrips += try await Self.playShortGame(pair, starterIsAlice: game % 2 == 0)
                }
                let elapsed = ContinuousClock.now - started
                let memoryAfter = Self.residentMemory()
                let growth = memoryAfter - memoryBefore
                let p50 = Self.percentile(roundTrips, 0.5)
                let p99 = Self.percentile(roundTrips, 0.99)
                print(
                    """
                    Slow spectators: \(roundTrips.count) moves in \(games) games in \(elapsed): move round trip p50 \(p50), p99 \(p99), \
                    max \(roundTrips.max() ?? .zero); resident memory \(memoryBefore / 1_048_576) MiB before, \(memoryAfter / 1_048_576) MiB after \
                    (\(growth / 1024) KiB growth)
                    """)
                #expect(p99 < .milliseconds(200), "the players' moves stayed prompt")
                #expect(growth < 50 * 1_048_576, "memory stayed flat")

                // They are still spectators: nobody was closed for being slow...
                #expect(try await server.summary(of: matchID).spectators == 3)
                // ...and once one reads again, it gets what the socket held, then a fresh welcome in place of
                // the backlog, then every message after it in order, up to the current state.
                let broadcasts = try pair.bob.received().count
                let finalVersion = try pair.bob.received().compactMap(\.version).max() ?? 0
                for socket in slow {
                    socket.resumeReading()
                    let frames = try await socket.waitFor { frames in
                        frames.contains { frame in
                            guard case .text(let text) = frame, case .success(let message) = ServerMessage.decode(text) else {
                                return false
                            }
                            return (message.version ?? 0) >= finalVersion
                        }
                    }
                    #expect(!frames.contains { if case .close = $0 { true } else { false } }, "not closed")
                    let messages = frames.compactMap { frame -> ServerMessage? in
                        guard case .text(let text) = frame, case .success(let message) = ServerMessage.decode(text) else { return nil }
                        return message
                    }
                    #expect(messages.count < broadcasts - 256, "a slow spectator read \(messages.count) of \(broadcasts) messages")
                    guard let lastWelcome = messages.lastIndex(where: { if case .welcome(nil, _, _) = $0 { true } else { false } }) else {
                        Issue.record("no fresh welcome among the \(messages.count) messages a slow spectator read")
                        continue
                    }
                    var version = messages[lastWelcome].version ?? 0
                    for message in messages[(lastWelcome + 1)...] {
                        guard let v = message.version else { continue }
                        #expect(v == version + 1, "after its fresh welcome a spectator got v\(v) after v\(version)")
                        version = v
                    }
                    print(
                        "A slow spectator read \(messages.count) of the \(broadcasts) messages sent meanwhile (\(socket.bytesRead) bytes), the last welcome at \(lastWelcome + 1)"
                    )
                    await socket.close()
                }
            }
        }

        @Test func test_aPlayerThatStopsReading_getsAFreshWelcomeInsteadOfTheBacklog_andKeepsItsSeat() async throws {
            try await withTestServer(configure: { $0.messagesPerSecond = 1_000_000 }) { server in
                let matchID = try await server.createMatch()
                // Alice reads nothing from the start; she still sends, and her moves count.
                let alice = try await RawWebSocket.connect(port: server.port, matchID: matchID)
                alice.send(ClientMessage.login(name: "Alice").encoded())
                #expect(try await eventually { try await server.summary(of: matchID).players.count == 1 })
                let (bob, bobWelcome) = try await TestClient.connected(port: server.port, matchID: matchID)
                _ = try await bob.login("Bob")
                let (watcher, watcherWelcome) = try await TestClient.connected(port: server.port, matchID: matchID)
                try await bob.nextScreen(.offGame)

                // Spectators come and go meanwhile: their `presence` broadcasts interleave with the moves.
                let churning = StopSignal()
                let churn = Task {
                    while !churning.isStopped {
                        let (visitor, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                        visitor.close()
                        await visitor.waitUntilClosed(timeout: .seconds(3))
                    }
                }
                // Enough games for far more than her queue (256 messages) and her socket's buffers hold.
                let games = 300
                for _ in 0..<games {
                    bob.send(.startGame(gameId: "ticTacToe"))
                    var board = try await bob.nextBoard()
                    while let turn = board.turn {
                        let cell = board.cells.indices.first { board.cells[$0] == nil }!
                        let move = ClientMessage.move(row: cell / 3, col: cell % 3)
                        if turn == .player1 { alice.send(move.encoded()) } else { bob.send(move) }
                        board = try await bob.nextBoard()
                    }
                    try await bob.nextScreen(.offGame)
                }
                churning.stop()
                try? await churn.value

                // Everyone who reads saw every version in order.
                for (name, client, welcome) in [("Bob", bob, bobWelcome), ("the watcher", watcher, watcherWelcome)] {
                    var version = welcome.version ?? 0
                    for message in try client.received().dropFirst() {
                        guard let v = message.version else { continue }
                        if case .welcome = message { continue }
                        #expect(v == version + 1, "\(name) got v\(v) after v\(version)")
                        version = v
                    }
                }
                let finalVersion = try bob.received().compactMap(\.version).max() ?? 0
                let broadcasts = try bob.received().count

                // Alice reads again: what the socket held, then a fresh welcome, then everything after it.
                alice.resumeReading()
                let frames = try await alice.waitFor { frames in
                    frames.contains { frame in
                        guard case .text(let text) = frame, case .success(let message) = ServerMessage.decode(text) else { return false }
                        return (message.version ?? 0) >= finalVersion
                    }
                }
                let messages = frames.compactMap { frame -> ServerMessage? in
                    guard case .text(let text) = frame, case .success(let message) = ServerMessage.decode(text) else { return nil }
                    return message
                }
                guard let lastWelcome = messages.lastIndex(where: { if case .welcome(.player1, _, _) = $0 { true } else { false } }) else {
                    Issue.record("Alice never got a fresh welcome; she read \(messages.count) of \(broadcasts) messages")
                    return
                }
                #expect(
                    messages.count < broadcasts - 256, "Alice read \(messages.count) of \(broadcasts) messages: the backlog was dropped")
                var version = messages[lastWelcome].version ?? 0
                for message in messages[(lastWelcome + 1)...] {
                    guard let v = message.version else { continue }
                    #expect(v == version + 1, "after her fresh welcome Alice got v\(v) after v\(version)")
                    version = v
                }
                print(
                    "A slow player read \(messages.count) of the \(broadcasts) messages of \(games) games, the last welcome at position \(lastWelcome + 1)"
                )

                // She kept her seat: a sync says so, and her next move is played.
                alice.send(ClientMessage.sync.encoded())
                let resynced = try await alice.waitFor { $0.count > frames.count }
                guard case .text(let text) = resynced[frames.count],
                    case .success(.welcome(let you, let snapshot, _)) = ServerMessage.decode(text)
                else {
                    Issue.record("no welcome for Alice's sync: \(resynced[frames.count])")
                    return
                }
                #expect(you == .player1)
                #expect(snapshot.players.first { $0.seat == .player1 }?.connected == true)
                bob.send(.startGame(gameId: "ticTacToe"))
                let board = try await bob.nextBoard()
                let mover = board.turn == .player1 ? "alice" : "bob"
                if mover == "alice" { alice.send(ClientMessage.move(row: 1, col: 1).encoded()) } else { bob.send(.move(row: 1, col: 1)) }
                #expect(try await bob.nextBoard().last == WireMove(row: 1, col: 1, seat: board.turn ?? .player1))
                await alice.close()
            }
        }
    }
}
