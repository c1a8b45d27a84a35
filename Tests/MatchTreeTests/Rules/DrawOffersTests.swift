import MatchWords
import Testing

@testable import MatchTree

struct DrawOffersTests {
    @Test func test_anOffer_onTheOwnTurn_standsUntilAnswered() throws {
        var offers = DrawOffers()
        #expect(throws: MatchError.notYourTurn) { try offers.offer(by: .player2, turn: .player1) }
        try offers.offer(by: .player1, turn: .player1)
        #expect(offers.standing == .player1)
        #expect(throws: MatchError.alreadyOffered) { try offers.offer(by: .player1, turn: .player1) }
        #expect(throws: MatchError.alreadyOffered, "the opponent answers, not offers") { try offers.offer(by: .player2, turn: .player2) }
        #expect(throws: MatchError.noOffer, "one's own offer is not answered by oneself") { try offers.answer(by: .player1, accept: true) }
        try offers.answer(by: .player2, accept: true)
        #expect(offers.standing == nil)
        #expect(throws: MatchError.noOffer) { try offers.answer(by: .player2, accept: false) }
    }

    @Test func test_theOffererMovingKeepsTheOffer_theOpponentMovingLapsesIt() throws {
        var offers = DrawOffers()
        try offers.offer(by: .player1, turn: .player1)
        #expect(offers.moved(by: .player1) == false, "an extra turn, or the move after offering")
        #expect(offers.standing == .player1)
        #expect(offers.moved(by: .player2) == true)
        #expect(offers.standing == nil)
        // A lapsed offer is no decline: the offerer may offer again on the next turn.
        try offers.offer(by: .player1, turn: .player1)
    }

    @Test func test_afterADecline_theOffererWaitsThreeOfItsOwnMoves() throws {
        var offers = DrawOffers()
        try offers.offer(by: .player1, turn: .player1)
        try offers.answer(by: .player2, accept: false)
        for _ in 0..<2 {
            #expect(throws: MatchError.tooEarly) { try offers.offer(by: .player1, turn: .player1) }
            _ = offers.moved(by: .player1)
            _ = offers.moved(by: .player2)
        }
        #expect(throws: MatchError.tooEarly, "the opponent's moves do not count") { try offers.offer(by: .player1, turn: .player1) }
        _ = offers.moved(by: .player2)
        #expect(throws: MatchError.tooEarly) { try offers.offer(by: .player1, turn: .player1) }
        _ = offers.moved(by: .player1)
        try offers.offer(by: .player1, turn: .player1)
        // The decliner was never declined: it may offer whenever it is its turn.
        try offers.answer(by: .player2, accept: false)
        try offers.offer(by: .player2, turn: .player2)
    }
}
