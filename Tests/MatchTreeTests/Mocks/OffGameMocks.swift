import MatchWords
import RIBs

@testable import MatchTree

final class OffGamePresentableMock: OffGamePresentable {
    weak var listener: OffGamePresentableListener?
    private(set) var presentedGames: [[GameID]] = []

    func present(games: [GameListing]) { presentedGames.append(games.map(\.id)) }
}

final class OffGameListenerMock: OffGameListener {
    private(set) var startedGames: [GameID] = []

    func startGame(with game: Game) { startedGames.append(game.id) }
}
