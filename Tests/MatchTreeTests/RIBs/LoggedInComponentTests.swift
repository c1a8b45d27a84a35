import MatchWords
import RIBs
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

struct LoggedInComponentTests {
    private final class LoggedInDependencyMock: LoggedInDependency {
        let view = ChildViewHostingMock()
        let presenter = LoggedInPresentableMock()
        let display = MatchDisplay()
        var loggedInViewController: LoggedInViewControllable { view }
        var loggedInPresenter: LoggedInPresentable { presenter }
        var games: [any GameDefinition] { [TicTacToe(), RandomWin()] }
        var drawWinner: () -> Seat { { .player1 } }
        var computerPick: ComputerPick { { _ in 0 } }
        var timeControl: TimeControl? { nil }
    }

    @Test func test_makeGames_listsTheGivenGamesInOrderWithTheirNamesAndBuilders() {
        let component = LoggedInComponent(dependency: LoggedInDependencyMock(), player1Name: "Alice", player2Name: "Bob")
        let games = component.makeGames()
        #expect(games.map(\.id) == [.ticTacToe, .randomWin])
        #expect(games.map(\.listing.name) == ["Tic Tac Toe", "Random Win"])
        #expect(games.map { String(describing: type(of: $0.builder)) } == ["TicTacToeBuilder", "RandomWinBuilder"])
    }

    @Test func test_mutableScoreStream_isOnePerComponentStartingAtZero() {
        let component = LoggedInComponent(dependency: LoggedInDependencyMock(), player1Name: "Alice", player2Name: "Bob")
        #expect(component.mutableScoreStream === component.mutableScoreStream)
        var scores: [Score] = []
        component.scoreStream.score.subscribe { scores.append($0) }
        #expect(scores == [Score(player1Name: "Alice", player2Name: "Bob")])
    }
}
