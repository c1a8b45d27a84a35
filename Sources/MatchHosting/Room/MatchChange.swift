import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// What one thing that happened in a match changes, as the room returns it to its host: the records
/// that make it durable, the messages that tell it, the deadlines to set or cancel, and what to log
/// and count. The host carries it out: nobody is told before the records are stored.
struct MatchChange {
    /// Appended to the match's log before anyone is told.
    var records: [MatchRecord] = []
    /// Messages to one connection each, in order, before the broadcasts.
    var direct: [(Connection, ServerMessage)] = []
    /// Messages to every connection.
    var broadcasts: [ServerMessage] = []
    /// Who is connected changed (a connection came or went): everyone hears of it in the next
    /// coalesced `presence` (`MatchHost.presenceInterval`), not one broadcast per connection.
    var presenceChanged = false
    /// The game's clocks changed (a move was charged, a game started or ended): the running clock starts
    /// when this change is told, as the player learns of the turn then.
    var restartsClock = false
    /// The servers relaying the match are to get a fresh welcome (one began to relay it), even with no
    /// broadcast to tell.
    var welcomesAudience = false
    /// Deadlines to set or cancel, in order.
    var deadlines: [DeadlineChange] = []
    /// What the host logs and counts for it.
    var notes: [RoomNote] = []

    /// Nothing to record or tell (a launch not taken, a timer that found nothing due): deadlines and
    /// notes may still be carried out.
    var tellsNothing: Bool { !presenceChanged && tellsNothingButPresence }

    /// Nothing to record or tell but that who is connected changed, which the coalesced presence tells.
    var tellsOnlyPresence: Bool { presenceChanged && tellsNothingButPresence }

    private var tellsNothingButPresence: Bool {
        records.isEmpty && direct.isEmpty && broadcasts.isEmpty && !restartsClock && !welcomesAudience
    }

    /// Whether everyone hears of it (state or presence): only such a change can change the summary.
    var changesSummary: Bool { !records.isEmpty || !broadcasts.isEmpty }

    /// Adds a line for the log.
    mutating func log(_ level: RoomLogLevel, _ message: String, _ metadata: [String: String] = [:]) {
        notes.append(.log(level, message, metadata))
    }

    /// Only notes (what went wrong, to log), nothing to do.
    static func noted(_ level: RoomLogLevel, _ message: String, _ metadata: [String: String] = [:]) -> MatchChange {
        var change = MatchChange()
        change.log(level, message, metadata)
        return change
    }
}
