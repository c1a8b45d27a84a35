import Foundation
import Ratings
import Testing

/// Glicko-2 against the worked example of Glickman's paper ("Example of the Glicko-2 system", 2012).
@Suite("Glicko-2")
struct Glicko2Tests {
    @Test("Glickman's example: 1500/200/0.06 against 1400/30, 1550/100, 1700/300 with 1, 0, 0 and τ 0.5")
    func test_glickmansExample_givesThePapersFigures() {
        let player = Glicko2.Standing(rating: 1500, deviation: 200, volatility: 0.06)
        let results = [
            Glicko2.Result(opponent: .init(rating: 1400, deviation: 30, volatility: 0.06), score: 1),
            Glicko2.Result(opponent: .init(rating: 1550, deviation: 100, volatility: 0.06), score: 0),
            Glicko2.Result(opponent: .init(rating: 1700, deviation: 300, volatility: 0.06), score: 0),
        ]
        let after = Glicko2.ratingPeriod(of: player, results: results, tau: 0.5)
        // The paper prints r' = 1464.06, RD' = 151.52, σ' = 0.05999. It rounds μ' to −0.2069 before
        // step 8 (173.7178 × −0.2069 + 1500 = 1464.06); unrounded, μ' is −0.206941 and r' 1464.0507
        // (glicko_by_hand.py agrees), so the rating is held to the paper's figure within 0.01.
        #expect(abs(after.rating - 1464.06) < 0.01)
        #expect(abs(after.rating - 1464.0507) < 0.000_1)
        #expect(abs(after.deviation - 151.52) < 0.005)
        #expect(abs(after.volatility - 0.05999) < 0.000_01)
    }

    @Test("A period without games only widens the deviation by the volatility (step 6 alone)")
    func test_periodWithoutGames_widensDeviationOnly() {
        let player = Glicko2.Standing(rating: 1700, deviation: 100, volatility: 0.06)
        let after = Glicko2.ratingPeriod(of: player, results: [], tau: 0.5)
        let expected = ((100 / Glicko2.scale) * (100 / Glicko2.scale) + 0.06 * 0.06).squareRoot() * Glicko2.scale
        #expect(after.rating == 1700)
        #expect(after.volatility == 0.06)
        #expect(abs(after.deviation - expected) < 1e-9)
        #expect(after.deviation > 100)
    }

    @Test("Rounding half up: .5 goes up for positive and negative values alike")
    func test_wireRounding_halfUp() {
        #expect(WireRounding.halfUp(1500.5) == 1501)
        #expect(WireRounding.halfUp(1500.49) == 1500)
        #expect(WireRounding.halfUp(1741.6244) == 1742)
        #expect(WireRounding.halfUp(-12.5) == -12)
        #expect(WireRounding.halfUp(-12.51) == -13)
        #expect(WireRounding.halfUp(396.81) == 397)
    }
}
