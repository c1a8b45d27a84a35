import Logging
import MatchTree
import MatchWords

extension Logger {
    /// Logs what the tree produced on its own: a game started, a game over.
    package func logOutcomes(of events: [MatchEvent]) {
        for event in events {
            switch event {
            case .gameStarted(let gameId, let starter):
                info("game started", metadata: ["game": "\(gameId.rawValue)", "first": "\(starter.rawValue)"])
            case .gameOver(let winner, _, let reason):
                info("game over", metadata: ["winner": "\(winner?.rawValue ?? "draw")", "reason": "\(reason.rawValue)"])
            default:
                break
            }
        }
    }
}
