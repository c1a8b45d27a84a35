import MatchWords

/// What two visitors of the "Play someone now" queue must have asked for alike to be paired: the game,
/// the time control, and whether the match is rated (issue 42: rated and unrated seekers never meet). Everything that pairs compares whole keys, so that a later field joins the
/// rule by being added here and to the stores' key columns, and nowhere else.
public struct PairingKey: Sendable, Hashable, CustomStringConvertible {
    /// The game the pair's match starts.
    public let gameID: GameID
    /// The pair's match's time control; nil: no clocks.
    public let timeControl: TimeControl?
    /// Whether the pair's match is rated: both visitors signed in, paired by rating (issue 42).
    public let rated: Bool

    public init(gameID: GameID, timeControl: TimeControl? = nil, rated: Bool = false) {
        self.gameID = gameID
        self.timeControl = timeControl
        self.rated = rated
    }

    /// The rest of the key as a store's second key column keeps it: the time control, `""` for none,
    /// else `initialMs+incrementMs` (`"180000+2000"`), so that equal controls are equal text; then
    /// `"/rated"` for a rated seat. One column for both: the stores compare whole columns, so rated and
    /// unrated seekers differ there as two clocks do, with no new column in the stores' tables.
    public var clockColumn: String {
        (timeControl.map { "\($0.initialMilliseconds)+\($0.incrementMilliseconds)" } ?? "") + (rated ? Self.ratedMark : "")
    }

    private static let ratedMark = "/rated"

    /// The key a store's columns hold (see `clockColumn`); a clock column it cannot read is no clock.
    public init(gameID: GameID, clockColumn: String) {
        let rated = clockColumn.hasSuffix(Self.ratedMark)
        let parts = clockColumn.dropLast(rated ? Self.ratedMark.count : 0).split(separator: "+").compactMap { Int($0) }
        let timeControl = parts.count == 2 ? TimeControl(initialMilliseconds: parts[0], incrementMilliseconds: parts[1]) : nil
        self.init(gameID: gameID, timeControl: timeControl, rated: rated)
    }

    public var description: String { clockColumn.isEmpty ? gameID.rawValue : "\(gameID.rawValue) \(clockColumn)" }
}
