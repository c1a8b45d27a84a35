import Foundation
import MatchWords

/// Who is connected to a match right now: what its host publishes so that every server's lobby shows
/// it, although only one server holds the connections.
public struct LivePresence: Sendable, Hashable, Codable {
    /// The seats with at least one open connection.
    public var connectedSeats: [Seat]
    /// Connections that hold no seat.
    public var spectators: Int
    /// When the last connection closed, while nobody is connected; nil while someone is (and in what
    /// servers that did not publish it wrote).
    public var lastActive: Date?

    /// A presence as published.
    public init(connectedSeats: [Seat], spectators: Int, lastActive: Date? = nil) {
        self.connectedSeats = connectedSeats
        self.spectators = spectators
        self.lastActive = lastActive
    }

    /// Whether a connection is open.
    public var anyoneConnected: Bool { !connectedSeats.isEmpty || spectators > 0 }

    /// Nobody connected.
    public static let nobody = LivePresence(connectedSeats: [], spectators: 0)
}
