import RIBs

@testable import MatchTree

final class OffGamePresentableMock: OffGamePresentable {
    weak var listener: OffGamePresentableListener?
    private(set) var presentedGames: [[GameID]] = []

    func present(games: [GameID]) { presentedGames.append(games) }
}

final class OffGameListenerMock: OffGameListener {
    private(set) var startedGames: [GameID] = []

    func startGame(with game: Game) { startedGames.append(game.id) }
}
