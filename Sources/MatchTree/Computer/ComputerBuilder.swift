import RIBs

/// What Computer needs from its parent.
protocol ComputerDependency: Dependency {
    /// How the computer picks among moves its game finds equally good.
    var computerPick: ComputerPick { get }
}

final class ComputerComponent: Component<ComputerDependency> {
    var computerPick: ComputerPick { dependency.computerPick }
}

/// Builds Computer.
protocol ComputerBuildable: AnyObject {
    /// Computer's router, and its interactor as LoggedIn asks it for moves.
    func build(withListener listener: ComputerListener, player: ComputerPlayer) -> (router: Routing, session: ComputerSession)
}

final class ComputerBuilder: Builder<ComputerDependency>, ComputerBuildable {
    func build(withListener listener: ComputerListener, player: ComputerPlayer) -> (router: Routing, session: ComputerSession) {
        let component = ComputerComponent(dependency: dependency)
        let interactor = ComputerInteractor(player: player, pick: component.computerPick)
        interactor.listener = listener
        let router = ComputerRouter(interactor: interactor)
        return (router, interactor)
    }
}
