import MatchTree

/// Who is connected to a match right now: what its host publishes so that every server's lobby shows
/// it, although only one server holds the connections.
public struct LivePresence: Sendable, Hashable, Codable {
    /// The seats with at least one open connection.
    public var connectedSeats: [Seat]
    /// Connections that hold no seat.
    public var spectators: Int

    /// A presence as published.
    public init(connectedSeats: [Seat], spectators: Int) {
        self.connectedSeats = connectedSeats
        self.spectators = spectators
    }

    /// Nobody connected.
    public static let nobody = LivePresence(connectedSeats: [], spectators: 0)
}
