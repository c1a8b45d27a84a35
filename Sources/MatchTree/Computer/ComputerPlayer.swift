import MatchWords

/// The computer in a seat of the match, and how well it plays.
public struct ComputerPlayer: Sendable, Hashable {
    /// The name the computer's seat shows.
    public static let name = "Computer"

    public let seat: Seat
    public let level: ComputerLevel

    public init(seat: Seat, level: ComputerLevel) {
        self.seat = seat
        self.level = level
    }

    /// The computer of `player`'s entry, nil for a person.
    init?(_ player: SeatedPlayer) {
        guard let level = player.computer else { return nil }
        self.init(seat: player.seat, level: level)
    }
}

/// A move the computer is to play now: its seat's, as a person's move is that person's seat's.
public struct ComputerMove: Sendable {
    public let seat: Seat
    public let action: any GameAction

    public init(seat: Seat, action: any GameAction) {
        self.seat = seat
        self.action = action
    }
}
