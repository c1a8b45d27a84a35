import MatchWords

/// What two visitors of the "Play someone now" queue must have asked for alike to be paired: the game
/// and the time control. Everything that pairs compares whole keys, so that a later field joins the
/// rule by being added here and to the stores' key columns, and nowhere else.
public struct PairingKey: Sendable, Hashable, CustomStringConvertible {
    /// The game the pair's match starts.
    public let gameID: GameID
    /// The pair's match's time control; nil: no clocks.
    public let timeControl: TimeControl?

    public init(gameID: GameID, timeControl: TimeControl? = nil) {
        self.gameID = gameID
        self.timeControl = timeControl
    }

    /// The time control as a store's key column keeps it: `""` for none, else `initialMs+incrementMs`
    /// (`"180000+2000"`), so that equal controls are equal text.
    public var clockColumn: String {
        timeControl.map { "\($0.initialMilliseconds)+\($0.incrementMilliseconds)" } ?? ""
    }

    /// The key a store's columns hold (see `clockColumn`); a clock column it cannot read is no clock.
    public init(gameID: GameID, clockColumn: String) {
        let parts = clockColumn.split(separator: "+").compactMap { Int($0) }
        let timeControl = parts.count == 2 ? TimeControl(initialMilliseconds: parts[0], incrementMilliseconds: parts[1]) : nil
        self.init(gameID: gameID, timeControl: timeControl)
    }

    public var description: String { timeControl == nil ? gameID.rawValue : "\(gameID.rawValue) \(clockColumn)" }
}
