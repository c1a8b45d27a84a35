import WireProtocol

extension MatchHost {
    /// What a connection's session hands to its host, in the order it happened on the socket.
    package enum Inbound: Sendable {
        case message(ClientMessage)
        /// A text frame that is not a message of the protocol, with the reason to answer.
        case undecodable(String)
        /// Over the per-connection rate limit: answered with `rateLimited`.
        case rateLimited
        /// The socket closed.
        case disconnected
    }
}
