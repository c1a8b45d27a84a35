import RIBs

/// The base of the tree's views. On the server a view draws nothing: it turns its presenter calls
/// into `MatchEvent`s on the match's display, which every connection sees.
open class MatchViewController: ViewControllable {
    private let display: MatchDisplay
    private var liveObjectToken: LiveObjectToken?

    public init(display: MatchDisplay) {
        self.display = display
        liveObjectToken = LiveObjectToken(self, kind: "Presenter")
    }

    /// Shows `event` to every connection of the match.
    public final func emit(_ event: MatchEvent) {
        display.show(event)
    }
}
