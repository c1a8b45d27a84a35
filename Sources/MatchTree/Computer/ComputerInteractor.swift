import RIBs

/// What Computer's interactor asks of its router: nothing, it has no children.
protocol ComputerRouting: Routing {}

/// What Computer tells its parent: nothing; LoggedIn asks it when a move is due.
protocol ComputerListener: AnyObject {}

/// What LoggedIn asks of Computer.
protocol ComputerSession: AnyObject {
    /// The move the computer plays now in `game`, nil when it has none to play (not its turn, the game
    /// is over) or Computer is not active. The move is played by its host as a person's is.
    func move(in game: GameSession) -> ComputerMove?
}

/// Computer: the computer playing one seat of the pair. It has no view and plays no move itself: it
/// chooses the move (through the game's rules) and its host plays it, after a human-like pause, through
/// the same view and interactors as a person's, so that it is stored and told like any move.
final class ComputerInteractor: Interactor, ComputerInteractable, ComputerSession {
    weak var router: ComputerRouting?
    weak var listener: ComputerListener?

    private let player: ComputerPlayer
    private let pick: ComputerPick

    init(player: ComputerPlayer, pick: @escaping ComputerPick) {
        self.player = player
        self.pick = pick
        super.init()
    }

    // MARK: - ComputerSession

    func move(in game: GameSession) -> ComputerMove? {
        guard isActive, let action = game.computerAction(for: player.seat, level: player.level, pick: pick) else { return nil }
        return ComputerMove(seat: player.seat, action: action)
    }
}
