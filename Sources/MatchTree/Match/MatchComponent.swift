import RIBs

/// The root of the match's dependency graph (the tutorial's `AppComponent`): what the host gives
/// the tree.
final class MatchComponent: Component<EmptyDependency>, RootDependency {
    let display: MatchDisplay
    let drawWinner: () -> Seat

    init(display: MatchDisplay, drawWinner: @escaping () -> Seat) {
        self.display = display
        self.drawWinner = drawWinner
        super.init(dependency: EmptyComponent())
    }
}
