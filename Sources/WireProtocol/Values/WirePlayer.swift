/// A taken seat, as `presence`, the snapshot and the HTTP summary list it.
public struct WirePlayer: Codable, Hashable, Sendable {
    /// The seat.
    public var seat: WireSeat
    /// The player's name, as trimmed or defaulted by the server.
    public var name: String
    /// Whether at least one of the seat's connections is open.
    public var connected: Bool
    /// (Extension.) In `presence` and the snapshot, for a seat without a connection: the seconds left,
    /// from when the message was sent, until the seat times out. Absent otherwise (and in summaries).
    public var seatTimeoutLeft: Double?

    /// A taken seat.
    public init(seat: WireSeat, name: String, connected: Bool, seatTimeoutLeft: Double? = nil) {
        self.seat = seat
        self.name = name
        self.connected = connected
        self.seatTimeoutLeft = seatTimeoutLeft
    }
}
