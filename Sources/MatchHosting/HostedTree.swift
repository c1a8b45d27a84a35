import Foundation
import GameUnits
import MatchStore
import MatchTree
import MatchWords
import RIBs

/// A match's RIB tree as its host runs it, with the standard games: rebuilt from the match's log, with
/// the draws of its random source,
/// every call made with the match's RIB objects tracked under its LeakDetector tag (when set).
///
/// Not Sendable, as `Match`: only the host actor that made it uses it.
struct HostedTree {
    private let match: Match
    private let draws: WinnerDraws
    private let trackingTag: String?

    /// The seats still taken at the end of the log: their token hashes and accounts.
    let restoredSeats: [Seat: SeatHolder]

    /// Replays `records` into a fresh tree that offers `games`.
    /// - Throws: `MatchLog.InconsistentLog` when the tree refuses the log.
    init(replaying records: [StoredRecord], games: GameCatalog, trackingTag: String?) throws {
        let draws = WinnerDraws()
        let timeControl = MatchRecord.timeControl(in: records)
        let match = Self.tracked(trackingTag) {
            Match(games: games.definitions, timeControl: timeControl, drawWinner: { draws.next() })
        }
        restoredSeats = try Self.tracked(trackingTag) { try MatchLog.replay(records, into: match, draws: draws, games: games) }
        _ = draws.takeDrawn()
        self.match = match
        self.draws = draws
        self.trackingTag = trackingTag
    }

    /// What is presented now.
    var snapshot: MatchSnapshot { match.snapshot }

    /// The RIB tree as it is now; nil once torn down.
    var ribTree: RIBDescription? { match.ribTree }

    /// The move the computer is to play now, if one is seated and it is its turn.
    var computerMove: ComputerMove? { match.computerMove }

    /// The seats the random source drew since the last call, in order: what a move's record keeps.
    func takeDrawn() -> [Seat] { draws.takeDrawn() }

    /// `Match.apply`: the events of an accepted input; a refused one throws and changes nothing.
    func apply(_ input: MatchInput, by seat: Seat?, clockRan: Duration? = nil) throws(MatchError) -> [MatchEvent] {
        // What `takeDrawn()` returns next is what this input drew, and nothing an earlier one did.
        _ = draws.takeDrawn()
        return try Self.tracked(trackingTag) { () throws(MatchError) in try match.apply(input, by: seat, clockRan: clockRan) }
    }

    /// Detaches every RIB of the match.
    func tearDown() {
        Self.tracked(trackingTag) { match.tearDown() }
    }

    private static func tracked<T, E: Error>(_ tag: String?, _ body: () throws(E) -> T) throws(E) -> T {
        guard let tag else { return try body() }
        // `withValue` rethrows untyped: the Result carries the typed error across it.
        return try LeakDetector.$trackingTag.withValue(tag) { Result(catching: body) }.get()
    }
}
