import Foundation
import GridGames
import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

/// The state of a match as the moves of its two honest players imply it: the board, the score, whose
/// turn, who starts the next game.
struct PairModel: Sendable {
    static let lines: [[Int]] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

    var names: [WireSeat: String]
    var wins: [WireSeat: Int] = [.player1: 0, .player2: 0]
    var draws = 0
    var nextStarter = WireSeat.player1
    var phase = WirePhase.offGame
    var board: WireBoard?

    var score: WireScore {
        WireScore(
            player1: .init(name: names[.player1] ?? "", wins: wins[.player1] ?? 0),
            player2: .init(name: names[.player2] ?? "", wins: wins[.player2] ?? 0),
            draws: draws
        )
    }

    mutating func startGame(_ game: WirePhase) {
        phase = game
        board = game == .ticTacToe ? WireBoard(cells: Array(repeating: nil, count: 9), turn: nextStarter, last: nil) : nil
        nextStarter = nextStarter == .player1 ? .player2 : .player1
    }

    /// Places the mark of the player whose turn it is; returns whether that ended the game.
    mutating func move(_ cell: Int) -> Bool {
        guard let board, let seat = board.turn else { return false }
        var cells = board.cells
        cells[cell] = seat
        let placed = WireBoard(cells: cells, turn: seat, last: WireMove(row: cell / 3, col: cell % 3, seat: seat))
        let over = winner(of: placed) != nil || !cells.contains(nil)
        self.board = WireBoard(cells: cells, turn: over ? nil : (seat == .player1 ? .player2 : .player1), last: placed.last)
        return over
    }

    func winner(of board: WireBoard) -> WireSeat? {
        for line in Self.lines {
            if let seat = board.cells[line[0]], board.cells[line[1]] == seat, board.cells[line[2]] == seat { return seat }
        }
        return nil
    }

    /// Ends the game: counts the win (nil: a draw) and goes back to `offGame`.
    mutating func end(winner: WireSeat?) {
        if let winner { wins[winner, default: 0] += 1 } else { draws += 1 }
        phase = .offGame
        board = nil
    }

    /// Whether `snapshot` shows this state (who is connected aside).
    func matches(_ snapshot: WireSnapshot) -> Bool {
        snapshot.phase == phase && snapshot.score == score && snapshot.board == board
            && snapshot.players.map(\.seat) == [.player1, .player2] && snapshot.players.map(\.name) == [names[.player1], names[.player2]]
    }
}

/// One honest player's connection: reads every message in order and checks that versions grow by one.
struct HonestPlayer {
    let client: TestClient
    let seat: WireSeat
    let name: String
    var token = ""
    var version = 0
    var pacer = Pacer()

    /// Reads until `until` holds, letting through only what `allow` accepts (by default `presence`).
    mutating func read(
        _ what: String, allow: (ServerMessage) -> Bool = { if case .presence = $0 { true } else { false } },
        until: (ServerMessage) -> Bool
    ) async throws -> ServerMessage {
        while true {
            let message: ServerMessage
            do {
                message = try await client.next(timeout: .seconds(8))
            } catch {
                Issue.record("\(seat.rawValue): nothing while waiting for \(what)")
                throw error
            }
            if let v = message.version {
                if case .welcome = message {
                    #expect(v == version, "\(seat.rawValue): a welcome at v\(v) after v\(version)")
                } else {
                    #expect(v == version + 1, "\(seat.rawValue): v\(v) after v\(version): \(message)")
                }
                version = v
            }
            if until(message) { return message }
            guard allow(message) else {
                Issue.record("\(seat.rawValue): unexpected \(message) while waiting for \(what)")
                throw HTTP.Failure(description: "unexpected message")
            }
        }
    }

    mutating func send(_ input: FuzzInput) async {
        await pacer.wait()
        input.send(to: client)
    }
}

/// Two honest players playing whole games in one match, checking every board, result and score against
/// the model, and now and then sending something wrong whose answer their knowledge settles exactly.
struct HonestMatch {
    let id: String
    var players: [HonestPlayer]
    var model: PairModel
    var factory: MessageFactory
    let tokens: TokenPool
    let sightings: PhaseSightings
    private(set) var moves = 0
    private(set) var games = 0
    private(set) var refusals: [ErrorCode: Int] = [:]

