import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// What one thing that happened in a match changes: the records that make it durable, then the
/// messages that tell it. The host commits it: nobody is told before the records are stored.
package struct MatchChange {
    /// Appended to the match's log before anyone is told.
    package var records: [MatchRecord] = []
    /// Messages to one connection each, in order, before the broadcasts.
    package var direct: [(Connection, ServerMessage)] = []
    /// Messages to every connection.
    package var broadcasts: [ServerMessage] = []
    /// A seat left without connections: its timeout starts.
    package var seatToTimeOut: Seat?
    /// Who is connected changed (a connection came or went): everyone hears of it in the next
    /// coalesced `presence` (`MatchHost.presenceInterval`), not one broadcast per connection.
    package var presenceChanged = false

    /// Nothing to record or tell (a launch the tree did not take).
    package var isEmpty: Bool { records.isEmpty && direct.isEmpty && broadcasts.isEmpty && !presenceChanged }

    /// Whether everyone hears of it (state or presence): only such a change can change the summary.
    package var changesSummary: Bool { !records.isEmpty || !broadcasts.isEmpty }
}
