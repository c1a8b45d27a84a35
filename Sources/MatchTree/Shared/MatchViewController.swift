import RIBs

/// The base of the tree's views. On the server a view draws nothing: it turns its presenter calls
/// into `MatchEvent`s on the match's display, which every connection sees.
class MatchViewController: ViewControllable {
    private let display: MatchDisplay
    private var liveObjectToken: LiveObjectToken?

    init(display: MatchDisplay) {
        self.display = display
        liveObjectToken = LiveObjectToken(self, kind: "Presenter")
    }

    /// Shows `event` to every connection of the match.
    final func emit(_ event: MatchEvent) {
        display.show(event)
    }
}
