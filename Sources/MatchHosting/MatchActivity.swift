import Foundation
import WireProtocol

/// Whether someone is connected to a match, or since when nobody is: the summary's `lastActive`, by
/// which the lobby lists only the matches used lately.
package enum MatchActivity: Sendable, Hashable {
    /// At least one connection is open.
    case now
    /// Nobody is connected, since this date.
    case since(Date)

    /// Whether someone was connected at `cutoff` or later.
    package func isActive(since cutoff: Date) -> Bool {
        switch self {
        case .now: true
        case .since(let date): date >= cutoff
        }
    }

    /// The summary's `lastActive`: `"now"`, or the date as the wire writes dates.
    package var wireText: String {
        switch self {
        case .now: MatchSummary.activeNow
        case .since(let date): date.wireTimestamp
        }
    }
}

extension Date {
    /// A date as the wire writes dates: ISO 8601, UTC, to the millisecond.
    package var wireTimestamp: String {
        formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
