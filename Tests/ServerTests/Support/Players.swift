import Foundation
import GridGames
import MatchWords
import NIOSSL
import WireProtocol

/// Two logged-in players and their tokens, for tests that need a match in `offGame`.
struct SeatedPair: Sendable {
    let alice: TestClient
    let bob: TestClient
    let aliceToken: String
    let bobToken: String
}

extension TestClient {
    /// Logs in as `name` and returns the `seated` token.
    func login(_ name: String?) async throws -> (seat: WireSeat, token: String) {
        send(.login(name: name))
        let message = try await next { message in
            if case .seated = message { return true }
            if case .error = message { return true }
            return false
        }
        switch message {
        case .seated(let seat, _, let token?): return (seat, token)
        case .error(let code, let text): throw HTTP.Failure(description: "login refused: \(code) \(text)")
        default: throw HTTP.Failure(description: "unexpected \(message)")
        }
    }

    /// Reads until a `board` message and returns it.
    func nextBoard() async throws -> WireBoard {
        let message = try await next { if case .board = $0 { true } else { false } }
        guard case .board(let board, _) = message else { throw HTTP.Failure(description: "no board") }
        return board
    }

    /// Reads until a `board` whose last mark is `last` arrives (throws on timeout): the move was made.
    @discardableResult
    func nextBoard(last: WireMove) async throws -> WireBoard {
        let message = try await next { if case .board(let board, _) = $0 { board.last == last } else { false } }
        guard case .board(let board, _) = message else { throw HTTP.Failure(description: "no board") }
        return board
    }

    /// Reads until a `screen` message for `phase` arrives.
    @discardableResult
    func nextScreen(_ phase: WirePhase) async throws -> WireScreen {
        let message = try await next { if case .screen(let screen, _) = $0 { screen.phase == phase } else { false } }
        guard case .screen(let screen, _) = message else { throw HTTP.Failure(description: "no screen") }
        return screen
    }

    /// Reads until a `score` message and returns it.
    func nextScore() async throws -> WireScore {
        let message = try await next { if case .score = $0 { true } else { false } }
        guard case .score(let score, _) = message else { throw HTTP.Failure(description: "no score") }
        return score
    }
}

extension LiveServer {
    /// A new match with Alice (player1) and Bob (player2) logged in, both past the `offGame` screen;
    /// over `wss://` with `tls`.
    func seatedPair(matchID: String, tls: TLSConfiguration? = nil) async throws -> SeatedPair {
        let (alice, _) = try await TestClient.connected(port: port, matchID: matchID, tls: tls)
        let (bob, _) = try await TestClient.connected(port: port, matchID: matchID, tls: tls)
        let (_, aliceToken) = try await alice.login("Alice")
        let (_, bobToken) = try await bob.login("Bob")
        try await alice.nextScreen(.offGame)
        try await bob.nextScreen(.offGame)
        return SeatedPair(alice: alice, bob: bob, aliceToken: aliceToken, bobToken: bobToken)
    }
}

extension SeatedPair {
    /// The same two players reconnected to the server on `port` (a restart, another server of the
    /// cluster), each resuming their seat with their token, as the page does after losing its socket.
    func resumed(port: Int, matchID: String) async throws -> SeatedPair {
        let (alice, _) = try await TestClient.connected(port: port, matchID: matchID)
        let (bob, _) = try await TestClient.connected(port: port, matchID: matchID)
        alice.send(.resume(token: aliceToken))
        bob.send(.resume(token: bobToken))
        _ = try await alice.next { if case .seated = $0 { true } else { false } }
        _ = try await bob.next { if case .seated = $0 { true } else { false } }
        return SeatedPair(alice: alice, bob: bob, aliceToken: aliceToken, bobToken: bobToken)
    }
}
