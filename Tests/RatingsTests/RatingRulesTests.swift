import Foundation
import Ratings
import Testing

/// Single rated games with lichess's constants, against figures computed by hand: every intermediate
/// value (g, E, v, Δ, σ', φ*, φ', μ') was worked out with `glicko_by_hand.py` beside this file, an
/// independent Glicko-2 written from Glickman's paper, which prints each step (run it with python3).
@Suite("Rating rules: lichess's constants, a rating period per game")
struct RatingRulesTests {
    let rules = RatingRules.lichess
    let endedAt = Date(timeIntervalSince1970: 1_800_000_000)

    private func player(_ rating: Double, _ deviation: Double, _ volatility: Double, idleDays: Double?) -> RatedStanding {
        RatedStanding(
            standing: .init(rating: rating, deviation: deviation, volatility: volatility),
            lastRatedAt: idleDays.map { endedAt - $0 * 86_400 })
    }

    private func expect(
        _ standing: Glicko2.Standing, _ rating: Double, _ deviation: Double, _ volatility: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(abs(standing.rating - rating) < 0.000_1, "rating \(standing.rating)", sourceLocation: sourceLocation)
        #expect(abs(standing.deviation - deviation) < 0.000_1, "deviation \(standing.deviation)", sourceLocation: sourceLocation)
        #expect(abs(standing.volatility - volatility) < 0.000_000_1, "volatility \(standing.volatility)", sourceLocation: sourceLocation)
    }

    @Test("Two new players, the first wins: 1500 → 1741.62 and 1258.38, RD 500 → 396.81, both provisional")
    func test_newPlayers_firstWins() {
        // g(φ=2.878230) = 0.533146, E = 0.5, v = 14.072398, Δ = ±3.751319, σ' = 0.08999830,
        // φ* = 2.879638, φ' = 2.284232, μ' = ±1.390902.
        let new = player(1500, 500, 0.09, idleDays: nil)
        let (first, second) = rules.rate(new, new, result: .win, endedAt: endedAt)
        expect(first, 1741.624424, 396.811821, 0.089998300)
        expect(second, 1258.375576, 396.811821, 0.089998300)
        #expect(WireRounding.halfUp(first.rating) == 1742)
        #expect(rules.isProvisional(deviation: first.deviation))
        #expect(!rules.isRankable(deviation: first.deviation))
    }

    @Test("Idle players draw: RDs first grow with the days since their last rated games (30 and 2)")
    func test_draw_afterIdleDays_growsDeviationsFirst() {
        // Grown: √((80/173.7178)² + 30·0.21436·0.06²)·173.7178 = 84.253453, and 120 over 2 days → 120.302849.
        // Then E = 0.745653 for the stronger, v = 6.041387, Δ = −1.386467, σ' = 0.05999664, φ' = 0.479316;
        // the weaker: E = 0.247458, v = 5.753873, Δ = 1.403777, σ' = 0.07499350, φ' = 0.668934.
        let stronger = player(1700, 80, 0.06, idleDays: 30)
        let weaker = player(1500, 120, 0.075, idleDays: 2)
        #expect(abs(rules.widened(stronger, to: endedAt).deviation - 84.253453) < 0.000_1)
        let (first, second) = rules.rate(stronger, weaker, result: .draw, endedAt: endedAt)
        expect(first, 1690.840707, 83.265789, 0.059996644)
        expect(second, 1518.964804, 116.205704, 0.074993496)
        #expect(!rules.isProvisional(deviation: first.deviation))
        #expect(rules.isProvisional(deviation: second.deviation))
    }

    @Test("The deviation never goes below 45: 1800/45/0.01 against itself ends at 45, not 44.67")
    func test_deviationFloor() {
        // φ' = 0.257126, 44.67 on the Glicko scale; μ' = ±0.0327 (1805.68 and 1794.32).
        let (first, second) = rules.rate(
            player(1800, 45, 0.01, idleDays: 0), player(1800, 45, 0.01, idleDays: 0), result: .win, endedAt: endedAt)
        expect(first, 1805.684871, 45, 0.01)
        expect(second, 1794.315129, 45, 0.01)
        #expect(rules.isRankable(deviation: first.deviation))
    }

    @Test("The volatility never goes above 0.1: an upset that makes it 0.10014 keeps 0.1")
    func test_volatilityCap() {
        // E = 0.003384, v = 303.983968, Δ = 299.211506, σ' = 0.10013616, φ' = 0.304698.
        let (first, second) = rules.rate(
            player(1200, 50, 0.1, idleDays: 0), player(2200, 50, 0.1, idleDays: 0), result: .win, endedAt: endedAt)
        expect(first, 1215.874934, 52.931514, 0.1)
        expect(second, 2184.125066, 52.931514, 0.1)
    }

    @Test("400 idle days make a settled player provisional again; a new opponent's 500 stays 500")
    func test_longIdle_growsPastProvisional_andNewPlayerCapped() {
        // 60 grown over 400 days: 113.645316. The new player's √(500² + …) is capped at 500 first.
        let settled = player(1500, 60, 0.06, idleDays: 400)
        let newcomer = player(1500, 500, 0.09, idleDays: 0)
        #expect(abs(rules.widened(newcomer, to: endedAt + 86_400 * 100).deviation - 500) < 1e-9)
        let (first, second) = rules.rate(settled, newcomer, result: .loss, endedAt: endedAt)
        expect(first, 1480.609283, 112.411596, 0.059999938)
        expect(second, 1739.037844, 297.131379, 0.089994822)
        #expect(rules.isProvisional(deviation: first.deviation))
    }

    @Test("A game applied after a later one (a clock gone backwards) grows nothing")
    func test_negativeElapsedTime_growsNothing() {
        let standing = player(1600, 80, 0.06, idleDays: -3)
        #expect(rules.widened(standing, to: endedAt).deviation == 80)
    }

    @Test("Provisional from RD 110 up, rankable up to RD 75")
    func test_provisionalAndRankableThresholds() {
        #expect(rules.isProvisional(deviation: 110))
        #expect(!rules.isProvisional(deviation: 109.99))
        #expect(rules.isRankable(deviation: 75))
        #expect(!rules.isRankable(deviation: 75.01))
    }

    @Test("Scores: a win 1, a loss 0, a draw 0.5, each the other's opposite")
    func test_scores() {
        #expect(GameScore.win.value == 1)
        #expect(GameScore.loss.value == 0)
        #expect(GameScore.draw.value == 0.5)
        #expect(GameScore.win.opposite == .loss)
        #expect(GameScore.draw.opposite == .draw)
    }
}
