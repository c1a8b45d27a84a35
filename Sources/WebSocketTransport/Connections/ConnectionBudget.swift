import HummingbirdCore

/// Hummingbird's accept gate (`availableConnectionsDelegate`) over `OpenConnections`: it stops accepting
/// at `--max-connections`, and each connection it lets in may make idle keep-alives close for room.
package struct ConnectionBudget: AvailableConnectionsDelegate {
    package let connections: OpenConnections

    package init(connections: OpenConnections) {
        self.connections = connections
    }

    package mutating func connectionOpened() { connections.opened() }

    package mutating func connectionClosed() { connections.closed() }

    package func isAcceptingNewConnections() -> Bool { connections.acceptsMore }
}
