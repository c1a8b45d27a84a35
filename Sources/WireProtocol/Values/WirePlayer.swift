/// A taken seat as `presence`, the snapshot and the summary list it.
public struct WirePlayer: Codable, Hashable, Sendable {
    /// The seat.
    public var seat: WireSeat
    /// The player's name, as trimmed or defaulted by the server.
    public var name: String
    /// Whether at least one of the seat's connections is open (always, for the computer).
    public var connected: Bool
    /// **(extension)** `true` when the computer plays the seat; absent for a person.
    public var computer: Bool?
    /// **(extension)** How well the computer plays (`"easy"`, `"perfect"`); absent for a person.
    public var level: String?

    /// A taken seat; `level` names the computer's level when the computer plays it.
    public init(seat: WireSeat, name: String, connected: Bool, computerLevel level: String? = nil) {
        self.seat = seat
        self.name = name
        self.connected = connected
        self.computer = level == nil ? nil : true
        self.level = level
    }
}
