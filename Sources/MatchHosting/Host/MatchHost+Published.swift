import MatchStore
import WireProtocol

extension MatchHost {
    /// The summary the lobby shows, and the activity its `lastActive` tells.
    package struct Published: Sendable {
        package var summary: MatchSummary
        package var activity: MatchActivity
        /// Whether the creator asked for the match to be listed in the lobby.
        package var listed: Bool

        package init(summary: MatchSummary, activity: MatchActivity, listed: Bool) {
            self.summary = summary
            self.summary.lastActive = activity.wireText
            self.activity = activity
            self.listed = listed
        }

        /// Whether the lobby lists the match now: listed by its creator, one seat taken by a player who
        /// is connected (a match whose last player left, or whose player is away, would be joined only to
        /// wait for nobody), the other free.
        package var isOpenInLobby: Bool {
            listed && summary.players.count == 1 && summary.players.allSatisfy(\.connected)
        }
    }
}
