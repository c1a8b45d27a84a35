import RIBs
import Testing

@testable import MatchTree

struct LoggedInComponentTests {
    private final class LoggedInDependencyMock: LoggedInDependency {
        let view = ChildViewHostingMock()
        let presenter = LoggedInPresentableMock()
        let display = MatchDisplay()
        var loggedInViewController: LoggedInViewControllable { view }
        var loggedInPresenter: LoggedInPresentable { presenter }
        var drawWinner: () -> Seat { { .player1 } }
    }

    @Test func test_makeGames_listsTicTacToeThenRandomWinWithTheirNamesAndBuilders() {
        let component = LoggedInComponent(dependency: LoggedInDependencyMock(), player1Name: "Alice", player2Name: "Bob")
        let games = component.makeGames()
        #expect(games.map(\.id) == [.ticTacToe, .randomWin])
        #expect(games.map(\.name) == ["Tic Tac Toe", "Random Win"])
        #expect(games[0].builder is TicTacToeBuilder)
        #expect(games[1].builder is RandomWinBuilder)
    }

    @Test func test_mutableScoreStream_isOnePerComponentStartingAtZero() {
        let component = LoggedInComponent(dependency: LoggedInDependencyMock(), player1Name: "Alice", player2Name: "Bob")
        #expect(component.mutableScoreStream === component.mutableScoreStream)
        var scores: [Score] = []
        component.scoreStream.score.subscribe { scores.append($0) }
        #expect(scores == [Score(player1Name: "Alice", player2Name: "Bob")])
    }
}
