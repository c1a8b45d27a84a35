import WireProtocol

extension MatchHost {
    /// What a connection's session hands to its host, in the order it happened on the socket.
    package enum Inbound: Sendable {
        case message(ClientMessage)
        /// A text frame that is not a message of the protocol, with the reason to answer.
        case undecodable(String)
        /// Over the per-connection rate limit: answered with `rateLimited`.
        case rateLimited
        /// A message the server layer refused before the match saw it, answered with `code` and `message`
        /// in its place among the connection's messages (issue 41: a guest's `login` with a registered
        /// player's name, `nameTaken`, which only the account store knows).
        case refused(ErrorCode, message: String?)
        /// The socket closed.
        case disconnected
    }
}

/// What a connection's inbound items are handed to, on its own actor: the match's host, or the relay
/// of a match hosted elsewhere (`RelayedMatch`).
protocol InboundHandling: Actor {
    func handle(_ message: ClientMessage, from connectionID: UInt64)
    func refuse(_ code: ErrorCode, message: String?, to connectionID: UInt64)
    func disconnect(_ connectionID: UInt64)
}

extension MatchHost.Inbound {
    /// Hands this item of connection `connectionID` to `handler`, on its actor.
    func dispatch(from connectionID: UInt64, to handler: isolated any InboundHandling) {
        switch self {
        case .message(let message): handler.handle(message, from: connectionID)
        case .undecodable(let reason): handler.refuse(.badMessage, message: reason, to: connectionID)
        case .rateLimited: handler.refuse(.rateLimited, message: nil, to: connectionID)
        case .refused(let code, let message): handler.refuse(code, message: message, to: connectionID)
        case .disconnected: handler.disconnect(connectionID)
        }
    }
}