    private static func anything(_ message: ServerMessage) -> Bool { message.version != nil }

    /// Connects both players and logs them in; both have seen the `offGame` screen.
    static func start(
        port: Int, id: String, names: [String], tokens: TokenPool, sightings: PhaseSightings, rng: SeededGenerator
    ) async throws -> HonestMatch {
        var players: [HonestPlayer] = []
        for (seat, name) in zip([WireSeat.player1, .player2], names) {
            let (client, welcome) = try await TestClient.connected(port: port, matchID: id)
            players.append(HonestPlayer(client: client, seat: seat, name: name, version: welcome.version ?? 0))
        }
        for index in players.indices {
            players[index].client.send(.login(name: players[index].name))
            let seated = try await players[index].read("seated", allow: anything) { if case .seated = $0 { true } else { false } }
            guard case .seated(let seat, let name, let token?) = seated else { throw HTTP.Failure(description: "no seat") }
            #expect(seat == players[index].seat)
            #expect(name == players[index].name.trimmingCharacters(in: .whitespaces))
            players[index].token = token
            tokens.add(matchID: id, seat: seat, token: token)
        }
        for index in players.indices {
            _ = try await players[index].read("offGame", allow: anything) { if case .screen(.offGame, _) = $0 { true } else { false } }
        }
        let names = Dictionary(uniqueKeysWithValues: players.map { ($0.seat, $0.name.trimmingCharacters(in: .whitespaces)) })
        return HonestMatch(
            id: id, players: players, model: PairModel(names: names), factory: MessageFactory(rng: rng), tokens: tokens,
            sightings: sightings)
    }

    /// Opens with replayed and foreign tokens, plays `count` whole games (the second a Random Win, the
    /// others mostly Tic Tac Toe), then starts one more Tic Tac Toe game and leaves it after a few moves.
    mutating func play(games count: Int, deadToken: String, foreignToken: String) async throws {
        try await replayTokens(deadToken: deadToken, foreignToken: foreignToken)
        for game in 0..<count {
            if game == 1 || (game > 1 && factory.rng.chance(0.2)) {
                try await playRandomWin()
            } else {
                try await playTicTacToe(stopAfter: nil)
            }
            games += 1
        }
        try await playTicTacToe(stopAfter: Int.random(in: 0...4, using: &factory.rng))
        for index in players.indices { try await expectSync(index) }
    }

    private mutating func playTicTacToe(stopAfter: Int?) async throws {
        try await maybeHostile()
        let starter = Int.random(in: 0...1, using: &factory.rng)
        await players[starter].send(factory.encode(.startGame(gameId: "ticTacToe")))
        model.startGame(.ticTacToe)
        for index in players.indices {
            let board = try await players[index].read(
                "the new board",
                allow: { m in
                    if case .presence = m { return true }
                    if case .screen(.playing("ticTacToe", _), _) = m { return true }
                    return false
                }
            ) { if case .board = $0 { true } else { false } }
            #expect(board == .board(model.board!, v: players[index].version), "\(id): the new board")
        }
        var placed = 0
        while true {
            try await maybeHostile()
            if let stopAfter, placed == stopAfter { return }
            guard let turn = model.board?.turn, let board = model.board else { return }
            let mover = turn == .player1 ? 0 : 1
            let free = board.cells.indices.filter { board.cells[$0] == nil }
            let cell = factory.rng.pick(free)
            await players[mover].send(factory.encode(.move(row: cell / 3, col: cell % 3)))
            let over = model.move(cell)
            moves += 1
            placed += 1
            for index in players.indices {
                let seen = try await players[index].read("the board after \(cell)") { if case .board = $0 { true } else { false } }
                #expect(seen == .board(model.board!, v: players[index].version), "\(id): the board after a move on \(cell)")
            }
            if over {
                try await expectGameOver(winner: model.winner(of: model.board!), lineRequired: true)
                return
            }
        }
    }

