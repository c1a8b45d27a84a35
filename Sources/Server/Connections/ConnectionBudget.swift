import HummingbirdCore

/// Hummingbird's accept gate (`availableConnectionsDelegate`) over `OpenConnections`: it stops accepting
/// at `--max-connections`, and each connection it lets in may make idle keep-alives close for room.
struct ConnectionBudget: AvailableConnectionsDelegate {
    let connections: OpenConnections

    mutating func connectionOpened() { connections.opened() }

    mutating func connectionClosed() { connections.closed() }

    func isAcceptingNewConnections() -> Bool { connections.acceptsMore }
}
