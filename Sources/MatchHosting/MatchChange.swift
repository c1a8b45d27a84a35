import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// What one thing that happened in a match changes: the records that make it durable, then the
/// messages that tell it. The host commits it: nobody is told before the records are stored.
struct MatchChange {
    /// Appended to the match's log before anyone is told.
    var records: [MatchRecord] = []
    /// Messages to one connection each, in order, before the broadcasts.
    var direct: [(Connection, ServerMessage)] = []
    /// Messages to every connection.
    var broadcasts: [ServerMessage] = []
    /// A seat left without connections: its timeout starts.
    var seatToTimeOut: Seat?
    /// Who is connected changed (a connection came or went): everyone hears of it in the next
    /// coalesced `presence` (`MatchHost.presenceInterval`), not one broadcast per connection.
    var presenceChanged = false
    /// The game's clocks changed (a move was charged, a game started or ended): the running clock starts
    /// when this change is told, as the player learns of the turn then.
    var restartsClock = false
    /// The servers relaying the match are to get a fresh welcome (one began to relay it), even with no
    /// broadcast to tell.
    var welcomesAudience = false

    /// Nothing to record or tell (a launch the tree did not take).
    var isEmpty: Bool {
        records.isEmpty && direct.isEmpty && broadcasts.isEmpty && !presenceChanged && !restartsClock && !welcomesAudience
    }

    /// Whether everyone hears of it (state or presence): only such a change can change the summary.
    var changesSummary: Bool { !records.isEmpty || !broadcasts.isEmpty }
}
