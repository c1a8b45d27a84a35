import MatchWords
import RIBs

@testable import MatchTree

final class OffGamePresentableMock: OffGamePresentable {
    weak var listener: OffGamePresentableListener?
    private(set) var presentedGames: [[GameID]] = []

    private(set) var gameOffers: [(Seat, GameID)] = []
    private(set) var gameDeclines: [Seat] = []

    func present(games: [GameListing]) { presentedGames.append(games.map(\.id)) }
    func presentGameOffered(by seat: Seat, gameId: GameID) { gameOffers.append((seat, gameId)) }
    func presentGameDeclined(by seat: Seat) { gameDeclines.append(seat) }
}

final class OffGameListenerMock: OffGameListener {
    private(set) var startedGames: [GameID] = []

    func startGame(with game: Game) { startedGames.append(game.id) }
}