    private mutating func playRandomWin() async throws {
        try await maybeHostile()
        await players[Int.random(in: 0...1, using: &factory.rng)].send(factory.encode(.startGame(gameId: "randomWin")))
        model.startGame(.randomWin)
        for index in players.indices {
            _ = try await players[index].read("the randomWin screen") {
                if case .screen(.playing("randomWin", _), _) = $0 { true } else { false }
            }
        }
        // The spectators act in this phase too: the roll waits until one of them has, at least once in
        // the run (up to 10 s; a spectator learns of the game from what it reads).
        let deadline = ContinuousClock.now + .seconds(10)
        while sightings.count(.randomWin) == 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await maybeHostile()
        await players[Int.random(in: 0...1, using: &factory.rng)].send(factory.encode(.roll))
        let over = try await players[0].read("the roll's result") { if case .gameOver = $0 { true } else { false } }
        guard case .gameOver(let winner, _, _, _, _, _) = over else {
            Issue.record("expected .gameOver, got \(over)")
            return
        }
        #expect(winner != nil, "\(id): Random Win draws a winner")
        // The other player's copy is read (and checked) with the result.
        try await expectGameOver(winner: winner, lineRequired: false, skipFirst: true)
    }

    /// Reads the end of a game on both connections: `gameOver`, `score`, the `offGame` screen.
    private mutating func expectGameOver(winner: WireSeat?, lineRequired: Bool, skipFirst: Bool = false) async throws {
        model.end(winner: winner)
        for index in players.indices {
            if !(skipFirst && index == 0) {
                let over = try await players[index].read("gameOver") { if case .gameOver = $0 { true } else { false } }
                guard case .gameOver(let seen, let line, _, _, _, _) = over else {
                    Issue.record("expected .gameOver, got \(over)")
                    return
                }
                #expect(seen == winner, "\(id): the winner")
                if lineRequired, winner != nil {
                    #expect(
                        line.map { line in PairModel.lines.contains(line.map { $0[0] * 3 + $0[1] }) } == true,
                        "\(id): a winning line \(String(describing: line))")
                } else {
                    #expect(line == nil)
                }
            }
            let score = try await players[index].read("score") { if case .score = $0 { true } else { false } }
            #expect(score == .score(model.score, v: players[index].version), "\(id): the score")
            _ = try await players[index].read("offGame") { if case .screen(.offGame, _) = $0 { true } else { false } }
        }
    }

    /// Each player resumes with the other seat's token (`alreadySeated`), its own (seated again, nothing
    /// lost), a token of a seat that left and one of another match (`badToken`).
    private mutating func replayTokens(deadToken: String, foreignToken: String) async throws {
        for index in players.indices {
            let me = players[index].seat
            for (token, expected) in [
                (players[1 - index].token, ErrorCode.alreadySeated), (deadToken, .badToken), (foreignToken, .badToken),
            ] {
                await players[index].send(factory.encode(.resume(token: token)))
                let error = try await players[index].read("\(expected)") { if case .error = $0 { true } else { false } }
                #expect(error.errorCode == expected, "\(id): \(me.rawValue) resumed with a token, expected \(expected)")
                refusals[expected, default: 0] += 1
            }
            let own = players[index].token
            await players[index].send(factory.encode(.resume(token: own)))
            let seated = try await players[index].read("seated") { if case .seated = $0 { true } else { false } }
            #expect(seated == .seated(seat: me, name: players[index].name.trimmingCharacters(in: .whitespaces), token: own))
            let welcome = try await players[index].read("welcome") { if case .welcome = $0 { true } else { false } }
            guard case .welcome(let you, let snapshot, _) = welcome else { continue }
            #expect(you == me)
            #expect(model.matches(snapshot), "\(id): resuming changed the state: \(snapshot)")
        }
    }

    /// A `sync` whose `welcome` must show the model's state.
    private mutating func expectSync(_ index: Int) async throws {
        await players[index].send(factory.encode(.sync))
        let welcome = try await players[index].read("welcome") { if case .welcome = $0 { true } else { false } }
        guard case .welcome(let you, let snapshot, _) = welcome else {
            Issue.record("expected .welcome, got \(welcome)")
            return
        }
        #expect(you == players[index].seat)
        #expect(model.matches(snapshot), "\(id): the snapshot \(snapshot) is not what the moves imply (\(model))")
    }

    /// The last snapshot the honest players saw, from a fresh `sync`.
    mutating func lastSnapshot() async throws -> WireSnapshot {
        await players[0].send(factory.encode(.sync))
        let welcome = try await players[0].read("welcome") { if case .welcome = $0 { true } else { false } }
        guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
        return snapshot
    }

    /// Sometimes: one of the players sends something wrong, or asks for a snapshot.
    private mutating func maybeHostile() async throws {
        guard factory.rng.chance(0.4) else { return }
        let index = Int.random(in: 0...1, using: &factory.rng)
        let me = players[index].seat
        let other = players[1 - index]
        // nil: a `welcome` (with `seated` first for a `resume` of the player's own token) showing the model.
        var options: [(FuzzInput, ErrorCode?)] = [
            (factory.encode(.resume(token: players[index].token)), nil),
            (factory.encode(.startGame(gameId: factory.rng.pick(["chess", "", "TicTacToe"]))), .unknownGame),
            (factory.encode(.launchGame(gameId: factory.rng.pick(["chess", "", "ticTacToe "]))), .unknownGame),
            (factory.encode(.login(name: factory.name())), .alreadySeated),
            (factory.encode(.resume(token: other.token)), .alreadySeated),
            (factory.encode(.resume(token: factory.token(matchID: id, tokens: tokens, sameMatch: false))), .badToken),
            (factory.undecodable(matchID: id, tokens: tokens), .badMessage),
            (factory.encode(.sync), nil),
        ]
        switch model.phase {
        case .ticTacToe:
            guard let board = model.board, let turn = board.turn else { break }
            let anyCell = Int.random(in: 0..<9, using: &factory.rng)
            let outside = (factory.rng.pick([-1, 3, Int.max, Int.min, 7]), factory.rng.pick([0, 1, 2, -5]))
            if turn == me {
                options.append((factory.encode(.move(row: outside.0, col: outside.1)), .outOfBounds))
                if let taken = board.cells.indices.first(where: { board.cells[$0] != nil }) {
                    options.append((factory.encode(.move(row: taken / 3, col: taken % 3)), .cellTaken))
                }
            } else {
                options.append((factory.encode(.move(row: anyCell / 3, col: anyCell % 3)), .notYourTurn))
                options.append((factory.encode(.move(row: outside.0, col: outside.1)), .notYourTurn))
            }
            options.append((factory.encode(.startGame(gameId: "randomWin")), .wrongPhase))
            options.append((factory.encode(.roll), .wrongPhase))
            options.append((factory.encode(.launchGame(gameId: "randomWin")), nil))
        case .randomWin:
            options.append((factory.encode(.launchGame(gameId: "ticTacToe")), nil))
            options.append((factory.encode(.move(row: 1, col: 1)), .wrongPhase))
            options.append((factory.encode(.startGame(gameId: "ticTacToe")), .wrongPhase))
        default:
            options.append((factory.encode(.move(row: 0, col: 0)), .wrongPhase))
            options.append((factory.encode(.roll), .wrongPhase))
        }
        let (input, code) = factory.rng.pick(options)
        await players[index].send(input)
        if let code {
            let error = try await players[index].read("\(code) for \(input.label)") { if case .error = $0 { true } else { false } }
            guard case .error(let seen, _) = error else {
                Issue.record("expected .error, got \(error)")
                return
            }
            #expect(seen == code, "\(id): \(me.rawValue) sent \(input.label) \(String(describing: input.text)), expected \(code)")
            refusals[seen, default: 0] += 1
        } else {
            switch input.meaning {
            case .message(.resume(let token)):
                let seated = try await players[index].read("seated") { if case .seated = $0 { true } else { false } }
                #expect(seated == .seated(seat: me, name: players[index].name.trimmingCharacters(in: .whitespaces), token: token))
            case .message(.launchGame):
                // A game in progress goes on: a `sync` after it shows the same state.
                await players[index].send(factory.encode(.sync))
            default:
                break
            }
            let welcome = try await players[index].read("welcome") { if case .welcome = $0 { true } else { false } }
            guard case .welcome(let you, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(you == me)
            #expect(model.matches(snapshot), "\(id): the snapshot \(snapshot) is not what the moves imply (\(model))")
        }
    }

    func close() async {
        for player in players {
            player.client.close()
            await player.client.waitUntilClosed(timeout: .seconds(3))
        }
    }
}

extension ServerMessage {
    /// The code of an `error`, else nil.
    var errorCode: ErrorCode? { if case .error(let code, _) = self { code } else { nil } }
}
