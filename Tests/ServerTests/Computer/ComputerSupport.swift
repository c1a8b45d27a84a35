import Foundation
import GridGames
import WireProtocol

extension LiveServer {
    /// `POST /api/matches` with `body`: the reply as it came.
    func postMatch(body: String?) async throws -> HTTP.Reply {
        try await HTTP.request(port: port, "/api/matches", method: .POST, headers: [("Content-Type", "application/json")], body: body)
    }

    /// A match created to play the computer at `level`; returns its id.
    func createComputerMatch(level: String) async throws -> String {
        let reply = try await postMatch(body: #"{"opponent":"computer","level":"\#(level)"}"#)
        guard reply.status == 201, case .success(let created) = CreatedMatch.decode(reply.body) else {
            throw HTTP.Failure(description: "create against the computer failed: \(reply.status) \(reply.body)")
        }
        return created.matchId
    }
}

extension TestClient {
    /// Plays Tic Tac Toe as `seat` against the computer until the game ends: each turn, the first free
    /// cell in `preference` (then any). Returns the winner (nil: a draw) and every board seen.
    func playAgainstComputer(as seat: WireSeat, preference: [(Int, Int)] = []) async throws -> (winner: WireSeat?, boards: [WireBoard]) {
        var boards: [WireBoard] = []
        while true {
            let message = try await next(timeout: .seconds(10)) {
                switch $0 {
                case .board, .gameOver: true
                default: false
                }
            }
            if case .gameOver(let winner, _, _, _, _, _) = message { return (winner, boards) }
            guard case .board(let board, _) = message else { continue }
            boards.append(board)
            guard board.turn == seat else { continue }
            let free = (0..<9).filter { board.cells[$0] == nil }.map { ($0 / 3, $0 % 3) }
            let cell = preference.first { wanted in free.contains { $0 == wanted } } ?? free[0]
            send(.move(row: cell.0, col: cell.1))
        }
    }
}
