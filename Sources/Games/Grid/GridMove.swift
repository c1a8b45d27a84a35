import MatchWords

/// A mark placed by a seat.
public struct Move: Sendable, Hashable, Codable {
    public let position: Position
    public let seat: Seat

    public init(position: Position, seat: Seat) {
        self.position = position
        self.seat = seat
    }
}
