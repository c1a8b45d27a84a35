import Foundation
import MatchStore
import MatchTree
import MatchWords
import TicTacToe

/// A match that plays Tic Tac Toe as fast as its store allows: one `moved` record per append, with the
/// summary the server would write, each append awaited before the next as the server awaits it before
/// telling the players.
struct SimulatedMatch {
    let id: MatchID
    let store: any MatchStore

    private static let summary = StoredSummary(
        phase: .playing(TicTacToe.id),
        players: [SeatedPlayer(seat: .player1, name: "Ann"), SeatedPlayer(seat: .player2, name: "Bob")],
        score: Score(player1Name: "Ann", player2Name: "Bob")
    )

    /// Appends moves while `gate` allows; returns each append's latency in seconds.
    func play(until gate: MoveGate) async throws -> [Double] {
        var latencies: [Double] = []
        var move = 0
        while gate.claim() {
            let cell = move % 9
            let record = MatchRecord.moved(seat: move.isMultiple(of: 2) ? .player1 : .player2, row: cell / 3, col: cell % 3)
            let start = ContinuousClock.now
            try await store.append([record], summary: Self.summary, to: id, at: Date())
            latencies.append((ContinuousClock.now - start) / .seconds(1))
            move += 1
        }
        return latencies
    }
}
