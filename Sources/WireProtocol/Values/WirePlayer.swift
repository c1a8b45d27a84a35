/// A taken seat as `presence`, the snapshot and the summary list it.
public struct WirePlayer: Codable, Hashable, Sendable {
    /// The seat.
    public var seat: WireSeat
    /// The player's name, as trimmed or defaulted by the server.
    public var name: String
    /// Whether at least one of the seat's connections is open (always, for the computer).
    public var connected: Bool
    /// (Extension.) In `presence` and the snapshot, for a seat without a connection: the seconds left,
    /// from when the message was sent, until the seat times out. Absent otherwise (and in summaries).
    public var seatTimeoutLeft: Double?
    /// (Extension.) In `presence` and the snapshot, for a seat without a connection while a game is being
    /// played: the seconds left, from when the message was sent, until its opponent may claim the game
    /// (0 once they may). Absent otherwise.
    public var claimableIn: Double?
    /// **(extension)** `true` when the computer plays the seat; absent for a person.
    public var computer: Bool?
    /// **(extension)** How well the computer plays (`"easy"`, `"perfect"`); absent for a person.
    public var level: String?
    /// **(extension, issue 41)** In `presence` and the snapshot, `true` when the seat belongs to a
    /// signed-in player's account; absent for a guest (and in summaries).
    public var account: Bool?
    /// **(extension, issue 42)** In `presence` and the snapshot of a rated match, an account player's
    /// rating in the match's current game id (rounded half up), and whether it is still provisional;
    /// absent otherwise.
    public var rating: Int?
    public var provisional: Bool?

    /// A taken seat; `level` names the computer's level when the computer plays it; `account`: the seat
    /// belongs to a signed-in player's account.
    public init(
        seat: WireSeat, name: String, connected: Bool, seatTimeoutLeft: Double? = nil, claimableIn: Double? = nil,
        computerLevel level: String? = nil, account: Bool = false
    ) {
        self.seat = seat
        self.name = name
        self.connected = connected
        self.seatTimeoutLeft = seatTimeoutLeft
        self.claimableIn = claimableIn
        self.computer = level == nil ? nil : true
        self.level = level
        self.account = account ? true : nil
    }
}
