import Foundation
import MatchWords
import Testing
import TicTacToe
import WireProtocol

/// Alice (player1), Bob (player2) and a spectator on one match of one server process: the steps they
/// took since they connected, and the state those steps lead to.
struct Table {
    let matchID: String
    let aliceToken: String
    let bobToken: String
    let alice: TestClient
    let bob: TestClient
    let spectator: TestClient
    /// The state when these clients connected.
    let start: PairState
    /// Every step sent since they connected, acknowledged or not.
    private(set) var sent: [PairState.Step] = []
    /// The state after every sent step.
    private(set) var state: PairState

    var clients: [TestClient] { [alice, bob, spectator] }

    /// A new match on `server`: a spectator connects, then Alice and Bob log in.
    static func open(on server: some LiveServer) async throws -> Table {
        let matchID = try await server.createMatch()
        let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
        let pair = try await server.seatedPair(matchID: matchID)
        let state = PairState(player1: "Alice", player2: "Bob")
        return Table(
            matchID: matchID, aliceToken: pair.aliceToken, bobToken: pair.bobToken,
            alice: pair.alice, bob: pair.bob, spectator: spectator, start: state, state: state
        )
    }

    /// The same match and players on `server`, a restarted process: `GET /api/matches/{id}` must show one
    /// of `candidates`; then a spectator connects and Alice and Bob `resume` with their tokens, and all
    /// three must be shown that same state. The table goes on from it.
    static func reopen(_ previous: Table, on server: some LiveServer, candidates: [PairState]) async throws -> Table {
        // The stored summary (the match is not loaded yet) tells phase and score, not the board.
        let stored = try await server.summary(of: previous.matchID)
        let possible = candidates.filter { $0.isShown(by: stored) }
        let (spectator, welcome) = try await TestClient.connected(port: server.port, matchID: previous.matchID)
        guard case .welcome(nil, let snapshot, _) = welcome, let restored = possible.first(where: { $0.isShown(by: snapshot) }) else {
            throw HTTP.Failure(description: "restored: summary \(stored), spectator's \(welcome); expected one of \(candidates)")
        }
        var players: [TestClient] = []
        for (seat, name, token) in [(WireSeat.player1, "Alice", previous.aliceToken), (.player2, "Bob", previous.bobToken)] {
            let (player, _) = try await TestClient.connected(port: server.port, matchID: previous.matchID)
            let resumed = try await player.resume(token).seated()
            #expect(resumed.seat == seat && resumed.name == name && resumed.you == seat, "\(resumed)")
            #expect(restored.isShown(by: resumed.snapshot), "\(name)'s welcome \(resumed.snapshot) does not show \(restored)")
            players.append(player)
        }
        #expect(restored.isShown(by: try await server.summary(of: previous.matchID)), "the live summary")
        return Table(
            matchID: previous.matchID, aliceToken: previous.aliceToken, bobToken: previous.bobToken,
            alice: players[0], bob: players[1], spectator: spectator, start: restored, state: restored
        )
    }

    /// Sends `step` from the player who takes it, without waiting for anything.
    mutating func send(_ step: PairState.Step) {
        let player = state.actor(of: step) == .player1 ? alice : bob
        switch step {
        case .start: player.send(.startGame(gameId: "ticTacToe"))
        case .move(let row, let col): player.send(.move(row: row, col: col))
        }
        sent.append(step)
        state = state.after(step)
    }

    /// Waits until the spectator is told the `board` of the step sent last, which must be the expected one.
    func awaitBoard() async throws {
        let board = try await spectator.nextBoard()
        guard board == state.board else {
            throw HTTP.Failure(description: "after \(sent.last.map(\.description) ?? "nothing") the board is \(board), expected \(state)")
        }
    }

    /// Takes `steps` one after the other, each acknowledged (the spectator saw its `board`) before the next.
    mutating func play(_ steps: [PairState.Step]) async throws {
        for step in steps {
            send(step)
            try await awaitBoard()
        }
    }

    /// After the process died: waits until every socket of the table ended, checks what its clients
    /// were told (each `board` the one expected after the step it reports), and returns the states the
    /// restored match may show: not before the last step any client was told of, not after the last
    /// step sent.
    func statesAfterCrash() async throws -> [PairState] {
        for client in clients { await client.waitUntilClosed() }
        let path = start.path(sent)
        let told = try toldBroadcasts(clients)
        let boards = told.compactMap { if case .board(let board, _) = $0 { board } else { nil } }
        guard boards.count <= sent.count else {
            throw HTTP.Failure(description: "told \(boards.count) boards for \(sent.count) steps")
        }
        for (index, board) in boards.enumerated() {
            #expect(board == path[index + 1].board, "board \(index + 1) told: \(board), expected \(path[index + 1])")
        }
        if let score = told.last(where: { if case .score = $0 { true } else { false } }), case .score(let score, _) = score {
            #expect(path[...boards.count].contains { $0.score == score }, "told score \(score) is not on the path \(path)")
        }
        return Array(path[boards.count...])
    }
}

/// The broadcasts (messages with `v`, welcomes excepted) that any of `clients` received, once each,
/// oldest first. Clients told a message of the same `v` must have been told the same message.
func toldBroadcasts(_ clients: [TestClient]) throws -> [ServerMessage] {
    var byVersion: [Int: ServerMessage] = [:]
    for client in clients {
        for message in try client.received() {
            if case .welcome = message { continue }
            guard let v = message.version else { continue }
            if let seen = byVersion[v] {
                #expect(seen == message, "two clients were told different messages with v \(v)")
            } else {
                byVersion[v] = message
            }
        }
    }
    return byVersion.sorted { $0.key < $1.key }.map(\.value)
}

/// The answer to `resume`: the seat it restored, or why not.
enum ResumeAnswer: Equatable {
    struct Resumed: Equatable {
        /// From `seated`.
        let seat: WireSeat
        let name: String
        /// From the `welcome` that follows.
        let you: WireSeat?
        let snapshot: WireSnapshot
    }

    case seated(Resumed)
    case refused(ErrorCode)

    /// The restored seat; throws when `resume` was refused.
    func seated() throws -> Resumed {
        switch self {
        case .seated(let resumed): return resumed
        case .refused(let code): throw HTTP.Failure(description: "resume refused: \(code)")
        }
    }
}

extension TestClient {
    /// Sends `resume` with `token` and reads the answer: `seated` (with that token) then `welcome`, or an
    /// `error`.
    func resume(_ token: String) async throws -> ResumeAnswer {
        send(.resume(token: token))
        let answer = try await next { message in
            switch message {
            case .seated, .error: true
            default: false
            }
        }
        switch answer {
        case .error(let code, _):
            return .refused(code)
        case .seated(let seat, let name, let echoed) where echoed == token:
            let welcome = try await next { if case .welcome = $0 { true } else { false } }
            guard case .welcome(let you, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            return .seated(.init(seat: seat, name: name, you: you, snapshot: snapshot))
        default:
            throw HTTP.Failure(description: "unexpected answer to resume: \(answer)")
        }
    }
}
