import GameTestSupport
import GridGames
import MatchWords
import RIBs
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

/// The computer in a match: seated by the server in the second seat, played by its own RIB under
/// LoggedIn, attached when the pair logs in and detached with it, leaving nothing alive.
struct MatchComputerTests {
    /// The RIB names of the tree in one line, children in brackets.
    private func outline(_ rib: RIBDescription?) -> String {
        guard let rib else { return "nil" }
        let children = rib.children.map(outline).joined(separator: ",")
        return rib.name + (children.isEmpty ? "" : "(\(children))")
    }

    private func computerMatch(_ level: ComputerLevel = .perfect) throws -> Match {
        let match = Match(games: [TicTacToe(), RandomWin()], drawWinner: { .player1 }, computerPick: { _ in 0 })
        _ = try match.apply(.seatComputer(level: level), by: nil)
        return match
    }

    @Test func test_theComputer_takesTheSecondSeat_andThePersonTheFirst() throws {
        let match = Match(drawWinner: { .player1 })
        let events = try match.apply(.seatComputer(level: .easy), by: nil)
        let computer = SeatedPlayer(seat: .player2, name: "Computer", computer: .easy)
        #expect(events == [.seated(computer), .playersChanged([computer]), .screen(.loggedOut(freeSeats: [.player1]))])
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(match.snapshot.players == [SeatedPlayer(seat: .player1, name: "Alice"), computer])
        #expect(match.snapshot.phase == .offGame)
    }

    @Test func test_seatingTheComputer_isRefusedFromASeat_andInAFullMatch() throws {
        let match = try computerMatch()
        #expect(throws: MatchError.alreadySeated) { try match.apply(.seatComputer(level: .easy), by: .player1) }
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(throws: MatchError.matchFull) { try match.apply(.seatComputer(level: .easy), by: nil) }
    }

    @Test func test_computerRIB_isAttachedWhenThePairLogsIn_andDetachedWhenThePersonLeaves() throws {
        let match = try computerMatch()
        #expect(outline(match.ribTree) == "Root(LoggedOut)")
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(outline(match.ribTree) == "Root(LoggedIn(Computer,OffGame(BasicScoreBoard)))")
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        #expect(outline(match.ribTree) == "Root(LoggedIn(Computer,TicTacToe))")
        _ = try match.apply(.leave, by: .player1)
        #expect(outline(match.ribTree) == "Root(LoggedOut)")
        // The computer keeps its seat for the next person.
        #expect(match.snapshot.players == [SeatedPlayer(seat: .player2, name: "Computer", computer: .perfect)])
        _ = try match.apply(.login(name: "Bob"), by: nil)
        #expect(outline(match.ribTree) == "Root(LoggedIn(Computer,OffGame(BasicScoreBoard)))")
    }

    @Test func test_twoPeople_haveNoComputerRIB_andNoComputerMove() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        #expect(outline(match.ribTree) == "Root(LoggedIn(TicTacToe))")
        #expect(match.computerMove == nil)
    }

    @Test func test_computerRIB_leavesNothingAlive_afterTheLeaveAndTheTearDown() throws {
        let tag = "MatchComputerTests.leak"
        try LeakDetector.$trackingTag.withValue(tag) {
            let match = try computerMatch()
            _ = try match.apply(.login(name: "Alice"), by: nil)
            #expect(LeakDetector.liveObjects(tagged: tag).contains("Interactor: ComputerInteractor"))
            #expect(LeakDetector.liveObjects(tagged: tag).contains("Router: ComputerRouter"))
            _ = try match.apply(.leave, by: .player1)
            #expect(!LeakDetector.liveObjects(tagged: tag).contains { $0.contains("Computer") })
            _ = try match.apply(.login(name: "Bob"), by: nil)
            _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
            match.tearDown()
        }
        #expect(LeakDetector.liveObjects(tagged: tag) == [])
    }

    @Test func test_computerMove_isDueOnlyOnItsTurn_andPlaysThroughTheGame() throws {
        let match = try computerMatch(.perfect)
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(match.computerMove == nil, "no game is being played")
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        #expect(match.computerMove == nil, "Alice starts")
        _ = try match.apply(.move(row: 1, col: 1), by: .player1)
        let move = try #require(match.computerMove)
        #expect(move.seat == .player2)
        // Perfect answers a centre with a corner; with the first pick, the top left one.
        #expect((move.action as? TicTacToeMove)?.position == Position(row: 0, col: 0))
        let events = try match.apply(.play(move.action), by: move.seat)
        #expect(
            events.contains {
                if case .board(let board) = $0 {
                    board.grid?.last == Move(position: Position(row: 0, col: 0), seat: .player2)
                } else {
                    false
                }
            })
        #expect(match.computerMove == nil, "Alice's turn")
    }

    @Test func test_inRandomWin_theComputerRollsTheGamesItStarts() throws {
        let match = try computerMatch()
        _ = try match.apply(.login(name: "Alice"), by: nil)
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player1)
        #expect(match.computerMove == nil, "Alice starts the pair's first game: the roll is hers")
        _ = try match.apply(.roll, by: .player1)
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player1)
        let move = try #require(match.computerMove)
        #expect(move.seat == .player2 && move.action is RandomWinRoll)
    }
}
