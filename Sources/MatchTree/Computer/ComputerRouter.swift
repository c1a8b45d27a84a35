import RIBs

/// What Computer's router drives.
protocol ComputerInteractable: Interactable {
    var router: ComputerRouting? { get set }
    var listener: ComputerListener? { get set }
}

/// Computer is viewless: its router only owns its interactor.
final class ComputerRouter: Router<ComputerInteractable>, ComputerRouting {
    override init(interactor: ComputerInteractable) {
        super.init(interactor: interactor)
        interactor.router = self
    }
}
