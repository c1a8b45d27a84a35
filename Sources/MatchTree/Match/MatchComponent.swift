import MatchWords
import RIBs

/// The root of the match's dependency graph (the tutorial's `AppComponent`): what the host gives
/// the tree.
final class MatchComponent: Component<EmptyDependency>, RootDependency {
    let display: MatchDisplay
    let games: [any GameDefinition]
    let drawWinner: () -> Seat
    let computerPick: ComputerPick
    let timeControl: TimeControl?

    init(
        display: MatchDisplay, games: [any GameDefinition], drawWinner: @escaping () -> Seat, computerPick: @escaping ComputerPick,
        timeControl: TimeControl?
    ) {
        self.display = display
        self.timeControl = timeControl
        self.games = games
        self.drawWinner = drawWinner
        self.computerPick = computerPick
        super.init(dependency: EmptyComponent())
    }
}
