import Foundation

/// The Glicko-2 rating system as Glickman defines it in "Example of the Glicko-2 system" (2012): one
/// rating period of one player against the opponents it met in the period, nothing clamped. The
/// numbered steps are the paper's. `RatingRules` puts lichess's constants and limits around it.
public enum Glicko2 {
    /// Glickman's factor between the Glicko scale (1500, RD 350) and the Glicko-2 scale (0, 2.015).
    public static let scale = 173.7178
    /// Where the volatility iteration (step 5) stops: Glickman's ε.
    static let convergenceTolerance = 0.000_001

    /// A player's standing before or after a period, on the Glicko scale.
    public struct Standing: Equatable, Sendable {
        public var rating: Double
        public var deviation: Double
        public var volatility: Double

        public init(rating: Double, deviation: Double, volatility: Double) {
            self.rating = rating
            self.deviation = deviation
            self.volatility = volatility
        }
    }

    /// One game of the period: the opponent's standing before it and the player's score (1, 0.5, 0).
    public struct Result: Sendable {
        public let opponent: Standing
        public let score: Double

        public init(opponent: Standing, score: Double) {
            self.opponent = opponent
            self.score = score
        }
    }

    /// The player's standing after a period with `results`, with system constant `tau` (τ).
    /// A period without games only widens the deviation (step 6 alone), as the paper says.
    public static func ratingPeriod(of player: Standing, results: [Result], tau: Double) -> Standing {
        // Step 2: onto the Glicko-2 scale.
        let mu = (player.rating - 1500) / scale
        let phi = player.deviation / scale
        guard !results.isEmpty else {
            let widened = (phi * phi + player.volatility * player.volatility).squareRoot()
            return Standing(rating: player.rating, deviation: widened * scale, volatility: player.volatility)
        }
        // Steps 3 and 4: the estimated variance v and the improvement Δ (kept as Δ / v, the sum).
        var inverseVariance = 0.0
        var improvementSum = 0.0
        for result in results {
            let opponentMu = (result.opponent.rating - 1500) / scale
            let weight = g(result.opponent.deviation / scale)
            let expected = 1 / (1 + exp(-weight * (mu - opponentMu)))
            inverseVariance += weight * weight * expected * (1 - expected)
            improvementSum += weight * (result.score - expected)
        }
        let variance = 1 / inverseVariance
        let delta = variance * improvementSum
        // Step 5: the new volatility.
        let volatility = newVolatility(sigma: player.volatility, phi: phi, variance: variance, delta: delta, tau: tau)
        // Steps 6 and 7: the deviation widened by the new volatility, then narrowed by the games.
        let phiStar = (phi * phi + volatility * volatility).squareRoot()
        let newPhi = 1 / (1 / (phiStar * phiStar) + 1 / variance).squareRoot()
        let newMu = mu + newPhi * newPhi * improvementSum
        // Step 8: back onto the Glicko scale.
        return Standing(rating: scale * newMu + 1500, deviation: scale * newPhi, volatility: volatility)
    }

    /// g(φ): how much an opponent's uncertainty discounts the game.
    static func g(_ phi: Double) -> Double {
        1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
    }

    /// Step 5, the Illinois algorithm of the paper, to the root of f.
    static func newVolatility(sigma: Double, phi: Double, variance: Double, delta: Double, tau: Double) -> Double {
        let a = log(sigma * sigma)
        func f(_ x: Double) -> Double {
            let ex = exp(x)
            let denominator = phi * phi + variance + ex
            return ex * (delta * delta - phi * phi - variance - ex) / (2 * denominator * denominator) - (x - a) / (tau * tau)
        }
        var lower = a
        var upper: Double
        if delta * delta > phi * phi + variance {
            upper = log(delta * delta - phi * phi - variance)
        } else {
            var k = 1.0
            while f(a - k * tau) < 0 { k += 1 }
            upper = a - k * tau
        }
        var fLower = f(lower)
        var fUpper = f(upper)
        while abs(upper - lower) > convergenceTolerance {
            let c = lower + (lower - upper) * fLower / (fUpper - fLower)
            let fC = f(c)
            if fC * fUpper <= 0 {
                lower = upper
                fLower = fUpper
            } else {
                fLower /= 2
            }
            upper = c
            fUpper = fC
        }
        return exp(lower / 2)
    }
}
