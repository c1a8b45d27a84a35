/// A taken seat and the name of its player.
public struct SeatedPlayer: Sendable, Hashable, Codable {
    public let seat: Seat
    public let name: String
    /// The level of the computer playing the seat; nil for a person. Left out of the stored JSON when
    /// nil, so a person's entry is written as before.
    public let computer: ComputerLevel?

    public init(seat: Seat, name: String, computer: ComputerLevel? = nil) {
        self.seat = seat
        self.name = name
        self.computer = computer
    }
}
