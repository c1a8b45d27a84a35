import GameTestSupport
import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

/// The rules around a game, through the whole tree: resigning, draws by agreement, claims, offers of
/// the next game, and what the snapshot keeps of them.
struct MatchFairPlayTests {
    @Test func test_resign_endsTheGameForTheOpponent_keepsThePair_andTheFinalBoardStays() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        _ = try match.apply(.move(row: 1, col: 1), by: .player1)
        let events = try match.apply(.resign, by: .player1)
        #expect(events == [.gameOver(winner: .player2, line: nil, reason: .resigned), .score(Expected.score(0, 1)), Expected.offGameScreen])
        #expect(match.snapshot.players.count == 2)
        #expect(match.snapshot.lastGame?.reason == .resigned)
        #expect(match.snapshot.lastGame?.board != nil)
        #expect(throws: MatchError.wrongPhase) { try match.apply(.resign, by: .player1) }
        #expect(throws: MatchError.notSeated) { try match.apply(.resign, by: nil) }
    }

    @Test func test_randomWin_hasNeitherResignationNorDraws() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player1)
        #expect(throws: MatchError.notInThisGame) { try match.apply(.resign, by: .player1) }
        #expect(throws: MatchError.notInThisGame) { try match.apply(.offerDraw, by: .player1) }
        #expect(throws: MatchError.notInThisGame) { try match.apply(.answerDraw(accept: true), by: .player2) }
    }

    @Test func test_aDrawOffer_isInTheSnapshot_lapsesOnTheOpponentsMove_andAgreedEndsTheGameDrawn() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        #expect(try match.apply(.offerDraw, by: .player1) == [.drawOffered(.player1)])
        #expect(match.snapshot.offer == .draw(by: .player1))
        _ = try match.apply(.move(row: 0, col: 0), by: .player1)
        #expect(match.snapshot.offer == .draw(by: .player1), "the offerer's own move keeps it")
        let lapsing = try match.apply(.move(row: 1, col: 1), by: .player2)
        #expect(lapsing.last == .drawOfferLapsed)
        #expect(match.snapshot.offer == nil)
        #expect(throws: MatchError.noOffer) { try match.apply(.answerDraw(accept: true), by: .player2) }

        #expect(try match.apply(.offerDraw, by: .player1) == [.drawOffered(.player1)])
        let agreed = try match.apply(.answerDraw(accept: true), by: .player2)
        #expect(agreed.prefix(2) == [.gameOver(winner: nil, line: nil, reason: .drawAgreed), .score(Expected.score(draws: 1))])
        #expect(match.snapshot.offer == nil)
        #expect(match.snapshot.lastGame?.reason == .drawAgreed)
    }

    @Test func test_aClaim_needsTheGrace_andKeepsBothSeats() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        #expect(throws: MatchError.opponentConnected) { try match.apply(.claimWin(opponent: .connected), by: .player1) }
        #expect(throws: MatchError.tooEarly) { try match.apply(.claimWin(opponent: .awayWithinGrace), by: .player1) }
        let events = try match.apply(.claimWin(opponent: .awayPastGrace), by: .player1)
        #expect(events == [.gameOver(winner: .player1, line: nil, reason: .claimed), .score(Expected.score(1, 0)), Expected.offGameScreen])
        #expect(match.snapshot.players.map(\.seat) == [.player1, .player2])
        #expect(throws: MatchError.wrongPhase) { try match.apply(.claimWin(opponent: .awayPastGrace), by: .player1) }
    }

    @Test func test_theSeatTimeout_endsTheGameWithItsOwnReason_andFreesTheSeat() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        let events = try match.apply(.seatTimedOut, by: .player2)
        #expect(events.first == .gameOver(winner: .player1, line: nil, reason: .seatTimeout))
        #expect(match.snapshot.phase == .loggedOut)
    }

    @Test func test_aGameOffer_isAnsweredByStartingOrDeclining_andNoGameStartsAgainstAnAwayOpponent() throws {
        let match = try Match.withPair()
        #expect(throws: MatchError.opponentAway) { try match.apply(.startGame(gameId: "ticTacToe", opponentAway: true), by: .player1) }
        #expect(throws: MatchError.opponentAway) { try match.apply(.offerGame(gameId: "ticTacToe", opponentAway: true), by: .player1) }
        #expect(throws: MatchError.unknownGame) { try match.apply(.offerGame(gameId: "chess"), by: .player1) }
        #expect(throws: MatchError.noOffer) { try match.apply(.declineGame, by: .player2) }
        #expect(try match.apply(.offerGame(gameId: "randomWin"), by: .player1) == [.gameOffered(.player1, .randomWin)])
        #expect(match.snapshot.offer == .game(.randomWin, by: .player1))
        #expect(throws: MatchError.alreadyOffered) { try match.apply(.offerGame(gameId: "ticTacToe"), by: .player2) }
        #expect(throws: MatchError.noOffer, "the offerer cannot decline its own offer") { try match.apply(.declineGame, by: .player1) }
        #expect(try match.apply(.declineGame, by: .player2) == [.gameDeclined(.player2)])
        #expect(match.snapshot.offer == nil)
        _ = try match.apply(.offerGame(gameId: "ticTacToe"), by: .player1)
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player2)
        #expect(match.snapshot.offer == nil, "a game starting ends the offer")
        #expect(throws: MatchError.wrongPhase) { try match.apply(.declineGame, by: .player2) }
    }
}
