/// The pair's score as the ScoreStream holds it, with the names of the pair.
public struct Score: Sendable, Hashable, Codable {
    public var player1Name: String
    public var player2Name: String
    public var player1Wins: Int
    public var player2Wins: Int
    public var draws: Int

    public init(player1Name: String, player2Name: String, player1Wins: Int = 0, player2Wins: Int = 0, draws: Int = 0) {
        self.player1Name = player1Name
        self.player2Name = player2Name
        self.player1Wins = player1Wins
        self.player2Wins = player2Wins
        self.draws = draws
    }

    public func wins(of seat: Seat) -> Int { seat == .player1 ? player1Wins : player2Wins }
    public func name(of seat: Seat) -> String { seat == .player1 ? player1Name : player2Name }
}
