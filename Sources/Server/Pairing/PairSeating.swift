import MatchStore
import MatchTree
import WireProtocol

/// Makes the match of two visitors the queue paired: creates it, seats each through the login a page
/// sends, and starts the game, so that both pages find it running when they resume their seats.
struct PairSeating: Sendable {
    let registry: MatchRegistry
    /// The game a pair plays first.
    let gameID = "ticTacToe"

    /// The seats of `first` (player 1) and `second` (player 2), with their tokens, once the game's start
    /// is stored.
    func seat(_ first: WaitingVisitor, _ second: WaitingVisitor) async throws -> (PairedSeat, PairedSeat) {
        let id = try await registry.create()
        let host = try await registry.host(for: id)
        let one = try await ServerSideClient.connected(to: host)
        defer { one.close() }
        let two = try await ServerSideClient.connected(to: host)
        defer { two.close() }
        let firstToken = try await login(one, as: first.name)
        let secondToken = try await login(two, as: second.name)
        // The launch workflow starts the game now that both are seated; the welcome that answers the
        // `sync` behind it comes once that is stored (write before tell, in order).
        two.send(.launchGame(gameId: gameID))
        two.send(.sync)
        try await two.next { message in
            if case .welcome(_, let snapshot, _) = message { snapshot.phase.gameId != nil ? () : nil } else { nil }
        }
        return (
            PairedSeat(matchID: id, seat: .player1, token: firstToken),
            PairedSeat(matchID: id, seat: .player2, token: secondToken)
        )
    }

    /// Logs `client` in with `name`, or with the seat's default name when the match refuses that one
    /// (`badName`); returns the seat's token.
    private func login(_ client: ServerSideClient, as name: String?) async throws -> String {
        client.send(.login(name: name))
        do {
            return try await client.next(Self.token)
        } catch ServerSideClient.Failure.refused(.badName) {
            client.send(.login(name: nil))
            return try await client.next(Self.token)
        }
    }

    private static func token(_ message: ServerMessage) -> String? {
        if case .seated(_, _, let token) = message { token } else { nil }
    }
}
